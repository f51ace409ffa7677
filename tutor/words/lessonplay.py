"""The sentences of a lesson step being played: one short sentence first, details for "Why?".

A press or an answer gets one short sentence (the lesson's own words when it
has them); what the engine says the move did goes under "Why?"
(:func:`account`), with no rule ids and no algebra: the ids are shown apart,
as badges, only when a teacher asks for them (:func:`account_rules`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import SOUTH, STORE, Miss, MoveResult, Place, Rules, Side, steps_to_store

from ..i18n import gettext as _
from ..i18n import ngettext, pgettext
from .grammar import Word
from .basics import (
    after_colon,
    lit_words,
    pits_in_order,
    place_name,
    rule_entries,
    rule_text,
    rule_title,
    seeds_word,
    side_name,
)
from .classroom import stars_rule, stars_text
from .moves import announcements, move_words, score_words
from .teaching import misses_words


def lesson_label(key: str) -> str:
    """A label of the lesson page by id (``"why"``, ``"rule_ids"``, ...); the id if unknown."""
    return {
        "why": _("Why?"),
        "rule_ids": _("Show rule ids"),
        "rule_ids_help": _("For teachers: show the ids of the rules (K9, A3...) a step is about."),
        "your_move": _("Your move: press a pit on the board."),
        "north_move": _("North's move: press one of North's pits on the board."),
        "choose": _("Choose an answer."),
    }.get(key, key)


# ------------------------------------------------------------------ the lesson's own words

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[*\"«(]*[A-ZΑ-ΩΆΈΉΊΌΎΏ0-9])")
"""Where a sentence ends: ``.``, ``!``, ``?`` (``;`` is the Greek question mark), a space, and a
capital letter or a digit (maybe after ``**``, a quote or a bracket)."""


SHORTEST = 24
"""A first sentence shorter than this (in characters) takes the next one with it."""


def first_sentence(text: str) -> tuple[str, str]:
    """``text`` (a step's ``done`` words, markdown) split after its first sentence: ``(first, rest)``,
    ``rest`` ``""`` when there is one sentence. The first stands in the feedback, the rest under "Why?".

    >>> first_sentence("Pit 3, pit 4, pit 5. The emptied pit 2 gets nothing.")
    ('Pit 3, pit 4, pit 5.', 'The emptied pit 2 gets nothing.')
    """
    text = " ".join(text.split())
    parts = _SENTENCE_END.split(text)
    first = parts.pop(0)
    while parts and len(first) < SHORTEST:  # "Yes!" alone says too little: take the next one too
        first += " " + parts.pop(0)
    return first, " ".join(parts)


# ------------------------------------------------------------------ what moves did


def your_place(place: Place, mover: Side) -> Word:
    """``place`` as the learner (the ``mover``) sees it: ``"your pit 3"``, ``"your store"``, else
    ``place_name`` (``"North's pit 1"``); a ``Word`` with ``{place:acc}``/``{place:at}`` forms."""
    if place.side != mover:
        return place_name(place)
    if place.pit == 0:
        return Word(_("your store"), acc=pgettext("accusative", "your store"), at=pgettext("at", "your store"))
    return Word(_("your pit {pit}").format(pit=place.pit),
                acc=pgettext("accusative", "your pit {pit}").format(pit=place.pit),
                at=pgettext("at", "your pit {pit}").format(pit=place.pit))


def move_account(result: MoveResult, rules: Rules) -> str:
    """What one move did, in sentences without rule ids: where the last seed landed, what the
    rules did (``lessons/rules.toml`` ``say`` sentences), and the result if the game ended
    (:func:`tutor.words.moves.move_words`)."""
    return move_words(result, rules)


def account(results: Sequence[MoveResult], rules: Rules) -> str:
    """What each move of a try did, one line per move (markdown line breaks); ``""`` for none."""
    return "  \n".join(move_account(res, rules) for res in results)


def account_rules(results: Sequence[MoveResult], rules: Rules) -> tuple[str, ...]:
    """The rule ids :func:`account` speaks of, first-seen order (for a teacher's badges)."""
    seen: dict[str, None] = {}
    for res in results:
        seen.update(dict.fromkeys(rule_id for rule_id, _text in announcements(res, rules)))
    return tuple(seen)


def refusal(rule_id: str) -> str:
    """Why a pressed pit cannot be played, without its id: the rule's ``refuse`` sentence
    (``rules.toml``), else its ``text``."""
    entry = rule_entries().get(rule_id, {})
    return entry.get("refuse") or entry.get("text") or _("That move is not allowed.")


# ------------------------------------------------------------------ do steps


def press_the_lit(lit: Sequence[int]) -> str:
    """Any other pit pressed in a ``do`` step (nothing is played, nothing is lost): which pit to press."""
    return _("Not that one this time: press the lit {lit}, the one that glows.").format(lit=lit_words(lit))


def step_link_note(past_end: bool, total: int) -> str:
    """A ``?step=`` link that names no step: the last step opened (``past_end``), else step 1."""
    if past_end:
        return ngettext("This lesson has {total} step, so here is the last one.",
                        "This lesson has {total} steps, so here is the last one.", total).format(total=total)
    return _("That link does not name a step of this lesson, so here is step 1.")


def would_do(pit: int, what_it_does: str) -> str:
    """The details of :func:`press_the_lit` after a real move: what that pit would have done."""
    return _("What pit {pit} would do: {words}").format(pit=pit, words=after_colon(what_it_does))


# ------------------------------------------------------------------ find and goal steps


def found(done: str) -> str:
    """A ``find`` step solved: the step's own words after a cheer."""
    return _("Found it! {done}").format(done=done)


def reached_goal(done: str) -> str:
    """A ``goal`` step's goal reached: the step's own words after a cheer."""
    return _("Goal reached! {done}").format(done=done)


def keep_going_short(side: Side = SOUTH) -> str:
    """A goal turn goes on after an extra turn (K9): the learner's (South's, as a lesson's words are), or in a
    step played for North, North's."""
    if side == SOUTH:
        return _("Keep going: it is still your turn.")
    return _("Keep going: it is still {side}'s turn.").format(side=side_name(side))


def dead_end_step(why: str = "") -> str:
    """A goal step's turn goes on after an extra turn (K9), but no way to go on reaches the goal any more:
    said simply, after the step's own ``why`` for that move when it has one (the why comes first: it says
    why the move is not the one)."""
    if why:
        return why + " " + _("From here you can't reach the goal any more: press Try again to start again.")
    return _("That gave you an extra turn, but from here you can't reach the goal any more. "
             "Press Try again to start again.")


COUNTED = ("store_at_least", "lap")
"""Goal fields a one-move try is told by counting (:func:`counted`), never by a store's total."""


def counted(result: MoveResult, field: str, rules: Rules, you: Side = SOUTH) -> str:
    """Why one move missed a goal about reaching the store (``store_at_least``) or going all the way
    round (``lap``), by counting as the lessons teach, from the engine's facts; ``""`` when counting
    does not tell (a capture or the game's end changed the store). Seeds against steps (K3): ``"Pit 4
    is 3 steps from your store and holds only 1 seed."``; seeds past the store: ``"Pit 1 puts 1 seed
    into your store."``; seeds against a lap (K8, A2): ``"Pit 2 holds only 1 seed, and going all the way
    round takes 13 seeds."`` A move played for the other side names its pit and store (``"North's pit
    4 is 3 steps from North's store ..."``). Never a store's total, which the learner was not told."""
    seeds, pit, mine = len(result.path), result.pit, result.mover == you
    side = side_name(result.mover)
    if field == "lap":
        if seeds >= rules.lap_seeds:
            return ""
        said = (_("Pit {pit} holds only {seeds}, and going all the way round takes {need}.") if mine else
                _("{side}'s pit {pit} holds only {seeds}, and going all the way round takes {need}."))
        return said.format(side=side, pit=pit, seeds=seeds_word(seeds), need=seeds_word(rules.lap_seeds))
    if field != "store_at_least" or rules.game != "kalah" or result.captured or result.game_over:
        return ""
    steps = steps_to_store(pit, rules.pits)
    if seeds < steps:
        said = (_("Pit {pit} is {steps} from your store and holds only {seeds}.") if mine else
                _("{side}'s pit {pit} is {steps} from {side}'s store and holds only {seeds}."))
        return said.format(side=side, pit=pit, seeds=seeds_word(seeds),
                           steps=ngettext("{n} step", "{n} steps", steps).format(n=steps))
    into = seeds_word(result.path.count(Place(result.mover, STORE)))
    if mine:
        return _("Pit {pit} puts {into} into your store.").format(pit=pit, into=into)
    return _("{side}'s pit {pit} puts {into} into {side}'s store.").format(side=side, pit=pit, into=into)


def tried(results: Sequence[MoveResult], missed: Sequence[Miss], you: Side = SOUTH,
          rules: Rules | None = None) -> str:
    """One sentence: what a try that missed its goal did instead, by the goal's first missed
    condition (``engine.misses``), from the engine's results: where the last seed landed, what
    the turn captured, that it gave no extra turn, and for a one-move try at a goal about the store
    or a lap (with ``rules``), the counting of :func:`counted`. ``results``: the try's moves (at
    least one); ``you``: the side "you" means (South: a lesson's words are South's). A try played for
    the other side names that side's places ("North's pit 3 ... not in North's store").
    E.g. ``"Pit 3's last seed lands in North's pit 1, not in your store: no extra turn."``
    """
    last = results[-1]
    if not missed:
        return ""
    first = missed[0]
    field = first.field
    mine = last.mover == you
    if field in COUNTED and first.wanted and len(results) == 1 and rules is not None:
        said = counted(last, field, rules, you)
        if said:
            return said
    if field == "extra_turns":
        if not last.extra_turn and last.last.pit != 0:
            if mine:
                return _("Pit {pit}'s last seed lands in {place}, not in your store: no extra turn.").format(
                    pit=last.pit, place=your_place(last.last, you))
            return _("{side}'s pit {pit}: its last seed lands in {place}, not in {side}'s store, so {side} does "
                     "not move again.").format(side=side_name(last.mover), pit=last.pit,
                                               place=your_place(last.last, you))
        return _("Not yet: {misses}.").format(misses=misses_words(missed, last.mover, you))
    if field in ("capture", "capture_at_least") and first.wanted is not False:
        got = sum(r.captured for r in results)
        if got == 0:
            if mine:
                return _("Pit {pit}'s last seed lands in {place}: no capture.").format(
                    pit=last.pit, place=your_place(last.last, you))
            return _("{side}'s pit {pit}: its last seed lands in {place}, and nothing is captured.").format(
                side=side_name(last.mover), pit=last.pit, place=your_place(last.last, you))
        return _("Not yet: {misses}.").format(misses=misses_words(missed, last.mover, you))
    if field == "capture":
        return _("That turn captures {got}, and the goal is to capture nothing.").format(
            got=seeds_word(sum(r.captured for r in results)))
    if field == "winner" and last.outcome is not None:
        return _("That turn ends the game: {score}, not the result the goal asks for.").format(
            score=after_colon(score_words(last.outcome)))
    return _("Not yet: {misses}.").format(misses=misses_words(missed, last.mover, you))


def not_yet(missed: Sequence[Miss], mover: Side = SOUTH, you: Side = SOUTH) -> str:
    """Every condition a try missed, as one sentence (in the details of a missed try); ``mover`` played it,
    ``you`` is the side "you" means (``tutor.words.miss_words``)."""
    return _("Not yet: {misses}.").format(misses=misses_words(missed, mover, you))


def shown_try(pits: Sequence[int], side: Side = SOUTH) -> str:
    """"Show me" played the solution (``pits`` of ``side``, who moves): now the learner plays it. A step
    played for North says so: its pit numbers are North's."""
    if side == SOUTH:
        return _("Here is one way: {pits}. Now press Try again and play it yourself.").format(pits=pits_in_order(pits))
    return _("Here is one way, playing for {side}: {pits}. Now press Try again and play it yourself.").format(
        side=side_name(side), pits=pits_in_order(pits))


# ------------------------------------------------------------------ predict steps


def mistake_name(mistake_id: str) -> str:
    """A common mistake (M1..M7, docs/rules.md) in plain words, e.g. ``"sowing into the pit you took
    the seeds from"``; ``""`` for an unknown id."""
    return {
        "M1": _("dropping a seed in your opponent's store"),
        "M2": _("sowing into the pit you took the seeds from"),
        "M3": _("taking another turn after a capture"),
        "M4": _("capturing from a pit on your opponent's side"),
        "M5": _("capturing when the pit opposite is empty"),
        "M6": _("forgetting the final sweep"),
        "M7": _("leaving some seeds in the pit"),
    }.get(mistake_id, "")


def mistake_line(mistake_id: str) -> str:
    """``"That is a common mistake: forgetting the final sweep."``; ``""`` for an unknown id."""
    name = mistake_name(mistake_id)
    return _("That is a common mistake: {name}.").format(name=name) if name else ""


def not_this_answer(choice: str, why: str, mistake: str | None = None) -> str:
    """A wrong choice of a ``predict`` step: the choice's own ``why`` (content), or a plain "not
    quite"; then the common mistake it stands for, if any, on its own line."""
    if why:
        text = _("Not **{choice}**. {why}").format(choice=choice, why=why)
    else:
        text = _("Not quite: it is not **{choice}**. Have another go.").format(choice=choice)
    line = mistake_line(mistake) if mistake else ""
    return f"{text}\n\n{line}" if line else text


def right(done: str) -> str:
    """The right answer of a ``predict`` step; the step's own words follow."""
    return _("Right! {done}").format(done=done)


# ------------------------------------------------------------------ the lesson's end


def learnt(cited: Sequence[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """What a finished lesson taught, by kind (ut46 #7: a mistake is not a rule): ``(heading, [(id,
    words)])`` for the rules (K, A: their titles), the tips (T) and the mistakes to avoid (M: their
    sentences, which say what to do instead), in ``cited`` order; a kind with none is left out.
    ``[("**Rules you learnt in this lesson:**", [("K1", "The board"), ...]), ("**Mistakes to avoid:**",
    [("M7", "Sowing only some of the seeds: lift every seed in the pit.")])]``"""
    kinds = [(_("**Rules you learnt in this lesson:**"), ("K", "A"), rule_title),
             (_("**Tips to remember:**"), ("T",), rule_text),
             (_("**Mistakes to avoid:**"), ("M",), rule_text)]
    out = []
    for heading, letters, said in kinds:
        items = [(rule_id, said(rule_id)) for rule_id in cited if rule_id.startswith(letters)]
        if items:
            out.append((heading, items))
    return out


# ------------------------------------------------------------------ stars


def stars_so_far(stars: int) -> str:
    """The stars a lesson run would earn now, as symbols: ``"★★☆"``."""
    return stars_text(stars)


def stars_so_far_help(stars: int) -> str:
    """What the stars beside the step counter mean."""
    return _("Stars so far: {n} of 3.").format(n=stars) + " " + stars_rule()


__all__ = [
    "COUNTED", "account", "account_rules", "counted", "dead_end_step", "learnt", "first_sentence", "found", "keep_going_short", "lesson_label", "mistake_line", "mistake_name",
    "move_account", "press_the_lit", "step_link_note", "not_this_answer", "not_yet", "reached_goal", "refusal", "right",
    "shown_try", "stars_so_far", "stars_so_far_help", "tried", "would_do", "your_place",
]
