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

from engine import KalahRules, Position, legal_moves, play
from lessons.models import DoStep, GoalStep, PredictStep
from tests.browser_support import (
    FIND,
    SHOTS,
    TIMEOUT_MS,
    no_error_box,
    open_expander,
    pit_name,
    set_switch,
    settle,
    shot,
    wait_board,
    wait_idle,
    wait_rerun,
    watch_rerun,
)
from tests.test_browser import START, after
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


STILL = """() => document.querySelector("[data-testid='stApp']").dataset.testScriptState === 'notRunning'
  && !document.querySelector("[data-stale='true']")
  && !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running')"""
"""The page is still: no script run, no element faded as stale by a run (a rerun after the load,
the learner code being kept, fades the page for a moment), no CSS transition between two colours."""


def audit(page, tries: int = 3) -> dict[str, object]:
    """Run axe on the still page: counts by impact of what is left, the excluded nodes, the details.

    A blocking finding is checked again on the still page (up to ``tries`` runs in all): an element
    caught in the middle of a fade on a busy machine is not a finding; one that stays is."""
    for _ in range(tries):
        found = _audit_once(page)
        if not any(v["impact"] in BLOCKING for v in found["violations"]):
            break
    return found


def _audit_once(page) -> dict[str, object]:
    page.wait_for_function(STILL, timeout=TIMEOUT_MS)
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
        return "pressed South pit 3, opened the four panels"
    if url_path in LESSON_PAGES.values():
        lesson = next(lesson for lid, lesson in LESSONS.items() if LESSON_PAGES[lid] == url_path)
        total = len(lesson.steps)
        at_step(page, 1, total)
        for k, step in enumerate(lesson.steps):
            if isinstance(step, (DoStep, GoalStep)):
                break
            if isinstance(step, PredictStep):
                page.get_by_role("button", name=words.answer_label(step.answer), exact=True).click()
                settle(page, play(lesson.step_position(step), step.pit, lesson.step_rules(step)).position.to_notation())
            next_step(page, k + 1, total)
        pos, rules = lesson.step_position(step), lesson.step_rules(step)
        side = pos.to_move
        wait_board(page, pos.to_notation())  # the step's board has arrived
        pits = step.lit[:1] if isinstance(step, DoStep) else step.solution
        if isinstance(step, DoStep):
            pit = pits[0]
            button = page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1]))
            expect(button).to_have_class(re.compile(r"\bmt-lit\b"))
        wait_idle(page)
        axe_step = audit(page)  # the step's board is audited too (a lit pit's colours)
        assert not [v for v in axe_step["violations"] if v["impact"] in BLOCKING], axe_step["violations"]
        for pit in pits:
            wait_idle(page)
            page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1])).click()
            pos = play(pos, pit, rules).position
            settle(page, pos.to_notation())
        page.get_by_text(words.first_sentence(step.done)[0][:40]).first.wait_for(state="visible")
        kind = "the lit pit" if isinstance(step, DoStep) else "the found pits" if len(pits) > 1 else "the found pit"
        return f"pressed {kind} {', '.join(map(str, pits))} of step '{step.id}'"
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
    open_expander(page, words.label("board_settings"))
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


