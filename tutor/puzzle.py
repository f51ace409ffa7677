"""A puzzle: find the turn that reaches the goal, with hints and an explanation.

A :class:`PuzzleActivity` holds one learner's try at one
``lessons.models.Puzzle``. A press plays the pit; while the learner's turn
goes on (an extra turn, K9) and can still become an accepted answer, the
board waits for the next pit. The puzzle is solved the moment its task is
done (``lessons.proofs.task_done``): "Find the move that gives you an extra
turn" by the move that earns it, a chain of extra turns by the last extra
turn it needs; the moves still to press would choose nothing. A task that
needs the whole turn (a best-move puzzle whose answer is more than one move)
says so ("...and finish your turn"). Any other turn is played on the board, then the
opponent's best answer to it (``tutor.reply.best_reply``, the refutation;
none when the turn ended the game), and the board stays there with one
sentence about what went wrong until **Try again** (:meth:`PuzzleActivity.reset`)
puts the puzzle's position back. A move after which no answer can follow
(an extra turn, K9, that leads nowhere) is said at once; the learner may
finish that turn to see what happens, or try again. An illegal pit is explained by its rule
and changes nothing. A wrong pit the puzzle has its own words for (its ``wrong``
note, written for that position) is told by them first (after a best-play
puzzle's verdict); the engine's words (``tutor.puzzle_miss``) and the coach's
then go under "Why?". The details (what the turn did, why it misses, and after
solving the explanation) are :meth:`PuzzleActivity.details`, shown on request.

A puzzle's id may give its answer away: pages and links name a puzzle by
:func:`learner_name` (a teacher's pages by :func:`display_name`) and
:func:`puzzle_code`, never by its id. So may the rules it practises: rule ids
and rule titles are shown only when :attr:`PuzzleActivity.rule_ids` is set
(a teacher's choice), as badges.

Progress: a puzzle is *tried* once the learner has played a move in it (an
illegal pit or a hint is no move); hints shown before that are recorded with
the first move, so the store's records are exactly the puzzles tried.
What the last press added to the learner's counts is :attr:`PuzzleActivity.added`, so a page can
show the counts from before it until the board has sown the move (:meth:`PuzzleActivity.counts_before`).
"""

from __future__ import annotations

from dataclasses import replace

from engine import IllegalMoveError, MoveResult, Position, Rules, Turn
from lessons.models import Puzzle
from lessons.proofs import difficulty, solving_moves, task_done

from . import words
from .activity import Activity, Notice
from .coach_facts import facts
from .mined import move_values
from .progress import ProgressStore, Summary
from .puzzle_miss import (
    Miss,
    about_the_answer,
    answer_outcome,
    coach_facts,
    only_missed_the_end,
    reasons,
    value_now,
)
from .puzzle_pool import (
    display_name,
    find_puzzle,
    first_puzzle,
    first_unsolved,
    learner_name,
    level_of,
    next_in,
    number_in_theme,
    pick,
    puzzle_code,
    puzzle_of_the_day,
)
from .ratings import RatedTry, RatingStore, puzzle_start
from .reply import best_reply


