"""The Awari/Oware endgame table (engine/search/oware_table.py, built by tools/oware_table.py), A1-A6.

- A handful of known values, worked out by hand (fast).
- Every move of thousands of table positions, played by ``engine.play``: the table's bounds hold the
  values of the moves that leave their layer (a capture, the end of the game), and equal their best
  where every move does so: the C solver's rules are the engine's, in every grand slam variant (A4).
- The table agrees with the engine's exact search alone (the table turned off) on every position of a
  few hundred per variant that the search proves (slow).
- The search with the table gives the same proven values as without it, and proves more.
"""

from __future__ import annotations

import random

import pytest

from engine import OwareRules, Position, legal_moves, play
from engine.search import analyse, clear_tables, oware_table, prove_all, prove_result, solve_best
from engine.search.oware_table import position_bounds, table_for, table_path
from tools.oware_table import random_position

VARIANTS = [OwareRules(), OwareRules(grand_slam="illegal"), OwareRules(grand_slam="capture_all")]
IDS = [r.grand_slam for r in VARIANTS]


@pytest.fixture
def table_off(monkeypatch):
    """The search alone: the endgame table is not read (and nothing proven with it is kept)."""
    monkeypatch.setattr(oware_table, "ENABLED", False)
    clear_tables()
    yield
    clear_tables()


def seeds_in_play(pos: Position) -> int:
    return 48 - pos.south_store - pos.north_store


def movable(rules: OwareRules, positions: list[Position]) -> list[Position]:
    """Those of ``positions`` where the player to move has a legal move (the game is not over)."""
    return [p for p in positions if legal_moves(p, rules)]


def played_out(rules: OwareRules, rng: random.Random, count: int, most: int) -> list[Position]:
    """Positions of random games from the start with at most ``most`` seeds in play and a move to make."""
    out: list[Position] = []
    while len(out) < count:
        pos = rules.initial_position()
        for _ in range(300):
            moves = legal_moves(pos, rules)
            if not moves:
                break
            pos = play(pos, rng.choice(moves), rules).position
            if seeds_in_play(pos) <= most and legal_moves(pos, rules) and rng.random() < 0.25:
                out.append(pos)
    return out[:count]


def test_the_table_ships_for_every_grand_slam_variant():
    paths = [table_path(r.grand_slam) for r in VARIANTS]
    assert all(p is not None for p in paths)
    tables = [table_for(r) for r in VARIANTS]
    assert {t.seeds for t in tables if t is not None} == {10}
    assert sum(p.stat().st_size for p in paths if p is not None) < 4_000_000  # a few MB at most


@pytest.mark.parametrize(
    ("text", "variant", "value"),
    [
        # lesson 8's repetition: the two seeds chase each other round; the position comes back and
        # each player takes the seed in their own row (A6): 25-23
        ("0,0,0,0,0,1/24/0,0,0,0,0,1/22/S", "no_capture", 2),
        # South's pit 6 makes North's lone seed a 2, all North has: a grand slam (A4). It captures
        # nothing, or is refused while pit 5 can be played: pit 5, then pit 6 takes North's 2 with one
        # seed left to North, who cannot feed South: 24-24. Or it takes both, and North cannot move: 25-23

        ("0,0,0,0,1,1/22/1,0,0,0,0,0/23/S", "no_capture", 0),
        ("0,0,0,0,1,1/22/1,0,0,0,0,0/23/S", "illegal", 0),
        ("0,0,0,0,1,1/22/1,0,0,0,0,0/23/S", "capture_all", 2),
        # North's pit 1 joins pit 2; South's only pit sows its 3 seeds into North's row (no capture),
        # and North cannot feed South: North keeps its 5 seeds, 28-20 (A5, A6)
        ("0,0,0,0,0,3/20/1,1,0,0,0,0/23/N", "no_capture", 8),
        # South cannot feed North (pit 1's single seed does not reach): the game is over, 24-24 (A5, A6)
        ("1,0,0,0,0,0/23/0,0,0,0,0,0/24/S", "no_capture", 0),
    ],
)
def test_known_values(text, variant, value):
    rules = OwareRules(grand_slam=variant)
    assert position_bounds(Position.from_notation(text, rules), rules) == (value, value)


