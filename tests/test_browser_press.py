"""A sandbox press in the browser: the pit reacts at once, and the parts a press changes follow it.

The page is three fragments (``ui.sandbox``): the board with the words under the controls, the
controls row (drawn again only when it changes) and the panels (drawn again when open).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import FIND, TIMEOUT_MS, settle, sized, wait_idle
from tests.test_browser import START, after, open_expander

pytestmark = pytest.mark.browser

SEEN_PRESSED = """(name) => {
  """ + FIND + """
  const pits = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll('button.mt-pit')) pits.push(e);
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) walk(e.shadowRoot);
  };
  walk(document);
  const pit = pits.find((b) => b.getAttribute('aria-label') === name);
  window.__pressedAtOnce = null;
  // Listeners of one element run in the order they were added: this one runs right after the board's.
  pit.addEventListener('click', () => { window.__pressedAtOnce = pit.classList.contains('mt-pressed'); });
}"""


@pytest.fixture
def page(page, server):
    return sized(page, 1280, 1000)


def test_the_pressed_pit_reacts_before_the_server_answers(page, server):
    page.goto(f"{server}/sandbox")
    name = "South pit 3, 4 seeds"
    page.get_by_role("button", name=name).wait_for()
    wait_idle(page)
    page.evaluate(SEEN_PRESSED, name)
    page.get_by_role("button", name=name).click()
    assert page.evaluate("() => window.__pressedAtOnce") is True
    settle(page, after(START, 3))
    expect(page.locator(".mt-pressed")).to_have_count(0)  # the board drawn with the answer


def test_controls_words_and_open_panels_follow_presses(page, server):
    """Undo turns on with the first move and off again when undone; the words under the controls
    and the open moves table follow every press."""
    page.goto(f"{server}/sandbox")
    page.get_by_role("button", name="South pit 3, 4 seeds").wait_for()
    wait_idle(page)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    page.get_by_role("button", name="South pit 3, 4 seeds").click()
    settle(page, after(START, 3))
    expect(undo).to_be_enabled()
    expect(page.locator("p").filter(has_text="South sowed pit 3 (4 seeds).")).to_be_visible()
    open_expander(page, "Moves")
    page.get_by_text("1 move so far.").wait_for()
    page.get_by_role("button", name="South pit 1, 4 seeds").click()
    settle(page, after(START, 3, 1))
    page.get_by_text("2 moves so far.").wait_for(timeout=TIMEOUT_MS)
    expect(page.locator("p").filter(has_text="South sowed pit 1 (4 seeds).")).to_be_visible()
    undo.click()
    settle(page, after(START, 3))
    page.get_by_text("1 move so far.").wait_for()
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()
    undo.click()
    settle(page, START)
    expect(undo).to_be_disabled()
    page.get_by_text("No moves yet").first.wait_for()
