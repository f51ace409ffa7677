"""Load lesson and puzzle content and check every fact in it with the engine.

``lessons.models`` gives the shape; this module reads the TOML files, builds
the models, and then proves each record with the engine. A file that loads
is a promise that

- every position parses with its rules (``Position.from_notation``, K2/A1),
- every step's facts hold, as its kind proves them (``StepModel.prove`` in
  ``lessons/steps/<kind>.py``): a ``do`` step's lit pits are legal moves (K5,
  A4, A5) that fire the rule ids it expects, a ``predict`` answer is what
  ``engine.play`` says (:func:`answer_of`), a goal step's solution is a legal
  turn that reaches its goal and stops there,
- every puzzle answer is a legal, complete turn (and reaches the puzzle's
  goal when it has one), its line is legal, its ``wrong`` notes name pits
  that are not answers,
- every id is unique and every cited rule id is explained in ``rules.toml``.

The proof that a puzzle's answers are *exactly* the turns that reach its
goal needs the search and lives in ``lessons.proofs`` (the tests run it).
Everything here is pure (no Streamlit); a bad file raises
:class:`ContentError` naming the file, the record and the problem.
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine import IllegalMoveError, NotationError, misses, play, play_turn

from .models import Lesson, Puzzle, PuzzleFile, Theme
from .steps.base import StepModel, step_kinds
from .steps.predict import SIDE_ANSWERS, answer_of
from .translations import merge, overlay_path

CONTENT_DIR = Path(__file__).resolve().parent
PUZZLE_DIR = CONTENT_DIR / "puzzles"
RULES_TOML = CONTENT_DIR / "rules.toml"
THEMES_TOML = CONTENT_DIR / "themes.toml"

class ContentError(ValueError):
    """A lesson or puzzle file that cannot be used; the message names the file, the record and the problem."""


# ------------------------------------------------------------------ shared files


def _read_toml(path: Path, lang: str = "en") -> dict[str, Any]:
    """A content file; in another ``lang``, with the texts of its translation laid over it
    (``lessons.translations``: the facts always come from the English file)."""
    try:
        with Path(path).open("rb") as fh:
            data = tomllib.load(fh)
        if lang != "en":
            other = overlay_path(path, lang)
            if other.exists():
                with other.open("rb") as fh:
                    data = merge(data, tomllib.load(fh))
        return data
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{Path(path).name}: cannot read: {exc}") from None


@functools.cache
def rule_texts(path: Path = RULES_TOML, lang: str = "en") -> dict[str, dict[str, str]]:
    """Every entry of ``rules.toml``: rule id -> {"title", "text", "say"?, ...} (K1-K19, A1-A6, T1-T3, M1-M7),
    in ``lang`` (English where not translated)."""
    return _read_toml(path, lang)


def known_rule_ids(path: Path = RULES_TOML) -> frozenset[str]:
    """The rule ids that ``rules.toml`` explains."""
    return frozenset(rule_texts(path))


@functools.cache
def themes(path: Path = THEMES_TOML, lang: str = "en") -> dict[str, Theme]:
    """Puzzle themes in page order: slug -> :class:`~lessons.models.Theme` (texts in ``lang``)."""
    try:
        return {slug: Theme.model_validate(raw) for slug, raw in _read_toml(path, lang).items()}
    except ValidationError as exc:
        raise ContentError(f"{Path(path).name}: {'; '.join(_describe(exc))}") from None


def _describe(exc: ValidationError, steps: Any = None) -> list[str]:
    """Each pydantic error as ``step 'id': field: problem``."""
    out = []
    for err in exc.errors():
        loc = list(err["loc"])
        where = ""
        if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
            raw = steps[loc[1]] if isinstance(steps, list) and loc[1] < len(steps) else {}
            sid = raw.get("id") if isinstance(raw, dict) else None
            where = f"step {sid!r}: " if sid else f"step {loc[1] + 1} (no id): "
            kinds = step_kinds()
            loc = [x for x in loc[2:] if x not in kinds] if len(loc) > 2 else []
        field = ".".join(map(str, loc))
        msg = re.sub(r"^Value error, ", "", err["msg"])
        out.append(f"{where}{field + ': ' if field else ''}{msg}")
    return out


# ------------------------------------------------------------------ lessons


def check_step(lesson: Lesson, step: StepModel, known: frozenset[str]) -> None:
    """The engine's checks of one lesson step: its cited rule ids are known, its position parses with
    its rules, and its kind's own checks (``StepModel.prove``, ``lessons/steps/<kind>.py``) hold;
    raises ``ValueError`` with the problem."""
    unknown = [r for r in step.cites if r not in known]
    if unknown:
        raise ValueError(f"cites unknown rule ids {unknown}")
    step.prove(lesson.step_position(step), lesson.step_rules(step))


def check_lesson(lesson: Lesson, known: frozenset[str]) -> None:
    """Every engine check of a lesson (see the module doc); raises ``ValueError`` naming the step."""
    ids = [s.id for s in lesson.steps]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ValueError(f"step ids must be unique, repeated: {', '.join(dupes)}")
    for step in lesson.steps:
        try:
            check_step(lesson, step, known)
        except (ValueError, IllegalMoveError, NotationError) as exc:
            raise ValueError(f"step {step.id!r}: {exc}") from None


def load_lesson(path: Path, known_ids: frozenset[str] | None = None, lang: str = "en", *,
                prove: bool = True) -> Lesson:
    """Read and check one lesson file (texts in ``lang``); raise :class:`ContentError` naming the file,
    step and problem. ``prove=False`` skips the engine's checks (:func:`check_lesson`): the app's
    way to load content the tests have proved, so no page waits on the proofs."""
    known = known_ids if known_ids is not None else known_rule_ids()
    data = _read_toml(path, lang)
    try:
        lesson = Lesson.model_validate(data)
        if prove:
            check_lesson(lesson, known)
    except ValidationError as exc:
        problems = "\n  ".join(_describe(exc, data.get("steps")))
        raise ContentError(f"{Path(path).name}: {problems}") from None
    except ValueError as exc:
        raise ContentError(f"{Path(path).name}: {exc}") from None
    return lesson


def lesson_files(folder: Path = CONTENT_DIR) -> list[Path]:
    """The lesson files, in lesson order: ``lesson_1_*.toml`` .. ``lesson_8_*.toml``."""
    return sorted(Path(folder).glob("lesson_*.toml"))


def load_lessons(folder: Path = CONTENT_DIR, lang: str = "en", *, prove: bool = True) -> dict[str, Lesson]:
    """Every lesson, checked, keyed by lesson id in lesson order, texts in ``lang``. Raises :class:`ContentError`.
    ``prove=False``: without the engine's checks (see :func:`load_lesson`)."""
    known = known_rule_ids()
    lessons = sorted((load_lesson(p, known, lang, prove=prove) for p in lesson_files(folder)),
                     key=lambda lesson: lesson.number)
    numbers = [lesson.number for lesson in lessons]
    if len(set(numbers)) != len(numbers):
        raise ContentError(f"two lesson files share a number: {numbers}")
    return {lesson.id: lesson for lesson in lessons}


