"""The words of a mined puzzle (``lessons.mined``): its task by theme, its hints and its explanation, all
made from the engine facts the miner proved, never written per position (issue 33).

Every verdict here is a fact of the data the tests prove: the best move's exact value with best play
(K16, A6) and the next best move's, both said as final margins (``tutor.words.margins``: "you win by 10
seeds", never "N seeds fewer").
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import Side

from ..i18n import gettext as _, ngettext
from .basics import seeds_word, side_name
from .margins import margin_clause, others_at_most
from .puzzles import best_play_result


def mined_task(theme: str, more_moves: bool, first_captures: bool = True, slam_answer: bool = False) -> str:
    """A mined puzzle's task, by theme: ``"Your opponent threatens a capture. Find the one best move."``;
    ``more_moves``: the answer goes on after an extra turn (K9), so the learner must finish the turn;
    ``first_captures``: the answer's first pit captures itself (else a capture theme's task says the turn
    captures later, after an extra turn, engine fact ``tutor.mined.first_captures``); ``slam_answer``: the
    answer's first pit is the grand slam pit (A4), so the task does not warn against it (ut45)."""
    tasks = {
        "capture": _("One move is the best here, and it captures. Find it."),
        "extra-turns": _("One move is the best here: it starts a chain of extra turns. Find it."),
        "lap": _("In the best turn, one pit's seeds go all the way round the board. Find the one best move."),
        "threat": _("Your opponent threatens a capture. Find the one best move."),
        "counting": _("You can end the game now. Count the seeds, then find the one best move."),
        "endgame": _("Few seeds are left. Find the one move that does best against best play."),
        "awari-chains": _("One move is the best here: it captures a chain of pits. Find it."),
        "awari-grand-slam": _("Watch out for the grand slam. Find the one best move."),
        "awari-feed": _("Your opponent has no seeds, so your move must give them some. Find the one best move."),
        "awari-lap": _("A big pit goes all the way round the board. Find the one best move."),
    }
    if theme == "awari-grand-slam" and slam_answer:
        tasks[theme] = _("One move here would take every seed in your opponent's row: a grand slam. Find the one "
                         "best move.")
    if theme == "capture" and not first_captures:
        tasks["capture"] = _("One turn is the best here: its first move earns an extra turn, and then the turn "
                             "captures. Find it.")
    task = tasks.get(theme, tasks["endgame"])
    return task + " " + _("If you move again, keep going until your turn ends.") if more_moves else task


def mined_theme_hint(theme: str, facts: Mapping[str, int], opponent: Side, grand_slam: str = "no_capture",
                     first_captures: bool = True, slam_answer: bool = False, lap: int = 0) -> str:
    """The first hint of a mined puzzle: what its theme's fact is (``facts``: ``lessons.mined.Entry.facts``;
    ``opponent``: ``"S"`` or ``"N"``, the side not to move; ``grand_slam``: the Awari rules' A4 variant;
    ``first_captures``, ``slam_answer``: as :func:`mined_task`; ``lap``: seeds of one Kalah lap,
    ``Rules.lap``, 2 x pits + 1).
    A lap's hint names the pit sown and its seeds (``pit``, ``sown``): in Kalah exactly ``lap`` seeds come
    back into their own pit and more go past it (K8), in Awari 12 or more skip it (A2)."""
    captured, extra, sown = facts.get("captured", 0), facts.get("extra", 0), facts.get("sown", 0)
    pit = facts.get("pit", 0)
    if theme in ("capture", "awari-capture") and not first_captures:
        return _("The best turn captures {seeds}, after an extra turn.").format(seeds=seeds_word(captured))
    if theme in ("capture", "awari-capture"):
        return _("The best move captures {seeds}.").format(seeds=seeds_word(captured))
    if theme == "extra-turns":
        return _("The best turn earns {n} extra turns in a row.").format(n=extra)
    if theme == "lap" and pit and lap and sown > lap:
        return _("In the best turn you sow {seeds} from pit {pit}: all the way round the board and past pit "
                 "{pit} again. Count where the last one lands.").format(seeds=seeds_word(sown), pit=pit)
    if theme == "lap" and pit and sown == lap:
        return _("In the best turn you sow {seeds} from pit {pit}: all the way round the board and back into "
                 "pit {pit}. Count where the last one lands.").format(seeds=seeds_word(sown), pit=pit)
    if theme == "awari-lap" and pit:
        return _("Pit {pit} holds {seeds}: they go all the way round the board, skipping pit {pit} itself. "
                 "Count where the last one lands.").format(seeds=seeds_word(sown), pit=pit)
    if theme == "threat":
        return _("{side} threatens to capture {seeds}.").format(side=side_name(opponent),
                                                               seeds=seeds_word(facts.get("threat", 0)))
    if theme == "counting":
        return _("The best move ends the game: count the seeds each side gets.")
    if theme == "awari-chains":
        return _("The best move captures from {n} pits in a row.").format(n=facts.get("pits", 2))
    if theme == "awari-grand-slam" and pit and grand_slam == "no_capture" and slam_answer:
        return _("Pit {pit} would take every seed in your opponent's row: a grand slam, so it captures nothing. "
                 "Here that can still be the best move: count what each move leaves your opponent.").format(pit=pit)
    if theme == "awari-grand-slam" and pit and grand_slam == "no_capture":
        return _("Pit {pit} would take every seed in your opponent's row: that is a grand slam, so it captures "
                 "nothing.").format(pit=pit)
    if theme == "awari-grand-slam":
        return _("One move would take every seed in your opponent's row.")
    if theme == "awari-feed":
        return _("Every move must give your opponent seeds: look at what each one lets them capture next.")
    return _("Look at your opponent's best answer to each move.")


def mined_value_hint(value: int, next_best: int) -> str:
    """The second hint: the best move's exact result and the next best move's (``next_best``), both as
    final margins (``tutor.words.margins``): ``"The best move: with best play you win by 10 seeds. With any
    other move you win by 2 seeds at most."``"""
    return _("The best move: {verdict}.").format(verdict=best_play_result(value)) + " " + others_at_most(next_best)


def mined_answer_hint(pit: int) -> str:
    """The last hint: the answer's first pit."""
    return _("Play pit {pit}.").format(pit=pit)


def mined_explanation(pit: int, value: int, other: int, next_best: int) -> str:
    """Why the answer is the answer, in numbers the tests prove, both results as final margins (the best
    move's ``value``, the next best ``other``'s ``next_best``): ``"Pit 3 is the best move, and no other is
    as good: with best play you win by 10 seeds. With the next best, pit 4, you win by only 2 seeds."``"""
    return _("Pit {pit} is the best move, and no other is as good: {verdict}.").format(
        pit=pit, verdict=best_play_result(value)) + " " + _("With the next best, pit {other}, {result}.").format(
        other=other, result=margin_clause(next_best, only=True))


__all__ = ["mined_answer_hint", "mined_explanation", "mined_task", "mined_theme_hint", "mined_value_hint"]
