"""The puzzles page in a real browser (Debian's Chromium, Playwright).

A learner opens a puzzle by its share link, presses pits on the drawn board
(buttons named like "South pit 2, 2 seeds"), sees a wrong pit played and
answered by North on the board, is told why in one sentence beside the board
(on a 1366x768 laptop's first screen), and solves the puzzle. Screenshots go
to ``tests/screenshots/puzzle-*.png`` (git-ignored). Every test waits for
states, never for a fixed time.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine import Position, play
from lessons.loader import load_puzzles
from lessons.proofs import solving_moves
from tests.browser_support import (
    open_expander,
    TIMEOUT_MS, board_html, no_error_box, pit_name, set_switch, settle, shot, sized, slow_sowing, wait_board_change,
    press_slider, wait_idle, wait_known, wait_rerun, watch_rerun, while_sowing,
)
from tutor import words
from ui.board_data import counts_of
from tutor.puzzle import puzzle_code

pytestmark = pytest.mark.browser

PUZZLES = load_puzzles()


@pytest.fixture
def page(page, server):
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    page.set_viewport_size({"width": 1280, "height": 1000})
    return page


def pit_button(page, pid: str, pit: int):
    """The board's button for ``pit`` of the puzzle's player, named from the puzzle's start position."""
    pos = PUZZLES[pid].start
    side = pos.to_move
    return page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1]), exact=True)


def open_puzzle(page, server, pid: str) -> None:
    page.goto(f"{server}/puzzles?puzzle={puzzle_code(pid)}")
    page.get_by_text(PUZZLES[pid].task).first.wait_for()
    page.wait_for_selector(f".mt-board[data-notation='{PUZZLES[pid].start.to_notation()}']")
    assert no_error_box(page)


def board_counts(page) -> dict[str, int]:
    """The seeds the drawn board shows at every place (``"S1"``.., ``"S0"`` = South's store, ``"N1"``.., ``"N0"``)."""
    return {place.get_attribute("data-place"): int(place.locator(".mt-count").inner_text())
            for place in page.locator(".mt-board [data-place]").all()}


def in_first_screen(page, box) -> None:
    """``box`` (a locator) is seen whole on the first screen: the page is not scrolled and it fits the viewport."""
    assert page.evaluate("window.scrollY") == 0
    rect = box.bounding_box()
    view = page.viewport_size
    assert rect is not None and rect["x"] >= 0 and rect["y"] >= 0, rect
    assert rect["x"] + rect["width"] <= view["width"] and rect["y"] + rect["height"] <= view["height"], (rect, view)


def test_a_learner_presses_the_solution_pit_and_sees_it_solved(page, server):
    """Open a capture puzzle by its link on a laptop, press pit 2: one sentence of praise beside the board on the
    first screen, the explanation behind "Why?"."""
    sized(page)
    pid = "capture-pick-the-pile"
    puzzle = PUZZLES[pid]
    open_puzzle(page, server, pid)
    shot(page, "puzzle-start")
    pit_button(page, pid, 2).click()
    settle(page, play(puzzle.start, 2, puzzle.game_rules).position.to_notation())
    page.get_by_text("Solved! Open “Why?” to read why.").first.wait_for()  # the line above the board, not "North to move"
    praise = page.locator("[data-testid='stAlert']").filter(has_text="Solved at the first try: well done!")
    praise.wait_for(state="visible")
    in_first_screen(page, praise)
    expect(page.get_by_text(puzzle.explanation[:60])).to_be_hidden()  # on request only
    open_expander(page, "Why?")
    page.get_by_text(puzzle.explanation[:60]).first.wait_for(state="visible")
    assert no_error_box(page)
    shot(page, "puzzle-solved")


