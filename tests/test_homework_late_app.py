"""Homework done late in the app (AppTest, the app's database): the pupil's Home says "done" after the due
day as its own line, the teacher's table says "✓ late" (on time: "✓"), and six homeworks get narrow
columns headed by number and due day. The time is fixed (``ui.homework.CLOCK``)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from sqlalchemy import update

from store import classes, homework as stored, learners, teachers
from store.progress import StoredProgress
from store.schema import LessonRow
from tests.test_homework_app import _teacher_page
from ui import homework, homework_class

MONDAY = dt.datetime(2026, 12, 14, 9, 0, tzinfo=dt.UTC)
FRIDAY = dt.date(2026, 12, 11)
SATURDAY_3_UTC = dt.datetime(2026, 12, 12, 3, 0, tzinfo=dt.UTC)  # Saturday 05:00 in Athens
THURSDAY = dt.datetime(2026, 12, 10, 12, 0, tzinfo=dt.UTC)
ATHENS = "Europe/Athens"


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(homework, "CLOCK", lambda: MONDAY)


def _finished(db, me: str, lesson: str, first: dt.datetime) -> None:
    """``me`` finished ``lesson`` first at ``first`` (and again on Monday: the latest finish moves, the first stays)."""
    StoredProgress(db, me).lesson_done(lesson, 3)
    with db.session() as s:
        s.execute(update(LessonRow).where(LessonRow.learner_code == me, LessonRow.lesson_id == lesson)
                  .values(first_done_at=first, done_at=MONDAY))


def test_a_lesson_finished_after_its_due_day_is_done_late_on_home_and_in_the_teacher_s_table(page_app, db):
    key = teachers.new_key()
    code, _, _ = teachers.create_class(db, "5L", key)
    late, on_time = learners.new_learner(db), learners.new_learner(db)
    classes.join(db, late, code, "Nik")
    classes.join(db, on_time, code, "Ola")
    for me in (late, on_time):
        learners.note_zone(db, me, ATHENS)
    stored.set_homework(db, code, "lessons", ["captures"], "", 0, FRIDAY, at=THURSDAY - dt.timedelta(days=7),
                        zone=ATHENS)
    _finished(db, late, "captures", SATURDAY_3_UTC)
    _finished(db, on_time, "captures", THURSDAY)

    home = page_app("pages/home.py")
    home.context["timezone"] = ATHENS
    home.query_params["learner"] = late
    home.run()
    assert not home.exception
    assert [s.value for s in home.success if str(s.value).startswith("Homework")] == [
        "Homework done: finish lesson 4. You finished it after its due day, Friday 11 Dec — well done for "
        "finishing it!"]
    assert not [w for w in home.warning if str(w.value).startswith("Homework")]

    teacher = _teacher_page(code, key, "en")
    table = teacher.dataframe[-1].value
    assert list(table.iloc[:, 1]) == ["✓ late", "✓"]  # Nik, Ola


@pytest.mark.parametrize("lang,narrow", [
    ("en", ["HW1 · 12 Dec", "HW2 · 13 Dec", "HW3 · 14 Dec", "HW4 · 15 Dec", "HW5 · 16 Dec", "HW6 · 17 Dec"]),
    ("el", ["Εργ. 1 · 12 Δεκ", "Εργ. 2 · 13 Δεκ", "Εργ. 3 · 14 Δεκ", "Εργ. 4 · 15 Δεκ", "Εργ. 5 · 16 Δεκ",
            "Εργ. 6 · 17 Δεκ"]),
])
def test_six_homeworks_get_narrow_columns_headed_by_number_and_due_day_with_the_task_in_help(db, lang, narrow):
    """At 1366 px the table scrolled sideways from the fourth or fifth homework: past three, each column is
    ``NARROW_PX`` wide, headed by its number and due day, its task in the column's help and the legend."""
    key = teachers.new_key()
    code, _, _ = teachers.create_class(db, "5N", key)
    classes.join(db, learners.new_learner(db), code, "Anna")
    for days in range(6):
        stored.set_homework(db, code, "reviews", [], "", days + 1, dt.date(2026, 12, 12) + dt.timedelta(days=days),
                            at=MONDAY - dt.timedelta(days=1))
    teacher = _teacher_page(code, key, lang)
    table = teacher.dataframe[-1]
    full = list(table.value.columns)[1:]
    config = json.loads(table.proto.columns)
    assert [config[f]["label"] for f in full] == narrow
    assert [config[f]["help"] for f in full] == full
    assert {config[f]["width"] for f in full} == {homework_class.NARROW_PX}
    name = config[list(table.value.columns)[0]]
    assert (name["pinned"], name["width"]) == (True, homework_class.NAME_PX)
    assert homework_class.NAME_PX + 6 * homework_class.NARROW_PX <= 870  # the table's width at 1366 px
