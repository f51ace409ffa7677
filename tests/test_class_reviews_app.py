"""The teacher's view of the class's reviewed games in the app (AppTest, the store's database): per
pupil the games reviewed and the mistakes by kind, a table and stacked bars, in English and Greek."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from engine import Game, KalahRules, analyse
from store import classes, learners, teachers
from store.cards import StoredCards
from tutor import i18n, words
from tutor.cards import cards_from_review
from tutor.review import review_game
from ui.state import Keys

GAME_AT = dt.datetime(2026, 12, 5, 16, 0, tzinfo=dt.UTC)


def leftmost_cards():
    """Both sides' mistakes of a leftmost-pit game of Kalah 4x2: a capture allowed, an extra turn
    missed, and one the values alone explain (tests/test_class_reviews.py)."""
    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return cards_from_review(review_game(game, lambda p, r: analyse(p, r, time_ms=None)), ("S", "N"), GAME_AT)


def teacher_view(db, code: str, key: str, lang: str = "en"):
    """A new browser session on the Class page with class ``code``'s teacher view, "For your screen" open."""
    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("pages/class.py").run()
    sess = at.session_state["mancala_tutor"]
    sess.teacher_class, sess.teacher_owner = code, True
    sess.keeper["teach"] = key
    at.session_state[f"{Keys.CLASS}own_screen"] = True
    at.run()
    assert not at.exception, at.exception
    return at


def chart(at, key: str) -> dict:
    (found,) = [c for c in at.get("plotly_chart") if c.proto.id and key in c.proto.id]
    return json.loads(found.proto.spec)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_teacher_sees_each_pupils_reviewed_games_and_mistakes_by_kind(page_app, db, lang):
    key = teachers.new_key()
    code = teachers.create_class(db, "Year 5", key).code
    anna, ben = learners.new_learner(db), learners.new_learner(db)
    classes.join(db, anna, code, "Anna")
    classes.join(db, ben, code, "Ben")
    StoredCards(db, anna).keep(leftmost_cards())
    for game in ("a1b2c3d4e5f60718", "0000000000000001"):
        StoredCards(db, anna).reviewed(game, GAME_AT)
    StoredCards(db, ben).reviewed("0000000000000002", GAME_AT)  # a game without mistakes

    at = teacher_view(db, code, key, lang)
    i18n.use(lang)
    try:
        heads = [words.label("col_name"), words.class_review_label("games"),
                 *(words.coach_kind_name(k) for k in ("capture_missed", "capture_allowed", "extra_turn_missed",
                                                       "feed_error", "other")),
                 words.class_review_label("mistakes")]
        heading, no_reviews = words.class_review_label("heading"), words.class_no_reviews()
        chart_title, download = words.class_review_label("chart"), words.class_review_label("download")
    finally:
        i18n.use(None)
    assert heading in [s.value for s in at.subheader] and no_reviews not in [i.value for i in at.info]
    (table,) = [d.value for d in at.dataframe if list(d.value.columns) == heads]
    assert table.values.tolist() == [["Anna", 2, 0, 1, 1, 0, 1, 3], ["Ben", 1, 0, 0, 0, 0, 0, 0]]
    # its CSV (content: tests/test_class_reviews.py), labelled in the language
    (csv,) = [b for b in at.get("download_button") if "reviews_csv" in b.proto.id]
    assert csv.proto.label == download
    spec = chart(at, "reviews_chart")
    bars = spec["data"]
    assert [b["name"] for b in bars] == heads[2:7]  # the legend says each kind in words
    assert [(b["orientation"], b["y"], b["x"]) for b in bars] == [
        ("h", ["Anna", "Ben"], [0, 0]), ("h", ["Anna", "Ben"], [1, 0]), ("h", ["Anna", "Ben"], [1, 0]),
        ("h", ["Anna", "Ben"], [0, 0]), ("h", ["Anna", "Ben"], [1, 0])]
    layout = spec["layout"]
    assert layout["barmode"] == "stack" and layout["title"]["text"] == chart_title
    # read from the back of a classroom: 18-px words, five colours
    assert layout["font"]["size"] == layout["legend"]["font"]["size"] == layout["yaxis"]["tickfont"]["size"] == 18
    assert len({b["marker"]["color"] for b in bars}) == 5


def test_a_class_with_no_reviewed_game_says_so_in_one_sentence(page_app, db):
    key = teachers.new_key()
    code = teachers.create_class(db, "Year 6", key).code
    classes.join(db, learners.new_learner(db), code, "Cara")
    at = teacher_view(db, code, key)
    assert words.class_no_reviews() in [i.value for i in at.info]
    assert [c for c in at.get("plotly_chart") if "reviews_chart" in c.proto.id] == []
    assert len(at.dataframe) == 1  # the progress table only
    assert [b for b in at.get("download_button") if "reviews_csv" in b.proto.id] == []
