"""A sandbox press in a real browser, against the rerun of a one-button page.

Starts two servers the same way (``streamlit run``, the options of the
browser tests): ``serve.py`` and a temp script that draws one button. Opens
both in Debian's Chromium, then takes turns:

- ``one-button rerun``: click the button; the time until the page shows the
  rerun's line (``Pressed N times``);
- ``sandbox press``: the Sandbox, two players, sowing animation off (Board
  settings), so the board shows the move as soon as it can; click a
  playable pit; the time until the board shows the new position (its
  ``data-notation`` changed): the board the browser draws at once from the
  move Python sent with it (``BoardView.ahead``), and, printed apart, the
  time until the server's own board for it replaces that one (pits pressable
  again). A finished game is started again, untimed.

Playwright clicks as a mouse does; both are timed inside the page
(``performance.now()``, from the click event to the change seen by a
MutationObserver, or at the latest the next animation frame), so Playwright's
own round trips are not counted. Also notes, for every press, whether the
pressed pit had its pressed look (``mt-pressed``, set by ``ui/web/board.js``) right
after its click handler, before the server could answer. Prints the medians
and the ratio (each page is brought to the front while it is timed). Nothing
is asserted.

    python -m bench.browser_press               # medians of 40 each
    python -m bench.browser_press --runs 60
    python -m bench.browser_press --ports 8711 8712
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

from bench.cold_start import CHROMIUM, free_port, start, stop, wait_health
from tests.browser_support import FIND, set_switch, wait_idle
from ui.state import Keys

ROOT = Path(__file__).resolve().parent.parent

ONE_BUTTON = """import streamlit as st

st.session_state.setdefault("presses", 0)
if st.button("Press me", key="b"):
    st.session_state.presses += 1
st.markdown(f"Pressed {st.session_state.presses} times")
"""
"""One button, and a line that shows each click's rerun (a run this short can start and end inside
one drawing of the page, so the page's script state may never change: the line does)."""
TIMEOUT_MS = 60_000

ARM_ONE = """(expected) => {
  window.__mt = {t0: null, end: null};
  // Capture on the document: runs before the page's own handlers, at the click itself.
  document.addEventListener('click', () => { window.__mt.t0 = performance.now(); }, {capture: true, once: true});
  const check = () => {
    const m = window.__mt;
    if (m.t0 === null || m.end !== null) return;
    if ([...document.querySelectorAll('p')].some((p) => p.textContent === expected)) m.end = performance.now();
  };
  const watch = new MutationObserver(check);
  watch.observe(document.body, {subtree: true, childList: true, characterData: true});
  const frame = () => { check(); if (window.__mt.end === null) requestAnimationFrame(frame); else watch.disconnect(); };
  requestAnimationFrame(frame);
}"""
"""Before a click on the one button: notes the click's time and when the page first shows ``expected``."""

ARM_PIT = """(name) => {
  """ + FIND + """
  const board = find(document, '.mt-board');
  const before = board.dataset.notation;
  window.__mt = {t0: null, end: null, answered: null, pressed: null};
  document.addEventListener('click', () => { window.__mt.t0 = performance.now(); }, {capture: true, once: true});
  // Bubbling on the document: runs after the pit's own handler, before any answer can come.
  document.addEventListener('click', (e) => {
    const pit = e.composedPath().find((n) => n.classList && n.classList.contains('mt-pit'));
    window.__mt.pressed = !!pit && pit.getAttribute('aria-label') === name && pit.classList.contains('mt-pressed');
  }, {once: true});
  const check = () => {
    const m = window.__mt;
    if (m.t0 === null || m.answered !== null) return;
    const now = find(document, '.mt-board');
    if (!now || now.dataset.notation === before || now.dataset.animating !== 'false') return;
    if (m.end === null) m.end = performance.now();
    if (now.dataset.foreseen !== 'true') m.answered = performance.now();
  };
  // The new board replaces the old one inside the component's root: watch it, and every frame too.
  const watch = new MutationObserver(check);
  watch.observe(board.getRootNode(), {subtree: true, childList: true, attributes: true});
  const frame = () => { check(); if (window.__mt.answered === null) requestAnimationFrame(frame); else watch.disconnect(); };
  requestAnimationFrame(frame);
}"""
"""Before a press of the pit named ``name``: notes the click's time, whether the pit looked pressed
right after its own click handler, and when the board first shows a new position."""

PLAYABLE = """() => {
  const names = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll('button.mt-pit.mt-playable:not([disabled])')) names.push(e.getAttribute('aria-label'));
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) walk(e.shadowRoot);
  };
  walk(document);
  return names;
}"""
"""The names of the pits that can be pressed now."""

DONE = "() => window.__mt.end !== null"
SPENT = "() => window.__mt.end - window.__mt.t0"


