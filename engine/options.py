"""The variant options of each game, as data: names, allowed values, defaults, ranges.

This table is the one place these facts live. The rules objects
(``engine.rules``) check their fields against it, share links are read and
written with it, and forms and messages outside the engine read it (their
choices, their ranges, which options a game has) instead of copying it.

>>> option("kalah", "pits").values
(3, 4, 5, 6, 7, 8)
>>> [o.name for o in options_for("oware")]
['grand_slam']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import shown

GameName = Literal["kalah", "oware"]
"""The games the engine knows: Kalah (K1-K18) and Awari/Oware (A1-A6)."""

GAMES: tuple[GameName, ...] = ("kalah", "oware")
"""Every game, Kalah first (the default)."""

GAME_ALIASES: dict[str, GameName] = {"kalah": "kalah", "oware": "oware", "awari": "oware"}
"""Names a link or a form may use for a game, lower case."""

OptionKind = Literal["int", "bool", "choice"]
OptionValue = int | bool | str


@dataclass(frozen=True)
class Option:
    """One variant option of a game.

    Attributes:
        game: the game it belongs to.
        name: the field name in the rules object and in a share link (``"pits"``).
        kind: ``"int"`` (a whole number from ``low`` to ``high``), ``"bool"``,
            or ``"choice"`` (one of ``choices``).
        default: the standard value.
        rule_id: the rule in docs/rules.md that the option changes (``"K1"``).
        low, high: the range of an ``"int"`` option (inclusive), else 0.
        choices: the allowed values of a ``"choice"`` option, default first.
    """

    game: GameName
    name: str
    kind: OptionKind
    default: OptionValue
    rule_id: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()

    @property
    def values(self) -> tuple[OptionValue, ...]:
        """Every allowed value, in order: a range, ``(False, True)`` or the choices."""
        if self.kind == "int":
            return tuple(range(self.low, self.high + 1))
        if self.kind == "bool":
            return (False, True)
        return self.choices

    def allows(self, value: object) -> bool:
        """True when ``value`` is one of :attr:`values` (``True`` is not the number 1)."""
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high
        if self.kind == "bool":
            return isinstance(value, bool)
        return isinstance(value, str) and value in self.choices

    def refusal(self, value: object) -> str:
        """The developer's message for a value this option does not allow."""
        if self.kind == "int":
            return f"{self.name} must be a whole number from {self.low} to {self.high}, not {shown(value)}"
        if self.kind == "bool":
            return f"{self.name} must be True or False, not {shown(value)}"
        return f"{self.name} must be one of {', '.join(map(repr, self.choices))}, not {shown(value)}"

    def parse(self, text: object) -> OptionValue:
        """Read the option from link or form text (``"6"``, ``"true"``, ``"stuck"``).

        Raises ``ValueError`` (:meth:`refusal`) when the text is not an allowed value.
        """
        raw = str(text).strip().lower()
        if self.kind == "int":
            value: OptionValue | None = int(raw) if raw.isascii() and raw.lstrip("-").isdigit() and len(raw) <= 4 else None
        elif self.kind == "bool":
            value = {"true": True, "1": True, "yes": True, "on": True,
                     "false": False, "0": False, "no": False, "off": False}.get(raw)
        else:
            value = raw
        if value is None or not self.allows(value):
            raise ValueError(self.refusal(str(text)[:40]))
        return value


OPTIONS: tuple[Option, ...] = (
    Option("kalah", "pits", "int", 6, "K1", low=3, high=8),
    Option("kalah", "seeds", "int", 4, "K2", low=1, high=10),
    Option("kalah", "empty_capture", "bool", False, "K11"),
    Option("kalah", "end_rule", "choice", "row_empty", "K14", choices=("row_empty", "stuck")),
    Option("kalah", "capture_to", "choice", "store", "K18", choices=("store", "pit")),
    Option("kalah", "early_win", "bool", False, "K17"),
    Option("oware", "grand_slam", "choice", "no_capture", "A4", choices=("no_capture", "illegal", "capture_all")),
)
"""Every option of every game, in the order forms show them."""

OWARE_PITS = 6
"""Awari's board is fixed: 6 pits a side (A1)."""
OWARE_SEEDS = 4
"""Awari starts with 4 seeds in every pit (A1)."""
OWARE_CAPTURE_COUNTS = (2, 3)
"""Awari captures a pit of the opponent's row that holds 2 or 3 seeds after the sowing (A3)."""

MIN_PITS, MAX_PITS = 3, 8
"""The fewest and most pits a side of any board the engine plays (K1; Awari has 6)."""


def options_for(game: GameName) -> tuple[Option, ...]:
    """The options of ``game``, in form order."""
    return tuple(o for o in OPTIONS if o.game == game)


def option(game: GameName, name: str) -> Option:
    """The option ``name`` of ``game``; raises ``KeyError`` for an unknown one."""
    for o in OPTIONS:
        if o.game == game and o.name == name:
            return o
    raise KeyError(f"{game} has no option {name!r}")


def game_name(text: object) -> GameName:
    """``"kalah"``, ``"oware"`` (or ``"awari"``, any case) as a :data:`GameName`.

    Raises ``ValueError`` for anything else.
    """
    key = str(text).strip().lower()
    if key not in GAME_ALIASES:
        raise ValueError(f"game must be 'kalah' or 'oware', not {str(text)[:40]!r}")
    return GAME_ALIASES[key]


__all__ = [
    "GAMES", "GAME_ALIASES", "GameName", "MAX_PITS", "MIN_PITS", "OPTIONS", "OWARE_PITS", "OWARE_SEEDS",
    "Option", "OptionKind", "OptionValue", "game_name", "option", "options_for",
]
