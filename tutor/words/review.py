"""The words of a game's review and of replaying its mistakes (``tutor.review``, ``tutor.mistakes``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import gettext as _
from ..i18n import ngettext
from .basics import clause_separator, pit_word, pits_list, side_name, then_pits


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def mark_name(mark: str) -> str:
    """A review's mark in words (``tutor.review.MARKS``): good, inaccuracy, mistake, blunder."""
    return {"good": _("good"), "inaccuracy": _("inaccuracy"), "mistake": _("mistake"),
            "blunder": _("blunder")}.get(mark, mark)


def cost_seeds(lost: int) -> int:
    """The seeds a move cost its player, from its loss ``lost`` (the best move's value minus its own, a
    net score difference, K16/A6: every seed one side ends with fewer the other ends with more, so a loss
    of 2 is 1 seed): half of it, rounded down, so the marks' thresholds read in whole seeds
    (``tutor.review.MARKS``: a loss of 0 or 1 is good, 0 seeds; 8 or more a blunder, 4 seeds or more).

    >>> [cost_seeds(n) for n in (0, 1, 2, 3, 8, 18)]
    [0, 0, 1, 1, 4, 9]
    """
    return max(0, lost) // 2


def marks_help(marks: Sequence[tuple[str, int]]) -> str:
    """How the marks are given, from ``tutor.review.MARKS`` (mark, least loss; mildest first), in the seeds
    a move cost (:func:`cost_seeds`): ``"Each move is marked by the seeds it threw away compared with the
    best move: good 0, inaccuracy 1, mistake 2 to 3, blunder 4 or more."``."""
    parts = []
    for k, (mark, least) in enumerate(marks):
        lo = cost_seeds(least)
        if k + 1 < len(marks):
            most = cost_seeds(marks[k + 1][1]) - 1
            span = str(lo) if most == lo else _("{lo} to {hi}").format(lo=lo, hi=most)
        else:
            span = _("{n} or more").format(n=lo)
        parts.append(f"{mark_name(mark)} {span}")
    return _("Each move is marked by the seeds it threw away compared with the best move: {marks}.").format(
        marks=", ".join(parts))


def review_mistake(pit: int, lost: int, best: int, exact: bool, side: str) -> str:
    """A reviewed move of ``side`` (``"S"``/``"N"``) in one sentence, said as what the move cost that side
    (the seeds it ends with fewer, :func:`cost_seeds` of the loss ``lost``), never as seeds the pit lost:
    ``"Pit 2 cost North 3 seeds; pit 5 was best."`` for a loss of 6 (an estimate: ``"Pit 2 cost North about
    3 seeds (an estimate); pit 5 was best."``)."""
    name = side_name("S" if side == "S" else "N")
    n = cost_seeds(lost)
    if exact:
        cost = ngettext("{pit} cost {side} {n} seed", "{pit} cost {side} {n} seeds", n).format(
            pit=pit_word(pit), side=name, n=n)
    else:
        cost = ngettext("{pit} cost {side} about {n} seed (an estimate)",
                        "{pit} cost {side} about {n} seeds (an estimate)", n).format(pit=pit_word(pit), side=name,
                                                                                      n=n)
    return _cap(cost) + clause_separator() + _("{pit} was best.").format(pit=pit_word(best))


def review_cost_you(pit: int, lost: int, exact: bool) -> str:
    """What the learner's own reviewed move cost them (:func:`cost_seeds` of the loss ``lost``), one sentence
    before the coach's: ``"Pit 2 cost you 9 seeds."`` for a loss of 18 (an estimate: ``"Pit 2 cost you about
    9 seeds (an estimate)."``)."""
    n = cost_seeds(lost)
    if exact:
        text = ngettext("{pit} cost you {n} seed.", "{pit} cost you {n} seeds.", n).format(pit=pit_word(pit), n=n)
    else:
        text = ngettext("{pit} cost you about {n} seed (an estimate).", "{pit} cost you about {n} seeds (an estimate).",
                        n).format(pit=pit_word(pit), n=n)
    return _cap(text)


