"""Learn from your mistakes: a position of the learner's own game played again, to find a better move.

A :class:`MistakeActivity` is one :class:`tutor.cards.Card` on the board, played as a lesson's
find step is: a press of a good pit (``Card.good``: within one seed of the best, ``tutor.review.MARKS``)
finds it; any other pit is played on the board with the opponent's best answer to it
(``tutor.reply.best_reply``) and one sentence says what it throws away, until **Try again**
(:meth:`MistakeActivity.reset`); **Show me** plays the best pit. The first press (or "Show me"
before any) rates the card once (``tutor.cards.rate``: found at once ``good``, else ``again``) and
the card's new schedule goes to its store; the store hears of a replay (homework counts it) only when
a good pit is found before "Show me". A :class:`MistakeQueue` is the positions of one sitting
(a game's mistakes from its review, or today's due cards from Home), one after another.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import MoveResult, Position, Rules, Side, Turn

from . import words
from .activity import Activity, Notice
from .cards import Card, CardStore, Clock, Rating, rate, utc_now
from .homework import ReviewWork, still_to_find
from .reply import best_reply


class MistakeActivity(Activity):
    """One card played again.

    Attributes:
        card: the card (its schedule as it is after this sitting's rating).
        store: where its new schedule is kept.
        rated: how this sitting rated it (``None``: not yet).
        solved: a good pit was pressed.
        found: a good pit was pressed before any "Show me" of this sitting (the store was told).
        shown: "Show me" played the best pit (the board shows it until Try again).
        missed: the wrong move and the answer to it on the board (``None``: none).
    """

    def __init__(self, card: Card, store: CardStore, clock: Clock = utc_now) -> None:
        super().__init__()
        self.card = card
        self.store = store
        self.clock = clock
        self._rules = card.game_rules()
        self.start = Position.from_notation(card.position)
        self.rated: Rating | None = None
        self._seen = False  # "Show me" was pressed in this sitting
        self.found = False
        self.solved = False
        self.shown: Turn | None = None
        self.missed: Turn | None = None
        self._turn = Turn(self.start)

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def position(self) -> Position:
        if self.shown is not None:
            return self.shown.position
        if self.missed is not None:
            return self.missed.position
        return self._turn.position

    def you(self) -> Side | None:
        return self.start.to_move

    def accepts_presses(self) -> bool:
        """Only from the card's position: not after finding it, nor while a wrong move or "Show me" is shown."""
        return not self.solved and self.missed is None and self.shown is None

    def foreseeable(self, playable: tuple[int, ...]) -> tuple[int, ...]:
        return playable

    def turn_text(self) -> str:
        """The task while the card's position is on the board; else what the board shows instead."""
        if self.shown is not None:
            return words.replay_board("shown")
        if self.missed is not None:
            mover = self.start.to_move
            answered = any(r.mover != mover for r in self.missed.results)
            return words.replay_board("missed" if answered else "moved")
        if self.solved:
            return words.replay_board("found", self.card.played)
        return words.replay_task(self.card.played)

    def _rate(self, rating: Rating) -> None:
        if self.rated is None:
            self.rated = rating
            at = self.clock()
            self.card = rate(self.card, rating, at)
            self.store.rescheduled(self.card, at if rating == "good" else None)

    def _found(self) -> None:
        """A good pit found: the store keeps the time (homework counts this mistake as found again)."""
        if not self.found:
            self.found = True
            if self.rated == "good":
                return  # told with the rating
            self.store.rescheduled(self.card, self.clock())

    def judge(self, before: Position, result: MoveResult) -> None:
        pit = result.pit
        if pit in self.card.good:
            self._rate("good")
            if not self._seen:
                self._found()
            self.solved = True
            self._turn = Turn(self.start, (result,))
            self.show(before, [result])
            good = self.card.good
            self.notice = Notice("success", lambda: words.replay_found(pit, good))
            return
        self._rate("again")
        turn = Turn(self.start, (result,))
        while not turn.complete:  # an extra turn (K9) that is no answer: the learner's turn goes on with the best
            turn = turn.then(best_reply(turn.position, self.rules).pits[0], self.rules)
        reply = best_reply(turn.position, self.rules) if not turn.game_over else None
        self.missed = Turn(self.start, turn.results + (reply.results if reply is not None else ()))
        self.show(before, list(self.missed.results))
        exact = self.card.exact
        best = max(v for _, v in self.card.values)
        played = self.card.value_of(pit)
        played = best - self.card.lost(pit) if played is None else played
        answer = reply.results if reply is not None else ()

        def said() -> str:  # what the pit throws away, and the opponent's answer on the board
            text = words.replay_missed(pit, played, best, exact)
            return text + (" " + words.reply_line(answer[0].mover, answer) if answer else "")

        self.notice = Notice("warning", said)

    def show_me(self) -> None:
        """Play the best pit (its turn, extra turns followed by the best) from the card's position."""
        self._rate("again")
        self._seen = True
        self.missed = None
        turn = Turn(self.start).then(self.card.best, self.rules)
        while not turn.complete:
            turn = turn.then(best_reply(turn.position, self.rules).pits[0], self.rules)
        self.shown = turn
        self.show(self.start, list(turn.results))
        mine = [r.pit for r in turn.results]  # the whole turn: extra turns (K9) followed by the best
        self.notice = Notice("info", lambda: words.replay_shown(mine))

    def reset(self) -> None:
        """Try again: the card's position back on the board (the rating stays: it is given once)."""
        self.missed = self.shown = None
        self.solved = False
        self._turn = Turn(self.start)
        self.notice = None
        self.still()


class MistakeQueue:
    """The positions of one sitting, in order: :attr:`current` is on the board, :meth:`next` moves on."""

    def __init__(self, cards: Sequence[Card], store: CardStore, clock: Clock = utc_now) -> None:
        self.cards = list(cards)
        self.store = store
        self.clock = clock
        self.index = 0
        self.current: MistakeActivity | None = MistakeActivity(self.cards[0], store, clock) if self.cards else None

    def next(self) -> None:
        """The next position (``current`` is ``None`` after the last)."""
        self.index += 1
        self.current = MistakeActivity(self.cards[self.index], self.store, self.clock) \
            if self.index < len(self.cards) else None

    @property
    def done(self) -> bool:
        return self.current is None


def from_last_review(work: ReviewWork) -> tuple[str, ...]:
    """The mistakes (card ids) of the learner's game reviewed last, of those with mistakes, in which no good
    move was found since its review, in the game's order (``tutor.homework.still_to_find``: as a homework
    counts them); ``()`` when every one of them was found again or no reviewed game had a mistake. The
    Mistakes page offers them at once: their cards are due only a day after the game (``tutor.cards``).

    >>> import datetime as dt
    >>> from tutor.homework import ReviewedGame
    >>> t = dt.datetime(2026, 12, 5, 16, tzinfo=dt.UTC)
    >>> games = (ReviewedGame(t, ("a", "b")), ReviewedGame(t + dt.timedelta(hours=1), ("c", "d")),
    ...          ReviewedGame(t + dt.timedelta(hours=2)))
    >>> from_last_review(ReviewWork(games, {"c": t + dt.timedelta(hours=3)}))
    ('d',)
    >>> from_last_review(ReviewWork(games, {"c": t + dt.timedelta(hours=3), "d": t + dt.timedelta(hours=3)}))
    ()
    """
    with_mistakes = [g for g in work.games if g.mistakes]
    if not with_mistakes:
        return ()
    return still_to_find(max(with_mistakes, key=lambda g: g.at.timestamp()), work)


__all__ = ["MistakeActivity", "MistakeQueue", "from_last_review"]
