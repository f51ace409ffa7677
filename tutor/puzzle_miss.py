"""A wrong turn in a puzzle and the engine's facts about it, for the words ``tutor.puzzle`` says.

:class:`Miss` is the turn the board shows (and the opponent's answer to it). The functions here read a
``lessons.models.Puzzle`` and that turn: why the turn is not an answer (:func:`reasons`), whether the
answer is what the puzzle is about (:func:`about_the_answer`), a best-play puzzle's value after it
(:func:`value_now`), and the coach's facts about the move the board answered (:func:`coach_facts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Outcome, Position, Turn, all_turns, misses, other
from lessons.models import Puzzle

from . import words
from .coach import first_mistake
from .coach_facts import Facts, facts
from .mined import move_values
from .reply import exact, value_for


@dataclass(frozen=True)
class Miss:
    """A turn that is not an answer, as the board shows it.

    Attributes:
        turn: the learner's moves (complete, or stopped where no answer can follow).
        reply: the opponent's answer (``tutor.reply.best_reply``), or ``None`` when the turn
            ended the game or is not over (an extra turn that leads to no answer).
    """

    turn: Turn
    reply: Turn | None = None


def last_start(turn: Turn) -> Position:
    """Where the last move of ``turn`` was played from (its start when it has no move)."""
    return turn.results[-2].position if len(turn.results) > 1 else turn.start


def only_missed_the_end(puzzle: Puzzle, turn: Turn) -> bool:
    """True when ``turn`` misses a goal puzzle's goal only by not ending the game (K14)."""
    goal = puzzle.goal
    if puzzle.check != "goal" or goal is None:
        return False
    missed = misses(goal, turn, puzzle.game_rules)
    return bool(missed) and all(m.field in ("game_over", "winner") and m.score is None for m in missed)


def answer_outcome(puzzle: Puzzle) -> Outcome | None:
    """How the puzzle's first answer turn ends the game (``engine.Outcome``), ``None`` when it does not."""
    first = puzzle.turns[0]
    return next((t.outcome for t in all_turns(puzzle.start, puzzle.game_rules) if t.pits == first), None)


def value_now(puzzle: Puzzle, turn: Turn) -> int | None:
    """A best-play puzzle's verdict after the wrong ``turn``: the learner's final store difference with
    best play from there (``tutor.reply.value_for``, exact), ``None`` for any other puzzle."""
    if puzzle.check != "best" or not turn.results:
        return None
    mined = move_values(puzzle)
    if mined is not None and len(turn.results) == 1:  # a mined puzzle carries every first move's exact value
        return next(v.value for v in mined if v.pit == turn.pits[0])
    return value_for(turn.position, puzzle.game_rules, turn.results[0].mover)


def about_the_answer(puzzle: Puzzle) -> bool:
    """True when the opponent's answer is what the puzzle is about (a ``best`` puzzle, or a goal
    about what the opponent can capture next, T2): then it is the headline, not the goal missed."""
    goal = puzzle.goal
    return puzzle.check == "best" or (goal is not None and goal.reply_capture_at_most is not None)


def mined_mistake(puzzle: Puzzle, missed: Miss) -> Facts | None:
    """The coach's facts about a mined puzzle's wrong first move, from the exact values the puzzle
    carries (``tutor.mined.move_values``: no search, exact for Awari too); ``None`` for another
    puzzle, or when the first move was right and the turn went wrong later."""
    mined = move_values(puzzle)
    first = missed.turn.pits[0]
    if mined is None or first in puzzle.first_moves:
        return None
    rules = puzzle.game_rules
    answer = missed.reply.pits if missed.reply is not None and len(missed.turn.pits) == 1 else None
    return facts(puzzle.start, rules, first, mined, answer,
                 answer is not None and exact(missed.reply.start, rules) if missed.reply else False)


def coach_facts(puzzle: Puzzle, missed: Miss, last_only: bool = False) -> Facts | None:
    """The coach's facts about the first move of the complete wrong turn that loses seeds (a mined puzzle's
    from its exact values, else searched: ``tutor.coach.first_mistake``); ``None`` when no move of it does.
    ``last_only``: only when that move is the last of the turn, the one the board shows answered."""
    found = mined_mistake(puzzle, missed) or first_mistake(missed.turn, puzzle.game_rules, missed.reply)
    if found is None or not last_only:
        return found
    return found if found.pit == missed.turn.pits[-1] and found.position == last_start(missed.turn) else None


def reasons(puzzle: Puzzle, turn: Turn, ended_after: bool = False) -> list[str]:
    """Why a complete turn is not an answer, in words (the goal's misses, or what the best turns do);
    ``ended_after``: the opponent's answer then ended the game (``words.miss_words``)."""
    rules = puzzle.game_rules
    if puzzle.check == "goal" and puzzle.goal is not None:
        missed = misses(puzzle.goal, turn, rules)
        kalah_store = rules.game == "kalah" and getattr(rules, "capture_to", "store") == "store"  # K10, not K18
        taken_from = other(turn.start.to_move) if kalah_store else None
        if missed:
            return [words.miss_words(m, ended_after=ended_after, taken_from=taken_from) for m in missed]
    if puzzle.check == "most_extra_turns":
        best = max(t.moves_again for t in all_turns(puzzle.start, rules))
        return [words.most_extra_turns_missed(turn.moves_again, best)]
    if puzzle.check == "biggest_capture":
        best = max(t.captured for t in all_turns(puzzle.start, rules))
        return [words.biggest_capture_missed(turn.results, best)]
    if puzzle.check == "best":
        return [words.not_best()]
    return [words.not_the_answer()]


__all__ = ["Miss", "about_the_answer", "answer_outcome", "coach_facts", "last_start", "mined_mistake",
           "only_missed_the_end", "reasons", "value_now"]
