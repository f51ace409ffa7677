"""A learner's own puzzles: positions of their games where they made a mistake, brought back on a
spaced-repetition schedule (the ``fsrs`` package's scheduler, FSRS; not a formula of ours).

A :class:`Card` is one position to find a better move in: the rules, the position, the pit the learner
played in the game, the pits marked good there (``tutor.review.MARKS``: within one seed of the best) and
every legal pit's value from the review. It is made from a finished game's review
(:func:`cards_from_review`) and kept in a :class:`CardStore` (the port; ``store.cards`` on the database,
:class:`MemoryCards` in a session whose learner is not known yet).

The schedule: a card is first kept as *missed* at the time of the game (the mistake was made), so it
is due about a day later (FSRS "Again"); each time it is replayed it is rated once (:func:`rate`):
found with the first press, ``Good`` (it comes back later, a longer wait each time); missed or
shown, ``Again`` (it comes back about a day later). Every time comes from an injected clock
(a ``Callable[[], datetime]``, UTC).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

import fsrs

from engine import Game, Position, Rules, Side, rules_from_params

from .coach_facts import MISTAKES, facts
from .review import Review

Clock = Callable[[], dt.datetime]
"""The time now, timezone-aware (UTC)."""
Rating = Literal["again", "good"]
"""How a replay went: ``"good"`` (found with the first press), ``"again"`` (missed, or "Show me")."""

SCHEDULER = fsrs.Scheduler(enable_fuzzing=False, learning_steps=(), relearning_steps=())
"""FSRS with its default weights, a 90 % retention aim, whole days only (no steps of minutes: a
child meets a position again another day, not in ten minutes) and no random spread (tests know the day)."""
_RATINGS = {"again": fsrs.Rating.Again, "good": fsrs.Rating.Good}


def utc_now() -> dt.datetime:
    """The real clock (UTC)."""
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True)
class Card:
    """One position to practise.

    Attributes:
        id: the card's key for its learner: 16 hex digits of the SHA-256 of the rules and the position.
        rules: the rules' text fields (``engine.Rules.to_params``).
        position: the position (notation), the learner to move.
        played: the pit the learner played there in the game.
        good: the pits marked good (the answers), ascending.
        values: ``(pit, value)`` for every legal pit: the final store difference with best play, the
            mover's view, in seeds (from the review).
        exact: every value is proven (else some are the search's estimates).
        schedule: the FSRS card as JSON (``fsrs.Card.to_json``).
        due: when the card is due next (UTC).
        kind: the kind of mistake the played pit made (``tutor.coach_facts.MISTAKES``, from the coach's
            facts with the review's values; ``"other"`` when not known).
    """

    id: str
    rules: dict[str, str]
    position: str
    played: int
    good: tuple[int, ...]
    values: tuple[tuple[int, int], ...]
    exact: bool
    schedule: str
    due: dt.datetime
    kind: str = "other"

    def game_rules(self) -> Rules:
        """The card's rules (``engine.rules_from_params``)."""
        return rules_from_params(self.rules)

    def value_of(self, pit: int) -> int | None:
        """The value of ``pit`` (``None`` when it is no legal move there)."""
        return dict(self.values).get(pit)

    def lost(self, pit: int) -> int:
        """The seeds ``pit`` throws away compared with the best pit (0 for the best; an illegal pit:
        the most any pit throws away)."""
        best = max(v for _, v in self.values)
        value = self.value_of(pit)
        return best - (value if value is not None else min(v for _, v in self.values))

    @property
    def best(self) -> int:
        """The best pit (the lowest of equals)."""
        top = max(v for _, v in self.values)
        return min(p for p, v in self.values if v == top)


def card_id(rules: Rules, notation: str) -> str:
    """A card's key: the same position under the same rules is one card."""
    text = json.dumps([sorted(rules.to_params().items()), notation])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def first_schedule(at: dt.datetime) -> tuple[str, dt.datetime]:
    """The schedule of a card made from a mistake at ``at`` (the mistake counts as a miss): its
    FSRS JSON and when it is due (about a day later)."""
    card, _log = SCHEDULER.review_card(fsrs.Card(due=at), fsrs.Rating.Again, at)
    return card.to_json(), card.due


def rate(card: Card, rating: Rating, at: dt.datetime) -> Card:
    """``card`` rescheduled after a replay rated ``rating`` at ``at`` (FSRS)."""
    scheduled, _log = SCHEDULER.review_card(fsrs.Card.from_json(card.schedule), _RATINGS[rating], at)
    return replace(card, schedule=scheduled.to_json(), due=scheduled.due)


def game_id(game: Game, serial: str = "") -> str:
    """A game's key: 16 hex digits of the SHA-256 of its rules, its start, its pits and which game it is
    (``serial``, the sandbox's, ``tutor.kept_record.GameState.serial``). The same game reviewed twice, in
    two tabs, is one game reviewed; two games played with the same moves are two. A game kept before
    games had a serial (``""``) keeps the key it had: its pits alone."""
    parts: list[Any] = [sorted(game.rules.to_params().items()), game.start.to_notation(), [r.pit for r in game.results]]
    text = json.dumps([*parts, serial] if serial else parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def mistake_kind(review: Review, row: Mapping[str, Any]) -> str:
    """The kind of mistake of a reviewed move (``row``, one of ``review.rows``): ``tutor.coach_facts.facts``
    with the values the review made (a search only where their best line stops: fast, and cached)."""
    values = review.values[row["move"] - 1]
    kind = facts(Position.from_notation(row["position"]), review.rules, row["pit"], values).kind
    return kind if kind in MISTAKES else "other"


def cards_from_review(review: Review, sides: Sequence[Side], at: dt.datetime) -> list[Card]:
    """A card for each mistake and blunder of ``sides`` in ``review`` (``Review.mistakes``), due about a
    day after ``at``, with its kind of mistake (:func:`mistake_kind`); one card per position (the first
    of a repeated one)."""
    out: dict[str, Card] = {}
    by_move = {row["move"]: values for row, values in zip(review.rows, review.values, strict=True)}
    for row in review.mistakes(sides):
        key = card_id(review.rules, row["position"])
        if key in out:
            continue
        analysis = by_move[row["move"]]
        schedule, due = first_schedule(at)
        out[key] = Card(key, review.rules.to_params(), row["position"], row["pit"], tuple(row["good"]),
                        tuple((m.pit, m.value) for m in analysis), all(m.exact for m in analysis), schedule, due,
                        mistake_kind(review, row))
    return list(out.values())


class CardStore(Protocol):
    """Where one learner's cards are kept (``store.cards.StoredCards``, :class:`MemoryCards`). A store on
    the database may raise ``tutor.school.StoreUnavailable``."""

    def keep(self, cards: Sequence[Card]) -> int:
        """Keep the cards not kept yet (by ``id``; a card kept already keeps its schedule); how many were new."""

    def due(self, at: dt.datetime) -> list[Card]:
        """The cards due at ``at`` (``due <= at``), the longest due first."""

    def get(self, card_id: str) -> Card | None:
        """One card by its id (``None``: no such card)."""

    def rescheduled(self, card: Card, at: dt.datetime | None = None) -> None:
        """Keep ``card``'s new ``schedule`` and ``due`` (a card not kept is kept now); ``at``: the time a
        good move was found in it again (homework counts it; ``None``: no such find)."""

    def reviewed(self, game: str, at: dt.datetime, mistakes: Sequence[str] = ()) -> bool:
        """Count the finished game ``game`` (:func:`game_id`) as reviewed at ``at``, once, with the ids of
        the cards of the learner's ``mistakes`` in it: True when it was not counted yet."""


class MemoryCards:
    """A :class:`CardStore` in memory (a session before its learner is known; tests)."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.games: dict[str, dt.datetime] = {}
        self.mistakes: dict[str, tuple[str, ...]] = {}
        self.replayed: dict[str, dt.datetime] = {}

    def keep(self, cards: Sequence[Card]) -> int:
        new = [c for c in cards if c.id not in self.cards]
        for c in new:
            self.cards[c.id] = c
        return len(new)

    def due(self, at: dt.datetime) -> list[Card]:
        return sorted((c for c in self.cards.values() if c.due <= at), key=lambda c: (c.due, c.id))

    def get(self, card_id: str) -> Card | None:
        return self.cards.get(card_id)

    def rescheduled(self, card: Card, at: dt.datetime | None = None) -> None:
        self.cards[card.id] = card
        if at is not None:
            self.replayed[card.id] = at

    def reviewed(self, game: str, at: dt.datetime, mistakes: Sequence[str] = ()) -> bool:
        if game in self.games:
            return False
        self.games[game] = at
        self.mistakes[game] = tuple(dict.fromkeys(mistakes))
        return True


__all__ = ["SCHEDULER", "Card", "CardStore", "Clock", "MemoryCards", "Rating", "card_id", "cards_from_review",
           "first_schedule", "game_id", "mistake_kind", "rate", "utc_now"]
