"""The words of a mined puzzle (``lessons.mined``): its task by theme, its hints and its explanation, all
made from the engine facts the miner proved, never written per position (issue 33).

Every verdict here is a fact of the data the tests prove: the best move's exact value with best play
(K16, A6), and that every other first move ends at least the stated seeds worse.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import Side

from ..i18n import gettext as _
from .basics import seeds_word, side_name
from .puzzles import best_play_result


def mined_task(theme: str, more_moves: bool) -> str:
    """A mined puzzle's task, by theme: ``"Your opponent threatens a capture. Find the one best move."``;
    ``more_moves``: the answer goes on after an extra turn (K9), so the learner must finish the turn."""
    tasks = {
        "capture": _("One move is clearly the best here, and it captures. Find it."),
        "extra-turns": _("One move is clearly the best here: it starts a chain of extra turns. Find it."),
        "lap": _("One move is clearly the best here: it sows all the way round the board. Find it."),
        "threat": _("Your opponent threatens a capture. Find the one best move."),
        "counting": _("You can end the game now. Count the seeds, then find the one best move."),
        "endgame": _("Few seeds are left. Find the one move that does best against best play."),
        "awari-chains": _("One move is clearly the best here: it captures a chain of pits. Find it."),
        "awari-grand-slam": _("Watch out for the grand slam. Find the one best move."),
        "awari-feed": _("Your opponent has no seeds. Find the one best move."),
        "awari-lap": _("A big pit goes all the way round the board. Find the one best move."),
    }
    task = tasks.get(theme, tasks["endgame"])
    return task + " " + _("Then finish your turn.") if more_moves else task


def mined_theme_hint(theme: str, facts: Mapping[str, int], opponent: Side) -> str:
    """The first hint of a mined puzzle: what its theme's fact is (``facts``: ``lessons.mined.Entry.facts``;
    ``opponent``: ``"S"`` or ``"N"``, the side not to move)."""
    captured, extra, sown = facts.get("captured", 0), facts.get("extra", 0), facts.get("sown", 0)
    if theme in ("capture", "awari-capture"):
        return _("The best move captures {seeds}.").format(seeds=seeds_word(captured))
    if theme == "extra-turns":
        return _("The best turn earns {n} extra turns in a row.").format(n=extra)
    if theme in ("lap", "awari-lap"):
        return _("The best move sows {seeds}: count where the last one lands.").format(seeds=seeds_word(sown))
    if theme == "threat":
        return _("{side} threatens to capture {seeds}.").format(side=side_name(opponent),
                                                               seeds=seeds_word(facts.get("threat", 0)))
    if theme == "counting":
        return _("The best move ends the game: count the seeds each side gets.")
    if theme == "awari-chains":
        return _("The best move captures from {n} pits in a row.").format(n=facts.get("pits", 2))
    if theme == "awari-grand-slam":
        return _("One move would take every seed in your opponent's row.")
    if theme == "awari-feed":
        return _("Every move must give your opponent seeds: look at what each one lets them capture next.")
    return _("Look at your opponent's best answer to each move.")


def mined_value_hint(value: int, margin: int) -> str:
    """The second hint: the best move's exact result and how far ahead of every other move it is:
    ``"The best move: with best play you win by 8 seeds. Every other move ends at least 2 seeds worse."``"""
    return _("The best move: {verdict}. Every other move ends at least {seeds} worse.").format(
        verdict=best_play_result(value), seeds=seeds_word(margin))


def mined_answer_hint(pit: int) -> str:
    """The last hint: the answer's first pit."""
    return _("Play pit {pit}.").format(pit=pit)


def mined_explanation(pit: int, value: int, other: int, margin: int) -> str:
    """Why the answer is the answer, in numbers the tests prove: ``"Pit 3 is the only best move: with best
    play you win by 8 seeds. The next best, pit 5, ends 2 seeds worse."``"""
    return _("Pit {pit} is the only best move: {verdict}. The next best, pit {other}, ends {seeds} worse.").format(
        pit=pit, verdict=best_play_result(value), other=other, seeds=seeds_word(margin))


__all__ = ["mined_answer_hint", "mined_explanation", "mined_task", "mined_theme_hint", "mined_value_hint"]
