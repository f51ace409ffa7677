"""Timed games (K19): the time controls, the two clocks and the sandbox on a clock, with a fake time."""

from __future__ import annotations

import math

import pytest

from engine import NORTH, SOUTH, EndReason, KalahRules, Position, TimeControl, time_control, time_outcome
from tutor import words
from tutor.analysis import move_table
from tutor.clock import GameClock, clock_text
from tutor.sandbox import SandboxActivity

RULES = KalahRules()


class FakeTime:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def wait(self, seconds: float) -> None:
        self.t += seconds


def timed_sandbox(choice: str = "3+2", fake: FakeTime | None = None, **settings: object) -> tuple[SandboxActivity, FakeTime]:
    fake = fake or FakeTime()
    sb = SandboxActivity(RULES)
    sb.now = fake
    sb.new_game_from({"game": "kalah", "clock": choice, **settings})
    assert sb.clock is not None
    return sb, fake


# ------------------------------------------------------------------ engine facts


def test_the_two_controls_of_k19_and_a_custom_one():
    assert time_control("none") is None
    assert time_control("3+2") == TimeControl(180_000, 2_000)
    assert time_control("5+5") == TimeControl(300_000, 5_000)
    assert time_control("custom", minutes=0.1, increment_s=0) == TimeControl(6_000, 0)
    assert time_control("custom", minutes=1.5, increment_s=3.0).name == "1.5+3"


@pytest.mark.parametrize("minutes, inc", [(0, 2), (61, 2), (math.nan, 2), (math.inf, 2), ("5", 2), (True, 2),
                                          (None, 2), (3, 2.5), (3, -1), (3, 61), (3, math.nan)])
def test_a_custom_control_out_of_range_is_refused(minutes, inc):
    with pytest.raises(ValueError):
        time_control("custom", minutes=minutes, increment_s=inc)


def test_a_loss_on_time_scores_the_stores_at_that_moment():
    pos = Position.from_notation("0,3,0,0,1,0/20/2,0,0,0,0,0/22/S", RULES)
    end = time_outcome(pos, NORTH)
    assert (end.winner, end.score, end.reason) == (SOUTH, (20, 22), EndReason.TIME)


# ------------------------------------------------------------------ the clock alone


def test_first_move_is_free_increment_after_each_turn_and_extra_turns_keep_the_clock():
    fake = FakeTime()
    clock = GameClock(TimeControl(60_000, 2_000), now=fake)
    fake.wait(30)
    clock.moved(SOUTH, NORTH)  # the first move costs nothing; the turn passes: +2 s
    assert clock.snapshot() == (62_000, 60_000)
    fake.wait(10)
    assert clock.left(NORTH) == 50_000
    clock.moved(NORTH, NORTH)  # an extra turn: charged, no increment, still running
    assert (clock.left(NORTH), clock.running) == (50_000, NORTH)
    fake.wait(5)
    clock.moved(NORTH, SOUTH)  # the turn ends: charged 5 s, then +2 s
    assert clock.snapshot() == (62_000, 47_000)
    assert clock.marks == [(62_000, 60_000), (62_000, 50_000), (62_000, 47_000)]


def test_the_clock_starts_after_the_animation_grace():
    fake = FakeTime()
    clock = GameClock(TimeControl(60_000, 0), now=fake)
    clock.moved(SOUTH, NORTH, grace_ms=1500)
    fake.wait(1)
    assert (clock.left(NORTH), clock.starts_in_ms()) == (60_000, 500)
    fake.wait(2)
    assert clock.left(NORTH) == 58_500


def test_the_server_time_before_the_board_is_drawn_is_not_charged():
    fake = FakeTime()
    clock = GameClock(TimeControl(60_000, 0), now=fake)
    clock.moved(SOUTH, NORTH, grace_ms=1000)
    fake.wait(0.4)  # the rest of the page's run (the computer thinking, other panels...)
    assert clock.view().starts_in_ms == 1000
    fake.wait(3)
    assert clock.view().north_ms == 58_000  # the second view does not move the start again


def test_flag_falls_only_at_zero_on_either_side():
    fake = FakeTime()
    clock = GameClock(TimeControl(10_000, 0), now=fake)
    clock.moved(SOUTH, NORTH)
    fake.wait(9.9)
    assert clock.flag() is None
    fake.wait(0.1)
    assert clock.flag() == NORTH and clock.left(NORTH) == 0 and clock.running is None
    fake2 = FakeTime()
    other = GameClock(TimeControl(10_000, 0), now=fake2)
    other.moved(NORTH, SOUTH)
    fake2.wait(11)
    assert other.flag() == SOUTH


def test_pause_stops_both_clocks_and_resume_starts_the_one_to_move():
    fake = FakeTime()
    clock = GameClock(TimeControl(60_000, 0), now=fake)
    clock.moved(SOUTH, NORTH)
    fake.wait(4)
    clock.pause()
    fake.wait(100)
    assert clock.snapshot() == (60_000, 56_000) and clock.flag() is None
    clock.resume()
    fake.wait(1)
    assert clock.snapshot() == (60_000, 55_000) and clock.running == NORTH


