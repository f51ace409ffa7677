"""The puzzles' feedback: one short sentence first, the details (why) on request.

A wrong turn is played on the board and so is the opponent's best answer to
it (``tutor.reply``); :func:`reply_line` says that answer in one sentence.
Rule ids never stand in a sentence: :func:`badged` turns a content text's
``(M1)`` or ``(A5, A3)`` into small badges, and :func:`illegal_pit` puts the
broken rule's id in a badge after its sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import MoveResult, Outcome, Rules, Side, other

from ..i18n import gettext as _
from ..i18n import pgettext
from .basics import (
    LONG_CHAIN,
    after_colon,
    pit_chain,
    pit_word,
    rule_badge,
    rule_entries,
    seeds_word,
    side_name,
    stars_word,
    times_word,
)
from .coach import captured_seeds
from .moves import moves_told, score_words

RULE_IDS = re.compile(r"\s*\(((?:K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7])(?:,\s*(?:K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7]))*)\)")
"""A bracket of rule ids in a content text: ``" (M1)"``, ``" (A5, A3)"``."""
_ID = r"(?:K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7])"
TRAILING_IDS = re.compile(rf",\s*({_ID}(?:,\s*{_ID})*)(?=\))")
"""Rule ids closing a bracket of words: ``"(pit 6 is skipped, A2)"``."""


BADGES = re.compile(r"\s*:gray-badge\[[^\]]*\]")
"""A rule id's badge in a made text (``tutor.words.basics.rule_badge``), with the space before it."""


def badged(text: str, ids: bool = True) -> str:
    """``text`` with each bracket of rule ids made into small badges after the words:
    ``"... North's store (M1), so ..."`` -> ``"... North's store :gray-badge[M1], so ..."``, ``"(pit 6 is
    skipped, A2)"`` -> ``"(pit 6 is skipped :gray-badge[A2])"``;
    with ``ids`` false (a learner's page: rule ids only for a teacher who asked) the brackets go."""
    if not ids:
        return TRAILING_IDS.sub("", RULE_IDS.sub("", text))

    def badges(m: re.Match[str]) -> str:
        return " " + " ".join(rule_badge(r.strip()) for r in m.group(1).split(","))

    return TRAILING_IDS.sub(badges, RULE_IDS.sub(badges, text))


def unbadged(text: str, ids: bool = False) -> str:
    """``text`` (made with rule badges) without them, unless ``ids`` (a teacher asked for rule ids)."""
    return text if ids else BADGES.sub("", text)


def reply_line(side: Side, reply: Sequence[MoveResult]) -> str:
    """The opponent's answer in one sentence: ``"North answers with pit 2 and captures 5 seeds (4 from
    your pit 4 and the last seed)."`` (:func:`tutor.words.coach.captured_seeds`),
    ``"North answers with pit 6, then pit 2."`` (an extra turn, K9; over ``LONG_CHAIN`` moves ``"North
    answers with pit 6 and moves again 5 times, then captures 7 seeds."``),
    ``"North answers with pit 4, and the game ends: North wins 27 to 21."``"""
    pits = pit_chain([r.pit for r in reply])
    captured = sum(r.captured for r in reply)
    seeds = captured_seeds(reply, other(side))  # the seeds taken from your pits and its last seed (K10)
    end = reply[-1].outcome if reply else None
    if len(reply) > LONG_CHAIN:  # "North answers with pit 6 and moves again 5 times, then captures 7 seeds."
        again = _("{side} answers with {pit} and moves again {times}").format(
            side=side_name(side), pit=pit_word(reply[0].pit), times=times_word(len(reply) - 1))
        if end is not None:
            return _("{again}, and the game ends: {score}.").format(again=again, score=after_colon(score_words(end)))
        if captured:
            return _("{again}, then captures {seeds}.").format(again=again, seeds=seeds)
        return _("{again}.").format(again=again)
    if end is not None:
        return _("{side} answers with {pits}, and the game ends: {score}.").format(
            side=side_name(side), pits=pits, score=after_colon(score_words(end)))
    if captured:
        return _("{side} answers with {pits} and captures {seeds}.").format(
            side=side_name(side), pits=pits, seeds=seeds)
    return _("{side} answers with {pits}.").format(side=side_name(side), pits=pits)


def answer_ends_game(reasons: str, side: Side, reply: Sequence[MoveResult]) -> str:
    """A wrong turn whose answer ended the game, in one sentence: why the turn misses (``reasons``, the
    clauses of ``words.clauses``), then how the answer ended it: ``"Not this time: your turn did not end
    the game; then North plays pit 4, and the game ends: South wins 15 to 5."``"""
    end = reply[-1].outcome
    assert end is not None, "the answer ended the game"
    return _("Not this time: {reasons}; then {side} plays {pits}, and the game ends: {score}.").format(
        reasons=reasons, side=side_name(side), pits=pit_chain([r.pit for r in reply]),
        score=after_colon(score_words(end)))


