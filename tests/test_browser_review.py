"""The game review and a mistake played again, in a real browser (Debian's Chromium, Playwright).

Two players on one device play a short game of Kalah 4x2 (the leftmost pit each time), open its review
under the result (the values come from the server's process pool), read why move 1 was a blunder, and
play that position again: the same pit is played and answered, Try again, the best pit is found. Every
step waits for a state, never for a fixed time. Screenshots: ``tests/screenshots/review-*.png``.
"""

from __future__ import annotations

import pytest

from engine import Game, KalahRules
from tests.browser_support import (
    TIMEOUT_MS,
    no_error_box,
    pit_name,
    settle,
    shot,
    sized,
    wait_idle,
)
from tests.test_review_app import leftmost_cards

pytestmark = pytest.mark.browser

RULES = KalahRules(pits=4, seeds=2)
IN_VIEW = """(sel) => { const el = document.querySelector(sel); if (!el) return false;
  const top = el.getBoundingClientRect().top; return top >= -4 && top < window.innerHeight / 3; }"""
"""The element ``sel`` begins in the top third of the window."""


def play_leftmost(page, server: str, rules: KalahRules) -> None:
    """A whole two-player game in the Sandbox under ``rules``, the leftmost pit each time, each press waited for."""
    page.goto(f"{server}/sandbox?pits={rules.pits}&seeds={rules.seeds}")
    wait_idle(page)
    game = Game(rules)
    while not game.is_over:
        pos, pit = game.position, game.legal_moves()[0]
        side = pos.to_move
        page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1]), exact=True).click()
        game.play(pit)
        settle(page, game.position.to_notation() if not game.is_over else None)


def test_a_game_is_reviewed_and_its_blunder_played_again(page, server):
    sized(page)
    play_leftmost(page, server, RULES)
    review = page.get_by_role("button", name="Review this game")
    review.wait_for(state="visible", timeout=TIMEOUT_MS)
    review.click()
    # ut46 #3: the page scrolls to the review's panel (it opened below the fold: the child's screen did not change)
    page.wait_for_function(IN_VIEW, arg=".st-key-sb_exp_story")
    # the review's copy of the whole game (ui.reveal.by_move keeps one copy a move of the last sowing)
    said = page.get_by_text("Pit 1 lets North take 3 seeds from your pit 2; pit 4 was better").filter(visible=True)
    said.first.wait_for(state="visible", timeout=TIMEOUT_MS)
    page.get_by_text("South: 1 good move, 1 inaccuracy, 1 mistake, 1 blunder").filter(visible=True).first.wait_for()
    page.locator("[data-testid='stPlotlyChart']").filter(visible=True).first.wait_for()
    assert no_error_box(page)
    shot(page, "review-of-the-game")
    page.get_by_role("button", name="Find a better move").filter(visible=True).first.click()
    page.get_by_text("In your game you played pit 1 here. Find a better move.").first.wait_for()
    start = RULES.initial_position()
    page.wait_for_selector(f".mt-board[data-notation='{start.to_notation()}']")
    page.get_by_role("button", name=pit_name("S", 1, 2), exact=True).click()
    missed = page.locator("[data-testid='stAlert']").filter(has_text="Not this one: pit 1 turns a win by 6 seeds into a loss by 12 seeds.")
    missed.wait_for(state="visible")
    shot(page, "review-mistake-again")
    page.get_by_role("button", name="Try again").click()
    settle(page, start.to_notation())
    page.get_by_role("button", name=pit_name("S", 4, 2), exact=True).click()
    found = page.locator("[data-testid='stAlert']").filter(has_text="Well found! Pit 4 is the best move here.")
    found.wait_for(state="visible")
    page.get_by_role("button", name="Next position").wait_for()
    assert no_error_box(page)
    shot(page, "review-mistake-found")


