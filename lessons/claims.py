"""Claims: every number a lesson or puzzle text names, recomputed with the engine.

A step or puzzle carries ``claims``: a phrase of its English text and what
that phrase says, in a small language the tests evaluate from the item's own
position and rules::

    claims = { "North keeps 4" = "after 3: row N = 4",
               "2 seeds, 2 steps" = "seeds S5 = 2; steps S5 = 2" }

A claim is ``[after P, P, ...:] SUBJECT = VALUE``; several are joined by
``;``. ``after`` plays the pits in order from the item's position (each pit
in the numbering of the side to move then, through extra turns and turns).
Subjects (``S``/``N`` = South/North, ``S5`` = South's pit 5):

==================  ===========================================================
``seeds S5``        seeds in a pit
``sown S5``         seeds in a pit just after the last move's sowing, before its capture or sweep
``store S``         seeds in a store (final sweep included, K15/A6)
``row S``           seeds in a side's row
``steps S5``        sowing steps from a pit to its owner's store (K7: n + 1 - k)
``last``            where the last seed of the last move landed (``North pit 2``)
``captured``        seeds captured by the moves played, all together (K10, A3)
``took``            seeds captured by the last move played alone
``capture counts``  Awari: the counts a pit must hold after the sowing to be captured, ``2, 3`` (A3)
``swept S``         seeds the final sweep moved into that side's store (K15, A6), 0 if the game goes on
``extra turns``     how many of the moves played gave an extra turn (K9)
``winner``          ``South``, ``North``, ``Draw`` or ``Not over`` (K16, A6)
``to move``         ``South`` or ``North``
``in play``         seeds on the board (not in the stores)
``total``           all seeds
``pits``            pits per side
``seeds per pit``   seeds in each pit at the start of a game under these rules
``lap``             the rules' lap: Kalah, seeds that come back round to their pit (K8: 2n + 1);
                    Awari, pits one lap fills (A2: 2n - 1)
``winning score``   seeds a store needs to have won (K16, K17, A6)
``best capture``    the most seeds the side to move can capture in one turn
``value S``         with best play from here, how many seeds that side ends ahead (its final store minus
                    the other's; negative when behind), proven by exact search (``engine.analyse``
                    with no time limit: for the small positions of puzzles)
``legal``           the legal pits, ``1, 3, 5``
``best``            the legal pits of best exact value for the side to move (``engine.analyse`` within the
                    node budget of ``lessons.taught``: a position it cannot prove fails the claim), ``2, 6``
``capturing``       the legal pits whose move captures something this turn (K10, A3), ``1, 4`` (``none``)
``empty S``         a side's empty pits, ``2, 4`` (``none``)
==================  ===========================================================

Coverage: every number in an item's English text (digits, and the words two
to twelve) must lie inside one of its claimed phrases, and each phrase's
numbers must be numbers its claims state: a count must be a claim's value;
only a pit's number ("pit 4", "pits 3 and 2", "pits 1 to 4") may instead be
a place or a pit played in the claims. A few are covered without a claim
(:func:`uncovered`): ``lesson N`` of a lesson that exists, and ``pit K``
where K is a pit the loader already proves (a lit pit, the pit in question,
a solution's or an answer's pits).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine import MoveResult, Place, Position, Rules, Side, analyse, best_capture, legal_moves, play, steps_to_store

SIDES = {"S": "South", "N": "North"}
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
         "ten": 10, "eleven": 11, "twelve": 12}
NUMBER = re.compile(r"\b(\d+|" + "|".join(WORDS) + r")\b", re.IGNORECASE)
PIT_NAMES = re.compile(r"\bpits?\s+(\d+(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s+to\s+)\d+)*)"
                       r"|(?<![\d+=] )\b(\d+(?:,\s*(?:then\s+)?\d+){2,})\b(?!\s*[+=])", re.IGNORECASE)
"""The numbers that name pits in a phrase: "pit 4", "pits 3 and 2", "pits 1, 2 or 5", "pits 1 to 4",
and a line of three or more pits played, "6, 5, 6, 3, 6"."""
CLAIM = re.compile(r"^\s*(?:after\s+(?P<pits>\d+(?:\s*,\s*\d+)*)\s*:)?\s*(?P<subject>[a-z ]+?)"
                   r"(?:\s+(?P<where>[SN]\d*))?\s*=\s*(?P<value>.+?)\s*$")


class ClaimError(ValueError):
    """A claim that cannot be read, or does not hold (the message says which and why)."""


@dataclass(frozen=True)
class Claim:
    """One parsed claim: the pits played first, the subject (with its place) and the stated value."""

    pits: tuple[int, ...]
    subject: str
    where: str | None
    value: str

    def numbers(self) -> set[int]:
        """Every number this claim states (pits played, the place's pit, the value's numbers)."""
        return self.values() | set(self.pits) | {int(n) for n in re.findall(r"\d+", self.where or "")}

    def values(self) -> set[int]:
        """The numbers of the stated value only (digits and the words two to twelve)."""
        return {int(n) for n in re.findall(r"\d+", self.value)} | {
            WORDS[w.lower()] for w in re.findall(r"[a-z]+", self.value, re.IGNORECASE) if w.lower() in WORDS}


def parse(text: str) -> list[Claim]:
    """The claims of one ``claims`` value (``;``-separated); raises :class:`ClaimError`."""
    out = []
    for part in text.split(";"):
        m = CLAIM.match(part)
        if not m:
            raise ClaimError(f"cannot read the claim {part.strip()!r}")
        pits = tuple(int(p) for p in m["pits"].split(",")) if m["pits"] else ()
        out.append(Claim(pits, m["subject"].strip(), m["where"], m["value"]))
    return out


def _place(where: str | None, claim: Claim, rules: Rules, pit_needed: bool) -> tuple[Side, int]:
    side: Side
    if where and where[0] == "S":
        side = "S"
    elif where and where[0] == "N":
        side = "N"
    else:
        raise ClaimError(f"{claim.subject!r} needs a side, like S or S5")
    pit = int(where[1:]) if len(where) > 1 else 0
    if pit_needed and not 1 <= pit <= rules.pits:
        raise ClaimError(f"{claim.subject!r} needs a pit 1..{rules.pits}, like S5")
    return side, pit


def _list(values: Iterable[int]) -> str:
    return ", ".join(map(str, values)) or "none"


def truth(claim: Claim, start: Position, rules: Rules) -> str:
    """What the engine says for ``claim``'s subject (as text, in the claim's form)."""
    pos, results = start, []
    for pit in claim.pits:
        if pos.to_move is None or not legal_moves(pos, rules):
            raise ClaimError(f"after {list(claim.pits)}: the game is over before pit {pit}")
        if pit not in legal_moves(pos, rules):
            raise ClaimError(f"after {list(claim.pits)}: pit {pit} is not legal for {SIDES[pos.to_move]}")
        result = play(pos, pit, rules)
        results.append(result)
        pos = result.position
    subject = claim.subject
    if subject == "sown":
        side, pit = _place(claim.where, claim, rules, True)
        if not results:
            raise ClaimError("'sown' needs moves: start the claim with 'after <pits>:'")
        last, before = results[-1], (results[-2].position if len(results) > 1 else start)
        held = 0 if (last.mover, last.pit) == (side, pit) else before.row(side)[pit - 1]
        return str(held + last.path.count(Place(side, pit)))
    if subject in ("seeds", "steps"):
        side, pit = _place(claim.where, claim, rules, True)
        return str(pos.row(side)[pit - 1] if subject == "seeds" else steps_to_store(pit, rules.pits))
    if subject == "swept":
        side, _ = _place(claim.where, claim, rules, False)
        if not results:
            raise ClaimError("'swept' needs moves: start the claim with 'after <pits>:'")
        return str(sum(r.swept[0 if side == "S" else 1] for r in results))
    if subject in ("store", "row", "empty", "value"):
        side, _ = _place(claim.where, claim, rules, False)
        if subject == "store":
            return str(pos.store(side))
        if subject == "value":
            return str(_value(pos, rules, side))
        row = pos.row(side)
        return str(sum(row)) if subject == "row" else _list(k for k, n in enumerate(row, 1) if n == 0)
    return _about(subject, claim, pos, results, rules)


def _value(pos: Position, rules: Rules, side: Side) -> int:
    """``side``'s final store difference with best play from ``pos`` (exact search)."""
    other: Side = "N" if side == "S" else "S"
    moves = analyse(pos, rules, time_ms=None) if pos.to_move is not None else ()
    if not moves:
        return pos.store(side) - pos.store(other)
    if not all(m.exact for m in moves):
        raise ClaimError(f"value: the search could not prove {pos.to_notation()} exactly")
    best = max(m.value for m in moves)
    return best if pos.to_move == side else -best


