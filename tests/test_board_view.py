"""One trip per draw (issue 30): an activity answers each action with one frozen ``tutor.view.BoardView``,
made once and kept until the activity changes; ``ui.board`` draws from it alone and ``ui.board_data``
turns it into ``board.js``'s data.

A view kept too long would draw a board that is no longer true, so every kind of activity is driven
through every way it can change (generated sequences of actions) and its kept view is compared, after
each action, with one made afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.calls import counting
from engine import NORTH, SOUTH, KalahRules, OwareRules, Place, Position, Rules, legal_moves, play
from lessons.loader import load_lessons, load_puzzles
from tests.lesson_fixtures import fixture
from tests.test_clock import FakeTime
from tutor import i18n, words
from tutor.activity import Activity
from tutor.lesson import LessonActivity
from tutor.links import link_query
from tutor.live import QuestionActivity
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity
from tutor.sandbox import SandboxActivity
from tutor.steps.game import skip
from tutor.view import BoardView
from ui import board, state
from ui.board_data import board_data, counts_of

START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"
AFTER_3 = "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"


def first_legal(position: Position, rules: Rules, level: str, rng: object, time_ms: object) -> int:
    """A computer for tests: the lowest legal pit, at once."""
    return legal_moves(position, rules)[0]


def kept_is_fresh(activity: Activity) -> BoardView:
    """The view ``activity`` keeps is the one it would make now, and asked again it is the same object
    (only a running clock is read again); returns it."""
    view = activity.view()
    assert view == activity.make_view()
    again = activity.view()
    if view.clock is None or view.clock.running is None:
        assert again is view
    else:
        assert again.ahead is view.ahead and again.position is view.position
    return again


# ------------------------------------------------------------------ made once, kept until a change


def test_a_view_is_made_once_and_asked_again_costs_no_engine_call():
    sb = SandboxActivity(KalahRules())
    view = sb.view()
    assert (view.notation, view.playable, view.last, view.sowing, view.said, view.clock) == (
        START, (1, 2, 3, 4, 5, 6), None, None, "", None)
    assert view.turn_text == words.sandbox_to_move(SOUTH, "two", False)
    assert [(a.pit, a.notation) for a in view.ahead][2] == (3, AFTER_3)
    with counting() as calls:
        assert sb.view() is view and sb.view() is view
    assert calls == {}


def test_a_press_costs_one_play_and_its_view_is_made_once_with_every_press_foreseen():
    """Before issue 30's view, this press cost 1 play, 3 outcome and 1 to_notation, and drawing it
    5 play, 9 outcome, 3 legal_moves and 6 to_notation (``bench.press_calls``, the board fragment's
    run; every draw without a press cost the same again). Now the press checks the position against
    the view's notation, a game's outcome is worked out once for each position, and the board's data
    calls the engine nothing."""
    sb = SandboxActivity(KalahRules())
    seen = sb.view().notation
    with counting() as pressed:
        sb.press(3, seen)
    assert pressed == {"play": 1, "outcome": 2}  # the move, and the game's end looked for after it
    with counting() as drawn:
        view = sb.view()
        with i18n.held():
            data = board_data("b", view, state.BoardPrefs())
    # Pit 3's extra turn (K9): five pits to foresee, each one play (with its outcome) and one notation;
    # the board's own notation is the one pit 3's foreseen press had.
    assert drawn == {"play": 5, "outcome": 5, "legal_moves": 2, "to_notation": 5}
    assert (data["notation"], sorted(data["ahead"]), data["playable"]) == (AFTER_3, ["1", "2", "4", "5", "6"],
                                                                           [1, 2, 4, 5, 6])
    with counting() as again:
        assert sb.view() is view
    assert again == {}


def test_each_kind_of_change_makes_the_next_view_again():
    sb = SandboxActivity(KalahRules())
    sb.now = fake = FakeTime()
    views = [sb.view()]

    def changed(action: Callable[[], object]) -> BoardView:
        action()
        view = kept_is_fresh(sb)
        assert all(view is not earlier for earlier in views)
        views.append(view)
        return view

    assert changed(lambda: sb.press(3)).notation == AFTER_3
    assert changed(sb.undo).notation == START and sb.view().sowing is None
    assert changed(sb.redo).notation == AFTER_3
    assert changed(lambda: sb.set_players("computer", NORTH)).turn_text == words.sandbox_to_move(SOUTH, "computer", False)
    view = changed(lambda: sb.press(1))
    assert view.playable == () and view.ahead == () and sb.computer_to_move()
    view = changed(lambda: sb.computer_turn(first_legal, clock=fake))
    assert view.position.to_move == SOUTH and view.sowing is not None and view.sowing.extends is not None
    assert changed(sb.computer_failed).turn_text == words.sandbox_to_move(SOUTH, "two", False)
    assert changed(lambda: sb.apply_notation("0,0,0,0,0,1/30/2,3,4,4,4,0/0/S")).notation == "0,0,0,0,0,1/30/2,3,4,4,4,0/0/S"
    assert changed(lambda: sb.new_game(OwareRules())).rules == OwareRules()
    assert sb.set_time_control({"clock": "3+2"})
    assert changed(lambda: sb.new_game(KalahRules())).clock.running is None
    view = changed(lambda: sb.press(1))
    assert view.clock.running == NORTH and view.clock.waiting is False and view.ahead == ()
    assert changed(sb.pause_clocks).clock.paused and sb.view().playable == ()
    assert changed(sb.resume_clocks).clock.running == NORTH
    fake.wait(200)
    assert changed(sb.check_time).clock.flagged == NORTH and sb.view().turn_text.startswith("Game over.")


def test_the_words_of_a_view_follow_the_language():
    sb = SandboxActivity(KalahRules())
    sb.press(3)
    english = sb.view()
    i18n.use("el")
    try:
        greek = kept_is_fresh(sb)
        assert greek is not english and greek.turn_text != english.turn_text and greek.said != english.said
        assert greek.ahead == english.ahead and greek.position is english.position
    finally:
        i18n.use(None)
    assert kept_is_fresh(sb).turn_text == english.turn_text


def test_a_running_clock_is_read_again_and_nothing_else_is_made_again():
    sb = SandboxActivity(KalahRules())
    sb.now = fake = FakeTime()
    assert sb.set_time_control({"clock": "3+2"})
    sb.new_game(KalahRules())
    sb.press(1)  # South's first move: North's clock runs
    view = sb.view()
    fake.wait(2)
    with counting() as calls:
        later = sb.view()
    assert calls == {}
    assert later is not view and later.clock.north_ms == view.clock.north_ms - 2000
    assert (later.position, later.playable, later.turn_text, later.sowing) == (view.position, view.playable,
                                                                               view.turn_text, view.sowing)
    sb.pause_clocks()
    paused = sb.view()
    fake.wait(5)
    assert sb.view() is paused  # a stopped clock does not move


def test_lessons_puzzles_and_questions_answer_with_their_views():
    lesson = LessonActivity(fixture(), Progress(), 1)  # a do step: pit 3 lit
    view = lesson.view()
    assert view.lit == (Place(SOUTH, 3),) and [a.pit for a in view.ahead] == [3] and view.playable == (1, 2, 3, 4, 5, 6)
    lesson.press(3)
    view = kept_is_fresh(lesson)
    assert lesson.done and view.lit == () and view.playable == () and view.last.pit == 3
    puzzle = PuzzleActivity(load_puzzles()["capture-pick-the-pile"], Progress())
    assert [a.pit for a in puzzle.view().ahead] == [2, 3, 6]
    puzzle.press(3)  # a wrong turn, and North's answer
    view = kept_is_fresh(puzzle)
    assert view.playable == () and view.turn_text == words.after_wrong_line() and len(view.sowing.results) == 2
    puzzle.reset()
    assert kept_is_fresh(puzzle).position == puzzle.puzzle.start
    rules = KalahRules()
    question = QuestionActivity(link_query(rules, rules.initial_position()), lambda pit: True)
    question.press(2)
    assert kept_is_fresh(question).lit == (Place(SOUTH, 2),) and question.view().playable == (1, 2, 3, 4, 5, 6)
    question.reveal(frozenset({3}))
    assert kept_is_fresh(question).playable == () and question.view().turn_text == words.to_move(SOUTH)


# ------------------------------------------------------------------ ui draws from the view alone


def test_the_board_asks_its_activity_for_its_view_alone(monkeypatch):
    """``ui.board.draw`` reads ``view()`` and hands over ``clock_shown`` (a callback); the press goes back
    through ``press`` only when the board sends one."""
    asked: list[str] = []
    sb = SandboxActivity(KalahRules())

    class Watched:
        def __getattr__(self, name: str) -> Any:
            asked.append(name)
            return getattr(sb, name)

    mounted: dict[str, Any] = {}
    monkeypatch.setattr(board, "_component", lambda **kwargs: mounted.update(kwargs))
    session = state.Session()
    monkeypatch.setattr(board.state, "session", lambda: session)
    board.draw(Watched(), "b")  # type: ignore[arg-type]
    assert asked == ["view", "clock_shown"]
    assert mounted["data"] == board._sent(board_data("b", sb.view(), state.BoardPrefs(), session=session.serial))
    assert state.Session().serial != session.serial  # each session its own: a board of another is told apart


def test_the_board_data_is_made_from_a_view_without_an_activity():
    rules = KalahRules()
    start = rules.initial_position()
    result = play(start, 3, rules)
    from tutor.sowing import Sowing
    from tutor.view import Ahead

    sowing = Sowing(start, (result,), 7)
    ahead = Sowing(result.position, (play(result.position, 6, rules),), 8)
    view = BoardView(result.position, rules, AFTER_3, playable=(6,), lit=(Place(SOUTH, 6),), last=result,
                     turn_text="Go on", sowing=sowing, said="Said.", ahead=(Ahead(6, ahead, "x"),))
    data = board_data("b", view, state.BoardPrefs(animate=False), presses=2)
    assert {k: data[k] for k in ("notation", "playable", "interactive", "lit", "path", "origin", "last", "turn_text",
                                 "said", "said_id", "presses", "anim", "clock")} == {
        "notation": AFTER_3, "playable": [6], "interactive": True, "lit": ["S6"], "path": ["S4", "S5", "S6", "S0"],
        "origin": "S3", "last": "S0", "turn_text": "Go on", "said": "Said.", "said_id": "b:7", "presses": 2,
        "anim": None, "clock": None}
    assert data["counts"] == counts_of(result.position)
    assert data["ahead"]["6"]["notation"] == "x" and data["ahead"]["6"]["counts"] == counts_of(ahead.end)


# ------------------------------------------------------------------ a kept view is never out of date


def _fuzz(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


SANDBOX_ACTIONS = ("press", "press", "press", "any", "undo", "redo", "jump", "new", "computer", "two", "turn",
                   "fail", "timed", "untimed", "pause", "resume", "tick", "check", "shown", "editor", "lang")


def _sandbox_action(sb: SandboxActivity, fake: FakeTime, rules: Rules, action: str, k: int) -> None:
    legal = sb.playable()
    if action == "press" and legal:
        sb.press(legal[k % len(legal)], sb.view().notation)
    elif action in ("press", "any"):
        sb.press(k % (rules.pits + 1) + 1)
    elif action == "undo":
        sb.undo()
    elif action == "redo":
        sb.redo()
    elif action == "jump":
        sb.jump_to_before(k % (len(sb.game.results) + 1) + 1)
    elif action == "new":
        sb.new_game(rules, NORTH if k % 2 else SOUTH)
    elif action in ("computer", "two"):
        sb.set_players(action, NORTH if k % 2 else SOUTH)
    elif action == "turn":
        sb.computer_turn(first_legal, clock=fake)
    elif action == "fail":
        sb.computer_failed()
    elif action in ("timed", "untimed"):
        sb.set_time_control({"clock": "3+2" if action == "timed" else "none"})
        sb.new_game(rules)
    elif action == "pause":
        sb.pause_clocks()
    elif action == "resume":
        sb.resume_clocks()
    elif action == "tick":
        fake.wait(k * 9)
    elif action == "check":
        sb.check_time()
    elif action == "shown":
        sb.clock_shown()
    elif action == "editor":
        sb.apply_notation(sb.position.with_to_move(NORTH if sb.position.to_move == SOUTH else SOUTH).to_notation())
    else:
        i18n.use("el" if k % 2 else None)


@_fuzz(120)
@given(st.sampled_from([KalahRules(), OwareRules(), KalahRules(pits=3, seeds=1)]),
       st.lists(st.tuples(st.sampled_from(SANDBOX_ACTIONS), st.integers(0, 9)), max_size=30))
def test_the_sandbox_keeps_its_view_only_while_nothing_changes(rules, actions):
    sb = SandboxActivity(rules)
    sb.now = fake = FakeTime()
    try:
        kept_is_fresh(sb)
        for action, k in actions:
            _sandbox_action(sb, fake, rules, action, k)
            kept_is_fresh(sb)
    finally:
        i18n.use(None)


LESSONS = {"fixture": fixture(), **load_lessons()}
LESSON_ACTIONS = ("press", "press", "answer", "show_me", "retry", "next", "next", "back", "restart", "skip",
                  "game_press", "game_turn", "play_again", "lang")


def _lesson_action(run: LessonActivity, action: str, k: int) -> None:
    game = run.game
    if action == "press":
        run.press(k % run.rules.pits + 1)
    elif action == "answer":
        options = list(getattr(run.step, "options", []))
        if options:
            run.answer(options[k % len(options)])
    elif action == "show_me":
        run.show_me()
    elif action == "retry":
        run.retry()
    elif action == "next":
        run.next_step()
    elif action == "back":
        run.back()
    elif action == "restart":
        run.restart()
    elif action == "skip":
        skip(run)
    elif action == "game_press" and game is not None:
        legal = game.playable()
        game.press(legal[k % len(legal)] if legal else 1)
    elif action == "game_turn" and game is not None:
        game.computer_turn(first_legal)  # type: ignore[attr-defined]
    elif action == "play_again" and game is not None:
        game.play_again()  # type: ignore[attr-defined]
    elif action == "lang":
        i18n.use("el" if k % 2 else None)


@_fuzz(120)
@given(st.sampled_from(sorted(LESSONS)), st.integers(0, 30),
       st.lists(st.tuples(st.sampled_from(LESSON_ACTIONS), st.integers(0, 9)), max_size=30))
def test_a_lesson_and_its_games_keep_their_views_only_while_nothing_changes(lesson_id, start, actions):
    lesson = LESSONS[lesson_id]
    run = LessonActivity(lesson, Progress(), start % len(lesson.steps))
    try:
        for action, k in [("look", 0), *actions]:
            _lesson_action(run, action, k)
            kept_is_fresh(run)
            if run.game is not None:
                kept_is_fresh(run.game)
    finally:
        i18n.use(None)


PUZZLES = load_puzzles()


@_fuzz(60)
@given(st.sampled_from(sorted(PUZZLES)),
       st.lists(st.tuples(st.sampled_from(("press", "press", "reset", "hint", "lang")), st.integers(0, 9)), max_size=8))
def test_a_puzzle_keeps_its_view_only_while_nothing_changes(pid, actions):
    run = PuzzleActivity(PUZZLES[pid], Progress())
    try:
        kept_is_fresh(run)
        for action, k in actions:
            if action == "press":
                run.press(k % run.rules.pits + 1)
            elif action == "reset":
                run.reset()
            elif action == "hint":
                run.show_hint()
            else:
                i18n.use("el" if k % 2 else None)
            kept_is_fresh(run)
    finally:
        i18n.use(None)
