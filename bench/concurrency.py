"""Heavy thinking never blocks other learners: a light press's p95, idle and beside 10 Move outcomes.

Starts the app (``streamlit run serve.py`` on a free port, ``tests.browser_support``) and drives one
real browser session (Playwright on Debian's Chromium) for the timed presses:

1. idle: one session plays ``--presses`` two-player moves in the Sandbox (a light press: nothing to
   compute) and times each press until its board shows the new position;
2. loaded: ``--others`` other sessions open Move outcomes (normal thinking time, 1 s) and keep
   pasting new mid-game positions, the next once the last one's result is shown (each one a new
   search: every session its own positions, so nothing is served from a cache);
   once every one of them has a search under way, the first session times ``--presses`` presses again.

The others (``--others-as``):

- ``protocol`` (the default): protocol-level Streamlit clients (``bench/learners.py``): each one
  speaks the websocket protocol as the browser does (every widget state with every rerun, the
  fragments' ``run_every`` polls, the learner keeper's report, no forward-message cache), so the
  server does every bit of its work (the runs, the deltas, the plotly figure, the fragment polls);
  only the drawing is left out. In a class the pupils' browsers are on their own devices: here ten
  Chromiums would share the server's two cores, be starved, notice results late and paste slowly,
  and the load on the server would be bounded by them, not by the server.
- ``browser``: real Chromium pages, one context each, at the lowest priority (``SCHED_IDLE`` through
  ``chrt --idle``, and ``nice -n 19``), so that drawing ten charts is not counted as the server's
  slowness. (``nice`` alone is not enough: Chromium, run as root, sets its renderers back to nice 0
  and its GPU process to -8; a ``SCHED_IDLE`` policy is inherited and kept. Nor is ``SCHED_IDLE``
  alone: the browser starts its own session, so with the kernel's autogroup
  (``/proc/sys/kernel/sched_autogroup_enabled``) its processes are a group that gets as much CPU as
  the server's group whatever their policy: the script also sets that group's nice to 19.) On a
  2-core machine they are starved all the same (about 0.7 results a second, the pool a quarter busy).

Prints both p95s (and p50s), the ratio loaded/idle (issue 14's target: at most 2), and how many Move
outcomes results the others received meanwhile. Figures are printed, never asserted.

    python -m bench.concurrency                    # 10 others, 40 presses each way
    python -m bench.concurrency --others 10 --presses 60
    python -m bench.concurrency --others-as browser  # the others as real (niced) Chromium pages
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from playwright.async_api import Browser, Page, async_playwright

from bench.learners import learner
from bench.positions import RULES, mid_game, notations
from engine import Position, legal_moves, play
from tests.browser_support import streamlit_server

ROOT = Path(__file__).resolve().parent.parent

WAIT_MS = 300_000


def nice_chromium() -> Path:
    """A script that starts Debian's Chromium at the lowest scheduling priority: ``SCHED_IDLE``
    (``chrt --idle 0``; every process it starts inherits it) and ``nice -n 19``."""
    script = Path(tempfile.gettempdir()) / "chromium-idle"
    script.write_text('#!/bin/sh\necho 19 > /proc/self/autogroup 2>/dev/null\n'
                      'exec chrt --idle 0 nice -n 19 /usr/bin/chromium "$@"\n')
    script.chmod(0o755)
    return script


def server_cpu(base: str) -> tuple[float, float]:
    """CPU seconds used so far by the app's server process (started by ``streamlit_server`` on
    ``base``'s port) and by the processes it started (the search pool, through its fork server),
    from ``/proc`` (Linux)."""
    port = base.rsplit(":", 1)[1]
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[str, tuple[str, float]] = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[pid] = (fields[1], (int(fields[11]) + int(fields[12])) / tick)
    server = {pid for pid in stats if f"--server.port {port}" in _cmdline(pid)}
    family, grew = set(server), True
    while grew:
        more = {pid for pid, (parent, _) in stats.items() if parent in family} - family
        family |= more
        grew = bool(more)
    return sum(stats[pid][1] for pid in server), sum(stats[pid][1] for pid in family - server)


def _cmdline(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


async def light_presses(page: Page, count: int, rng: random.Random) -> list[float]:
    """Play ``count`` random two-player moves on the Sandbox page; the press-to-board times in ms."""
    out: list[float] = []
    while len(out) < count:
        shown = await page.locator(".mt-board").get_attribute("data-notation")
        position = Position.from_notation(shown, RULES)
        legal = legal_moves(position, RULES)
        if not legal:  # the game is over: a new one (not timed)
            await page.locator(".st-key-sb_new button").first.click()
            await page.wait_for_selector(f".mt-board[data-notation='{RULES.initial_position().to_notation()}']",
                                         timeout=WAIT_MS)
            await page.wait_for_selector(".mt-board[data-animating='false']", timeout=WAIT_MS)
            continue
        pit = rng.choice(legal)
        after = play(position, pit, RULES).position.to_notation()
        side = "South" if position.to_move == "S" else "North"
        start = time.perf_counter()
        await page.locator(f"button[aria-label^='{side} pit {pit},']").click()
        # The server's board (a press first shows the move the browser was given, ``data-foreseen``).
        await page.wait_for_selector(f".mt-board[data-notation='{after}']:not([data-foreseen])", timeout=WAIT_MS)
        out.append((time.perf_counter() - start) * 1000)
        skip = page.locator(".mt-skip")
        if await skip.count():
            try:
                await skip.first.click(timeout=2_000)
            except Exception:  # noqa: BLE001 - the sowing ended by itself
                pass
        await page.wait_for_selector(".mt-board[data-animating='false']", timeout=WAIT_MS)
    return out


async def outcomes_session(browser: Browser, base: str, index: int, started: list[int], stop: asyncio.Event,
                           results: list[int], problems: list[str]) -> None:
    """One learner on Move outcomes pasting new positions until ``stop``: each paste is a new search."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        await page.goto(f"{base}/move_outcomes")
        await page.wait_for_selector(".st-key-mo_source")
        await page.locator(".st-key-mo_source").get_by_text("Paste a position").click()
        box = page.locator(".st-key-mo_notation input")
        await box.wait_for()
        k = 0
        while not stop.is_set():
            pos = mid_game(index * 1000 + k)
            k += 1
            await box.fill(pos.to_notation())
            await box.press("Enter")
            await page.wait_for_selector("[data-testid='stExpander'], [data-testid='stStatusWidget'], .st-key-mo_chart")
            if index not in started:
                started.append(index)
            try:  # one check in the page every 300 ms: this position's caption and a chart
                await page.wait_for_function(
                    "n => document.querySelector('.st-key-mo_chart') && document.body.textContent.includes(n)",
                    arg=pos.to_notation(), polling=300, timeout=WAIT_MS)
                results[index] += 1
            except Exception:  # noqa: BLE001 - the bench stopped while this one waited
                if not stop.is_set():
                    raise
    except Exception as exc:  # noqa: BLE001 - a bench reports, it does not stop
        if not stop.is_set():
            problems.append(f"outcomes session {index}: {exc!r}"[:300])
    finally:
        await context.close()


