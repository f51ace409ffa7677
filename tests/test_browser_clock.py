"""Timed games (K19) in the real browser: both clocks count down from the server's numbers, and a
clock that reaches zero ends the game on time with nobody touching the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine import time_control
from tests.browser_support import (
    choose,
    FIND,
    TIMEOUT_MS,
    no_error_box,
    open_expander,
    pit_name,
    settle,
    shot,
    sized,
    wait_board,
    wait_idle,
    wait_rerun,
    watch_rerun,
)
from tests.test_browser import START, after
from tutor import words

pytestmark = pytest.mark.browser

CLOCK_TEXT = """(side) => {
  """ + FIND + """
  const box = find(document, `.mt-clock[data-side="${side}"] .mt-clock-time`);
  return box ? box.textContent : null;
}"""


@pytest.fixture
def page(page, server):
    return sized(page)


def start_timed(page, server, choice: str, minutes: str | None = None) -> None:
    """Open the sandbox and start a game on the clock ``choice`` (custom: ``minutes`` each, no increment)."""
    page.goto(f"{server}/sandbox")
    wait_board(page)  # drawn by the keeper's report's run (the Sandbox waits for the learner's game), once its files have loaded
    open_expander(page, words.label("players_rules"))
    watch_rerun(page)
    choose(page, words.clock_label(choice))
    wait_rerun(page)
    if minutes is not None:
        field = page.get_by_role("spinbutton", name=words.clock_label("minutes"))
        watch_rerun(page)
        field.fill(minutes)
        field.press("Enter")
        wait_rerun(page)
    watch_rerun(page)
    page.get_by_role("button", name=words.label("start_with_rules")).click()
    wait_rerun(page)
    # The new game's own notice, whole: the clock's help under the choice says "the clocks start
    # with the first move" too, so a part of it would be found before the press had done anything.
    # (said above the board and in a toast: ut48a #6; the board's notice is the one looked at)
    expect(page.get_by_test_id("stAlertContentInfo").get_by_text(
        words.new_game_clock(time_control(choice, float(minutes or 0), 0)))).to_be_visible()
    wait_idle(page)


def wait_clock(page, side: str, text: str) -> None:
    """Wait until ``side``'s clock on the board reads ``text`` (the board may be drawn again after a rerun)."""
    page.wait_for_function(f"(t) => ({CLOCK_TEXT})('{side}') === t", arg=text, timeout=TIMEOUT_MS)


def seconds(text: str) -> float:
    if ":" in text:
        m, s = text.split(":")
        return int(m) * 60 + int(s)
    return float(text)


def test_both_clocks_show_and_the_running_one_ticks(page, server):
    start_timed(page, server, "3+2")
    expect(page.locator(".mt-clock")).to_have_count(2)
    wait_clock(page, "S", "3:00")
    wait_clock(page, "N", "3:00")
    page.get_by_role("button", name=pit_name("S", 1, 4)).click()
    settle(page, after(START, 1))
    expect(page.locator(".mt-clock-north.mt-running")).to_have_count(1)
    shot(page, "clock-3+2-a")  # before the readings: a full-page shot on a busy machine can take over a second
    first = page.evaluate(CLOCK_TEXT, "N")
    page.wait_for_function(f"(t) => ({CLOCK_TEXT})('N') !== t", arg=first, timeout=TIMEOUT_MS)
    second = page.evaluate(CLOCK_TEXT, "N")
    shot(page, "clock-3+2-b")
    assert seconds(first) - seconds(second) == 1, (first, second)
    assert page.evaluate(CLOCK_TEXT, "S") == "3:02"  # South's clock stopped, with its 2 seconds added
    assert no_error_box(page)


def test_a_flag_fall_ends_the_game_on_time(page, server):
    start_timed(page, server, "custom", minutes="0.1")
    wait_clock(page, "N", "6.0")
    page.get_by_role("button", name=pit_name("S", 1, 4)).click()
    settle(page, after(START, 1))
    # Nobody touches the page: the board's clock reaches zero and the server ends the game.
    expect(page.get_by_text("North's time ran out").first).to_be_visible()
    expect(page.locator(".mt-clock-north.mt-flag")).to_have_count(1)
    wait_clock(page, "N", "0.0")
    expect(page.locator(".mt-playable")).to_have_count(0)
    shot(page, "clock-flag-fall")
    assert no_error_box(page)