def _best(pos: Position, rules: Rules) -> list[int]:
    """The legal pits of best exact value at ``pos`` (within ``lessons.taught``'s node budget)."""
    from .taught import budget, move_values  # the budget of the taught moves' proofs

    if pos.to_move is None:
        raise ClaimError("best: the game is over")
    values = move_values(pos.to_notation(), rules, budget(rules))
    if not all(exact for _, _, exact in values):
        raise ClaimError(f"best: the search could not prove {pos.to_notation()} within its budget")
    top = max(v for _, v, _ in values)
    return [p for p, v, _ in values if v == top]


def _about(subject: str, claim: Claim, pos: Position, results: list[MoveResult], rules: Rules) -> str:
    if subject in ("last", "captured", "took", "extra turns", "winner") and not results:
        raise ClaimError(f"{subject!r} needs moves: start the claim with 'after <pits>:'")
    if subject == "last":
        return str(results[-1].last)
    if subject == "captured":
        return str(sum(r.captured for r in results))
    if subject == "took":
        return str(results[-1].captured)
    if subject == "extra turns":
        return str(sum(1 for r in results if r.extra_turn or (r.game_over and "K9" in r.rules_fired)))
    if subject == "winner":
        outcome = results[-1].outcome
        if outcome is None:
            return "Not over"
        return SIDES[outcome.winner] if outcome.winner else "Draw"
    if subject == "to move":
        return SIDES[pos.to_move] if pos.to_move else "nobody"
    simple = {"in play": pos.seeds_in_play, "total": pos.total_seeds, "pits": rules.pits,
              "seeds per pit": rules.seeds, "lap": rules.lap,
              "winning score": rules.winning_score}
    if subject in simple:
        return str(simple[subject])
    if subject == "capture counts":
        if not hasattr(rules, "capture_counts"):
            raise ClaimError("'capture counts' is an Awari subject (A3)")
        return _list(rules.capture_counts)
    if subject == "best capture":
        return str(best_capture(pos, rules))
    if subject == "legal":
        return _list(legal_moves(pos, rules))
    if subject == "capturing":
        return _list(p for p in legal_moves(pos, rules) if play(pos, p, rules).captured)
    if subject == "best":
        return _list(_best(pos, rules))
    raise ClaimError(f"unknown subject {subject!r}")


