"""The search (issue 5): exact values against brute force, levels, Perfect in endgames.

The brute force is a plain memoised minimax over ``engine.play`` (no
alpha-beta, no table tricks), so it shares nothing with the search but the
rules.

No test here depends on the clock: small positions are solved with
``time_ms=None`` (no time limit), estimates are cut by ``max_depth`` or
``max_nodes``, and the levels get depth limits instead of time.
"""

from __future__ import annotations

import doctest
import random
import sys

import pytest

import engine.search.analysis
from engine import KalahRules, OwareRules, Position, legal_moves, play, search
from engine.search import (
    FULL,
    LEVELS,
    MoveValue,
    analyse,
    best_move,
    choose_move,
    clear_tables,
    prove_all,
    prove_result,
    solve_best,
)

TIME_FREE_LEVELS = {
    "medium": {"max_depth": 6, "time_ms": None},
    "hard": {"max_depth": 8, "time_ms": None},
    "perfect": {"proof_seeds": 30, "proof_ms": None, "max_depth": 10, "time_ms": None},
}
"""``LEVEL_SETTINGS`` with depth limits and no time limit: the same moves on every machine."""


@pytest.fixture
def time_free_levels(monkeypatch):
    for level, settings in TIME_FREE_LEVELS.items():
        monkeypatch.setitem(search.LEVEL_SETTINGS, level, settings)


def word(value: int) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


_BRUTE: dict = {}


def brute_values(pos: Position, rules) -> dict[int, int]:
    """Exact value of every legal pit, from the mover's view, by plain minimax."""
    memo = _BRUTE.setdefault(rules, {})

    def value(p: Position) -> int:
        if p in memo:
            return memo[p]
        memo[p] = v = _value(p)
        return v

    def _value(p: Position) -> int:
        moves = legal_moves(p, rules)
        if not moves:
            me = p.to_move
            opp = "N" if me == "S" else "S"
            return p.store(me) + sum(p.row(me)) - p.store(opp) - sum(p.row(opp))
        return max(child(p, m) for m in moves)

    def child(p: Position, m: int) -> int:
        res = play(p, m, rules)
        q = res.position
        if res.game_over:
            me = p.to_move
            opp = "N" if me == "S" else "S"
            return q.store(me) - q.store(opp)
        v = value(q)
        return v if q.to_move == p.to_move else -v

    return {m: child(pos, m) for m in legal_moves(pos, rules)}


def random_position(rules, rng: random.Random, plies: int) -> Position | None:
    pos = rules.initial_position(rng.choice("SN"))
    for _ in range(plies):
        moves = legal_moves(pos, rules)
        if not moves:
            return None
        pos = play(pos, rng.choice(moves), rules).position
    return pos if legal_moves(pos, rules) else None


SMALL_RULES = [
    KalahRules(pits=3, seeds=1),
    KalahRules(pits=3, seeds=2),
    KalahRules(pits=3, seeds=3),
    KalahRules(pits=4, seeds=1),
    KalahRules(pits=3, seeds=2, empty_capture=True),
    KalahRules(pits=3, seeds=3, end_rule="stuck"),
    KalahRules(pits=3, seeds=2, capture_to="pit"),
    KalahRules(pits=4, seeds=1, early_win=True),
]


@pytest.mark.parametrize("rules", SMALL_RULES, ids=lambda r: r.describe())
def test_k16_exact_values_match_brute_force_from_the_start(rules):
    """Every opening pit of a small board has the value plain minimax gives, marked exact."""
    clear_tables()
    pos = rules.initial_position()
    got = analyse(pos, rules, time_ms=None)
    want = brute_values(pos, rules)
    assert [(m.pit, m.value, m.exact, m.depth, m.outcome) for m in got] == [
        (pit, v, True, FULL, word(v)) for pit, v in want.items()
    ]


@pytest.mark.parametrize("rules", SMALL_RULES[:4], ids=lambda r: r.describe())
def test_k16_exact_values_match_brute_force_in_random_positions(rules):
    rng = random.Random(5)
    clear_tables()
    checked = 0
    while checked < 8:
        pos = random_position(rules, rng, rng.randrange(1, 8))
        if pos is None:
            continue
        got = analyse(pos, rules, time_ms=None)
        want = brute_values(pos, rules)
        assert {m.pit: (m.value, m.exact) for m in got} == {p: (v, True) for p, v in want.items()}, pos.to_notation()
        checked += 1