class PuzzleActivity(Activity):
    """One learner's try at ``puzzle``.

    Attributes:
        puzzle: the puzzle (checked content).
        turn: the learner's moves so far (from the puzzle's position).
        hints: how many hints are shown (0..len(puzzle.hints)).
        solved: the turn reached the goal.
        tries: wrong turns so far.
        missed: the wrong turn the board shows (and the answer to it) until :meth:`reset`, or ``None``.
        progress: where tried and solved puzzles are recorded.
        rule_ids: rule ids as badges in the texts (a teacher's choice); off, no rule id is shown.
        moved: a move was played in this run (the puzzle counts as tried from then on).
        added: ``(solved, tried)``, each 0 or 1: what the last legal press added to the learner's
            puzzles solved and puzzles tried (a puzzle solved or tried before adds nothing).
        added_first_try: 1 when the last legal press solved the puzzle for the first time at the
            first try (no miss, no hint, ``PuzzleProgress.first_try``), else 0.
        ratings: where the learner's first try of a puzzle (no record of it before this run's first move)
            is rated (``tutor.ratings``: solved at the first try, or not), at its first solve or miss;
            ``None``: not rated.
        rated: that rated try (the learner's rating after it and its change), once made; ``None`` before,
            or when the try was not a first one or could not be kept.
    """

    presses_illegal = True

    def __init__(self, puzzle: Puzzle, progress: ProgressStore) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.progress = progress
        self.turn = Turn(puzzle.start)
        self.hints = 0
        self.solved = False
        self.tries = 0
        self.missed: Miss | None = None
        self.rule_ids = False
        self.moved = False
        self.added = (0, 0)
        self.added_first_try = 0
        self.ratings: RatingStore | None = None
        self.rated: RatedTry | None = None
        self._fresh = False
        self._hints_unrecorded = 0

    @property
    def rules(self) -> Rules:
        return self.puzzle.game_rules

    @property
    def position(self) -> Position:
        """The position on the board: after the opponent's answer while a wrong turn is shown."""
        if self.missed is not None:
            return (self.missed.reply or self.missed.turn).position
        return self.turn.position

    def accepts_presses(self) -> bool:
        """While the puzzle is open: not after solving, nor while a finished wrong turn is shown
        (a turn that can no longer reach the goal may still be finished, to see what happens)."""
        return not self.solved and (self.missed is None or not self.missed.turn.complete)

    def foreseeable(self, playable: tuple[int, ...]) -> tuple[int, ...]:
        """Every playable pit: a legal press is played as it is (a wrong turn's reply follows it)."""
        return playable

    def playable(self) -> tuple[int, ...]:
        """Every pit of the mover that holds seeds (an illegal one is explained, A4/A5)."""
        return self.position.pits_with_seeds() if self.accepts_presses() else ()

    def turn_text(self) -> str:
        if self.solved:
            return words.solved_turn_line()
        if self.missed is not None and self.missed.turn.complete:
            return words.after_wrong_line()
        return words.to_move(self.position.to_move, press=True)

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        rule_id = error.rule_id  # no move: the puzzle is not tried yet
        self.notice = Notice("warning", lambda: words.illegal_pit(rule_id, pit, self.rule_ids))

    def _record_move(self) -> None:
        """The first move of this run: the puzzle is tried, with the hints shown before it."""
        if not self.moved:
            self.moved = True
            if self.puzzle.id not in self.progress.puzzles():
                self.added, self._fresh = (self.added[0], 1), True
            self.progress.puzzle_tried(self.puzzle.id)
            for _ in range(self._hints_unrecorded):
                self.progress.puzzle_hint(self.puzzle.id)
            self._hints_unrecorded = 0

    def judge(self, before: Position, result: MoveResult) -> None:
        puzzle = self.puzzle
        self.added = (0, 0)
        self.added_first_try = 0
        self._record_move()
        turn = Turn(self.turn.start, self.turn.results + (result,))
        self.turn = turn
        if self.missed is None and task_done(puzzle, turn):
            self.show(before, [result])
            self.solved = True
            record = self.progress.puzzles().get(puzzle.id)
            new = record is None or not record.solved
            self.progress.puzzle_solved(puzzle.id)
            if new:
                self.added = (1, self.added[1])
                after = self.progress.puzzles().get(puzzle.id)
                self.added_first_try = int(after is not None and after.first_try)
            # the praise agrees with the counts: a puzzle missed or solved in an earlier try (another tab's
            # too) is not solved at the first try
            first_try = bool(self.added_first_try)
            self._rate(first_try, hinted=self.tries == 0 and self.hints > 0)
            value = puzzle.value if puzzle.check == "best" else None  # the verdict comes first (issue 36)
            self.notice = Notice("success", lambda: words.praise(first_try, value))
            return
        if self.missed is None and not turn.complete and puzzle.leads_to_an_answer(turn.pits):
            self.show(before, [result])
            self.notice = Notice("info", words.extra_turn_goes_on)
            return
        if self.missed is None:  # a turn that misses counts once, however it goes on
            self.tries += 1
            self.progress.puzzle_missed(puzzle.id)
            self._rate(False)
        reply = best_reply(turn.position, self.rules) if turn.complete and not turn.game_over else None
        self.missed = Miss(turn, reply)
        self.show(before, [result, *(reply.results if reply is not None else ())])
        self.notice = Notice("warning", self.headline)

    def _rate(self, solved: bool, hinted: bool = False) -> None:
        """The first result of a first try, rated once (:attr:`ratings`, ``hinted``: solved after a hint
        with no wrong move, half a solve; a store that may be away is given guarded,
        ``ui.wiring.GuardedRatings``: then it stays unrated)."""
        if not self.rates_next:
            return
        self._fresh = False
        self.rated = self.ratings.record_try(self.puzzle.id, self.rules.game, solved,  # type: ignore[union-attr]
                                             puzzle_start(difficulty(self.puzzle).score), hinted=hinted)

    @property
    def rates_next(self) -> bool:
        """Whether the next solve or miss is rated: a first try (:attr:`ratings`) not yet rated."""
        return self.ratings is not None and self.rated is None and (self._fresh or not self.moved) \
            and (self.moved or self.puzzle.id not in self.progress.puzzles())

    def counts_before(self, summary: Summary) -> Summary:
        """``summary`` (the learner's counts now, ``ProgressStore.summary``) with the puzzles solved (at the
        first try too) and tried as they were before the last legal press (:attr:`added` taken off); the other counts as given."""
        solved, tried = self.added
        return replace(summary, puzzles_solved=summary.puzzles_solved - solved,
                       puzzles_tried=summary.puzzles_tried - tried,
                       puzzles_first_try=summary.puzzles_first_try - self.added_first_try)

    def headline(self) -> str:
        """The words about the wrong turn on the board (``""`` when there is none): the puzzle's own words
        for its first pit when it has them (written for this position: they come first, and
        :meth:`verdict` goes under "Why?"), else :meth:`verdict`."""
        missed = self.missed
        if missed is None:
            return ""
        note = self.note()
        if not note:
            return self.verdict()
        lead = self._best_missed()
        return (lead + " " if lead else "") + words.badged(note, self.rule_ids)

    def _best_missed(self) -> str:
        """A best-play puzzle's verdict after the complete wrong turn answered on the board (issue 36: it
        comes first): ``"Not the best: with best play you now lose by 12 seeds, but you can win by 2."``;
        ``""`` for another puzzle or turn."""
        missed = self.missed
        if missed is None or missed.reply is None or not about_the_answer(self.puzzle) or self.puzzle.value is None:
            return ""
        now = value_now(self.puzzle, missed.turn)
        return "" if now is None else words.best_missed(now, self.puzzle.value)

    def note(self) -> str:
        """The puzzle's own words (its ``wrong`` text) for the first pit of the complete wrong turn the
        board shows; ``""`` when it has none, or while that turn can still be finished."""
        missed = self.missed
        if missed is None or not missed.turn.complete:
            return ""
        return self.puzzle.wrong.get(missed.turn.pits[0], "")

    def verdict(self) -> str:
        """The one sentence about the wrong turn on the board made from the engine's facts (the goal
        missed, the answer, the verdict with best play; ``""`` when there is none)."""
        missed = self.missed
        if missed is None:
            return ""
        if not missed.turn.complete:
            return words.dead_end_goes_on()
        if missed.reply is None:
            end = missed.turn.outcome
            return words.turn_ends_game(end) if end is not None else words.not_this_time(reasons(self.puzzle, missed.turn))
        if about_the_answer(self.puzzle):
            reply = words.reply_line(missed.reply.mover, missed.reply.results)
            lead = self._best_missed()
            return lead + " " + reply if lead else reply
        if missed.reply.game_over:  # the board shows a finished game: say how it ended, never "it goes on"
            why = words.clauses(reasons(self.puzzle, missed.turn, ended_after=True))
            end = missed.reply.results[-1].outcome
            still_won = end is not None and end.winner is not None and end.winner != missed.reply.mover
            if still_won and only_missed_the_end(self.puzzle, missed.turn):
                return words.answer_ends_game_you_still_win(why, missed.reply.mover, missed.reply.results,
                                                            answer_outcome(self.puzzle))
            return words.answer_ends_game(why, missed.reply.mover, missed.reply.results)
        return words.not_this_time(reasons(self.puzzle, missed.turn))

    def details(self) -> list[str]:
        """The paragraphs behind "Why?" (markdown; rule ids only as badges): after a wrong turn, what it
        did, why it misses (or the opponent's answer) and the puzzle's note; after solving, the
        explanation, what the turn did, the other answers and the best line. ``[]`` otherwise."""
        ids = self.rule_ids
        return [words.unbadged(paragraph, ids) for paragraph in self._details(ids)]

    def _details(self, ids: bool) -> list[str]:
        puzzle, rules = self.puzzle, self.rules
        if self.solved:
            out = [words.puzzle_label("explanation") + " " + words.badged(puzzle.explanation, ids),
                   words.you_played(self.turn.results, rules)]
            others = {solving_moves(puzzle, t)[0] for t in puzzle.turns} - {self.turn.pits[0]}
            note = words.also_works(sorted(others))
            if note:
                out.append(note)
            if puzzle.line and ids:  # a list of moves of both sides: for a teacher who asked for the details
                out.append(words.line_words(words.side_name(self.turn.position.to_move), puzzle.line))
            mined = move_values(puzzle)
            if puzzle.value is not None and mined is None:
                out.append(words.best_play_finish(puzzle.value))
            if mined is not None:  # the explanation said the result once; the coach says what the move did
                said = words.coach_details(facts(puzzle.start, rules, puzzle.turns[0][0], mined), say_value=False)
                out[1:1] = ["  \n".join(said)] if said else []
            return out
        missed = self.missed
        if missed is None:
            return []
        out = [words.you_played(missed.turn.results, rules)]
        if self.note():  # the headline is the puzzle's own words: the engine's verdict, then the coach's, here
            if self._best_missed() and missed.reply is not None:  # the headline said the verdict; the answer here
                out.append(words.reply_line(missed.reply.mover, missed.reply.results))
            else:
                out.append(self.verdict())
            if missed.reply is not None and not missed.reply.game_over and not about_the_answer(self.puzzle):
                out.append(words.reply_line(missed.reply.mover, missed.reply.results))
            mistake = coach_facts(puzzle, missed, last_only=True)  # the move the board shows answered
            return out + ([words.coach_said(mistake, hide_best=True)] if mistake is not None else [])
        if missed.turn.complete:
            if missed.reply is not None and missed.reply.game_over and not about_the_answer(self.puzzle):
                pass  # the headline said the answer and how the game ended
            elif missed.reply is not None and not about_the_answer(self.puzzle):
                out.append(words.reply_line(missed.reply.mover, missed.reply.results))
            elif (missed.reply is not None or missed.turn.game_over) and (
                    missed.reply is None or value_now(self.puzzle, missed.turn) is None):  # else the headline's verdict said it
                out.append(words.not_this_time(reasons(self.puzzle, missed.turn)))
        note = puzzle.wrong.get(missed.turn.pits[0], "")  # a turn not finished yet: its first pit's own words
        if note:
            out.append(words.badged(note, ids))
        elif missed.turn.complete:  # no words written for this move: the coach says why, the answer kept hidden
            mistake = coach_facts(puzzle, missed)
            if mistake is not None:
                out.append(words.coach_said(mistake, hide_best=True))
        return out

    def show_hint(self, shown: int | None = None) -> None:
        """Show one more hint (a nudge first, the answer last); recorded at once in a puzzle already
        tried, else with the first move. ``shown``: how many hints the page showed when the button was
        pressed; a press made when more are already shown (a quick double tap) changes nothing."""
        if shown is not None and shown != self.hints:
            return
        if self.hints < len(self.puzzle.hints):
            self.hints += 1
            if self.moved or self.puzzle.id in self.progress.puzzles():
                self.progress.puzzle_hint(self.puzzle.id)
            else:
                self._hints_unrecorded += 1

    def hint_texts(self) -> list[str]:
        """The hints shown so far (markdown; rule ids as badges only with :attr:`rule_ids`)."""
        return [words.badged(hint, self.rule_ids) for hint in self.puzzle.hints[: self.hints]]

    def cited(self) -> tuple[str, ...]:
        """The rule ids the puzzle practises, for a teacher's badges (``()`` unless :attr:`rule_ids`)."""
        return tuple(self.puzzle.cites) if self.rule_ids else ()

    def reset(self) -> None:
        """Try again / Start again: the puzzle's position back on the board (hints stay shown)."""
        self.turn = Turn(self.puzzle.start)
        self.missed = None
        self.notice = None
        self.solved = False
        self.still()


__all__ = [
    "Miss",
    "PuzzleActivity",
    "display_name",
    "find_puzzle",
    "first_puzzle",
    "first_unsolved",
    "learner_name",
    "level_of",
    "next_in",
    "number_in_theme",
    "pick",
    "puzzle_code",
    "puzzle_of_the_day",
]
