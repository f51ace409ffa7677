"""Accessibility in the real browser: an axe-core audit of every page, the board by keyboard
only, the board's live region, and pit sizes on a phone.

The audit (axe-core, bundled by ``axe-playwright-python``; no network) runs on each page of
``ui.frame.PAGES`` after it loads and again after one action (a pit press, an expander opened,
a choice made). No serious or critical violation may remain; the only ones let through are
Streamlit's own markup listed in :data:`EXCLUDED`, each rule with the selector it is limited to
and why. Each page's counts by impact are written to ``tests/screenshots/a11y-<page>.json``
(git-ignored) and printed (``pytest -s``). Every test waits for states, never a fixed time.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from engine import KalahRules, Position, play
from lessons.models import DoStep, PredictStep
from tests.browser_support import (
    SHOTS,
    TIMEOUT_MS,
    no_error_box,
    pit_name,
    settle,
    shot,
    wait_board,
    wait_idle,
    wait_rerun,
    watch_rerun,
)
from tests.test_browser import START, after, open_expander
from tests.test_browser import page  # noqa: F401 - the same page fixture (1280x900, long waits)
from tests.test_browser_lessons import LESSONS, at_step, next_step
from tutor import words
from ui.frame import PAGES
from ui.lesson import LESSON_PAGES

pytestmark = pytest.mark.browser

AXE = Axe()
BLOCKING = ("serious", "critical")

EXCLUDED: tuple[tuple[str, str, str], ...] = (
    ("list", "[data-testid='stSidebarNavItems']",
     "Streamlit's page navigation (st.navigation) puts each section's <div> straight inside its <ul>; "
     "the markup is Streamlit's own and no option changes it"),
    ("listitem", "[data-testid='stSidebarNavItems']",
     "the same navigation: its <li>s sit in those section <div>s, not directly in the <ul>"),
)
"""(axe rule id, the selector the node must be inside, why) for violations in Streamlit's markup."""

INSIDE = """([target, sel]) => {
  // Resolve an axe target (a selector, or a list through shadow roots) and test closest(sel).
  let root = document, el = null;
  for (const part of [].concat(target)) {
    el = root.querySelector(part);
    if (!el) return false;
    root = el.shadowRoot || el;
  }
  return !!el.closest(sel);
}"""


STILL = """() => Promise.all(document.getAnimations()
  .filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null)))"""
"""Wait until no CSS transition is running (a button fading between two colours is not its colour)."""


def audit(page) -> dict[str, object]:
    """Run axe on the page now: counts by impact of what is left, the excluded nodes, the details."""
    page.evaluate(STILL)
    results = AXE.run(page, options={"resultTypes": ["violations"]}).response
    left: Counter[str] = Counter()
    excluded: Counter[str] = Counter()
    details = []
    for v in results["violations"]:
        for node in v["nodes"]:
            why = next((sel for rule, sel, _why in EXCLUDED
                        if rule == v["id"] and page.evaluate(INSIDE, [node["target"], sel])), None)
            if why:
                excluded[v["id"]] += 1
                continue
            left[v["impact"]] += 1
            details.append({"rule": v["id"], "impact": v["impact"], "target": node["target"],
                            "summary": (node.get("failureSummary") or "")[:300]})
    return {"by_impact": dict(left), "excluded": dict(excluded), "violations": details}


def act(page, server, url_path: str) -> str:
    """One action on the page, as a learner would do it; returns what was done."""
    if url_path == "sandbox":
        page.get_by_role("button", name=pit_name("S", 3, 4)).click()
        settle(page, after(START, 3))
        for label in ("players_rules", "board_editor", "moves", "share_position"):
            open_expander(page, words.label(label))
            wait_idle(page)
        return "pressed South pit 3, opened the four panels"
    if url_path in LESSON_PAGES.values():
        lesson = next(lesson for lid, lesson in LESSONS.items() if LESSON_PAGES[lid] == url_path)
        total = len(lesson.steps)
        at_step(page, 1, total)
        for k, step in enumerate(lesson.steps):
            if isinstance(step, DoStep):
                break
            if isinstance(step, PredictStep):
                page.get_by_role("button", name=step.answer, exact=True).click()
                settle(page, play(lesson.step_position(step), step.pit, lesson.step_rules(step)).position.to_notation())
            next_step(page, k + 1, total)
        pos, rules = lesson.step_position(step), lesson.step_rules(step)
        pit, side = step.lit[0], pos.to_move
        button = page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1]))
        expect(button).to_have_class(re.compile(r"\bmt-lit\b"))
        wait_idle(page)
        axe_lit = audit(page)  # the lit pit itself is audited too (its colours)
        assert not [v for v in axe_lit["violations"] if v["impact"] in BLOCKING], axe_lit["violations"]
        button.click()
        settle(page, play(pos, pit, rules).position.to_notation())
        page.get_by_text(step.done[:40]).first.wait_for(state="visible")
        return f"pressed the lit pit {pit} of step '{step.id}'"
    if url_path == "puzzles":
        page.locator(".mt-playable").first.wait_for()
        wait_idle(page)
        watch_rerun(page)
        page.locator(".mt-playable").first.click()
        wait_rerun(page)
        settle(page)
        return "pressed the first playable pit"
    if url_path == "move_outcomes":
        page.get_by_text(words.source_names()["paste"]).click()
        page.get_by_role("textbox", name=words.outcomes_labels("paste")).wait_for()
        wait_idle(page)
        return "chose a pasted position"
    if url_path == "class":
        open_expander(page, words.label("teacher"))
        return "opened the teacher panel"
    page.locator("summary").filter(has_text=words.label("board_settings")).click()
    page.get_by_role("switch", name=words.label("animate")).wait_for()
    return "opened Board settings in the sidebar"


@pytest.mark.parametrize("url_path", [p[0] for p in PAGES])
def test_axe_finds_no_serious_violation_on_any_page(page, server, url_path):
    """axe-core on each page after load and after one action: no serious or critical violation."""
    page.goto(f"{server}/{'' if url_path == PAGES[0][0] else url_path}")  # the default page is at /
    wait_idle(page)
    expect(page.locator("h1").first).to_have_text(words.page_heading(url_path))
    if page.locator(".mt-root").count():
        wait_board(page)
    loaded = audit(page)
    done = act(page, server, url_path)
    wait_idle(page)
    acted = audit(page)
    assert no_error_box(page)
    summary = {"page": url_path, "action": done, "after_load": loaded, "after_action": acted,
               "excluded_rules": {rule: why for rule, _sel, why in EXCLUDED}}
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"a11y-{url_path}.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    print(f"\naxe {url_path}: load {loaded['by_impact']} (excluded {loaded['excluded']}); "
          f"after {done}: {acted['by_impact']} (excluded {acted['excluded']})")
    for when, result in (("after load", loaded), ("after the action", acted)):
        blocking = [v for v in result["violations"] if v["impact"] in BLOCKING]
        assert blocking == [], f"{url_path} {when}: {blocking}"
    shot(page, f"a11y-{url_path}")
