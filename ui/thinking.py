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
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import RerunData, RerunException, get_script_run_ctx

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


def rerun_fragment(key: str, ctx: Any = None) -> None:
    """From a fragment's own run (a poll's tick): stop it and run the fragment keyed ``key`` alone next.

    ``st.rerun(key)`` is allowed from a widget callback only; from a fragment body the same request
    is made here (what ``st.rerun`` raises from a callback: a fragment-scoped rerun of ``key``'s ids,
    then the other fragments this run had queued, so none of them is lost; the poll itself, left out
    by its parent's run, is skipped). Returns without doing anything in a whole-app run: narrowing
    that run would lose the rest of the page (the trap of ``ui.sandbox._rerun_parts``); the caller's
    next tick asks again. ``ctx``: the script run context (this run's by default). Raises
    ``RerunException`` (it stops this run) and ``StreamlitAPIException`` for an unknown ``key``.
    """
    ctx = ctx or get_script_run_ctx()
    if ctx is None or not ctx.fragment_ids_this_run:
        return
    ids = list(dict.fromkeys([*ctx.fragment_storage.resolve_target(key), *ctx.fragment_ids_this_run]))
    raise RerunException(RerunData(
        query_string=ctx.query_string, page_script_hash=ctx.page_script_hash, fragment_id_queue=ids,
        is_fragment_scoped_rerun=True, cached_message_hashes=ctx.cached_message_hashes,
        context_info=ctx.context_info))


def _look(label: str, done: Callable[[], bool], then: str | None = None) -> None:
    if then is not None:
        ctx = get_script_run_ctx()
        if ctx is not None and ctx.fragment_ids_this_run and done():  # a tick: never narrow a whole run
            rerun_fragment(then, ctx)
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
    ``then`` (the key of the fragment this is drawn in), only that fragment (:func:`rerun_fragment`).
    ``key``: this poll's own fragment key (a bench finds it by it)."""
    if then is None and key is None:
        (_poll_slowly if slowly else _poll)(label, done)
        return
    st.fragment(run_every=SLOW_POLL_S if slowly else POLL_S, key=key)(_look)(label, done, then)


__all__ = ["POLL_S", "SLOW_POLL_S", "abandon", "ask", "on_page", "owner", "rerun_fragment", "wait"]
