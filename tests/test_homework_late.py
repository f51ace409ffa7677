"""Homework done late (issue 33, ut45 #2): a homework finished after the end of its due day, where the pupil
lives, is "done late" (cell "✓ late", CSV "done late", Home's own line); finished by then, "done" ("✓").
When it was finished comes from when each thing was first done (``tutor.homework.FirstDone``, the store's
``first_*`` columns, migration ``0019_late``).

Every day and time is fixed here: nothing is judged by the clock of the machine running the tests.
"""

from __future__ import annotations

import csv
import datetime as dt
from dataclasses import dataclass

import pytest
from sqlalchemy import select, text, update

from store import classes, learners, teachers
from store import homework as stored
from store.cards import StoredCards
from store.db import Database
from store.progress import StoredProgress
from store.schema import LessonRow, ReviewCardRow
from tests import test_homework
from tutor import i18n, words
from tutor.cards import cards_from_review
from tutor.days import Today, local_date
from tutor.homework import (
    NO_FIRSTS,
    Done,
    FirstDone,
    Homework,
    ReviewedGame,
    ReviewWork,
    first_on_home,
    progress,
    state,
)
from tutor.homework_table import homework_csv, homework_rows
from tutor.progress import LessonProgress

SET = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)  # Tuesday 1 Dec
DUE = dt.date(2026, 12, 11)  # a Friday
ATHENS, LOS_ANGELES = "Europe/Athens", "America/Los_Angeles"
# 03:00 UTC on Saturday 12 Dec: Saturday 05:00 in Athens, still Friday 19:00 in Los Angeles
SATURDAY_3_UTC = dt.datetime(2026, 12, 12, 3, 0, tzinfo=dt.UTC)
THURSDAY = dt.datetime(2026, 12, 10, 12, 0, tzinfo=dt.UTC)
MONDAY = dt.datetime(2026, 12, 14, 9, 0, tzinfo=dt.UTC)
STEPS = {"setup": 3, "captures": 9}


@dataclass(frozen=True)
class P:
    theme: str


PUZZLES = {"c1": P("capture"), "c2": P("capture"), "c3": P("capture"), "l1": P("lap")}


Pupil = test_homework.Pupil  # a pupil as the class view hands it over (one definition)


@pytest.fixture
def lang():
    """``lang("el")`` pins a language for the test's texts; English again after it."""
    yield i18n.use
    i18n.use(None)


def _aware(when: dt.datetime | None) -> dt.datetime | None:
    return when if when is None or when.tzinfo else when.replace(tzinfo=dt.UTC)


# -- when a homework was finished, and its state --------------------------------------------------------------


def test_the_same_moment_is_on_time_in_los_angeles_and_late_in_athens_in_the_table_csv_and_home(lang):
    """ut45 #2: Lia (Los Angeles) and Nik (Athens) each reviewed their second game at 03:00 UTC on Saturday
    12 Dec: Friday 19:00 for Lia, the due day still; Saturday 05:00 for Nik, after it. The teacher in Athens
    sees Lia "✓" and Nik "✓ late" on Monday; before, both were "done ✓"."""
    homework = Homework(8, "reviews", (), "", 2, DUE, SET, zone=ATHENS)
    lia, nik = Pupil("Lia", zone=LOS_ANGELES), Pupil("Nik", zone=ATHENS)
    work = ReviewWork((ReviewedGame(SET + dt.timedelta(hours=1)), ReviewedGame(SATURDAY_3_UTC)))
    reviews = {"Lia": work, "Nik": work}
    teacher = Today(MONDAY, ATHENS)
    assert local_date(SATURDAY_3_UTC, LOS_ANGELES) == DUE < local_date(SATURDAY_3_UTC, ATHENS)
    done = progress(homework, {}, {}, {}, {}, work)
    assert done == Done(2, 2, True) and done.at == SATURDAY_3_UTC
    lang("en")
    heading = "Homework 1: review 2 of their own games (Friday 11 Dec)"
    assert homework_rows([homework], [lia, nik], {}, {}, {}, {}, {}, teacher, reviews) == [
        {"Name": "Lia", heading: "✓"}, {"Name": "Nik", heading: "✓ late"}]
    text = homework_csv([homework], [lia, nik], {}, {}, {}, {}, {}, teacher, reviews)
    assert [row[-1] for row in csv.reader(text.splitlines())] == ["Homework 1: state", "done", "done late"]
    # each pupil's Home, in their own browser, says the same
    assert [state(homework, done, Today(MONDAY, zone)) for zone in (LOS_ANGELES, ATHENS)] == ["done", "done_late"]
    # a pupil whose zone is unknown: the zone the homework was set in (Athens)
    assert homework_rows([homework], [Pupil("Ola")], {}, {}, {}, {}, {}, teacher, {"Ola": work}) == [
        {"Name": "Ola", heading: "✓ late"}]
    # a plain date is judged in the homework's zone (Saturday in Athens and in UTC, Friday in Los Angeles)
    assert state(homework, done, dt.date(2026, 12, 14)) == "done_late"
    assert state(Homework(8, "reviews", (), "", 2, DUE, SET), done, dt.date(2026, 12, 14)) == "done_late"
    assert state(Homework(8, "reviews", (), "", 2, DUE, SET, zone=LOS_ANGELES), done, dt.date(2026, 12, 14)) == "done"
    lang("el")
    assert homework_rows([homework], [nik], {}, {}, {}, {}, {}, teacher, reviews)[0].popitem()[1] == "✓ εκπρόθεσμα"
    text = homework_csv([homework], [nik], {}, {}, {}, {}, {}, teacher, reviews)
    assert [row[-1] for row in csv.reader(text.splitlines(), delimiter=";")][1:] == ["έγινε εκπρόθεσμα"]


