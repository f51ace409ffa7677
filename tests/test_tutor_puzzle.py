"""The puzzles' behaviour (tutor/puzzle.py) in plain pytest: presses are judged, wrong turns explained and
reset, hints come one at a time, every puzzle can be solved, and the pool, the menu order and the puzzle of the day."""

from __future__ import annotations

import datetime as dt

import pytest

from engine import legal_moves
from lessons.loader import load_puzzles
from tutor import words
from tutor.progress import Progress, PuzzleProgress
from tutor.puzzle import PuzzleActivity, next_in, number_in_theme, pick, puzzle_of_the_day

PUZZLES = load_puzzles()


def try_(pid: str, progress: Progress | None = None) -> PuzzleActivity:
    return PuzzleActivity(PUZZLES[pid], progress or Progress())


def test_a_learner_solves_a_puzzle_and_progress_counts_it():
    progress = Progress()
    run = try_("chain-right-to-left", progress)
    turn = PUZZLES["chain-right-to-left"].turns[0]
    for k, pit in enumerate(turn):
        assert not run.solved
        run.press(pit)
        if k < len(turn) - 1:
            assert run.notice.kind == "info"  # still your turn: the board waits for the next pit
            assert run.turn.pits == tuple(turn[: k + 1])
    assert run.solved and run.tries == 0
    assert run.notice.kind == "success" and "Solved!" in run.notice.text
    assert run.turn_text() == words.solved_turn_line()
    assert run.playable() == ()
    assert progress.puzzles() == {"chain-right-to-left": PuzzleProgress(wrong=0, hints=0, solved=True)}


def test_a_wrong_move_is_explained_and_the_board_is_reset():
    """A learner plays pit 3 instead of pit 2: what pit 3 did, why it misses, and the start again."""
    progress = Progress()
    run = try_("capture-pick-the-pile", progress)
    puzzle = PUZZLES["capture-pick-the-pile"]
    run.press(3)
    assert not run.solved and run.position == puzzle.start and run.turn.results == ()
    assert run.tries == 1 and run.sowing is None
    said = run.notice.text
    assert run.notice.kind == "warning"
    assert "Pit 3 sows 2 seeds" in said and "(K10)" in said
    assert "captured 2 seeds; 8 are possible" in said
    assert puzzle.wrong[3] in said
    assert progress.puzzles() == {"capture-pick-the-pile": PuzzleProgress(wrong=1, hints=0, solved=False)}
    run.show_hint()
    run.press(2)
    assert run.solved
    assert progress.puzzles() == {"capture-pick-the-pile": PuzzleProgress(wrong=1, hints=1, solved=True)}
    assert progress.summary(6).puzzles_missed == 0  # solved in the end: a miss on the way, not a missed puzzle


def test_an_order_that_breaks_the_chain_resets_at_once():
    run = try_("chain-right-to-left")
    run.press(5)  # an extra turn, but pit 6 now holds 2: no way to three extra turns
    assert run.position == PUZZLES["chain-right-to-left"].start and run.turn.results == ()
    assert run.tries == 1
    assert "no order of moves reaches the goal" in run.notice.text


def test_an_illegal_pit_is_explained_by_its_rule_and_changes_nothing():
    progress = Progress()
    run = try_("capture-pick-the-pile", progress)
    before = run.position
    run.press(1)  # empty pit
    assert run.position == before and run.tries == 0
    assert run.notice.kind == "warning" and "(K5)" in run.notice.text
    assert progress.puzzles() == {"capture-pick-the-pile": PuzzleProgress()}  # tried; an illegal press is no miss


def test_only_pits_with_seeds_can_be_pressed():
    run = try_("capture-pick-the-pile")
    assert run.playable() == (2, 3, 6)


def test_hints_come_one_at_a_time_and_stop_at_the_last():
    run = try_("lap-thirteen")
    hints = PUZZLES["lap-thirteen"].hints
    assert run.hints == 0
    run.show_hint()
    assert run.hints == 1
    for _ in range(5):
        run.show_hint()
    assert run.hints == len(hints)


def test_start_again_keeps_the_hints():
    run = try_("chain-right-to-left")
    run.show_hint()
    run.press(6)
    run.reset()
    assert run.position == PUZZLES["chain-right-to-left"].start and run.notice is None
    assert run.hints == 1 and not run.solved


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_every_puzzle_can_be_solved_by_pressing_each_accepted_turn(pid):
    """Every accepted turn of every puzzle is accepted when pressed pit by pit."""
    puzzle = PUZZLES[pid]
    for turn in puzzle.turns:
        progress = Progress()
        run = PuzzleActivity(puzzle, progress)
        for pit in turn:
            assert pit in legal_moves(run.position, puzzle.game_rules)
            run.press(pit)
        assert run.solved, (puzzle.id, turn, run.notice)
        assert progress.puzzles() == {pid: PuzzleProgress(solved=True)}


def test_theme_and_difficulty_pick_the_pool():
    caps = pick(PUZZLES, "capture", 0)
    assert caps and all(PUZZLES[p].theme == "capture" for p in caps)
    easy = pick(PUZZLES, None, 1)
    assert easy and all(PUZZLES[p].stars == 1 for p in easy)
    assert pick(PUZZLES, None, 0) == list(PUZZLES)
    assert pick(PUZZLES, "capture", 1) == [p for p in caps if PUZZLES[p].stars == 1]


def test_next_puzzle_goes_round_the_list():
    ids = pick(PUZZLES, None, 0)
    assert next_in(ids, ids[0]) == ids[1]
    assert next_in(ids, ids[-1]) == ids[0]
    assert next_in(ids[:3], ids[10]) == ids[0]  # not in the list: its first
    assert next_in([], ids[0]) is None


def test_puzzle_of_the_day_changes_with_the_date():
    a = puzzle_of_the_day(PUZZLES, dt.date(2025, 1, 1))
    b = puzzle_of_the_day(PUZZLES, dt.date(2025, 1, 2))
    assert a in PUZZLES and b in PUZZLES and a != b
    assert puzzle_of_the_day(PUZZLES, dt.date(2025, 1, 1)) == a


def test_every_puzzle_has_a_number_in_its_theme():
    assert number_in_theme(PUZZLES, "lap-thirteen-not-fourteen")[0] == 2
    for theme in {p.theme for p in PUZZLES.values()}:
        ids = pick(PUZZLES, theme, 0)
        assert [number_in_theme(PUZZLES, pid) for pid in ids] == [(k, len(ids)) for k in range(1, len(ids) + 1)]
