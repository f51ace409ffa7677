"""The search (issue 5): exact values against brute force, levels, Perfect in endgames.

The brute force is a plain memoised minimax over ``engine.play`` (no
alpha-beta, no table tricks), so it shares nothing with the search but the
rules.
"""

from __future__ import annotations

import random
import sys

import pytest

from engine import KalahRules, OwareRules, Position, legal_moves, play
from engine.search import FULL, LEVELS, MoveValue, analyse, best_move, choose_move, clear_tables, solve_best


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
    got = analyse(pos, rules, time_ms=5000)
    want = brute_values(pos, rules)
    assert {m.pit: m.value for m in got} == want
    assert all(m.exact and m.depth == FULL for m in got)
    assert all(m.outcome == ("win" if m.value > 0 else "loss" if m.value < 0 else "draw") for m in got)


@pytest.mark.parametrize("rules", SMALL_RULES[:4], ids=lambda r: r.describe())
def test_k16_exact_values_match_brute_force_in_random_positions(rules):
    rng = random.Random(5)
    clear_tables()
    checked = 0
    while checked < 8:
        pos = random_position(rules, rng, rng.randrange(1, 8))
        if pos is None:
            continue
        got = analyse(pos, rules, time_ms=5000)
        assert {m.pit: m.value for m in got} == brute_values(pos, rules), pos.to_notation()
        assert all(m.exact for m in got)
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
    got = analyse(pos, rules, time_ms=5000)
    assert {m.pit: m.value for m in got} == brute_values(pos, rules)
    assert all(m.exact for m in got)


def test_k9_extra_turn_keeps_the_mover_and_the_sign():
    """A pit whose last seed lands in the store is valued from the same mover's view."""
    rules = KalahRules(pits=3, seeds=1)
    pos = Position.from_notation("0,0,1/2/0,1,0/2/S", rules)
    got = {m.pit: m for m in analyse(pos, rules)}
    # pit 3 goes into the store (extra turn), then South has no seeds: game over 3-3
    assert got[3].value == brute_values(pos, rules)[3]
    assert got[3].pv[0] == 3


def test_analyse_returns_one_value_per_legal_pit_and_nothing_when_over():
    rules = KalahRules()
    pos = rules.initial_position()
    got = analyse(pos, rules, time_ms=200)
    assert [m.pit for m in got] == list(legal_moves(pos, rules))
    assert all(isinstance(m, MoveValue) and m.pv[0] == m.pit for m in got)
    over = Position.from_notation("0,0,0,0,0,0/30/0,0,0,0,0,0/18/S", rules)
    assert analyse(over, rules) == ()


def test_analyse_depth_limit_is_an_estimate_with_that_depth():
    rules = KalahRules()
    got = analyse(rules.initial_position(), rules, time_ms=5000, max_depth=3)
    assert all(not m.exact and m.depth == 3 for m in got)
    # pit 3 is the only opening with an extra turn and leads (RULES.md: the winning opening)
    assert max(got, key=lambda m: m.value).pit in (3, 6)


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
    got = analyse(pos, rules, time_ms=3000)
    assert {m.pit: m.value for m in got} == brute_values_oware(pos, rules)
    assert all(m.exact for m in got)


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


def test_choose_move_levels_return_legal_pits():
    rules = KalahRules()
    pos = play(rules.initial_position(), 3, rules).position
    for level in LEVELS:
        if level in ("hard", "perfect"):
            continue  # timed levels: covered by the games below with short budgets
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


def test_perfect_never_loses_a_won_endgame():
    """From proven won endgames, Perfect against Hard-ish play keeps the win."""
    rules = KalahRules()
    rng = random.Random(11)
    played = 0
    while played < 4:
        pos = random_position(rules, rng, rng.randrange(28, 40))
        if pos is None or pos.seeds_in_play > 16:
            continue
        proven = solve_best(pos, rules, time_ms=3000)
        if proven is None or proven[1] <= 0:
            continue
        me = pos.to_move
        while legal_moves(pos, rules):
            if pos.to_move == me:
                pit = choose_move(pos, rules, "perfect")
            else:
                pit = best_move(pos, rules, time_ms=50)[0]
            res = play(pos, pit, rules)
            pos = res.position
        opp = "N" if me == "S" else "S"
        assert pos.store(me) - pos.store(opp) >= proven[1]
        played += 1


def test_choose_move_time_cap_is_passed_to_the_search(monkeypatch):
    """A capped Perfect move spends at most half on the proof, the rest on the search."""
    import engine.search.levels as levels

    calls = []
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
    from engine.search import prove_result

    rng = random.Random(9)
    clear_tables()
    checked = 0
    while checked < 6:
        pos = random_position(rules, rng, rng.randrange(0, 6))
        if pos is None:
            continue
        best = max(brute_values(pos, rules).values())
        want = "win" if best > 0 else "loss" if best < 0 else "draw"
        assert prove_result(pos, rules, time_ms=5000) == want, pos.to_notation()
        checked += 1
