"""The packed-int Kalah kernel (engine.kalah_kernel) plays exactly the rules of engine.play;
both kernels tell the search their packed layout (engine.kernel.Kernel)."""

import random

import pytest

from engine import KalahRules, OwareRules, Position, legal_moves, play
from engine.kalah_kernel import kalah_kernel
from engine.kernel import Kernel, kernel_for

VARIANTS = [
    KalahRules(),
    KalahRules(pits=3, seeds=1),
    KalahRules(pits=4, seeds=3, empty_capture=True),
    KalahRules(seeds=6, end_rule="stuck", capture_to="pit"),
    KalahRules(pits=8, seeds=10, early_win=True),
    KalahRules(seeds=5, empty_capture=True, end_rule="stuck", capture_to="pit", early_win=True),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.describe() for r in VARIANTS])
def test_kernel_matches_play_on_random_games(rules):
    k = kalah_kernel(rules)
    rng = random.Random(7)
    moves_checked = 0
    for _ in range(150):
        pos = rules.initial_position(rng.choice("SN"))
        x, ms = k.start(pos)
        while True:
            legal = legal_moves(pos, rules)
            assert tuple(f.pit for f in ms) == legal
            assert all(f.side == pos.to_move for f in ms)
            if not legal:
                break
            pit = rng.choice(legal)
            r = play(pos, pit, rules)
            x, ms = k.moves[pos.to_move][pit - 1](x)
            assert (not ms) == r.game_over
            side = ms[0].side if ms else r.position.to_move
            assert k.decode(x, side) == r.position
            assert k.stores(x) == (r.position.south_store, r.position.north_store)
            assert k.seeds_in_play(x) == r.position.seeds_in_play
            pos = r.position
            moves_checked += 1
    assert moves_checked > 700


def test_kernel_start_of_a_finished_position_is_swept():
    rules = KalahRules()
    k = kalah_kernel(rules)
    from engine import Position

    pos = Position.from_notation("0,0,0,0,0,0/20/1,2,3,4,5,6/7/S")
    x, ms = k.start(pos)
    assert ms == ()
    assert k.decode(x, "S") == Position.from_notation("0,0,0,0,0,0/20/0,0,0,0,0,0/28/S")


@pytest.mark.parametrize(
    "rules", [*VARIANTS, OwareRules(), OwareRules(grand_slam="capture_all")], ids=lambda r: r.describe()
)
def test_kernel_layout_tells_the_search_where_the_stores_are(rules):
    """The layout in ``Kernel`` reads the stores of every position a random game reaches (K16, A6)."""
    k = kernel_for(rules)
    assert isinstance(k, Kernel)
    assert k.total == rules.total_seeds
    assert k.cycles == isinstance(rules, OwareRules)  # only Oware positions can come back (A6)
    assert k.store_mask & (k.store_mask + 1) == 0 and k.store_mask >= k.total  # one field holds every count
    assert k.north_store_shift > k.south_store_shift  # North's store is the top field: no mask
    rng = random.Random(3)
    for _ in range(20):
        pos = rules.initial_position(rng.choice("SN"))
        for _ in range(rng.randrange(0, 60)):
            if not legal_moves(pos, rules):
                break
            pos = play(pos, rng.choice(legal_moves(pos, rules)), rules).position
        x, ms = k.start(pos)
        if ms:
            assert ((x >> k.south_store_shift) & k.store_mask, x >> k.north_store_shift) == (
                pos.south_store,
                pos.north_store,
            )
            assert k.seeds_in_play(x) == pos.seeds_in_play
            swept = Position((0,) * len(pos.south), pos.south_store + sum(pos.south),
                             (0,) * len(pos.north), pos.north_store + sum(pos.north), pos.to_move)
            assert k.decode(k.sweep(x), pos.to_move) == swept
