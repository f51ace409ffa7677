"""What a move did and how a game ended, in words, from the engine's ``MoveResult``.

The sentences for rule ids are content (``lessons/rules.toml``: ``say`` and
its variants); this module picks the variant that is exact for the move and
fills in the numbers the engine gives (the path, the seeds captured and
where from, the seeds swept, the reason the game ended). It never decides
a rule: every fact comes from the ``MoveResult`` and the rules object.
"""

from __future__ import annotations

from engine import NORTH, SOUTH, EndReason, MoveResult, Outcome, Rules, Side, opposite_pit, other

from .clock import time_ran_out
from ..i18n import gettext as _
from ..i18n import per_language
from .basics import clause_separator, rule_entries, pit_word, pits_list, place_name, rule_badge, seeds_word, side_name, times_word

ANNOUNCED = ("A5", "A2", "K8", "K9", "K10", "K18", "K11", "K12", "A4", "A3", "K17", "K14", "K15", "A6")
"""Rule ids announced after a move, in this order (K16/A6 results are told by :func:`result_text`)."""
END_IDS = ("K14", "K15", "A6")
"""The ids that tell the end of a game (a page may show them apart, with the result)."""


def move_headline(result: MoveResult) -> str:
    """``"South sowed pit 3 (4 seeds)."``: who played which pit, from the result."""
    return _("{player} sowed pit {pit} ({seeds}).").format(
        player=side_name(result.mover), pit=result.pit, seeds=seeds_word(len(result.path)))


def sweep_text(result: MoveResult, rules: Rules) -> str:
    """The final sweep (K15 / A6) in words, from ``result.swept``; ``""`` when nothing was swept.

    A side whose row was empty is said to be so, never "0 seeds":
    ``"South puts the 3 seeds left in their row into their store; North's row was already empty"``.
    """
    if not any(result.swept):
        return ""
    entry = rule_entries().get(sweep_rule(rules), {})
    parts = []
    for side, count in zip((SOUTH, NORTH), result.swept, strict=True):
        template = entry.get("sweep_part") if count else entry.get("sweep_empty")
        if template:
            parts.append(template.format(side=side_name(side), seeds=seeds_word(count)))
    return clause_separator().join(parts)


def sweep_rule(rules: Rules) -> str:
    """The rule id of the final sweep for these rules: K15 (Kalah) or A6 (Awari)."""
    return "A6" if rules.game == "oware" else "K15"


def _values(result: MoveResult, rules: Rules) -> dict[str, object]:
    mover, opp = result.mover, other(result.mover)
    n = rules.pits
    seeds = len(result.path)
    back = sum(1 for p in result.path if (p.side, p.pit) == (mover, result.pit))
    taken_from = [p for p in result.captured_from if p.side == opp]
    last = result.last
    facing = opposite_pit(last.pit, n) if last.pit else 0
    empty = [side_name(s) for s, c in ((SOUTH, result.swept[0]), (NORTH, result.swept[1])) if c == 0]
    return {
        "player": side_name(mover),
        "opponent": side_name(opp),
        "pit": result.pit,
        "seeds": seeds,
        "seeds_word": seeds_word(seeds),
        "captured": result.captured,
        "captured_seeds": seeds_word(result.captured),
        "taken_seeds": seeds_word(result.captured - 1 if result.captured else 0),
        "from_pit": taken_from[0].pit if taken_from else facing,
        "from_pits": pits_list(p.pit for p in taken_from) if taken_from else "",
        "last_pit": last.pit,
        "last_place": place_name(last),
        "opposite_pit": facing,
        "lap": rules.lap,
        "laps": times_word(max(1, result.laps)),
        "origin_seeds": seeds_word(back),
        "skips": times_word(max(1, result.laps)),
        "empty_row": _("{side}'s row").format(side=empty[0]) if empty else "",
        "stuck": side_name(result.position.to_move),
        "total": result.position.total_seeds,
        "sweep": sweep_text(result, rules),
        "south_swept": result.swept[0],
        "north_swept": result.swept[1],
    }


