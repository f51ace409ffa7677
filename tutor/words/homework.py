"""The words of homework (``tutor.homework``): the task, its due day, a pupil's progress, the teacher's form,
and where a pupil does a homework of reviewing their own games.

A due day is written the language's way by Babel (``"Friday 12 Dec"``, ``"Παρασκευή 12 Δεκεμβρίου"``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from ..i18n import current, ngettext, npgettext, per_language, pgettext
from ..i18n import gettext as _
from .basics import and_list


@per_language
def homework_labels() -> dict[str, str]:
    """The homework form's and table's labels by id."""
    return {
        "homework": _("Homework"),
        "set": _("Set homework"),
        "kind": _("What to do"),
        "kind_lessons": _("Finish lessons"),
        "kind_puzzles": _("Solve puzzles of a theme"),
        "kind_reviews": _("Review their own games"),
        "games": _("How many games"),
        "replay": _("And play their mistakes again"),
        "replay_help": _("After each review, they play each of their mistakes again (on “Learn from your "
                         "mistakes”) until they find a better move."),
        "lessons": _("Lessons"),
        "choose_lessons": _("Choose one or more lessons"),
        "theme": _("Theme"),
        "count": _("How many puzzles"),
        "due": _("Due on"),
        "set_go": _("Set it"),
        "delete": _("Delete a homework"),
        "delete_which": _("Which homework"),
        "delete_go": _("Delete it"),
        "download": _("Download the homework table (CSV)"),
        "none_set": _("No homework set yet."),
        # the cells' short words (homework_cell), in full: a projector's width holds six homeworks
        "on_time": _("✓ finished on time · ✓ late: finished, but after the due day · 2/3: 2 of 3 done · late: "
                     "not finished by the due day · today: due today · 3/5 found: a better move found in 3 of 5 "
                     "mistakes. A day ends at midnight where the pupil lives (their own time zone)."),
        "go_play": _("Play a game to review"),
        "go_replay": _("Play these mistakes again"),
        "go_puzzles": _("Open these puzzles"),
        "col_name": pgettext("class table heading", "Name"),
    }


def homework_label(key: str) -> str:
    """The homework label with id ``key``; the id if unknown."""
    return homework_labels().get(key, key)


def due_day(day: dt.date) -> str:
    """A due day as the language writes it: ``"Friday 12 Dec"``."""
    from babel.dates import format_date

    return format_date(day, "EEEE d MMMM" if current() == "el" else "EEEE d MMM", locale=current())


def due_day_short(day: dt.date) -> str:
    """A due day in a narrow heading: ``"Sat 5 Dec"``, ``"Σάβ 5 Δεκ"``."""
    from babel.dates import format_date

    return format_date(day, "EEE d MMM", locale=current())


def homework_task(kind: str, lesson_numbers: Sequence[int], theme_title: str, count: int,
                  replay: bool = False, teacher: bool = False) -> str:
    """What the homework asks, as a pupil reads it: ``"finish lesson 4"``, ``"finish lessons 4 and 5"``,
    ``"solve 3 puzzles of “Biggest capture now”"``, ``"review 2 of your own games"``, ``"review 2 of
    your own games and play your mistakes again"`` (``replay``); on the ``teacher``'s screen (the
    notice, the table, the CSV) their pupils' own games: ``"review 2 of their own games and play their
    mistakes again"``."""
    if kind == "lessons" and teacher:  # the teacher's words about the pupils («να τελειώσουν…», Greek)
        numbers = and_list([str(n) for n in lesson_numbers])
        return npgettext("what pupils are to do", "finish lesson {numbers}", "finish lessons {numbers}",
                         len(lesson_numbers)).format(numbers=numbers)
    if kind == "lessons":
        numbers = and_list([str(n) for n in lesson_numbers])
        return ngettext("finish lesson {numbers}", "finish lessons {numbers}",
                        len(lesson_numbers)).format(numbers=numbers)
    if kind == "reviews" and teacher:
        if replay:
            return ngettext("review {n} of their own games and play their mistakes again",
                            "review {n} of their own games and play their mistakes again", count).format(n=count)
        return ngettext("review {n} of their own games", "review {n} of their own games", count).format(n=count)
    if kind == "reviews" and replay:
        return ngettext("review {n} of your own games and play your mistakes again",
                        "review {n} of your own games and play your mistakes again", count).format(n=count)
    if kind == "reviews":
        return ngettext("review {n} of your own games", "review {n} of your own games", count).format(n=count)
    if teacher:
        return npgettext("what pupils are to do", "solve {n} puzzle of “{theme}”", "solve {n} puzzles of “{theme}”",
                         count).format(n=count, theme=theme_title)
    return ngettext("solve {n} puzzle of “{theme}”", "solve {n} puzzles of “{theme}”", count).format(
        n=count, theme=theme_title)


