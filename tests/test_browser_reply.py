"""The computer's reply in the real browser (issue 36): nothing beside the board is ahead of it, and
"Show the result" finishes only the turn being sown.

A 10-year-old saw the Moves table and the share link show North's reply while their own seeds were
still being sown, and "Show the result" pressed on their own move skipped the reply too. In step
mode (one seed per "Next seed") the board waits at each frame, so the page is read at a known frame.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine import KalahRules, Position, play
from tests.browser_support import TIMEOUT_MS, choose, open_expander, set_switch, sized, wait_idle
from tutor import i18n, words

pytestmark = pytest.mark.browser
START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"
READING = """() => {
  const shown = (e) => e.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const main = document.querySelector("[data-testid='stMain']");
  const captions = [...main.querySelectorAll("[data-testid='stExpanderDetails'] [data-testid='stCaptionContainer']")]
    .filter(shown).map((e) => e.textContent);
  const links = [...main.querySelectorAll("[data-testid='stCode'] code")].filter(shown).map((e) => e.textContent);
  return {captions, links};
}"""
"""What the open panels show now, read in one instant: their visible captions and share links."""


@pytest.fixture
def page(page, server):
    return sized(page)


@pytest.fixture
def said():
    """``said(lang, make)``: what ``make()`` says in ``lang``."""
    def in_lang(lang, make):
        i18n.use(lang)
        try:
            return make()
        finally:
            i18n.use(None)
    return in_lang


def _reading(page) -> dict[str, list[str]]:
    """The moves panel's visible captions (the share panel's line left out) and the visible share links."""
    reading = page.evaluate(READING)
    intro = {words.share_intro()}
    for lang in ("en", "el"):
        i18n.use(lang)
        intro.add(words.share_intro())
    i18n.use(None)
    return {"captions": [c for c in reading["captions"] if c not in intro], "links": reading["links"]}


def _links_at(reading, notation: str) -> bool:
    return len(reading["links"]) == 1 and f"pos={notation}&" in reading["links"][0]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_panels_follow_the_board_and_show_the_result_finishes_only_the_learners_move(page, server, lang, said):
    page.goto(f"{server}/sandbox?lang={lang}")
    wait_idle(page)
    open_expander(page, said(lang, lambda: words.label("players_rules")))
    choose(page, said(lang, lambda: words.label("mode_computer")))
    open_expander(page, said(lang, lambda: words.label("board_settings")))
    set_switch(page, said(lang, lambda: words.label("step_mode")), True)
    open_expander(page, said(lang, lambda: words.label("moves")))
    open_expander(page, said(lang, lambda: words.label("share_position")))
    none_yet = said(lang, words.no_moves_yet)
    assert _reading(page)["captions"] == [none_yet] and _links_at(_reading(page), START)

    mine = play(Position.from_notation(START, KalahRules()), 1, KalahRules()).position  # no extra turn
    pit = said(lang, lambda: words.board_words()["pit"].format(side=words.side_name("S"), pit=1,
                                                                seeds=words.seeds_word(4)))
    page.get_by_role("button", name=pit).click()
    # The server's board with North's reply, still at the learner's first seed (step mode).
    page.wait_for_selector(".mt-board[data-animating='true'][data-notation$='/S']:not([data-foreseen])",
                           timeout=TIMEOUT_MS)
    wait_idle(page)
    reading = _reading(page)
    assert reading["captions"] == [none_yet] and _links_at(reading, START), reading  # not the reply, not even mine

    page.get_by_role("button", name=said(lang, lambda: words.board_words()["skip"])).click()
    # Only the learner's move is finished: the board still sows North's reply, one seed a click.
    board = page.locator(".mt-board:not([data-foreseen])")
    expect(board).to_have_attribute("data-animating", "true")
    expect(page.get_by_role("button", name=said(lang, lambda: words.board_words()["next"]))).to_be_visible()
    reading = _reading(page)
    assert reading["captions"] == [said(lang, lambda: words.moves_so_far(1))], reading
    assert _links_at(reading, mine.to_notation()), reading

    page.get_by_role("button", name=said(lang, lambda: words.board_words()["skip"])).click()  # North's turn too
    expect(board).to_have_attribute("data-animating", "false")
    end = board.get_attribute("data-notation")
    reading = _reading(page)
    assert end != mine.to_notation() and _links_at(reading, end), reading
    assert len(reading["captions"]) == 1 and reading["captions"] != [said(lang, lambda: words.moves_so_far(1))], reading


STORY_COPIES = """() => {
  const shown = (e) => e.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const copies = [...document.querySelectorAll('[class*="st-key-mtmv"][class*="sb_story_v"]')];
  return {drawn: copies.length, shown: copies.filter(shown).map((c) => Number(c.className.match(/st-key-mtmv(\\d+)_/)[1]))};
}"""
"""The game review's copies while the board sows (``ui.reveal.by_move``): how many are drawn, and the move
counts (``k``) of those shown."""


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_game_story_follows_the_board_move_by_move_bug(page, server, lang, said):
    """Tester (issue 36): the story panel showed a move while the board was still sowing it. Two players on
    one device (the review is open at any time), step mode: after North's press the review shown is the
    copy without North's move (k = 0) until the board has sown it."""
    page.goto(f"{server}/sandbox?lang={lang}")
    wait_idle(page)
    story = said(lang, lambda: words.label("game_story"))
    open_expander(page, said(lang, lambda: words.label("board_settings")))
    set_switch(page, said(lang, lambda: words.label("step_mode")), True)
    open_expander(page, story)
    start = Position.from_notation(START, KalahRules())
    pit = said(lang, lambda: words.board_words()["pit"].format(side=words.side_name("S"), pit=1,
                                                                seeds=words.seeds_word(4)))
    page.get_by_role("button", name=pit).click()
    board = page.locator(".mt-board:not([data-foreseen])")
    page.get_by_role("button", name=said(lang, lambda: words.board_words()["skip"])).click()
    expect(board).to_have_attribute("data-animating", "false")
    set_switch(page, said(lang, lambda: words.review_labels("toggle")), True)
    page.locator("[data-testid='stPlotlyChart']").first.wait_for()  # the review of the one move played

    after = play(start, 1, KalahRules()).position
    north = said(lang, lambda: words.board_words()["pit"].format(side=words.side_name("N"), pit=1,
                                                                  seeds=words.seeds_word(after.north[0])))
    page.get_by_role("button", name=north).click()
    page.wait_for_selector(".mt-board[data-animating='true'][data-notation$='/S']:not([data-foreseen])",
                           timeout=TIMEOUT_MS)
    page.wait_for_function(f"() => ({STORY_COPIES})().drawn === 2")  # the new move's review has come
    wait_idle(page)
    assert page.evaluate(STORY_COPIES) == {"drawn": 2, "shown": [0]}  # not the move still being sown
    page.get_by_role("button", name=said(lang, lambda: words.board_words()["skip"])).click()
    expect(board).to_have_attribute("data-animating", "false")
    assert page.evaluate(STORY_COPIES)["shown"] == [1]