def _template(rule_id: str, result: MoveResult) -> str | None:
    """The ``say`` variant of ``rules.toml`` that is exact for this result."""
    entry = rule_entries().get(rule_id, {})
    template = entry.get("say")
    reason = result.outcome.reason if result.outcome is not None else None
    if rule_id == "K8":
        back = (result.last.side, result.last.pit) == (result.mover, result.pit)  # the last seed is in the start pit
        if back and result.laps == 1:
            return template  # exactly 2n+1: the last seed is back in the emptied pit (K8)
        if back:
            return entry.get("say_laps", template)  # whole laps only: back in the start pit again
        return entry.get("say_further", template)  # round and further on
    if rule_id == "K9" and not result.extra_turn:
        return entry.get("say_ended", template)
    if rule_id == "K11" and result.captured:
        return entry.get("say_banked", template)
    if rule_id == "K14":
        if reason == EndReason.STUCK:
            return entry.get("say_stuck", template)
        if result.swept == (0, 0):
            return entry.get("say_both", template)
        return template
    if rule_id == "K17" and reason == EndReason.EARLY_WIN:
        return entry.get("say_won", template)
    if rule_id == "A4" and result.captured:
        return entry.get("say_taken", template)
    if rule_id == "K15":
        return template if any(result.swept) else None
    if rule_id == "A6":
        return template if any(result.swept) else entry.get("say_nothing", template)
    return template


