"""The words of Home: what mancala is, how the app is used, and the lesson to go on with."""

from __future__ import annotations

from ..i18n import gettext as _


def home_intro() -> str:
    return _("Mancala is a family of very old board games played with seeds and pits. "
             "You pick up all the seeds in one of your pits and drop them one by one "
             "around the board. Land well and you move again or capture seeds. "
             "Here you learn **Kalah** and its West African cousin **Awari (Oware)**.")


def home_board_line() -> str:
    return _("Kalah at the start: 4 seeds in every pit")


def home_how_to() -> str:
    return _(
        "1. **Lessons 1-6** teach the rules one at a time, and **lessons 7 and 8** how to play well. "
        "You learn by pressing the pits.\n"
        "2. **Puzzles** let you practise: find the best move.\n"
        "3. The **Sandbox** is for playing a whole game, with a friend or against the computer, "
        "with any rules you like.\n"
        "4. **Move outcomes** takes every pit the player to move may play and shows, in a chart and "
        "a table, what that move does now and how the game ends from there if both players then play "
        "their best. Try it on your Sandbox game, a lesson position or one you paste.\n\n"
        "Teachers: the board works on a projector, and in *Board settings* (sidebar) you can slow "
        "the sowing down or drop one seed per click.")


def next_lesson(number: int) -> str:
    return _("Next: lesson {number}").format(number=number)


__all__ = ["home_board_line", "home_how_to", "home_intro", "next_lesson"]
