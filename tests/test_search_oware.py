"""The search's Oware kernel (engine/oware_kernel.py) plays exactly as ``engine.play``.

Random games and random boards for every grand slam variant (A4); the rules
met along the way are counted so the test shows it saw 12+ seed sowings
(A2), capture chains (A3), grand slams (A4), must-feed (A5), 25 wins and
no-move ends (A6).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import OwareRules, Position, legal_moves, play, search
from engine.oware_kernel import oware_kernel
from engine.search import MoveValue, analyse, choose_move, clear_tables

TIME_FREE_LEVELS = {
    "medium": {"max_depth": 6, "time_ms": None},
    "hard": {"max_depth": 8, "time_ms": None},
    "perfect": {"proof_seeds": 30, "proof_ms": None, "max_depth": None, "time_ms": None},
}
"""``LEVEL_SETTINGS`` without time limits: the levels' moves are the same on every machine."""


@pytest.fixture
def time_free_levels(monkeypatch):
    for level, settings in TIME_FREE_LEVELS.items():
        monkeypatch.setitem(search.LEVEL_SETTINGS, level, settings)

VARIANTS = [OwareRules(), OwareRules(grand_slam="illegal"), OwareRules(grand_slam="capture_all")]


def random_board(rng: random.Random) -> Position:
    """A random legal-looking board: 48 seeds, some in stores, lumpy rows."""
    south_store = rng.randrange(0, 24)
    north_store = rng.randrange(0, 24)
    left = 48 - south_store - north_store
    pits = [0] * 12
    hot = [rng.randrange(12) for _ in range(rng.randrange(1, 5))]
    for _ in range(left):
        k = rng.choice(hot) if rng.random() < 0.4 else rng.randrange(12)
        pits[k] += 1
    if rng.random() < 0.2:  # an empty row, to make must-feed come up
        side = rng.randrange(2)
        moved = sum(pits[6 * side : 6 * side + 6])
        for k in range(6 * side, 6 * side + 6):
            pits[k] = 0
        pits[6 * (1 - side) + rng.randrange(6)] += moved
    return Position(tuple(pits[:6]), south_store, tuple(pits[6:]), north_store, rng.choice("SN"))


def lockstep(rules: OwareRules, pos: Position, rng: random.Random, seen: Counter) -> None:
    k = oware_kernel(rules)
    x, ms = k.start(pos)
    assert tuple(f.pit for f in ms) == legal_moves(pos, rules), pos.to_notation()
    for _ in range(300):  # random play can cycle for ever (repetition is the Game's job)
        if not ms:
            break
        f = rng.choice(ms)
        res = play(pos, f.pit, rules)
        x, ms = f(x)
        seen.update(res.rules_fired)
        if res.outcome is not None:
            seen[res.outcome.reason] += 1
        nxt = res.position.to_move
        assert k.decode(x, nxt) == res.position, (pos.to_notation(), f.pit)
        assert tuple(g.pit for g in ms) == legal_moves(res.position, rules), (pos.to_notation(), f.pit)
        assert bool(ms) == (not res.game_over)
        assert all(g.side == nxt for g in ms)
        pos = res.position


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.grand_slam)
def test_a1_a6_oware_kernel_matches_engine_play(rules):
    rng = random.Random(2024)
    seen: Counter = Counter()
    for _ in range(150):
        lockstep(rules, rules.initial_position(rng.choice("SN")), rng, seen)
    for _ in range(250):
        pos = random_board(rng)
        lockstep(rules, pos, rng, seen)
    for rule in ("A2", "A3", "A5", "A6", "over_half", "no_moves"):
        assert seen[rule] > 0, (rule, seen)
    if rules.grand_slam != "illegal":
        assert seen["A4"] > 0, seen


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.grand_slam)
def test_a4_grand_slam_in_the_kernel(rules):
    # South pit 6 (2 seeds) would take both of North's seeds: a grand slam
    pos = Position.from_notation("1,0,0,0,0,2/19/1,1,0,0,0,0/24/S", rules)
    k = oware_kernel(rules)
    x, ms = k.start(pos)
    assert tuple(f.pit for f in ms) == legal_moves(pos, rules)
    assert tuple(f.pit for f in ms) == ((1,) if rules.grand_slam == "illegal" else (1, 6))
    for f in ms:
        x2, ms2 = f(x)
        assert k.decode(x2, "N") == play(pos, f.pit, rules).position


