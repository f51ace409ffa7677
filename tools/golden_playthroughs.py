"""Write or check the golden playthroughs in ``tests/data/golden/``.

    python -m tools.golden_playthroughs           # rewrite every golden file
    python -m tools.golden_playthroughs --check   # compare; exit 1 with a diff if any differs

The files are seeded random games of every rule variant, written move by
move (``tests/golden_support.py`` plays and writes them with the engine's
public API). ``tests/test_golden.py`` compares them too. Rewrite them only
after checking that the change to the rules is intended.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from tests.golden_support import GOLDEN_DIR, REGENERATE, ROOT, VARIANTS, variant_text


def expected_files() -> dict[Path, str]:
    """Every golden file's path and the text the engine gives for it now."""
    return {GOLDEN_DIR / v.filename: variant_text(v) for v in VARIANTS}


def write() -> list[Path]:
    """Rewrite every golden file; return the ones whose text changed (or that were new)."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    changed = []
    for path, text in expected_files().items():
        if not path.exists() or path.read_bytes().decode("utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            changed.append(path)
    return changed


def check() -> list[str]:
    """The differences between the golden files and the engine's games now, as diff lines (empty: all match).

    A missing file, and a ``.txt`` file there that no variant writes, count as differences.
    """
    out: list[str] = []
    expected = expected_files()
    for path, text in expected.items():
        rel = path.relative_to(ROOT).as_posix()
        if not path.exists():
            out.append(f"missing: {rel}")
            continue
        stored = path.read_bytes().decode("utf-8")
        if stored != text:
            out.extend(
                difflib.unified_diff(
                    stored.splitlines(), text.splitlines(),
                    f"{rel} (stored)", f"{rel} (engine now)", lineterm="",
                )
            )
    for path in sorted(GOLDEN_DIR.glob("*.txt")):
        if path not in expected:
            out.append(f"not written by any variant: {path.name}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: rewrite the files, or with ``--check`` compare them; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 with a diff if anything differs")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        if problems:
            print("\n".join(problems))
            print(f"\nThe golden playthroughs differ. If the rule change is intended, regenerate: {REGENERATE}")
            return 1
        print(f"golden playthroughs match: {len(VARIANTS)} files")
        return 0
    changed = write()
    for path in changed:
        print(f"wrote {path.relative_to(ROOT).as_posix()}")
    print(f"{len(changed)} of {len(VARIANTS)} golden files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
