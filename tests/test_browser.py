"""The real app in a real browser: Debian's Chromium driven by Playwright.

A session fixture starts ``streamlit run app.py`` on a free local port; the
tests open every page, press a pit on the drawn board and save screenshots
under ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from ui.frame import PAGES

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    """The app served by ``streamlit run``; yields its base URL and stops it afterwards."""
    port = _free_port()
    log = open(ROOT / "tests" / f".streamlit-{port}.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable, "-m", "streamlit", "run", "app.py",
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
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                raise RuntimeError("streamlit did not start: " + (ROOT / "tests" / log.name).read_text()[-2000:])
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        Path(log.name).unlink(missing_ok=True)


def wait_idle(page, timeout: int = 20_000) -> None:
    """Wait until the script run has finished (STREAMLIT.md)."""
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout)


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def page(page, server):
    page.set_default_timeout(20_000)
    page.set_viewport_size({"width": 1280, "height": 900})
    return page


@pytest.mark.parametrize("page_file,title,url_path", [(p[0], p[1], p[3]) for p in PAGES])
def test_every_page_opens_in_the_browser(page, server, page_file, title, url_path):
    """Each page loads in Chromium with its title and no error box."""
    page.goto(f"{server}/{url_path}")
    wait_idle(page)
    page.wait_for_selector("h1")
    assert page.locator("[data-testid='stException']").count() == 0
    shot(page, f"page-{url_path}")


def test_pressing_a_pit_sows_the_seeds(page, server):
    """A learner presses South's pit 3 at the start: the seeds go round and South moves again."""
    page.goto(f"{server}/sandbox")
    wait_idle(page)
    pit = page.get_by_role("button", name="South pit 3, 4 seeds")
    pit.wait_for()
    shot(page, "sandbox-start")
    pit.click()
    wait_idle(page)
    page.get_by_role("button", name="South pit 3, 0 seeds").wait_for()
    page.get_by_role("button", name="South pit 4, 5 seeds").wait_for()
    page.get_by_role("img", name="South store, 1 seed").wait_for()
    shot(page, "sandbox-after-pit-3")
