"""Shared fixtures: AppTest with the st.navigation fix, and Playwright on Debian's Chromium."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the real app in Chromium (needs /usr/bin/chromium)")


def _patch_pages_manager(monkeypatch: pytest.MonkeyPatch) -> None:
    """AppTest reruns skip app.py when a pages/ folder exists; this makes it run the frame every time."""
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.testing.v1 import app_test

    class FramePagesManager(PagesManager):
        def __init__(self, *args, **kwargs):
            PagesManager.uses_pages_directory = False
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(app_test, "PagesManager", FramePagesManager)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch):
    """A fresh AppTest of the whole app (``app.py``), not yet run."""
    from streamlit.testing.v1 import AppTest

    _patch_pages_manager(monkeypatch)
    monkeypatch.chdir(ROOT)
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)


@pytest.fixture
def page_app(monkeypatch: pytest.MonkeyPatch):
    """Factory: ``page_app("pages/sandbox.py")`` is an AppTest of one page file run alone."""
    from streamlit.testing.v1 import AppTest

    _patch_pages_manager(monkeypatch)
    monkeypatch.chdir(ROOT)

    def make(path: str):
        return AppTest.from_file(str(ROOT / path), default_timeout=30)

    return make


@pytest.fixture(scope="session")
def browser_type_launch_args():
    """Playwright launches Debian's Chromium (its own browser download cannot work here)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium chromium-driver")
    return {
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def server():
    """The app served once (``streamlit run app.py`` on a free port) for every browser test."""
    from tests.browser_support import streamlit_server

    with streamlit_server() as base:
        yield base