async def protocol_session(base: str, index: int, started: list[int], stop: asyncio.Event,
                           results: list[int], problems: list[str]) -> None:
    """One learner on Move outcomes as a protocol-level client (``bench.learners``), pasting new
    positions until ``stop``: each paste is a new search; ``started`` gets ``index`` once the first
    one is asked for, ``results[index]`` counts the charts received."""
    def asked(_notation: str) -> None:
        if index not in started:
            started.append(index)

    def result(_notation: str, _seconds: float) -> None:
        results[index] += 1

    try:
        await learner(base, notations(index), result, stop, on_asked=asked, timeout=WAIT_MS / 1000)
    except Exception as exc:  # noqa: BLE001 - a bench reports, it does not stop
        if not stop.is_set():
            problems.append(f"protocol session {index}: {exc!r}"[:300])


async def main(others: int, presses: int, others_as: str = "protocol") -> None:
    with streamlit_server() as base:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            page = await context.new_page()
            page.set_default_timeout(WAIT_MS)
            await page.goto(f"{base}/sandbox")
            await page.wait_for_selector(".mt-board[data-animating='false']")
            rng = random.Random(1)
            await light_presses(page, 5, rng)  # warm up: first runs, caches, the board's script
            idle = await light_presses(page, presses, rng)
            print(f"idle server: {len(idle)} light presses, p50 {statistics.median(idle):.0f} ms, "
                  f"p95 {p95(idle):.0f} ms", flush=True)

            # The others' browsers would run on their own devices: here they are protocol-level clients,
            # or Chromium pages at the lowest priority (a Chromium started through `nice -n 19`).
            others_browser = None
            if others_as == "browser":
                others_browser = await p.chromium.launch(executable_path=str(nice_chromium()),
                                                         args=["--no-sandbox"])
            stop = asyncio.Event()
            started: list[int] = []
            results = [0] * others
            problems: list[str] = []
            t0 = time.perf_counter()
            if others_browser is None:
                tasks = [asyncio.create_task(protocol_session(base, i, started, stop, results, problems))
                         for i in range(others)]
            else:
                tasks = [asyncio.create_task(outcomes_session(others_browser, base, i, started, stop, results,
                                                              problems)) for i in range(others)]
            while len(started) < others and not all(t.done() for t in tasks):
                await asyncio.sleep(0.2)
            print(f"{len(started)} Move outcomes sessions searching after {time.perf_counter() - t0:.1f} s",
                  flush=True)
            t1 = time.perf_counter()
            cpu1 = server_cpu(base)
            own1 = time.process_time()
            before = sum(results)
            try:
                loaded = await light_presses(page, presses, rng)
            finally:
                took = time.perf_counter() - t1
                cpu = [after - before for after, before in zip(server_cpu(base), cpu1)]
                own = time.process_time() - own1
                got_during = sum(results) - before
                stop.set()
                await asyncio.gather(*tasks, return_exceptions=True)
            await context.close()
            if others_browser is not None:
                await others_browser.close()
            await browser.close()
        print(f"with {others} sessions running Move outcomes: {len(loaded)} light presses in {took:.1f} s, "
              f"p50 {statistics.median(loaded):.0f} ms, p95 {p95(loaded):.0f} ms")
        print(f"Move outcomes results received by the others while the presses were timed: {got_during} "
              f"({got_during / took:.1f} a second)")
        print(f"CPU in those {took:.1f} s: the server process {cpu[0]:.1f} s, its search pool {cpu[1]:.1f} s")
        print(f"the others were {others_as} clients; this bench's own process used {own:.1f} s of CPU meanwhile "
              f"(Playwright's client{', the protocol learners' if others_browser is None else ''})")
        print(f"p95 ratio loaded/idle: {p95(loaded) / p95(idle):.2f} (target: at most 2)")
        for line in problems[:10]:
            print("  problem: " + line)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--others", type=int, default=10)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--others-as", choices=("protocol", "browser"), default="protocol",
                        help="the others as protocol-level clients (bench/learners.py) or real Chromium pages")
    args = parser.parse_args()
    asyncio.run(main(args.others, args.presses, args.others_as))