def test_an_untimed_side_never_runs_out():
    fake = FakeTime()
    clock = GameClock(TimeControl(5_000, 0), timed=(SOUTH,), now=fake)
    clock.moved(SOUTH, NORTH)
    fake.wait(3600)
    assert (clock.left(NORTH), clock.flag()) == (None, None)


def test_the_computer_budget_keeps_a_second_in_hand():
    fake = FakeTime()
    clock = GameClock(TimeControl(180_000, 2_000), now=fake)
    assert clock.think_budget_ms(NORTH, 3000) == 3000
    for left in (1_020, 1_500, 2_000, 5_000, 30_000, 100_000):
        clock.left_ms[NORTH] = left
        budget = clock.think_budget_ms(NORTH, 60_000)
        assert 10 <= budget and left - budget >= 1000, (left, budget)
    clock.left_ms[NORTH] = 1_001
    assert clock.think_budget_ms(NORTH, 60_000) == 10  # the least it is ever given
    clock.left_ms[NORTH] = 5_000
    assert clock.think_budget_ms(NORTH, 60_000) == 1850  # 5000/20 + 0.8 * 2000
    clock.left_ms[NORTH] = 800
    assert clock.think_budget_ms(NORTH, 60_000) == 200


@pytest.mark.parametrize("ms, text", [(180_000, "3:00"), (179_999, "2:59"), (10_000, "0:10"), (9_999, "9.9"),
                                      (9_450, "9.4"), (50, "0.0"), (0, "0.0"), (None, "–")])
def test_clock_text(ms, text):
    assert clock_text(ms) == text


# ------------------------------------------------------------------ the sandbox on a clock


def test_a_two_player_game_on_3_plus_2():
    sb, fake = timed_sandbox()
    assert sb.clock.running is None  # nothing runs before the first move
    fake.wait(20)
    sb.press(1)  # 4 seeds into pits 2-5: North to move
    assert sb.clock.snapshot() == (182_000, 180_000)
    fake.wait(7)
    sb.press(3)  # North's pit 3 ends in its store: an extra turn, North's clock goes on
    assert sb.position.to_move == NORTH
    assert sb.clock.snapshot() == (182_000, 173_000) and sb.clock.running == NORTH
    fake.wait(3)
    sb.press(1)
    assert sb.clock.snapshot() == (182_000, 172_000) and sb.clock.running == SOUTH
    rows = move_table(sb.game, sb.clock_marks())
    assert [(r["south_clock"], r["north_clock"]) for r in rows] == [("3:02", "3:00"), ("3:02", "2:53"),
                                                                      ("3:02", "2:52")]


def test_the_clock_waits_for_the_board_to_show_the_sowing():
    sb, fake = timed_sandbox()
    sb.frame_ms = 100
    sb.press(1)  # lift + 4 seeds (the last held): 6 frames of 100 ms, so at most 3 x 600 + 2000 ms
    assert sb.clock.waiting and sb.clock.starts_in_ms() == 3800
    fake.wait(1.25)
    sb.clock_shown()  # the board showed the sowing (or the learner skipped it) after 1.25 s
    assert not sb.clock.waiting and sb.clock.starts_in_ms() == 0
    fake.wait(10)
    assert sb.clock.left(NORTH) == 170_000


def test_without_the_boards_report_the_clock_starts_at_the_latest_time():
    sb, fake = timed_sandbox()
    sb.frame_ms = 100
    sb.press(1)
    fake.wait(3.8 + 5)
    assert sb.clock.left(NORTH) == 175_000


def test_in_step_mode_the_clock_waits_for_the_last_seed():
    sb, fake = timed_sandbox()
    sb.frame_ms, sb.step_mode = 100, True
    sb.press(1)
    fake.wait(120)  # a teacher clicks through the seeds slowly
    assert sb.clock.left(NORTH) == 180_000 and sb.check_time() is False
    sb.clock_shown()
    fake.wait(1)
    assert sb.clock.left(NORTH) == 179_000


def test_the_computer_is_charged_from_when_it_starts_thinking():
    sb, fake = timed_sandbox()
    sb.set_players("computer", NORTH, "easy")
    sb.press(1)
    fake.wait(0.8)  # the server's rerun before the computer's turn

    def choose(position, rules, level, rng, time_ms):
        fake.wait(0.5)
        return 1

    sb.computer_turn(choose)
    assert sb.clock.snapshot()[1] == 180_000 - 500 + 2_000


def test_flag_fall_ends_the_game_with_the_score_at_that_moment():
    sb, fake = timed_sandbox("custom", clock_minutes=0.1, clock_increment=0)
    sb.press(3)
    sb.press(1)  # South's extra turn, then North to move
    before = sb.position
    fake.wait(6.5)
    sb.press(2)  # too late: North's time ran out; the press changes nothing
    assert sb.position == before
    end = sb.result()
    assert (end.winner, end.score, end.reason) == (SOUTH, (before.south_store, before.north_store), EndReason.TIME)
    assert sb.over() and sb.playable() == () and sb.turn_text() == words.game_over_line(end)
    assert "North's time ran out" in words.result_text(end, sb.rules)
    assert sb.ended_by() is None