# ------------------------------------------------------------------ puzzles


def check_puzzle(puzzle: Puzzle, known: frozenset[str]) -> None:
    """Every engine check of one puzzle that needs no search; raises ``ValueError`` with the problem."""
    if puzzle.theme not in themes():
        raise ValueError(f"unknown theme {puzzle.theme!r} (themes: {', '.join(themes())})")
    unknown = [r for r in puzzle.cites if r not in known]
    if unknown:
        raise ValueError(f"cites unknown rule ids {unknown}")
    if (puzzle.check == "goal") != (puzzle.goal is not None):
        raise ValueError('a goal is needed with check = "goal" and only then')
    if puzzle.check == "best" and puzzle.value is None:
        raise ValueError('check = "best" needs value (the final store difference with best play)')
    rules, pos = puzzle.game_rules, puzzle.start
    if len(set(puzzle.turns)) != len(puzzle.turns):
        raise ValueError("answers repeat a turn")
    for pits in puzzle.turns:
        turn = play_turn(pos, pits, rules)
        if puzzle.goal is not None:
            missed = misses(puzzle.goal, turn, rules)
            if missed:
                raise ValueError(f"answer {list(pits)} misses the goal: {', '.join(m.field for m in missed)}")
    if puzzle.line:
        here = play_turn(pos, puzzle.turns[0], rules).position
        for pit in puzzle.line:
            here = play(here, pit, rules).position
    for pit in puzzle.wrong:
        if pit in puzzle.first_moves:
            raise ValueError(f"wrong[{pit}] explains a pit that is an answer")
        if not 1 <= pit <= rules.pits:
            raise ValueError(f"wrong[{pit}]: there is no pit {pit}")


def load_puzzle_file(path: Path, known_ids: frozenset[str] | None = None, lang: str = "en", *,
                     prove: bool = True) -> list[Puzzle]:
    """Read and check one puzzle file (texts in ``lang``); raise :class:`ContentError` naming the file,
    puzzle and problem. ``prove=False`` skips the engine's checks (:func:`check_puzzle`)."""
    path = Path(path)
    known = known_ids if known_ids is not None else known_rule_ids()
    data = _read_toml(path, lang)
    try:
        pf = PuzzleFile.model_validate(data)
    except ValidationError as exc:
        raise ContentError(f"{path.name}: {'; '.join(_describe(exc))}") from None
    out = []
    for k, raw in enumerate(pf.puzzles):
        pid = raw.get("id")
        where = f"puzzle {pid!r}" if pid else f"puzzle {k + 1} (no id)"
        try:
            puzzle = Puzzle.model_validate({"theme": pf.theme, **raw})
            if prove:
                check_puzzle(puzzle, known)
        except ValidationError as exc:
            raise ContentError(f"{path.name}: {where}: {'; '.join(_describe(exc))}") from None
        except ValueError as exc:  # IllegalMoveError and NotationError are ValueErrors
            raise ContentError(f"{path.name}: {where}: {exc}") from None
        out.append(puzzle)
    return out


def puzzle_files(folder: Path = PUZZLE_DIR) -> list[Path]:
    """The puzzle files, sorted by name."""
    return sorted(Path(folder).glob("*.toml"))


def load_puzzles(folder: Path = PUZZLE_DIR, lang: str = "en", *, prove: bool = True) -> dict[str, Puzzle]:
    """Every puzzle, checked, keyed by id in file order, texts in ``lang``. Raises :class:`ContentError`
    on the first bad file or on an id used twice. ``prove=False``: without the engine's checks."""
    known = known_rule_ids()
    out: dict[str, Puzzle] = {}
    where: dict[str, str] = {}
    for path in puzzle_files(folder):
        for p in load_puzzle_file(path, known, lang, prove=prove):
            if p.id in out:
                raise ContentError(f"{path.name}: puzzle {p.id!r}: id already used in {where[p.id]}")
            out[p.id] = p
            where[p.id] = path.name
    return out


__all__ = [
    "CONTENT_DIR", "ContentError", "PUZZLE_DIR", "SIDE_ANSWERS", "answer_of", "check_lesson", "check_puzzle",
    "check_step",
    "known_rule_ids", "lesson_files", "load_lesson", "load_lessons", "load_puzzle_file", "load_puzzles",
    "puzzle_files", "rule_texts", "themes",
]