def homework_done(kind: str, done: int, total: int, replayed: int = 0, mistakes: int = 0) -> str:
    """How far a pupil is: ``"2 of 3 steps done"``, ``"1 of 3 puzzles solved"``, ``"1 of 2 games
    reviewed"``; with ``mistakes`` (reviews whose mistakes are played again, in the games counted):
    ``"1 of 2 games reviewed, a better move found in 3 of 5 positions"`` (a good move found in a replay;
    each position of a mistake once, as the Mistakes page counts them)."""
    if kind == "lessons":
        return ngettext("{done} of {total} step done", "{done} of {total} steps done", total).format(
            done=done, total=total)
    if kind == "reviews":
        games = ngettext("{done} of {total} game reviewed", "{done} of {total} games reviewed", total).format(
            done=done, total=total)
        if not mistakes:
            return games
        return ngettext("{games}, a better move found in {replayed} of {mistakes} position",
                        "{games}, a better move found in {replayed} of {mistakes} positions", mistakes).format(
            games=games, replayed=replayed, mistakes=mistakes)
    return ngettext("{done} of {total} puzzle solved", "{done} of {total} puzzles solved", total).format(
        done=done, total=total)


def homework_line(task: str, due: dt.date, progress: str, state: str) -> str:
    """A homework on the pupil's Home, one sentence a 10-year-old reads, by ``state``
    (``tutor.homework.State``): ``"Homework: finish lesson 4 by Friday 12 Dec — 2 of 3 steps done."``; done:
    ``"Homework done: finish lesson 4 (due Friday 12 Dec). Well done!"`` (the due day tells two homeworks of
    the same task apart); done after the due day (``"done_late"``): ``"Homework done: finish lesson 4. You
    finished it after its due day, Friday 12 Dec — well done for finishing it!"``."""
    day = due_day(due)
    if state == "done":
        return _("Homework done: {task} (due {day}). Well done!").format(task=task, day=day)
    if state == "done_late":
        return _("Homework done: {task}. You finished it after its due day, {day} — well done for "
                 "finishing it!").format(task=task, day=day)
    if state == "due_today":
        return _("Homework: {task} by today — {progress}.").format(task=task, progress=progress)
    if state == "late":
        return _("Homework: {task}. It was due on {day}, so it is late — {progress}.").format(
            task=task, day=day, progress=progress)
    return _("Homework: {task} by {day} — {progress}.").format(task=task, day=day, progress=progress)


def homework_column(number: int, task: str, due: dt.date) -> str:
    """The class table's heading of homework ``number``: ``"Homework 1: finish lesson 4 (Friday 12 Dec)"``."""
    return pgettext("class table heading", "Homework {n}: {task} ({day})").format(n=number, task=task,
                                                                                 day=due_day(due))


def homework_task_short(kind: str, lesson_numbers: Sequence[int], theme_short: str, count: int,
                        replay: bool = False) -> str:
    """What a homework asks in a word or two, for a narrow column heading: ``"Lesson 4"``, ``"Lessons 4, 5"``,
    ``"Capture ×5"`` (``theme_short``: the theme's short name), ``"Review ×2"``, ``"Review ×2 + mistakes"``
    (``replay``)."""
    if kind == "lessons":
        numbers = ", ".join(str(n) for n in lesson_numbers)
        return npgettext("homework heading", "Lesson {numbers}", "Lessons {numbers}", len(lesson_numbers)).format(
            numbers=numbers)
    if kind == "reviews":
        if replay:
            return pgettext("homework heading", "Review ×{n} + mistakes").format(n=count)
        return pgettext("homework heading", "Review ×{n}").format(n=count)
    return pgettext("homework heading", "{theme} ×{n}").format(theme=theme_short, n=count)


def homework_column_short(number: int, task: str, due: dt.date) -> str:
    """The homework table's heading on screen, short enough for a projector (``task``:
    :func:`homework_task_short`): ``"HW1 · Capture ×5 · Sat 5 Dec"``. Its full words are the column's
    help and the legend under the table (:func:`homework_legend`)."""
    return pgettext("homework heading", "HW{n} · {task} · {day}").format(n=number, task=task, day=due_day_short(due))


def homework_column_narrow(number: int, due: dt.date) -> str:
    """The homework table's heading on screen when many homeworks share its width (six on a 1366 px laptop):
    its number and due day only, ``"HW1 · 5 Dec"``, ``"Εργ. 1 · 5 Δεκ"``; the task is in the column's help and
    the legend under the table (:func:`homework_legend`)."""
    from babel.dates import format_date

    return pgettext("homework heading", "HW{n} · {day}").format(n=number, day=format_date(due, "d MMM",
                                                                                            locale=current()))


def homework_legend(number: int, task: str, due: dt.date) -> str:
    """A line of the legend under the homework table, naming a column as its heading does (``task``:
    :func:`homework_task` on the teacher's screen): ``"HW1: solve 5 puzzles of “Biggest capture now”, due
    Saturday 5 Dec"``."""
    return pgettext("homework heading", "HW{n}: {task}, due {day}").format(n=number, task=task, day=due_day(due))


