"""The Practice page: ratings and how they moved, a streak, and the dashboard of rating and themes.

A rating is a whole number (``tutor.ratings.Rating.shown``), with a ``"?"`` while it is provisional
(``"1290?"``: ``tutor.ratings.Rating.provisional``); its change after a puzzle is said with its sign (``"+12"``). Only a learner's first try of a puzzle moves the rating, and the page says so.
"""

from __future__ import annotations

from ..i18n import gettext as _
from ..i18n import ngettext, per_language
from .basics import game_title


@per_language
def practice_labels() -> dict[str, str]:
    """The Practice page's labels by id (buttons, menus, headings, chart axes)."""
    return {
        "game": _("Game"),
        "mode": _("What to play"),
        "mode_rated": _("Puzzles for me"),
        "mode_streak": _("Streak"),
        "themes": _("Themes"),
        "weakest": _("My weakest theme"),
        "next": _("Next puzzle"),
        "new_streak": _("Start a new streak"),
        "rules": _("How it works"),
        "dashboard": _("How you are doing"),
        "rating_chart": _("Your rating, puzzle by puzzle"),
        "puzzles_axis": _("Puzzles tried"),
        "rating_axis": _("Rating"),
        "themes_chart": _("Puzzles solved at the first try, by theme"),
        "share_axis": _("Solved at the first try (%)"),
        "provisional_points": _("? Still finding its level"),
        "settled_points": _("Found its level"),
    }


def practice_label(key: str) -> str:
    """The Practice page's label with id ``key``; the id if unknown."""
    return practice_labels().get(key, key)


def rating_title(game: str) -> str:
    """The rating's heading: ``"Your Kalah rating"``."""
    return _("Your {game} rating").format(game=game_title(game))


def rating_value(rating: int, provisional: bool) -> str:
    """A rating as shown under its heading and on the chart: ``"1290?"`` while it is provisional (still
    finding its level: ``tutor.ratings.Rating.provisional``), else ``"1290"``."""
    return _("{rating}?").format(rating=rating) if provisional else str(rating)


def rating_provisional() -> str:
    """Under a provisional rating (``"1290?"``): why it moves a lot (Glicko-2: its deviation is still high)."""
    return _("Your rating is still finding its level: it moves a lot in your first puzzles.")


def signed(change: int) -> str:
    """A rating's change with its sign: ``"+12"``, ``"-9"``, ``"0"``."""
    return f"+{change}" if change > 0 else str(change)


def rating_moved(change: int, rating: int, provisional: bool = False) -> str:
    """After a rated first try: how the rating moved and where it is now; a fall of a ``provisional``
    rating (still finding its level) is said with why it is big: ``"Your rating went down by 210, to 1290
    for now: a new rating takes big steps, up and down, until it finds your level."``"""
    if change < 0 and provisional:
        return _("Your rating went down by {n}, to {rating} for now: a new rating takes big steps, up and down, "
                 "until it finds your level.").format(n=-change, rating=rating)
    if change > 0:
        return _("Your rating went up by {n}: it is {rating} now.").format(n=change, rating=rating)
    if change < 0:
        return _("Your rating went down by {n}: it is {rating} now.").format(n=-change, rating=rating)
    return _("Your rating stays {rating}.").format(rating=rating)


def rating_moved_after_miss(change: int, rating: int, provisional: bool = False) -> str:
    """A solve after the rated first try was a miss (a wrong move came first): how that try moved the rating
    (a ``provisional`` one: with why the step is big)."""
    if change < 0 and provisional:
        return _("Solved, but a wrong move came first, so your rating went down by {n}, to {rating} for now: a new "
                 "rating takes big steps, up and down, until it finds your level.").format(n=-change, rating=rating)
    if change < 0:
        return _("Solved, but a wrong move came first, so your rating went down by {n}: it is {rating} now.").format(
            n=-change, rating=rating)
    return _("Solved, but a wrong move came first, so your rating stays {rating}.").format(rating=rating)


def rating_moved_after_hint(change: int, rating: int) -> str:
    """A first try solved after a hint, with no wrong move (half a solve, ``tutor.ratings.HINTED_SCORE``):
    how it moved the rating. Glicko-2 scores half a solve against the puzzle's rating, so the rating goes
    up only on a puzzle rated above the learner (``change`` > 0) and down only on one rated below
    (``change`` < 0): ``"You used a hint, so this counts as half a solve. On a puzzle easier than your
    rating, that lowers your rating: by 44, to 1456."``"""
    half = _("You used a hint, so this counts as half a solve.")
    if change > 0:
        return half + " " + _("On a puzzle harder than your rating, that still raises your rating: by {n}, to "
                              "{rating}.").format(n=change, rating=rating)
    if change < 0:
        return half + " " + _("On a puzzle easier than your rating, that lowers your rating: by {n}, to "
                              "{rating}.").format(n=-change, rating=rating)
    return half + " " + _("Your rating stays {rating}.").format(rating=rating)


