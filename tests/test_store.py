"""The progress store on a real database: SQLite always, PostgreSQL when ``MANCALA_DB_URL`` names one (CI).

The same promises are checked on the in-memory ``tutor.progress.Progress``,
so the app keeps its word when no database can be reached.
"""

from __future__ import annotations

import datetime as dt

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from store import classes, learners, live, teachers
from store.db import Database, StoreUnavailable
from store.learners import ALPHABET
from store.progress import StoredProgress
from store.schema import Base
from tutor.progress import GameRecord, LessonProgress, Progress, PuzzleProgress, Summary

T0 = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def two_sessions(request, tmp_path):
    """``(first, second)``: two views of one learner's progress, as two browser sessions with the same code."""
    if request.param == "memory":
        p = Progress()
        return p, p
    if request.param == "postgresql":
        db = request.getfixturevalue("pg_database")
    else:
        db = Database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
        request.addfinalizer(db.dispose)
    code = learners.new_learner(db)
    return StoredProgress(db, code), StoredProgress(db, code)


def test_a_learners_steps_stars_and_missed_puzzles_are_read_back_by_a_second_session(two_sessions):
    first, second = two_sessions
    first.step_done("setup", "the-board")
    first.step_done("setup", "sow-once", wrong=2, hints=0)
    first.step_done("setup", "sow-once", wrong=1, hints=1)  # done again: the last completion counts
    first.lesson_done("setup", 2)
    first.lesson_done("setup", 1)  # a worse run keeps the best stars
    first.puzzle_tried("capture-pick-the-pile")
    first.puzzle_missed("capture-pick-the-pile")
    first.puzzle_missed("capture-pick-the-pile")
    first.puzzle_hint("chain-right-to-left")
    first.puzzle_solved("chain-right-to-left")
    first.game_finished(GameRecord("north", "Kalah 6x4", "computer", "hard", "S"))
    assert second.lesson("setup") == LessonProgress({"the-board", "sow-once"}, True, 2, 1, 1,
                                                    {"the-board": (0, 0), "sow-once": (1, 1)})
    assert second.lesson("sowing") == LessonProgress()
    assert second.puzzles() == {"capture-pick-the-pile": PuzzleProgress(2, 0, False),
                                "chain-right-to-left": PuzzleProgress(0, 1, True)}
    assert second.games() == [GameRecord("north", "Kalah 6x4", "computer", "hard", "S")]
    assert second.summary(6) == Summary(lessons_done=1, lessons_total=6, puzzles_solved=1, puzzles_tried=2,
                                        stars=2, puzzles_missed=1, games=1)
    second.reset_lesson("setup")
    assert first.lesson("setup") == LessonProgress()
    assert first.summary(6).puzzles_tried == 2
    second.reset_all()
    assert first.summary(6) == Summary(0, 6, 0, 0, 0, 0, 0)
    assert first.puzzles() == {} and first.games() == []


def test_a_steps_slips_are_saved_as_they_happen_before_it_is_done(two_sessions):
    """A wrong try in a step under way is read back by another session (a reload) without the step
    counting as done; finishing it keeps the slips; 0, 0 (a Restart) clears them, the step stays done."""
    first, second = two_sessions
    first.step_done("setup", "the-board")
    first.step_slipped("setup", "find-it", 1, 0)
    first.step_slipped("setup", "find-it", 2, 1)
    rec = second.lesson("setup")
    assert rec.steps_done == {"the-board"} and rec.tries == {"the-board": (0, 0), "find-it": (2, 1)}
    assert rec.slips == {"the-board": 0, "find-it": 3} and (rec.wrong, rec.hints) == (2, 1)
    first.step_done("setup", "find-it", 2, 1)
    assert second.lesson("setup").steps_done == {"the-board", "find-it"}
    first.step_slipped("setup", "find-it", 0, 0)
    assert second.lesson("setup") == LessonProgress({"the-board", "find-it"}, False, 0, 0, 0,
                                                    {"the-board": (0, 0), "find-it": (0, 0)})
    assert second.summary(6).lessons_done == 0