def test_on_a_phone_the_mistakes_page_leaves_no_empty_room_under_the_board(page, server):
    """390x844: the position's buttons stand right under the board (the board's empty bar takes no room,
    the columns stacked with a small gap), before and after a wrong press; about 80 px were empty there."""
    from store import learners
    from store.cards import StoredCards
    from store.db import Database

    db = Database()  # the server's database
    try:
        code = learners.new_learner(db)
        cards = leftmost_cards()
        StoredCards(db, code).keep(cards)
    finally:
        db.dispose()
    sized(page, 390, 844)
    page.goto(f"{server}/mistakes?learner={code}&cards={cards[0].id}&at=1")
    start = RULES.initial_position()
    page.wait_for_selector(f".mt-board[data-notation='{start.to_notation()}']", timeout=TIMEOUT_MS)
    show = page.get_by_role("button", name="Show me")
    show.wait_for()
    wait_idle(page)
    board = page.locator(".mt-grid").first.bounding_box()  # the wooden board drawn
    assert 0 <= show.bounding_box()["y"] - (board["y"] + board["height"]) <= 24
    shot(page, "mistakes-phone")
    page.get_by_role("button", name=pit_name("S", 1, 2), exact=True).click()
    said = page.locator("[data-testid='stAlert']").filter(has_text="Not this one: pit 1 turns a win by 6 seeds into a loss by 12 seeds.")
    said.wait_for(state="visible")
    settle(page)
    board = page.locator(".mt-grid").first.bounding_box()  # the wooden board drawn
    assert 0 <= said.bounding_box()["y"] - (board["y"] + board["height"]) <= 40
    assert no_error_box(page)
    shot(page, "mistakes-phone-wrong")


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["laptop", "phone"])
def test_the_review_shows_a_childs_three_biggest_mistakes_first(page, server, size):
    """ut46 #4: the learner's own biggest mistakes first, at most 3, one sentence each; the 4th folded under
    "1 more mistake" (two players on one device: both players' mistakes, not "yours"); the legend one short sentence, its details folded. Kalah 5x2, the leftmost pit
    each time, two players on one device (both sides are the learner's; values in tests/test_review_app.py)."""
    sized(page, *size)
    play_leftmost(page, server, KalahRules(pits=5, seeds=2))
    page.get_by_role("button", name="Review this game").click()
    page.wait_for_function(IN_VIEW, arg=".st-key-sb_exp_story")
    first = page.get_by_text("Move 3, South: blunder. Pit 2 gives no extra turn; pit 4 was better").filter(visible=True)
    first.first.wait_for()
    wait_idle(page)
    heading = page.get_by_text("The biggest mistakes of both players").filter(visible=True).first
    assert heading.bounding_box()["y"] < size[1]  # the mistakes are on the first screen of the review
    fourth = page.get_by_text("Move 5, South: blunder.").filter(visible=True)
    assert fourth.count() == 0  # folded
    page.get_by_text("Each mark says how many seeds a move gave away compared with the best move.").filter(
        visible=True).first.wait_for()
    assert page.get_by_text("good 0 or 1, inaccuracy 2 or 3").filter(visible=True).count() == 0  # details folded
    assert no_error_box(page)
    shot(page, f"review-child-{size[0]}")
    page.get_by_text("1 more mistake", exact=True).filter(visible=True).first.click()
    fourth.first.wait_for()
    if size[0] < 1000:
        return
    # ut46 #3: the Mistakes page offers the reviewed game's mistakes at once (they are due only a day later)
    page.get_by_role("link", name="Learn from your mistakes").click()
    page.get_by_text("From the game you reviewed: 4 mistakes are waiting for you. Find a better move!").wait_for()
    wait_idle(page)
    assert page.get_by_text("No position is waiting for you now").count() == 0
    shot(page, "mistakes-after-review")
    page.get_by_role("button", name="Practise these mistakes").click()
    page.get_by_text("Position 1 of 4").first.wait_for()
    assert no_error_box(page)