def hint_rule() -> str:
    """Near the Hint button while the first try is not rated yet: what a hint does to the rating
    (``tutor.ratings.HINTED_SCORE``: a draw to Glicko-2, so up only against a puzzle rated above)."""
    return _("A solve after a hint counts as half a solve: your rating goes up only if the puzzle is rated "
             "above you.") + " " + _("A wrong move counts in full, hint or not.")


def rating_unchanged(rating: int) -> str:
    """After a try of a puzzle tried before: the rating does not move."""
    return _("You tried this puzzle before, so your rating stays {rating}.").format(rating=rating)


def first_try_rule() -> str:
    """How the rating moves, for the learner and the teacher."""
    return _("Your first try of each puzzle moves your rating: up when you solve it with no hint and no wrong "
             "move, down after a wrong move. A harder puzzle moves it more.") + " " + _(
        "After a hint, a solve counts as half a solve: it raises your rating on a puzzle harder than your rating, "
        "and lowers it on an easier one.")


def nothing_left() -> str:
    """No puzzle to serve: every one of the themes chosen was solved this week."""
    return _("You have solved every puzzle of these themes this week. Choose other themes, or come back next week.")


def weakest_is(theme: str) -> str:
    """Which theme Practice serves when none is chosen."""
    return _("Puzzles from your weakest theme: {theme}.").format(theme=theme)


def streak_rule() -> str:
    """How a streak goes."""
    return _("Each puzzle is harder than the one before. Solve it at the first try, with no hint, to go on.")


def streak_now(length: int, best: int) -> str:
    """The streak under way and the learner's best."""
    return _("Streak: {n} · Your best: {best}").format(n=length, best=best)


def streak_over(length: int) -> str:
    """A streak ended by a miss or a hint."""
    if not length:
        return _("The streak is over before it began. Try again: the first puzzles are easy!")
    return ngettext("The streak is over: you solved {n} puzzle in a row.",
                    "The streak is over: you solved {n} puzzles in a row.", length).format(n=length)


def streak_won(length: int) -> str:
    """A streak that solved the hardest puzzle there is."""
    return ngettext("You solved {n} puzzle in a row, up to the hardest one. What a streak!",
                    "You solved {n} puzzles in a row, up to the hardest one. What a streak!", length).format(n=length)


def new_best(length: int) -> str:
    """The streak is the learner's longest so far."""
    return _("That is your best streak so far: {n}!").format(n=length)


def puzzle_heading(name: str, rating: int) -> str:
    """My practice's heading of a puzzle: its name and its rating (points, when it was served), which
    keeps moving where stars stop: ``"Puzzle 37 · rating 1830"``."""
    return _("{name} · rating {rating}").format(name=name, rating=rating)


def against_you(where: str) -> str:
    """The puzzle's rating against the learner's when it was served (``tutor.practice.against``):
    ``"harder"``, ``"level"`` or ``"easier"``."""
    return {"harder": _("Harder than your rating: a real challenge!"),
            "level": _("About your rating: just right."),
            "easier": _("Easier than your rating: a warm-up.")}[where]


def more_puzzles(theme: str) -> str:
    """The Puzzles page's link to My practice with a theme chosen: ``"More puzzles: Captures"``."""
    return _("More puzzles: {theme}").format(theme=theme)


def more_puzzles_help() -> str:
    """What the link to more puzzles of a theme does."""
    return _("Opens My practice with this theme: puzzles near your rating.")


def no_chart_yet() -> str:
    """The dashboard before any rated try."""
    return _("Solve a few puzzles: your rating chart and your themes appear here.")


def solved_of(solved: int, tries: int) -> str:
    """A theme's bar label: ``"3 of 4"``."""
    return _("{solved} of {tries}").format(solved=solved, tries=tries)


def strongest_theme(theme: str) -> str:
    return _("Your strongest theme: **{theme}**.").format(theme=theme)


def practise_next(theme: str) -> str:
    return _("A theme to practise: **{theme}**.").format(theme=theme)


__all__ = ["against_you", "first_try_rule", "more_puzzles", "more_puzzles_help", "new_best", "no_chart_yet", "nothing_left", "practice_label", "practice_labels",
           "practise_next", "puzzle_heading", "rating_moved", "rating_moved_after_hint", "rating_moved_after_miss", "hint_rule", "rating_provisional", "rating_title", "rating_value", "rating_unchanged", "signed", "solved_of", "streak_now",
           "streak_over", "streak_rule", "streak_won", "strongest_theme", "weakest_is"]