def check(text: str, start: Position, rules: Rules) -> None:
    """Every claim of ``text`` holds from ``start`` under ``rules``; raises :class:`ClaimError` naming the first
    that does not."""
    for claim in parse(text):
        said, true = claim.value.strip(), truth(claim, start, rules)
        if said.lower() != true.lower():
            raise ClaimError(f"{text!r}: says {said!r}, the engine says {true!r}")


def numbers_in(text: str) -> Iterator[tuple[int, int, int]]:
    """``(start, end, value)`` of every number in ``text`` (digits, and the words two to twelve)."""
    for m in NUMBER.finditer(text):
        word = m.group(1).lower()
        yield m.start(), m.end(), WORDS[word] if word in WORDS else int(word)


def uncovered(texts: Iterable[str], claims: dict[str, str], proven_pits: Iterable[int] = (),
              lessons: Iterable[int] = ()) -> list[str]:
    """The numbers of ``texts`` no claim covers, each as ``'<number>' in '…context…'`` (empty: all covered).

    Raises :class:`ClaimError` for a phrase found in no text, or a phrase whose numbers its claims do not state.
    """
    texts = list(texts)
    spans: list[tuple[int, int, int]] = []  # (text index, start, end) covered
    for phrase, said in claims.items():
        parsed = parse(said)
        counts = set().union(*(c.values() for c in parsed))
        places = set().union(*(c.numbers() for c in parsed))
        pit_spans = [m.span(1) if m.group(1) else m.span(2) for m in PIT_NAMES.finditer(phrase)]
        missing = {n for a, b, n in numbers_in(phrase)
                   if n not in (places if any(x <= a and b <= y for x, y in pit_spans) else counts)}
        if missing:
            raise ClaimError(f"phrase {phrase!r}: its claims {said!r} do not state {sorted(missing)}")
        hits = [(k, m.start(), m.end()) for k, t in enumerate(texts)
                for m in re.finditer(re.escape(phrase), t, re.IGNORECASE)]
        if not hits:
            raise ClaimError(f"phrase {phrase!r} is in none of the texts")
        spans += hits
    free = _free(texts, set(proven_pits), set(lessons))
    out = []
    for k, text in enumerate(texts):
        for start, end, value in numbers_in(text):
            if any(i == k and a <= start and end <= b for i, a, b in spans + free):
                continue
            out.append(f"{text[start:end]!r} in {text[max(0, start - 30):end + 30]!r}")
    return out


