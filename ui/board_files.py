"""The board component's files (``ui/web``): declared to the server, and fetched by a first page
before the board is drawn.

Streamlit only; imports nothing of the app, so ``app.py`` can send :func:`preload` before the frame's
modules are imported (about a quarter of a second on a server's first page, bench/cold_start.py).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import streamlit as st
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


@functools.cache
def _streamlit_chunk() -> str | None:
    """Streamlit's own script for components v2 (``static/js/BidiComponent.<hash>.js``, its name
    changes with every release), relative to the page's address; None when it cannot be found."""
    found = sorted((Path(st.__file__).resolve().parent / "static" / "static" / "js").glob("BidiComponent.*.js"))
    return f"static/js/{found[0].name}" if len(found) == 1 else None


def preload_script() -> str:
    """A ``<script>`` that asks the browser to fetch the board's files now (modulepreload and preload
    links in the document's head, each once per page load): Streamlit's components script, ``board.js``
    and its modules, ``board.css``; and a style that hides its element (no gap in the sidebar).
    Fixed text, nothing from a user."""
    scripts = [u for u in (_streamlit_chunk(),) if u] + [BASE + "board.js"] + [BASE + m for m in modules()]
    links = [["modulepreload", u] for u in scripts] + [["preload", BASE + "board.css"]]
    return ("<style>[data-testid='stElementContainer']:has(script[data-mt-preload]) { display: none; }</style>"
            "<script data-mt-preload>(() => { for (const [rel, href] of " + json.dumps(links) + ") {"
            " const url = new URL(href, document.baseURI).href;"
            " if ([...document.head.querySelectorAll('link')].some((o) => o.rel === rel && o.href === url)) continue;"
            " const l = document.createElement('link'); l.rel = rel; l.href = url;"
            " if (rel === 'preload') l.as = 'style';"
            " document.head.appendChild(l); } })();</script>")


def preload() -> None:
    """Register the board's files and send :func:`preload_script` in the sidebar (an element that
    takes no room there): on a server's first page the browser then fetches them while the rest of
    the first run is computed, instead of after the board's element has arrived."""
    register()
    with st.sidebar:
        st.html(preload_script(), unsafe_allow_javascript=True)
