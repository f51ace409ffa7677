"""The searches' process pool (tutor/thinking.py) and the computer's turn a step at a time (tutor/computer.py).

A real pool (two workers, forkserver) answers as the same search run inline; a cancelled or
superseded request is never answered; a killed worker is replaced and the request run again. Every
search here has no time limit on a small position (or a Beginner/Easy level with a seeded rng), so
its answer never depends on the machine's speed; waits poll for a state, with a generous deadline.
"""

from __future__ import annotations

import os
import random
import signal
import time
from concurrent.futures import Future

import pytest

from engine import NORTH, SOUTH, EndReason, KalahRules, Position, legal_moves
from tutor.sandbox import SandboxActivity
from tutor.thinking import Answer, Request, ThinkingService, run_request

RULES = KalahRules(pits=6, seeds=4)
SMALL = Position.from_notation("0,0,1,2,0,1/20/1,0,0,2,1,0/20/S", RULES)
"""Eight seeds in play: proved exactly at once, whatever the machine."""
OTHER = Position.from_notation("1,1,0,0,0,3/20/0,2,0,0,1,0/20/S", RULES)
WAIT_S = 120.0


def until_done(svc: ThinkingService, owner: str, purpose: str, request: Request) -> Answer:
    """Ask again until the answer is in (or fail after :data:`WAIT_S`)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        answer = svc.ask(owner, purpose, request)
        if answer.state != "running":
            return answer
        assert time.monotonic() < deadline, "the pool never answered"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def pool():
    svc = ThinkingService(workers=2)
    yield svc
    svc.shutdown()


def test_a_pooled_search_answers_what_the_same_search_inline_answers(pool):
    request = Request("outcomes", SMALL, RULES, None)
    answer = until_done(pool, "s1", "outcomes", request)
    assert answer.state == "done"
    assert [(m.pit, m.value, m.exact) for m in answer.value] == [(m.pit, m.value, m.exact) for m in run_request(request)]
    assert [m.pit for m in answer.value] == list(legal_moves(SMALL, RULES))
    assert all(m.exact for m in answer.value)
    again = pool.ask("s2", "outcomes", request)  # another session: the same outcomes at once
    assert again.state == "done" and again.value == answer.value


def test_a_worker_runs_at_the_lowest_priority(pool):
    """Searches only get the CPU the server leaves: a light press is never queued behind one (issue 14)."""
    executor = pool.pool()
    assert executor.submit(os.sched_getscheduler, 0).result(WAIT_S) == os.SCHED_IDLE
    assert executor.submit(os.nice, 0).result(WAIT_S) == 19


def test_a_pooled_computer_move_is_the_inline_one(pool):
    start = RULES.initial_position()
    request = Request("choose", start, RULES, None, "easy", random.Random(7))
    inline = run_request(Request("choose", start, RULES, None, "easy", random.Random(7)))
    answer = until_done(pool, "s1", "sandbox", request)
    assert (answer.state, answer.value) == ("done", inline)
    assert pool.pending("s1", "sandbox") is None  # handed out once: the next ask searches again


def test_a_new_request_supersedes_the_old_one(pool):
    old = Request("outcomes", SMALL, RULES, None)
    new = Request("outcomes", OTHER, RULES, None)
    pool.forget()
    assert pool.ask("s3", "outcomes", old).state in ("running", "done")
    answer = until_done(pool, "s3", "outcomes", new)
    assert [(m.pit, m.value) for m in answer.value] == [(m.pit, m.value) for m in run_request(new)]
    assert [m.pit for m in answer.value] == list(legal_moves(OTHER, RULES))


def test_a_cancelled_request_is_never_answered():
    svc = ThinkingService(workers=1)
    try:
        busy = Request("choose", RULES.initial_position(), RULES, 1500, "medium")
        queued = Request("outcomes", SMALL, RULES, None)
        svc.ask("a", "sandbox", busy)
        svc.ask("f", "sandbox", busy)  # the worker and its call queue are full (max_workers + 1 calls)
        svc.ask("b", "outcomes", queued)
        future = svc._pending[("b", "outcomes")].future  # noqa: SLF001 - the queued search itself
        assert svc.cancel("b") == 1
        assert svc.pending("b", "outcomes") is None
        assert future.cancelled()  # it had not started: the worker never runs it
        assert svc.cancel("b") == 0
    finally:
        svc.shutdown()


def test_leaving_a_page_abandons_its_searches_only():
    svc = ThinkingService(inline=True)
    svc._submit = lambda request: (Future(), None)  # noqa: SLF001 - searches that never answer
    svc.ask("s", "outcomes", Request("outcomes", SMALL, RULES, None))
    svc.ask("s", "sandbox", Request("choose", SMALL, RULES, None, "easy"))
    svc.ask("t", "outcomes", Request("outcomes", SMALL, RULES, None))
    assert svc.cancel("s", keep=("sandbox",)) == 1
    assert svc.pending("s", "outcomes") is None and svc.pending("s", "sandbox") is not None
    assert svc.pending("t", "outcomes") is not None


def test_sessions_asking_the_same_outcomes_share_one_search():
    svc = ThinkingService(inline=True)
    started: list[Future] = []

    def submit(request):
        started.append(Future())
        return started[-1], None

    svc._submit = submit  # noqa: SLF001 - searches answered by hand
    same = Request("outcomes", SMALL, RULES, None)
    assert [svc.ask(who, "outcomes", same).state for who in ("a", "b", "c")] == ["running"] * 3
    assert len(started) == 1
    svc.cancel("a")  # one learner leaves: the others' search goes on
    assert not started[0].cancelled()
    started[0].set_result("the values")
    assert [svc.ask(who, "outcomes", same).value for who in ("b", "c", "d")] == ["the values"] * 3
    assert len(started) == 1


def test_a_killed_worker_is_replaced_and_the_request_run_again():
    svc = ThinkingService(workers=1)
    try:
        warm = Request("outcomes", OTHER, RULES, None)
        assert until_done(svc, "w", "outcomes", warm).state == "done"  # the worker is up
        request = Request("choose", RULES.initial_position(), RULES, 3000, "medium")
        assert svc.ask("k", "sandbox", request).state == "running"
        for pid in list(svc.pool()._processes):  # noqa: SLF001 - the worker doing the search
            os.kill(pid, signal.SIGKILL)
        answer = until_done(svc, "k", "sandbox", request)
        assert answer.state == "done" and answer.value in legal_moves(RULES.initial_position(), RULES)
        assert svc.rebuilt == 1
        svc.forget()
        assert until_done(svc, "w", "outcomes", warm).state == "done"  # the new pool goes on serving
    finally:
        svc.shutdown()


def test_an_engine_error_is_a_failed_answer_not_a_crash():
    svc = ThinkingService(inline=True)
    answer = svc.ask("s", "sandbox", Request("choose", SMALL, RULES, None, "no such level"))
    assert answer.state == "failed" and isinstance(answer.error, ValueError)


# ------------------------------------------------------------------ the computer's turn a step at a time


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def scripted_ask(answers: list[Answer], asked: list[Request]):
    """``ThinkingService.ask`` for one session: the answers in order (each request recorded)."""

    def ask(request: Request) -> Answer:
        asked.append(request)
        return answers.pop(0)

    return ask


def test_the_computer_thinks_in_steps_and_plays_its_turn_with_extra_turns():
    sb = SandboxActivity(RULES)
    sb.now = FakeTime()
    sb.set_players("computer", SOUTH, "easy")  # the computer starts: pit 3 ends in its store (K9), then pit 1
    asked: list[Request] = []
    ask = scripted_ask([Answer("running"), Answer("done", 3), Answer("running"), Answer("done", 1)], asked)
    assert sb.think(ask) == "thinking" and sb.position == RULES.initial_position()
    assert sb.think(ask) == "thinking"  # pit 3 played (an extra turn); the next search asked
    assert sb.position.to_notation() == "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"
    assert sb.think(ask) == "moved"
    assert sb.position.to_notation() == "0,5,1,6,6,5/1/4,4,4,4,4,4/0/N"
    assert [(r.kind, r.position.to_notation(), r.level, r.time_ms) for r in asked] == [
        ("choose", "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "easy", 3000),
        ("choose", "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "easy", 3000),
        ("choose", "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S", "easy", 3000),
        ("choose", "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S", "easy", 3000),
    ]
    assert [r.pit for r in sb.sowing.results] == [3, 1] and sb.turn is None
    assert sb.think(scripted_ask([], [])) == "idle"


def test_an_answer_for_an_old_game_is_never_played():
    sb = SandboxActivity(RULES)
    sb.now = FakeTime()
    sb.set_players("computer", NORTH, "easy")
    sb.press(1)
    asked: list[Request] = []
    assert sb.think(scripted_ask([Answer("running")], asked)) == "thinking"
    assert sb.undo() is True  # the learner takes the move back while the computer thinks
    assert sb.think(scripted_ask([Answer("done", 6)], asked)) == "idle"  # South to move: the turn is dropped
    assert sb.position == RULES.initial_position() and sb.turn is None
    sb.press(2)
    assert sb.think(scripted_ask([Answer("done", 6)], asked)) == "moved"
    assert [r.position.to_notation() for r in asked] == ["0,5,5,5,5,4/0/4,4,4,4,4,4/0/N",
                                                         "4,0,5,5,5,5/0/4,4,4,4,4,4/0/N"]
    assert [r.pit for r in sb.game.results] == [2, 6]


def test_the_computers_clock_runs_while_it_thinks_and_can_fall():
    sb = SandboxActivity(RULES)
    fake = FakeTime()
    sb.now = fake
    sb.new_game_from({"game": "kalah", "clock": "custom", "clock_minutes": 0.1, "clock_increment": 0})
    sb.set_players("computer", NORTH, "easy")
    sb.press(1)
    before = sb.position
    fake.t += 0.8  # the server's work before the computer starts thinking is free
    assert sb.think(scripted_ask([Answer("running")], [])) == "thinking"
    fake.t += 5.9
    assert sb.think(scripted_ask([Answer("running")], [])) == "thinking" and sb.clock.left(NORTH) == 100
    fake.t += 0.1  # North's six seconds are used up while it thinks (K19)
    assert sb.think(scripted_ask([Answer("running")], [])) == "moved"
    end = sb.result()
    assert (end.winner, end.reason) == (SOUTH, EndReason.TIME) and sb.position == before
    assert sb.computer_to_move() is False and sb.turn is None


def test_the_computer_turn_through_a_real_pool(pool):
    sb = SandboxActivity(RULES)
    sb.set_players("computer", NORTH, "easy")
    sb.press(3)
    sb.press(1)  # South's extra turn (K9); North (the computer) to move
    rng_pool, rng_inline = random.Random(5), random.Random(5)
    deadline = time.monotonic() + WAIT_S
    while sb.think(lambda r: pool.ask("turn", "sandbox", r), rng_pool) == "thinking":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    inline = SandboxActivity(RULES)
    inline.set_players("computer", NORTH, "easy")
    inline.press(3)
    inline.press(1)
    at_once = ThinkingService(inline=True)
    assert inline.think(lambda r: at_once.ask("x", "sandbox", r), rng_inline) == "moved"
    assert sb.position == inline.position and sb.position.to_move == SOUTH
