"""Random-playout speed of the rules engine, and of OpenSpiel's games when installed.

    python -m bench.engine_bench [--games 2000] [--seed 1]

Prints moves per second for:
  - Kalah through the public ``engine.play`` API,
  - Kalah through the packed-int kernel the search uses (``engine.kalah_kernel``,
    proven identical to ``play`` by tests/test_fast.py),
  - Oware through the public ``engine.play`` API,
  - OpenSpiel's ``mancala`` and ``oware`` driven from Python in the same run
    (``pip install -r requirements-bench.txt``), and our speed as a ratio.

Every playout starts from the standard position and picks uniformly among
the legal moves with ``random.Random(seed).choice``, like the OpenSpiel loop.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

from engine import KalahRules, OwareRules, Rules, legal_moves, play
from engine.kalah_kernel import kalah_kernel


def public_playouts(rules: Rules, games: int, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    choice = rng.choice
    start = rules.initial_position()
    moves = 0
    t0 = time.perf_counter()
    for _ in range(games):
        pos = start
        seen = {pos}  # A6: a position repeated since the last capture ends the game
        while True:
            legal = legal_moves(pos, rules)
            if not legal:
                break
            result = play(pos, choice(legal), rules)
            pos = result.position
            moves += 1
            if result.captured:
                seen.clear()
            elif pos in seen:
                break
            seen.add(pos)
    return moves, time.perf_counter() - t0


def kernel_playouts(rules: KalahRules, games: int, seed: int) -> tuple[int, float]:
    kernel = kalah_kernel(rules)
    rng = random.Random(seed)
    choice = rng.choice
    x0, ms0 = kernel.start(rules.initial_position())
    moves = 0
    t0 = time.perf_counter()
    for _ in range(games):
        x, ms = x0, ms0
        while ms:
            x, ms = choice(ms)(x)
            moves += 1
    return moves, time.perf_counter() - t0


def openspiel_playouts(name: str, games: int, seed: int) -> tuple[int, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    choice = rng.choice
    moves = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            moves += 1
    return moves, time.perf_counter() - t0


def best_of(fn: Callable[..., tuple[int, float] | None], repeats: int, *args: object) -> tuple[int, float]:
    """The fastest of ``repeats`` runs (the least disturbed by other work)."""
    runs = [run for _ in range(repeats) if (run := fn(*args)) is not None]  # None: no OpenSpiel (asked first)
    return min(runs, key=lambda r: r[1] / max(r[0], 1))


def line(label: str, moves: int, seconds: float) -> float:
    rate = moves / seconds
    print(f"{label:<38} {moves:>8} moves {seconds:7.3f} s {rate:>12,.0f} moves/s")
    return rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.games} games each, seed {args.seed}, best of {args.repeats}")
    kalah, oware = KalahRules(), OwareRules()
    k_public = line("Kalah  engine.play (public API)", *best_of(public_playouts, 1, kalah, args.games, args.seed))
    k_fast = line("Kalah  engine.kalah_kernel (search)", *best_of(kernel_playouts, args.repeats, kalah, args.games, args.seed))
    o_public = line("Oware  engine.play (public API)", *best_of(public_playouts, 1, oware, args.games, args.seed))
    spiel_k = openspiel_playouts("mancala", args.games, args.seed)
    if spiel_k is None:
        print("OpenSpiel not installed (pip install -r requirements-bench.txt): no ratio")
        return
    s_k = line("Kalah  OpenSpiel mancala (pybind)", *best_of(openspiel_playouts, args.repeats, "mancala", args.games, args.seed))
    s_o = line("Oware  OpenSpiel oware (pybind)", *best_of(openspiel_playouts, args.repeats, "oware", args.games, args.seed))
    print(f"ratio Kalah kernel / OpenSpiel:        {k_fast / s_k:.2f}x")
    print(f"ratio Kalah public play / OpenSpiel:   {k_public / s_k:.2f}x")
    print(f"ratio Oware public play / OpenSpiel:   {o_public / s_o:.2f}x")


if __name__ == "__main__":
    main()
