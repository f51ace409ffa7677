"""The shipped opening books of Kalah 6x3 (engine/data/kalah_6x3_<rule>.book, issue 31).

Solved by tools/kalah_solver.c (tools/build_book.py run --seeds 3, install --seeds 3; sizes, plies and build
times in docs/rules.md). engine/search/book.py reads every 6xS book of a rule as one table, so Move
outcomes, the sandbox and Hard and Perfect are exact on 6x3 from the first move. These tests hold the books to
the exact search of the engine (no book) on the positions it proves quickly, to the C solver at the start
(slow), and to themselves: each pit's value is what the book says of the board it leads to.
"""

from __future__ import annotations

import shutil

import pytest

from engine import KalahRules, Position, play
from engine.search import analyse, analysis, book, choose_move
from tools.build_book import full_plies, solver
from tutor.analysis import move_rows, same_depth_values

START_VALUES = {
    # each opening pit's final store difference for South with best play, from the book
    "standard": {1: -14, 2: -16, 3: -10, 4: -2, 5: 2, 6: 0},
    "empty": {1: -12, 2: -16, 3: -10, 4: -2, 5: 2, 6: 0},
}
BEST = {"standard": 2, "empty": 2}
"""With best play South (who moves first) wins 6x3 by this many seeds (docs/rules.md: a first-player win)."""
RULES = ("standard", "empty")


def rules_of(rule: str) -> KalahRules:
    return KalahRules(pits=6, seeds=3, empty_capture=rule == "empty")


def book_lines(rule: str) -> dict[tuple[int, ...], tuple[int | None, ...]]:
    """The 6x3 book file's own positions (not the other books of the rule)."""
    out = {}
    for line in (book.DATA / f"kalah_6x3_{rule}.book").read_text().splitlines():
        if line and not line.startswith("#"):
            pits, _, vals = line.partition(":")
            out[tuple(int(t) for t in pits.split())] = tuple(None if t == "x" else int(t) for t in vals.split())
    return out


def position_of(board: tuple[int, ...], rules: KalahRules) -> Position:
    """South to move on ``board`` (South's pits then North's), every seed out of play in South's store."""
    south = rules.pits * rules.seeds * 2 - sum(board)
    row = ",".join
    return Position.from_notation(f"{row(map(str, board[:6]))}/{south}/{row(map(str, board[6:]))}/0/S", rules)


def test_both_books_are_shipped_and_small():
    for rule in RULES:
        path = book.DATA / f"kalah_6x3_{rule}.book"
        assert path.exists() and path.stat().st_size < 400_000


@pytest.mark.parametrize("rule", RULES)
def test_every_position_within_the_plies_the_header_names_is_in_the_book(rule):
    header = (book.DATA / f"kalah_6x3_{rule}.book").read_text().splitlines()[0]
    plies, count = full_plies(book_lines(rule), rule == "empty", 3)
    assert f"every position up to ply {plies} ({count} boards)" in header
    assert plies >= 4


@pytest.mark.parametrize("rule", RULES)
def test_move_outcomes_is_exact_from_the_first_move_and_the_computer_opens_with_the_best_pit(rule):
    rules = rules_of(rule)
    start = rules.initial_position()
    got = analyse(start, rules, time_ms=300)
    assert all(m.exact for m in got)
    assert {m.pit: m.value for m in got} == START_VALUES[rule]
    best = max(got, key=lambda m: m.value)
    assert best.value == BEST[rule] and best.outcome == "win"
    for level in ("hard", "perfect"):
        assert choose_move(start, rules, level, time_ms=300) == best.pit
    for pit in START_VALUES[rule]:  # and after every first move, for the side to move then
        after = play(start, pit, rules).position
        assert all(m.exact for m in analyse(after, rules, time_ms=300))
    values, depth = same_depth_values(start, rules, time_ms=300)  # the Move outcomes table
    rows = move_rows(start, rules, values)
    assert depth is None and all(r["exact"] for r in rows)
    assert {r["pit"]: r["value"] for r in rows} == START_VALUES[rule]


@pytest.mark.parametrize("rule", RULES)
def test_each_value_is_what_the_book_says_of_the_board_it_leads_to(rule):
    """Every pit of every board in the book whose next board is in the book too (K9: an extra turn keeps
    the mover; otherwise the next board is the opponent's, so its value counts against)."""
    table = book_lines(rule)
    checked = 0
    for board, values in table.items():
        for i, value in enumerate(values):
            if value is None:
                assert board[i] == 0
                continue
            gain, after, kind = book.play_board(board, i, rule == "empty")
            if kind == 2:
                assert value == gain
            elif after in table:
                best = max(v for v in table[after] if v is not None)
                assert value == gain + (best if kind == 1 else -best), (board, i + 1)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("rule", RULES)
def test_the_book_agrees_with_the_engines_own_exact_search(rule, monkeypatch):
    """The 8 book boards with the fewest seeds in play (22 to 24), solved by engine.analyse with the data
    switched off: every pit's exact value is the book's (plus the stores)."""
    rules = rules_of(rule)
    table = book_lines(rule)
    boards = sorted(table, key=lambda b: (sum(b), b))[:8]
    assert max(sum(b) for b in boards) <= 24
    monkeypatch.setattr(analysis, "lookup", lambda *args, **kwargs: None)
    for board in boards:
        pos = position_of(board, rules)
        got = analyse(pos, rules, time_ms=None)
        assert all(m.exact for m in got), board
        south = pos.store("S")
        want = {i + 1: v for i, v in enumerate(table[board]) if v is not None}
        assert {m.pit: m.value - south for m in got} == want, board


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gcc") is None, reason="the solver is compiled with gcc")
@pytest.mark.parametrize("rule", RULES)
def test_the_c_solver_gives_the_start_values_again(rule):
    """tools/kalah_solver.c with a smaller endgame table (14 seeds) solves the start again (about 3 s of one core)."""
    got = solver(6, rule == "empty", 14, 64, "check", stdin=" ".join(["3"] * 12) + "\n")
    assert [int(v) for v in got.split()] == [START_VALUES[rule][p] for p in range(1, 7)]
