"""The teacher's class view of reviewed games (``tutor.cards`` kinds, ``tutor.classroom`` counts): a card
keeps the coach's kind of its mistake, each finished game is counted once, and the class's rows and
columns count them right, in English and Greek."""

from __future__ import annotations

import datetime as dt

import pytest

from engine import Game, KalahRules, OwareRules, Position, analyse
from tutor import i18n
from tutor.cards import MemoryCards, cards_from_review, game_id
from tutor.classroom import (
    CLASS_KINDS,
    PupilReviews,
    any_reviewed,
    class_kind,
    kind_counts,
    review_rows,
    reviews_csv,
)
from tutor.coach_facts import COACH_NODES, facts
from tutor.review import review_game

GAME_AT = dt.datetime(2026, 12, 5, 16, 0, tzinfo=dt.UTC)
KALAH, OWARE = KalahRules(), OwareRules()

# (notation, rules, pit, the coach's kind, the loss in seeds): one move, a mistake or a blunder, from a
# position the search proves (the feed error's pit 6 is an estimate)
MISTAKES = [
    ("1,1,0,2,5,0/28/1,0,0,0,0,3/7/S", KALAH, 1, "capture_allowed", 12),
    ("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH, 1, "extra_turn_missed", 12),  # the missed extra turn first (K9)
    ("1,5,0,1,0,2/25/1,0,2,0,0,0/11/N", KALAH, 1, "capture_missed", 12),
    ("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", KALAH, 1, "extra_turn_missed", 22),
    ("0,0,1,0,3,3/20/0,0,0,0,0,0/21/S", OWARE, 6, "feed_error", 4),
    ("0,2,3,0,0,4/13/0,1,1,1,1,3/19/N", KALAH, 3, "other", 8),
    ("0,0,2,2,0,1/10/2,1,3,0,0,5/22/N", KALAH, 6, "extra_turn_allowed", 8),
    ("0,0,0,2,0,2/21/1,1,0,0,0,0/21/S", OWARE, 6, "grand_slam", 4),
]


def values(position, rules):
    return analyse(position, rules, time_ms=None, max_nodes=COACH_NODES)


def one_move_review(notation, rules, pit):
    game = Game(rules, start=Position.from_notation(notation, rules))
    game.play(pit)
    return game, review_game(game, values)


@pytest.mark.parametrize("notation,rules,pit,kind,lost", MISTAKES)
def test_a_card_keeps_the_coachs_kind_of_its_mistake(notation, rules, pit, kind, lost):
    game, review = one_move_review(notation, rules, pit)
    assert review.rows[0]["lost"] == lost and review.rows[0]["mark"] in ("mistake", "blunder")
    (card,) = cards_from_review(review, (game.start.to_move,), GAME_AT)
    assert (card.played, card.kind) == (pit, kind)
    assert card.kind == facts(game.start, rules, pit, values(game.start, rules)).kind


def test_the_class_view_counts_the_coachs_rarer_kinds_as_other():
    """Five columns for a projector: an extra turn allowed and a grand slam count as other."""
    kinds = [cards_from_review(one_move_review(n, r, p)[1], ("S", "N"), GAME_AT)[0].kind for n, r, p, _k, _l in MISTAKES]
    pupil = PupilReviews("Anna", 7, {k: kinds.count(k) for k in set(kinds)})
    assert kind_counts(pupil) == {"capture_missed": 1, "capture_allowed": 1, "extra_turn_missed": 2, "feed_error": 1,
                                  "other": 3}
    assert list(kind_counts(PupilReviews("Ben", 0))) == list(CLASS_KINDS)
    assert [class_kind(k) for k in ("game_end", "best", "other")] == ["other", "other", "other"]


def test_a_whole_game_review_gives_each_mistake_its_kind():
    """Kalah 4x2, the leftmost pit each time (two players on one device): South's pit 1 lets North
    capture, North's pit 1 misses an extra turn (pit 3), South's pit 2 loses by its values only."""
    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    cards = cards_from_review(review_game(game, lambda p, r: analyse(p, r, time_ms=None)), ("S", "N"), GAME_AT)
    assert [(c.position, c.played, c.kind) for c in cards] == [
        ("2,2,2,2/0/2,2,2,2/0/S", 1, "capture_allowed"),
        ("0,3,3,2/0/2,2,2,2/0/N", 1, "extra_turn_missed"),
        ("0,3,3,2/0/0,3,3,2/0/S", 2, "other"),
    ]


def test_a_game_is_counted_reviewed_once():
    game, _review = one_move_review(*MISTAKES[0][:3])
    same, _ = one_move_review(*MISTAKES[0][:3])
    other, _ = one_move_review(*MISTAKES[1][:3])
    assert game_id(game) == game_id(same) != game_id(other) and len(game_id(game)) == 16
    store = MemoryCards()
    assert store.reviewed(game_id(game), GAME_AT) and not store.reviewed(game_id(same), GAME_AT)
    assert store.games == {game_id(game): GAME_AT}


@pytest.mark.parametrize("lang,heads", [
    ("en", ["Name", "Games reviewed", "A capture missed", "A capture allowed", "An extra turn missed", "A feed error",
            "Another mistake", "Mistakes in all"]),
    ("el", ["Όνομα", "Παιχνίδια που αναλύθηκαν", "Χαμένη αιχμαλωσία", "Αιχμαλωσία που δόθηκε στον αντίπαλο",
            "Χαμένη ευκαιρία να παίξει ξανά", "Λάθος στο τάισμα", "Άλλο λάθος", "Λάθη συνολικά"]),
])
def test_the_reviews_table_has_a_row_per_pupil_and_a_column_per_kind(lang, heads):
    pupils = [PupilReviews("Anna", 3, {"capture_missed": 2, "grand_slam": 1, "other": 1}), PupilReviews("Ben", 0)]
    i18n.use(lang)
    try:
        rows = review_rows(pupils)
    finally:
        i18n.use(None)
    assert [list(r) for r in rows] == [heads, heads]
    assert [list(r.values()) for r in rows] == [["Anna", 3, 2, 0, 0, 0, 2, 4], ["Ben", 0, 0, 0, 0, 0, 0, 0]]
    assert any_reviewed(pupils) and not any_reviewed([PupilReviews("Ben", 0)]) and not any_reviewed([])


@pytest.mark.parametrize("lang,text", [
    ("en", "Name,Games reviewed,A capture missed,A capture allowed,An extra turn missed,A feed error,Another mistake,"
           "Mistakes in all\nAnna,3,2,0,0,0,2,4\n'=Ben,0,0,0,0,0,0,0\n"),
    ("el", "Όνομα;Παιχνίδια που αναλύθηκαν;Χαμένη αιχμαλωσία;Αιχμαλωσία που δόθηκε στον αντίπαλο;"
           "Χαμένη ευκαιρία να παίξει ξανά;Λάθος στο τάισμα;Άλλο λάθος;Λάθη συνολικά\nAnna;3;2;0;0;0;2;4\n"
           "'=Ben;0;0;0;0;0;0;0\n"),
])
def test_the_reviews_table_as_csv_has_its_headings_in_the_language(lang, text):
    """The CSV the teacher downloads: the table's translated headings, the language's separator, and no
    name a spreadsheet would run as a formula."""
    pupils = [PupilReviews("Anna", 3, {"capture_missed": 2, "grand_slam": 1, "other": 1}), PupilReviews("=Ben", 0)]
    i18n.use(lang)
    try:
        assert reviews_csv(pupils) == text
    finally:
        i18n.use(None)
    assert reviews_csv([]) == ""
