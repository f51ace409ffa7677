"""Errors raised by the engine. Both are ``ValueError`` subclasses."""

from __future__ import annotations


class NotationError(ValueError):
    """A position written in notation could not be read.

    The message quotes the input and says what is wrong with it, for example
    ``wrong number of fields (4, need 5) in '4,4,4/0/4,4,4/0'``.
    """


class IllegalMoveError(ValueError):
    """A move that the rules do not allow; nothing was changed.

    ``rule_id`` names the rule the move breaks (``"K5"`` for an empty pit,
    ``"A5"`` for a move that does not feed, ``"A4"`` for a forbidden grand
    slam, ``"K14"``/``"A6"`` for a move after the game ended).
    The message quotes the move and the position in notation.
    """

    def __init__(self, message: str, rule_id: str = "K5") -> None:
        super().__init__(message)
        self.rule_id = rule_id
