"""List what the content translations lack: every lesson, puzzle, rule and theme file of ``lessons/``
against its translation in ``lessons/<lang>/`` (``lessons.translations``).

    python -m tools.content_translations           # every language but English
    python -m tools.content_translations el FILE   # one language, only files whose name contains FILE

Prints one line per problem (missing, extra, empty, placeholders or numbers that differ) and a count
of translated texts; exit status 1 when anything is missing.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from lessons.translations import CONTENT_DIR, overlay_path, problems
from tutor.i18n import DEFAULT, LANGUAGES


def content_files() -> list[Path]:
    """Every English content file: lessons, rules, themes, puzzles."""
    return sorted(CONTENT_DIR.glob("*.toml")) + sorted((CONTENT_DIR / "puzzles").glob("*.toml"))


def count_texts(data: object) -> int:
    from lessons.translations import is_text_key

    if isinstance(data, dict):
        return sum(1 if is_text_key(k) else count_texts(v) for k, v in data.items())
    if isinstance(data, list):
        return sum(count_texts(v) for v in data)
    return 0


def report(lang: str, only: str = "") -> tuple[int, int]:
    """(problems, texts translated) for ``lang``; prints each problem."""
    bad = done = 0
    for path in content_files():
        if only and only not in path.name:
            continue
        english = tomllib.loads(path.read_text(encoding="utf-8"))
        other = overlay_path(path, lang)
        name = other.relative_to(CONTENT_DIR)
        if not other.exists():
            print(f"{name}: no translation ({count_texts(english)} texts)")
            bad += count_texts(english)
            continue
        try:
            overlay = tomllib.loads(other.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            print(f"{name}: cannot read: {exc}")
            bad += 1
            continue
        found = problems(english, overlay)
        for line in found:
            print(f"{name}: {line}")
        bad += len(found)
        done += count_texts(english) - len([f for f in found if f.endswith(": missing")])
    return bad, done


def main() -> int:
    langs = [a for a in sys.argv[1:2] if a in LANGUAGES] or [lang for lang in LANGUAGES if lang != DEFAULT]
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    total = 0
    for lang in langs:
        bad, done = report(lang, only)
        print(f"{lang}: {done} texts translated, {bad} problems")
        total += bad
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