ENDGAMES = [
    "0,0,0,1,2,1/20/1,0,2,0,0,1/20/S",
    "1,0,3,0,0,1/18/0,2,0,1,1,0/21/N",
    "0,2,0,0,1,2/21/2,0,0,1,0,1/18/S",
    "0,0,1,0,0,4/22/0,3,0,0,1,0/17/N",
]


@pytest.mark.parametrize("text", ENDGAMES)
def test_k15_few_seed_endgames_are_exact(text):
    rules = KalahRules()
    pos = Position.from_notation(text, rules)
    got = analyse(pos, rules, time_ms=None)
    want = brute_values(pos, rules)
    assert {m.pit: (m.value, m.exact) for m in got} == {p: (v, True) for p, v in want.items()}


def test_k9_extra_turn_keeps_the_mover_and_the_sign():
    """A pit whose last seed lands in the store is valued from the same mover's view."""
    rules = KalahRules(pits=3, seeds=1)
    pos = Position.from_notation("0,0,1/2/0,1,0/2/S", rules)
    got = analyse(pos, rules, time_ms=None)
    # pit 3 goes into the store (extra turn), then South has no seeds: game over 3-3
    assert brute_values(pos, rules) == {3: 0}
    assert got == (MoveValue(pit=3, value=0, exact=True, depth=FULL, pv=(3,), outcome="draw"),)


def test_analyse_returns_one_value_per_legal_pit_and_nothing_when_over():
    rules = KalahRules()
    pos = rules.initial_position()
    got = analyse(pos, rules, time_ms=None, max_nodes=20_000)
    assert [m.pit for m in got] == list(legal_moves(pos, rules))
    assert all(isinstance(m, MoveValue) and m.pv[0] == m.pit for m in got)
    over = Position.from_notation("0,0,0,0,0,0/30/0,0,0,0,0,0/18/S", rules)
    assert analyse(over, rules, time_ms=None) == ()


def test_analyse_depth_limit_is_an_estimate_with_that_depth():
    rules = KalahRules()
    clear_tables()
    got = analyse(rules.initial_position(), rules, time_ms=None, max_depth=3)
    assert all(not m.exact and m.depth == 3 for m in got)
    # pit 3 is the only opening with an extra turn and leads (docs/rules.md: the winning opening)
    assert max(got, key=lambda m: m.value).pit in (3, 6)
    assert [(m.pit, m.value, m.exact, m.depth, m.pv, m.outcome) for m in got] == [
        (1, -2, False, 3, (1, 3, 6), None),
        (2, -2, False, 3, (2, 3, 6), None),
        (3, 1, False, 3, (3, 6, 2), None),
        (4, -1, False, 3, (4, 3, 6), None),
        (5, -1, False, 3, (5, 3, 2), None),
        (6, -1, False, 3, (6, 2, 6), None),
    ]


OWARE_ENDGAMES = [
    "0,0,0,0,1,0/23/0,1,0,0,0,0/23/S",
    "0,0,0,0,1,0/24/0,1,0,0,0,0/22/S",
    "0,0,0,0,0,0/24/0,1,0,0,0,1/22/N",
    "0,1,0,0,0,1/24/0,0,0,0,0,0/22/S",
    "0,1,0,0,0,0/24/0,0,0,1,0,0/22/S",
    "2,0,0,0,0,0/24/0,0,0,1,0,0/21/S",
    "0,0,0,0,2,0/24/0,0,0,1,0,0/21/S",
    "0,0,0,0,0,1/24/0,0,0,0,0,1/22/S",
    "1,0,0,0,0,0/24/0,1,0,0,0,0/22/N",
    "1,0,0,0,0,0/24/0,0,0,0,0,1/22/N",
]


@pytest.mark.parametrize("text", OWARE_ENDGAMES)
def test_a6_oware_endgames_with_cycles_match_brute_force(text):
    """Few-seed Oware endings, where seeds can chase each other round (A6 repetition)."""
    rules = OwareRules()
    pos = Position.from_notation(text, rules)
    got = analyse(pos, rules, time_ms=None)
    want = brute_values_oware(pos, rules)
    assert {m.pit: (m.value, m.exact) for m in got} == {p: (v, True) for p, v in want.items()}


