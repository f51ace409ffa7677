"""A lesson's game step (tutor/steps/game.py) in plain pytest: the learner plays the side to move, the
computer replies (an injected chooser: no search time, no clock), a won game completes the step, a lost one
does not and can be played again, an optional game can be skipped without losing a star, and both Awari
endings of lesson 8 are played to their end (no moves left, and a position that came back, A6)."""

from __future__ import annotations

import random
import threading

import pytest

from engine import EndReason, Position, legal_moves, play
from engine.search.levels import best_move
from lessons.loader import load_lessons
from lessons.models import GameStep
from tests.game_support import easy_computer, first_pit, learner_pit, play_out
from tutor import i18n, words
from tutor.lesson import LessonActivity
from tutor.steps.game import StepGame, can_skip, skip
from tutor.progress import Progress

LESSONS = load_lessons()


def at_step(lesson_id: str, step_id: str, progress: Progress | None = None) -> LessonActivity:
    lesson = LESSONS[lesson_id]
    return LessonActivity(lesson, progress or Progress(), [s.id for s in lesson.steps].index(step_id))


def searcher(position, rules, level, rng, time_ms) -> int:
    """A strong computer for tests: a 6-ply search with no time limit."""
    return best_move(position, rules, time_ms=None, max_depth=6)[0]


def scripted(pits: list[int], calls: list | None = None):
    """A computer that plays ``pits`` in order (and records what it was asked)."""
    todo = list(pits)

    def choose(position, rules, level, rng, time_ms):
        if calls is not None:
            calls.append((position.to_notation(), level, time_ms))
        return todo.pop(0)

    return choose


# ------------------------------------------------------------------ the game steps in the content


def test_lesson_7_ends_with_a_game_to_win_against_easy_then_an_optional_one_against_medium() -> None:
    *_, easy, medium = LESSONS["strategy"].steps
    assert isinstance(easy, GameStep) and (easy.level, easy.must_win, easy.optional) == ("easy", True, False)
    assert isinstance(medium, GameStep) and (medium.level, medium.must_win, medium.optional) == ("medium", True, True)
    assert easy.position is None and medium.position is None  # a whole game from the start, South first


def test_only_game_steps_have_a_game() -> None:
    for lesson in LESSONS.values():
        for k, step in enumerate(lesson.steps):
            run = LessonActivity(lesson, Progress(), k)
            assert (run.game is not None) == isinstance(step, GameStep), (lesson.id, step.id)
            if run.game is not None:
                assert run.game.position == lesson.step_position(step)
                assert run.game.learner == lesson.step_position(step).to_move


# ------------------------------------------------------------------ a whole game


def test_a_whole_game_won_against_a_scripted_computer_completes_the_step() -> None:
    progress = Progress()
    run = at_step("strategy", "beat-easy", progress)
    game = run.game
    assert not run.done and game.accepts_presses() and game.playable() == (1, 2, 3, 4, 5, 6)
    assert game.turn_text() == "South (you) to move"
    end = play_out(game, computer=first_pit)
    assert (end.winner, end.score, end.reason) == ("S", (41, 7), EndReason.ROW_EMPTY)
    assert run.done and game.finished and game.games == 1
    assert game.notice is not None and game.notice.kind == "success"
    assert game.notice.text.startswith("Well done! You won 41 to 7.")
    assert game.notice.text.endswith(run.step.done)
    assert progress.lesson("strategy").steps_done == {"beat-easy"}
    assert run.slips == {"beat-easy": 0}
    assert game.turn_text() == "Game over. You won 41 to 7"
    assert not game.accepts_presses() and game.playable() == ()


def test_the_easy_computer_is_beaten_by_a_learner_who_looks_ahead() -> None:
    """The real Easy level (seeded ties) against a 6-ply learner: the same game on every machine."""
    run = at_step("strategy", "beat-easy")
    end = play_out(run.game, computer=easy_computer(0))
    assert (end.winner, end.score) == ("S", (28, 20))
    assert run.done


