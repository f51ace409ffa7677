"""Mancala Tutor's engine: the rules of Kalah (K1-K18) and Awari/Oware (A1-A6).

Pure Python, standard library only; it imports nothing else of the project.
Public names (stable):

>>> from engine import KalahRules, play
>>> rules = KalahRules()
>>> result = play(rules.initial_position(), 3, rules)
>>> result.extra_turn, result.rules_fired
(True, ('K7', 'K9'))
"""

from typing import TYPE_CHECKING

from .clock import CLOCK_CHOICES, CLOCK_SIDES, CUSTOM, CUSTOM_INCREMENT_S, CUSTOM_MINUTES, TimeControl, time_control, time_outcome, timed_sides
from .errors import IllegalMoveError, NotationError
from .game import Game
from .goals import Goal, Miss, misses, reached
from .moves import legal_moves, outcome, play, swept
from .options import GAMES, MAX_PITS, MIN_PITS, OPTIONS, GameName, Option, OptionValue, game_name, option, options_for
from .position import MAX_COUNT, MAX_NOTATION_LENGTH, NORTH, SIDES, SOUTH, STORE, Place, Position, Side, opposite_pit, other, side_of, steps_to_store
from .results import EndReason, MoveResult, Outcome
from .rules import (
    KalahRules,
    OwareRules,
    Rules,
    ignored_params,
    make_rules,
    rules_for_position,
    rules_from_params,
)
from .turns import Turn, all_turns, best_capture, play_turn

if TYPE_CHECKING:
    from .search import LEVELS, MoveValue, analyse, choose_move

_SEARCH = frozenset({"LEVELS", "MoveValue", "analyse", "choose_move"})
"""The search's public names, imported on first use (``engine.search`` is about a third of the engine's
import time, and a page that only shows a board never searches)."""


def __getattr__(name: str) -> object:
    if name in _SEARCH:
        from . import search

        return getattr(search, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "CLOCK_CHOICES",
    "CLOCK_SIDES",
    "CUSTOM",
    "CUSTOM_INCREMENT_S",
    "CUSTOM_MINUTES",
    "TimeControl",
    "time_control",
    "time_outcome",
    "timed_sides",
    "EndReason",
    "GAMES",
    "MAX_COUNT",
    "MAX_NOTATION_LENGTH",
    "MAX_PITS",
    "MIN_PITS",
    "OptionValue",
    "Game",
    "GameName",
    "Goal",
    "IllegalMoveError",
    "KalahRules",
    "LEVELS",
    "Miss",
    "MoveResult",
    "MoveValue",
    "NORTH",
    "NotationError",
    "OPTIONS",
    "Option",
    "Outcome",
    "OwareRules",
    "Place",
    "Position",
    "Rules",
    "SIDES",
    "SOUTH",
    "STORE",
    "Side",
    "Turn",
    "all_turns",
    "analyse",
    "best_capture",
    "choose_move",
    "game_name",
    "ignored_params",
    "legal_moves",
    "make_rules",
    "misses",
    "opposite_pit",
    "option",
    "options_for",
    "other",
    "outcome",
    "play",
    "play_turn",
    "reached",
    "rules_for_position",
    "rules_from_params",
    "side_of",
    "steps_to_store",
    "swept",
]