def test_a_wrong_pit_is_played_and_answered_on_the_board(page, server):
    """Pit 3 instead of pit 2 on a 1366x768 laptop: pit 3 is sown, then North's answer (pit 6); the board stays
    there (every count checked), one sentence says why beside the board on the first screen, "Why?" has the
    details, and Try again puts the puzzle back."""
    sized(page)
    pid = "capture-pick-the-pile"
    puzzle = PUZZLES[pid]
    after = Position.from_notation("1,2,0,1,0,8/12/1,0,7,2,0,0/14/S", puzzle.game_rules)
    assert play(play(puzzle.start, 3, puzzle.game_rules).position, 6, puzzle.game_rules).position == after
    open_puzzle(page, server, pid)
    pit_button(page, pid, 3).click()
    settle(page, after.to_notation())
    assert board_counts(page) == counts_of(after)
    said = page.locator("[data-testid='stAlert']").filter(has_text=puzzle.wrong[3])  # the puzzle's own words
    said.wait_for(state="visible")
    in_first_screen(page, said)
    page.get_by_text("Not this time: press Try again.").first.wait_for()  # the line above the board
    assert page.locator(".mt-playable").count() == 0  # nothing to press but Try again
    shot(page, "puzzle-wrong-answered")
    open_expander(page, "Why?")
    page.get_by_text("Not this time: that turn captured 2 seeds").first.wait_for(state="visible")
    page.get_by_text("North answers with pit 6.").first.wait_for(state="visible")
    page.get_by_role("button", name="Try again").click()
    settle(page, puzzle.start.to_notation())
    assert board_counts(page) == counts_of(puzzle.start)
    pit_button(page, pid, 2).wait_for()
    assert no_error_box(page)


def test_a_chain_of_extra_turns_is_pressed_pit_by_pit(page, server):
    """A learner chains extra turns: after each press the board waits for the next pit, then it is solved."""
    pid = "chain-right-to-left"
    puzzle = PUZZLES[pid]
    open_puzzle(page, server, pid)
    here = puzzle.start
    side = here.to_move
    for pit in solving_moves(puzzle, puzzle.turns[0]):  # 6, 5, 6: the third extra turn solves it
        page.get_by_role("button", name=pit_name(side, pit, here.row(side)[pit - 1]), exact=True).click()
        here = play(here, pit, puzzle.game_rules).position
        settle(page, here.to_notation())
    page.get_by_text("Solved!").first.wait_for(state="visible")
    shot(page, "puzzle-chain-solved")


def test_hints_and_an_awari_puzzle_on_a_phone(page, server):
    """On a phone-sized screen an Awari puzzle shows its board, a hint, and the share link without an error."""
    page.set_viewport_size({"width": 390, "height": 844})
    pid = "grand-slam-trap"
    open_puzzle(page, server, pid)
    page.get_by_role("button", name="Hint (0/3)").click()
    page.get_by_text(PUZZLES[pid].hints[0][:40]).first.wait_for()
    page.get_by_role("button", name="Hint (1/3)").wait_for()
    page.get_by_text(f"?puzzle={puzzle_code(pid)}").first.wait_for()
    assert no_error_box(page)
    shot(page, "puzzle-phone-hint")
    pit_button(page, pid, 6).click()  # the grand slam: captures nothing under these rules, then North answers
    page.get_by_text(PUZZLES[pid].wrong[6][:40]).first.wait_for(state="visible")  # the puzzle's own words first
    settle(page, "0,0,1,0,2,0/17/3,0,4,3,0,0/18/S")
    open_expander(page, "Why?")
    page.get_by_text("Not this time: that turn captured nothing").first.wait_for(state="visible")
    page.locator("[data-testid='stExpander']").get_by_text("grand slam").first.wait_for(state="visible")
    shot(page, "puzzle-phone-wrong")


