"""Every lesson step and every puzzle, driven with every pit (the wrong ones and the right one), every
answer and "Show me", in English and Greek: what the learner reads must agree with the board beside it
(issue 36; the checks: ``tests/words_checks.py``).

- A ``do``, ``find`` or ``goal`` step: each pit pressed on a fresh run of the step (a goal step's turn
  followed through every extra turn, pit by pit), and "Show me".
- A ``predict`` step: each answer.
- A ``game`` step: each first pit, then the game played to its end (the learner and the computer each
  playing their lowest legal pit): the verdict against the board drawn when the game is over.
- A puzzle: every turn its position allows (``engine.all_turns``), pressed pit by pit until it is
  solved or missed, the notice, "Why?" and the line above the board.

At each moment: the notice (and its "Why?"), the line above the board, the board drawn, the moves the
board showed. :func:`tests.words_checks.problems` lists what is wrong; the test fails on any, naming
the lesson or puzzle, the pits and the language.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import KalahRules, OwareRules, Position, Rules, all_turns, legal_moves, misses, play
from lessons.loader import load_lessons, load_puzzles
from lessons.models import Lesson, Puzzle
from tutor import i18n
from tutor.activity import Activity, Feedback
from tutor.lesson import LessonActivity
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity
from tutor.steps.game import StepGame

from .words_checks import Shown, problems

LANGS = ("en", "el")
GAME_MOVES = 600
"""A safety stop for one game step's game (every game of the course ends long before)."""
TRIED: Counter[str] = Counter()
"""What the test drove, by kind (``"lesson presses"``, ``"puzzle turns"``...), summed over the languages."""


def _lowest(position: Position, rules: Rules, level: str, rng: random.Random | None, time_ms: int | None) -> int:
    """The computer of a game step in this test: its lowest legal pit (no search)."""
    return legal_moves(position, rules)[0]


def _texts(activity: Activity) -> list[str]:
    notice = activity.notice
    texts = [activity.turn_text()]
    if notice is not None:
        texts.append(notice.text)
        if isinstance(notice, Feedback) and notice.details:
            texts.append(notice.details)
    return texts


def _content(item: Lesson | Puzzle, step: Any = None) -> list[str]:
    """The item's own words: every text field of the step or the puzzle (proved by their claims)."""
    out: list[str] = []

    def collect(value: Any) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                collect(v)
        elif isinstance(value, list | tuple):
            for v in value:
                collect(v)
        elif hasattr(value, "model_dump"):
            collect(value.model_dump())

    collect(step if step is not None else item)
    return out


def _shown(where: str, activity: Activity, you: str, lang: str, content: list[str]) -> Shown:
    sowing = activity.sowing
    moves = sowing.results if sowing is not None else ()
    return Shown(where, _texts(activity), activity.position, moves, you, lang, content)  # type: ignore[arg-type]


# ------------------------------------------------------------------ lessons


def _lesson_moments(lesson: Lesson, index: int, lang: str) -> Iterator[Shown]:
    step = lesson.steps[index]
    content = _content(lesson, step) + [lesson.summary]
    n = lesson.step_rules(step).pits

    def fresh() -> LessonActivity:
        return LessonActivity(lesson, Progress(), index)

    where = f"lesson {lesson.number} step {step.id!r} ({lang})"
    run = fresh()
    if run.game is not None:
        yield from _game_moments(run, where, lang, content, n)
        return
    for choice in getattr(step, "choices", None) or []:
        run = fresh()
        run.answer(choice.answer)
        TRIED["lesson answers"] += 1
        yield _shown(f"{where} answer {choice.answer!r}", run, "S", lang, content)
    if not run.handler.presses:
        return
    if run.handler.has_solution:
        run = fresh()
        run.show_me()
        TRIED["lesson show me"] += 1
        yield _shown(f"{where} Show me", run, "S", lang, content)

    def press(pits: tuple[int, ...], depth: int) -> Iterator[Shown]:
        for pit in range(1, n + 1):
            run = fresh()
            for p in pits:
                run.press(p)
            run.press(pit)
            TRIED["lesson presses"] += 1
            shown = _shown(f"{where} pits {[*pits, pit]}", run, "S", lang, content)
            goes_on = run.turn.pits == (*pits, pit) and not run.done and not run.failed and not run.turn.complete
            if goes_on and not _can_reach(lesson, step, run.turn.pits):
                shown.flagged.append("the turn goes on ('keep going') but no way to finish it reaches the goal")
            yield shown
            if goes_on and depth < 12:
                yield from press((*pits, pit), depth + 1)

    yield from press((), 0)


