"""Waiting for a search on a page: a visible sign, polled by a fragment, never a blocked script.

The searches run in the server's process pool (``tutor.thinking.service``). A page asks for one
with :func:`ask` (one pending request per session and page: a new one abandons the old, and
leaving the page abandons it, :func:`on_page`). While it runs, :func:`wait` draws a "thinking"
status in a fragment that polls the answer every :data:`POLL_S` seconds; the script thread is
free meanwhile (other presses of this session and every other session are served). When the
answer is in, the fragment reruns the app, which draws the result; or, given ``then`` (the key of
the fragment it is drawn in), only that fragment: the frame, the sidebar and the rest of the page
are not run again (Move outcomes), and the poll, no longer drawn, stops (Streamlit stops the
timer of a nested fragment its parent's run leaves out).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextvars import ContextVar

import streamlit as st

from tutor.thinking import Answer, Request, service
from ui import streamlit_compat

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
    return str(st.session_state.setdefault(OWNER, uuid.uuid4().hex))


WHY = "/why"
"""The purpose suffix of a page's second search, the coach's (``ask(..., why=True)``): asked after the
page's values are in, it must not abandon them nor be abandoned by asking them again."""


def on_page(url_path: str) -> None:
    """The session runs ``url_path`` now: the searches it asked on other pages are abandoned."""
    st.session_state[PAGE] = url_path
    service().cancel(owner(), keep=(url_path, url_path + WHY))


def ask(request: Request, why: bool = False) -> Answer:
    """The answer to ``request`` for this session's page (started if it is not pending); ``why``: the
    page's coach request (:data:`WHY`), pending beside the page's own search."""
    return service().ask(owner(), str(st.session_state.get(PAGE, "")) + (WHY if why else ""), request)


def abandon() -> None:
    """Drop this session's pending search on its page (its result will never be shown)."""
    service().cancel(owner(), str(st.session_state.get(PAGE, "")))


_DRAWN: ContextVar[bool] = ContextVar("mancala_tutor_poll_drawn", default=False)
"""True while :func:`wait` draws its poll in the page's run (a whole-app run, or the run of the
fragment the poll is drawn in); False in the poll's own tick, when Streamlit runs its fragment alone."""


def _look(label: str, done: Callable[[], bool], then: str | None = None) -> None:
    if then is not None:
        # Only from the poll's own tick: narrowing the page's run would lose the rest of the page
        # (the trap of ``ui.sandbox._rerun_parts``); the next tick looks again.
        if not _DRAWN.get() and done():
            # ``st.rerun(then)`` is public from a widget callback only (ui.streamlit_compat).
            streamlit_compat.rerun_fragment(then)
    elif done():
        st.rerun()  # the whole app: the page draws the result (a full run also stops this polling)
    st.status(label, state="running")


@st.fragment(run_every=POLL_S)
def _poll(label: str, done: Callable[[], bool]) -> None:
    _look(label, done)


@st.fragment(run_every=SLOW_POLL_S)
def _poll_slowly(label: str, done: Callable[[], bool]) -> None:
    _look(label, done)


def wait(label: str, done: Callable[[], bool], slowly: bool = False, then: str | None = None,
         key: str | None = None) -> None:
    """Show ``label`` with a running sign until ``done()`` (asked every :data:`POLL_S` seconds, or
    :data:`SLOW_POLL_S` ``slowly``, without blocking) is True, then rerun the app; or, with
    ``then`` (the key of the fragment this is drawn in), only that fragment and the others its tick
    had queued (``ui.streamlit_compat.rerun_fragment``; the whole app with a Streamlit release it was
    not read against). ``key``: this poll's own fragment key (a bench finds it by it)."""
    token = _DRAWN.set(True)
    try:
        if then is None and key is None:
            (_poll_slowly if slowly else _poll)(label, done)
        else:
            st.fragment(run_every=SLOW_POLL_S if slowly else POLL_S, key=key)(_look)(label, done, then)
    finally:
        _DRAWN.reset(token)


__all__ = ["POLL_S", "SLOW_POLL_S", "WHY", "abandon", "ask", "on_page", "owner", "wait"]
