"""The homework of reviewing one's own games in the app (AppTest, the app's database): the teacher sets it on
the Class page in her browser's time zone and sees each pupil's games and mistakes; the pupil sees it first
on Home with where to do it, and "due today" by their own browser's day. The time is fixed
(``ui.homework.CLOCK``); each browser's zone is AppTest's ``context["timezone"]``.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine import Game, KalahRules, analyse
from store import classes, learners, teachers
from store import homework as stored
from store.cards import StoredCards
from tests.test_class_app import as_teacher
from tutor.cards import cards_from_review
from tutor.review import review_game
from ui import homework, homework_class
from ui.state import Keys

# 22:30 UTC on Thursday 10 Dec 2026: Friday 00:30 in Athens, Thursday 14:30 in Los Angeles
NOW = dt.datetime(2026, 12, 10, 22, 30, tzinfo=dt.UTC)
FRIDAY = dt.date(2026, 12, 11)
ATHENS, LOS_ANGELES = "Europe/Athens", "America/Los_Angeles"
K = homework_class.K


@pytest.fixture(autouse=True)
def fixed_time(monkeypatch):
    monkeypatch.setattr(homework, "CLOCK", lambda: NOW)


def _session(page: str, zone: str | None, learner: str | None = None):
    """A new browser session (its own AppTest) in time zone ``zone`` on ``page``."""
    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if zone is not None:
        at.context["timezone"] = zone
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    at.switch_page(page).run()
    assert not at.exception
    return at


def _class_with_pupil(db, name: str = "Anna") -> tuple[str, str, str]:
    key = teachers.new_key()
    code, _, _ = teachers.create_class(db, "6R", key)
    me = learners.new_learner(db)
    classes.join(db, me, code, name)
    return code, key, me


def _lines(at) -> list[str]:
    return [str(e.value) for e in [*at.info, *at.warning, *at.success] if str(e.value).startswith("Homework")]


def _mistakes_of_a_game():
    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return cards_from_review(review_game(game, lambda p, r: list(analyse(p, r, time_ms=None))), ("S", "N"), NOW)


def test_the_teacher_in_athens_sets_a_review_homework_and_sees_each_pupil_s_games_and_mistakes(db):
    code, key, me = _class_with_pupil(db)
    teacher = _session("pages/class.py", ATHENS)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(teacher, code, key)
    teacher.radio(key=f"{K}kind").set_value("reviews").run()
    assert teacher.date_input(key=f"{K}due").value == dt.date(2026, 12, 18)  # a week after her Friday
    teacher.number_input(key=f"{K}games").set_value(2)
    teacher.checkbox(key=f"{K}replay").check()
    teacher.date_input(key=f"{K}due").set_value(FRIDAY)  # today in Athens (still Thursday in UTC)
    teacher.button(key=f"{K}set").click().run()
    assert not teacher.exception and not teacher.error
    assert [s.value for s in teacher.success] == [
        "Homework set: review 2 of their own games and play their mistakes again, due Friday 11 Dec."]
    [set_] = stored.homeworks(db, code)
    assert (set_.kind, set_.count, set_.replay, set_.zone, set_.due) == ("reviews", 2, True, ATHENS, FRIDAY)
    heading = "Homework 1: review 2 of their own games and play their mistakes again (Friday 11 Dec)"
    assert list(teacher.dataframe[-1].value[heading]) == ["0/2 · today"]

    cards = _mistakes_of_a_game()
    mine = StoredCards(db, me)
    mine.keep(cards)
    mine.reviewed("game-one", set_.set_at + dt.timedelta(minutes=5), [c.id for c in cards])
    mine.rescheduled(cards[0], set_.set_at + dt.timedelta(minutes=9))
    teacher.run()
    assert list(teacher.dataframe[-1].value[heading]) == [f"1/2 · 1/{len(cards)} found · today"]
    assert teacher.get("download_button")  # its CSV (content: tests/test_homework_reviews.py)


def test_the_pupil_sees_it_first_on_home_with_where_to_play_and_then_the_mistakes_to_play_again(db):
    code, _key, me = _class_with_pupil(db, "Bo")
    set_at = NOW - dt.timedelta(days=2)
    stored.set_homework(db, code, "reviews", [], "", 2, dt.date(2026, 12, 14), at=set_at, replay=True)
    home = _session("pages/home.py", ATHENS, me)
    assert _lines(home) == [("Homework: review 2 of your own games and play your mistakes again by Monday 14 Dec "
                             "— 0 of 2 games reviewed.")]
    assert [(e.proto.label, e.proto.page) for e in home.get("page_link")][0] == (
        "Play a game to review", "sandbox")  # first on Home
    assert ("Play a game in the Sandbox to its end, then press “Review this game” under the board. Each game you "
            "play counts once, however often you review it.") in [c.value for c in home.caption]
    assert not [b for b in home.button if str(b.key).startswith(homework.K + "replay_")]  # no mistakes yet

    cards = _mistakes_of_a_game()
    mine = StoredCards(db, me)
    mine.keep(cards)
    mine.reviewed("game-before", set_at - dt.timedelta(hours=1), [c.id for c in cards])  # before: not counted
    mine.reviewed("game-one", set_at + dt.timedelta(hours=1), [c.id for c in cards])
    mine.rescheduled(cards[0], set_at + dt.timedelta(hours=2))
    home.run()
    assert _lines(home) == [(f"Homework: review 2 of your own games and play your mistakes again by Monday 14 Dec "
                             f"— 1 of 2 games reviewed, a better move found in 1 of {len(cards)} positions.")]
    [replay] = [b for b in home.button if str(b.key).startswith(homework.K + "replay_")]
    assert replay.label == "Play these mistakes again"
    replay.click().run()
    assert not home.exception
    queue = home.session_state["mancala_tutor"].mistakes
    assert [c.id for c in queue.cards] == [c.id for c in cards[1:]]  # the ones not played again since


@pytest.mark.parametrize(("zone", "line"), [
    (ATHENS, "Homework: review 1 of your own games by today — 0 of 1 game reviewed."),
    (LOS_ANGELES, "Homework: review 1 of your own games by Friday 11 Dec — 0 of 1 game reviewed."),
    (None, "Homework: review 1 of your own games by today — 0 of 1 game reviewed."),  # the teacher's zone
])
def test_due_today_is_the_pupil_s_own_day(db, zone, line):
    code, _key, me = _class_with_pupil(db)
    stored.set_homework(db, code, "reviews", [], "", 1, FRIDAY, at=NOW - dt.timedelta(days=1), zone=ATHENS)
    assert _lines(_session("pages/home.py", zone, me)) == [line]


def test_late_by_the_pupil_s_day_in_los_angeles_is_not_late_yet(db, monkeypatch):
    code, _key, me = _class_with_pupil(db)
    stored.set_homework(db, code, "reviews", [], "", 1, dt.date(2026, 12, 10), at=NOW - dt.timedelta(days=1))
    assert _lines(_session("pages/home.py", LOS_ANGELES, me)) == [
        "Homework: review 1 of your own games by today — 0 of 1 game reviewed."]
    athens = _session("pages/home.py", ATHENS, me)
    assert [w.value for w in athens.warning if str(w.value).startswith("Homework")] == [
        "Homework: review 1 of your own games. It was due on Thursday 10 Dec, so it is late — 0 of 1 game reviewed."]


def test_the_teacher_s_table_says_on_time_for_a_pupil_whose_day_is_still_the_due_day(db):
    code, key, me = _class_with_pupil(db, "Lia")
    stored.set_homework(db, code, "reviews", [], "", 1, dt.date(2026, 12, 10), at=NOW - dt.timedelta(days=1),
                        zone=ATHENS)  # due Thursday; it is Friday 00:30 for the teacher in Athens
    home = _session("pages/home.py", LOS_ANGELES, me)  # Lia's Home, Thursday 14:30 in Los Angeles: noted there
    assert _lines(home) == ["Homework: review 1 of your own games by today — 0 of 1 game reviewed."]
    assert learners.note_zone(db, me, LOS_ANGELES) is False  # kept already, by her Home
    teacher = _session("pages/class.py", ATHENS)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(teacher, code, key)
    heading = "Homework 1: review 1 of their own games (Thursday 10 Dec)"
    assert list(teacher.dataframe[-1].value[heading]) == ["0/1 · today"]  # not late: on time
    assert any(c.value.startswith("✓ finished on time · ✓ late: finished, but after the due day") and
               c.value.endswith("A day ends at midnight where the pupil lives (their own time zone).")
               for c in teacher.caption)


@pytest.mark.parametrize("lang,said", [
    ("en", "Each game you play counts once, however often you review it."),
    ("el", "Κάθε παιχνίδι που παίζεις μετράει μία φορά, όσες φορές κι αν το αναλύσεις."),
])
def test_home_says_each_game_counts_once_under_a_homework_of_reviews(db, lang, said):
    """Report #11: reviewing one game twice counts it once (a new game counts again, whatever its moves): Home
    says so where it says how to do the homework."""
    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    code, _key, me = _class_with_pupil(db, "Bo")
    stored.set_homework(db, code, "reviews", [], "", 2, dt.date(2026, 12, 14), at=NOW - dt.timedelta(days=1))
    home = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    home.query_params["learner"] = me
    home.query_params["lang"] = lang
    home.run()
    assert not home.exception
    assert len([c for c in home.caption if c.value.endswith(said)]) == 1
