"""Helpers for the browser tests: serve the app, wait for a run, take screenshots, name pits."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, proc: subprocess.Popen, seconds: float = 120, poll: float = 0.3) -> bool:
    """Poll ``base``'s ``/_stcore/health`` every ``poll`` seconds until it says ``ok`` (True); False
    when the server process ended or ``seconds`` went by first."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return True
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            return False
        time.sleep(poll)


@contextlib.contextmanager
def streamlit_server():
    """Run ``streamlit run serve.py`` (the app as the README starts it) on a free local port; yield
    its base URL; stop it afterwards."""
    port = _free_port()
    log_path = ROOT / "tests" / f".streamlit-{port}.log"
    log = open(log_path, "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable, "-m", "streamlit", "run", "serve.py",
            "--server.headless", "true",
            "--server.port", str(port),
            "--server.address", "127.0.0.1",
            "--browser.gatherUsageStats", "false",
            "--server.fileWatcherType", "none",
        ],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        if not wait_healthy(base, proc):
            log.flush()
            raise RuntimeError("streamlit did not start: " + log_path.read_text()[-2000:])
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()
        log_path.unlink(missing_ok=True)


TIMEOUT_MS = 60_000
"""How long a browser test waits for a state before it fails (a busy 2-core machine can be slow)."""


def sized(page, width: int = 1366, height: int = 768):
    """``page`` waiting up to :data:`TIMEOUT_MS` for every state, at ``width`` x ``height`` (a laptop by default)."""
    from playwright.sync_api import expect

    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    page.set_viewport_size({"width": width, "height": height})
    return page


