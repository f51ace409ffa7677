"""Homework of reviewing one's own games, and "due today" / "late" by the learner's own day (issue 33):
``tutor.homework`` (what counts), ``tutor.days`` (the day in a time zone), ``tutor.homework_table`` (the
teacher's table and CSV), ``tutor.mistakes`` (a replay's time reaches the store) and the store on SQLite
(and PostgreSQL when ``MANCALA_DB_URL`` names one).

Every moment is fixed here (no wall clock): around midnight in Athens (UTC+2 in December) and in Los
Angeles (UTC-8 in December).
"""

from __future__ import annotations

import csv
import datetime as dt

import pytest

from engine import Game, KalahRules, analyse
from store import classes, learners, lifecycle, teachers
from store import homework as stored
from store.cards import StoredCards
from tests import test_homework
from tutor import i18n, words
from tutor.cards import MemoryCards, cards_from_review
from tutor.days import Today, known, local_date
from tutor.homework import (
    NO_REVIEWS,
    Done,
    Homework,
    ReviewedGame,
    ReviewWork,
    day_of,
    first_on_home,
    progress,
    progress_words,
    state,
    task_words,
    to_replay,
)
from tutor.homework_table import homework_csv, homework_rows
from tutor.mistakes import MistakeActivity
from tutor.progress import LessonProgress
from tutor.review import review_game

SET = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
DUE = dt.date(2026, 12, 11)  # a Friday
REVIEWS = Homework(5, "reviews", (), "", 2, DUE, SET)
REPLAY = Homework(6, "reviews", (), "", 2, DUE, SET, replay=True)
ATHENS, LOS_ANGELES = "Europe/Athens", "America/Los_Angeles"


def at(hours: float) -> dt.datetime:
    """``hours`` after the homework was set."""
    return SET + dt.timedelta(hours=hours)


@pytest.fixture
def lang():
    """``lang("el")`` pins a language for the test's texts; English again after it."""
    yield i18n.use
    i18n.use(None)


# -- what counts --------------------------------------------------------------------------------------------


def test_games_reviewed_after_the_homework_was_set_count_each_once_up_to_the_number():
    before = ReviewWork((ReviewedGame(at(-1), ("a",)),))
    assert progress(REVIEWS, {}, {}, {}, {}, before) == Done(0, 2, False)
    one = ReviewWork((ReviewedGame(at(-1)), ReviewedGame(SET, ("a", "b"))))  # the moment it was set counts
    assert progress(REVIEWS, {}, {}, {}, {}, one) == Done(1, 2, False)
    three = ReviewWork(tuple(ReviewedGame(at(h)) for h in (1, 2, 3)))
    assert progress(REVIEWS, {}, {}, {}, {}, three) == Done(2, 2, True)
    naive = ReviewWork((ReviewedGame(at(1).replace(tzinfo=None)),))  # SQLite gives times back without their zone
    assert progress(REVIEWS, {}, {}, {}, {}, naive) == Done(1, 2, False)
    assert progress(REVIEWS, {}, {}, {}, {}) == Done(0, 2, False)  # no reviews given: none counted


def test_with_replay_a_game_is_done_once_each_of_its_mistakes_was_played_again_after_its_review():
    game_1 = ReviewedGame(at(1), ("a", "b"))
    game_2 = ReviewedGame(at(2), ("c",))
    # "a" played again before game 1's review (an older card met again): it must be played again after it
    early = ReviewWork((game_1, game_2), {"a": at(0.5), "b": at(1.5)})
    assert progress(REPLAY, {}, {}, {}, {}, early) == Done(2, 2, False, mistakes=3, replayed=1)
    assert to_replay(REPLAY, early) == ["a", "c"]
    done = ReviewWork((game_1, game_2), {"a": at(3), "b": at(1.5), "c": at(2)})
    assert progress(REPLAY, {}, {}, {}, {}, done) == Done(2, 2, True, mistakes=3, replayed=3)
    assert to_replay(REPLAY, done) == []
    assert to_replay(REVIEWS, early) == []  # without replay nothing waits