def _can_reach(lesson: Lesson, step: Any, pits: tuple[int, ...]) -> bool:
    """Some complete turn from the step's position that starts with ``pits`` meets the step's goal
    (worked out here from ``engine.all_turns``, apart from the tutor's own ``reachable``)."""
    rules = lesson.step_rules(step)
    return any(turn.pits[:len(pits)] == pits and not misses(step.goal, turn, rules)
               for turn in all_turns(lesson.step_position(step), rules))


def _game_moments(run: LessonActivity, where: str, lang: str, content: list[str], n: int) -> Iterator[Shown]:
    for first in range(1, n + 1):
        run.start_step(run.index)
        game = run.game
        assert isinstance(game, StepGame)
        game.choose, game.rng = _lowest, None
        game.press(first)
        TRIED["game first pits"] += 1
        yield _shown(f"{where} first pit {first}", game, game.learner, lang, content)
        for _ in range(GAME_MOVES):
            if game.over():
                break
            if game.computer_to_move():
                game.computer_turn()
            else:
                game.press(game.playable()[0])
        assert game.over(), where
        TRIED["games to the end"] += 1
        yield _shown(f"{where} first pit {first}: the end", game, game.learner, lang, content)


LESSONS = {lang: load_lessons(lang=lang, prove=False) for lang in LANGS}


@pytest.mark.parametrize("lesson_id", list(LESSONS["en"]))
def test_every_press_in_a_lesson_agrees_with_the_board(lesson_id: str) -> None:
    found: list[str] = []
    for lang in LANGS:
        lesson = LESSONS[lang][lesson_id]
        i18n.use(lang)
        try:
            for index in range(len(lesson.steps)):
                for shown in _lesson_moments(lesson, index, lang):
                    found += [f"{shown.where}: {p}" for p in problems(shown, lesson.step_rules(lesson.steps[index]).pits)]
        finally:
            i18n.use(None)
    assert not found, f"{len(found)} problems, the first ones:\n" + "\n".join(found[:12])


# ------------------------------------------------------------------ puzzles

PUZZLES = {lang: load_puzzles(lang=lang, prove=False) for lang in LANGS}


def _puzzle_moments(pid: str) -> Iterator[tuple[Shown, int]]:
    english = PUZZLES["en"][pid]
    rules = english.game_rules
    for turn in all_turns(english.start, rules):
        for lang in LANGS:
            puzzle = PUZZLES[lang][pid]
            i18n.use(lang)
            try:
                run = PuzzleActivity(puzzle, Progress())
                pressed: list[int] = []
                for pit in turn.pits:
                    if not run.accepts_presses():
                        break
                    run.press(pit)
                    pressed.append(pit)
                    TRIED["puzzle presses"] += 1
                    shown = _shown(f"puzzle {pid!r} pits {pressed} ({lang})", run, puzzle.start.to_move, lang,
                                   _content(puzzle))
                    details = run.details()
                    if details:
                        shown.texts.append("\n\n".join(details))
                    yield shown, rules.pits
            finally:
                i18n.use(None)
        TRIED["puzzle turns"] += 1


@pytest.mark.parametrize("pid", list(PUZZLES["en"]))
def test_every_turn_of_a_puzzle_is_told_in_agreement_with_the_board(pid: str) -> None:
    found = [f"{shown.where}: {p}" for shown, pits in _puzzle_moments(pid) for p in problems(shown, pits)]
    assert not found, f"{len(found)} problems, the first ones:\n" + "\n".join(found[:12])


def test_the_drive_reaches_every_kind_of_moment() -> None:
    """What one lesson and one puzzle drive: every step of lesson 3 (presses through each chain of extra
    turns, answers, "Show me"), and every turn of a puzzle in both languages."""
    lesson = LESSONS["en"]["extra-turns"]
    before = Counter(TRIED)
    i18n.use("en")
    try:
        shown = [s for index in range(len(lesson.steps)) for s in _lesson_moments(lesson, index, "en")]
    finally:
        i18n.use(None)
    tried = Counter(TRIED)
    tried.subtract(before)
    assert tried["lesson presses"] > len(lesson.steps) * 6 and tried["lesson answers"] > 0 and tried["lesson show me"] > 0
    assert len(shown) == tried["lesson presses"] + tried["lesson answers"] + tried["lesson show me"]
    assert any(len(s.moves) > 2 for s in shown)  # a chain of extra turns followed to its end
    puzzle = PUZZLES["en"]["chain-five"]
    turns = sum(1 for _ in all_turns(puzzle.start, puzzle.game_rules))
    assert sum(1 for _ in _puzzle_moments("chain-five")) >= turns * len(LANGS)


# ------------------------------------------------------------------ the checks can fail

