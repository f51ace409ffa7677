"""The data's lifecycle in the store (SQLite, and PostgreSQL when ``MANCALA_DB_URL`` names one):
a class deleted by its owner, a learner's data erased, idle learners expired (``store.lifecycle``).

Each test counts only rows of its own (classes, learners, questions it made): the PostgreSQL
database is shared by the whole run. Times are fixed dates, never the clock's. The learners the
expiry test makes idle are dated 1950: long before any other test's in a shared database, and after
the hundred years the app under test lets a learner be idle in these runs (tests/conftest.py), so
nothing else expires them, and that test expires nobody else's.
"""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from store import classes, games, learners, lifecycle, live, teachers
from store.limits import Who
from store.progress import StoredProgress
from store.schema import (AnswerRow, AppliedWrite, Attempt, GameRow, KeptGameRow, Learner, LessonRow, PuzzleRow,
                          QuestionRow, SchoolClass, StepRow, TeacherDevice)
from tutor.progress import GameRecord, LessonProgress, PuzzleProgress

LINK = "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


def busy_learner(db, code: str | None = None, name: str | None = None) -> str:
    """A learner with a row in every table kept under a code (in class ``code`` as ``name`` if given)."""
    me = learners.new_learner(db)
    saved = StoredProgress(db, me)
    saved.step_done("setup", "the-board")
    saved.step_slipped("setup", "sow-once", 1, 0)
    saved.lesson_done("setup", 2)
    saved.puzzle_missed("capture-pick-the-pile")
    saved.game_finished(GameRecord("south", "Kalah 6x4", "two"))
    assert games.keep_game(db, me, '{"kept": 1}', 0) == 1
    if code is not None:
        classes.join(db, me, code, name or me)
    return me


def rows_of(db, learner: str) -> dict[str, int]:
    """How many rows each table keeps under ``learner``."""
    with db.session() as s:
        counts = {t.__tablename__: s.scalar(select(func.count()).select_from(t).where(t.learner_code == learner))
                  for t in (StepRow, LessonRow, PuzzleRow, GameRow, KeptGameRow, AnswerRow, AppliedWrite)}
        counts["attempts"] = s.scalar(select(func.count()).select_from(Attempt).where(Attempt.device == learner))
        counts["learners"] = s.scalar(select(func.count()).select_from(Learner).where(Learner.code == learner))
    return counts


def of_class(db, code: str) -> dict[str, int]:
    """How many rows name class ``code``, per table (answers: to its questions)."""
    with db.session() as s:
        asked = select(QuestionRow.id).where(QuestionRow.class_code == code).scalar_subquery()
        return {
            "classes": s.scalar(select(func.count()).select_from(SchoolClass).where(SchoolClass.code == code)),
            "pupils": s.scalar(select(func.count()).select_from(Learner).where(Learner.class_code == code)),
            "questions": s.scalar(select(func.count()).select_from(QuestionRow).where(QuestionRow.class_code == code)),
            "answers": s.scalar(select(func.count()).select_from(AnswerRow).where(AnswerRow.question_id.in_(asked))),
            "devices": s.scalar(select(func.count()).select_from(TeacherDevice).where(TeacherDevice.class_code == code)),
            "attempts": s.scalar(select(func.count()).select_from(Attempt).where(Attempt.scope == code)),
        }


