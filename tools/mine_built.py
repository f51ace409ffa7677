"""Positions BUILT to hold a theme self-play seldom reaches, for the puzzle miner (``tools/mine_puzzles.py --built``).

Self-play rarely piles up a pit big enough to sow a lap (K8, A2), and rarely leaves a player with no seeds
(A5) or a grand slam on the board (A4) while few enough seeds are in play to prove every move. So these
positions are built, each with the rules' total of seeds (K2, A1) and neither store past half of them
(K17, A6), the seeds not in the pits shared out between the stores near evenly (but for the Awari lap):

- :func:`kalah_lap`: the player to move has one pile of ``rules.lap`` to ``rules.lap + 4`` seeds (enough to
  sow all the way round, K8), two to four other pits of theirs hold a seed, and a few seeds lie about
  both rows; at most :data:`KALAH_IN_PLAY` seeds in the pits (6x4: 13 to 18, proven by the exact search
  over the 12-seed endgame table);
- :func:`awari_feed`: the opponent's row is empty (A5), three or four of the mover's pits hold about the
  seeds that reach the opponent's row;
- :func:`awari_slam`: the opponent's first one to three pits hold 1 or 2 seeds and nothing else, and one of
  the mover's pits holds exactly the seeds to reach the last of them, so it would capture them all (A4);
- :func:`awari_lap`: the mover, a few seeds from winning, has a pile of 12 to 16 seeds whose lap (A2) ends
  in the opponent's first pits (then the search ends soon: a capture reaches the 10-seed table or wins).

Each builder draws from ``rng`` and returns ``None`` when what it drew does not fit (too many seeds in the
pits, a store past half). The position is only a candidate: ``lessons.mined_facts.judge`` decides, with
exact values, whether it is a puzzle and of which theme.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import KalahRules, OwareRules, Position, Rules, Side

KALAH_IN_PLAY: dict[int, int] = {4: 16, 5: 18, 6: 18}
"""The most seeds in the pits of a built Kalah position, by pits a side: a 6-pit lap needs 13 and the exact
search proves 13 to 18 over the 12-seed table within its node budget."""
AWARI_IN_PLAY = 12
"""The most seeds in the pits of a built Awari feeding or grand slam position (the Oware prover with its
10-seed table proves most of them at once)."""

Builder = Callable[[Rules, random.Random], "Position | None"]


def _other(side: Side) -> Side:
    return "N" if side == "S" else "S"


def _place(rows: dict[Side, list[int]], rules: Rules, me: Side, cap: int, rng: random.Random) -> Position | None:
    """``rows`` as a position with ``me`` to move and the rest of the seeds in the stores (near evenly, each
    below half); ``None`` when more than ``cap`` seeds are in the pits or that cannot be."""
    in_play = sum(rows["S"]) + sum(rows["N"])
    total = rules.total_seeds
    if in_play > cap or in_play > total:
        return None
    rest, half = total - in_play, total // 2 - 1
    low, high = max(0, rest - half), min(half, rest)
    if low > high:
        return None
    south = min(high, max(low, rest // 2 + rng.randint(-4, 4)))
    return Position(tuple(rows["S"]), south, tuple(rows["N"]), rest - south, me)


def kalah_lap(rules: Rules, rng: random.Random) -> Position | None:
    """A Kalah position whose mover has a pile of a lap or more (module docstring)."""
    assert isinstance(rules, KalahRules)
    n = rules.pits
    me: Side = rng.choice(("S", "N"))
    rows: dict[Side, list[int]] = {"S": [0] * n, "N": [0] * n}
    pile = rng.randrange(n)
    rows[me][pile] = rules.lap + rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    others = [k for k in range(n) if k != pile]
    for k in rng.sample(others, rng.randint(2, min(4, len(others)))):
        rows[me][k] += 1
    for _ in range(rng.randint(0, 5 if n < 6 else 3)):
        side: Side = rng.choice(("S", "N"))
        rows[side][rng.randrange(n)] += 1
    return _place(rows, rules, me, KALAH_IN_PLAY.get(n, 18), rng)


def awari_feed(rules: Rules, rng: random.Random) -> Position | None:
    """An Awari position whose opponent has no seeds (A5)."""
    me: Side = rng.choice(("S", "N"))
    rows: dict[Side, list[int]] = {"S": [0] * 6, "N": [0] * 6}
    for k in rng.sample(range(6), rng.randint(3, 4)):
        rows[me][k] = max(1, 6 - k + rng.randint(-2, 1))  # pit k+1 reaches the other row with 6 - k seeds
    return _place(rows, rules, me, AWARI_IN_PLAY, rng)


def awari_slam(rules: Rules, rng: random.Random) -> Position | None:
    """An Awari position where one of the mover's pits would capture every seed of the opponent (A4)."""
    me: Side = rng.choice(("S", "N"))
    rows: dict[Side, list[int]] = {"S": [0] * 6, "N": [0] * 6}
    reach = rng.randint(1, 3)
    for k in range(reach):
        rows[_other(me)][k] = rng.randint(1, 2)
    pit = rng.randrange(6)
    rows[me][pit] = 5 - pit + reach  # pit + 1 sows its 5 - pit pits beyond, then the opponent's 1..reach
    for _ in range(rng.randint(2, 5)):
        rows[me][rng.choice([k for k in range(6) if k != pit])] += 1
    return _place(rows, rules, me, AWARI_IN_PLAY, rng)