SETTLED = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  if (!app || app.dataset.testScriptState !== 'notRunning') return false;
  if (document.querySelector("[data-testid='stSkeleton']")) return false;
  const height = (e) => e.getBoundingClientRect().height;
  return [...document.querySelectorAll('details[open]')].every((d) => {
    const summary = d.querySelector(':scope > summary');
    const content = d.querySelector(":scope > [data-testid='stExpanderDetails']");
    return d.getAnimations().length === 0
      && (!summary || !content || Math.abs(height(d) - height(summary) - height(content)) <= 8);
  });
}"""
"""True when the page's script run has finished and the page is still: no element still loading its
script (Streamlit's skeleton, which then takes the element's own height and moves what follows it:
a panel's buttons jumped by up to 28 px a tenth of a second after it opened) and every open panel
unfolded to its content's height. Streamlit animates a panel's height for half a second whenever its
content grows (after it opens, or an element in it arrives or loads); meanwhile what lies below the
panel's edge is clipped, and a click Playwright scrolls to it (the panel's own scroll, which no person
can use) lands where the content is about to slide away: "Your own" pressed, "Clock" released."""


def wait_idle(page, timeout: int = TIMEOUT_MS) -> None:
    """Wait until the page's script run has finished and the page is still (:data:`SETTLED`; docs/style.md);
    use after ``goto``, then wait for the state the test expects (a pit's name, a text), never for a fixed time."""
    page.wait_for_function(SETTLED, timeout=timeout)


def wait_known(page, timeout: int = TIMEOUT_MS) -> None:
    """Wait until the learner keeper's first report has been answered (the browser remembers the new
    learner's code) and that run has finished: for a test about what the learner's code brings (their
    progress, the language their browser chose). A test need not wait for it before it clicks or
    types: the report never loses a press or a field (``ui.learner._on_stored``, ``ui.learner.keeper``)."""
    page.wait_for_function("() => window.localStorage.getItem('mancala_tutor_learner')", timeout=timeout)
    wait_idle(page, timeout)


COUNT_FINISHED = """(() => {
  // Counts the server's "script finished" messages: a ForwardMsg (Streamlit 1.67) with field 6,
  // script_finished, and otherwise at most field 2, the metadata naming the run (a short message:
  // the deltas are longer). A run too short for the page to ever show it running (React draws
  // "running" and "notRunning" in one go) still sends one.
  window.__mtFinished = 0;
  const varint = (b, i) => {
    let value = 0, shift = 0;
    while (i < b.length) {
      const byte = b[i++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return [value, i];
      shift += 7;
    }
    return [null, i];
  };
  const finished = (b) => {
    let i = 0, status = null;
    while (i < b.length) {
      let key; [key, i] = varint(b, i);
      if (key === null) return null;
      const field = Math.floor(key / 8), wire = key % 8;
      if (field === 6 && wire === 0) { [status, i] = varint(b, i); }
      else if (field === 2 && wire === 2) { let n; [n, i] = varint(b, i); if (n === null) return null; i += n; }
      else return null;
    }
    return i === b.length ? status : null;
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const data = e.data;
        if (!(data instanceof ArrayBuffer) || data.byteLength > 512) return;
        const status = finished(new Uint8Array(data));
        // Finished, or a fragment run finished (not 2: stopped early for a rerun, which follows).
        if (status === 0 || status === 3) window.__mtFinished += 1;
      });
    }
  };
})();"""
"""An init script for every page of the browser tests (``tests/conftest.py``), read by :func:`wait_rerun`."""

WATCH_RUN = """() => {
  window.__mtRan = false;
  window.__mtFinishedFrom = window.__mtFinished;
  const app = document.querySelector("[data-testid='stApp']");
  // A short run (a fragment) can start and finish between two callbacks: the old values count too.
  new MutationObserver((records) => {
    if (app.dataset.testScriptState === 'running'
        || records.some((r) => r.attributeName === 'data-test-script-state' && r.oldValue === 'running')) {
      window.__mtRan = true;
    }
  }).observe(app, {attributes: true, attributeOldValue: true, attributeFilter: ['data-test-script-state']});
}"""


def watch_rerun(page) -> None:
    """Start noting whether the app's script runs (call before the action that should rerun it)."""
    page.evaluate(WATCH_RUN)


def wait_rerun(page, timeout: int = TIMEOUT_MS) -> None:
    """Wait until the script has run since :func:`watch_rerun` and has finished (seen by the page's
    script state, or by a "script finished" message: :data:`COUNT_FINISHED`), and the page is still
    (:data:`SETTLED`)."""
    page.wait_for_function(
        f"() => (window.__mtRan || window.__mtFinished > window.__mtFinishedFrom) && ({SETTLED})()", timeout=timeout)


def open_expander(page, label: str) -> None:
    """Open the expander labelled ``label`` with one click, made once the page's run has finished, and
    wait until its content is drawn: for a panel that builds its content only while open (opening it
    reruns the app or its fragment), until that run has finished. The click is never made again: a
    lost click, or a panel that closes by itself, is a bug of the app and the test fails."""
    from playwright.sync_api import expect

    summary = page.locator("summary").filter(has_text=label).first
    details = page.locator("details").filter(has=page.locator("summary").filter(has_text=label)).first
    content = details.locator("[data-testid='stExpanderDetails'] [data-testid='stElementContainer']")
    summary.wait_for()
    wait_idle(page)
    if details.get_attribute("open") is None:
        builds = content.count() == 0  # a closed panel that builds nothing until it is open
        if builds:
            watch_rerun(page)
        summary.click()
        expect(details).to_have_attribute("open", "")
        if builds:
            wait_rerun(page)
    # Some of it shown (not its first element: a sandbox panel holds a version per move of the sowing,
    # shown as the board sows it, ui.reveal.by_move)
    expect(content.filter(visible=True).first).to_be_visible()
    wait_idle(page)
    expect(details).to_have_attribute("open", "")


def choose(page, label: str) -> None:
    """Click the radio option ``label`` (its words) once the page's run has finished, and wait until it
    is checked. The click is never made again: a lost click is a bug of the app, and the test fails."""
    from playwright.sync_api import expect

    wait_idle(page)
    page.get_by_text(label).click()
    expect(page.get_by_role("radio", name=label)).to_be_checked()


ANSWERED = ":not([data-foreseen])"
"""A board the server drew (a press can show a board foreseen in the browser first, ``data-foreseen``)."""


def wait_board(page, notation: str | None = None, timeout: int = TIMEOUT_MS) -> None:
    """Wait until a board the server drew has finished sowing (``data-animating="false"``), showing
    ``notation`` if given."""
    where = f"[data-notation='{notation}']" if notation else ""
    page.wait_for_selector(f".mt-board[data-animating='false']{where}{ANSWERED}", timeout=timeout)


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def settle(page, notation: str | None = None) -> None:
    """Wait for the board to show ``notation`` (the server has answered), skip the rest of its sowing
    animation if one is running, and wait until the board is still."""
    if notation:
        page.wait_for_selector(f".mt-board[data-notation='{notation}']", timeout=TIMEOUT_MS)
    skip = page.locator(".mt-skip")
    if skip.count():
        try:
            skip.first.click(timeout=5_000)
        except Exception:  # noqa: BLE001 - the animation ended by itself before the click
            pass
    wait_board(page, notation)


def no_error_box(page) -> bool:
    """True when the page shows no Streamlit exception box."""
    return page.locator("[data-testid='stException']").count() == 0


def pit_name(side: str, pit: int, seeds: int) -> str:
    """The accessible name of a pit button, e.g. ``"South pit 3, 4 seeds"``."""
    who = "South" if side == "S" else "North"
    return f"{who} pit {pit}, {seeds} seed{'s' if seeds != 1 else ''}"


FIND = """const find = (root, sel) => {  // querySelector that also looks inside shadow roots (the board's component)
    const hit = root.querySelector(sel);
    if (hit) return hit;
    for (const e of root.querySelectorAll('*')) {
      if (e.shadowRoot) { const inner = find(e.shadowRoot, sel); if (inner) return inner; }
    }
    return null;
  };"""

SNAPSHOT = """(texts) => {
  """ + FIND + """
  const board = find(document, '.mt-board');
  const shown = (t) => [...document.querySelectorAll('p, span, div')].some(
    (e) => e.childElementCount === 0 && e.textContent.includes(t)
      && e.checkVisibility({visibilityProperty: true, opacityProperty: true}));
  const answered = board && !board.dataset.foreseen;
  return {animating: answered ? board.dataset.animating === 'true' : false, shown: texts.map(shown)};
}"""


BOARD_HTML = """() => {
  """ + FIND + """
  const board = find(document, '.mt-root');
  return board ? board.innerHTML : null;
}"""


def board_html(page) -> str | None:
    """The drawn board's HTML now (inside its shadow root), to wait for the next frame."""
    return page.evaluate(BOARD_HTML)


def wait_board_change(page, before: str | None) -> None:
    """Wait until the drawn board differs from ``before`` (a frame of the sowing was drawn)."""
    page.wait_for_function(f"b => ({BOARD_HTML})() !== b", arg=before, timeout=TIMEOUT_MS)


def while_sowing(page, texts: list[str]) -> list[bool]:
    """Whether each of ``texts`` is visible, read in one instant while the board is still sowing.

    Waits for the sowing of a board the server drew to start (a press first shows a foreseen board,
    sowing before the server has answered and written its words), then takes one snapshot in the
    page (no race between the animation and several separate checks); fails if the sowing already
    ended at that instant.
    """
    page.wait_for_selector(f".mt-board[data-animating='true']{ANSWERED}", timeout=TIMEOUT_MS)
    snap = page.evaluate(SNAPSHOT, texts)
    assert snap["animating"], "the sowing ended before the page could be read"
    return list(snap["shown"])


def slow_sowing(page) -> None:
    """Set the board's speed to slow in the sidebar's Board settings (a long animation to look at)."""
    open_expander(page, "Board settings")
    slider = page.get_by_role("slider", name="Speed")
    press_slider(page, slider, "Home")
    page.get_by_text("slow").first.wait_for()


def press_slider(page, slider, key: str) -> None:
    """Press ``key`` on a Streamlit slider and wait for the run its new value starts (a slider sends
    its value a moment after the key: "not running" right after it proves nothing). Nothing to wait
    for when the key leaves the value as it was."""
    before = slider.get_attribute("aria-valuenow")
    watch_rerun(page)
    slider.focus()
    slider.press(key)
    if slider.get_attribute("aria-valuenow") == before:
        wait_idle(page)
        return
    wait_rerun(page)


def set_switch(page, name: str, on: bool) -> None:
    """Turn a Streamlit toggle on or off from the keyboard (focus, Space) and wait until it shows that
    state and the app has taken it (the rerun has ended)."""
    from playwright.sync_api import expect

    switch = page.get_by_role("switch", name=name)
    if switch.is_checked() == on:
        wait_idle(page)
        return
    watch_rerun(page)  # "not running" right after the key is no proof: the run may not have begun
    switch.focus()
    page.keyboard.press("Space")
    expect(switch).to_be_checked(checked=on)
    wait_rerun(page)