def test_the_owner_deletes_a_class_its_names_and_answers_go_and_each_pupils_progress_stays(database):
    owner, helper = teachers.new_key(), teachers.new_key()
    made = teachers.create_class(database, "5B", owner)
    assert teachers.open_with_pin(database, made.code, made.pin, helper, Who(None, None)) == "ok"
    assert teachers.open_with_pin(database, made.code, "000000" if made.pin != "000000" else "111111",
                                  teachers.new_key(), Who(None, None)) == "wrong"  # a guess, counted for the class
    ada, bo = busy_learner(database, made.code, "Ada"), busy_learner(database, made.code, "Bo")
    first = live.ask(database, made.code, LINK)
    assert live.answer(database, first, ada, 3) == "kept"
    second = live.ask(database, made.code, LINK)  # the first one closes; its answer is still kept
    assert live.answer(database, second, bo, 2) == "kept"
    other = teachers.create_class(database, "6A", teachers.new_key())
    cleo = busy_learner(database, other.code, "Cleo")
    elsewhere = live.ask(database, other.code, LINK)
    assert live.answer(database, elsewhere, cleo, 4) == "kept"
    before = rows_of(database, ada)
    assert of_class(database, made.code) == {"classes": 1, "pupils": 2, "questions": 2, "answers": 2, "devices": 2,
                                             "attempts": 3}  # two joins and a wrong PIN
    untouched = of_class(database, other.code)

    assert lifecycle.delete_class(database, made.code, helper) is None  # a teacher device, not the owner
    assert lifecycle.delete_class(database, made.code, "no such key at all, long enough") is None
    assert lifecycle.delete_class(database, other.code, owner) is None  # the owner of another class
    assert of_class(database, made.code)["pupils"] == 2 and classes.class_name(database, made.code) == "5B"

    assert lifecycle.delete_class(database, made.code, owner) == "5B"
    assert of_class(database, made.code) == {"classes": 0, "pupils": 0, "questions": 0, "answers": 0, "devices": 0,
                                             "attempts": 0}
    assert of_class(database, other.code) == untouched and live.tally(database, elsewhere) == {4: 1}
    for pupil in (ada, bo):
        assert learners.exists(database, pupil) and learners.class_of(database, pupil) is None
        assert StoredProgress(database, pupil).lesson("setup") == LessonProgress(
            {"the-board"}, True, 2, 1, 0, {"the-board": (0, 0), "sow-once": (1, 0)})
        assert StoredProgress(database, pupil).puzzles() == {"capture-pick-the-pile": PuzzleProgress(1, 0, False)}
        assert StoredProgress(database, pupil).games() == [GameRecord("south", "Kalah 6x4", "two")]
        assert games.kept_game(database, pupil).record == '{"kept": 1}'
    assert rows_of(database, ada) == {**before, "live_answers": 0, "attempts": 0}  # her join named the class
    assert teachers.view_of(database, owner) is None and teachers.view_of(database, helper) is None
    assert lifecycle.delete_class(database, made.code, owner) is None  # gone: nothing more to delete
    with pytest.raises(LookupError, match="class"):
        classes.join(database, ada, made.code, "Ada")


def test_a_learner_erases_everything_kept_under_their_code_and_nobody_elses(database):
    made = teachers.create_class(database, "5B", teachers.new_key())
    me, friend = busy_learner(database, made.code, "Ada"), busy_learner(database, made.code, "Bo")
    q = live.ask(database, made.code, LINK)
    assert live.answer(database, q, me, 3) == live.answer(database, q, friend, 3) == "kept"
    assert teachers.open_with_pin(database, made.code, "000000" if made.pin != "000000" else "111111",
                                  teachers.new_key(), Who(me, None)) == "wrong"  # a try this code made
    assert rows_of(database, me) == {"lesson_steps": 2, "lessons_done": 1, "puzzles_tried": 1, "games": 1,
                                     "kept_games": 1, "live_answers": 1, "applied_writes": 5,  # its 5 progress writes
                                     "attempts": 2, "learners": 1}  # its join, its PIN
    friends = rows_of(database, friend)

    assert lifecycle.erase_learner(database, me)
    assert rows_of(database, me) == {"lesson_steps": 0, "lessons_done": 0, "puzzles_tried": 0, "games": 0,
                                     "kept_games": 0, "live_answers": 0, "applied_writes": 0, "attempts": 0,
                                     "learners": 0}
    assert rows_of(database, friend) == friends
    assert [p.name for p in classes.pupils(database, made.code)] == ["Bo"] and live.tally(database, q) == {3: 1}
    assert not learners.touch(database, me) and learners.touch(database, friend)
    assert not lifecycle.erase_learner(database, me)  # nothing left to erase
    assert games.keep_game(database, me, "{}", 0) is None  # a tab still open writes nothing under it
    assert classes.class_name(database, made.code) == "5B"  # the class is the teacher's: it stays