def test_lessons_are_finished_when_the_last_of_them_was_first_finished():
    two = Homework(3, "lessons", ("setup", "captures"), "", 0, DUE, SET, zone=ATHENS)
    finished = {"setup": LessonProgress(done=True), "captures": LessonProgress(done=True)}
    before = SET - dt.timedelta(days=3)  # lessons count whenever they were done
    on_time = FirstDone(lessons={"setup": before, "captures": THURSDAY})
    late = FirstDone(lessons={"setup": THURSDAY, "captures": SATURDAY_3_UTC})
    seen = Today(MONDAY, ATHENS)
    done = progress(two, finished, {}, STEPS, PUZZLES, first=on_time)
    assert (done, done.at, state(two, done, seen)) == (Done(12, 12, True), THURSDAY, "done")
    done = progress(two, finished, {}, STEPS, PUZZLES, first=late)
    assert (done.at, state(two, done, seen)) == (SATURDAY_3_UTC, "done_late")
    assert state(two, done, Today(MONDAY, LOS_ANGELES)) == "done"  # Friday evening there
    # a lesson whose first finish is not known: never called late
    unknown = progress(two, finished, {}, STEPS, PUZZLES, first=FirstDone(lessons={"captures": SATURDAY_3_UTC}))
    assert (unknown.at, state(two, unknown, seen)) == (None, "done")
    assert progress(two, finished, {}, STEPS, PUZZLES).at is None
    # not finished: no time, and late is the unfinished kind
    half = progress(two, {"setup": LessonProgress(done=True)}, {}, STEPS, PUZZLES, first=late)
    assert (half.at, state(two, half, seen)) == (None, "late")


def test_puzzles_are_finished_at_the_solve_that_made_the_number_each_read_at_its_first_solve_since_it_was_set():
    homework = Homework(2, "puzzles", (), "capture", 2, DUE, SET, zone=ATHENS)
    seen = Today(MONDAY, ATHENS)
    latest = {"c1": SATURDAY_3_UTC, "c2": THURSDAY, "c3": SATURDAY_3_UTC + dt.timedelta(days=1), "l1": THURSDAY}
    # c1 first solved on Thursday and again on Saturday: on time; c2 on Thursday: two by Thursday
    done = progress(homework, {}, latest, STEPS, PUZZLES, first=FirstDone(solves={"c1": THURSDAY, "c2": THURSDAY}))
    assert (done, done.at, state(homework, done, seen)) == (Done(2, 2, True), THURSDAY, "done")
    # c1 first solved on Saturday: the second of the theme came on Saturday (the lap puzzle does not count)
    done = progress(homework, {}, latest, STEPS, PUZZLES,
                    first=FirstDone(solves={"c1": SATURDAY_3_UTC, "c2": THURSDAY, "c3": latest["c3"]}))
    assert (done.at, state(homework, done, seen)) == (SATURDAY_3_UTC, "done_late")
    # no first times: each read at its latest solve
    done = progress(homework, {}, latest, STEPS, PUZZLES, first=NO_FIRSTS)
    assert (done.at, state(homework, done, seen)) == (SATURDAY_3_UTC, "done_late")
    # solved before the homework was set and again after the due day: a solve between cannot be told, so it
    # is read as solved when the homework was set (late only when known)
    done = progress(homework, {}, {"c1": SATURDAY_3_UTC, "c2": THURSDAY}, STEPS, PUZZLES,
                    first=FirstDone(solves={"c1": SET - dt.timedelta(days=1), "c2": THURSDAY}))
    assert (done.at, state(homework, done, seen)) == (THURSDAY, "done")