def test_learners_do_not_see_each_others_progress(database):
    a, b = learners.new_learner(database), learners.new_learner(database)
    StoredProgress(database, a).step_done("setup", "the-board")
    StoredProgress(database, a).puzzle_solved("chain-right-to-left")
    assert StoredProgress(database, b).summary(6) == Summary(0, 6, 0, 0, 0, 0, 0)
    assert StoredProgress(database, b).lesson("setup") == LessonProgress()


def test_learner_codes_have_eight_characters_and_no_look_alikes(database):
    assert not set("0O1IL2Z5S8B") & set(ALPHABET) and len(ALPHABET) == 25
    code = learners.new_learner(database)
    assert len(code) == 8 and set(code) <= set(ALPHABET)
    assert learners.exists(database, code)
    assert learners.normalise(f" {code[:4].lower()}-{code[4:]} ") == code
    for bad in ["", "ABC", "ACDEFGH0", "ACDEFGHJK", None, 12345678, "<script>", "A" * 500]:
        assert learners.normalise(bad) is None, bad
    made_up = "ACDEFGHJ" if code != "ACDEFGHJ" else "ACDEFGHK"
    assert not learners.exists(database, made_up)


def test_a_teacher_sees_a_pupils_missed_puzzle_and_nobody_elses(database):
    code, pin, _ = teachers.create_class(database, "  Year 5   Blue ", teachers.new_key())
    other, _, _ = teachers.create_class(database, "Year 6", teachers.new_key())
    assert classes.class_name(database, code) == "Year 5 Blue"
    assert len(code) == 6 and len(pin) == 6 and pin.isdigit()
    anna, bo, stranger = (learners.new_learner(database) for _ in range(3))
    classes.join(database, anna, code, "Anna")
    classes.join(database, bo, code, "Bo")
    classes.join(database, stranger, other, "Cy")
    StoredProgress(database, anna).puzzle_missed("capture-pick-the-pile")
    StoredProgress(database, anna).step_done("setup", "the-board")
    StoredProgress(database, anna).lesson_done("setup", 3)
    StoredProgress(database, stranger).puzzle_solved("chain-right-to-left")
    pupils = classes.pupils(database, code)
    assert [p.name for p in pupils] == ["Anna", "Bo"]
    assert pupils[0].puzzles == {"capture-pick-the-pile": PuzzleProgress(1, 0, False)}
    assert pupils[0].lessons == {"setup": LessonProgress({"the-board"}, True, 3, 0, 0, {"the-board": (0, 0)})}
    assert pupils[1].puzzles == {} and pupils[1].lessons == {}
    assert [p.name for p in classes.pupils(database, other)] == ["Cy"]
    assert classes.pupils(database, "ACDEFG") == []
    assert learners.class_of(database, anna) == (code, "Anna")


@pytest.mark.parametrize(("name", "problem"), [("", "empty"), ("   ", "empty"), ("x" * 41, "too_long"),
                                               ("<b>Bo</b>", "markup"), ("Bo\x00", "hidden"),
                                               ("a&b", "markup"), ("{{x}}", "markup"), ("🎉", "no_letter")])
def test_a_bad_name_or_class_changes_nothing(database, name, problem):
    code, _, _ = teachers.create_class(database, "5B", teachers.new_key())
    me = learners.new_learner(database)
    with pytest.raises(ValueError, match=problem):
        classes.join(database, me, code, name)
    with pytest.raises(ValueError, match=problem):
        teachers.create_class(database, name, teachers.new_key())
    with pytest.raises(LookupError):
        classes.join(database, me, "ACDEFG" if code != "ACDEFG" else "ACDEFH", "Bo")
    assert learners.class_of(database, me) is None and classes.pupils(database, code) == []
    classes.join(database, me, code, "x" * 40)
    assert learners.class_of(database, me) == (code, "x" * 40)