BOARD = Position.from_notation("0,0,0,0,0,1/24/0,0,0,0,0,1/22/S", OwareRules())


@pytest.mark.parametrize(("text", "lang", "found"), [
    ("Not this time: the game goes on; the game goes on.", "en", "repeated clause 'the game goes on'"),
    ("Όχι αυτή τη φορά: το παιχνίδι συνεχίζεται· το παιχνίδι συνεχίζεται.", "el", "repeated clause"),
    ("Found it! Pit 1's 2 seeds end in your empty pit 3, across from North's 5: 6 seeds captured.", "en",
     "seeds read as a pit \"North's 5\""),
    ("Not yet: that turn earned 0 extra turns, the goal needs 1.", "en", "a count of none as a number"),
    ("Game over. South wins 25 to 23", "en", "score 25 to 23 (board 24 and 22)"),
    ("Τέλος παιχνιδιού. Ο Νότος κερδίζει 25-23", "el", "score 25-23 (board 24 and 22)"),
    ("Έτσι τελειώνει το παιχνίδι: Ο Βορράς κερδίζει 24-22.", "el", "a capital after a colon"),
])
def test_each_check_finds_the_words_the_issue_quoted(text: str, lang: str, found: str) -> None:
    shown = Shown("a test", ["", text], BOARD, lang=lang)
    assert any(found in p for p in problems(shown, 6)), problems(shown, 6)
    fine = Shown("a test", ["", "Game over. South wins 24 to 22"], BOARD, lang="en")
    assert problems(fine, 6) == []


def test_the_your_check_finds_north_told_as_yours() -> None:
    """A step played for North (the learner is South): "your store" for North's store is found, "North's store"
    and South's own places are fine."""
    rules = KalahRules()
    start = Position.from_notation("4,4,4,4,4,4/3/4,2,1,1,9,0/4/N", rules)
    move = play(start, 1, rules)
    said = "Not yet: your store ends with 4 seeds, but you need 5 there."
    assert problems(Shown("a test", ["", said], move.position, (move,)), 6) == [
        f"'your store' for the other side in {said!r}"]
    assert problems(Shown("a test", ["", "Not yet: North's store ends with 4 seeds."], move.position, (move,)), 6) == []


# ------------------------------------------------------------------ the sentences the issue quoted


def _step(lesson_id: str, step_id: str, lang: str = "en") -> LessonActivity:
    lesson = LESSONS[lang][lesson_id]
    return LessonActivity(lesson, Progress(), [s.id for s in lesson.steps].index(step_id))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Not this time: the game goes on."),
    ("el", "Όχι αυτή τη φορά: το παιχνίδι συνεχίζεται."),
])
def test_the_game_goes_on_is_said_once_bug(lang: str, said: str) -> None:
    """Tester: "Not this time: the game goes on; the game goes on." (a goal of the game's end and a winner)."""
    i18n.use(lang)
    try:
        run = PuzzleActivity(PUZZLES[lang]["counting-capture-ends-it"], Progress())
        run.press(1)
        assert run.notice is not None and run.notice.text == said
    finally:
        i18n.use(None)


def test_a_step_played_for_north_names_norths_pit_and_store_bug() -> None:
    """Tester: in a step played for North the words said "your pit 3 ... your store" of North's (the lesson's
    "you" is South). Now North's places are North's, in the sentence and under "Why?"."""
    run = _step("extra-turns", "north-too")
    run.press(1)
    assert run.notice is not None and run.notice.text == (
        "North's pit 1: its last seed lands in North's pit 3, not in North's store, so North does not move again.")
    store = _step("setup", "north-side")
    store.press(1)
    assert isinstance(store.notice, Feedback)
    assert store.notice.text == ("North's pit 1 is the top-right pit, 6 steps from North's store: its 3 seeds stop long "
                                 "before it.")
    assert "store ends with" not in store.notice.details  # a total the step never told (ut46 #6)


def test_no_extra_turn_is_said_as_none_not_as_0_bug() -> None:
    """Tester: "Not yet: that turn earned 0 extra turns, the goal needs 1"."""
    run = _step("extra-turns", "three-seeds")
    run.press(1)
    assert isinstance(run.notice, Feedback)
    assert run.notice.text == "Pit 1's last seed lands in your pit 4, not in your store: no extra turn."
    assert "Not yet: that turn earned no extra turn, and the goal asks for 1 extra turn." in run.notice.details


def test_a_number_of_seeds_is_never_read_as_a_pit_bug() -> None:
    """Tester: "across from North's 5" (North's 5 seeds, read as North's pit 5)."""
    run = _step("captures", "find-the-capture")
    run.press(1)
    assert run.notice is not None and "across from North's 5 seeds: 6 seeds captured" in run.notice.text
