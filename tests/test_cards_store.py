"""A learner's review cards in the store (``store.cards``): the same promises as ``tutor.cards.MemoryCards``,
on SQLite (and PostgreSQL when ``MANCALA_DB_URL`` names one)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine import Game, KalahRules, analyse
from store import learners, lifecycle
from store.cards import StoredCards
from store.db import Database
from tutor.cards import MemoryCards, cards_from_review, rate
from tutor.review import review_game

GAME_AT = dt.datetime(2026, 12, 5, 16, 0, tzinfo=dt.UTC)


def south_cards():
    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return cards_from_review(review_game(game, lambda p, r: analyse(p, r, time_ms=None)), ("S", "N"), GAME_AT)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def two_views(request, tmp_path):
    """``(first, second, db, code)``: two views of one learner's cards (two tabs); db is None in memory."""
    if request.param == "memory":
        cards = MemoryCards()
        return cards, cards, None, None
    if request.param == "postgresql":
        db = request.getfixturevalue("pg_database")
    else:
        db = Database(f"sqlite:///{tmp_path / 'c.sqlite3'}")
        request.addfinalizer(db.dispose)
    code = learners.new_learner(db)
    return StoredCards(db, code), StoredCards(db, code), db, code


def test_cards_are_kept_once_and_come_back_when_due(two_views):
    first, second, _db, _code = two_views
    cards = south_cards()
    assert len(cards) >= 2
    assert first.keep(cards) == len(cards)
    assert second.keep(cards) == 0  # another tab keeping the same game's mistakes
    assert second.due(GAME_AT) == []
    later = max(c.due for c in cards)
    assert second.due(later) == sorted(cards, key=lambda c: (c.due, c.id))
    assert second.get(cards[0].id) == cards[0]
    assert second.get("no-such-card") is None


def test_a_replay_rating_is_kept(two_views):
    first, second, _db, _code = two_views
    card = south_cards()[0]
    first.keep([card])
    found = rate(card, "good", card.due)
    first.rescheduled(found)
    assert second.get(card.id) == found
    assert second.due(card.due) == [] and second.due(found.due) == [found]


def test_erasing_a_learner_erases_their_cards(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'e.sqlite3'}")
    try:
        code = learners.new_learner(db)
        cards = StoredCards(db, code)
        cards.keep(south_cards())
        assert lifecycle.erase_learner(db, code)
        assert cards.due(GAME_AT + dt.timedelta(days=30)) == []
        assert cards.keep(south_cards()) == 0  # no such learner: nothing is kept
    finally:
        db.dispose()


def test_a_card_keeps_its_kind_and_a_game_is_counted_reviewed_once(two_views):
    first, second, _db, _code = two_views
    cards = south_cards()
    first.keep(cards)
    assert [second.get(c.id).kind for c in cards] == [c.kind for c in cards]
    assert {c.kind for c in cards} <= {"capture_allowed", "capture_missed", "extra_turn_missed", "other"}
    assert first.reviewed("a1b2c3d4e5f60718", GAME_AT)
    assert not second.reviewed("a1b2c3d4e5f60718", GAME_AT)  # another tab, the same game
    assert second.reviewed("0000000000000001", GAME_AT)


def test_the_class_counts_its_pupils_reviews_by_kind(tmp_path):
    """Two pupils of the class (one with cards and two games, one with nothing yet), a learner of no
    class who is not counted; a card kept before kinds were counts as other; erasing a pupil erases
    their games too."""
    from sqlalchemy import update

    from store import classes, teachers
    from store.schema import ReviewCardRow

    db = Database(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        made = teachers.create_class(db, "Year 5", teachers.new_key())
        assert classes.reviews(db, made.code) == []
        anna, ben, outsider = (learners.new_learner(db) for _ in range(3))
        classes.join(db, anna, made.code, "Anna")
        classes.join(db, ben, made.code, "Ben")
        cards = south_cards()
        kinds = [c.kind for c in cards]
        for code in (anna, outsider):
            mine = StoredCards(db, code)
            mine.keep(cards)
            mine.reviewed("a1b2c3d4e5f60718", GAME_AT)
        StoredCards(db, anna).reviewed("0000000000000001", GAME_AT)
        found = classes.reviews(db, made.code)
        assert [(p.name, p.games, dict(p.kinds)) for p in found] == [
            ("Anna", 2, {k: kinds.count(k) for k in set(kinds)}), ("Ben", 0, {})]
        with db.session() as s:  # a card kept before migration 0013
            s.execute(update(ReviewCardRow).where(ReviewCardRow.learner_code == anna,
                                                  ReviewCardRow.card_id == cards[0].id).values(kind=None))
        anna_now = classes.reviews(db, made.code)[0]
        assert sum(anna_now.kinds.values()) == len(cards) and anna_now.kinds.get("other", 0) == (
            kinds[1:].count("other") + 1)
        assert StoredCards(db, anna).get(cards[0].id).kind == "other"
        assert lifecycle.erase_learner(db, anna)
        assert [(p.name, p.games, dict(p.kinds)) for p in classes.reviews(db, made.code)] == [("Ben", 0, {})]
    finally:
        db.dispose()