def test_the_same_position_in_two_games_is_one_mistake_as_on_the_mistakes_page():
    # both games made the same move-1 mistake from the start: one card, one position to find again
    game_1 = ReviewedGame(at(1), ("start", "b"))
    game_2 = ReviewedGame(at(2), ("start", "c"))
    none = ReviewWork((game_1, game_2))
    assert progress(REPLAY, {}, {}, {}, {}, none) == Done(2, 2, False, mistakes=3, replayed=0)
    assert len(to_replay(REPLAY, none)) == 3  # what the Mistakes page plays: the same count
    between = ReviewWork((game_1, game_2), {"start": at(1.5), "b": at(1.5), "c": at(3)})
    assert progress(REPLAY, {}, {}, {}, {}, between) == Done(2, 2, False, mistakes=3, replayed=2)
    assert to_replay(REPLAY, between) == ["start"]  # found before game 2 made it again: once more
    done = ReviewWork((game_1, game_2), {"start": at(3), "b": at(1.5), "c": at(3)})
    assert progress(REPLAY, {}, {}, {}, {}, done) == Done(2, 2, True, mistakes=3, replayed=3)


def test_with_replay_the_games_whose_mistakes_were_all_played_again_count_first():
    stuck = ReviewedGame(at(1), ("a", "b", "c"))
    clean = ReviewedGame(at(2))  # no mistakes: done by its review
    fixed = ReviewedGame(at(3), ("d",))
    work = ReviewWork((stuck, clean, fixed), {"d": at(4)})
    assert progress(REPLAY, {}, {}, {}, {}, work) == Done(2, 2, True, mistakes=1, replayed=1)
    only_stuck = ReviewWork((stuck,), {"a": at(5)})
    assert progress(REPLAY, {}, {}, {}, {}, only_stuck) == Done(1, 2, False, mistakes=3, replayed=1)


# -- the learner's own day ----------------------------------------------------------------------------------

