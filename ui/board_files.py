"""The board component's files (``ui/web``): declared to the server, and fetched by a first page
before the board is drawn, with Streamlit's scripts for the first page's other elements.

Streamlit only; imports nothing of the app, so ``app.py`` can send :func:`preload` before the frame's
modules are imported (about a quarter of a second on a server's first page, bench/cold_start.py).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import streamlit as st
from streamlit import delta_generator
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest

NAME = "mancala_tutor.board"
"""The board component's name (``<package>.<component>``)."""
WEB = Path(__file__).resolve().parent / "web"
"""``board.js``, the modules it imports and ``board.css``: the component's asset folder, which
Streamlit serves as files, so a browser loads them once instead of receiving them with every board
drawn (about 31 KB each time)."""
BASE = f"_stcore/bidi-components/{NAME}/"
"""Where the server serves :data:`WEB`, relative to the page's address (as Streamlit's own files are,
so a ``server.baseUrlPath`` is kept)."""


def modules() -> tuple[str, ...]:
    """The file names of the modules ``board.js`` imports (every ``*.js`` of :data:`WEB` but itself), sorted."""
    return tuple(sorted(p.name for p in WEB.glob("*.js") if p.name != "board.js"))


def module_links() -> str:
    """``<link rel="modulepreload">`` tags for :func:`modules`, for the component's html: they are
    fetched beside ``board.js``, not after it (a round trip less)."""
    return "".join(f'<link rel="modulepreload" href="{BASE}{name}">' for name in modules())


def register() -> None:
    """Declare :data:`WEB` as the board component's asset folder to the running Streamlit server (its
    ``BidiComponentManager``, which serves the files under ``/_stcore/bidi-components/``), once per
    runtime (AppTest makes one per test). Streamlit finds such folders in installed packages'
    ``pyproject.toml``; the app is not installed, so it declares the same manifest itself."""
    manager = get_bidi_component_manager()
    if manager.get_component_asset_root(NAME) is None:
        package, name = NAME.split(".")
        manager.register_from_manifest(
            ComponentManifest(name=package, version="1", components=[ComponentConfig(name=name, asset_dir=WEB.name)]),
            WEB.parent)


STREAMLIT_JS = Path(st.__file__).resolve().parent / "static" / "static" / "js"
"""Streamlit's own scripts, as the installed release ships them (served under ``static/js/``)."""
FIRST_PAGE_ELEMENTS = ("BidiComponent", "Radio", "PageLink")
"""The kinds of element a first page's first run (Home) draws whose scripts Streamlit loads only when the
first of them arrives: the board (components v2), the language switch, the page links. Home's metrics
come with the learner keeper's report run: their six scripts (Vega's loader, numbro...) would only
compete with these for the server's event loop while the first page is drawn."""
_IMPORTS = re.compile(r'(?:from|import)\s*"\./([\w.-]+\.js)"')


def _imports(names: set[str], known: frozenset[str] = frozenset()) -> set[str]:
    """``names`` and every script of :data:`STREAMLIT_JS` they import, directly or not (static
    imports only), but for the scripts in ``known`` and what those import (never read)."""
    seen: set[str] = set()
    todo = [n for n in names if n not in known]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [n for n in _IMPORTS.findall((STREAMLIT_JS / name).read_text(encoding="utf-8")) if n not in known]
    return seen


def entry_scripts() -> frozenset[str]:
    """The scripts Streamlit's page loads before anything else: its ``index.html`` names its entry and
    every script the entry imports (as ``modulepreload`` links). File names in :data:`STREAMLIT_JS`."""
    return frozenset(re.findall(r'"\./static/js/([\w.-]+\.js)"',
                                (STREAMLIT_JS.parent.parent / "index.html").read_text(encoding="utf-8")))


@functools.cache
def streamlit_scripts() -> tuple[str, ...]:
    """Streamlit's scripts for :data:`FIRST_PAGE_ELEMENTS`, with every script they import that the
    page's entry does not (:func:`entry_scripts`), relative to the page's address: each element's
    script first, in that order (``("static/js/BidiComponent.<hash>.js", ...)``; the names change
    with every release). Empty if the installed Streamlit's files cannot be read."""
    try:
        loaded = entry_scripts()
        found: list[str] = []
        for kind in FIRST_PAGE_ELEMENTS:
            own = sorted(p.name for p in STREAMLIT_JS.glob(f"{kind}.*.js"))
            if len(own) == 1:
                found += [n for n in [own[0], *sorted(_imports({own[0]}, loaded) - {own[0]})] if n not in found]
    except OSError:
        return ()
    return tuple(f"static/js/{name}" for name in found)


def preload_script(also: str = "") -> str:
    """A ``<script>`` that asks the browser to fetch the first page's files now (modulepreload and
    preload links in the document's head, each once per page load): ``board.css`` (the board stays
    hidden until it has applied), ``board.js`` and its modules, Streamlit's scripts for the first
    page's elements (:func:`streamlit_scripts`); then the script ``also``, run in the same element
    (``app.py``: ``ui.address.SCRIPT``); and a style that hides the element (no gap in the sidebar).
    Fixed text, nothing from a user."""
    scripts = [BASE + "board.js"] + [BASE + m for m in modules()] + list(streamlit_scripts())
    # The sheet first: the board stays hidden until it has applied (board.py HIDDEN_ROOT).
    links = [["preload", BASE + "board.css"]] + [["modulepreload", u] for u in scripts]
    return ("<style>[data-testid='stElementContainer']:has(script[data-mt-preload]) { display: none; }</style>"
            "<script data-mt-preload>(() => { for (const [rel, href] of " + json.dumps(links) + ") {"
            " const url = new URL(href, document.baseURI).href;"
            " if ([...document.head.querySelectorAll('link')].some((o) => o.rel === rel && o.href === url)) continue;"
            " const l = document.createElement('link'); l.rel = rel; l.href = url;"
            " if (rel === 'preload') l.as = 'style';"
            " document.head.appendChild(l); } })();" + also + "</script>")


def preload(also: str = "") -> None:
    """Register the board's files and send :func:`preload_script` (with ``also``) in the sidebar (an
    element that takes no room there): on a server's first page the browser then fetches them while
    the rest of the first run is computed, instead of after the board's element has arrived."""
    # Streamlit's first element in a process asks ``inspect.stack()`` whether it runs in a Python
    # shell, to print a warning there (50-100 ms, every module's file looked up): never the case
    # under ``streamlit run``, so it is told the warning has been dealt with.
    delta_generator._use_warning_has_been_displayed = True
    register()
    with st.sidebar:
        st.html(preload_script(also), unsafe_allow_javascript=True)