def homework_cell(done: int, total: int, state: str, replayed: int = 0, mistakes: int = 0) -> str:
    """A pupil's cell in the homework table, short for six columns on a projector (the legend,
    ``homework_label("on_time")``, says them in full): ``"✓"`` (finished on time), ``"✓ late"``
    (finished after the due day), ``"2/3"``, ``"2/3 · today"`` (due today), ``"0/3 · late"``; with
    ``mistakes`` (reviews whose mistakes are played again, in the games reviewed, each position once)
    ``"1/2 · 3/5 found"``."""
    if state == "done":
        return pgettext("homework cell", "✓")
    if state == "done_late":
        return pgettext("homework cell", "✓ late")
    counted = pgettext("homework cell", "{done}/{total}").format(done=done, total=total)
    if mistakes:
        counted = pgettext("homework cell", "{counted} · {replayed}/{mistakes} found").format(
            counted=counted, replayed=replayed, mistakes=mistakes)
    if state == "due_today":
        return pgettext("homework cell", "{counted} · today").format(counted=counted)
    if state == "late":
        return pgettext("homework cell", "{counted} · late").format(counted=counted)
    return counted


def homework_state_word(state: str) -> str:
    """A state in the homework CSV: ``"done"``, ``"done late"``, ``"not due yet"``, ``"due today"``,
    ``"late"``."""
    return {"done": pgettext("homework state", "done"), "done_late": pgettext("homework state", "done late"),
            "open": pgettext("homework state", "not due yet"),
            "due_today": pgettext("homework state", "due today"),
            "late": pgettext("homework state", "late")}.get(state, state)


def homework_csv_done(number: int, task: str, due: dt.date, total: int) -> str:
    """The homework CSV's heading of homework ``number``'s count (a number in each cell), with its task and
    due day: ``"Homework 1 (finish lesson 4, due Friday 11 Dec): done (of 3)"``."""
    return pgettext("class table heading", "Homework {n} ({task}, due {day}): done (of {total})").format(
        n=number, task=task, day=due_day(due), total=total)


def homework_csv_state(number: int) -> str:
    """The homework CSV's heading of homework ``number``'s state: ``"Homework 1: state"``."""
    return pgettext("class table heading", "Homework {n}: state").format(n=number)


def homework_problem(problem: str, most: int = 0) -> str:
    """Why a homework was not set (``tutor.homework.check``, or ``"full"`` from the store); ``most``: the
    most puzzles a homework asks for (``"count"``), or homeworks a class keeps (``"full"``); ``"same"``: the class
    has this homework already (``tutor.homework.AlreadySet``)."""
    return {
        "lessons": _("Pick at least one lesson."),
        "theme": _("Pick a theme."),
        "count": _("Ask for 1 to {most} puzzles.").format(most=most),
        "games": _("Ask for 1 to {most} games.").format(most=most),
        "due": _("The due day cannot be in the past."),
        "full": _("A class keeps at most {most} homeworks: delete an old one first.").format(most=most),
        "same": _("This homework is already set."),
    }.get(problem, _("That homework could not be set."))


def homework_set_notice(task: str, due: dt.date) -> str:
    """After the teacher sets a homework."""
    return _("Homework set: {task}, due {day}.").format(task=task, day=due_day(due))


def homework_start_lesson(number: int, begun: bool) -> str:
    """The button under a pupil's homework of lessons that opens the next lesson to finish:
    ``"Start lesson 2"``; ``begun`` (a step of it done): ``"Go on with lesson 2"``."""
    if begun:
        return _("Go on with lesson {n}").format(n=number)
    return _("Start lesson {n}").format(n=number)


def homework_how_to_review() -> str:
    """Under a pupil's homework of reviewing their own games: where to do it, and what counts (each game played
    once: a game reviewed again is the same game, a new game with the same moves is another)."""
    return " ".join((_("Play a game in the Sandbox to its end, then press “Review this game” under the board."),
                     _("Each game you play counts once, however often you review it.")))


def homework_csv_mistakes(number: int) -> str:
    """The homework CSV's heading of homework ``number``'s mistakes found again (a good move found in a
    replay after the game's review; reviews with replay)."""
    return pgettext("class table heading", "Homework {n}: mistake positions found again").format(n=number)


def homework_csv_mistakes_all(number: int) -> str:
    """The homework CSV's heading of homework ``number``'s mistakes in the games counted, each position
    once (reviews with replay)."""
    return pgettext("class table heading", "Homework {n}: mistake positions in the games").format(n=number)


def homework_deleted() -> str:
    """After the teacher deletes a homework."""
    return _("Homework deleted.")


def homework_option(number: int, task: str, due: dt.date) -> str:
    """A homework in the teacher's list to delete from: ``"1. finish lesson 4, due Friday 12 Dec"``."""
    return _("{n}. {task}, due {day}").format(n=number, task=task, day=due_day(due))


__all__ = [
    "due_day",
    "due_day_short",
    "homework_cell",
    "homework_column",
    "homework_column_narrow",
    "homework_column_short",
    "homework_csv_done",
    "homework_csv_mistakes",
    "homework_csv_mistakes_all",
    "homework_csv_state",
    "homework_deleted",
    "homework_done",
    "homework_how_to_review",
    "homework_label",
    "homework_labels",
    "homework_legend",
    "homework_line",
    "homework_option",
    "homework_problem",
    "homework_set_notice",
    "homework_start_lesson",
    "homework_state_word",
    "homework_task",
    "homework_task_short",
]
