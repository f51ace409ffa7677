"""Write the content snapshot the app loads (``lessons/content.pickle.gz``, see ``lessons.snapshot``).

    python -m tools.content_snapshot          # prove every lesson and puzzle, then write it
    python -m tools.content_snapshot --check  # say whether the shipped one is fresh (exit 1 if not)

Run it after changing a lesson, a puzzle, a translation of them or a module of ``lessons/``:
the app would otherwise load the TOML files (correct, slower) and ``tests/test_content_snapshot.py``
fails. The content is proved first (``prove=True``), as the tests prove it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from lessons import snapshot
from lessons.loader import load_lessons, load_puzzles
from tutor.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only say whether the shipped snapshot is fresh")
    args = parser.parse_args()
    if args.check:
        fresh = all(snapshot.content(lang) is not None for lang in LANGUAGES)
        print(f"{snapshot.SNAPSHOT.relative_to(ROOT)}: {'fresh' if fresh else 'NOT fresh: run python -m tools.content_snapshot'}")
        return 0 if fresh else 1
    start = time.perf_counter()
    content = {lang: snapshot.Content(load_lessons(lang=lang), load_puzzles(lang=lang)) for lang in LANGUAGES}
    data = snapshot.dump(content)
    snapshot.SNAPSHOT.write_bytes(data)
    counts = ", ".join(f"{lang}: {len(c.lessons)} lessons, {len(c.puzzles)} puzzles" for lang, c in content.items())
    print(f"{snapshot.SNAPSHOT.relative_to(ROOT)}: {len(data):,} bytes ({counts}), proved and written in "
          f"{time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
