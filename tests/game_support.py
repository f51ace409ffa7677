"""Playing a lesson's game step in tests: a learner and a computer that play the same moves on every machine.

The learner plays ``engine``'s depth-limited search (``best_move`` with no time limit); the computer plays
the Easy level (greedy, ties broken by a seeded ``random.Random``). Neither depends on a clock.
"""

from __future__ import annotations

import random

from engine import Outcome, choose_move
from engine.search.levels import best_move
from tutor.steps.game import StepGame
from tutor.sandbox import Chooser

LEARNER_DEPTH = 6
"""Plies the test learner looks ahead."""


def learner_pit(game: StepGame, depth: int = LEARNER_DEPTH) -> int:
    """The test learner's pit: the best by a ``depth``-ply search (no time limit)."""
    return best_move(game.position, game.rules, time_ms=None, max_depth=depth)[0]


def easy_computer(seed: int = 0) -> Chooser:
    """A chooser that plays the Easy level with ties broken by ``random.Random(seed)``, whatever level it is asked."""
    rng = random.Random(seed)

    def choose(position, rules, level, _rng, _time_ms):
        return choose_move(position, rules, "easy", rng=rng)

    return choose


def first_pit(position, rules, level, rng, time_ms) -> int:
    """A chooser that always plays the first legal pit (a scripted, weak computer)."""
    from engine import legal_moves

    return legal_moves(position, rules)[0]


def play_out(game: StepGame, pick=learner_pit, computer: Chooser | None = None, limit: int = 400) -> Outcome:
    """Play ``game`` to its end: the learner presses ``pick(game)``, the computer replies with ``computer``."""
    game.choose = computer or easy_computer()
    for _ in range(limit):
        if game.over():
            break
        if game.accepts_presses():
            game.press(pick(game))
        else:
            assert game.computer_turn() > 0
    end = game.result()
    assert end is not None, "the game did not end"
    return end
