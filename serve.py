"""The server's entry point: ``streamlit run serve.py`` serves the app (``app.py``) through ``st.App``.

Two things Streamlit alone does not do, added here through its public ``st.App`` (docs/deployment.md):

- An address the app has no page at is sent to the app's own "page not found" page
  (``/not_found``, ``ui.not_found``), with a way home. Streamlit alone answers an unknown
  address with its main page and a dialog, and one with more than one part (``/sandbox/extra``)
  with a blank page (the page's own files are then asked for under that path).
- A page that fails shows one friendly sentence instead of a traceback (``ui.not_found.failed``);
  the error goes to the server's log.

The charts' libraries (pandas, plotly: ``plotly.express``, ``plotly.graph_objects``, ``plotly.subplots``)
are imported here, once, when the server starts: two sessions of a fresh server importing them at once
for their first chart met a half-imported pandas (``AttributeError: partially initialized module
'pandas' has no attribute 'Series'``).

Only a browser asking for a page is sent on (a ``GET`` or ``HEAD`` that accepts HTML); Streamlit's
own addresses (its files, its connection, components) go through untouched.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pandas  # noqa: F401 - imported whole before any session runs (see above)
import plotly.express as _px  # noqa: F401
import plotly.graph_objects as _go  # noqa: F401
import plotly.subplots as _subplots  # noqa: F401
import streamlit as st
from starlette.middleware import Middleware
from starlette.responses import RedirectResponse

ROOT = Path(__file__).resolve().parent
NOT_FOUND = "/not_found"
"""Where an address with no page is sent (``ui.frame.NOT_FOUND``)."""
STREAMLIT_OWN = ("_stcore", "static", "component", "media", "app", "-")
"""The first parts of Streamlit's own addresses: never pages, never sent on."""

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def known_paths() -> frozenset[str]:
    """The addresses the app has pages at, without their ``/``: Home (``""`` and ``home``), every
    file of ``pages/`` and ``not_found`` (the same as ``ui.frame.known_paths``, checked by the tests)."""
    return frozenset({"", "home", NOT_FOUND.strip("/"), *(p.stem for p in (ROOT / "pages").glob("*.py"))})


def unknown_page(scope: Scope, known: frozenset[str]) -> bool:
    """Whether ``scope`` is a browser asking for a page at an address the app has none at."""
    if scope.get("type") != "http" or scope.get("method") not in ("GET", "HEAD"):
        return False
    headers = {name.lower(): value for name, value in scope.get("headers", ())}
    if b"text/html" not in headers.get(b"accept", b""):
        return False
    parts = str(scope.get("path", "/")).strip("/").split("/")
    if parts[0] in STREAMLIT_OWN:
        return False
    return len(parts) > 1 or parts[0] not in known


class UnknownPages:
    """ASGI middleware: a browser asking for a page at an unknown address is sent to :data:`NOT_FOUND`
    (``302``), its query kept (a link's ``?lang=el``); the address asked for is not carried along."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.known = known_paths()

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if unknown_page(scope, self.known):
            query = bytes(scope.get("query_string", b"")).decode("latin-1")
            where = quote(NOT_FOUND) + (f"?{quote(query, safe='=&%+')}" if query else "")
            await RedirectResponse(where, status_code=302)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _failed(exc: Exception) -> bool:
    from ui.not_found import (
        failed,  # the app's modules load on the first page, not at start
    )

    return failed(exc)


app = st.App(ROOT / "app.py", middleware=[Middleware(UnknownPages)], on_script_error=_failed)