FOCUSED = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a) return null;
  return {name: a.getAttribute('aria-label'), playable: a.classList.contains('mt-playable'),
          tabindex: a.getAttribute('tabindex')};
}"""


def focused(page) -> dict | None:
    """The element with the keyboard focus (looked up through the board's shadow root)."""
    return page.evaluate(FOCUSED)


def said(page) -> str:
    """What the board's live region (role=status) says now."""
    return page.locator(".mt-say").inner_text()


def test_a_whole_short_game_is_played_with_the_keyboard_only(page, server):
    """From an endgame link: Tab reaches the row that can be pressed (one tab stop), arrows, Home
    and End move along it, Enter and Space play; after every move the focus is back on the row
    and the live region says that move's sentence; the game ends with the result shown."""
    rules = KalahRules()
    pos = Position.from_notation("0,0,0,1,1,2/20/1,0,0,1,1,0/21/S", rules)
    page.goto(f"{server}/sandbox?pos={pos.to_notation()}&game=kalah")
    wait_board(page, pos.to_notation())
    open_expander(page, words.label("board_settings"))
    set_switch(page, words.label("animate"), False)  # the focus is checked after each rerun, not mid-sowing
    for _ in range(80):  # Tab from the top of the page until the board's row has the focus
        page.keyboard.press("Tab")
        now = focused(page)
        if now and now["playable"]:
            break
    else:
        pytest.fail("Tab never reached a pit")
    first = now["name"]
    assert now["tabindex"] == "0"
    page.keyboard.press("Tab")  # one tab stop: the next Tab leaves the row
    assert not (focused(page) or {}).get("playable")
    page.keyboard.press("Shift+Tab")
    assert focused(page)["name"] == first
    moves = 0
    while True:
        side = pos.to_move
        legal = sorted(legal_moves(pos, rules), reverse=(side == "N"))  # the row as drawn, left to right
        index = moves % len(legal)
        if moves % 2:
            page.keyboard.press("End")
            for _ in range(len(legal) - 1 - index):
                page.keyboard.press("ArrowLeft")
        else:
            page.keyboard.press("Home")
            for _ in range(index):
                page.keyboard.press("ArrowRight")
        pit = legal[index]
        assert focused(page)["name"] == pit_name(side, pit, pos.row(side)[pit - 1])
        res = play(pos, pit, rules)
        page.keyboard.press("Space" if moves % 2 else "Enter")
        pos = res.position
        wait_board(page, pos.to_notation())
        expect(page.locator(".mt-say")).to_have_text(words.moves_said([res], rules))
        moves += 1
        if res.game_over:
            break
        page.wait_for_function(f"() => ({FOCUSED})()?.playable === true")  # the focus is back on the row
        assert focused(page)["tabindex"] == "0"
    page.get_by_text(words.score_words(res.outcome)).first.wait_for()
    assert moves >= 3 and no_error_box(page)
    shot(page, "a11y-keyboard-game")


def test_the_live_region_says_the_sentence_python_makes_for_the_move(page, server):
    """After an extra turn and after a capture, the board's live region holds exactly
    ``words.moves_said`` for that move (the words the page shows, without the rule badges)."""
    rules = KalahRules()
    start = Position.from_notation(START, rules)
    page.goto(f"{server}/sandbox?pos={START}&game=kalah")
    expect(page.get_by_role("status")).to_have_count(1)
    page.get_by_role("button", name=pit_name("S", 3, 4)).click()
    extra = play(start, 3, rules)
    assert extra.extra_turn
    settle(page, extra.position.to_notation())
    expect(page.locator(".mt-say")).to_have_text(words.moves_said([extra], rules))
    assert said(page) == "South sowed pit 3 (4 seeds). Last seed in South's store: South moves again!"
    before = Position.from_notation(after(START, 1, 4, 2), rules)
    page.goto(f"{server}/sandbox?pos={before.to_notation()}&game=kalah")
    wait_board(page, before.to_notation())
    page.get_by_role("button", name=pit_name("S", 1, before.row("S")[0])).click()
    capture = play(before, 1, rules)
    assert capture.captured
    settle(page, capture.position.to_notation())
    expect(page.locator(".mt-say")).to_have_text(words.moves_said([capture], rules))
    assert said(page).startswith("South sowed pit 1 (1 seed). Capture! South takes")
    expect(page.get_by_role("status")).to_have_attribute("aria-live", "polite")


PIT_BOXES = """() => {
  """ + FIND + """
  const grid = find(document, '.mt-grid');
  const boxes = [...grid.querySelectorAll('.mt-pit')].map((b) => b.getBoundingClientRect());
  const stores = [...grid.querySelectorAll('.mt-store')].map((b) => b.getBoundingClientRect());
  return {widths: boxes.map((r) => r.width), heights: boxes.map((r) => r.height),
          stores: stores.map((r) => [r.left, r.right]),
          scrolls: grid.scrollWidth > grid.clientWidth, overflow: getComputedStyle(grid).overflowX};
}"""


@pytest.mark.parametrize("pits", [6, 8])
def test_on_a_phone_every_pit_is_at_least_44_px(page, server, pits):
    """At 390x844 every pit is at least 44x44 px; 8 pits a side scroll sideways between the two
    stores, which stay on the screen, and the keyboard brings the far pit into view."""
    page.set_viewport_size({"width": 390, "height": 844})
    row = ",".join(["3"] * pits)
    page.goto(f"{server}/sandbox?pos={row}/0/{row}/0/S&pits={pits}&seeds=3")
    page.get_by_role("button", name=pit_name("S", pits, 3)).wait_for()
    wait_idle(page)
    sizes = page.evaluate(PIT_BOXES)
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"a11y-pits-{pits}.json").write_text(json.dumps(sizes, indent=1), encoding="utf-8")
    print(f"\n{pits} pits at 390 px: pit {min(sizes['widths']):.1f} x {min(sizes['heights']):.1f} px, "
          f"scrolls sideways: {sizes['scrolls']}")
    assert len(sizes["widths"]) == 2 * pits
    assert min(sizes["widths"]) >= 44 and min(sizes["heights"]) >= 44
    for left, right in sizes["stores"]:
        assert left >= 0 and right <= 390
    if pits == 6:
        assert not sizes["scrolls"]
    else:
        assert sizes["scrolls"] and sizes["overflow"] == "auto"
        page.get_by_role("button", name=pit_name("S", 1, 3)).focus()
        page.keyboard.press("End")
        far = page.get_by_role("button", name=pit_name("S", pits, 3))
        expect(far).to_be_focused()
        box = far.bounding_box()
        store = page.get_by_role("img", name="South store, 0 seeds").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= store["x"] + 1  # in view, beside its store
    shot(page, f"a11y-phone-{pits}-pits")