# 22:30 UTC on Thursday 10 Dec: already Friday 00:30 in Athens, still Thursday 14:30 in Los Angeles
THURSDAY_NIGHT_UTC = dt.datetime(2026, 12, 10, 22, 30, tzinfo=dt.UTC)
# 05:00 UTC on Saturday 12 Dec: Saturday 07:00 in Athens, still Friday 21:00 in Los Angeles
SATURDAY_DAWN_UTC = dt.datetime(2026, 12, 12, 5, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize(("now", "zone", "day"), [
    (THURSDAY_NIGHT_UTC, ATHENS, dt.date(2026, 12, 11)),
    (THURSDAY_NIGHT_UTC, LOS_ANGELES, dt.date(2026, 12, 10)),
    (THURSDAY_NIGHT_UTC, None, dt.date(2026, 12, 10)),
    (SATURDAY_DAWN_UTC, ATHENS, dt.date(2026, 12, 12)),
    (SATURDAY_DAWN_UTC, LOS_ANGELES, dt.date(2026, 12, 11)),
    (dt.datetime(2026, 12, 10, 21, 59, 59, tzinfo=dt.UTC), ATHENS, dt.date(2026, 12, 10)),  # a second to midnight
    (dt.datetime(2026, 12, 10, 22, 0, tzinfo=dt.UTC), ATHENS, dt.date(2026, 12, 11)),  # midnight in Athens
    (dt.datetime(2026, 12, 11, 7, 59, 59, tzinfo=dt.UTC), LOS_ANGELES, dt.date(2026, 12, 10)),
    (dt.datetime(2026, 12, 11, 8, 0, tzinfo=dt.UTC), LOS_ANGELES, dt.date(2026, 12, 11)),  # midnight in LA
    (dt.datetime(2026, 12, 10, 22, 30), ATHENS, dt.date(2026, 12, 11)),  # naive: read as UTC
])
def test_the_day_is_the_learner_s_own_around_midnight(now, zone, day):
    assert local_date(now, zone) == day == Today(now, zone).date()


@pytest.mark.parametrize(("now", "zone", "where"), [
    (THURSDAY_NIGHT_UTC, ATHENS, "due_today"),
    (THURSDAY_NIGHT_UTC, LOS_ANGELES, "open"),
    (SATURDAY_DAWN_UTC, ATHENS, "late"),
    (SATURDAY_DAWN_UTC, LOS_ANGELES, "due_today"),
])
def test_due_today_and_late_are_judged_by_the_learner_s_day_not_utc(now, zone, where):
    half = Done(1, 2, False)
    assert state(REVIEWS, half, Today(now, zone)) == where
    assert state(REVIEWS, Done(2, 2, True), Today(now, zone)) == "done"


def test_without_a_browser_zone_the_homework_is_judged_in_the_zone_it_was_set_in_else_utc():
    set_in_athens = Homework(7, "reviews", (), "", 2, DUE, SET, zone=ATHENS)
    nobody = Today(THURSDAY_NIGHT_UTC, None)
    assert day_of(set_in_athens, nobody) == dt.date(2026, 12, 11)
    assert state(set_in_athens, Done(0, 2, False), nobody) == "due_today"
    assert state(REVIEWS, Done(0, 2, False), nobody) == "open"  # no zone anywhere: UTC's Thursday
    # the learner's own zone comes first
    assert day_of(set_in_athens, Today(THURSDAY_NIGHT_UTC, LOS_ANGELES)) == dt.date(2026, 12, 10)
    assert day_of(set_in_athens, dt.date(2026, 12, 9)) == dt.date(2026, 12, 9)  # a date is the day itself
    # a zone the browser made up is no zone
    assert known("Mars/Olympus_Mons") == "" and known(None) == "" and known(ATHENS) == ATHENS
    assert Today(THURSDAY_NIGHT_UTC, "Mars/Olympus_Mons").date(ATHENS) == dt.date(2026, 12, 11)


def test_home_orders_by_the_due_day_and_the_review_homework_takes_its_work():
    lessons = Homework(1, "lessons", ("setup",), "", 0, DUE + dt.timedelta(days=1), SET)
    work = ReviewWork((ReviewedGame(at(1)),))
    pairs = first_on_home([lessons, REVIEWS], {"setup": LessonProgress()}, {}, {"setup": 3}, {}, work)
    assert [(hw.id, done) for hw, done in pairs] == [(5, Done(1, 2, False)), (1, Done(0, 3, False))]


# -- words, the table and the CSV ---------------------------------------------------------------------------


def test_the_pupil_reads_the_review_homework_in_english_and_greek(lang):
    half = Done(1, 2, False, mistakes=3, replayed=1)
    lang("en")
    assert task_words(REVIEWS, {}, {}) == "review 2 of your own games"
    line = words.homework_line(task_words(REPLAY, {}, {}), DUE, progress_words(REPLAY, half), "open")
    assert line == ("Homework: review 2 of your own games and play your mistakes again by Friday 11 Dec — "
                    "1 of 2 games reviewed, a better move found in 1 of 3 positions.")
    assert progress_words(REVIEWS, Done(1, 2, False)) == "1 of 2 games reviewed"
    assert progress_words(REPLAY, Done(1, 2, False)) == "1 of 2 games reviewed"  # a game without mistakes
    assert words.homework_line(task_words(REVIEWS, {}, {}), DUE, progress_words(REVIEWS, Done(0, 2, False)),
                               "due_today") == "Homework: review 2 of your own games by today — 0 of 2 games reviewed."
    lang("el")
    line = words.homework_line(task_words(REPLAY, {}, {}), DUE, progress_words(REPLAY, half), "open")
    assert line == ("Εργασία: ανάλυσε 2 δικά σου παιχνίδια και ξαναπαίξε τα λάθη σου "
                    "(προθεσμία: Παρασκευή 11 Δεκεμβρίου) — ανέλυσες 1 από 2 παιχνίδια, βρήκες καλύτερη κίνηση σε 1 από 3 θέσεις.")
    assert words.homework_task("reviews", [], "", 1) == "ανάλυσε 1 δικό σου παιχνίδι"
    assert words.homework_task("reviews", [], "", 2, replay=True, teacher=True) == (
        "να αναλύσουν 2 δικά τους παιχνίδια και να ξαναπαίξουν τα λάθη τους")
    assert task_words(REVIEWS, {}, {}, teacher=True) == "να αναλύσουν 2 δικά τους παιχνίδια"


Pupil = test_homework.Pupil  # a pupil as the class view hands it over (one definition)


def test_the_teacher_table_and_csv_give_each_pupil_s_games_and_mistakes(lang):
    anna, bo, cy = Pupil("Anna", zone=ATHENS), Pupil("Bo", zone=ATHENS), Pupil("Cy", zone=ATHENS)
    reviews = {
        "Anna": ReviewWork((ReviewedGame(at(1), ("a", "b")),), {"a": at(2)}),
        "Bo": ReviewWork((ReviewedGame(at(1)), ReviewedGame(at(2), ("c",))), {"c": at(3)}),
    }
    lang("en")
    rows = homework_rows([REVIEWS, REPLAY], [anna, bo, cy], {}, {}, {}, {}, {}, Today(THURSDAY_NIGHT_UTC, ATHENS),
                         reviews)
    first = "Homework 1: review 2 of their own games (Friday 11 Dec)"
    second = "Homework 2: review 2 of their own games and play their mistakes again (Friday 11 Dec)"
    assert rows == [
        {"Name": "Anna", first: "1/2 · today", second: "1/2 · 1/2 found · today"},
        {"Name": "Bo", first: "✓", second: "✓"},
        {"Name": "Cy", first: "0/2 · today", second: "0/2 · today"},
    ]
    # the same moment, the pupil in Los Angeles: still Thursday there
    later = homework_rows([REVIEWS], [Pupil("Anna", zone=LOS_ANGELES)], {}, {}, {}, {}, {},
                          Today(THURSDAY_NIGHT_UTC, ATHENS), reviews)
    assert later == [{"Name": "Anna", first: "1/2"}]
    text = homework_csv([REVIEWS, REPLAY], [anna, bo, cy], {}, {}, {}, {}, {}, Today(SATURDAY_DAWN_UTC, ATHENS),
                        reviews)
    assert list(csv.reader(text.splitlines())) == [
        ["Name", "Homework 1 (review 2 of their own games, due Friday 11 Dec): done (of 2)", "Homework 1: state",
         "Homework 2 (review 2 of their own games and play their mistakes again, due Friday 11 Dec): done (of 2)",
         "Homework 2: mistake positions found again", "Homework 2: mistake positions in the games", "Homework 2: state"],
        ["Anna", "1", "late", "1", "1", "2", "late"],
        ["Bo", "2", "done", "2", "1", "1", "done"],
        ["Cy", "0", "late", "0", "0", "0", "late"],
    ]
    lang("el")
    assert homework_rows([REPLAY], [anna], {}, {}, {}, {}, {}, DUE, reviews) == [
        {"Όνομα": "Anna",
         "Εργασία 1: να αναλύσουν 2 δικά τους παιχνίδια και να ξαναπαίξουν τα λάθη τους (Παρασκευή 11 Δεκεμβρίου)":
             "1/2 · 1/2 διορθωμένες · σήμερα"}]


# 03:00 UTC on Saturday 12 Dec: Saturday 05:00 for a teacher in Athens, still Friday 19:00 in Los Angeles
SATURDAY_3_UTC = dt.datetime(2026, 12, 12, 3, 0, tzinfo=dt.UTC)


def test_the_teacher_s_table_csv_and_the_pupil_s_home_judge_each_pupil_by_the_pupil_s_own_day(lang):
    set_in_athens = Homework(8, "reviews", (), "", 2, DUE, SET, zone=ATHENS)
    lia, nik, ola = Pupil("Lia", zone=LOS_ANGELES), Pupil("Nik", zone=ATHENS), Pupil("Ola")  # Ola: no zone known
    half = ReviewWork((ReviewedGame(at(1)),))
    reviews = {"Lia": half, "Nik": half, "Ola": half}
    teacher = Today(SATURDAY_3_UTC, ATHENS)  # the teacher's Saturday: the due Friday is over for them
    lang("en")
    heading = "Homework 1: review 2 of their own games (Friday 11 Dec)"
    rows = homework_rows([set_in_athens], [lia, nik, ola], {}, {}, {}, {}, {}, teacher, reviews)
    assert rows == [{"Name": "Lia", heading: "1/2 · today"},  # still Friday in Los Angeles: on time
                    {"Name": "Nik", heading: "1/2 · late"},
                    {"Name": "Ola", heading: "1/2 · late"}]  # the zone the homework was set in: Athens
    text = homework_csv([set_in_athens], [lia, nik, ola], {}, {}, {}, {}, {}, teacher, reviews)
    assert [row[-1] for row in csv.reader(text.splitlines())][1:] == ["due today", "late", "late"]
    # each pupil's Home, in their own browser at that moment, says the same
    done = progress(set_in_athens, {}, {}, {}, {}, half)
    assert [state(set_in_athens, done, Today(SATURDAY_3_UTC, zone)) for zone in (LOS_ANGELES, ATHENS, None)] == [
        "due_today", "late", "late"]
    # a teacher in Los Angeles sees Nik late all the same: his Friday is over
    west = homework_rows([set_in_athens], [nik], {}, {}, {}, {}, {}, Today(SATURDAY_3_UTC, LOS_ANGELES), reviews)
    assert west == [{"Name": "Nik", heading: "1/2 · late"}]
    assert words.homework_label("on_time").endswith(
        "late: not finished by the due day · today: due today · 3/5 found: a better move found in 3 of 5 mistakes. "
        "A day ends at midnight where the pupil lives (their own time zone).")
    lang("el")
    assert "καθυστερεί: δεν ολοκληρώθηκε ως την προθεσμία" in words.homework_label("on_time")
    assert homework_rows([set_in_athens], [lia], {}, {}, {}, {}, {}, teacher, reviews)[0].popitem()[1] == (
        "1/2 · σήμερα")


def test_the_store_keeps_each_pupil_s_zone_for_the_teacher_s_table(database):
    code, _, _ = teachers.create_class(database, "6Z", teachers.new_key())
    lia, ola = learners.new_learner(database), learners.new_learner(database)
    classes.join(database, lia, code, "Lia")
    classes.join(database, ola, code, "Ola")
    assert [(p.name, p.zone) for p in classes.pupils(database, code)] == [("Lia", ""), ("Ola", "")]
    assert learners.note_zone(database, lia, LOS_ANGELES)
    assert not learners.note_zone(database, lia, LOS_ANGELES)  # the same zone: nothing written
    assert not learners.note_zone(database, ola, "Mars/Olympus_Mons")  # a made-up zone is no zone
    assert not learners.note_zone(database, ola, None)
    assert [(p.name, p.zone) for p in classes.pupils(database, code)] == [("Lia", LOS_ANGELES), ("Ola", "")]
    assert learners.note_zone(database, lia, ATHENS)  # they moved (or their browser did)
    assert classes.pupils(database, code)[0].zone == ATHENS


# -- a replay's time reaches the store ----------------------------------------------------------------------


def review_of_leftmost_game(pits: int = 3):
    game = Game(KalahRules(pits=pits, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return review_game(game, lambda p, r: list(analyse(p, r, time_ms=None)))


def test_playing_a_mistake_again_keeps_when_it_was_played():
    card = cards_from_review(review_of_leftmost_game(), ("S",), SET)[0]
    cards = MemoryCards()
    cards.keep([card])
    run = MistakeActivity(card, cards, lambda: at(5))
    run.press(card.good[0])
    assert cards.replayed == {card.id: at(5)}
    assert cards.reviewed("g1", at(1), [card.id, card.id]) and cards.mistakes == {"g1": (card.id,)}


def test_a_mistake_counts_as_found_again_only_when_a_good_move_is_found_without_show_me():
    card = cards_from_review(review_of_leftmost_game(), ("S",), SET)[0]
    hour = [5]
    cards = MemoryCards()
    cards.keep([card])
    run = MistakeActivity(card, cards, lambda: at(hour[0]))
    run.press(card.played)  # every answer wrong: no replay counted
    run.reset()
    run.show_me()
    run.reset()
    run.press(card.good[0])  # after "Show me": copied, not found
    assert cards.replayed == {}
    assert to_replay(REPLAY, ReviewWork((ReviewedGame(at(1), (card.id,)),), cards.replayed)) == [card.id]
    hour[0] = 6
    again = MistakeActivity(cards.cards[card.id], cards, lambda: at(hour[0]))
    again.press(card.played)  # the game's mistake again
    again.reset()
    again.press(card.good[0])  # found on the second try, no "Show me": it counts now
    assert cards.replayed == {card.id: at(6)}
    assert to_replay(REPLAY, ReviewWork((ReviewedGame(at(1), (card.id,)),), cards.replayed)) == []


# -- the store ----------------------------------------------------------------------------------------------


def test_the_store_keeps_the_review_homework_its_zone_and_each_pupil_s_games_and_replays(database):
    key = teachers.new_key()
    code, _, _ = teachers.create_class(database, "5R", key)
    anna, ben, outsider = (learners.new_learner(database) for _ in range(3))
    classes.join(database, anna, code, "Anna")
    classes.join(database, ben, code, "Ben")
    made = stored.set_homework(database, code, "reviews", [], "capture", 3, DUE, at=SET, replay=True, zone=ATHENS)
    plain = stored.set_homework(database, code, "reviews", [], "", 2, DUE, at=SET, zone="Mars/Olympus_Mons")
    lessons = stored.set_homework(database, code, "lessons", ["setup"], "", 0, DUE, at=SET, replay=True)
    kept = stored.homeworks(database, code)
    assert [(h.id, h.kind, h.theme, h.count, h.replay, h.zone) for h in kept] == [
        (made, "reviews", "", 3, True, ATHENS), (plain, "reviews", "", 2, False, ""),
        (lessons, "lessons", "", 0, False, "")]
    assert stored.review_work(database, anna) == NO_REVIEWS
    assert stored.class_review_work(database, code) == {}

    cards = cards_from_review(review_of_leftmost_game(4), ("S", "N"), SET)
    assert len(cards) >= 2
    mine = StoredCards(database, anna)
    mine.keep(cards)
    ids = [c.id for c in cards]
    assert mine.reviewed("game-one", at(1), ids)
    assert not mine.reviewed("game-one", at(2), ids[:1])  # another tab, the same game: kept once, as first
    assert mine.reviewed("game-two", at(3))
    mine.rescheduled(cards[0], at(4))  # played again on the Mistakes page
    mine.rescheduled(cards[1])  # a new schedule that is no replay
    StoredCards(database, outsider).reviewed("game-one", at(1), ids)
    work = stored.review_work(database, anna)
    assert work.games == (ReviewedGame(work.games[0].at, tuple(ids)), ReviewedGame(work.games[1].at, ()))
    assert [g.at.replace(tzinfo=dt.UTC) if g.at.tzinfo is None else g.at for g in work.games] == [at(1), at(3)]
    assert {c: (t if t.tzinfo else t.replace(tzinfo=dt.UTC)) for c, t in work.replays.items()} == {ids[0]: at(4)}
    assert list(stored.class_review_work(database, code)) == ["Anna"]  # Ben reviewed none, the outsider is no pupil
    assert progress(kept[0], {}, {}, {}, {}, work) == Done(2, 3, False, mistakes=len(ids), replayed=1)
    assert progress(kept[1], {}, {}, {}, {}, work) == Done(2, 2, True)

    assert lifecycle.erase_learner(database, anna)
    assert stored.class_review_work(database, code) == {}
    assert lifecycle.delete_class(database, code, key) == "5R"
    assert stored.homeworks(database, code) == []