def wait_done(page: Page, what: str) -> float:
    """Milliseconds from the click to the change it waits for (an error saying what was seen, if none came)."""
    try:
        page.wait_for_function(DONE)
    except Exception as exc:
        seen = page.evaluate("() => JSON.stringify(window.__mt)")
        raise RuntimeError(f"the {what} showed nothing in {TIMEOUT_MS} ms: {seen}") from exc
    spent: float = page.evaluate(SPENT)
    return spent


def open_one_button(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(base)
    page.get_by_role("button", name="Press me").wait_for()
    wait_idle(page)
    return page


def open_sandbox(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{base}/sandbox")
    page.wait_for_selector(".mt-board[data-animating='false']")
    page.wait_for_function("() => window.localStorage.getItem('mancala_tutor_learner')")  # the keeper has reported
    wait_idle(page)
    page.locator("summary").filter(has_text="Board settings").click()
    set_switch(page, "Animate sowing", False)
    return page


def new_game(page: Page) -> None:
    """Start a new game (untimed) and wait until a pit can be pressed."""
    page.locator(f".st-key-{Keys.SANDBOX}new button").click()
    page.wait_for_selector("button.mt-pit.mt-playable:not([disabled])")
    wait_idle(page)


def measure(runs: int, ports: tuple[int, int] | None, warmup: int = 5) -> dict[str, list[float]]:
    """Milliseconds per click of each kind, taking turns; and whether each press looked pressed at once."""
    with tempfile.TemporaryDirectory(prefix="browser-press-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "one_button.py").write_text(ONE_BUTTON, encoding="utf-8")
        # Progress goes to a throwaway database, never to the checkout's data/ folder.
        env = {**os.environ, "MANCALA_DB_URL": f"sqlite:///{tmp / 'progress.sqlite3'}", "PYTHONUNBUFFERED": "1"}
        one_port, app_port = ports or (free_port(), free_port())
        procs = [start("one_button.py", tmp, one_port, env), start("serve.py", ROOT, app_port, env)]
        out: dict[str, list[float]] = {"one": [], "press": [], "answer": [], "pressed": []}  # pressed: bools
        try:
            one_base, app_base = f"http://127.0.0.1:{one_port}", f"http://127.0.0.1:{app_port}"
            wait_health(one_base, procs[0])
            wait_health(app_base, procs[1])
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                one = open_one_button(browser.new_context(viewport={"width": 1280, "height": 900}), one_base)
                app = open_sandbox(browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-GB"),
                                   app_base)
                for i in range(runs + warmup):
                    one.bring_to_front()  # each page in front while it is timed (a page behind may be throttled)
                    one.evaluate(ARM_ONE, f"Pressed {i + 1} times")
                    one.locator(".st-key-b button").click()
                    ms = wait_done(one, "one-button rerun")
                    app.bring_to_front()
                    names = app.evaluate(PLAYABLE)
                    if not names:
                        new_game(app)
                        names = app.evaluate(PLAYABLE)
                    name = names[(3 * i) % len(names)]
                    app.evaluate(ARM_PIT, name)
                    app.get_by_role("button", name=name, exact=True).click()
                    press, pressed = wait_done(app, "sandbox press"), app.evaluate("() => window.__mt.pressed")
                    app.wait_for_function("() => window.__mt.answered !== null")
                    answered = app.evaluate("() => window.__mt.answered - window.__mt.t0")
                    wait_idle(app)  # the press's run has ended before the next click anywhere
                    print(f"  click {i + 1}: one-button {ms:.0f} ms, press {press:.0f} ms, answer {answered:.0f} ms",
                          file=sys.stderr, flush=True)
                    if i >= warmup:  # the first clicks warm caches up
                        out["one"].append(ms)
                        out["press"].append(press)
                        out["answer"].append(answered)
                        out["pressed"].append(pressed)
                browser.close()
        finally:
            for proc in procs:
                stop(proc)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--ports", type=int, nargs=2, default=None, metavar=("ONE_BUTTON", "APP"),
                        help="the two servers' ports (else free ones)")
    args = parser.parse_args()
    out = measure(args.runs, tuple(args.ports) if args.ports else None)
    one, press = statistics.median(out["one"]), statistics.median(out["press"])
    print(f"browser press, medians of {args.runs} clicks each, taking turns (ms, click to result drawn):")
    print(f"  one-button page rerun            {one:7.1f} ms")
    print(f"  sandbox press to new board       {press:7.1f} ms")
    print(f"  ratio, press / one-button rerun: {press / one:4.2f}x   (target <= 1.3x)")
    answer = statistics.median(out["answer"])
    print(f"  sandbox press to the server's board {answer:7.1f} ms   (ratio {answer / one:4.2f}x)")
    print(f"  pressed look right after the click, before any answer: {sum(out['pressed'])} of {len(out['pressed'])}"
          " presses")


if __name__ == "__main__":
    main()