def test_mistakes_played_again_finish_the_homework_at_the_first_good_move_found_after_the_game_s_review():
    homework = Homework(6, "reviews", (), "", 1, DUE, SET, replay=True, zone=ATHENS)
    seen = Today(MONDAY, ATHENS)
    game = ReviewedGame(SET + dt.timedelta(hours=1), ("a", "b"))
    # a found again on Thursday, b first found again on Saturday: finished on Saturday, late
    work = ReviewWork((game,), {"a": THURSDAY, "b": SATURDAY_3_UTC}, {"a": THURSDAY, "b": SATURDAY_3_UTC})
    done = progress(homework, {}, {}, {}, {}, work)
    assert (done, done.at, state(homework, done, seen)) == (Done(1, 1, True, 2, 2), SATURDAY_3_UTC, "done_late")
    # b first found on Thursday, again on Saturday: finished on Thursday
    work = ReviewWork((game,), {"a": THURSDAY, "b": SATURDAY_3_UTC}, {"a": THURSDAY, "b": THURSDAY})
    assert progress(homework, {}, {}, {}, {}, work).at == THURSDAY
    # b first found before this game's review (the same position in an earlier game) and again on Saturday:
    # read as found when the game was reviewed, on time
    work = ReviewWork((game,), {"a": THURSDAY, "b": SATURDAY_3_UTC}, {"a": THURSDAY, "b": SET})
    done = progress(homework, {}, {}, {}, {}, work)
    assert (done.at, state(homework, done, seen)) == (THURSDAY, "done")
    # the finished ones come after the unfinished on Home, late or not
    plain = Homework(7, "reviews", (), "", 2, DUE, SET)
    pairs = first_on_home([homework, plain], {}, {}, {}, {}, work)
    assert [(hw.id, d.finished) for hw, d in pairs] == [(7, False), (6, True)]


def test_the_home_line_the_cell_the_csv_word_and_the_legend_of_done_late(lang):
    lang("en")
    assert words.homework_line("finish lesson 4", DUE, "9 of 9 steps done", "done_late") == (
        "Homework done: finish lesson 4. You finished it after its due day, Friday 11 Dec — well done for "
        "finishing it!")
    assert [words.homework_cell(2, 3, s) for s in ("done", "done_late", "open", "due_today", "late")] == [
        "✓", "✓ late", "2/3", "2/3 · today", "2/3 · late"]
    assert words.homework_cell(1, 2, "open", 3, 5) == "1/2 · 3/5 found"
    assert words.homework_state_word("done_late") == "done late"
    assert words.homework_label("on_time").startswith("✓ finished on time · ✓ late: finished, but after the due day")
    lang("el")
    assert words.homework_line("να τελειώσεις το μάθημα 4", DUE, "", "done_late") == (
        "Εργασία: να τελειώσεις το μάθημα 4 — έγινε, μετά την προθεσμία (Παρασκευή 11 Δεκεμβρίου). "
        "Μπράβο που την ολοκλήρωσες!")
    assert [words.homework_cell(2, 3, s) for s in ("done", "done_late", "due_today", "late")] == [
        "✓", "✓ εκπρόθεσμα", "2/3 · σήμερα", "2/3 · καθυστερεί"]
    assert words.homework_label("on_time").startswith(
        "✓ ολοκληρώθηκε εμπρόθεσμα · ✓ εκπρόθεσμα: ολοκληρώθηκε, αλλά μετά την προθεσμία")


# -- the store ----------------------------------------------------------------------------------------------


def test_the_store_keeps_when_each_lesson_puzzle_and_mistake_was_first_done(database):
    key = teachers.new_key()
    code, _, _ = teachers.create_class(database, "6L", key)
    anna, ben = learners.new_learner(database), learners.new_learner(database)
    classes.join(database, anna, code, "Anna")
    classes.join(database, ben, code, "Ben")
    assert stored.first_done(database, anna) == FirstDone() and stored.class_first_done(database, code) == {}
    mine = StoredProgress(database, anna)
    mine.lesson_done("captures", 2)
    mine.puzzle_tried("c1")
    assert stored.first_done(database, anna) == FirstDone(lessons={"captures": stored.first_done(
        database, anna).lessons["captures"]})  # tried, not solved: no solve time
    mine.puzzle_solved("c1")
    first = stored.first_done(database, anna)
    mine.lesson_done("captures", 3)  # finished again, solved again: the first times stay
    mine.puzzle_solved("c1")
    again = stored.first_done(database, anna)
    assert again == first and set(again.lessons) == {"captures"} and set(again.solves) == {"c1"}
    assert _aware(stored.solves(database, anna)["c1"]) >= _aware(again.solves["c1"])
    assert list(stored.class_first_done(database, code)) == ["Anna"]  # Ben did nothing yet

    cards = _cards()
    kept = StoredCards(database, anna)
    kept.keep(cards)
    assert kept.reviewed("g1", THURSDAY, [c.id for c in cards])
    kept.rescheduled(cards[0], THURSDAY)
    kept.rescheduled(cards[0], SATURDAY_3_UTC)  # found again once more: the first stays
    kept.rescheduled(cards[1])  # a schedule that is no replay
    work = stored.review_work(database, anna)
    assert {c: _aware(t) for c, t in work.replays.items()} == {cards[0].id: SATURDAY_3_UTC}
    assert {c: _aware(t) for c, t in work.first_replays.items()} == {cards[0].id: THURSDAY}
    assert stored.class_review_work(database, code)["Anna"] == work
    mine.reset_lesson("captures")  # started over from scratch: no longer finished, no first finish
    assert stored.first_done(database, anna).lessons == {}