def test_the_board_saying_zero_is_checked_against_the_server_time():
    sb, fake = timed_sandbox("custom", clock_minutes=0.1, clock_increment=0)
    sb.press(1)
    fake.wait(5.9)
    assert sb.check_time() is False and sb.result() is None
    fake.wait(0.1)
    assert sb.check_time() is True and sb.result().winner == SOUTH


def test_the_computer_on_a_clock_thinks_within_its_share_and_its_clock_runs():
    sb, fake = timed_sandbox()
    sb.set_players("computer", NORTH, "easy")
    budgets = []

    def choose(position, rules, level, rng, time_ms):
        budgets.append(time_ms)
        fake.wait(1.5)
        return [p for p in range(1, 7) if position.row(NORTH)[p - 1]][0]

    sb.press(1)
    assert sb.computer_turn(choose) == 1
    assert budgets == [3000]
    assert sb.clock.snapshot() == (182_000, 180_000 - 1_500 + 2_000)
    assert sb.clock.running == SOUTH


def test_flag_fall_during_the_computers_think_loses_it_the_game():
    sb, fake = timed_sandbox("custom", clock_minutes=0.1, clock_increment=0)
    sb.set_players("computer", NORTH, "easy")

    def slow(position, rules, level, rng, time_ms):
        fake.wait(7)
        return 1

    sb.press(1)
    before = sb.position
    assert sb.computer_turn(slow) == 0
    assert sb.position == before
    end = sb.result()
    assert (end.winner, end.reason) == (SOUTH, EndReason.TIME)
    assert sb.computer_to_move() is False


def test_pause_refuses_presses_and_stops_the_computer():
    sb, fake = timed_sandbox()
    sb.set_players("computer", NORTH, "easy")
    sb.press(3)  # extra turn for South
    sb.pause_clocks()
    fake.wait(500)
    before = sb.position
    sb.press(1)
    assert sb.position == before and sb.notice.text == words.clocks_paused_press()
    assert sb.playable() == () and sb.turn_text() == words.clocks_paused_line(words.sandbox_to_move(SOUTH, "computer", False))
    sb.resume_clocks()
    assert sb.clock.snapshot() == (180_000, 180_000) and sb.notice is None
    fake.wait(2)
    sb.press(1)
    assert sb.clock.snapshot() == (180_000, 180_000)  # South's 2 s used, then +2 s as the turn passed
    assert sb.computer_to_move()


def test_no_undo_redo_or_going_back_in_a_timed_game():
    sb, fake = timed_sandbox()
    sb.press(1)
    sb.press(1)
    assert sb.undo_steps() == 0 and sb.undo() is False and sb.redo() is False
    assert sb.jump_to_before(1) == 0 and sb.notice.text == words.no_undo_on_clock()
    assert len(sb.game.results) == 2


def test_a_game_ending_normally_stops_both_clocks():
    sb, fake = timed_sandbox()
    sb.apply_notation("0,0,0,0,0,1/20/0,0,0,0,2,0/25/S")
    fake.wait(5)
    sb.press(6)  # into the store: South's row is empty, the game ends (K14)
    assert sb.result() is not None and sb.result().reason != EndReason.TIME
    frozen = sb.clock.snapshot()
    fake.wait(600)
    assert sb.clock.snapshot() == frozen and sb.clock.running is None and sb.check_time() is False


def test_a_new_game_resets_the_clocks_and_a_bad_control_changes_nothing():
    sb, fake = timed_sandbox()
    sb.press(1)
    fake.wait(50)
    sb.press(1)
    sb.new_game_from({"game": "kalah", "clock": "5+5"})
    assert sb.clock.snapshot() == (300_000, 300_000) and sb.clock.marks == []
    sb.new_game_from({"game": "kalah", "clock": "custom", "clock_minutes": math.nan, "clock_increment": 2})
    assert sb.notice.kind == "error" and sb.control == TimeControl(300_000, 5_000)
    sb.new_game_from({"game": "kalah", "clock": "none"})
    assert sb.clock is None and sb.clock_view() is None and sb.undo_steps() == 0


def test_only_one_side_on_a_clock():
    sb, fake = timed_sandbox(clock_sides=NORTH)
    sb.press(1)
    fake.wait(1000)
    assert sb.clock.snapshot() == (None, 0)
    assert sb.check_time() and sb.result().winner == SOUTH


def test_the_board_editor_is_off_while_a_timed_game_runs():
    sb, fake = timed_sandbox()
    assert sb.apply_notation("4,4,4,4,4,4/0/4,4,4,4,4,4/0/N") is True  # before the first move: a new start
    sb.press(1)
    before = sb.position
    assert sb.apply_notation("0,0,0,0,0,1/20/0,0,0,0,2,0/25/S") is False
    assert sb.editor_error == words.editor_refused(words.editor_off_on_clock()) and sb.position == before
