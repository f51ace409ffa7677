"""The words of the class table on the teacher's screen that its cells and headings leave out: the class's
name at the top of the class view, the lessons' short headings, and the legend under the table.

The class's name is the teacher's own text: it goes through :func:`~tutor.words.basics.literal` (shown,
never obeyed). The table's data and its CSV keep the full headings (``tutor.words.classroom``).
"""

from __future__ import annotations

from ..i18n import gettext as _
from ..i18n import pgettext
from .basics import literal
from .classroom import classroom_labels


def class_name_line(name: str) -> str:
    """The teacher's class view, at its top, as markdown: which class is open (``"Class: 5B"``): a teacher
    with two classes tells them apart by name, not by code. ``name`` is the teacher's text, made literal."""
    return _("Class: {name}").format(name=literal(name))


def lesson_column_short(number: int) -> str:
    """The class table's heading of lesson ``number`` on screen, narrow so that every column fits a
    1366 px laptop: ``"L4"`` (the full heading, ``"Lesson 4"``, is the column's help and the CSV's)."""
    return pgettext("class table heading, narrow", "L{n}").format(n=number)


def lesson_column_help(number: int, title: str) -> str:
    """The help of a lesson's column in the class table: ``"Lesson 4: Captures. Steps done of all; the
    stars once finished."``."""
    return _("Lesson {n}: {title}. Steps done of all; the stars once the lesson is finished.").format(
        n=number, title=title)


def class_table_legend(lessons: int) -> str:
    """Under the class table: what its short headings and the "Solved" cells mean (``lessons``: how many
    lessons the course has, ``"L1 to L8"``)."""
    return " ".join((
        _("L1 to L{last}: lessons 1 to {last}, steps done of all.").format(last=lessons),
        _("{solved} “3 + 1”: 3 puzzles solved at the first try, and 1 solved later (after a wrong try or a "
          "hint).").format(solved=classroom_labels()["col_solved_short"]),
    ))


__all__ = ["class_name_line", "class_table_legend", "lesson_column_help", "lesson_column_short"]
