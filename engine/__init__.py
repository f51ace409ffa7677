"""Mancala Tutor's engine: the rules of Kalah (K1-K18) and Awari/Oware (A1-A6).

Pure Python, standard library only. Public names (stable):

>>> from engine import KalahRules, play
>>> rules = KalahRules()
>>> result = play(rules.initial_position(), 3, rules)
>>> result.extra_turn, result.rules_fired
(True, ('K7', 'K9'))
"""

from .core import MoveResult, Outcome, legal_moves, outcome, play
from .errors import IllegalMoveError, NotationError
from .game import Game
from .position import NORTH, SOUTH, STORE, Place, Position, opposite_pit, other
from .rules import KalahRules, OwareRules, Rules, rules_for_position, rules_from_params
from .search import LEVELS, MoveValue, analyse, choose_move

__all__ = [
    "Game",
    "IllegalMoveError",
    "KalahRules",
    "LEVELS",
    "MoveValue",
    "MoveResult",
    "NORTH",
    "NotationError",
    "Outcome",
    "OwareRules",
    "Place",
    "Position",
    "Rules",
    "analyse",
    "choose_move",
    "SOUTH",
    "STORE",
    "legal_moves",
    "opposite_pit",
    "other",
    "outcome",
    "play",
    "rules_for_position",
    "rules_from_params",
]
