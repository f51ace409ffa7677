"""The Move outcomes chart in a real browser (Debian's Chromium): its y-axis titles lie wholly in the
chart, left of their tick labels, in English and Greek on a laptop, a wide screen and a phone; the
legend's estimate key is drawn hatched, as the estimate bars are."""

from __future__ import annotations

import pytest

from tests.browser_support import shot, sized, wait_idle
from tutor import i18n, words

pytestmark = pytest.mark.browser

MIDGAME = "3,7,2,5,1,6/0/2,5,6,1,4,3/3/S"
"""48 seeds in play: no search proves a value within the page's thinking time, so every bar is an estimate."""

GEOMETRY = """chart => {
  const box = e => { const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const ticks = cls => [...chart.querySelectorAll(`.${cls}tick text`)].map(box);
  return {svg: box(chart.querySelector('.main-svg')),
          titles: ['ytitle', 'y2title'].map(c => ({text: chart.querySelector(`.${c}`).textContent,
                                                  box: box(chart.querySelector(`.${c}`)), ticks: ticks(c.slice(0, -5))}))};
}"""


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080), (390, 844)])
def test_the_outcomes_y_titles_show_whole(page, server, lang, width, height):
    sized(page, width, height)
    page.goto(f"{server}/move_outcomes?lang={lang}&pos={MIDGAME}")
    chart = page.locator(".js-plotly-plot").first
    chart.wait_for()
    wait_idle(page)
    page.wait_for_selector(".js-plotly-plot .y2title")
    i18n.use(lang)
    try:
        # a title's lines (<br>) are drawn one under the other: their text runs on in the page
        want = [words.chart_words("seeds"), words.chart_words("you_ahead").replace("<br>", "")]
        estimate = words.chart_words("value_estimate")
    finally:
        i18n.use(None)
    seen = chart.evaluate(GEOMETRY)
    svg = seen["svg"]
    assert [t["text"] for t in seen["titles"]] == want
    for title in seen["titles"]:
        b = title["box"]
        assert svg["l"] <= b["l"] and b["r"] <= svg["r"] and svg["t"] <= b["t"] and b["b"] <= svg["b"], (title, svg)
        # beside its tick labels, not on them (a text's box is its line's height, a few px more than its ink)
        assert title["ticks"] and b["r"] - 4 <= min(t["l"] for t in title["ticks"]), title
    key = chart.locator(".legend .traces").filter(has_text=estimate)
    fill = key.locator(".legendpoints path").first.evaluate("p => getComputedStyle(p).fill + ' ' + (p.getAttribute('style') || '')")
    assert "url(" in fill, fill  # a pattern fill, as the hatched estimate bars have
    chart.scroll_into_view_if_needed()
    shot(page, f"outcomes-y-titles-{lang}-{width}")