@pytest.mark.parametrize(("lang", "retry", "verdict"), [
    ("en", "Try again", "Pit 3 ends in pit 5, which faces only 1 seed."),  # the puzzle's own words for pit 3
    ("el", "Δοκίμασε ξανά", "Το λακκάκι 3 τελειώνει στο λακκάκι 5, που βρίσκεται απέναντι από μόνο 1 σπόρο."),
])
def test_on_a_phone_the_verdict_and_try_again_are_on_the_first_screen(page, server, lang, retry, verdict):
    """A wrong pit on a 390x844 phone (pit 3 instead of 2), in English and in Greek: once North's answer is sown,
    the verdict and Try again stand right below the board, whole on the first screen without scrolling
    (the menus come after them on a phone); the board is still whole on that screen too."""
    sized(page, 390, 844)
    pid = "capture-pick-the-pile"
    page.goto(f"{server}/puzzles?puzzle={puzzle_code(pid)}{'&lang=el' if lang == 'el' else ''}")
    wait_known(page)
    start = PUZZLES[pid].start.to_notation()
    page.wait_for_selector(f".mt-board[data-notation='{start}'][data-animating='false']")
    page.locator(".mt-board button[data-place='S3']").click()
    settle(page, "1,2,0,1,0,8/12/1,0,7,2,0,0/14/S")
    said = page.locator("[data-testid='stAlert']").filter(has_text=verdict)
    said.wait_for(state="visible")
    button = page.get_by_role("button", name=retry, exact=True)
    button.wait_for(state="visible")
    board = page.locator(".mt-board")
    for box in (board, said, button):
        in_first_screen(page, box)
    assert board.bounding_box()["y"] + board.bounding_box()["height"] <= said.bounding_box()["y"]
    theme = page.locator(".st-key-puzzle_picker")  # the menus: below the feedback on a phone
    assert theme.bounding_box()["y"] > button.bounding_box()["y"]
    assert no_error_box(page)
    shot(page, f"puzzle-phone-wrong-first-screen-{lang}")


def test_next_puzzle_moves_on_each_press(page, server):
    """All themes / Any: three presses of Next puzzle show three new puzzles (heading and link change)."""
    page.goto(f"{server}/puzzles")
    wait_idle(page)  # no wait for the keeper's report: it reruns the keeper alone, never the page clicked on
    heading = page.locator("h3").filter(has_text="puzzle").first
    heading.wait_for()
    seen = [(page.url, heading.inner_text())]
    for _ in range(3):
        page.get_by_role("button", name="Next puzzle").click()
        expect(heading).not_to_have_text(seen[-1][1])
        page.wait_for_url(lambda url, old=seen[-1][0]: url != old)
        seen.append((page.url, heading.inner_text()))
    assert len({url for url, _ in seen}) == 4, seen
    assert len({h for _, h in seen}) == 4, seen


def test_the_verdict_waits_for_the_sowing_to_end(page, server):
    """A 13-seed lap animates for seconds: meanwhile "Watch the seeds..." stands in for "Solved at the first try"."""
    pid = "lap-thirteen"
    open_puzzle(page, server, pid)
    slow_sowing(page)
    pit_button(page, pid, 1).click()
    page.get_by_text("Watch the seeds...").wait_for(state="visible")
    assert while_sowing(page, ["Watch the seeds...", "Solved at the first try"]) == [True, False]
    shot(page, "puzzle-watch-the-seeds")
    page.get_by_text("Solved at the first try").first.wait_for(state="visible")
    expect(page.get_by_text("Watch the seeds...")).to_be_hidden()


