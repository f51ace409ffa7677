"""Errors raised by the engine. Both are ``ValueError`` subclasses.

Each error carries structured fields as well as a message for developers,
so the words a user reads are made elsewhere (``tutor.words``) from the
fields, never by parsing the message or the notation again.
"""

from __future__ import annotations

from typing import Literal

NotationField = Literal["position", "parts", "row", "pit", "store", "to_move"]
"""Where in a notation string the problem is: the whole ``position``, the
number of ``parts``, a ``row`` of pits, one ``pit``, a ``store``, or ``to_move``."""

NotationProblem = Literal[
    "not_text",      # the position is not a string (value: the type's name)
    "empty",         # nothing was written
    "too_long",      # longer than MAX_NOTATION_LENGTH characters (value: the length; expected: the limit)
    "parts",         # not 5 parts separated by "/" (value: how many; expected: 5)
    "missing",       # a row has no pits (side given)
    "not_a_number",  # a pit or store is not a whole number (value: the text)
    "negative",      # a pit or store holds a negative number (value: the text)
    "too_big",       # a pit or store holds more seeds than any game has (value: the text)
    "side",          # the side to move is not S or N (value: the text)
    "row_lengths",   # the rows differ in length (value: South's, expected: North's)
    "pit_count",     # a row has too few or too many pits (value: pits; expected: the rules' pits or None for 3..8)
    "total",         # the seeds do not add up to the rules' total (value: the sum; expected: the total)
]
"""What is wrong with a notation string (``NotationError.problem``)."""


def shown(value: object) -> str:
    """``value`` for an error message: its ``repr`` cut to 40 characters; a whole number too long
    to write (Python's 4300-digit limit) is told by its size, never converted."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


class NotationError(ValueError):
    """A position written in notation could not be read.

    Attributes:
        field: where the problem is (:data:`NotationField`).
        problem: what is wrong (:data:`NotationProblem`).
        value: the offending value: the text of a field, a count or a sum.
        side: ``"S"`` or ``"N"`` for a problem in one side's row, pit or store, else ``None``.
        pit: the pit (1..n, the owner's numbering) for ``field == "pit"``, else ``None``.
        expected: what was needed (5 parts, the rules' pits or total), else ``None``.
        text: the input, as given (cut to ``MAX_NOTATION_LENGTH`` characters when ``too_long``).

    The message quotes the input and says what is wrong with it, for example
    ``wrong number of fields (4, need 5 separated by '/') in '4,4,4/0/4,4,4/0'``.
    """

    def __init__(
        self,
        message: str,
        *,
        field: NotationField = "position",
        problem: NotationProblem = "not_text",
        value: str | int = "",
        side: str | None = None,
        pit: int | None = None,
        expected: int | None = None,
        text: str = "",
    ) -> None:
        super().__init__(message)
        self.field: NotationField = field
        self.problem: NotationProblem = problem
        self.value = value
        self.side = side
        self.pit = pit
        self.expected = expected
        self.text = text


class IllegalMoveError(ValueError):
    """A move that the rules do not allow; nothing was changed.

    ``rule_id`` names the rule the move breaks (``"K5"`` for an empty pit or
    a pit that does not exist, ``"A5"`` for a move that does not feed,
    ``"A4"`` for a forbidden grand slam, ``"K14"``/``"A6"`` for a move after
    the game ended). ``pit`` is the pit asked for (as given).
    The message quotes the move and the position in notation.
    """

    def __init__(self, message: str, rule_id: str = "K5", pit: object = None) -> None:
        super().__init__(message)
        self.rule_id = rule_id
        self.pit = pit
