"""The coach's words: why a move is good or not, from ``tutor.coach_facts.Facts`` (engine facts only).

The player to move is "you"; the other side is named (North or South). One short sentence first
(:func:`coach_first`), the details for "Why?" (:func:`coach_details`). The seeds a capture
moves from the other side's pits are said as *taken* ("North takes 2 seeds from your pit 4"), with the
pits they came from; "captures N" always counts every seed the capture puts into the store (K10: the
facing pit's seeds and the last seed), as the engine's ``MoveResult.captured`` (docs/rules.md, Words). A value is said as proven or as the search's estimate, as the search knows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import MoveResult, Outcome, Rules, Side, other

from ..i18n import gettext as _
from ..i18n import ngettext, pgettext
from .basics import (
    LONG_CHAIN,
    after_colon,
    pit_word,
    pits_in_order,
    seeds_word,
    side_name,
    times_word,
)
from .charts import value_words
from .margins import better_by_margins, compare_margins
from .grammar import Word
from .moves import move_words, score_words

if TYPE_CHECKING:
    from ..coach_facts import Deed, Facts, Reply


def _list(pits: Sequence[int]) -> str:
    return _("{first} and {last}").format(first=", ".join(str(p) for p in pits[:-1]), last=pits[-1]) \
        if len(pits) > 1 else str(pits[0])


def their_pits(side: Side, pits: Sequence[int]) -> Word:
    """``("N", [2])`` -> ``"North's pit 2"``, ``("N", [3, 4])`` -> ``"North's pits 3 and 4"`` (a ``Word``:
    ``{place:acc}`` in a template)."""
    name = side_name(side)
    if len(pits) == 1:
        return Word(_("{side}'s pit {pit}").format(side=name, pit=pits[0]),
                    acc=pgettext("accusative", "{side}'s pit {pit}").format(side=name, pit=pits[0]))
    return Word(_("{side}'s pits {list}").format(side=name, list=_list(pits)),
                acc=pgettext("accusative", "{side}'s pits {list}").format(side=name, list=_list(pits)))


def your_pits(pits: Sequence[int]) -> Word:
    """``[2]`` -> ``"your pit 2"``, ``[2, 3]`` -> ``"your pits 2 and 3"`` (a ``Word``: ``{place:acc}``)."""
    if len(pits) == 1:
        return Word(_("your pit {pit}").format(pit=pits[0]),
                    acc=pgettext("accusative", "your pit {pit}").format(pit=pits[0]))
    return Word(_("your pits {list}").format(list=_list(pits)),
                acc=pgettext("accusative", "your pits {list}").format(list=_list(pits)))


def captured_seeds(results: Sequence[MoveResult], you: Side) -> Word:
    """Every seed a turn's capture puts into the store (``MoveResult.captured``, K10), and, when the
    mover's own last seed is among them, where they came from, so a panel that also says the seeds
    *taken* reads as one story (docs/rules.md, Words): ``"4 seeds (3 from your pit 3 and the last
    seed)"``, ``"4 seeds (3 from North's pit 6 and the last seed)"``; just ``"5 seeds"`` when every
    seed came from the other side (A3, K18) or none did (K11 variant). ``you``: the side "your" means.
    A ``Word`` (``{seeds:acc}``, ``{seeds:gen}`` in a template)."""
    seeds = seeds_word(sum(r.captured for r in results))
    capture = next((r for r in results if r.captured), None)
    if capture is None or capture.captured != sum(r.captured for r in results):
        return seeds
    opp = other(capture.mover)
    pits = sorted(p.pit for p in capture.captured_from if p.side == opp)
    own = sum(1 for p in capture.captured_from if p.side == capture.mover)  # the last seed (K10)
    if not pits or not own:
        return seeds
    place = your_pits(pits) if opp == you else their_pits(opp, pits)
    split = _("{taken} from {place} and the last seed").format(taken=capture.captured - own, place=place)
    said = _("{seeds} ({split})")
    return Word(said.format(seeds=seeds, split=split),
                **{case: said.format(seeds=format(seeds, case), split=split) for case in ("gen", "acc")})


def _score(end: Outcome | None) -> str:
    return after_colon(score_words(end)) if end is not None else ""


def _good(f: Facts) -> str:
    """What the best move does better, as a whole clause: ``"it takes 4 seeds from North's pit 2"``; when
    only the values tell, both results as final margins (``tutor.words.margins``): ``"with best play, with
    pit 6 you win by 4 seeds, with pit 5 you win by only 2 seeds"``."""
    b, opp = f.best_deed, side_name(other(f.mover))
    if b.taken > f.deed.taken:
        return _("it takes {seeds} from {place}").format(seeds=seeds_word(b.taken),
                                                             place=their_pits(other(f.mover), b.taken_from))
    if b.extra_turn and not f.deed.extra_turn:
        return _("it ends in your store, so you move again")
    if b.game_over:
        return _("it ends the game: {score}").format(score=_score(b.outcome))
    allowed = f.reply.taken if f.reply is not None else 0
    if f.best_reply is not None and f.best_reply.taken < allowed:
        if f.best_reply.taken == 0:
            return _("after it, {side}'s best answer captures nothing").format(side=opp)
        return _("after it, {side}'s best answer takes only {seeds}").format(
            side=opp, seeds=seeds_word(f.best_reply.taken))
    return better_by_margins(f.pit, f.value.value, b.pit, f.best.value, f.exact)


def _does(f: Facts) -> str:
    """What a best move does, as a whole clause (its value when it does nothing to tell)."""
    d = f.deed
    if d.taken:
        return _("it takes {seeds} from {place}").format(seeds=seeds_word(d.taken),
                                                             place=their_pits(other(f.mover), d.taken_from))
    if d.extra_turn:
        return _("it ends in your store, so you move again")
    if d.game_over:
        return _("it ends the game: {score}").format(score=_score(d.outcome))
    return value_words(f.value.value, f.value.exact, f.value.depth) if f.value.exact else ""


def _bad(f: Facts) -> str:
    """What is wrong with the move, as a verb phrase after "Pit 3" (by :attr:`Facts.kind`)."""
    d, r, opp = f.deed, f.reply, side_name(other(f.mover))
    kind = f.kind
    if kind == "capture_allowed" and r is not None and d.extra_turn:
        return _("gives you another turn, but after your best next move {side} can take {seeds} from {place}").format(
            side=opp, seeds=seeds_word(r.taken), place=your_pits(r.taken_from))
    if kind == "capture_allowed" and r is not None:
        return _("lets {side} take {seeds} from {place}").format(
            side=opp, seeds=seeds_word(r.taken), place=your_pits(r.taken_from))
    if kind == "capture_missed":
        if d.taken == 0:
            return _("captures nothing")
        if d.taken_from:  # the same count as the miss's "(3 from North's pit 6 and the last seed)"
            return _("takes only {seeds} from {place}").format(seeds=seeds_word(d.taken),
                                                               place=their_pits(other(f.mover), d.taken_from))
        return _("takes only {seeds}").format(seeds=seeds_word(d.taken))
    if kind == "extra_turn_missed":
        if "capture_allowed" in f.kinds and r is not None and r.taken:  # the extra turn first, then the capture
            return _("gives no extra turn, and then {side} can take {seeds} from {place}").format(
                side=opp, seeds=seeds_word(r.taken), place=your_pits(r.taken_from))
        return _("gives no extra turn")
    if kind == "extra_turn_allowed":
        return _("lets {side} move again").format(side=opp)
    if kind == "feed_error":
        return _("feeds {side}, but not in the best way").format(side=opp)
    if kind == "grand_slam":
        return _("is a grand slam, so it captures nothing")
    if kind == "game_end":
        return _("ends the game ({score})").format(score=_score(d.outcome))
    return _("is not the best move")


def coach_first(f: Facts, hide_best: bool = False) -> str:
    """The one sentence for a 10-year-old: ``"Pit 3 lets North take 6 seeds from your pit 2; pit 5 was
    better: it takes 4 seeds from North's pit 2."``, ``"Pit 5 is the best move: it takes 4 seeds
    from North's pit 2."``. ``hide_best`` (a puzzle still to solve): the better pit is not named."""
    if f.is_best:
        does = _does(f)
        if not f.exact:
            if not does:
                return _("Pit {pit} looks best (an estimate).").format(pit=f.pit)
            return _("Pit {pit} looks best (an estimate): {does}.").format(pit=f.pit, does=does)
        if len(f.best_pits) > 1:
            return _("Pit {pit} is one of the best moves: {does}.").format(pit=f.pit, does=does)
        return _("Pit {pit} is the best move: {does}.").format(pit=f.pit, does=does)
    if hide_best:
        return _("Pit {pit} {bad}.").format(pit=f.pit, bad=_bad(f))
    return _("Pit {pit} {bad}; pit {best} was better: {good}.").format(
        pit=f.pit, bad=_bad(f), best=f.best.pit, good=_good(f))


def _chain_plays(r: Reply, side: str) -> str:
    """A turn of extra turns (K9) said as it is played: ``"North plays pit 2, moves again, then plays pit
    1"``; over :data:`LONG_CHAIN` moves ``"North plays pit 6 and moves again 5 times"``."""
    if len(r.pits) > LONG_CHAIN:
        return _("{side} plays {pit} and moves again {times}").format(
            side=side, pit=pit_word(r.pits[0]), times=times_word(len(r.pits) - 1))
    rest = "".join(pgettext("a turn goes on", ", moves again, then plays {pit}").format(pit=pit_word(p))
                   for p in r.pits[1:])
    return _("{side} plays {pit}{rest}").format(side=side, pit=pit_word(r.pits[0]), rest=rest)


def reply_words(r: Reply) -> list[str]:
    """The other side's best answer: its pits, what it captures, its extra turns, the end of the game. A
    turn of extra turns says them as it goes: ``"Then North plays pit 2, moves again, then plays pit 1."``"""
    pits = pits_in_order(r.pits)
    side = side_name(r.side)
    chain = len(r.pits) > 1 and r.extra_turns == len(r.pits) - 1
    if chain:
        plays = _chain_plays(r, side)
        out = [(_("Then {plays}.") if r.exact else _("Then, as far as the search can tell, {plays}.")).format(
            plays=plays)]
    elif r.exact:
        out = [ngettext("Then {side}'s best answer is {pits}.", "Then {side}'s best answer is {pits}.",
                        len(r.pits)).format(side=side, pits=pits)]
    else:
        out = [ngettext("Then {side}'s best answer, as far as the search can tell, is {pits}.",
                        "Then {side}'s best answer, as far as the search can tell, is {pits}.",
                        len(r.pits)).format(side=side, pits=pits)]
    if r.extra_turns and not chain:
        out.append(_("{side} moves again on the way ({times}).").format(side=side, times=times_word(r.extra_turns)))
    if r.taken:
        out.append(_("{side} takes {seeds} from {place}.").format(
            side=side, seeds=seeds_word(r.taken), place=your_pits(r.taken_from)))
    if r.game_over and r.outcome is not None:
        out.append(_("That ends the game: {score}.").format(score=_score(r.outcome)))
    return [" ".join(out)]


def more_words(r: Reply) -> str:
    """The rest of the mover's own turn after an extra turn (K9), in a few words: ``"You move again: your
    best next move is pit 6. That takes 5 seeds from North's pit 2."``; an estimate says so."""
    pits = pits_in_order(r.pits)
    if r.exact:
        out = [ngettext("You move again: your best next move is {pits}.",
                        "You move again: your best next moves are {pits}, one after another.", len(r.pits)).format(pits=pits)]
    else:
        out = [ngettext("You move again: as far as the search can tell, your best next move is {pits}.",
                        "You move again: as far as the search can tell, your best next moves are {pits}, one after "
                        "another.", len(r.pits)).format(pits=pits)]
    if r.taken:
        out.append(_("That takes {seeds} from {place}.").format(
            seeds=seeds_word(r.taken), place=their_pits(other(r.side), r.taken_from)))
    if r.game_over and r.outcome is not None:
        out.append(_("That ends the game: {score}.").format(score=_score(r.outcome)))
    return " ".join(out)


def coach_lost(f: Facts, hide_best: bool = False) -> str:
    """What the move loses against the best, both results as final margins (K16/A6,
    ``tutor.words.compare_margins``), proven or estimated: ``"With best play, with this move you win by only
    2 seeds; with pit 5 you win by 10 seeds."``; ``""`` for a best move."""
    if f.is_best:
        return ""
    return compare_margins(f.value.value, f.best.value, None if hide_best else f.best.pit, f.exact)


def coach_details(f: Facts, hide_best: bool = False, say_value: bool = True) -> list[str]:
    """The sentences for "Why?": what the move does, the other side's best answer, the values, and what
    the best move does. ``hide_best`` (a puzzle, whose page tells the move and the answer itself): only
    the move's value and what it loses, never the better pit. ``say_value`` False: a best move's result is
    left out (a mined puzzle's explanation said it already, ut44)."""
    own = _summary(f.deed, f.value.value, f.value.exact, f.value.depth)
    if hide_best:
        return [own if f.is_best else coach_lost(f, True)]
    out = [_did(f.deed, f.rules), *_turn_words(f.more, f.reply)]
    if f.is_best:
        return [*out, own] if say_value else out
    return [*out, coach_lost(f), _did(f.best_deed, f.rules), *_turn_words(f.best_more, f.best_reply)]


def _turn_words(more: Reply | None, answer: Reply | None) -> list[str]:
    """The rest of the mover's turn after an extra turn, then the other side's answer after it."""
    return ([more_words(more)] if more is not None else []) + (reply_words(answer) if answer is not None else [])


def _did(d: Deed, rules: Rules) -> str:
    """What a move did (``tutor.words.move_words``) and the seeds it sowed into the other side's row."""
    text = move_words(d.result, rules)
    if d.handed and not d.game_over:
        text += " " + ngettext("{n} seed goes to {side}'s row.", "{n} seeds go to {side}'s row.", d.handed).format(
            n=d.handed, side=side_name(other(d.mover)))
    return text


def _summary(d: Deed, value: int, exact: bool, depth: int) -> str:
    return _("Pit {pit}: {value}.").format(pit=d.pit, value=value_words(value, exact, depth))


def coach_kind_name(kind: str) -> str:
    """A kind of mistake (``tutor.coach_facts.KINDS``) in a few words, for a table or a chart:
    ``"capture_missed"`` -> ``"A capture missed"``."""
    return {
        "best": _("A best move"),
        "capture_allowed": _("A capture allowed"),
        "capture_missed": _("A capture missed"),
        "extra_turn_missed": _("An extra turn missed"),
        "extra_turn_allowed": _("An extra turn allowed"),
        "feed_error": _("A feed error"),
        "grand_slam": _("A grand slam that captures nothing"),
        "game_end": _("The game ended too soon"),
        "other": _("Another mistake"),
    }.get(kind, kind)


def coach_why_title(pit: int) -> str:
    """The label of the coach's "Why?" about one pit: ``"Pit 3: why?"``."""
    return _("Pit {pit}: why?").format(pit=pit)


def coach_said(f: Facts, hide_best: bool = False) -> str:
    """The coach's first sentence and its details as one markdown text: the sentence in bold, then
    the details, one a line."""
    return "  \n".join([f"**{coach_first(f, hide_best)}**", *coach_details(f, hide_best)])


__all__ = ["captured_seeds", "coach_details", "coach_first", "coach_kind_name", "coach_lost", "coach_said", "coach_why_title", "more_words",
           "reply_words", "their_pits", "your_pits"]