def test_touch_notes_a_learner_active_and_says_whether_the_code_is_kept(database):
    me = learners.new_learner(database)
    at = dt.datetime(2031, 5, 4, 8, 30, tzinfo=dt.UTC)
    assert learners.touch(database, me, at)
    with database.session() as s:
        seen = s.get(Learner, me).last_active
    assert (seen if seen.tzinfo else seen.replace(tzinfo=dt.UTC)) == at
    assert not learners.touch(database, "ZZZZZZZZ")


def test_learners_idle_longer_than_the_setting_expire_in_batches_and_active_ones_stay(database, monkeypatch):
    """The only test that makes learners idle since 1950 (see the module's note): everything under
    each idle code goes, batch after batch; a learner active a day before the limit stays."""
    monkeypatch.setattr(lifecycle, "BATCH", 2)
    day = dt.timedelta(days=1)
    at = dt.datetime(1951, 3, 1, 12, 0, tzinfo=dt.UTC)
    ttl = dt.timedelta(days=30)
    made = teachers.create_class(database, "Old", teachers.new_key())
    idle = [busy_learner(database, made.code, f"Idle {n}") for n in range(5)]
    kept = busy_learner(database, made.code, "Active")
    for n, code in enumerate(idle):
        assert learners.touch(database, code, at - ttl - day * (n + 1) - dt.timedelta(seconds=1))
    assert learners.touch(database, kept, at - ttl + day)
    assert lifecycle.expire_idle(database, ttl, at) == 5
    assert [code for code in idle if learners.exists(database, code)] == []
    assert all(set(rows_of(database, code).values()) == {0} for code in idle)
    assert learners.class_of(database, kept) == (made.code, "Active") and rows_of(database, kept)["kept_games"] == 1
    assert lifecycle.expire_idle(database, ttl, at) == 0
    assert lifecycle.expire_idle(database, ttl, at + 2 * day) == 1  # a day past its limit: now it goes
    assert not learners.exists(database, kept) and classes.pupil_count(database, made.code) == 0


@pytest.mark.parametrize(("setting", "days"), [(None, 365), ("", 365), ("  ", 365), ("30", 30), (" 7 ", 7),
                                               ("36500", 36500)])
def test_the_idle_time_is_a_setting_in_whole_days(setting, days):
    environ = {} if setting is None else {lifecycle.TTL_ENV: setting}
    assert lifecycle.learner_ttl(environ) == dt.timedelta(days=days)


@pytest.mark.parametrize("setting", ["0", "-1", "abc", "1.5", "1e3", "36501", "\u0663", "365 days"])
def test_a_bad_idle_time_is_refused_with_a_sentence_and_expires_nobody(setting, monkeypatch, tmp_path):
    """On a database of its own: were the setting taken, its learner dated 1901 would expire."""
    from store.db import Database

    monkeypatch.setenv(lifecycle.TTL_ENV, setting)
    with pytest.raises(ValueError, match=f"{lifecycle.TTL_ENV} '.*' is not a whole number of days from 1 to 36500"):
        lifecycle.learner_ttl()
    db = Database(f"sqlite:///{tmp_path / 'ttl.sqlite3'}")
    me = learners.new_learner(db)
    assert learners.touch(db, me, dt.datetime(1901, 1, 1, tzinfo=dt.UTC))
    with pytest.raises(ValueError):
        lifecycle.expire_idle(db, at=dt.datetime(1990, 1, 1, tzinfo=dt.UTC))
    assert learners.exists(db, me)
    db.dispose()
