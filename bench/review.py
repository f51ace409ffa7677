"""What a game's review costs the server: CPU seconds to review a 40-move game (issue 32).

Plays a 40-move game of standard Kalah (6 pits, 4 seeds; the engine's "easy" level for both sides,
seeded, so it is the same game each time) and, with ``--game oware``, of Awari; then runs the
review's requests (``tutor.review.chunks``, ``ui.story.requests``'s searches, :data:`tutor.review.REVIEW_MS`
each position) as a pool worker runs them (``tutor.thinking.run_request``), and prints the CPU seconds
(``time.process_time``) and wall seconds they took, and how many positions the book or the tables
answered exactly. The target: within 20 s of CPU for 40 moves.

    python -m bench.review                 # Kalah
    python -m bench.review --game oware
"""

from __future__ import annotations

import argparse
import random
import time

from engine import Game, KalahRules, MoveValue, OwareRules, Position, choose_move
from tutor.review import REVIEW_MS, before_moves, chunks, review_game
from tutor.thinking import Request, run_request

MOVES = 40


def game_of(rules: KalahRules | OwareRules, moves: int = MOVES, seed: int = 32) -> Game:
    """The first game of ``moves`` moves (cut there), both sides at the "easy" level, seeded
    from ``seed`` on (a game that ends sooner is left for the next seed)."""
    while True:
        rng = random.Random(seed)
        game = Game(rules)
        while not game.is_over and len(game.results) < moves:
            game.play(int(choose_move(game.position, rules, "easy", rng=rng, time_ms=None)))
        if len(game.results) == moves:
            return game
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("kalah", "oware"), default="kalah")
    parser.add_argument("--ms", type=int, default=REVIEW_MS, help="thinking time per position (ms)")
    args = parser.parse_args()
    rules = KalahRules() if args.game == "kalah" else OwareRules()
    game = game_of(rules)
    found: dict[Position, list[MoveValue]] = {}
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for part in chunks(before_moves(game)):
        found.update(zip(part, run_request(Request("review", game.start, rules, args.ms, positions=part)), strict=True))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    review = review_game(game, lambda p, _r: found[p])
    exact = sum(1 for r in review.rows if r["exact"])
    marks = {m: sum(1 for r in review.rows if r["mark"] == m) for m in ("good", "inaccuracy", "mistake", "blunder")}
    print(f"{args.game}: {len(game.results)} moves reviewed at {args.ms} ms a position: "
          f"{cpu:.1f} s CPU, {wall:.1f} s wall; {exact} losses proven; marks {marks}")


if __name__ == "__main__":
    main()
