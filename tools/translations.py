"""Keep the translation catalogues in step with the code, and list what is missing.

    python -m tools.translations            # extract + update, then list missing (exit 1 if any)
    python -m tools.translations --check    # only list missing and stale entries (no file changes)

Extraction reads every ``_()``, ``ngettext()``, ``pgettext()`` and
``npgettext()`` in ``tutor/`` (``babel.cfg``) into ``locale/messages.pot``;
each ``locale/<lang>/LC_MESSAGES/messages.po`` is updated from it (Babel keeps
what is translated, marks changed entries fuzzy). Missing means: no
translation, an empty one, or a fuzzy one (the app shows English for those).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from tutor.i18n import DEFAULT, LANGUAGES, LOCALE_DIR, po_path

ROOT = Path(__file__).resolve().parent.parent

KEYWORDS = ["-k", "_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3"]


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def extract() -> None:
    pybabel("extract", "-F", "babel.cfg", *KEYWORDS, "--no-location", "--sort-output", "--no-wrap",
            "--project", "Mancala Tutor", "--copyright-holder", "Mancala Tutor",
            "-o", str(LOCALE_DIR / "messages.pot"), ".")
    for lang in LANGUAGES:
        if lang != DEFAULT:
            pybabel("update", "-i", str(LOCALE_DIR / "messages.pot"), "-d", str(LOCALE_DIR), "-l", lang,
                    "--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching")


def missing(lang: str) -> list[str]:
    """The msgids of ``lang``'s catalogue that show English: untranslated, empty or fuzzy."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(strings):
            ident = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            out.append(f"[{message.context}] {ident}" if message.context else ident)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="Extract, update and check the translation catalogues.")
    parser.add_argument("--check", action="store_true", help="only list what is missing")
    args = parser.parse_args()
    if not args.check:
        extract()
    total = 0
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        gaps = missing(lang)
        total += len(gaps)
        print(f"{lang}: {len(gaps)} missing")
        for ident in gaps:
            print(f"  {ident}")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
