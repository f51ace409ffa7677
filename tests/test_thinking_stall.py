"""A search that stalls is abandoned with a message, and the pool's workers end with the server
(issue 36; ``tutor.thinking``, ``tutor.thinking_pool``). Real worker processes, a fake clock for the
stall check: nothing here waits on the wall clock except for a state (a process gone, an answer)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from engine import KalahRules, legal_moves
from tests.conftest import ROOT
from tutor import words
from tutor.sandbox import SandboxActivity
from tutor.thinking import STALL_MARGIN_S, Answer, Request, ThinkingService

RULES = KalahRules()
START = RULES.initial_position()


def gone(pid: int) -> bool:
    """The process ``pid`` has ended (no longer there, or a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return any(line.startswith("State:") and "Z" in line.split()[1] for line in status)
    except FileNotFoundError:
        return True


def wait_for(check, seconds: float = 60.0):
    """Wait (polling) until ``check()`` gives something true, at most ``seconds``; returns it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"still not so after {seconds} s")


def answered(svc: ThinkingService, request: Request, owner: str = "t") -> Answer:
    return wait_for(lambda: (lambda a: a if a.state != "running" else None)(svc.ask(owner, "p", request)))


def test_a_stalled_search_is_abandoned_and_the_computer_plays_a_quick_move():
    now = [1000.0]
    svc = ThinkingService(workers=1, clock=lambda: now[0])
    try:
        warm = Request("choose", START, RULES, 50, "easy")
        assert answered(svc, warm).state == "done"
        import multiprocessing

        worker = multiprocessing.active_children()[0]
        os.kill(worker.pid, signal.SIGSTOP)  # the worker stops: its search never answers
        slow = Request("choose", START, RULES, 200, "hard")
        assert svc.ask("t", "p", slow).state == "running"
        now[0] += 0.2 + STALL_MARGIN_S - 0.5
        assert svc.ask("t", "p", slow).state == "running"  # within its budget and margin: it may still come
        now[0] += 1.0
        late = svc.ask("t", "p", slow)
        assert late.state == "done" and late.stalled and late.value in legal_moves(START, RULES)
        assert svc.stalls == 1 and gone(worker.pid)  # the stopped worker was ended
        again = answered(svc, Request("choose", START, RULES, 50, "medium"))
        assert again.state == "done" and not again.stalled  # a new pool answers the next search
        outcomes = Request("outcomes", START, RULES, 100)
        assert svc.ask("u", "p", outcomes).state == "running"
        for child in multiprocessing.active_children():
            os.kill(child.pid, signal.SIGSTOP)
        now[0] += 100.0
        failed = svc.ask("u", "p", outcomes)
        assert failed.state == "failed" and failed.stalled  # Move outcomes says it could not finish
    finally:
        svc.shutdown()


def test_the_sandbox_says_the_computer_hurried():
    sb = SandboxActivity(RULES)
    sb.set_players("computer", "N", "hard")
    sb.press(1)  # North, the computer, is to move
    quick = legal_moves(sb.position, RULES)[0]
    assert sb.think(lambda request: Answer("done", quick, stalled=True)) == "moved"
    assert sb.notice is not None and sb.notice.text == words.computer_hurried()
    assert sb.notice.text == "The computer took too long to think, so it played a quick move."


SERVER = textwrap.dedent("""
    import multiprocessing, sys, time
    from engine import KalahRules
    from tutor.thinking import Request, ThinkingService

    if __name__ == "__main__":
        svc = ThinkingService(workers=2)
        rules = KalahRules()
        while svc.ask("s", "p", Request("choose", rules.initial_position(), rules, 50, "easy")).state == "running":
            time.sleep(0.05)
        print(" ".join(str(c.pid) for c in multiprocessing.active_children()), flush=True)
        time.sleep(600)
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the process checks read /proc")
def test_the_pool_workers_end_when_the_server_is_killed():
    server = subprocess.Popen([sys.executable, "-c", SERVER], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        pids = [int(p) for p in server.stdout.readline().split()]
        assert pids and not any(gone(p) for p in pids)  # workers start as searches need them
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        assert wait_for(lambda: all(gone(p) for p in pids))
    finally:
        if server.poll() is None:
            server.kill()