def awari_lap(rules: Rules, rng: random.Random) -> Position | None:
    """An Awari position whose mover is a few seeds from winning (20 to 24 captured, A6) and has a pile of 12
    or more seeds in pit 4, 5 or 6 whose lap (A2) ends in the opponent's pit 1, 2 or 3, each of those
    holding 0 or 1 seed (so the lap may capture them, A3); two other pits of the mover's hold a seed."""
    me: Side = rng.choice(("S", "N"))
    rows: dict[Side, list[int]] = {"S": [0] * 6, "N": [0] * 6}
    pit, reach = rng.choice((4, 5, 6)), rng.randint(1, 3)
    rows[me][pit - 1] = 11 + (6 - pit) + reach  # 11 pits once round (its own skipped), then on to ``reach``
    for k in range(reach):
        rows[_other(me)][k] = rng.randint(0, 1)
    if not any(rows[_other(me)]):
        rows[_other(me)][rng.randrange(reach)] = 1
    for k in rng.sample([k for k in range(6) if k != pit - 1], 2):
        rows[me][k] += 1
    rest = rules.total_seeds - sum(rows["S"]) - sum(rows["N"])
    mine = rng.randint(20, 24)
    if rest - mine < 0 or rest - mine >= rules.total_seeds // 2:
        return None
    stores = {me: mine, _other(me): rest - mine}
    return Position(tuple(rows["S"]), stores["S"], tuple(rows["N"]), stores["N"], me)


BUILDERS: dict[str, Builder] = {"lap": kalah_lap, "awari-feed": awari_feed, "awari-grand-slam": awari_slam,
                                "awari-lap": awari_lap}
"""Theme -> its builder."""


def built_themes(rules: Rules) -> tuple[str, ...]:
    """The themes built for a game: ``("lap",)`` for Kalah, the three Awari ones for Oware."""
    if isinstance(rules, OwareRules):
        return ("awari-feed", "awari-grand-slam", "awari-lap")
    return ("lap",)


def built_positions(rules: Rules, themes: tuple[str, ...], rng: random.Random, count: int) -> list[Position]:
    """``count`` draws, each from the builder of one of ``themes`` in turn, the positions that fit (no two
    the same)."""
    out: dict[str, Position] = {}
    for k in range(count):
        pos = BUILDERS[themes[k % len(themes)]](rules, rng)
        if pos is not None:
            out.setdefault(pos.to_notation(), pos)
    return list(out.values())


__all__ = ["AWARI_IN_PLAY", "BUILDERS", "KALAH_IN_PLAY", "awari_feed", "awari_lap",
           "awari_slam", "built_positions", "built_themes", "kalah_lap"]
