"""The Mistakes page: positions of the learner's own games played again, to find a better move.

Behaviour lives in ``tutor.mistakes`` (one position: press, Try again, Show me) and ``tutor.cards``
(the cards and their schedule); this module draws the queue of one sitting (a game's mistakes, opened
from its review, or today's due cards, opened from Home or here) and wires the buttons. The cards are
the learner's, kept in the store once their code is known (``tutor.school.School.cards``), in the
session's memory before. A store that cannot be reached never shows an error screen: the page goes
on with nothing due, and says progress is not being saved.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from typing import TypeVar

import streamlit as st

from tutor import words
from tutor.cards import Card, CardStore, Clock, MemoryCards, utc_now
from tutor.homework import NO_REVIEWS, ReviewedGame, ReviewWork
from tutor.mistakes import MistakeQueue, from_last_review
from tutor.school import StoreUnavailable
from ui import board, frame, reveal, state, wiring

T = TypeVar("T")
K = state.Keys.MISTAKES
CLOCK: Clock = utc_now
"""The time now (UTC): when cards are due and replays rated (a test sets its own)."""
CARDS_PARAM, AT_PARAM = "cards", "at"
"""The sitting in the page's address (``?cards=<id>.<id>&at=2``: its cards' ids, the position on the
board, from 1), so a reload opens the same positions again (the learner's cards, from the store)."""
_IDS = re.compile(r"[0-9a-f]{16}(?:\.[0-9a-f]{16}){0,99}")
PHONE_CSS = (f"@media (max-width: 640px) {{ .st-key-{K}row [data-testid='stHorizontalBlock'] "
             "{ row-gap: 0.75rem; } }")
"""On a phone the columns stand one above the other: the verdict and its buttons close under the board
(with the board's empty bar taking no room, ``ui.board.draw`` ``fit_bar``), not a medium gap below it."""


def card_store() -> CardStore:
    """The learner's cards: in the store once their code is bound, else in this session's memory."""
    sess = state.session()
    school = wiring.school() if sess.learner is not None else None
    if school is not None and sess.learner is not None:
        return school.cards(sess.learner)
    if sess.memory_cards is None:
        sess.memory_cards = MemoryCards()
    return sess.memory_cards


def safely(ask: Callable[[], T], default: T) -> T:
    """``ask()``; ``default`` when the store cannot be reached (the sidebar then says progress is not saved)."""
    try:
        return ask()
    except StoreUnavailable:
        state.session().store_lost = True
        return default


def due_now() -> list[Card]:
    """The learner's cards due now."""
    store = card_store()
    none: list[Card] = []
    return safely(lambda: store.due(CLOCK()), none)


def cards_by_id(ids: Sequence[str]) -> list[Card]:
    """The learner's cards with ``ids``, in that order (those not found, or all when the store cannot be
    reached, left out)."""
    store = _Safe(card_store())
    return [card for card in map(store.get, ids) if card is not None]


def keep(cards: Sequence[Card]) -> None:
    """Keep ``cards`` (those not kept yet) as the learner's."""
    store = card_store()
    safely(lambda: store.keep(cards), 0)


def reviewed(game: str, mistakes: Sequence[str] = ()) -> None:
    """Count the finished game ``game`` (``tutor.cards.game_id``) as reviewed by the learner, once, with the
    ids of the cards of their ``mistakes`` in it (a homework counts them played again)."""
    store = card_store()
    safely(lambda: store.reviewed(game, CLOCK(), mistakes), False)


def review_work() -> ReviewWork:
    """The learner's reviewed games and the mistakes found again since (``tutor.homework.ReviewWork``): from
    the store once their code is bound, else from this session's memory; none when the store cannot be reached."""
    sess = state.session()
    school = wiring.school() if sess.learner is not None else None
    if school is not None and sess.learner is not None:
        learner = sess.learner
        return safely(lambda: school.review_work(learner), NO_REVIEWS)
    kept = sess.memory_cards
    if not isinstance(kept, MemoryCards):
        return NO_REVIEWS
    games = sorted(kept.games.items(), key=lambda pair: pair[1])
    return ReviewWork(tuple(ReviewedGame(at, kept.mistakes.get(game, ())) for game, at in games), dict(kept.replayed))


def _from_review(due: Sequence[Card]) -> bool:
    """The mistakes of the game reviewed last not found again yet (``tutor.mistakes.from_last_review``), but
    those due now: a line and "Practise these mistakes", which opens them (as the review's button does). Whether
    it drew them."""
    left = [c for c in cards_by_id(from_last_review(review_work())) if c.id not in {d.id for d in due}]
    if not left:
        return False
    st.info(words.replay_from_review(len(left)), icon=":material/fitness_center:")
    def start() -> None:
        open_queue(left)

    st.button(words.review_labels("replay_all"), key=f"{K}from_review", on_click=start,
              type="secondary" if due else "primary", icon=":material/fitness_center:")
    return True


class _Safe:
    """A card store whose failures are said, never raised (a replay's rating is then not kept)."""

    def __init__(self, store: CardStore) -> None:
        self.store = store

    def keep(self, cards: Sequence[Card]) -> int:
        return safely(lambda: self.store.keep(cards), 0)

    def due(self, at: dt.datetime) -> list[Card]:
        none: list[Card] = []
        return safely(lambda: self.store.due(at), none)

    def get(self, card_id: str) -> Card | None:
        return safely(lambda: self.store.get(card_id), None)

    def rescheduled(self, card: Card, at: dt.datetime | None = None) -> None:
        safely(lambda: self.store.rescheduled(card, at), None)

    def reviewed(self, game: str, at: dt.datetime, mistakes: Sequence[str] = ()) -> bool:
        return safely(lambda: self.store.reviewed(game, at, mistakes), False)


def open_queue(cards: Sequence[Card]) -> MistakeQueue:
    """Make ``cards`` this session's sitting (the first on the board)."""
    queue = MistakeQueue(cards, _Safe(card_store()), CLOCK)
    state.session().mistakes = queue
    return queue


def go_practise(cards: Sequence[Card]) -> None:
    """Open the Mistakes page on ``cards`` (from a script run: a button's ``if``, not its callback)."""
    open_queue(cards)
    st.switch_page(frame.page_file("mistakes"))


def _next() -> None:
    queue = state.session().mistakes
    if queue is not None:
        queue.next()


def _start() -> None:
    open_queue(due_now())


def _from_address() -> MistakeQueue | None:
    """The sitting the page's address names (a reload), opened again at its position; ``None`` when it
    names none, or none of its cards is found (the learner not known yet: the address stays)."""
    ids, at = state.query(CARDS_PARAM) or "", state.query(AT_PARAM) or "1"
    if not _IDS.fullmatch(ids):
        return None
    wanted = ids.split(".")
    cards = cards_by_id(wanted)
    if not cards:
        return None
    queue = open_queue(cards)
    here = wanted[int(at) - 1] if at.isdigit() and 0 < int(at) <= len(wanted) else wanted[0]
    found = [c.id for c in cards]
    for _ in range(found.index(here) if here in found else 0):
        queue.next()
    return queue


def _address(queue: MistakeQueue | None) -> None:
    """Keep the sitting on the board in the page's address (none: none)."""
    if queue is None or queue.done:
        state.drop_query(CARDS_PARAM)
        state.drop_query(AT_PARAM)
        return
    state.set_query(CARDS_PARAM, ".".join(c.id for c in queue.cards))
    state.set_query(AT_PARAM, str(queue.index + 1))


def render() -> None:
    """Draw the Mistakes page: the position on the board with its task and feedback, or what waits."""
    st.caption(words.review_intro())
    queue = state.session().mistakes
    if queue is None:
        queue = _from_address()
    elif queue.cards:
        _address(queue)
    if queue is None or queue.done:
        if queue is not None and queue.cards:
            st.success(words.replay_done(len(queue.cards)), icon=":material/task_alt:")
        due = due_now()
        if due:
            st.info(words.review_today(len(due)), icon=":material/event_repeat:")
            st.button(words.review_today_button(), key=f"{K}start", on_click=_start, type="primary",
                      icon=":material/play_arrow:")
        if not _from_review(due) and not due and (queue is None or not queue.cards):
            st.info(words.replay_empty(), icon=":material/event_available:")
        frame.link("sandbox", words.replay_labels("back_to_game"), ":material/sports_esports:")
        return
    run = queue.current
    assert run is not None
    st.caption(words.replay_count(queue.index + 1, len(queue.cards)) + " · " + words.rules_description(run.rules))
    st.html(f"<style>{PHONE_CSS}</style>")
    left, right = st.container(key=f"{K}row").columns([3, 2], gap="medium")
    with left:
        board.draw(run, state.Keys.MISTAKES_BOARD, fit_bar=True)  # on a phone the verdict comes right below
    with right, reveal.after_sowing(f"{K}verdict", run, state.Keys.MISTAKES_BOARD):
        reveal.notice(run)
        row = st.container(horizontal=True)
        if run.missed is not None or run.shown is not None:
            row.button(words.label("try_again"), key=f"{K}retry", on_click=run.reset, type="primary",
                       icon=":material/replay:")
        if not run.solved and run.shown is None:
            row.button(words.label("show_me"), key=f"{K}show", on_click=run.show_me, icon=":material/visibility:")
        if run.rated is not None:
            row.button(words.replay_labels("next"), key=f"{K}next", on_click=_next, icon=":material/skip_next:",
                       type="primary" if run.solved else "secondary")