def brute_values_oware(pos: Position, rules) -> dict[int, int]:
    """Oware minimax with the repetition rule (A6) on the current line."""

    def value(p: Position, line: frozenset) -> int:
        moves = legal_moves(p, rules)
        me = p.to_move
        opp = "N" if me == "S" else "S"
        if not moves or p in line:
            return p.store(me) + sum(p.row(me)) - p.store(opp) - sum(p.row(opp))
        return max(child(p, m, line | {p}) for m in moves)

    def child(p: Position, m: int, line: frozenset) -> int:
        res = play(p, m, rules)
        q = res.position
        if res.game_over:
            return q.store(p.to_move) - q.store(q.to_move)
        return -value(q, line if not res.captured else frozenset())

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(20000)
    try:
        return {m: child(pos, m, frozenset({pos})) for m in legal_moves(pos, rules)}
    finally:
        sys.setrecursionlimit(old)


# ------------------------------------------------------------------ levels


def test_choose_move_levels_return_legal_pits(time_free_levels):
    rules = KalahRules()
    pos = play(rules.initial_position(), 3, rules).position
    for level in LEVELS:
        assert choose_move(pos, rules, level, rng=random.Random(1)) in legal_moves(pos, rules)
    with pytest.raises(ValueError, match="level"):
        choose_move(pos, rules, "grandmaster")


def test_beginner_is_repeatable_with_a_seeded_rng():
    rules = KalahRules()
    pos = rules.initial_position()
    a = [choose_move(pos, rules, "beginner", rng=random.Random(s)) for s in range(10)]
    b = [choose_move(pos, rules, "beginner", rng=random.Random(s)) for s in range(10)]
    assert a == b and len(set(a)) > 1


def test_easy_takes_the_biggest_capture():
    rules = KalahRules()
    # South pit 1 (1 seed) lands in empty pit 2 facing North's pit 5 with 9 seeds
    pos = Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,9,0/6/S", rules)
    assert choose_move(pos, rules, "easy", rng=random.Random(0)) == 1


def test_perfect_never_loses_a_won_endgame(time_free_levels):
    """From proven won endgames, Perfect against Hard-ish play (8 plies) keeps the win."""
    rules = KalahRules()
    rng = random.Random(11)
    played = 0
    while played < 4:
        pos = random_position(rules, rng, rng.randrange(28, 40))
        if pos is None or pos.seeds_in_play > 16:
            continue
        proven = solve_best(pos, rules, time_ms=None)
        if proven is None or proven[1] <= 0:
            continue
        me = pos.to_move
        while legal_moves(pos, rules):
            if pos.to_move == me:
                pit = choose_move(pos, rules, "perfect")
            else:
                pit = best_move(pos, rules, time_ms=None, max_depth=8)[0]
            res = play(pos, pit, rules)
            pos = res.position
        opp = "N" if me == "S" else "S"
        assert pos.store(me) - pos.store(opp) >= proven[1]
        played += 1


def test_choose_move_time_cap_is_passed_to_the_search(monkeypatch):
    """A capped Perfect move spends at most half on the proof, the rest on the search."""
    import engine.search.levels as levels

    calls = []
    monkeypatch.setattr(levels, "lookup", lambda *args, **kwargs: None)  # the searches, not the data (book.py)
    monkeypatch.setattr(
        levels, "solve_best", lambda pos, rules, time_ms, max_nodes: calls.append(("proof", time_ms, max_nodes))
    )
    monkeypatch.setattr(
        levels,
        "best_move",
        lambda pos, rules, time_ms, max_depth, max_nodes: calls.append(("search", time_ms, max_nodes)) or (3, 0),
    )
    rules = KalahRules()
    pos = Position.from_notation("1,0,2,0,1,3/20/0,2,0,1,0,2/16/S", rules)
    assert levels.choose_move(pos, rules, "perfect", time_ms=1000) == 3
    assert calls == [("proof", 500, None), ("search", 500, None)]
    calls.clear()
    assert levels.choose_move(pos, rules, "hard", time_ms=100) == 3
    assert calls == [("search", levels.MIN_MOVE_MS, None)]
    calls.clear()
    assert levels.choose_move(pos, rules, "hard") == 3
    assert calls == [("search", levels.LEVEL_SETTINGS["hard"]["time_ms"], None)]
    calls.clear()
    # a node cap: Perfect's proof gets half of the nodes, its search the rest
    assert levels.choose_move(pos, rules, "perfect", max_nodes=1001) == 3
    assert calls == [("proof", 1500, 500), ("search", 2500, 501)]