def review_line(row: Mapping[str, Any], said: str) -> str:
    """One mistake of the review's list: ``"Move 7, North: **mistake**. Pit 2 cost North 6 seeds; pit 5 was best."``"""
    return _("Move {move}, {player}: **{mark}**. {said}").format(
        move=row["move"], player=side_name(row["player"]), mark=mark_name(row["mark"]), said=said)


def review_counts(side: str, counts: Mapping[Any, int]) -> str:
    """One side's marks: ``"South: 12 good, 2 inaccuracies, 1 mistake, 0 blunders"``."""
    parts = [
        ngettext("{n} good move", "{n} good moves", counts.get("good", 0)).format(n=counts.get("good", 0)),
        ngettext("{n} inaccuracy", "{n} inaccuracies", counts.get("inaccuracy", 0)).format(n=counts.get("inaccuracy", 0)),
        ngettext("{n} mistake", "{n} mistakes", counts.get("mistake", 0)).format(n=counts.get("mistake", 0)),
        ngettext("{n} blunder", "{n} blunders", counts.get("blunder", 0)).format(n=counts.get("blunder", 0)),
    ]
    return _("{side}: {marks}").format(side=side_name("S" if side == "S" else "N"), marks=", ".join(parts))


def review_progress(done: int, total: int) -> str:
    """The review's progress bar: ``"Reviewing the moves: 8 of 40"``."""
    return _("Reviewing the moves: {done} of {total}").format(done=done, total=total)


def review_estimates(all_exact: bool) -> str:
    """Under the review: whether its losses are proven or partly estimated."""
    if all_exact:
        return _("Every loss is proven to the end of the game.")
    return _("Some losses are the search's estimates (it looked a few moves ahead); the table of the moves says "
             "which are proven.")


def no_mistakes() -> str:
    return _("No mistake and no blunder in this game: well played!")


def review_labels(key: str) -> str:
    """The review's short labels."""
    return {
        "toggle": _("Review the game"),
        "open": _("Review this game"),
        "mistakes": _("**Mistakes to learn from**"),
        "replay": _("Find a better move"),
        "replay_help": _("Play this position again and look for a better move."),
        "replay_all": _("Practise these mistakes"),
        "advantage": _("Who is ahead with best play"),
        "moves": _("The moves and their marks"),
    }.get(key, key)


def review_side_ahead(side: str) -> str:
    """The review chart's words on each side of 0: ``"↑ South ahead"`` above it, ``"↓ North ahead"`` below."""
    if side == "S":
        return _("↑ South ahead")
    return _("↓ North ahead")


def review_columns() -> dict[str, str]:
    """The review's table: row key -> header."""
    return {"move": _("Move"), "player_name": _("Player"), "pit": _("Pit"), "mark_name": _("Mark"),
            "lost": _("Seeds the move cost"), "best_pit": _("Best pit"), "sure": _("Proven")}


def review_point(row: Mapping[str, Any]) -> str:
    """Hover words of one move on the advantage chart."""
    text = _("move {move}: {player} pit {pit}, {mark}; South {eval:+d} with best play").format(
        move=row["move"], player=side_name(row["player"]), pit=row["pit"], mark=mark_name(row["mark"]),
        eval=row["evaluation"])
    if row["lost"]:
        text += clause_separator() + review_mistake(row["pit"], row["lost"], row["best_pit"], row["exact"], row["player"])
    return text


# ------------------------------------------------------------------ replaying mistakes


def replay_task(pit: int) -> str:
    """The task of a mistake replayed: ``"In your game you played pit 2 here. Find a better move."``"""
    return _("In your game you played {pit} here. Find a better move.").format(pit=pit_word(pit))


def replay_board(shows: str, pit: int = 0) -> str:
    """The board's heading while a replayed mistake's position is no longer on it, by what it ``shows``:
    ``"missed"`` (the learner's move and the answer to it), ``"moved"`` (their move, the game over),
    ``"shown"`` (the best move, "Show me"), ``"found"`` (a better move than ``pit``, the game's move)."""
    return {
        "missed": _("The board shows your move and the answer to it. Press Try again to go back."),
        "moved": _("The board shows your move. Press Try again to go back."),
        "shown": _("The board shows the best move."),
        "found": _("You found a better move than {pit}.").format(pit=pit_word(pit)),
    }[shows]