def test_a_live_question_counts_each_pupil_of_the_class_once(database):
    code, _, _ = teachers.create_class(database, "5B", teachers.new_key())
    other, _, _ = teachers.create_class(database, "6C", teachers.new_key())
    a, b, c, outsider = (learners.new_learner(database) for _ in range(4))
    for who, name in [(a, "A"), (b, "B"), (c, "C")]:
        classes.join(database, who, code, name)
    classes.join(database, outsider, other, "O")
    q = live.ask(database, code, "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    assert live.current(database, code) == live.Question(q, "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", False)
    assert live.current(database, other) is None
    assert [live.answer(database, q, who, pit) for who, pit in [(a, 3), (b, 3), (c, 6)]] == ["kept"] * 3
    assert live.answer(database, q, c, 1) == "kept"  # changed their mind: the new press replaces the old
    assert live.answer(database, q, outsider, 2) == "closed"  # another class's pupil is not counted
    assert live.tally(database, q) == {3: 2, 1: 1}
    assert live.my_answer(database, q, c) == 1 and live.my_answer(database, q, outsider) is None
    live.reveal(database, q)
    assert live.current(database, code).revealed
    q2 = live.ask(database, code, "pos=0,4,4,4,4,4/1/4,4,4,4,4,4/0/N")
    assert live.current(database, code).id == q2 and live.answer(database, q, a, 2) == "closed"  # the old one closed
    assert live.tally(database, q2) == {}
    live.close(database, q2)
    assert live.current(database, code) is None


def test_first_try_solves_are_kept_apart_from_solves_with_help(two_sessions):
    """The first solve decides, in every store alike: no miss and no hint before it is a first-try solve
    (a miss in a later try takes nothing back); a miss or a hint before it, a solve with help."""
    first, second = two_sessions
    first.puzzle_tried("lap-thirteen")
    first.puzzle_solved("lap-thirteen")
    first.puzzle_missed("lap-thirteen")  # a later try
    first.puzzle_tried("capture-one-seed")
    first.puzzle_missed("capture-one-seed")
    first.puzzle_solved("capture-one-seed")
    first.puzzle_tried("capture-two-ways")
    first.puzzle_hint("capture-two-ways")
    first.puzzle_solved("capture-two-ways")
    first.puzzle_solved("capture-two-ways")  # solved again: stays with help
    assert second.puzzles() == {"lap-thirteen": PuzzleProgress(1, 0, True, True),
                                "capture-one-seed": PuzzleProgress(1, 0, True, False),
                                "capture-two-ways": PuzzleProgress(0, 1, True, False)}
    summary = second.summary(8)
    assert (summary.puzzles_solved, summary.puzzles_first_try, summary.puzzles_helped) == (3, 1, 2)
    # what a learner did before their code was known is written into the store later, and reads the same
    before = Progress(puzzle_records={pid: PuzzleProgress(**vars(rec)) for pid, rec in second.puzzles().items()})
    written = Progress()
    before.replay_into(written)
    assert written.puzzles() == second.puzzles()


def test_migration_0007_marks_earlier_clean_solves_as_first_try(tmp_path):
    """A database at 0006 with puzzles solved before the column existed: a solve with no miss and no hint
    becomes a first-try solve, any other stays with help."""
    from alembic import command

    from store import db as store_db

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    fresh = Database(url)
    code = learners.new_learner(fresh)
    fresh.dispose()
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        cfg = store_db.alembic_config(url)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0006")
        for pid, wrong, hints, solved in (("a", 0, 0, True), ("b", 1, 0, True), ("c", 0, 2, True), ("d", 0, 0, False)):
            conn.execute(text("INSERT INTO puzzles_tried (learner_code, puzzle_id, wrong, hints, solved, last_at) "
                              "VALUES (:c, :p, :w, :h, :s, :t)"),
                         {"c": code, "p": pid, "w": wrong, "h": hints, "s": solved, "t": T0})
    engine.dispose()
    upgraded = Database(url)
    try:
        assert {pid: (rec.solved, rec.first_try) for pid, rec in StoredProgress(upgraded, code).puzzles().items()} == {
            "a": (True, True), "b": (True, False), "c": (True, False), "d": (False, False)}
    finally:
        upgraded.dispose()


def test_a_new_database_gets_every_table_and_the_migrations_match_the_models(database):
    names = set(inspect(database.engine).get_table_names())
    assert names >= {"alembic_version", "learners", "classes", "lesson_steps", "lessons_done", "puzzles_tried",
                     "games", "attempts", "attempt_guard", "teacher_devices", "teacher_signouts", "live_questions",
                     "live_answers"}
    with database.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_a_database_at_the_newest_revision_opens_without_alembic_and_an_older_one_is_brought_up(tmp_path, monkeypatch):
    """A server's start checks the revision with one query (``store.db.at_head``); Alembic runs only
    when the database is new or behind (here: taken back to 0001, then opened again)."""
    from alembic import command
    from alembic.script import ScriptDirectory

    from store import db as store_db

    url = f"sqlite:///{tmp_path / 'rev.sqlite3'}"
    assert ScriptDirectory.from_config(store_db.alembic_config(url)).get_current_head() == store_db.HEAD == "0019_late"
    first = Database(url)
    code = learners.new_learner(first)
    first.dispose()
    calls: list[str] = []
    real_upgrade = command.upgrade
    monkeypatch.setattr(command, "upgrade", lambda cfg, rev: (calls.append(rev), real_upgrade(cfg, rev)))
    again = Database(url)
    assert calls == [] and learners.exists(again, code)
    with again.engine.begin() as conn:
        assert store_db.at_head(conn)
        cfg = store_db.alembic_config(url)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all() == ["0001"]
        assert not store_db.at_head(conn)
    again.dispose()
    behind = Database(url)
    assert calls == ["head"] and learners.exists(behind, code)
    with behind.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all() == [store_db.HEAD]
        assert {"teacher_devices", "attempts", "teacher_signouts", "learner_ratings", "puzzle_ratings", "rated_tries",
            "review_cards", "homework",
            "reviewed_games"} <= set(inspect(conn).get_table_names())
        assert "kind" in {c["name"] for c in inspect(conn).get_columns("review_cards")}
        assert {"recovery_hash", "open_to_join"} <= {c["name"] for c in inspect(conn).get_columns("classes")}
        assert "done" in {c["name"] for c in inspect(conn).get_columns("lesson_steps")}
        assert {"first_try", "solved_at"} <= {c["name"] for c in inspect(conn).get_columns("puzzles_tried")}
    behind.dispose()


def test_a_database_that_cannot_be_reached_says_so():
    with pytest.raises(StoreUnavailable):
        Database("postgresql+psycopg://nobody:nothing@127.0.0.1:1/none?connect_timeout=2")
    with pytest.raises(StoreUnavailable):
        Database("sqlite:////proc/no/such/folder/x.sqlite3")


def test_when_the_database_fails_mid_session_progress_goes_on_in_memory(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'gone.sqlite3'}")
    code = learners.new_learner(db)
    saved = StoredProgress(db, code)
    saved.step_done("setup", "the-board")
    with db.engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE lesson_steps")
    saved.step_done("setup", "sow-once", wrong=1)  # no exception reaches the page
    assert saved.lost
    assert saved.lesson("setup") == LessonProgress({"sow-once"}, False, 0, 1, 0, {"sow-once": (1, 0)})
    saved.puzzle_solved("chain-right-to-left")
    assert saved.summary(6) == Summary(0, 6, 1, 1, 0, 0, 0, puzzles_first_try=1)
    db.dispose()


def test_two_tabs_writing_the_same_row_at_once_both_count(tmp_path, monkeypatch):
    """A write that meets a row just written by the learner's other tab is tried once more
    (it then updates that row) instead of losing the session's progress."""
    from sqlalchemy.orm import Session

    db = Database(f"sqlite:///{tmp_path / 'race.sqlite3'}")
    code = learners.new_learner(db)
    tab1, tab2 = StoredProgress(db, code), StoredProgress(db, code)
    tab1.step_done("setup", "the-board", wrong=1)
    real_get = Session.get
    blind = {"left": 1}

    def get_once_blind(self, entity, ident, **kw):  # tab 2 read before tab 1's row was there
        if blind["left"]:
            blind["left"] -= 1
            return None
        return real_get(self, entity, ident, **kw)

    monkeypatch.setattr(Session, "get", get_once_blind)
    tab2.step_done("setup", "the-board", wrong=2)
    monkeypatch.setattr(Session, "get", real_get)
    assert not tab2.lost and blind["left"] == 0
    assert tab1.lesson("setup") == LessonProgress({"the-board"}, False, 0, 2, 0, {"the-board": (2, 0)})
    db.dispose()
