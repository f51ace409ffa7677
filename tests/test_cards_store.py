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
