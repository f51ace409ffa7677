"""The exact values read from data (engine/search/book.py): endgame tables and the opening book.

The values are checked against a plain minimax written here, independent of
engine/search (K7-K15 on a 12-count board from the mover's view).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from engine import KalahRules, Position, legal_moves, play
from engine.search import FULL, MoveValue, analyse, choose_move, prove_all
from engine.search import analysis, book
from engine.search.book import lookup, mover_board, rank


def _minimax(pits: int, empty_capture: bool):
    """value(board): the future store difference for the mover, by plain minimax with a memo."""
    lap = 2 * pits + 1

    def move(b: tuple[int, ...], i: int) -> int:
        out = list(b)
        s, out[i] = out[i], 0
        gain, pos = 0, i
        for _ in range(s):
            pos = (pos + 1) % lap
            if pos < pits:
                out[pos] += 1
            elif pos == pits:
                gain += 1  # K7: the own store; the opponent's is not in the cycle
            else:
                out[pos - 1] += 1
        if pos < pits and out[pos] == 1:  # K10 (and the K11 empty-capture variant)
            o = 2 * pits - 1 - pos
            if out[o]:
                gain += out[o] + 1
                out[o] = out[pos] = 0
            elif empty_capture:
                gain += 1
                out[pos] = 0
        mine, theirs = sum(out[:pits]), sum(out[pits:])
        if not mine or not theirs:  # K14, K15
            return gain + mine - theirs
        if pos == pits:  # K9
            return gain + value(tuple(out))
        return gain - value(tuple(out[pits:] + out[:pits]))

    @lru_cache(maxsize=None)
    def value(b: tuple[int, ...]) -> int:
        return max(move(b, i) for i in range(pits) if b[i])

    return value, move


def _late_positions(rules: KalahRules, most_seeds: int, count: int, seed: int) -> list[Position]:
    """``count`` positions of seeded random games, the first with at most ``most_seeds`` seeds in play."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        p = rules.initial_position()
        while legal_moves(p, rules):
            if p.seeds_in_play <= most_seeds:
                out.append(p)
                break
            p = play(p, rng.choice(legal_moves(p, rules)), rules).position
    return out


@pytest.mark.parametrize("empty_capture", [False, True])
@pytest.mark.parametrize("seeds", [1, 2, 3])
def test_endgame_values_match_a_plain_minimax(seeds, empty_capture):
    """6 pits x 1, 2, 3 seeds: analyse (the endgame table) and prove_all (the search) agree with minimax."""
    rules = KalahRules(pits=6, seeds=seeds, empty_capture=empty_capture)
    value, move = _minimax(6, empty_capture)
    positions = _late_positions(rules, 10, 6, seed=seeds * 2 + empty_capture)
    assert len(positions) == 6
    for p in positions:
        b = mover_board(p)
        me = p.to_move
        now = p.store(me) - p.store("N" if me == "S" else "S")
        want = {i + 1: now + move(b, i) for i in range(6) if b[i]}
        got = analyse(p, rules, time_ms=None)
        assert {m.pit: m.value for m in got} == want, p.to_notation()
        assert all(m.exact and m.depth == FULL and m.pv[0] == m.pit for m in got)
        assert prove_all(p, rules, time_ms=None)["values"] == want, p.to_notation()


def test_the_6x1_start_from_the_endgame_table():
    """12 seeds in play: the whole 6x1 game is in the table (values from tools/kalah_solver.c, which
    tools/build_book.py check compares with analyse on every 6x1 position it reaches)."""
    rules = KalahRules(pits=6, seeds=1)
    got = analyse(rules.initial_position(), rules, time_ms=None)
    assert [(m.pit, m.value, m.exact, m.outcome) for m in got] == [
        (1, 0, True, "draw"), (2, 0, True, "draw"), (3, 0, True, "draw"),
        (4, -2, True, "loss"), (5, -2, True, "loss"), (6, 2, True, "win"),
    ]
    assert choose_move(rules.initial_position(), rules, "perfect", time_ms=None) == 6


def test_the_data_fits_only_the_rules_it_was_solved_for():
    pos = Position.from_notation("0,0,0,0,1,1/20/1,0,0,0,0,1/24/S")
    assert lookup(pos, KalahRules(pits=6, seeds=4)) == prove_all(pos, KalahRules(), time_ms=None)["values"] == {5: -6, 6: -2}
    assert lookup(pos, KalahRules(pits=6, seeds=4, early_win=True)) is None
    assert lookup(pos, KalahRules(pits=6, seeds=4, capture_to="pit")) is None
    assert lookup(pos, KalahRules(pits=6, seeds=4, end_rule="stuck")) is None
    start = KalahRules().initial_position()
    assert (lookup(start, KalahRules()) is None) == (mover_board(start) not in book.book_table("standard"))


def test_rank_numbers_every_board_once():
    boards = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4) if a + b + c + d <= 3]
    assert sorted(rank(b) for b in boards) == list(range(len(boards))) == list(range(35))


# the 6x2 start, solved by tools/kalah_solver.c (and matched by analyse in build_book.py check)
SIX_TWO = {1: -14, 2: -8, 3: -8, 4: -14, 5: 6, 6: 0}


@pytest.fixture
def small_book(tmp_path, monkeypatch):
    """A book file with one line, the 6x2 start, in place of the shipped data."""
    line = " ".join(["2"] * 12) + " : " + " ".join(str(SIX_TWO[p]) for p in range(1, 7))
    (tmp_path / "kalah_6x4_standard.book").write_text("# test\n" + line + "\n")
    monkeypatch.setattr(book, "DATA", tmp_path)
    book._book.cache_clear()
    book._table.cache_clear()
    yield
    book._book.cache_clear()
    book._table.cache_clear()


def test_analyse_reads_the_book_first_and_searches_nothing(small_book, monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("the book should answer")

    monkeypatch.setattr(analysis, "Searcher", no_search)
    rules = KalahRules(pits=6, seeds=2)
    got = analyse(rules.initial_position(), rules, time_ms=None)
    assert got == tuple(
        MoveValue(p, v, True, FULL, (p,), "win" if v > 0 else "loss" if v < 0 else "draw") for p, v in SIX_TWO.items()
    )
    # one move on (South's pit 1, North to move) the book knows no child: the search answers
    after = play(rules.initial_position(), 1, rules).position
    assert after.to_notation() == "0,3,3,2,2,2/0/2,2,2,2,2,2/0/N"
    assert lookup(after, rules) is None
    assert choose_move(rules.initial_position(), rules, "perfect", time_ms=None) == 5
    assert choose_move(rules.initial_position(), rules, "hard", time_ms=None) == 5


def test_max_depth_skips_the_data():
    rules = KalahRules(pits=6, seeds=1)
    got = analyse(rules.initial_position(), rules, time_ms=None, max_depth=2)
    assert all(not m.exact and m.depth == 2 for m in got)


@pytest.mark.parametrize("rule", ["standard", "empty"])
def test_shipped_book_matches_its_own_children(rule):
    """Every book line's best value is what its children in the book and table give (when present)."""
    table = book.book_table(rule)
    for board, vals in table.items():
        again = []
        for i in range(6):
            if not board[i]:
                again.append(None)
                continue
            gain, after, kind = book.play_board(board, i, rule == "empty")
            v = 0 if kind == 2 else book.board_value(after, rule)
            again.append(None if v is None else gain + (v if kind == 1 else -v))
        for v, w in zip(vals, again):
            assert w is None or v == w, board
