"""What the lessons and puzzles teach is true (issue 31) and said in a child's words (issue 36).

- Every puzzle's accepted decisions, and every move of a find or goal step's solution in the strategy
  lessons (7 and 8, and any later one), are among the moves of best exact value where the search proves
  it within its node budget (``lessons.taught``); what it cannot prove is listed (a warning each, in the
  report), never failed. ``python -m tools.taught_report`` prints the list and the share.
- In the rules lessons (1 to 6) a step may drill a rule with a move that is not the best: the test lists
  them, and such a step's texts say so ("not the best move", in both languages).
- Verdicts are claims: a sentence that calls a move best, better, worse, safe or the only one lies inside a
  phrase of the item's ``claims`` whose claims include a verdict (``best``, ``value``, ``best capture``,
  ``capturing``, ``legal``, ``winner``, ``extra turns``: proven by ``lessons.claims``); "best play", "best
  replies" and "does best" in a best-move puzzle are its proven value and line. A Greek text with a verdict
  word translates an English text whose verdict is claimed.
- No puzzle text counts the answers ("Both answers count", "6 different answers") or lists other ways to
  play ("pit 4, then pit 2 or pit 3"): the app says "Pit 5 works too." itself (issue 36).
- No rule id ("(K13)", "(M5, K11)") in a text a learner reads: the ids are the items' ``cites``, shown as
  badges to a teacher who asks for them.
"""

from __future__ import annotations

import re
import warnings

import pytest

from lessons import claims as C
from lessons import taught as T
from lessons.loader import load_lessons, load_puzzles, themes

LANGS = ("en", "el")
RULE_ID = re.compile(r"\b(?:K1[0-8]|K[1-9]|A[1-6]|T[1-3]|M[1-7])\b")


def texts(lang: str) -> dict[str, list[str]]:
    """Every text a learner reads, by item: ``lesson/<id>/<step>`` (and ``lesson/<id>`` for the title, intro and
    summary), ``puzzle/<id>``, ``theme/<id>``."""
    out: dict[str, list[str]] = {}
    for lesson in load_lessons(lang=lang, prove=False).values():
        out[f"lesson/{lesson.id}"] = [lesson.title, lesson.intro, lesson.summary]
        for step in lesson.steps:
            out[f"lesson/{lesson.id}/{step.id}"] = C.step_texts(step)
    for puzzle in load_puzzles(lang=lang, prove=False).values():
        out[f"puzzle/{puzzle.id}"] = C.puzzle_texts(puzzle)
    for key, theme in themes(lang=lang).items():
        out[f"theme/{key}"] = [theme.title, theme.text]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_rule_id_in_a_learners_text(lang: str) -> None:
    found = {key: RULE_ID.findall(" ".join(t)) for key, t in texts(lang).items()}
    assert {k: v for k, v in found.items() if v} == {}


