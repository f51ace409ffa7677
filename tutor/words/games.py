"""The sentences of a lesson's game step (``tutor.steps.game``): who plays, how the game went, its buttons."""

from __future__ import annotations

from engine import NORTH, SOUTH, Side

from ..i18n import gettext as _
from .basics import level_name, side_name


def game_step_players(learner: Side, level: str) -> str:
    """The line under a game step's board: ``"You play South; the computer (Easy) plays North."``"""
    computer = NORTH if learner == SOUTH else SOUTH
    return _("You play {you}; the computer ({level}) plays {computer}.").format(
        you=side_name(learner), level=level_name(level), computer=side_name(computer))


def game_step_won(done: str, result: str) -> str:
    """A game step's game won: a cheer and the result (``words.result_text``, which says "You won 25 to
    23"), then the step's own words."""
    return _("Well done! {result}").format(result=result) + "\n\n" + done


def game_step_ended(done: str, result: str) -> str:
    """A game step that asks for no win: the game ended (any result), then the step's own words."""
    return _("Game over. {result}").format(result=result) + "\n\n" + done


def game_step_lost(result: str, draw: bool) -> str:
    """A game step's game lost (or drawn) when a win is asked for: kind words and Play again."""
    if draw:
        return _("So close! {result} This step asks for a win: press **Play again** for another game.").format(
            result=result)
    return _("Not this time. {result} Every game teaches you something: press **Play again** and try "
             "another plan.").format(result=result)


def game_step_computer_failed() -> str:
    """The computer of a game step could not choose a move."""
    return _("Sorry, the computer got stuck working out its move. Press **Play again** to start this game afresh.")


def game_step_label(key: str) -> str:
    """A game step's button: ``"play_again"``, ``"skip"``, or ``"skip_help"`` (the Skip button's tooltip)."""
    return {
        "play_again": _("Play again"),
        "skip": _("Skip"),
        "skip_help": _("This game is a bonus: skipping it never costs a star."),
    }.get(key, key)


__all__ = ["game_step_computer_failed", "game_step_ended", "game_step_label", "game_step_lost", "game_step_players",
           "game_step_won"]
