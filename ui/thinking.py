"""Waiting for a search on a page: a visible sign, polled by a fragment, never a blocked script.

The searches run in the server's process pool (``tutor.thinking.service``). A page asks for one
with :func:`ask` (one pending request per session and page: a new one abandons the old, and
leaving the page abandons it, :func:`on_page`). While it runs, :func:`wait` draws a "thinking"
status in a fragment that polls the answer every :data:`POLL_S` seconds; the script thread is
free meanwhile (other presses of this session and every other session are served). When the
answer is in, the fragment reruns the app, which draws the result.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import streamlit as st

from tutor.thinking import Answer, Request, service

POLL_S = 0.25
"""Seconds between two looks at the computer's search (one small fragment run each): its clock runs."""
SLOW_POLL_S = 1.0
"""Seconds between two looks at a Move outcomes search (one to six seconds: a second is soon enough)."""
OWNER = "thinking_owner"
"""Session State: this session's id as the owner of its searches."""
PAGE = "thinking_page"
"""Session State: the page this session is on (its searches are asked for this page)."""


def owner() -> str:
    """This session's id for the service (made once per session)."""
    return st.session_state.setdefault(OWNER, uuid.uuid4().hex)


def on_page(url_path: str) -> None:
    """The session runs ``url_path`` now: the searches it asked on other pages are abandoned."""
    st.session_state[PAGE] = url_path
    service().cancel(owner(), keep=(url_path,))


def ask(request: Request) -> Answer:
    """The answer to ``request`` for this session's page (started if it is not pending)."""
    return service().ask(owner(), str(st.session_state.get(PAGE, "")), request)


def abandon() -> None:
    """Drop this session's pending search on its page (its result will never be shown)."""
    service().cancel(owner(), str(st.session_state.get(PAGE, "")))


def _look(label: str, done: Callable[[], bool]) -> None:
    if done():
        st.rerun()  # the whole app: the page draws the result (a full run also stops this polling)
    st.status(label, state="running")


@st.fragment(run_every=POLL_S)
def _poll(label: str, done: Callable[[], bool]) -> None:
    _look(label, done)


@st.fragment(run_every=SLOW_POLL_S)
def _poll_slowly(label: str, done: Callable[[], bool]) -> None:
    _look(label, done)


def wait(label: str, done: Callable[[], bool], slowly: bool = False) -> None:
    """Show ``label`` with a running sign until ``done()`` (asked every :data:`POLL_S` seconds, or
    :data:`SLOW_POLL_S` ``slowly``, without blocking) is True, then rerun the app."""
    (_poll_slowly if slowly else _poll)(label, done)


__all__ = ["POLL_S", "SLOW_POLL_S", "abandon", "ask", "on_page", "owner", "wait"]
