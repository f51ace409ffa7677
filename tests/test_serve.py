"""The server's entry (``serve.py``): which requests go to the app's own "page not found", and the
friendly sentence a failed page shows instead of a traceback (issue 36)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import serve
from tutor import words
from ui import frame


def request(path: str, accept: bytes = b"text/html,application/xhtml+xml", method: str = "GET") -> dict:
    return {"type": "http", "method": method, "path": path, "headers": [(b"accept", accept)]}


def test_the_server_knows_the_pages_the_frame_has():
    assert serve.known_paths() == frame.known_paths()
    assert {"", "home", "sandbox", "lesson_8_awari_strategy", "class", "not_found"} <= serve.known_paths()


@pytest.mark.parametrize("path", ["/sandbox/extra", "/lesson_1_setup/x/y", "/nothing", "/Sandbox", "/sandbox/",
                                  "/%3Cscript%3E", "/" + "9" * 5000])
def test_a_browser_asking_for_an_address_with_no_page_is_sent_on(path):
    assert serve.unknown_page(request(path), serve.known_paths()) is (path != "/sandbox/")
    # (a trailing slash is Streamlit's: it sends /sandbox/ on to /sandbox itself)


@pytest.mark.parametrize("scope", [
    request("/"), request("/sandbox"), request("/home"), request("/not_found"),
    request("/_stcore/health"), request("/static/js/index.js"), request("/component/x/board.js"),
    request("/nothing", accept=b"*/*"),  # not a page asked for: a file, a fetch
    request("/nothing", method="POST"),
    {"type": "websocket", "path": "/_stcore/stream", "headers": []},
])
def test_everything_else_goes_through(scope):
    assert not serve.unknown_page(scope, serve.known_paths())


FAILING = '''
import streamlit as st
from ui.not_found import failed

st.session_state["handled"] = failed(ValueError("a bug"))
'''


def test_a_failed_page_says_one_friendly_sentence_and_links_home(monkeypatch):
    from tests.conftest import ROOT

    monkeypatch.chdir(ROOT)
    at = AppTest.from_string(FAILING, default_timeout=30).run()
    assert not at.exception
    assert at.session_state["handled"] is True
    assert [e.value for e in at.error] == [words.page_failed()]
    assert words.page_failed() == "Something went wrong on this page, sorry. Your progress is safe: reload the page to go on."


def test_the_server_imports_the_charts_libraries_before_any_session_runs():
    import subprocess
    import sys

    code = ("import sys; import serve; "
            "print(all(m in sys.modules for m in ('pandas', 'plotly.express', 'plotly.graph_objects', 'plotly.subplots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(serve.ROOT)).stdout.split()
    assert out[-1] == "True"
