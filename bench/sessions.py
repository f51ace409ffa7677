"""30 learners at once in real browsers: no session ever shows another's board.

Starts the app (``streamlit run serve.py`` on a free port), opens ``--sessions``
browser sessions at once in Debian's Chromium (one browser context each, so
each is its own Streamlit session), and gives each its own rules through a
link (``/sandbox?pits=P&seeds=S``: every session a different board). Each
session then plays ``--moves`` random legal moves for both sides; after every
press it waits until its board shows the position the engine computes for
*its* game, and fails the check if it ever shows anything else. Prints the
press-to-board latency (p50/p95), the mismatches, and the server's memory
(resident set size) with 1, 10 and all sessions open. Figures are printed,
never asserted.

    python -m bench.sessions                # 30 sessions, 8 moves each
    python -m bench.sessions --sessions 10 --moves 4
    python -m bench.sessions --loading 2    # at most 2 first pages loading at a time

All sessions stay open together and play at the same time; only their first
page loads are limited (``--loading``, default 3), because on a 2-core
machine 30 Chromium pages starting Streamlit's front end at the same moment
do not all get their first page within the wait.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from pathlib import Path

from playwright.async_api import Browser, async_playwright

from engine import legal_moves, make_rules, play
from tests.browser_support import streamlit_server

BOARDS = [(p, s) for p in (4, 5, 6, 7, 8, 3) for s in (3, 4, 5, 6, 2, 1)]
"""(pits, seeds) per session: 36 different boards, so two sessions never hold the same position."""


def server_rss_mb(port: int) -> float:
    """Resident memory of the ``streamlit run`` process serving ``port``, in MB (0 if not found)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().split(b"\0")
            if b"streamlit" in b" ".join(cmd) and str(port).encode() in cmd:
                for line in (proc / "status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            continue
    return 0.0


async def one_session(browser: Browser, base: str, index: int, moves: int, opened: asyncio.Event, loading: asyncio.Semaphore,
                      ready: list[int], latencies: list[float], problems: list[str]) -> None:
    pits, seeds = BOARDS[index % len(BOARDS)]
    rules = make_rules("kalah", pits=pits, seeds=seeds)
    position = rules.initial_position()
    rng = random.Random(index)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.set_default_timeout(180_000)
    try:
        try:
            async with loading:
                await page.goto(f"{base}/sandbox?pits={pits}&seeds={seeds}")
                await page.wait_for_selector(f".mt-board[data-notation='{position.to_notation()}']")
        except Exception:  # noqa: BLE001 - a bench reports, it does not stop
            problems.append(f"session {index}: its board did not appear within the wait")
            ready.append(index)
            return
        ready.append(index)
        await opened.wait()
        for _ in range(moves):
            legal = legal_moves(position, rules)
            if not legal:
                break
            pit = rng.choice(legal)
            after = play(position, pit, rules).position
            side = "South" if position.to_move == "S" else "North"
            start = time.perf_counter()
            await page.locator(f"button[aria-label^='{side} pit {pit},']").click()
            try:
                # The server's board for this session (a press first shows a board the browser foresaw).
                await page.wait_for_selector(f".mt-board[data-notation='{after.to_notation()}']:not([data-foreseen])")
            except Exception:  # noqa: BLE001 - a bench reports, it does not stop
                shown = await page.locator(".mt-board").get_attribute("data-notation")
                problems.append(f"session {index}: expected {after.to_notation()}, shown {shown}")
                break
            latencies.append((time.perf_counter() - start) * 1000)
            shown = await page.locator(".mt-board").get_attribute("data-notation")
            if shown != after.to_notation():
                problems.append(f"session {index}: shows {shown}, its game is at {after.to_notation()}")
            position = after
            skip = page.locator(".mt-skip")
            if await skip.count():
                try:
                    await skip.first.click(timeout=2_000)
                except Exception:  # noqa: BLE001 - the sowing ended by itself
                    pass
            await page.wait_for_selector(".mt-board[data-animating='false']")
    finally:
        await context.close()


async def main(sessions: int, moves: int, at_once: int) -> None:
    with streamlit_server() as base:
        port = int(base.rsplit(":", 1)[1])
        print(f"server idle: {server_rss_mb(port):.0f} MB")
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path="/usr/bin/chromium")
            opened = asyncio.Event()
            loading = asyncio.Semaphore(at_once)
            ready: list[int] = []
            latencies: list[float] = []
            problems: list[str] = []
            memory: dict[int, float] = {}

            async def watch_memory() -> None:
                while not opened.is_set():
                    for mark in (1, 10, sessions):
                        if len(ready) >= mark and mark not in memory:
                            memory[mark] = server_rss_mb(port)
                    if len(ready) == sessions:
                        print(f"all {sessions} sessions open after {time.perf_counter() - t0:.1f} s", flush=True)
                        opened.set()
                    await asyncio.sleep(0.2)

            t0 = time.perf_counter()
            tasks = [one_session(browser, base, i, moves, opened, loading, ready, latencies, problems)
                     for i in range(sessions)]
            await asyncio.gather(watch_memory(), *tasks)
            took = time.perf_counter() - t0
            await browser.close()
        print(f"sessions: {sessions}, moves each: {moves}, presses timed: {len(latencies)}, in {took:.1f} s")
        for mark in sorted(memory):
            print(f"server memory with {mark} session(s) open: {memory[mark]:.0f} MB")
        print(f"server memory at the end: {server_rss_mb(port):.0f} MB")
        if latencies:
            q = statistics.quantiles(latencies, n=20, method="inclusive")
            print(f"press to board: p50 {statistics.median(latencies):.0f} ms, p95 {q[18]:.0f} ms, "
                  f"max {max(latencies):.0f} ms")
        print(f"boards that showed another position: {len(problems)}")
        for line in problems[:10]:
            print("  " + line)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--loading", type=int, default=3, help="first page loads at a time")
    args = parser.parse_args()
    asyncio.run(main(args.sessions, args.moves, args.loading))
