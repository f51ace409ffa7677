"""One game, one writer, in the real browser: two presses within 100 ms against a thinking computer
always leave a game that the engine can replay (one of the human's presses, then the computer's turn)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine import NORTH, KalahRules, Position, all_turns
from tests.browser_support import FIND, choose, no_error_box, open_expander, settle, shot, wait_idle, sized
from tests.test_browser import START, after
from tutor import words

pytestmark = pytest.mark.browser

DOUBLE_PRESS = """([first, second]) => {
  """ + FIND + """
  const a = find(document, `button[aria-label^="${first}"]`);
  const b = find(document, `button[aria-label^="${second}"]`);
  a.click();
  setTimeout(() => b.click(), 60);
}"""


@pytest.fixture
def page(page, server):
    return sized(page)


def replies(after_south: str) -> set[str]:
    """Every position a whole North turn can reach from ``after_south``."""
    rules = KalahRules()
    pos = Position.from_notation(after_south, rules)
    assert pos.to_move == NORTH
    return {turn.position.to_notation() for turn in all_turns(pos, rules)}


def test_two_quick_presses_against_the_thinking_computer_leave_a_consistent_game(page, server):
    page.goto(f"{server}/sandbox")
    wait_idle(page)
    open_expander(page, words.label("players_rules"))
    choose(page, words.label("mode_computer"))
    page.get_by_text("against the computer (Easy)").wait_for()
    choose(page, words.level_name("perfect"))  # the strongest level thinks longest: the second press lands meanwhile
    page.get_by_text("against the computer (Perfect)").wait_for()
    wait_idle(page)
    for _ in range(3):
        page.evaluate(DOUBLE_PRESS, ["South pit 1,", "South pit 2,"])
        expect(page.locator(".mt-board[data-to-move='S']:not([data-notation='" + START + "'])")).to_have_count(1)
        settle(page)
        shown = page.locator(".mt-board").get_attribute("data-notation")
        # Exactly one of the two presses was played (the first, or the second when the first was
        # superseded before the server read it), then one whole North turn: never both, never a mix.
        assert shown in replies(after(START, 1)) | replies(after(START, 2)), shown
        expect(page.get_by_text("South (you) to move").first).to_be_visible()
        assert page.get_by_text(words.computer_failed()).count() == 0
        assert no_error_box(page)
        shot(page, "sandbox-two-quick-presses")
        page.get_by_role("button", name=words.label("new_game"), exact=True).click()  # a game under way: it asks
        page.get_by_role("button", name=words.label("new_game_confirm"), exact=True).click()
        expect(page.locator(f".mt-board[data-notation='{START}']")).to_have_count(1)
        wait_idle(page)
