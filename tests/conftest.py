"""Shared fixtures: AppTest of the whole app (pages opened through app.py), and Playwright on Debian's Chromium."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"

_URL = os.environ.get("MANCALA_DB_URL", "")
PG_URL = _URL if _URL.startswith("postgresql") else None
"""The PostgreSQL server the store tests also run on (``.ci/run`` starts one); ``None`` elsewhere."""
if not _URL or _URL == os.environ.get("MANCALA_TEST_DB_URL"):
    # The app under test (AppTest here, the browser tests' server) keeps progress in a throwaway file,
    # never in the checkout's data/ folder; one per process: xdist's workers inherit the controller's
    # file, and two browser-test servers migrating and writing one SQLite file lock each other out.
    import tempfile

    _made = f"sqlite:///{tempfile.mkdtemp(prefix='mancala-tests-')}/progress.sqlite3"
    os.environ["MANCALA_DB_URL"] = os.environ["MANCALA_TEST_DB_URL"] = _made
# The app under test (AppTest, the browser tests' server) expires learners idle longer than this
# (store.lifecycle, once a day per process): a hundred years, so the learners the lifecycle tests make
# with dates long past, in a database other test processes share, go only when a test expires them.
os.environ.setdefault("MANCALA_LEARNER_TTL_DAYS", "36500")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--rebuild", action="store_true",
                     help="also run the tests marked 'rebuild' (they make shipped data again: an hour or more)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``rebuild`` are skipped, whatever ``-m`` says, unless ``--rebuild`` is given: CI and
    every run while editing leave the hour-long rebuilds out."""
    if config.getoption("--rebuild"):
        return
    skip = pytest.mark.skip(reason="makes shipped data again for an hour or more: run it with --rebuild")
    for item in items:
        if "rebuild" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def pg_database():
    """The PostgreSQL database of ``MANCALA_DB_URL`` (migrated), or a skip that says why."""
    if PG_URL is None:
        pytest.skip("MANCALA_DB_URL names no PostgreSQL server (.ci/run starts one): the PostgreSQL runs are skipped")
    from store.db import Database

    db = Database(PG_URL)
    yield db
    db.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A migrated store database: a new SQLite file, then the PostgreSQL server when there is one."""
    if request.param == "postgresql":
        return request.getfixturevalue("pg_database")
    from store.db import Database

    db = Database(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    request.addfinalizer(db.dispose)
    return db


@pytest.fixture(params=["en", "el"])
def both_languages(request):
    """The test runs once in English and once in Greek, its thread speaking that language (the code)."""
    from tutor import i18n

    i18n.use(request.param)
    yield request.param
    i18n.use(None)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch):
    """A fresh AppTest of the whole app (``app.py``, the frame), not yet run."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.chdir(ROOT)
    # Searches run inline on the script thread (tutor.thinking), so AppTest runs are repeatable;
    # the process pool itself is tested in tests/test_thinking.py.
    monkeypatch.setenv("MANCALA_INLINE_THINKING", "1")
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)


@pytest.fixture
def page_app(app):
    """Factory: ``page_app("pages/sandbox.py")`` is the app opened on that page through the frame
    (``app.py`` runs, then ``switch_page``); call ``.run()`` after setting query params or state."""

    class PageApp:
        def __init__(self, path: str) -> None:
            self.path = path
            self.at = app
            self._opened = False

        def run(self, **kwargs):
            if not self._opened:
                self._opened = True
                self.at.run(**kwargs)
                return self.at.switch_page(self.path).run(**kwargs)
            return self.at.run(**kwargs)

        def __getattr__(self, name):
            return getattr(self.at, name)

    return PageApp


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
    """The app served once (``streamlit run serve.py`` on a free port) for every browser test."""
    from tests.browser_support import streamlit_server

    with streamlit_server() as base:
        yield base


@pytest.fixture
def context(context):
    """pytest-playwright's browser context, whose pages count the server's "script finished" messages
    (``tests.browser_support.COUNT_FINISHED``, read by ``wait_rerun``)."""
    from tests.browser_support import COUNT_FINISHED

    context.add_init_script(COUNT_FINISHED)
    return context


@pytest.fixture(scope="module")
def db():
    """The app's own database (``MANCALA_DB_URL``, else the SQLite file), as the pages under test use it."""
    from store.db import Database

    database = Database()
    yield database
    database.dispose()
