"""What a learner reads, checked against the board it stands beside (issue 36): the checks the
every-press test (``tests/test_words_every_press.py``) runs on each notice, its "Why?" details and
the line above the board, in English and Greek.

A :class:`Shown` is one moment of a page: the texts on it, the content texts they quote (a lesson's
or puzzle's own words, proved by their claims: left out of the checks that judge made words), the
board drawn, the moves the board showed, and who "you" is (South in a lesson, whose words are
South's; the side to move in a puzzle, "You are North"). :func:`problems` lists what is wrong:

- a clause said twice in one text ("the game goes on; the game goes on");
- a "your pit", "your store" or "your turn" made by the words for a place or a turn of the other side
  (a step played for North said "your pit 6 ... your store" of North's);
- a number of seeds read as a pit ("across from North's 5");
- a score that is not the board's stores ("25 to 23" over a board showing 24 and 22);
- a count of none said as a number ("0 extra turns");
- in Greek, a capital letter after a colon (but a side's name: Νότος, Βορράς).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine import MoveResult, Place, Position, Side, opposite_pit

RULE_BRACKETS = re.compile(r"\s*\((?:[KAMT]\d+)(?:,\s*[KAMT]\d+)*\)|,\s*[KAMT]\d+(?:,\s*[KAMT]\d+)*(?=\))")
BADGES = re.compile(r"\s*:[a-z]+-badge\[[^\]]*\]")
MARKUP = re.compile(r"[*_`]")


@dataclass
class Shown:
    """One moment of a page: ``texts`` as the page shows them (markdown: the line above the board, the
    notice, its "Why?"), ``content`` the item's own texts they may quote, ``board`` the position drawn,
    ``moves`` the moves the board showed (the last action: the learner's and any answer to them), ``you``
    the side "you" means, ``lang``."""

    where: str
    texts: list[str]
    board: Position
    moves: Sequence[MoveResult] = ()
    you: Side = "S"
    lang: str = "en"
    content: list[str] = field(default_factory=list)
    flagged: list[str] = field(default_factory=list)
    """What the driver itself found wrong at this moment (a turn said to go on that cannot reach its goal)."""


def plain(text: str) -> str:
    """``text`` without badges and markdown emphasis, its spaces made single."""
    return " ".join(MARKUP.sub("", BADGES.sub("", text)).split())


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?;:·])\s+|\n+", plain(RULE_BRACKETS.sub("", text)))
    return [p.strip() for p in parts if len(p.strip()) > 3]


def made(text: str, content: Iterable[str]) -> str:
    """``text`` with every sentence of the item's own ``content`` taken out: what the words made."""
    out = plain(RULE_BRACKETS.sub("", text))
    for piece in sorted({s for c in content for s in _sentences(c)}, key=len, reverse=True):
        out = out.replace(piece.rstrip(".!?;:·"), " ")
    return out


CLAUSE_SPLIT = re.compile(r"[.;:·!?\n]+|,\s+(?:and|και)\s+")


def repeated_clause(text: str) -> str | None:
    """A clause of three words or more said twice in ``text`` (one notice, or one paragraph of it)."""
    seen: set[str] = set()
    for clause in CLAUSE_SPLIT.split(plain(text).lower()):
        clause = clause.strip(" ,«»\"“”()")
        if len(clause.split()) < 3:
            continue
        if clause in seen:
            return clause
        seen.add(clause)
    return None


YOUR = {
    "en": [(re.compile(r"\byour pit (\d+)"), "pit"), (re.compile(r"\byour store\b"), "store"),
           (re.compile(r"\byour turn\b"), "turn")],
    "el": [(re.compile(r"δικό σου λακκάκι (\d+)"), "pit"), (re.compile(r"λακκάκι σου (\d+)"), "pit"),
           (re.compile(r"αποθήκη σου"), "store"), (re.compile(r"γύρο[ςυ]? σου"), "turn")],
}


def places_of(moves: Sequence[MoveResult], pits: int) -> set[Place]:
    """The places a sentence about ``moves`` may name: each move's pit, its last seed's place, the pit
    facing it, and the mover's store."""
    out: set[Place] = set()
    for res in moves:
        out |= {Place(res.mover, res.pit), res.last, Place(res.mover, 0)}
        if res.last.pit:
            out.add(Place("N" if res.last.side == "S" else "S", opposite_pit(res.last.pit, pits)))
    return out


def wrong_your(shown: Shown, pits: int) -> list[str]:
    """Each "your ..." the words made that is not about ``shown.you``'s own place or turn among the moves shown."""
    text = made(" \n ".join(shown.texts), shown.content)
    places = places_of(shown.moves, pits)
    movers = {res.mover for res in shown.moves} or {shown.board.to_move}
    out = []
    for pattern, kind in YOUR[shown.lang]:
        for m in pattern.finditer(text):
            if kind == "turn":
                ok = shown.board.to_move == shown.you or shown.you in movers and not shown.moves
            elif kind == "store":
                ok = not shown.moves or Place(shown.you, 0) in places
            else:
                ok = not shown.moves or Place(shown.you, int(m.group(1))) in places
            if not ok:
                out.append(m.group(0))
    return out


SEEDS_AS_PIT = {
    "en": re.compile(r"\b(?:North's|South's|your) (\d+)\b(?! (?:seeds?|pits?|other|extra|more|of|to)\b)"),
    "el": re.compile(r"(?:του Βορρά|του Νότου) (\d+)\b(?! (?:σπόρ|φορ|βήμα|λακκάκ))"),
}


def seeds_as_pit(text: str, lang: str) -> list[str]:
    """A side's name followed by a bare number: a number of seeds that reads as a pit."""
    return [m.group(0) for m in SEEDS_AS_PIT[lang].finditer(plain(text))]


SCORE = {"en": re.compile(r"\b(\d+) to (\d+)\b|\b(\d+)-(\d+)\b"),
         "el": re.compile(r"\b(\d+) έναντι (\d+)\b|\b(\d+)-(\d+)\b")}


def wrong_scores(shown: Shown) -> list[str]:
    """Each score the words made ("25 to 23", "25-23") whose two numbers are not the board's two stores."""
    stores = sorted((shown.board.south_store, shown.board.north_store))
    out = []
    for m in SCORE[shown.lang].finditer(made(" \n ".join(shown.texts), shown.content)):
        pair = sorted(int(g) for g in m.groups() if g is not None)
        if pair != stores:
            out.append(f"{m.group(0)} (board {stores[1]} and {stores[0]})")
    return out


ZERO = {"en": re.compile(r"\b0 (?:extra turns?|seeds?)\b|\bearned 0\b|\bcaptured 0\b"),
        "el": re.compile(r"\b0 (?:φορές|σπόρους|σπόροι|σπόρων)\b")}


def zero_counts(text: str, lang: str) -> list[str]:
    """"0 extra turns", "0 seeds": a count of none said as a number (say "no extra turn", "nothing")."""
    return [m.group(0) for m in ZERO[lang].finditer(plain(text))]


PROPER = re.compile(r"(?:Νότ|Βορρ|Βορι|Awari|Kalah|Oware|PIN)")


def greek_capital_after_colon(text: str) -> list[str]:
    """Greek writes no capital letter after a colon (but a name: Νότος, Βορράς, Awari)."""
    out = []
    for m in re.finditer(r":\s+([«\"(]*)([Α-ΩΆΈΉΊΌΎΏ]\w*)", plain(text)):
        if not PROPER.match(m.group(2)):
            out.append(m.group(0))
    return out


def said_again(headline: str, details: str, content: Iterable[str]) -> list[str]:
    """The sentences the words made for a notice that "Why?" says again (what the item's own words say is
    left out: a step's ``done`` words may well be told twice)."""
    made_head = made(headline, content)
    return [s for s in _sentences(made_head) if len(s.split()) >= 3 and s in made(details, content)]


def problems(shown: Shown, pits: int) -> list[str]:
    """Everything :mod:`this module <tests.words_checks>` finds wrong at ``shown`` (``[]`` for nothing)."""
    out = list(shown.flagged)
    for text in shown.texts:
        for line in text.split("\n"):  # a line a move: the same words about two moves are two facts
            clause = repeated_clause(line)
            if clause:
                out.append(f"repeated clause {clause!r} in {plain(line)!r}")
        out += [f"seeds read as a pit {s!r} in {plain(text)!r}" for s in seeds_as_pit(text, shown.lang)]
    if len(shown.texts) >= 3:  # the line above the board, the notice, then its "Why?"
        out += [f"said again under Why? {s!r}" for s in said_again(shown.texts[1], shown.texts[2], shown.content)]
    words_made = made(" \n ".join(shown.texts), shown.content)
    out += [f"a count of none as a number {z!r} in {words_made!r}" for z in zero_counts(words_made, shown.lang)]
    if shown.lang == "el":  # a colon closing a line (a list below it) is not followed in its sentence
        lines = [made(line, shown.content) for text in shown.texts for line in text.split("\n")]
        out += [f"a capital after a colon {c!r} in {line!r}" for line in lines for c in greek_capital_after_colon(line)]
    out += [f"{y!r} for the other side in {words_made!r}" for y in wrong_your(shown, pits)]
    out += [f"score {s} in {words_made!r}" for s in wrong_scores(shown)]
    return out


__all__ = ["Shown", "greek_capital_after_colon", "made", "places_of", "plain", "problems", "repeated_clause",
           "said_again", "seeds_as_pit", "wrong_scores", "wrong_your", "zero_counts"]