def answer_ends_game_you_still_win(reasons: str, side: Side, reply: Sequence[MoveResult],
                                   best: Outcome | None) -> str:
    """A wrong turn whose answer ended the game and the learner still won it, in two short sentences:
    the win first, then why the turn misses (``reasons``) and how the answer ended it, then what ending
    the game with the answer turn makes (``best``, the answer turn's outcome; ``None``: not said):
    ``"You still win, 15 to 5, but your turn did not end the game: North played pit 4 and ended it.
    Ending the game with your turn wins by 14."`` (K14-K16)."""
    end = reply[-1].outcome
    assert end is not None and end.winner is not None and end.winner != side, "the answer ended a game it lost"
    high, low = sorted(end.score, reverse=True)
    text = _("You still win, {high} to {low}, but {reasons}: {side} played {pits} and ended it.").format(
        high=high, low=low, reasons=reasons, side=side_name(side),
        pits=pit_chain([r.pit for r in reply]))
    if best is None or best.winner is None or best.winner == side:
        return text
    margin = max(best.score) - min(best.score)  # a margin, not a score: the board shows the score of this game
    return text + " " + _("Ending the game with your turn wins by {n}.").format(n=margin)


def turn_ends_game(end: Outcome) -> str:
    """A wrong turn that ended the game (no answer to show): ``"That ends the game: North wins 25 to 23."``"""
    return _("That ends the game: {score}.").format(score=after_colon(score_words(end)))


def dead_end_goes_on() -> str:
    """An extra turn (K9) after which no order of moves reaches the puzzle's goal; the turn may be finished."""
    return _("That gave you an extra turn, but from here you can't reach the goal any more: finish the turn "
             "to see why, or press Try again.")


def extra_turn_goes_on() -> str:
    """A puzzle's turn goes on after an extra turn (K9)."""
    return _("Extra turn: it is still your turn.")


def praise(first_try: bool, value: int | None = None) -> str:
    """The words after a solved puzzle; ``value``: a best-play puzzle's final store difference with best
    play (K16), said in the first sentence: ``"Solved at the first try: with best play you win by 8 seeds.
    Well done!"``"""
    if value is not None:
        if first_try:
            return _("Solved at the first try: {verdict}. Well done!").format(verdict=best_play_result(value))
        return _("Solved: {verdict}. Well done!").format(verdict=best_play_result(value))
    if first_try:
        return _("Solved at the first try: well done!")
    return _("Solved: well done!")


def best_play_result(value: int) -> str:
    """How the game ends with best play, ``value`` seeds ahead (negative: behind), as a clause:
    ``"with best play you win by 8 seeds"``, ``"with best play it ends in a draw"``."""
    if value > 0:
        return _("with best play you win by {seeds}").format(seeds=seeds_word(value))
    if value < 0:
        return _("with best play you lose by only {seeds}").format(seeds=seeds_word(-value))
    return _("with best play it ends in a draw")


def best_missed(now: int, best: int) -> str:
    """A best-play puzzle's wrong turn, the verdict first (K16): how the game ends with best play after it
    (``now`` seeds ahead, negative: behind) and how it ends after the best move (``best``):
    ``"Not the best: with best play you now win by 6 seeds, but you can win by 8."``"""
    if now > 0:
        said = _("with best play you now win by {seeds}").format(seeds=seeds_word(now))
    elif now < 0:
        said = _("with best play you now lose by {seeds}").format(seeds=seeds_word(-now))
    else:
        said = _("with best play it now ends in a draw")
    if best > 0:
        can = pgettext("but you can ...", "win by {n}").format(n=best)
    elif best < 0:
        can = pgettext("but you can ...", "lose by only {n}").format(n=-best)
    else:
        can = pgettext("but you can ...", "draw")
    return _("Not the best: {now}, but you can {best}.").format(now=said, best=can)


def after_wrong_line() -> str:
    """The line above the board while it shows a wrong turn and the answer to it."""
    return _("Not this time: press Try again.")


def you_played(results: Sequence[MoveResult], rules: Rules) -> str:
    """What the learner's turn did, move by move (rule ids as badges), for the details."""
    return _("What you played:") + "  \n" + moves_told(list(results), rules)


def illegal_pit(rule_id: str, pit: int, badge: bool = True) -> str:
    """An illegal pit in a puzzle: the rule's sentence, that nothing happened, and (``badge``) the rule's badge."""
    entry = rule_entries().get(rule_id, {})
    refusal = entry.get("refuse") or entry.get("text") or _("That move is not allowed.")
    return _("{refusal} Pit {pit} cannot be played here, so nothing happened.").format(
        refusal=refusal, pit=pit) + (" " + rule_badge(rule_id) if badge else "")


def level_word(level: int) -> str:
    """A measured difficulty (1..3) as stars and a word: ``"★☆☆ easy"``."""
    names = {1: _("easy"), 2: _("medium"), 3: _("hard")}
    return f"{stars_word(level)} {names[level]}"


def puzzle_label(key: str) -> str:
    """The puzzles page's own labels, by id (the id itself if unknown)."""
    return {
        "why": _("Why?"),
        "try_again": _("Try again"),
        "try_again_help": _("Put the puzzle's position back on the board."),
        "explanation": _("**Why it works:**"),
    }.get(key, key)


def puzzle_rated_line(game: str) -> str:
    """On the Puzzles page, while the learner's next try at the puzzle is rated (their first): that it moves
    their puzzle rating of ``game`` (``"kalah"``, ``"oware"``), the one My practice shows and serves by."""
    if game == "oware":
        return _("Your first try at this puzzle counts for your Awari rating in My practice.")
    return _("Your first try at this puzzle counts for your Kalah rating in My practice.")


__all__ = [
    "puzzle_rated_line",
    "BADGES", "RULE_IDS", "after_wrong_line", "answer_ends_game", "answer_ends_game_you_still_win", "best_missed", "best_play_result", "badged", "unbadged", "dead_end_goes_on", "extra_turn_goes_on", "illegal_pit", "level_word", "praise",
    "puzzle_label", "reply_line", "turn_ends_game", "you_played",
]