def test_the_progress_counts_wait_for_the_sowing_to_end(page, server):
    """A new learner solves the 13-seed lap: while the seeds are sown the sidebar's progress line and the count
    below the board still say no puzzle was tried (a count would tell "Solved!" early); once the board is
    still, both say 1 solved of 1 tried."""
    pid = "lap-thirteen"
    open_puzzle(page, server, pid)
    wait_known(page)
    slow_sowing(page)
    sidebar = page.locator("[data-testid='stSidebar']")
    before, after = "Lessons done: 0 of 8 · No puzzles tried yet", words.progress_line(0, 8, 1, 0, 1)
    expect(sidebar.get_by_text(before, exact=True)).to_be_visible()
    pit_button(page, pid, 1).click()
    page.get_by_text("Watch the seeds...").wait_for(state="visible")
    shown = while_sowing(page, [before, after, "No puzzles tried yet: play a move", words.session_counts(1, 0, 1)])
    assert shown == [True, False, True, False]
    shot(page, "puzzle-counts-while-sowing")
    settle(page, play(PUZZLES[pid].start, 1, PUZZLES[pid].game_rules).position.to_notation())
    page.get_by_text("Solved at the first try").first.wait_for(state="visible")
    expect(sidebar.get_by_text(after, exact=True)).to_be_visible()
    expect(sidebar.get_by_text(before, exact=True)).to_be_hidden()
    expect(page.get_by_text(words.session_counts(1, 0, 1), exact=True)).to_be_visible()
    expect(page.get_by_text("No puzzles tried yet: play a move to try this one.", exact=True)).to_be_hidden()
    assert no_error_box(page)


def test_a_rerun_during_the_sowing_neither_cuts_it_short_nor_shows_the_verdict(page, server):
    """The page reruns mid-animation and draws the board anew (here the speed is changed; a
    component reporting does the same): the board goes on sowing from where it was instead of
    jumping to the end, and "Solved!" still waits for the last seed."""
    pid = "lap-thirteen"
    open_puzzle(page, server, pid)
    slow_sowing(page)
    speed = page.get_by_role("slider", name="Speed")
    press_slider(page, speed, "ArrowRight")  # the next to slowest, so that the change below makes it slower
    pit_button(page, pid, 1).click()
    page.get_by_text("Watch the seeds...").wait_for(state="visible")
    page.wait_for_selector(".mt-board[data-animating='true']")
    speed.focus()
    watch_rerun(page)
    speed.press("Home")
    wait_rerun(page)
    assert while_sowing(page, ["Watch the seeds...", "Solved at the first try"]) == [True, False]
    page.get_by_text("Solved at the first try").first.wait_for(state="visible")
    expect(page.get_by_text("Watch the seeds...")).to_be_hidden()


def step_through(page, verdict: str) -> int:
    """Click "Next seed" until the sowing is shown to its end, checking before each click that "Watch the
    seeds..." stands where ``verdict`` will be; the number of clicks."""
    page.get_by_role("button", name="Next seed").wait_for()
    clicks = 0
    while page.locator(".mt-next").count():
        expect(page.get_by_text("Watch the seeds...")).to_be_visible()
        assert not page.get_by_text(verdict).first.is_visible()
        before = board_html(page)
        page.get_by_role("button", name="Next seed").click()
        clicks += 1
        wait_board_change(page, before)
    return clicks


def test_in_step_mode_the_verdict_waits_for_the_last_seed(page, server):
    """A teacher clicks through the seeds: "Solved!" appears with the last one, not before; a wrong pit's
    answer from North is clicked through too, and its sentence waits for North's last seed."""
    pid = "capture-pick-the-pile"
    puzzle = PUZZLES[pid]
    open_puzzle(page, server, pid)
    open_expander(page, "Board settings")
    set_switch(page, "Step mode (one seed per click)", True)
    pit_button(page, pid, 2).click()
    assert step_through(page, "Solved at the first try") >= 3
    settle(page, play(puzzle.start, 2, puzzle.game_rules).position.to_notation())
    page.get_by_text("Solved at the first try").first.wait_for(state="visible")
    expect(page.get_by_text("Watch the seeds...")).to_be_hidden()
    page.get_by_role("button", name="Start again").click()
    settle(page, puzzle.start.to_notation())
    pit_button(page, pid, 3).click()
    assert step_through(page, puzzle.wrong[3]) >= 4  # pit 3's two seeds and North's pit 6 (two seeds), seed by seed
    settle(page, "1,2,0,1,0,8/12/1,0,7,2,0,0/14/S")
    page.get_by_text(puzzle.wrong[3]).first.wait_for(state="visible")  # the puzzle's own words for pit 3
    shot(page, "puzzle-step-mode-wrong")