def test_no_table_for_kalah_or_many_seeds():
    from engine import KalahRules

    assert position_bounds(KalahRules().initial_position(), KalahRules()) is None
    assert position_bounds(OwareRules().initial_position(), OwareRules()) is None


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_table_holds_every_move_that_leaves_the_layer(rules):
    """For each position, each legal move played by the engine: a move that ends the game (A6) or
    captures (A3, A4; the position after it has no history, so the table's value is its value) is worth
    at most the position's upper bound; where every move is one of those, the bounds are their best."""
    rng = random.Random(31)
    checked = full = 0
    for _ in range(4000):
        pos = random_position(rng.randint(1, 10), rng)
        if not legal_moves(pos, rules):
            continue
        me = pos.to_move
        now = pos.store(me) - pos.store("N" if me == "S" else "S")
        lo, hi = position_bounds(pos, rules) or (0, 0)
        lows, highs, left = [], [], True
        for pit in legal_moves(pos, rules):
            res = play(pos, pit, rules)
            after = res.position
            if res.game_over:
                v = after.store(me) - after.store("N" if me == "S" else "S")
                lows.append(v)
                highs.append(v)
            elif res.captured:
                b = position_bounds(after, rules)
                assert b is not None
                lows.append(-b[1])
                highs.append(-b[0])
            else:
                left = False
        if lows:
            assert hi >= max(lows), pos.to_notation()
        checked += 1
        if left:
            full += 1
            assert (lo, hi) == (max(lows), max(highs)), pos.to_notation()
        assert lo <= hi and (lo - now) % 2 == seeds_in_play(pos) % 2, pos.to_notation()
    assert checked > 3000 and full > 150


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_table_agrees_with_the_search_alone(rules, table_off):
    """Random boards of 1 to 4 seeds (a quarter of those with 2 or 3 go round cycles; the search proves
    nearly all of them) and positions of random games with up to 10 seeds: where the search alone proves
    a value, it is the table's (exact) or within its bounds."""
    rng = random.Random(7)
    positions = movable(rules, [random_position(rng.randint(1, 3), rng) for _ in range(600)])[:300]
    positions += movable(rules, [random_position(4, rng) for _ in range(100)])[:50]
    positions += played_out(rules, rng, 300, 10)
    equal = bounded = 0
    for pos in positions:
        if not legal_moves(pos, rules):
            continue
        oware_table.ENABLED = True
        lo, hi = position_bounds(pos, rules) or (None, None)
        oware_table.ENABLED = False
        clear_tables()
        got = prove_all(pos, rules, time_ms=None, max_nodes=20_000)
        if not got["proven"]:
            continue
        best = max(got["values"].values())
        assert lo is not None and hi is not None and lo <= best <= hi, (pos.to_notation(), (lo, hi), best)
        if lo == hi:
            equal += 1
        else:
            bounded += 1
    assert equal >= 280, (equal, bounded)


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_search_with_the_table_gives_the_values_it_gives_alone(rules, monkeypatch):
    """Positions of random games with 11 to 16 seeds in play: every move's value that both prove is the
    same, and the table proves more of them."""
    rng = random.Random(5)
    positions = [p for p in played_out(rules, rng, 60, 16) if seeds_in_play(p) > 10][:25]
    proven = {True: 0, False: 0}
    for pos in positions:
        values = {}
        for on in (False, True):
            monkeypatch.setattr(oware_table, "ENABLED", on)
            clear_tables()
            got = analyse(pos, rules, time_ms=None, max_nodes=20_000)
            values[on] = {m.pit: m.value for m in got if m.exact}
            proven[on] += len(values[on])
        for pit in values[True].keys() & values[False].keys():
            assert values[True][pit] == values[False][pit], (pos.to_notation(), pit)
    clear_tables()
    assert proven[True] > proven[False], proven


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_every_move_keeps_its_value_with_the_table_on_small_boards(rules, monkeypatch):
    """Boards of 2 to 4 seeds, where repetitions decide many values: every move's value proven both
    with and without the table is the same (the table's bounds cut only where the line's repetitions
    agree with them), and the table proves more moves."""
    rng = random.Random(11)
    positions = movable(rules, [random_position(rng.randint(2, 4), rng) for _ in range(120)])
    both = more = 0
    for pos in positions:
        values = {}
        for on in (False, True):
            monkeypatch.setattr(oware_table, "ENABLED", on)
            clear_tables()
            values[on] = {m.pit: m.value for m in analyse(pos, rules, time_ms=None, max_nodes=5_000) if m.exact}
        for pit, value in values[True].items():
            if pit in values[False]:
                both += 1
                assert values[False][pit] == value, (pos.to_notation(), pit, values)
            else:
                more += 1
    clear_tables()
    assert both > 60 and more > 10, (both, more)


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_best_move_and_the_result_with_the_table_agree_with_the_search_alone(rules, monkeypatch):
    """Positions of random games with up to 16 seeds in play: ``solve_best`` (the Perfect computer's proof)
    and ``prove_result`` with the table agree with every move's value the search alone proves: the best
    move's value is its value, no move is worth more, and the result word is the best value's (the table
    holds some of these positions themselves: ``solve_best`` still names a move there)."""
    rng = random.Random(3)
    positions = played_out(rules, rng, 40, 16)
    named = results = checked = 0
    for pos in positions:
        monkeypatch.setattr(oware_table, "ENABLED", True)
        clear_tables()
        best = solve_best(pos, rules, time_ms=None, max_nodes=20_000)
        result = prove_result(pos, rules, time_ms=None, max_nodes=20_000)
        monkeypatch.setattr(oware_table, "ENABLED", False)
        clear_tables()
        alone = {m.pit: m.value for m in analyse(pos, rules, time_ms=None, max_nodes=20_000) if m.exact}
        named += best is not None
        results += result is not None
        if best is not None:
            checked += best[0] in alone
            assert alone.get(best[0], best[1]) == best[1], (pos.to_notation(), best, alone)
            assert all(v <= best[1] for v in alone.values()), (pos.to_notation(), best, alone)
        if result is not None and alone:
            top = max(alone.values())
            assert result == "win" or top <= 0, (pos.to_notation(), result, alone)
            assert result != "loss" or top < 0, (pos.to_notation(), result, alone)
    clear_tables()
    assert named >= 8 and results >= 30 and checked >= 3, (named, results, checked)