@pytest.mark.parametrize("rules", SMALL_RULES, ids=lambda r: r.describe())
def test_k16_prove_result_gives_the_result_of_best_play(rules):
    """Win, draw or loss of the position itself, checked against plain minimax."""
    rng = random.Random(9)
    clear_tables()
    checked = 0
    while checked < 6:
        pos = random_position(rules, rng, rng.randrange(0, 6))
        if pos is None:
            continue
        best = max(brute_values(pos, rules).values())
        want = "win" if best > 0 else "loss" if best < 0 else "draw"
        assert prove_result(pos, rules, time_ms=None) == want, pos.to_notation()
        checked += 1


# ------------------------------------------------------------------ budgets

BUDGET_POS = "1,0,2,0,1,3/20/0,2,0,1,0,2/16/S"  # 12 seeds in play: proven in 3032 nodes


def test_max_nodes_stops_a_proof_like_running_out_of_time():
    """A node limit is a budget that runs out at the same node on every machine."""
    rules = KalahRules()
    pos = Position.from_notation(BUDGET_POS, rules)
    clear_tables()
    assert prove_all(pos, rules, time_ms=None) == {"proven": True, "nodes": 3032, "values": {1: 0, 3: 10, 5: 10, 6: 6}}
    for _ in range(2):  # the same cut twice
        clear_tables()
        assert prove_all(pos, rules, time_ms=None, max_nodes=2000) == {"proven": False, "nodes": 2000, "values": {1: 0, 3: 10}}
    clear_tables()
    assert prove_all(pos, rules, time_ms=None, max_nodes=2000, wdl=True) == {
        "proven": True, "nodes": 1489, "values": {1: "draw", 3: "win", 5: "win", 6: "win"}
    }
    clear_tables()
    assert prove_result(pos, rules, time_ms=None, max_nodes=50) is None
    clear_tables()
    assert prove_result(pos, rules, time_ms=None) == "win"
    clear_tables()
    assert solve_best(pos, rules, time_ms=None, max_nodes=100) is None
    clear_tables()
    assert solve_best(pos, rules, time_ms=None) == (5, 10)


def test_max_nodes_gives_the_same_estimates_every_time(monkeypatch):
    import engine.search.analysis as analysis

    monkeypatch.setattr(analysis, "lookup", lambda *args, **kwargs: None)  # the search, not the data (book.py)
    rules = KalahRules()
    pos = Position.from_notation(BUDGET_POS, rules)
    for _ in range(2):
        clear_tables()
        assert best_move(pos, rules, time_ms=None, max_nodes=3000) == (3, 10, 11)
    clear_tables()
    assert analyse(pos, rules, time_ms=None, max_nodes=3000) == (
        MoveValue(1, 0, True, FULL, (1, 4, 6, 1, 5, 2, 6, 3, 5, 5, 4, 6, 4, 5, 5, 3, 6), "draw"),
        MoveValue(3, 10, True, FULL, (3, 2, 5, 1, 4, 4, 6, 2, 5), "win"),
        MoveValue(5, 4, False, 8, (5, 2, 3, 4, 1, 3, 5, 4, 6), None),  # not proven within 3000 nodes
        MoveValue(6, 6, True, FULL, (6, 6, 5, 2, 1, 3, 3, 4, 6, 5, 6), "win"),
    )
    clear_tables()
    assert analyse(pos, rules, time_ms=None, max_nodes=0) == (  # no node at all: the stores now
        MoveValue(1, 4, False, 1, (1,), None),
        MoveValue(3, 4, False, 1, (3,), None),
        MoveValue(5, 4, False, 1, (5,), None),
        MoveValue(6, 5, False, 1, (6,), None),  # K9: the extra turn banked a seed
    )


@pytest.mark.parametrize("bad", [-1, 2.5, True, "100"])
def test_max_nodes_must_be_a_whole_number(bad):
    rules = KalahRules()
    pos = rules.initial_position()
    for fn in (analyse, prove_all, prove_result, best_move, solve_best):
        with pytest.raises(ValueError, match="max_nodes"):
            fn(pos, rules, max_nodes=bad)
    with pytest.raises(ValueError, match="max_nodes"):
        choose_move(pos, rules, "hard", max_nodes=bad)


def test_search_docstring_examples():
    failed, attempted = doctest.testmod(engine.search.analysis)
    assert attempted > 0 and failed == 0