def _cards():
    from engine import Game, KalahRules, analyse
    from tutor.review import review_game

    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    cards = cards_from_review(review_game(game, lambda p, r: list(analyse(p, r, time_ms=None))), ("S", "N"), SET)
    assert len(cards) >= 2
    return cards


def test_the_teacher_table_reads_the_store_s_first_times(database, lang):
    key = teachers.new_key()
    code, _, _ = teachers.create_class(database, "6M", key)
    anna = learners.new_learner(database)
    classes.join(database, anna, code, "Anna")
    learners.note_zone(database, anna, ATHENS)
    StoredProgress(database, anna).lesson_done("captures", 3)
    with database.session() as s:  # finished on Saturday morning in Athens, finished again on Monday
        s.execute(update(LessonRow).where(LessonRow.learner_code == anna)
                  .values(first_done_at=SATURDAY_3_UTC, done_at=MONDAY))
    homework = Homework(1, "lessons", ("captures",), "", 0, DUE, SET, zone=ATHENS)
    pupils = classes.pupils(database, code)
    lang("en")
    rows = homework_rows([homework], pupils, {}, STEPS, {"captures": 4}, {}, {}, Today(MONDAY, ATHENS),
                         firsts=stored.class_first_done(database, code))
    assert rows == [{"Name": "Anna", "Homework 1: finish lesson 4 (Friday 11 Dec)": "✓ late"}]


def test_migration_0018_fills_each_first_time_with_the_latest_kept_and_its_downgrade_loses_no_row(tmp_path):
    """A database at 0017 with a lesson finished, a puzzle solved (and one solved before solve times were
    kept) and a card played again: after 0018 each first time is the latest time there was."""
    from alembic import command
    from sqlalchemy import create_engine

    from store import db as store_db

    url = f"sqlite:///{tmp_path / 'late.sqlite3'}"
    fresh = Database(url)
    code = learners.new_learner(fresh)
    fresh.dispose()
    engine = create_engine(url)
    cfg = store_db.alembic_config(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0018_rate")
        conn.execute(text("INSERT INTO lessons_done (learner_code, lesson_id, stars, done_at) VALUES (:c, 'l', 2, :t)"),
                     {"c": code, "t": THURSDAY})
        for pid, solved_at in (("p", SATURDAY_3_UTC), ("old", None)):
            conn.execute(text("INSERT INTO puzzles_tried (learner_code, puzzle_id, wrong, hints, solved, first_try, "
                              "last_at, solved_at) VALUES (:c, :p, 0, 0, 1, 1, :t, :s)"),
                         {"c": code, "p": pid, "t": THURSDAY, "s": solved_at})
        conn.execute(text("INSERT INTO review_cards (learner_code, card_id, rules, position, played, good, "
                          "move_values, exact, schedule, due, created_at, replayed_at) VALUES (:c, 'k', '{}', '', 1, "
                          "'', '', 1, '{}', :t, :t, :r)"), {"c": code, "t": THURSDAY, "r": MONDAY})
    engine.dispose()
    upgraded = Database(url)  # brought up to the head
    try:
        assert stored.first_done(upgraded, code) == FirstDone(
            lessons={"l": stored.first_done(upgraded, code).lessons["l"]}, solves={"p": stored.first_done(
                upgraded, code).solves["p"]})
        first = stored.first_done(upgraded, code)
        assert (_aware(first.lessons["l"]), _aware(first.solves["p"])) == (THURSDAY, SATURDAY_3_UTC)
        with upgraded.session() as s:
            assert _aware(s.scalars(select(ReviewCardRow.first_replayed_at)).one()) == MONDAY
        with upgraded.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0018_rate")
            counts = [conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
                      for t in ("lessons_done", "puzzles_tried", "review_cards")]
            assert counts == [1, 2, 1]
    finally:
        upgraded.dispose()
