"""A sandbox press in the browser: the pit reacts at once, and the parts a press changes follow it.

The page is three fragments (``ui.sandbox``): the board with the words under the controls, the
controls row (drawn again only when it changes) and the panels (drawn again when open).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import FIND, TIMEOUT_MS, open_expander, set_switch, settle, sized, slow_sowing, wait_idle, while_sowing
from tests.test_browser import START, after

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


BOARDS_SEEN = """() => {
  """ + FIND + """
  const board = find(document, '.mt-board');
  window.__boards = [];
  // The board now, then every board drawn that differs from the one before: its position, whether
  // the browser foresaw it, its line.
  const note = () => {
    const now = find(document, '.mt-board');
    const last = window.__boards[window.__boards.length - 1];
    const seen = {notation: now.dataset.notation, foreseen: now.dataset.foreseen === 'true',
                  turn: now.querySelector('.mt-turn').textContent};
    if (!last || last.notation !== seen.notation || last.foreseen !== seen.foreseen || last.turn !== seen.turn) {
      window.__boards.push(seen);
    }
  };
  note();
  new MutationObserver(note).observe(board.getRootNode(), {subtree: true, childList: true});
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


def test_with_animation_off_a_press_shows_its_move_before_the_answer_and_never_goes_back(page, server):
    """The board a press foresees (the engine's move, sent with the board) is drawn in the click
    itself; the server's board for the same position replaces it; the old position never returns."""
    page.goto(f"{server}/sandbox")
    page.get_by_role("button", name="South pit 6, 4 seeds").wait_for()
    wait_idle(page)
    open_expander(page, "Board settings")
    set_switch(page, "Animate sowing", False)
    page.evaluate(BOARDS_SEEN)
    page.get_by_role("button", name="South pit 6, 4 seeds").click()
    first = page.evaluate("() => window.__boards.slice(0, 2)")
    assert first == [{"notation": START, "foreseen": False, "turn": "South to move"},
                     {"notation": after(START, 6), "foreseen": True, "turn": "South played pit 6"}]
    settle(page, after(START, 6))
    page.get_by_role("button", name="North pit 1, 5 seeds").wait_for()
    boards = page.evaluate("() => window.__boards")[1:]
    assert {b["notation"] for b in boards} == {after(START, 6)}  # the old position never came back
    assert [b["foreseen"] for b in boards][:2] == [True, False] and not boards[-1]["foreseen"]
    assert boards[-1]["turn"] == "North to move"


def test_a_foreseen_sowing_is_shown_once_the_answer_goes_on_from_where_it_was(page, server):
    """With the animation on, the sowing starts in the click; the server's board carries on from the
    frame reached: every frame's line comes once, in order (the sowing never starts again)."""
    page.goto(f"{server}/sandbox")
    page.get_by_role("button", name="South pit 3, 4 seeds").wait_for()
    wait_idle(page)
    page.evaluate(BOARDS_SEEN)
    page.get_by_role("button", name="South pit 3, 4 seeds").click()
    assert page.evaluate("() => window.__boards[1]") == {
        "notation": after(START, 3), "foreseen": True, "turn": "South lifts 4 seeds from pit 3"}
    page.wait_for_selector(f".mt-board[data-notation='{after(START, 3)}'][data-animating='false']:not([data-foreseen])",
                           timeout=TIMEOUT_MS)
    lines = []
    for board in page.evaluate("() => window.__boards")[1:]:
        if not lines or lines[-1] != board["turn"]:
            lines.append(board["turn"])
    sowing = ["South lifts 4 seeds from pit 3", *[f"South sows seed {n} of 4" for n in range(1, 5)]]
    assert lines[:5] == sowing
    assert lines[5:] == ["South to move"] or lines[5:] == ["South played pit 3", "South to move"]


def test_the_game_over_box_waits_for_the_last_seed(page, server):
    """Tester: the sandbox said "Game over. North wins 27 to 21" while South's last seed was still
    in hand. What the moves did and the result now wait for the sowing, as a lesson's verdict does
    (with no "Watch the seeds..." line in their place: the board is what to watch)."""
    page.goto(f"{server}/sandbox?pos=0,0,0,0,0,1/20/3,2,1,1,1,0/19/S")
    page.get_by_role("button", name="South pit 6, 1 seed").wait_for()
    wait_idle(page)
    slow_sowing(page)
    page.get_by_role("button", name="South pit 6, 1 seed").click()
    assert while_sowing(page, ["Watch the seeds...", "Game over", "South sowed"]) == [False, False, False]
    settle(page, after("0,0,0,0,0,1/20/3,2,1,1,1,0/19/S", 6))  # North's 8 swept: 21 to 27
    expect(page.get_by_text("Game over").first).to_be_visible()
    expect(page.get_by_text("Watch the seeds...")).to_be_hidden()


def test_a_reload_goes_on_with_the_sandbox_game(page, server):
    """Tester: a reload in the middle of a sandbox game started it again. The server keeps the
    learner's game: once the browser has said who it is, the page shows it again, and Undo works."""
    page.goto(f"{server}/sandbox")
    page.get_by_role("button", name="South pit 3, 4 seeds").wait_for()
    wait_idle(page)
    page.get_by_role("button", name="South pit 3, 4 seeds").click()
    settle(page, after(START, 3))
    page.get_by_role("button", name="South pit 6, 5 seeds").click()
    settle(page, after(after(START, 3), 6))
    page.reload()
    page.wait_for_selector(f".mt-board[data-notation='{after(after(START, 3), 6)}']", timeout=TIMEOUT_MS)
    wait_idle(page)
    page.get_by_role("button", name="Undo").click()
    settle(page, after(START, 3))


def test_two_tabs_show_one_game_and_a_press_on_the_older_tab_is_refused_with_a_message(page, server):
    """Issue 30: two tabs of one learner are two views of the game the store keeps. A press on a tab
    that shows an older state is not played: that tab says so and shows the game as it is now."""
    page.goto(f"{server}/sandbox")
    page.get_by_role("button", name="South pit 3, 4 seeds").wait_for()
    wait_idle(page)
    page.get_by_role("button", name="South pit 3, 4 seeds").click()  # an extra turn: South again
    settle(page, after(START, 3))
    other = sized(page.context.new_page(), 1280, 1000)
    other.goto(f"{server}/sandbox")
    other.wait_for_selector(f".mt-board[data-notation='{after(START, 3)}']", timeout=TIMEOUT_MS)
    wait_idle(other)
    other.get_by_role("button", name="South pit 1, 4 seeds").click()
    settle(other, after(after(START, 3), 1))
    # The first tab still shows the game after pit 3 only; its press is refused.
    page.get_by_role("button", name="South pit 2, 4 seeds").click()
    settle(page, after(after(START, 3), 1))
    expect(page.get_by_text("This game went on in another tab, so that was not done.")).to_be_visible()
    other.close()
