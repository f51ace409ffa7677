"""The coach: every move explained in words made from engine facts (issue 32).

:func:`explain` gives an :class:`Explanation` of one pit in one position: ``first``, one short sentence
for a 10-year-old ("Pit 3 lets North capture 6 seeds from your pit 2; pit 5 was better: it captures 4
seeds from North's pit 2."), ``details``, the sentences behind "Why?", and ``facts``, the engine facts
they are made from (``tutor.coach_facts.Facts``: what the move does, the other side's best answer, the
values, the kind of mistake and the seeds it loses), so a review or a class table can count mistakes by
kind. No text is written per position: every sentence is made by ``tutor.words.coach``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import MoveValue, Position, Rules, Turn

from . import words
from .coach_facts import KINDS, MISTAKES, Facts, facts
from .reply import exact


@dataclass(frozen=True)
class Explanation:
    """The coach's words about one move, and the facts they say.

    Attributes:
        first: one short sentence (markdown-safe plain text).
        details: the sentences for "Why?", in order.
        facts: the engine facts (``kind``, ``kinds``, ``lost`` in seeds, ``exact``, the reply...).
    """

    first: str
    details: tuple[str, ...]
    facts: Facts

    @property
    def kind(self) -> str:
        """The main kind of the move (``tutor.coach_facts.KINDS``): ``"best"`` or a kind of mistake."""
        return self.facts.kind

    @property
    def lost(self) -> int:
        """Seeds the move loses against the best move with best play (0 for a best move)."""
        return self.facts.lost


def explain(position: Position, rules: Rules, pit: int, values: Sequence[MoveValue] | None = None, *,
            hide_best: bool = False) -> Explanation:
    """Why ``pit`` (1..n, the mover's numbering) is good or not in ``position``, in the session's language.

    ``values``: ``engine.analyse`` of ``position`` when the caller has it (Move outcomes, the game
    review); else it is analysed within ``tutor.coach_facts.COACH_NODES`` nodes. ``hide_best``: the better
    pit is not named (a puzzle still to be solved). Raises ``IllegalMoveError`` for a pit that cannot be
    played (K5, A4, A5) and ``ValueError`` when the game is over (K14, A6).
    """
    f = facts(position, rules, pit, values)
    return Explanation(words.coach_first(f, hide_best), tuple(words.coach_details(f, hide_best)), f)


def first_mistake(turn: Turn, rules: Rules, answer: Turn | None = None) -> Facts | None:
    """The facts of the first move of ``turn`` (one player's moves, K9 chains) that loses seeds against the
    best move from where it was played (each position analysed within ``tutor.coach_facts.COACH_NODES``
    nodes); ``None`` when no move of it does, as far as the search can tell. ``answer``: the other side's
    turn after it as the board shows it (``tutor.reply.best_reply``), the answer the coach then speaks of."""
    position = turn.start
    for k, result in enumerate(turn.results):
        shown = answer.pits if answer is not None and k == len(turn.results) - 1 else None
        f = facts(position, rules, result.pit, None, shown, answer is not None and exact(answer.start, rules))
        if not f.is_best:
            return f
        position = result.position
    return None


__all__ = ["Explanation", "KINDS", "MISTAKES", "explain", "first_mistake"]