def announcements(result: MoveResult, rules: Rules, skip: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """What a move did, in words: a list of ``(rule_id, sentence)`` in :data:`ANNOUNCED` order.

    Built only from ``result.rules_fired`` and the numbers in ``result``
    (``path``, ``pit``, ``mover``, ``captured``, ``captured_from``, ``swept``,
    ``extra_turn``, ``outcome.reason``) and ``rules`` (the lap). Ids in
    ``skip`` are left out (e.g. :data:`END_IDS` when a page shows the end apart).
    """
    return [(rule_id, text) for rule_id, text in _announced(result, rules) if rule_id not in skip]


@per_language(maxsize=1024)
def _announced(result: MoveResult, rules: Rules) -> tuple[tuple[str, str], ...]:
    """Every announcement of :func:`announcements`, made once per move, rules and language (the
    board, its animation and the words under it all say the same move)."""
    values = _values(result, rules)
    fired = set(result.rules_fired)
    out: list[tuple[str, str]] = []
    for rule_id in ANNOUNCED:
        if rule_id not in fired:
            continue
        if rule_id == "K10" and "K18" in fired:
            continue  # the K18 sentence says where the seeds went
        template = _template(rule_id, result)
        if template:
            out.append((rule_id, template.format(**values)))
    return tuple(out)


def move_words(result: MoveResult, rules: Rules) -> str:
    """What a move did: where the last seed went, then the rules it used, then the result.

    ``"Pit 3 sows 4 seeds; the last one lands in North's pit 1. ..."``; when the last seed lands in a
    store (K9 says so next: "Last seed in South's store: South moves again!") only ``"Pit 5 sows 2 seeds."``
    """
    seeds = len(result.path)
    if result.last.is_store:  # the store rule's own sentence tells where the last seed went (never twice)
        words = [_("Pit {pit} sows {seeds}.").format(pit=result.pit, seeds=seeds_word(seeds))]
    elif seeds == 1:
        words = [_("Pit {pit} sows 1 seed; it lands in {place}.").format(pit=result.pit, place=place_name(result.last))]
    else:
        words = [_("Pit {pit} sows {seeds}; the last one lands in {place}.").format(
            pit=result.pit, seeds=seeds_word(seeds), place=place_name(result.last))]
    words += [text for _rule_id, text in announcements(result, rules)]  # no rule ids: this is for pupils
    if result.outcome is not None:
        words.append(result_text(result.outcome, rules, result))
    return " ".join(words)


def moves_told(results: list[MoveResult], rules: Rules, ids: bool = True) -> str:
    """Each move of an action on its own line (headline and rule sentences, each with its rule id
    as a badge when ``ids``: a learner's lesson shows ids only when a teacher asked for them),
    leaving the end of the game to :func:`result_text`."""
    lines = []
    for res in results:
        line = move_headline(res)
        for rule_id, text in announcements(res, rules, skip=END_IDS):
            line += f" {text} {rule_badge(rule_id)}" if ids else f" {text}"
        lines.append(line)
    return "  \n".join(lines)


def moves_said(results: list[MoveResult], rules: Rules, you: Side | None = None) -> str:
    """The words of :func:`moves_told` as plain text on one line (no badges, no markdown), then the
    result when the last move ended the game: what the board's live region says after an action
    (``you``: the learner's side against the computer, "You won ...", as :func:`result_text`).

    ``"South sowed pit 3 (4 seeds). Last seed in South's store. South moves again."``; ``""`` for no moves.
    """
    parts = []
    for res in results:
        parts.append(move_headline(res))
        parts += [text for _id, text in announcements(res, rules, skip=END_IDS)]
    if results and results[-1].outcome is not None:
        parts.append(result_text(results[-1].outcome, rules, results[-1], you=you))
    return " ".join(parts)


def end_reason(end: Outcome, rules: Rules, result: MoveResult | None = None, to_move: Side | None = None) -> str:
    """Why the game ended, from ``end.reason`` (never from the position after the sweep).

    ``result`` (the move that ended the game) says which row was empty;
    ``to_move`` names the player who could not move. Without them the words
    stay true but do not name the player.
    """
    winner = side_name(end.winner) if end.winner else None
    if result is not None and to_move is None:
        to_move = result.position.to_move
    who = side_name(to_move) if to_move else None
    reason = end.reason
    rows = result.swept if result is not None and result.outcome is not None else None
    if reason == EndReason.ROW_EMPTY:
        if rows == (0, 0):
            return _("both rows are empty")
        if rows is not None and 0 in rows:
            return _("{side}'s row is empty").format(side=side_name(SOUTH if rows[0] == 0 else NORTH))
        return _("one player's row is empty")
    if reason == EndReason.STUCK:
        if who:
            return _("{side}, the player to move, has no seeds to sow").format(side=who)
        return _("the player to move has no seeds to sow")
    if reason == EndReason.EARLY_WIN:
        if winner:
            return _("{side}'s store holds more than half of the seeds (early win)").format(side=winner)
        return _("a store holds more than half of the seeds (early win)")
    if reason == EndReason.OVER_HALF:
        if winner:
            return _("{side} has captured {score} or more seeds").format(side=winner, score=rules.winning_score)
        return _("a player has captured {score} or more seeds").format(score=rules.winning_score)
    if reason == EndReason.NO_MOVES:
        if who and to_move is not None and rows is not None:
            mine = rows[0] if to_move == SOUTH else rows[1]
            if mine == 0:
                return _("{side} has no seeds to sow").format(side=who)
            return _("{other} has no seeds and no move of {side}'s can give them any").format(
                other=side_name(other(to_move)), side=who)
        return _("{side} cannot move").format(side=who) if who else _("the player to move cannot move")
    if reason == EndReason.TIME:
        return time_ran_out(other(end.winner)) if end.winner else _("a clock ran out")
    return _("the same position came back with no capture in between: the game would go round for ever")


def score_words(end: Outcome, you: Side | None = None) -> str:
    """``"North wins 27 to 21"`` or ``"Draw, 24 to 24"`` (no reason), for the line above the board.

    ``you``: the side the learner played against the computer, whose game it is: ``"You won 37 to 11"``,
    ``"You lost 11 to 37"`` (the learner's seeds first); ``None`` (two players on one device, a puzzle
    that names the sides) keeps the sides' names."""
    south, north = end.score
    if end.reason == EndReason.TIME and end.winner is not None:
        if you is not None:
            won = end.winner == you
            template = (_("You won on time (stores: {south_name} {south}, {north_name} {north})") if won
                        else _("You lost on time (stores: {south_name} {south}, {north_name} {north})"))
            return template.format(south_name=side_name(SOUTH), south=south, north_name=side_name(NORTH), north=north)
        return _("{side} wins on time (stores: {south_name} {south}, {north_name} {north})").format(
            side=side_name(end.winner), south_name=side_name(SOUTH), south=south, north_name=side_name(NORTH),
            north=north)
    if end.winner is None:
        return _("Draw, {south} to {north}").format(south=south, north=north)
    hi, lo = (south, north) if end.winner == SOUTH else (north, south)
    if you == end.winner:
        return _("You won {high} to {low}").format(high=hi, low=lo)
    if you is not None:
        return _("You lost {low} to {high}").format(high=hi, low=lo)
    return _("{side} wins {high} to {low}").format(side=side_name(end.winner), high=hi, low=lo)


def result_text(end: Outcome, rules: Rules, result: MoveResult | None = None, to_move: Side | None = None,
                you: Side | None = None) -> str:
    """``"South wins 30 to 18."`` or ``"A draw, 24 to 24."`` with why the game ended (``end.reason``);
    ``you``: the learner's side in a game against the computer (``"You won 30 to 18."``, :func:`score_words`).

    Pass ``result`` (the move that ended the game) and/or ``to_move`` to name
    the row or the player (see :func:`end_reason`).
    """
    south, north = end.score
    why = end_reason(end, rules, result, to_move)
    if end.winner is None:
        return _("A draw, {south} to {north}. The game ended because {why}.").format(south=south, north=north, why=why)
    return _("{score}. The game ended because {why}.").format(score=score_words(end, you), why=why)


def illegal_text(rule_id: str) -> str:
    """Explain a refused move by the rule it breaks (``IllegalMoveError.rule_id``).

    Uses the id's ``refuse`` sentence in ``rules.toml``, else its ``text``,
    followed by the id in brackets.
    """
    entry = rule_entries().get(rule_id, {})
    text = entry.get("refuse") or entry.get("text")
    return f"{text} ({rule_id})" if text else _("That move is not allowed.")


# The board's captions are made for every seed of every pit's foreseen sowing on each press: each
# is made once per language and kept (a few hundred small strings).

def lift_note(result: MoveResult) -> str:
    """The board's caption when a pit is lifted: ``"South lifts 4 seeds from pit 3"``."""
    return _lift_note(result.mover, len(result.path), result.pit)


@per_language(maxsize=512)
def _lift_note(mover: Side, seeds: int, pit: int) -> str:
    return _("{player} lifts {seeds} from pit {pit}").format(player=side_name(mover), seeds=seeds_word(seeds), pit=pit)


def played_note(result: MoveResult) -> str:
    """The board's line while the page answers a move it has already shown: ``"South played pit 3"``."""
    return _played_note(result.mover, result.pit)


@per_language(maxsize=64)
def _played_note(mover: Side, pit: int) -> str:
    return _("{player} played pit {pit}").format(player=side_name(mover), pit=pit)


def sow_notes(result: MoveResult) -> str:
    """The board's caption for every seed of a sowing, with ``{n}`` where the seed's number goes
    (1 to the seeds lifted): ``"South sows seed {n} of 4"``. ``board.js`` fills it in for each frame."""
    return _sow_notes(result.mover, len(result.path))


@per_language(maxsize=256)
def _sow_notes(mover: Side, total: int) -> str:
    return _("{player} sows seed {n} of {total}").format(player=side_name(mover), n="{n}", total=total)


def after_note(result: MoveResult, rules: Rules) -> str:
    """The board's caption after the sowing: what the move did, or ``"After the sowing"``."""
    return " ".join(text for _id, text in announcements(result, rules)) or _("After the sowing")


__all__ = [
    "ANNOUNCED", "END_IDS", "after_note", "announcements", "end_reason", "illegal_text", "lift_note",
    "move_headline", "move_words", "moves_said", "moves_told", "pit_word", "played_note", "result_text", "score_words", "sow_notes",
    "sweep_rule", "sweep_text",
]
