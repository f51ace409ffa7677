"""The words of a game's review and of replaying its mistakes (``tutor.review``, ``tutor.mistakes``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import gettext as _
from ..i18n import ngettext
from .basics import clause_separator, pit_word, pits_list, side_name, then_pits
from .margins import result_noun


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def mark_name(mark: str) -> str:
    """A review's mark in words (``tutor.review.MARKS``): good, inaccuracy, mistake, blunder."""
    return {"good": _("good"), "inaccuracy": _("inaccuracy"), "mistake": _("mistake"),
            "blunder": _("blunder")}.get(mark, mark)


def marks_help(marks: Sequence[tuple[str, int]]) -> str:
    """How the marks are given, from ``tutor.review.MARKS`` (mark, least loss; mildest first), in the one
    measure results are said in, the final margin (K16/A6, ``tutor.words.margins``): ``"Each move is marked
    by how much it lowers its player's final margin with best play, compared with the best move: good 0 or
    1, inaccuracy 2 or 3, mistake 4 to 7, blunder 8 or more."``."""
    parts = []
    for k, (mark, least) in enumerate(marks):
        if k + 1 < len(marks):
            most = marks[k + 1][1] - 1
            span = str(least) if most == least else (
                _("{lo} or {hi}").format(lo=least, hi=most) if most == least + 1 else
                _("{lo} to {hi}").format(lo=least, hi=most))
        else:
            span = _("{n} or more").format(n=least)
        parts.append(f"{mark_name(mark)} {span}")
    return _("Each move is marked by how much it lowers its player's final margin with best play, compared with "
             "the best move: {marks}.").format(marks=", ".join(parts))


def marks_short() -> str:
    """The review's legend in one short sentence (the details, :func:`marks_help`, on request)."""
    return _("Each mark says how many seeds a move gave away compared with the best move.")


def review_more_yours(n: int, both: bool = False) -> str:
    """The fold under the learner's biggest mistakes: ``"2 more mistakes of yours"``; ``both`` (two players on
    one device, each side someone else perhaps): ``"2 more mistakes"``."""
    if both:
        return ngettext("{n} more mistake", "{n} more mistakes", n).format(n=n)
    return ngettext("{n} more mistake of yours", "{n} more mistakes of yours", n).format(n=n)


def review_others(side: str, n: int) -> str:
    """The fold of the other side's (the computer's) mistakes: ``"North's mistakes: 5"``."""
    return _("{side}'s mistakes: {n}").format(side=side_name("S" if side == "S" else "N"), n=n)


def no_mistakes_yours() -> str:
    """A game in which only the other side made mistakes."""
    return _("You made no mistake and no blunder in this game: well played!")


def turned_words(pit: int, played: int, best: int, exact: bool) -> str:
    """What a move did to its player's result, both as final margins (K16/A6), a clause: ``best`` the
    best move's value, ``played`` the move's (the mover's view): ``"pit 1 turned a win by 12 seeds into
    a loss by 6 seeds"``; an estimate says "about"."""
    return _("{pit} turned {then} into {now}").format(pit=pit_word(pit), then=result_noun(best, exact),
                                                      now=result_noun(played, exact))


def review_mistake(pit: int, played: int, best: int, best_pit: int, exact: bool, side: str) -> str:
    """A reviewed move of ``side`` (``"S"``/``"N"``) in one sentence, both results as that side's final
    margins (:func:`turned_words`): ``"For North, pit 2 turned a win by 4 seeds into a loss by 2 seeds; pit
    5 was best."``"""
    name = side_name("S" if side == "S" else "N")
    return _("For {side}, {turned}").format(side=name, turned=turned_words(pit, played, best, exact)) + \
        clause_separator() + _("{pit} was best.").format(pit=pit_word(best_pit))


def review_cost_you(pit: int, played: int, best: int, best_pit: int, exact: bool) -> str:
    """What the learner's own reviewed move did to their result, both as final margins, and the better pit,
    one sentence: ``"Pit 1 turned a win by 12 seeds into a loss by 6 seeds; pit 6 was better."``"""
    return _cap(turned_words(pit, played, best, exact)) + clause_separator() + \
        _("{pit} was better.").format(pit=pit_word(best_pit))


def review_line(row: Mapping[str, Any], said: str) -> str:
    """One mistake of the review's list: ``"Move 7, North: **mistake**. For North, pit 2 turned a win by 4
    seeds into a loss by 2 seeds; pit 5 was best."``"""
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
        "mistakes": _("**Your biggest mistakes**"),
        "mistakes_both": _("**The biggest mistakes of both players**"),
        "marks_more": _("How the marks are given"),
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
            "lost": _("Margin lost"), "best_pit": _("Best pit"), "sure": _("Proven")}


def review_point(row: Mapping[str, Any]) -> str:
    """Hover words of one move on the advantage chart."""
    text = _("move {move}: {player} pit {pit}, {mark}; South {eval:+d} with best play").format(
        move=row["move"], player=side_name(row["player"]), pit=row["pit"], mark=mark_name(row["mark"]),
        eval=row["evaluation"])
    if row["lost"]:
        text += clause_separator() + review_mistake(row["pit"], row["played"], row["best"], row["best_pit"], row["exact"],
                                                    row["player"])
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


def replay_missed(pit: int, played: int, best: int, exact: bool) -> str:
    """A move that is still not good, both results as final margins (:func:`turned_words`): ``"Not this
    one: pit 2 turns a win by 8 seeds into a win by 2 seeds."``"""
    return _("Not this one: {pit} turns {then} into {now}.").format(
        pit=pit_word(pit), then=result_noun(best, exact), now=result_noun(played, exact))


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
    return _("No position is waiting for you now. Play a game in the Sandbox, press “Review this game” under the "
             "board at its end, and your mistakes wait for you here.")


def replay_from_review(n: int) -> str:
    """The Mistakes page, with ``n`` mistakes of the game reviewed last not found again yet (``tutor.mistakes.from_last_review``)."""
    return ngettext("From the game you reviewed: {n} mistake is waiting for you. Find a better move!",
                    "From the game you reviewed: {n} mistakes are waiting for you. Find a better move!", n).format(n=n)


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


__all__ = [
    "class_no_reviews",
    "class_review_label",
    "class_reviews_note",
    "mark_name",
    "marks_help",
    "marks_short",
    "no_mistakes",
    "no_mistakes_yours",
    "replay_board",
    "replay_count",
    "replay_done",
    "replay_empty",
    "replay_found",
    "replay_from_review",
    "replay_labels",
    "replay_missed",
    "replay_shown",
    "replay_task",
    "review_columns",
    "review_cost_you",
    "review_counts",
    "review_estimates",
    "review_intro",
    "review_labels",
    "review_line",
    "review_mistake",
    "review_more_yours",
    "review_others",
    "review_point",
    "review_progress",
    "review_side_ahead",
    "review_today",
    "review_today_button",
    "turned_words",
]
