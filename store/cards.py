"""A learner's review cards in the database: ``tutor.cards.CardStore`` on the ``review_cards`` table (the
games they reviewed on ``reviewed_games``).

Each call is one short transaction; a card is keyed by its learner and its ``card_id`` (the same
position under the same rules is one card), so two tabs keeping the same game's mistakes keep each
card once. Raises ``StoreUnavailable`` when the database fails (``store.db``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence

from sqlalchemy import select

from tutor.cards import Card

from .db import Database, StoreConflict
from .schema import Learner, ReviewCardRow, ReviewedGameRow, now


def _row(learner: str, card: Card) -> ReviewCardRow:
    return ReviewCardRow(learner_code=learner, card_id=card.id, rules=json.dumps(card.rules, sort_keys=True),
                         position=card.position, played=card.played, good=" ".join(map(str, card.good)),
                         move_values=" ".join(f"{p}:{v}" for p, v in card.values), exact=card.exact,
                         schedule=card.schedule, due=card.due, created_at=now(), kind=card.kind)


def _card(row: ReviewCardRow) -> Card:
    due = row.due if row.due.tzinfo is not None else row.due.replace(tzinfo=dt.UTC)  # SQLite keeps no zone
    values = tuple((int(p), int(v)) for p, v in (pair.split(":") for pair in row.move_values.split()))
    return Card(row.card_id, dict(json.loads(row.rules)), row.position, row.played,
                tuple(int(p) for p in row.good.split()), values, row.exact, row.schedule, due, row.kind or "other")


class StoredCards:
    """The cards of learner ``code`` kept in ``db`` (a ``tutor.cards.CardStore``)."""

    def __init__(self, db: Database, code: str) -> None:
        self.db = db
        self.code = code

    def keep(self, cards: Sequence[Card]) -> int:
        if not cards:
            return 0
        try:
            with self.db.session() as s:
                if s.get(Learner, self.code) is None:
                    return 0
                kept = set(s.scalars(select(ReviewCardRow.card_id).where(
                    ReviewCardRow.learner_code == self.code, ReviewCardRow.card_id.in_([c.id for c in cards]))))
                new = [c for c in {c.id: c for c in cards}.values() if c.id not in kept]
                s.add_all(_row(self.code, c) for c in new)
                return len(new)
        except StoreConflict:  # another tab kept the same cards meanwhile: they are kept
            return 0

    def due(self, at: dt.datetime) -> list[Card]:
        with self.db.session() as s:
            rows = s.scalars(select(ReviewCardRow).where(ReviewCardRow.learner_code == self.code,
                                                         ReviewCardRow.due <= at)
                             .order_by(ReviewCardRow.due, ReviewCardRow.card_id)).all()
            return [_card(r) for r in rows]

    def get(self, card_id: str) -> Card | None:
        with self.db.session() as s:
            row = s.get(ReviewCardRow, (self.code, card_id))
            return None if row is None else _card(row)

    def rescheduled(self, card: Card, at: dt.datetime | None = None) -> None:
        with self.db.session() as s:
            row = s.get(ReviewCardRow, (self.code, card.id))
            if row is None:
                if s.get(Learner, self.code) is not None:
                    s.add(_row(self.code, card))
                    s.flush()
                    row = s.get(ReviewCardRow, (self.code, card.id))
                if row is None:
                    return
            row.schedule, row.due = card.schedule, card.due
            if at is not None:
                row.replayed_at = at
                if row.first_replayed_at is None:
                    row.first_replayed_at = at

    def reviewed(self, game: str, at: dt.datetime, mistakes: Sequence[str] = ()) -> bool:
        try:
            with self.db.session() as s:
                if s.get(Learner, self.code) is None or s.get(ReviewedGameRow, (self.code, game)) is not None:
                    return False
                s.add(ReviewedGameRow(learner_code=self.code, game_id=game, reviewed_at=at,
                                      mistakes=" ".join(dict.fromkeys(mistakes))))
                return True
        except StoreConflict:  # another tab counted the same game meanwhile: it is counted
            return False


__all__ = ["StoredCards"]
