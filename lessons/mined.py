"""Mined puzzles as data: ``lessons/mined/<variant>.jsonl``, one proven puzzle a line (issue 33).

Made by the puzzle miner (``tools/mine_puzzles.py``) from games the engine plays against itself and
from learners' games; read here as plain data, in a few tens of milliseconds for hundreds of puzzles
(``bench/mined_load.py`` prints the figure). No words are stored: a mined puzzle's task, hints and
explanation are made by ``tutor.mined`` from these facts, in the learner's language.

One line (JSON)::

    {"id": "m-k64-3fa29c1b", "rules": {"game": "kalah"}, "position": "0,1,0,2,0,3:10/...:S",
     "theme": "capture", "answers": [[3]], "values": {"1": -6, "3": 4, "5": -2}, "measured": [4, 1, 5],
     "facts": {"captured": 4}}

- ``values``: the exact final store difference (K16, A6) with best play, from the mover's view, of
  every legal pit; one pit is best by at least :data:`MARGIN` seeds (a clearly best first move);
- ``answers``: every turn whose every move keeps the best value (``lessons.proofs.accepted_turns``
  of a ``best`` puzzle: more than one move only after an extra turn, K9);
- ``measured``: ``lessons.proofs.Difficulty`` (decisions, right, depth) measured when it was mined;
- ``facts``: the engine facts the theme and the hints are made from (seeds captured, extra turns,
  the threat, ...).

The tests prove a sample from scratch in the fast suite and every line in a ``slow`` test
(``tests/test_mined.py``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MINED_DIR = Path(__file__).resolve().parent / "mined"
MARGIN = 2
"""A mined puzzle's best first move beats every other first move by at least this many seeds."""
MIN_MOVES = 3
"""A mined puzzle has at least this many legal first moves (fewer is a coin flip, not a puzzle)."""

VARIANTS: dict[str, dict[str, str]] = {
    "kalah-6x4": {"game": "kalah"},
    "kalah-6x4-empty": {"game": "kalah", "empty_capture": "true"},
    "kalah-6x3": {"game": "kalah", "seeds": "3"},
    "kalah-6x3-empty": {"game": "kalah", "seeds": "3", "empty_capture": "true"},
    "kalah-5x3": {"game": "kalah", "pits": "5", "seeds": "3"},
    "kalah-4x3": {"game": "kalah", "pits": "4", "seeds": "3"},
    "awari": {"game": "oware"},
}
"""The boards the miner works on: file name -> the rules' parameters (``engine.rules_from_params``)."""


@dataclass(frozen=True)
class Entry:
    """One mined puzzle's facts (module docstring): ``values`` maps pit -> exact value; ``measured`` is
    ``(decisions, right, depth)``; ``answers`` the accepted turns as tuples of pits."""

    id: str
    variant: str
    rules: Mapping[str, str]
    position: str
    theme: str
    answers: tuple[tuple[int, ...], ...]
    values: Mapping[int, int]
    measured: tuple[int, int, int]
    facts: Mapping[str, int] = field(default_factory=dict)

    @property
    def best(self) -> int:
        """The best pit (the first move of every answer)."""
        return self.answers[0][0]

    @property
    def value(self) -> int:
        """The exact best final store difference (seeds, mover's view)."""
        return self.values[self.best]

    @property
    def margin(self) -> int:
        """Seeds the best first move is ahead of the next best."""
        return self.value - max(v for p, v in self.values.items() if p != self.best)

    def line(self) -> str:
        """This entry as one line of a mined file (no newline)."""
        return json.dumps({"id": self.id, "rules": dict(self.rules), "position": self.position, "theme": self.theme,
                           "answers": [list(t) for t in self.answers],
                           "values": {str(p): v for p, v in sorted(self.values.items())},
                           "measured": list(self.measured), "facts": dict(self.facts)}, separators=(",", ":"))


def entry_id(variant: str, position: str) -> str:
    """A mined puzzle's id: ``m-`` + a short variant code + 8 hex digits of the position's SHA-1 (stable,
    and it never tells the answer)."""
    code = variant.replace("kalah-", "k").replace("-empty", "e").replace("x", "")
    return f"m-{code}-{hashlib.sha1(f'{variant} {position}'.encode()).hexdigest()[:8]}"


def parse_line(variant: str, text: str) -> Entry:
    """The :class:`Entry` of one line of ``lessons/mined/<variant>.jsonl``. Raises ``ValueError`` (or
    ``KeyError``) on a line that is not one."""
    raw: dict[str, Any] = json.loads(text)
    return Entry(id=raw["id"], variant=variant, rules=raw["rules"], position=raw["position"], theme=raw["theme"],
                 answers=tuple(tuple(t) for t in raw["answers"]),
                 values={int(p): int(v) for p, v in raw["values"].items()},
                 measured=(int(raw["measured"][0]), int(raw["measured"][1]), int(raw["measured"][2])),
                 facts=raw.get("facts", {}))


def mined_files(folder: Path = MINED_DIR) -> list[Path]:
    """The mined files, in :data:`VARIANTS` order (those that exist)."""
    return [folder / f"{v}.jsonl" for v in VARIANTS if (folder / f"{v}.jsonl").exists()]


def read_file(path: Path) -> list[Entry]:
    """Every entry of one mined file, in file order."""
    variant = path.name.removesuffix(".jsonl")
    return [parse_line(variant, line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_entries(folder: Path = MINED_DIR) -> list[Entry]:
    """Every mined puzzle, file by file (:data:`VARIANTS` order), each file in its order."""
    return [e for path in mined_files(folder) for e in read_file(path)]


def append(path: Path, entries: Iterable[Entry]) -> None:
    """Add ``entries`` at the end of ``path`` (made when missing): a run that stops keeps what it wrote."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        for e in entries:
            f.write(e.line() + "\n")


__all__ = ["Entry", "MARGIN", "MINED_DIR", "MIN_MOVES", "VARIANTS", "append", "entry_id", "mined_files", "parse_line",
           "read_entries", "read_file"]
