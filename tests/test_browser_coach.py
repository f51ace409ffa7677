"""The coach's "Why?" on Move outcomes in a real browser (Debian's Chromium), in English and Greek, on a
laptop and a phone: a learner opens a pit's "Why?" and reads the coach's sentence (issue 32)."""

from __future__ import annotations

import pytest

from engine import KalahRules, Position
from tests.browser_support import shot, sized, wait_idle
from tutor import i18n, words
from tutor.coach_facts import facts

pytestmark = pytest.mark.browser

ENDGAME = "1,2,0,1,2,0/16/1,3,0,2,0,0/20/S"
"""16 seeds in play: every value is proven within the page's thinking time, so the words are fixed."""


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("width,height", [(1366, 768), (390, 844)])
def test_a_learner_opens_why_under_a_pit_and_reads_the_coach(page, server, lang, width, height):
    sized(page, width, height)
    page.goto(f"{server}/move_outcomes?lang={lang}&pos={ENDGAME}")
    wait_idle(page)
    rules = KalahRules()
    i18n.use(lang)
    try:
        title = words.coach_why_title(1)
        first = words.coach_first(facts(Position.from_notation(ENDGAME, rules), rules, 1))
    finally:
        i18n.use(None)
    why = page.get_by_text(title, exact=True)
    why.wait_for()
    why.click()
    said = page.get_by_text(first)
    said.wait_for(state="visible")
    said.scroll_into_view_if_needed()
    page.screenshot(path=str(shot(page, f"coach-why-{lang}-{width}").with_name(f"coach-why-{lang}-{width}-view.png")))