ANSWER_WORDS = {
    "en": re.compile(r"\b(?:both|all|several|different|\d+|two|three|four|five|six)\s+(?:different\s+)?answers\b"
                     r"|\banswers?\s+(?:count|work)|\bthen\s+(?:pit\s+)?\d+\s+\(?or\s+(?:pit\s+)?\d+", re.I),
    "el": re.compile(r"απαντήσεις\b|απάντηση|μετά\s+(?:το\s+)?(?:λακκάκι\s+)?\d+\s+\(?ή\s+(?:το\s+)?(?:λακκάκι\s+)?\d+",
                     re.I),
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_puzzle_counts_its_answers_or_lists_other_lines(lang: str) -> None:
    found = {key: m.group(0) for key, t in texts(lang).items() if key.startswith("puzzle/")
             if (m := ANSWER_WORDS[lang].search(" ".join(t)))}
    assert found == {}


def test_the_answer_words_are_found() -> None:
    assert ANSWER_WORDS["en"].search("Both answers count.") and ANSWER_WORDS["en"].search("6 different answers count")
    assert ANSWER_WORDS["en"].search("Pit 4, then pit 2 or pit 3.") and ANSWER_WORDS["el"].search("μετά λακκάκι 2 ή λακκάκι 3")
    assert ANSWER_WORDS["en"].search("then pit 3 (or pit 4) lands") and ANSWER_WORDS["el"].search("μετά το λακκάκι 3 (ή το λακκάκι 4)")
    assert not ANSWER_WORDS["en"].search("Play pit 4, then pit 3.")


def test_no_two_puzzles_share_a_position() -> None:
    """The same seeds on the board under the same game are one puzzle, even with another house rule."""
    seen: dict[tuple, str] = {}
    twice = []
    for p in load_puzzles(prove=False).values():
        key = (p.game_rules.game, p.start.to_notation())
        if key in seen:
            twice.append((seen[key], p.id))
        seen[key] = p.id
    assert twice == []


# ------------------------------------------------------------------ the taught moves are the best

LESSONS = load_lessons()
GREEK = load_lessons(lang="el")
PUZZLES = load_puzzles()
STRATEGY = 7
"""Lessons from this number on teach strategy: their taught moves must be best, as the puzzles'."""
NOT_BEST = {"en": re.compile(r"not the best move", re.I), "el": re.compile(r"δεν είναι η καλύτερη κίνηση", re.I)}


class Unproven(UserWarning):
    """A taught move the search could not prove best or worse within its budget (listed, not failed)."""


class NotBest(UserWarning):
    """A rules-lesson step that drills a rule with a move that is not the best, and says so (listed)."""


def taught_items() -> list[tuple[str, object, object]]:
    """``(key, lesson or None, step or puzzle)`` of every item that teaches a move."""
    out: list[tuple[str, object, object]] = [(f"puzzle/{p.id}", None, p) for p in PUZZLES.values()]
    for lesson in LESSONS.values():
        for step in lesson.steps:
            if T.step_lines(step):
                out.append((f"lesson/{lesson.number}/{step.id}", lesson, step))
    return out


ITEMS = taught_items()


def judged(lesson, item) -> T.Proof:
    return T.prove_puzzle(item) if lesson is None else T.prove_step(lesson, item)


@pytest.mark.slow
@pytest.mark.parametrize("item", ITEMS, ids=lambda i: i[0])
def test_a_taught_move_is_among_the_best(item) -> None:
    """Puzzles and strategy steps: never refuted. Rules-lesson steps: refuted only when their texts say the
    move is not the best (English and Greek). Unproven: a warning naming the position."""
    key, lesson, thing = item
    proof = judged(lesson, thing)
    if proof.status == "unproven":
        warnings.warn(Unproven(f"{key}: {proof.detail}"), stacklevel=1)
        return
    if proof.status == "best":
        return
    if lesson is None or lesson.number >= STRATEGY:
        pytest.fail(f"{key} teaches a move the search refutes: {proof.detail}")
    greek = next(s for s in GREEK[lesson.id].steps if s.id == thing.id)
    said = {lang: any(NOT_BEST[lang].search(t) for t in C.step_texts(s)) for lang, s in (("en", thing), ("el", greek))}
    assert said == {"en": True, "el": True}, f"{key} drills a move that is not the best, and does not say so: {proof.detail}"
    warnings.warn(NotBest(f"{key}: {proof.detail}"), stacklevel=1)


# ------------------------------------------------------------------ verdicts are claims

VERDICT = {
    "en": re.compile(r"\b(?:best|better|worse|worst|safer|safely|safe|(?:the\s+)?only\s+(?:move|pit|one(?!\s+seed)|way|capture))\b",
                     re.I),
    "el": re.compile(r"καλύτερ\w*|χειρότερ\w*|ασφαλ\w*|ασφάλεια|\bη\s+μόνη\s+κίνηση|μοναδικ\w*\s+(?:κίνηση|λακκάκι|τρόπο)", re.I),
}
VERDICT_SUBJECTS = {"best", "value", "best capture", "capturing", "legal", "winner", "extra turns"}
PROVEN_PLAY = re.compile(r"\bbest (?:play|replies|reply|line)\b|\bdoes best\b", re.I)
"""In a best-move puzzle these name its proven value and line (tests/test_puzzles.py proves them)."""


def verdict_spans(text: str, claims: dict[str, str]) -> list[tuple[int, int]]:
    """Spans of ``text`` inside a claimed phrase whose claims include a verdict subject."""
    out = []
    for phrase, said in claims.items():
        if {c.subject for c in C.parse(said)} & VERDICT_SUBJECTS:
            out += [m.span() for m in re.finditer(re.escape(phrase), text, re.I)]
    return out


def unclaimed_verdicts(texts: list[str], claims: dict[str, str], best_puzzle: bool) -> list[str]:
    """The verdict words of English ``texts`` no verdict claim covers, with their context."""
    out = []
    for text in texts:
        spans = verdict_spans(text, claims)
        if best_puzzle:
            spans += [m.span() for m in PROVEN_PLAY.finditer(text)]
        for m in VERDICT["en"].finditer(text):
            if not any(a <= m.start() and m.end() <= b for a, b in spans):
                out.append(f"{m.group(0)!r} in {text[max(0, m.start() - 50):m.end() + 30]!r}")
    return out


def claimed_items(lang: str):
    """``(key, texts, claims, best puzzle)`` of every lesson step and puzzle in ``lang`` (claims are the English
    file's: the facts come from it)."""
    for lesson in load_lessons(lang=lang, prove=False).values():
        for step in lesson.steps:
            if step.kind != "game":  # a whole game's advice ("feed safely") has no position to be proven on
                yield f"lesson/{lesson.id}/{step.id}", C.step_texts(step), step.claims, False
    for puzzle in load_puzzles(lang=lang, prove=False).values():
        yield f"puzzle/{puzzle.id}", C.puzzle_texts(puzzle), puzzle.claims, puzzle.check == "best"


def test_every_verdict_is_a_proven_claim() -> None:
    """English: each verdict word lies in a claimed phrase with a verdict claim (the claims hold:
    tests/test_claims.py)."""
    found = {key: left for key, texts, claims, best in claimed_items("en")
             if (left := unclaimed_verdicts(texts, claims, best))}
    assert found == {}


def test_a_greek_verdict_translates_a_claimed_english_one() -> None:
    """Greek: a text with a verdict word is the translation of an English text with a claimed verdict (the
    same field of the same item)."""
    english = {key: (texts, claims, best) for key, texts, claims, best in claimed_items("en")}
    found = {}
    for key, texts, _claims, _best in claimed_items("el"):
        en_texts, claims, best = english[key]
        for greek, text in zip(texts, en_texts, strict=True):
            if VERDICT["el"].search(greek) and not VERDICT["en"].search(text):
                found[key] = VERDICT["el"].search(greek).group(0) + " in " + greek[:80]
    assert found == {}


def test_theme_texts_make_no_verdict_but_of_proven_puzzles() -> None:
    """A theme's words are claims too: a verdict word only in a theme whose puzzles are all best-move puzzles."""
    for lang in LANGS:
        for key, theme in themes(lang=lang).items():
            if VERDICT[lang].search(theme.text) or VERDICT[lang].search(theme.title):
                assert {p.check for p in PUZZLES.values() if p.theme == key} == {"best"}, (lang, key)
