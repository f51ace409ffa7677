"""The puzzle files: every one loads, every answer is proved by the engine, the loader names bad puzzles.

A puzzle's ``answers`` must be *exactly* the turns that reach its goal:
``accepted_turns`` works them out again from scratch (every turn of the
position for goal puzzles; exact move values from ``engine.analyse`` for
"best move" puzzles) and the test compares the two sets.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import pytest

from engine import Position, Rules, analyse, outcome, play, play_turn
from lessons.loader import (
    ContentError,
    load_puzzle_file,
    load_puzzles,
    puzzle_files,
    themes,
)
from lessons.models import Puzzle
from lessons.proofs import accepted_turns
from tutor import words

def _final(score: tuple[int, int], side: str) -> int:
    return score[0] - score[1] if side == "S" else score[1] - score[0]


@functools.cache
def exact_values(pos: Position, rules: Rules) -> dict[int, int]:
    """``{pit: exact value}`` for the player to move, from ``engine.analyse`` with no time limit
    (puzzle positions are small: every value is proven, on any machine)."""
    mvs = analyse(pos, rules, time_ms=None)
    assert mvs, f"the game is over in {pos}"
    assert all(mv.exact for mv in mvs), f"analyse could not prove {pos} exactly: {mvs}"
    return {mv.pit: mv.value for mv in mvs}


PUZZLES = load_puzzles()


def test_puzzle_files_load() -> None:
    assert puzzle_files(), "no puzzle files"
    for path in puzzle_files():
        assert load_puzzle_file(path)


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_answers_are_exactly_the_turns_that_reach_the_goal(pid: str) -> None:
    puzzle = PUZZLES[pid]
    assert accepted_turns(puzzle, exact_values) == set(puzzle.turns)


@pytest.mark.parametrize("pid", [p.id for p in PUZZLES.values() if p.check == "best"])
def test_best_move_value_and_line_are_exact(pid: str) -> None:
    """The stated value is the exact best, and the line (the replies included) keeps it."""
    puzzle = PUZZLES[pid]
    rules, pos = puzzle.game_rules, puzzle.start
    values = exact_values(pos, rules)
    assert max(values.values()) == puzzle.value
    mover = pos.to_move
    here = pos
    for pit in [*puzzle.turns[0], *puzzle.line]:
        vals = exact_values(here, rules)
        assert vals[pit] == max(vals.values()), f"{pit} is not a best move in {here}"
        here = play(here, pit, rules).position
    end = outcome(here, rules)
    if end is not None:
        assert _final(end.score, mover) == puzzle.value


def test_at_least_60_puzzles_in_at_least_8_themes() -> None:
    used = Counter(p.theme for p in PUZZLES.values())
    assert len(PUZZLES) >= 60, f"only {len(PUZZLES)} puzzles"
    assert len(used) >= 8, used
    assert set(used) <= set(themes())


def _is_awari(p: Puzzle) -> bool:
    return p.game_rules.game == "oware"


def test_both_games_and_several_seed_settings() -> None:
    assert any(_is_awari(p) for p in PUZZLES.values())
    kalah = {(p.game_rules.pits, p.game_rules.seeds) for p in PUZZLES.values() if not _is_awari(p)}
    assert len({s for _, s in kalah}) >= 3, kalah
    assert {p.stars for p in PUZZLES.values()} == {1, 2, 3}


def test_every_puzzle_has_hints_and_words() -> None:
    for p in PUZZLES.values():
        assert 2 <= len(p.hints) <= 3
        assert p.task.strip() and p.explanation.strip()
        note = words.answers_note(p.turns)
        assert (note == "") if len(p.answers) == 1 else note.startswith(f"{len(p.answers)} answers count")


# ------------------------------------------------------------------ the loader names bad puzzles

GOOD = """
theme = "capture"
[[puzzles]]
id = "demo"
stars = 1
cites = ["K10"]
rules = { pits = 3, seeds = 2 }
position = "0,1,0/0/1,3,0/7/S"
task = "Capture."
check = "biggest_capture"
answers = [2]
hints = ["a", "b"]
explanation = "c"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_good_demo_file_loads(tmp_path: Path) -> None:
    (puzzle,) = load_puzzle_file(_write(tmp_path, GOOD))
    assert puzzle.turns == [(2,)]
    assert accepted_turns(puzzle) == {(2,)}


@pytest.mark.parametrize(
    "change, problem",
    [
        (('position = "0,1,0/0/1,3,0/7/S"', 'position = "0,1,1/0/1,3,0/7/S"'), "seeds add up to 13"),
        (("answers = [2]", "answers = [1]"), "South's pit 1 is empty"),
        (('check = "biggest_capture"', 'check = "goal"\ngoal = { capture = false }'), "misses the goal"),
        (('cites = ["K10"]', 'cites = ["K99"]'), "cites"),
        (('theme = "capture"', 'theme = "nope"'), "unknown theme"),
        (('hints = ["a", "b"]', 'hints = ["a"]'), "hints"),
        (("stars = 1", "stars = 4"), "stars"),
    ],
)
def test_a_bad_puzzle_is_named_with_file_id_and_problem(tmp_path: Path, change: tuple[str, str], problem: str) -> None:
    text = GOOD.replace(*change)
    with pytest.raises(ContentError) as err:
        load_puzzle_file(_write(tmp_path, text))
    msg = str(err.value)
    assert msg.startswith("bad.toml")
    assert problem in msg
    if "theme" not in change[0]:
        assert "'demo'" in msg


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    _write(tmp_path, GOOD)
    (tmp_path / "other.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(ContentError, match="id already used"):
        load_puzzles(tmp_path)


def test_play_turn_refuses_an_unfinished_turn() -> None:
    puzzle: Puzzle = next(p for p in PUZZLES.values() if len(p.turns[0]) > 1)
    with pytest.raises(ValueError, match="still to move"):
        play_turn(puzzle.start, puzzle.turns[0][:1], puzzle.game_rules)


def test_common_mistakes_m1_to_m7_each_have_a_puzzle() -> None:
    cited = {c for p in PUZZLES.values() if p.theme == "mistakes" for c in p.cites}
    assert {f"M{k}" for k in range(1, 8)} <= cited, cited


def test_must_feed_has_at_least_5_puzzles() -> None:
    assert sum(p.theme == "awari-feed" for p in PUZZLES.values()) >= 5


def test_house_rules_use_every_variant_the_engine_has() -> None:
    """Empty capture (K11), end when stuck (K14), capture into pit (K18), grand slam illegal / capture all (A4)."""
    rules = [p.game_rules for p in PUZZLES.values() if p.theme == "house-rules"]
    assert any(getattr(r, "empty_capture", False) for r in rules)
    assert any(getattr(r, "end_rule", "") == "stuck" for r in rules)
    assert any(getattr(r, "capture_to", "") == "pit" for r in rules)
    assert {getattr(r, "grand_slam", None) for r in rules} >= {"illegal", "capture_all"}


def test_puzzle_ids_are_descriptive_not_numbered() -> None:
    """Ids say what the puzzle is about (``threat-lift-the-target``), not ``threat-3``."""
    assert not [pid for pid in PUZZLES if pid.rsplit("-", 1)[-1].isdigit()]