def replay_found(pit: int, good: Sequence[int]) -> str:
    """A good move found: ``"Well found! Pit 5 is the best move here."``"""
    if len(good) > 1:
        return _("Well found! Pit {pit} is as good as the best move (good moves here: {pits}).").format(
            pit=pit, pits=pits_list(good))
    return _("Well found! Pit {pit} is the best move here.").format(pit=pit)


def replay_missed(pit: int, lost: int, exact: bool) -> str:
    """A move that is still not good: what it costs the learner (:func:`cost_seeds` of its loss ``lost``),
    ``"Not this one: pit 2 costs you 3 seeds."`` for a loss of 6."""
    n = cost_seeds(lost)
    if exact:
        return ngettext("Not this one: {pit} costs you {n} seed.", "Not this one: {pit} costs you {n} seeds.",
                        n).format(pit=pit_word(pit), n=n)
    return ngettext("Not this one: {pit} costs you about {n} seed (an estimate).",
                    "Not this one: {pit} costs you about {n} seeds (an estimate).", n).format(pit=pit_word(pit), n=n)


def replay_shown(pits: Sequence[int]) -> str:
    """"Show me" played the best move: its whole turn (``pits``, the learner's, in order: a move that ends
    in their store is followed by their best next move, K9): ``"Watch: pit 4 was best. …"``, ``"Watch:
    pit 1, you move again, then pit 5, then pit 2. …"``."""
    if len(pits) > 1:
        return _("Watch: {pit}, you move again{then}. Press Try again and play these moves yourself.").format(
            pit=pit_word(pits[0]), then=then_pits(pits[1:]))
    return _("Watch: {pit} was best. Press Try again and play it yourself.").format(pit=pit_word(pits[0]))


def replay_count(k: int, n: int) -> str:
    """``"Position 2 of 3"``."""
    return _("Position {k} of {n}").format(k=k, n=n)


def replay_done(n: int) -> str:
    """Every position of the queue played."""
    return ngettext("Done: you played {n} position again. It comes back when it is time to practise it.",
                    "Done: you played {n} positions again. They come back when it is time to practise them.",
                    n).format(n=n)


def replay_empty() -> str:
    return _("No position is waiting for you now. Play a game in the Sandbox, review it, and practise your mistakes.")


def replay_labels(key: str) -> str:
    return {
        "next": _("Next position"),
        "back_to_game": _("Back to the Sandbox"),
    }.get(key, key)


def review_today(n: int) -> str:
    """Home: ``"Your review for today: 3 positions"``."""
    return ngettext("Your review for today: {n} position", "Your review for today: {n} positions", n).format(n=n)


def review_today_button() -> str:
    return _("Start today's review")


def review_intro() -> str:
    """The Mistakes page's first line."""
    return _("Positions from your own games where a better move was there. Find it!")


def class_review_label(name: str) -> str:
    """A word of the teacher's view of reviewed games (``tutor.classroom.review_rows``, ``ui.class_reviews``):
    ``"games"``, ``"mistakes"`` (column headings), ``"heading"``, ``"chart"`` (the chart's title),
    ``"axis"`` (its count axis), ``"download"`` (the table's CSV button)."""
    return {
        "games": _("Games reviewed"),
        "mistakes": _("Mistakes in all"),
        "heading": _("Reviewed games and mistakes"),
        "chart": _("Mistakes by kind"),
        "axis": _("Mistakes"),
        "download": _("Download the reviews table (CSV)"),
    }.get(name, name)


def class_reviews_note() -> str:
    """How the teacher's reviews table counts."""
    return _("A game counts once the pupil opens its review after it ends. Each mistake counts once per position.")


def class_no_reviews() -> str:
    """A class none of whose pupils has reviewed a game yet (one sentence)."""
    return _("No pupil has reviewed a finished game yet.")


__all__ = ["class_no_reviews", "class_review_label", "class_reviews_note", "cost_seeds",
    "mark_name", "marks_help", "no_mistakes", "replay_board", "replay_count", "replay_done", "replay_empty",
    "replay_found", "replay_labels", "replay_missed", "replay_shown", "replay_task", "review_columns", "review_cost_you", "review_counts",
    "review_estimates", "review_intro", "review_labels", "review_line", "review_mistake", "review_point",
    "review_progress", "review_side_ahead", "review_today", "review_today_button",
]
