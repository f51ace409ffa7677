"""One game, one writer: while the computer thinks in one script run, another run of the same
session can't change the game (a press, Undo, a new game, the editor); it is refused and says so."""

from __future__ import annotations

import threading

from engine import NORTH, KalahRules, play
from tutor import words
from tutor.sandbox import SandboxActivity

RULES = KalahRules()


def thinking_sandbox():
    """A game against the computer (North) after South's pit 1, the computer stuck thinking
    until the returned event is set; returns (sandbox, thread, go, started)."""
    sb = SandboxActivity(RULES, mode="computer", computer_side=NORTH)
    sb.press(1)
    started, go = threading.Event(), threading.Event()

    def choose(position, rules, level, rng, time_ms):
        started.set()
        assert go.wait(10)
        return 2

    thread = threading.Thread(target=sb.computer_turn, args=(choose,))
    thread.start()
    assert started.wait(10)
    return sb, thread, go


def test_changes_from_another_run_are_refused_while_the_computer_thinks():
    sb, thread, go = thinking_sandbox()
    before = sb.position
    assert sb.busy()
    sb.press(3, before.to_notation())
    assert sb.position == before and sb.notice.text == words.busy_refused()
    assert sb.undo() is False and sb.redo() is False and sb.jump_to_before(1) == 0
    assert sb.apply_notation("0,0,0,0,0,1/20/0,0,0,0,2,0/25/S") is False
    sb.new_game_from({"game": "kalah"})
    sb.set_players("two")
    assert sb.position == before and sb.mode == "computer" and len(sb.game.results) == 1
    go.set()
    thread.join(10)
    assert not sb.busy()
    expected = play(before, 2, RULES).position
    assert sb.position == expected and [r.pit for r in sb.game.results] == [1, 2]
    assert sb.undo() is True and sb.position == RULES.initial_position()


def test_a_second_computer_turn_waits_and_then_has_nothing_to_do():
    sb, thread, go = thinking_sandbox()
    made = []
    second = threading.Thread(target=lambda: made.append(sb.computer_turn(lambda *a: 5)))
    second.start()
    go.set()
    thread.join(10)
    second.join(10)
    assert made == [0] and [r.pit for r in sb.game.results] == [1, 2]


def test_the_clock_check_waits_for_the_computer_instead_of_being_refused():
    sb, thread, go = thinking_sandbox()
    result = []
    checker = threading.Thread(target=lambda: result.append(sb.check_time()))
    checker.start()
    go.set()
    thread.join(10)
    checker.join(10)
    assert result == [False] and len(sb.game.results) == 2