def _free(texts: list[str], pits: set[int], lessons: set[int]) -> list[tuple[int, int, int]]:
    """Spans covered without a claim: ``lesson N`` that exists, ``pit K``/``pits K and L`` of a proven pit."""
    out = []
    for k, text in enumerate(texts):
        for m in re.finditer(r"\blessons? (\d+)\b", text, re.IGNORECASE):
            if int(m.group(1)) in lessons:
                out.append((k, m.start(1), m.end(1)))
        for m in re.finditer(r"\bpit (\d+)\b", text, re.IGNORECASE):
            if int(m.group(1)) in pits:
                out.append((k, m.start(1), m.end(1)))
    return out




# ------------------------------------------------------------------ content items


def step_texts(step: object) -> list[str]:
    """The English texts of a lesson step a user reads (title, text, question, hint, done, caption, whys)."""
    out = [getattr(step, k, "") for k in ("title", "text", "question", "hint", "done", "caption")]
    out += [c.why for c in getattr(step, "choices", [])]
    why = getattr(step, "why", {})
    out += list(why.values()) if isinstance(why, dict) else []
    out += list(getattr(step, "done_by", {}).values())
    return [t for t in out if isinstance(t, str) and t]


def step_pits(step: object) -> set[int]:
    """Pits of a step the loader proves: lit pits, the pit in question, the solution's pits."""
    return set(getattr(step, "lit", []) or []) | {getattr(step, "pit", 0)} - {0} | set(getattr(step, "solution", []) or [])


def puzzle_texts(puzzle: object) -> list[str]:
    """The English texts of a puzzle a user reads (title, task, hints, explanation, wrong)."""
    out = [getattr(puzzle, "title", ""), getattr(puzzle, "task", ""), *getattr(puzzle, "hints", []),
           getattr(puzzle, "explanation", ""), *getattr(puzzle, "wrong", {}).values()]
    return [t for t in out if t]


def puzzle_pits(puzzle: object) -> set[int]:
    """Pits of a puzzle the loader proves: every pit of every accepted turn."""
    return {p for turn in getattr(puzzle, "answers", []) for p in turn}


__all__ = ["Claim", "ClaimError", "check", "numbers_in", "parse", "puzzle_pits", "puzzle_texts", "step_pits",
           "step_texts", "truth", "uncovered"]