def test_a2_twelve_seeds_skip_the_origin_pit():
    rules = OwareRules()
    pos = Position.from_notation("12,0,0,0,0,0/18/1,1,1,1,1,1/12/S", rules)
    k = oware_kernel(rules)
    x, ms = k.start(pos)
    x2, _ = ms[0](x)
    assert k.decode(x2, "N") == play(pos, 1, rules).position
    assert k.decode(x2, "N").south[0] == 0


def test_a6_search_plays_oware_levels(time_free_levels):
    rules = OwareRules()
    pos = rules.initial_position()
    for level in ("beginner", "easy", "medium", "hard"):
        assert choose_move(pos, rules, level, rng=random.Random(3)) in legal_moves(pos, rules)
    clear_tables()
    got = analyse(pos, rules, time_ms=None, max_nodes=5000)
    assert got == (
        MoveValue(1, 0, False, 7, (1, 6, 1, 5, 1, 6, 6)),
        MoveValue(2, 0, False, 7, (2, 6, 2, 3, 6, 6, 5)),
        MoveValue(3, 0, False, 6, (3, 6, 3, 5, 3, 6)),
        MoveValue(4, -2, False, 6, (4, 2, 6, 1, 5, 6)),
        MoveValue(5, -2, False, 6, (5, 5, 4, 6, 6, 6)),
        MoveValue(6, 0, False, 6, (6, 6, 5, 5, 6, 6)),
    )


@pytest.mark.parametrize(
    "notation",
    [
        "4,4,4,4,4,2/12/1,1,0,0,0,0/12/S",  # grand slam chances
        "4,4,4,4,4,2/13/0,0,0,0,0,0/13/S",  # must feed
        "0,0,3,7,0,1/15/1,11,1,1,1,0/7/S",  # a long game's middle
        "1,0,0,0,0,1/22/0,0,1,0,0,0/23/S",  # few seeds: long lines without captures
    ],
)
def test_a6_long_oware_lines_give_estimates_not_a_crash_bug(notation, time_free_levels):
    """The exact solver gives up on very long Oware lines instead of overflowing Python's stack,
    also when the caller is already deep in the stack (as Streamlit is)."""
    rules = OwareRules()
    pos = Position.from_notation(notation, rules)

    def deep(levels):
        if levels:
            return deep(levels - 1)
        return (
            analyse(pos, rules, time_ms=None, max_nodes=40_000),
            choose_move(pos, rules, "perfect", max_nodes=40_000),
        )

    values, pit = deep(300)
    assert [m.pit for m in values] == list(legal_moves(pos, rules))
    assert pit in legal_moves(pos, rules)


def _two_seed_endings(count: int, seed: int) -> list[Position]:
    """``count`` Oware positions with 2 seeds in the pits (stores below 25), seeded: the
    seeds chase each other round, so lines repeat (A6) in most of them."""
    rules, rng, out = OwareRules(), random.Random(seed), []
    while len(out) < count:
        board = [0] * 12
        for _ in range(2):
            board[rng.randrange(12)] += 1
        south = rng.randint(22, 24)
        text = (",".join(map(str, board[:6])) + f"/{south}/" + ",".join(map(str, board[6:]))
                + f"/{46 - south}/{rng.choice('SN')}")
        pos = Position.from_notation(text, rules)
        if legal_moves(pos, rules):
            out.append(pos)
    return out


def test_values_with_repetitions_do_not_depend_on_what_was_analysed_before():
    """Graph history (A6): a value that a position coming back decided is kept in no table, and
    the analysed position starts the line. 40 endings analysed one after another, sharing the
    tables, each equal to a brute-force minimax over its own line. (Before the fix, 2 of them
    differed, e.g. 0,0,0,0,0,0/24/1,0,0,0,0,1/22/N: -2 instead of 0.)"""
    from tests.test_search import brute_values_oware

    rules = OwareRules()
    clear_tables()
    positions = _two_seed_endings(40, 3)
    assert "0,0,0,0,0,0/24/1,0,0,0,0,1/22/N" in [p.to_notation() for p in positions]
    for pos in positions:
        got = {m.pit: (m.value, m.exact) for m in analyse(pos, rules, time_ms=None)}
        assert got == {p: (v, True) for p, v in brute_values_oware(pos, rules).items()}, pos.to_notation()