def test_a_lost_game_is_said_kindly_does_not_complete_the_step_and_can_be_played_again() -> None:
    progress = Progress()
    run = at_step("strategy", "beat-easy", progress)
    game = run.game
    def searcher(position, rules, level, rng, time_ms):
        from engine.search.levels import best_move

        return best_move(position, rules, time_ms=None, max_depth=6)[0]

    end = play_out(game, pick=lambda g: g.playable()[0], computer=searcher)
    assert (end.winner, end.score) == ("N", (5, 43))
    assert not run.done and not game.finished and game.games == 1
    assert game.notice.kind == "warning"
    assert game.notice.text == ("Not this time. You lost 5 to 43. The game ended because South's row is empty. "
                                "Every game teaches you something: press **Play again** and try another plan.")
    assert progress.lesson("strategy").steps_done == set()
    run.next_step()
    assert run.step.id == "beat-easy"  # Next stays closed
    game.play_again()
    assert game.position == Position.from_notation("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    assert game.notice is None and game.sowing is None and game.accepts_presses()
    play_out(game, computer=first_pit)
    assert run.done and game.games == 2
    assert run.slips == {"beat-easy": 0}  # a lost game is no slip


def test_a_draw_is_no_win_when_a_win_is_asked_for() -> None:
    run = at_step("awari-strategy", "round-and-round")
    step = run.step.model_copy(update={"must_win": True, "position": "0,0,0,0,0,1/23/0,0,0,0,0,1/23/S"})
    game = StepGame(step, run.lesson.step_position(step), run.rules)
    end = play_out(game)
    assert (end.winner, end.score, end.reason) == (None, (24, 24), EndReason.REPETITION)
    assert not game.finished
    assert game.notice.text.startswith("So close! A draw, 24 to 24.")


def test_without_must_win_the_step_is_done_whatever_the_result() -> None:
    run = at_step("strategy", "beat-easy")
    done = []
    step = run.step.model_copy(update={"must_win": False})
    game = StepGame(step, run.position, run.rules, done.append)
    end = play_out(game, pick=lambda g: g.playable()[0], computer=searcher)
    assert end.winner == "N"
    assert game.finished and done == [game]
    assert game.notice.kind == "success" and game.notice.text.startswith("Game over. You lost 5 to 43.")


# ------------------------------------------------------------------ the computer's turn


def test_the_computer_replies_after_the_learner_and_the_board_shows_both() -> None:
    run = at_step("strategy", "beat-easy")
    game = run.game
    calls: list = []
    game.choose = scripted([1], calls)
    game.clock = lambda: 100.0  # a clock that stands still: the whole budget is left
    assert game.computer_turn() == 0 and calls == []  # the learner is to move: the computer waits
    game.press(1)
    assert game.computer_to_move() and not game.accepts_presses() and game.playable() == ()
    assert game.turn_text() == "North (computer) to move"
    before = game.position
    game.press(2)  # not the learner's turn: nothing happens
    assert game.position == before
    assert game.computer_turn() == 1
    assert calls == [("0,5,5,5,5,4/0/4,4,4,4,4,4/0/N", "easy", 3000)]
    assert game.position == Position.from_notation("0,5,5,5,5,4/0/0,5,5,5,5,4/0/S")
    assert [r.pit for r in game.sowing.results] == [1, 1]  # the learner's move and the reply, animated together
    assert game.sowing.extends is not None and game.sowing.start == LESSONS["strategy"].step_position(run.step)


def test_the_computer_plays_its_extra_turns_in_one_go_within_its_budget() -> None:
    run = at_step("strategy", "beat-easy")
    game = run.game
    now = [100.0]
    game.clock = lambda: now[0]
    calls: list = []

    def slow(position, rules, level, rng, time_ms):
        calls.append(time_ms)
        now[0] += 0.5
        return scripted([3, 1])(position, rules, level, rng, time_ms) if len(calls) == 1 else 1

    game.choose = slow
    game.press(1)
    assert game.computer_turn() == 2  # pit 3 gives North an extra turn (K9), then pit 1
    assert calls == [3000, 2500]
    assert game.position.to_move == "S"


def test_the_computer_cannot_move_while_the_learner_presses_from_another_thread() -> None:
    """One writer: while the computer thinks (another script run), a press is refused and said."""
    run = at_step("strategy", "beat-easy")
    game = run.game
    game.press(1)
    started, release = threading.Event(), threading.Event()

    def thinking(position, rules, level, rng, time_ms):
        started.set()
        release.wait(5)
        return 1

    game.choose = thinking
    worker = threading.Thread(target=game.computer_turn)
    worker.start()
    assert started.wait(5)
    game.play_again()
    assert game.notice is not None and game.notice.text == words.busy_refused()
    release.set()
    worker.join(5)
    assert len(game.game.results) == 2


# ------------------------------------------------------------------ skipping an optional game


def test_an_optional_game_can_be_skipped_and_never_costs_a_star() -> None:
    progress = Progress()
    lesson = LESSONS["strategy"]
    for step in lesson.steps[:-1]:  # the steps before, done without a slip
        progress.step_done("strategy", step.id)
    run = LessonActivity(lesson, progress, len(lesson.steps) - 1)
    assert run.step.id == "beat-medium" and can_skip(run)
    skip(run)
    assert run.finished
    assert progress.lesson("strategy").steps_done == {step.id for step in lesson.steps}
    assert run.slips["beat-medium"] == 0 and sum(run.slips.values()) == 0
    assert progress.lesson("strategy").stars == 3


def test_a_game_that_must_be_won_cannot_be_skipped() -> None:
    run = at_step("strategy", "beat-easy")
    assert not can_skip(run)
    skip(run)
    assert not run.done and run.step.id == "beat-easy"
    run = at_step("strategy", "nearest-first")
    assert not can_skip(run) and run.game is None


def test_a_game_left_behind_never_completes_another_step() -> None:
    """Back during a game: the old game's end (a computer turn still running) changes nothing."""
    run = at_step("strategy", "beat-easy")
    old = run.game
    run.back()
    assert run.step.id == "best-opening" and run.game is None
    play_out(old, computer=first_pit)
    assert old.finished and not run.done


# ------------------------------------------------------------------ the two Awari endings, played (A6)


def repeat_first(game: StepGame) -> int:
    """Round and round's plan: a pit that brings back a position of this game, else any pit but 6 (which
    feeds North), else pit 6."""
    seen = game.game.positions()
    for pit in game.playable():
        if play(game.position, pit, game.rules).position in seen:
            return pit
    home = [p for p in game.playable() if p != 6]
    return home[0] if home else 6


def medium(position, rules, level, rng, time_ms) -> int:
    """The Medium level's search (6 plies) with no time limit: the same moves on every machine."""
    return best_move(position, rules, time_ms=None, max_depth=6)[0]


def test_outlasting_north_ends_the_game_when_no_move_can_feed_it() -> None:
    """The exact line (the tests of tests/test_lesson_8.py prove pit 1 wins by 8): North runs out of moves first."""
    run = at_step("awari-strategy", "starve")
    game = run.game
    assert run.step.level == "medium"
    game.choose = scripted([6, 2, 3, 4, 5, 6])
    for pit in (1, 4, 3, 2, 1, 2):
        game.press(pit)
        if not game.over():
            assert game.computer_turn() == 1
    end = game.result()
    assert (end.winner, end.score, end.reason) == ("S", (28, 20), EndReason.NO_MOVES)
    assert run.done
    assert "North has no seeds and no move of South's can give them any" in game.notice.text


@pytest.mark.parametrize(("line", "reason", "score", "said"), [
    ([1, 2, 2, 3, 4, 4, 3, 5, 6, 1, 5, 1, 4, 6, 2, 2, 1, 3, 2, 4], EndReason.REPETITION, (26, 22),
     "A position came back, so the game ended"),
    ([1, 2, 2, 3, 3, 4, 4, 1, 5, 1, 6], EndReason.OVER_HALF, (25, 23), "You captured more than half of the seeds"),
])
def test_outlasting_north_says_what_really_ended_the_game_bug(line: list[int], reason: EndReason, score: tuple,
                                                              said: str) -> None:
    """Tester (issue 36): a win by a position that came back was told "North ran out of moves first". Each
    way the game ends has its own words, in English and Greek; none of them says North ran out of moves."""
    run = at_step("awari-strategy", "starve")
    game = run.game
    game.choose = scripted(line[1::2])
    for pit in line[::2]:
        game.press(pit)
        if not game.over():
            assert game.computer_turn() == 1
    end = game.result()
    assert (end.winner, end.score, end.reason) == ("S", score, reason)
    assert run.done and said in game.notice.text and "ran out of moves" not in game.notice.text
    greek = load_lessons(lang="el")["awari-strategy"]
    run.lesson = greek
    text = game.notice.text
    assert text.endswith(next(s for s in greek.steps if s.id == "starve").done_by[reason.value])
    assert "έμεινε πρώτος χωρίς κινήσεις" not in text


def test_a_game_step_s_words_for_an_ending_must_name_a_real_ending() -> None:
    step = next(s for s in LESSONS["awari-strategy"].steps if s.id == "starve")
    with pytest.raises(ValueError, match="done_by keys"):
        GameStep.model_validate({**step.model_dump(), "done_by": {"ran_out": "North ran out."}})
    assert step.done_for(EndReason.NO_MOVES) == step.done and step.done_for(EndReason.REPETITION) != step.done


def test_the_tempo_game_is_won_against_medium_by_a_learner_who_looks_ahead() -> None:
    run = at_step("awari-strategy", "starve")
    end = play_out(run.game, computer=medium)
    assert (end.winner, end.score) == ("S", (28, 20)) and run.done  # the exact line's 28 to 20 (with the Oware table)


@pytest.mark.parametrize(("first", "result"), [(2, ("N", (22, 26))), (4, ("N", (23, 25)))])
def test_a_waiting_move_that_gives_north_a_capture_loses_the_win(first: int, result: tuple) -> None:
    """Pit 2 or 4 leaves North's pit 6 a capture of 3 in your pits 1 and 2: against Medium the win is gone."""
    run = at_step("awari-strategy", "starve")
    game = run.game
    game.choose = medium
    game.press(first)
    game.computer_turn()
    assert game.game.results[-1].captured == 3
    end = play_out(game, computer=medium)
    assert (end.winner, end.score) == result
    assert not run.done and game.notice.kind == "warning"


def test_a_position_that_comes_back_ends_the_awari_game() -> None:
    """Keep pit 6 at home and bring a position back: the game ends by repetition (A6) and South's 2 seeds win."""
    run = at_step("awari-strategy", "round-and-round")
    game = run.game
    end = play_out(game, pick=repeat_first, computer=easy_computer(0))
    assert [r.pit for r in game.game.results] == [1, 3, 2, 4, 3, 5, 4, 6, 6, 1, 1, 2, 5]
    assert (end.winner, end.score, end.reason) == ("S", (25, 23), EndReason.REPETITION)
    assert run.done
    assert "the same position came back with no capture in between" in game.notice.text


@pytest.mark.parametrize("seed", [0, 1])
def test_feeding_north_first_in_round_and_round_loses_the_win(seed: int) -> None:
    run = at_step("awari-strategy", "round-and-round")
    game = run.game
    end = play_out(game, pick=lambda g: 6 if 6 in g.playable() else repeat_first(g), computer=easy_computer(seed))
    assert (end.winner, end.score, end.reason) == (None, (24, 24), EndReason.REPETITION)
    assert not run.done and game.notice.text.startswith("So close! A draw, 24 to 24.")


def test_the_board_shows_the_score_the_repetition_verdict_says_bug() -> None:
    """Tester: round-and-round ended on a board showing the rows still full under "You won 25 to 23" (A6: each
    player takes the seeds left in their own row). The board drawn now has them in the stores, in both languages."""
    run = at_step("awari-strategy", "round-and-round")
    game = run.game
    play_out(game, pick=repeat_first, computer=easy_computer(0))
    assert game.game.position.to_notation() == "0,1,0,0,0,1/23/0,0,1,0,0,0/22/N"  # the game's own record
    assert game.position.to_notation() == "0,0,0,0,0,0/25/0,0,0,0,0,0/23/N"  # the board: rows taken home
    assert game.turn_text() == "Game over. You won 25 to 23"
    assert game.notice.text.startswith("Well done! You won 25 to 23. The game ended because the same position")
    assert game.playable() == () and not game.accepts_presses()
    i18n.use("el")
    try:
        assert game.turn_text() == "Τέλος παιχνιδιού. Κέρδισες 25-23"
    finally:
        i18n.use(None)


def test_the_kroo_game_is_won_by_building_the_kroo_first() -> None:
    """Pit 5 makes the kroo 16; North's one seed moves; the kroo ends in North's pit 5 and wins (A2, A3)."""
    run = at_step("awari-strategy", "kroo-build")
    game = run.game
    game.choose = easy_computer(0)
    game.press(5)
    assert game.computer_turn() == 1
    game.press(6)
    end = game.result()
    assert (end.winner, end.score, end.reason) == ("S", (32, 16), EndReason.OVER_HALF)
    assert game.game.results[-1].captured == 11 and str(game.game.results[-1].last) == "North pit 5"
    assert run.done


def test_a_single_move_never_repeats_a_position_so_only_a_game_can_end_by_repetition() -> None:
    """The engine's repetition rule (A6) needs a game's history (``engine.Game``): ``play`` alone never ends a
    game by repetition, which is why lesson 8 plays that ending as a game step."""
    rules = LESSONS["awari-strategy"].step_rules(LESSONS["awari-strategy"].steps[0])
    pos = Position.from_notation("0,0,0,0,0,1/24/0,0,0,0,0,1/22/S", rules)
    for _ in range(12):
        pos = play(pos, legal_moves(pos, rules)[0], rules).position
    assert pos == Position.from_notation("0,0,0,0,0,1/24/0,0,0,0,0,1/22/S", rules)
    assert legal_moves(pos, rules) == (6,)  # without history the cycle would go on for ever


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_whole_awari_game_against_easy_is_won_by_a_learner_who_looks_ahead(seed: int) -> None:
    run = at_step("awari-strategy", "play-awari")
    end = play_out(run.game, pick=learner_pit, computer=easy_computer(seed))
    assert end.winner == "S" and run.done


def test_the_game_words_follow_the_lesson_language() -> None:
    """The done words are the lesson's step's at the moment the notice is shown (a language switch swaps them)."""
    run = at_step("awari-strategy", "kroo-build")
    game = run.game
    game.choose = easy_computer()
    game.press(5)
    game.computer_turn()
    game.press(6)
    assert game.notice.text.endswith(run.step.done)
    run.lesson = run.lesson.model_copy(update={"steps": [s.model_copy(update={"done": "Μπράβο!"})
                                                         if s.id == "kroo-build" else s for s in run.lesson.steps]})
    assert game.notice.text.endswith("Μπράβο!")


def test_the_step_says_who_plays_which_side() -> None:
    run = at_step("strategy", "beat-easy")
    assert words.game_step_players(run.game.learner, run.game.step.level) == \
        "You play South; the computer (Easy) plays North."


def test_rng_is_passed_to_the_chooser() -> None:
    run = at_step("strategy", "beat-easy")
    seen = []
    run.game.rng = random.Random(5)
    run.game.choose = lambda p, r, lv, rng, ms: seen.append(rng) or legal_moves(p, r)[0]
    run.game.press(1)
    run.game.computer_turn()
    assert seen == [run.game.rng]

