"""The words of timed games (K19): the clock choices, the clocks on the board, a loss on time.

Times are written by ``tutor.clock.clock_text`` (``"2:58"``, ``"9.4"``).
"""

from __future__ import annotations

from engine import CUSTOM_INCREMENT_S, CUSTOM_MINUTES, NORTH, SOUTH, Side, TimeControl

from ..i18n import gettext as _
from ..i18n import per_language
from .basics import side_name


def clock_label(key: str) -> str:
    """The clock's labels in the sandbox's settings and controls, keyed by a stable id."""
    return _clock_labels().get(key, key)


@per_language
def _clock_labels() -> dict[str, str]:
    return {
        "clock": _("Clock"),
        "none": _("No clock"),
        "3+2": _("3+2: 3 minutes each, +2 seconds a turn"),
        "5+5": _("5+5: 5 minutes each, +5 seconds a turn"),
        "custom": _("Your own"),
        "minutes": _("Minutes each (0.1 to 60)"),
        "increment": _("Seconds added after each turn (0 to 60)"),
        "sides": _("Who plays on a clock"),
        "both": _("Both players"),
        SOUTH: _("Only South"),
        NORTH: _("Only North"),
        "pause": _("Pause the clocks"),
        "resume": _("Resume"),
        "no_undo": _("No Undo in a timed game: the clocks would not be fair."),
    }


def clock_help() -> str:
    """What the clock choice means, in a few sentences (under the choice; rule K19)."""
    return _("The clocks start with the first move. Only the player to move has a running clock; an extra "
             "turn keeps it running, and the seconds are added when your turn ends. If your time runs out, "
             "you lose. Undo is off in a timed game.")


def clock_name(control: TimeControl) -> str:
    """``"clock 3+2"`` for the line beside the controls."""
    return _("clock {name}").format(name=control.name)


def clock_refused(part: str) -> str:
    """Why a clock choice can't be used; ``part`` is what is wrong: ``"minutes"``, ``"increment"``
    or anything else for a choice that is not one of ``engine.CLOCK_CHOICES``."""
    lo, hi = CUSTOM_MINUTES
    ilo, ihi = CUSTOM_INCREMENT_S
    if part == "minutes":
        reason = _("the minutes each must be a number from {lo:g} to {hi:g}").format(lo=lo, hi=hi)
    elif part == "increment":
        reason = _("the seconds added must be a whole number from {lo} to {hi}").format(lo=ilo, hi=ihi)
    else:
        reason = _("choose no clock, 3+2, 5+5 or your own")
    return _("That clock cannot be used: {reason}.").format(reason=reason)


def new_game_clock(control: TimeControl | None) -> str:
    """What the new-game notice adds for a timed game (empty when untimed)."""
    if control is None:
        return ""
    return _("Clock {name}: the clocks start with the first move.").format(name=control.name)


def clocks_paused_line(to_move: str) -> str:
    """The line above the board while the clocks are paused: ``"Clocks paused · North to move"``."""
    return _("Clocks paused · {to_move}").format(to_move=to_move)


def clocks_paused_note() -> str:
    return _("Both clocks are stopped. Press Resume when you are ready to play on.")


def clocks_paused_press() -> str:
    return _("The clocks are paused: press Resume to play on.")


def editor_off_on_clock() -> str:
    return _("The board editor is off during a timed game: press New game first, or choose No clock.")


def no_undo_on_clock() -> str:
    return _("No going back in a timed game: the clocks would not be fair.")


def time_ran_out(loser_side: Side) -> str:
    """Why a game ended on time (K19), as ``end_reason`` words: ``"North's time ran out"``."""
    return _("{side}'s time ran out").format(side=side_name(loser_side))


def clock_columns() -> dict[str, str]:
    """The move table's clock columns (after each move): row key -> header."""
    return {"south_clock": _("South's time left"), "north_clock": _("North's time left")}


def board_clock_words() -> dict[str, str]:
    """The board's clock words: a clock's accessible name ({side}), paused, and "on the clock"."""
    return {
        "clock": _("{side}'s clock"),
        "paused": _("paused"),
        "untimed": _("no clock"),
    }


__all__ = ["board_clock_words", "editor_off_on_clock", "clock_columns", "clock_help", "clock_label", "clock_name", "clock_refused",
           "clocks_paused_line", "clocks_paused_note", "clocks_paused_press", "new_game_clock",
           "no_undo_on_clock", "time_ran_out"]
