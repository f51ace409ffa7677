"""The board component's files (``ui/web``): declared to the server, and fetched by a first page
before the board is drawn, with Streamlit's scripts for the first page's other elements.

Streamlit only; imports nothing of the app but ``ui.streamlit_compat``, so ``app.py`` can send
:func:`preload` before the frame's modules are imported (about a quarter of a second on a server's
first page, bench/cold_start.py). With a Streamlit release whose internals ``ui.streamlit_compat`` was
not read against, the files are not served: the board's script and sheet go inline (:func:`js`,
:func:`css`) and a first page asks for nothing ahead.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import streamlit as st

from ui import streamlit_compat

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
    fetched beside ``board.js``, not after it (a round trip less). Empty when :data:`WEB` is not served."""
    if not register():
        return ""
    return "".join(f'<link rel="modulepreload" href="{BASE}{name}">' for name in modules())


def register() -> bool:
    """Have the running server serve :data:`WEB` as the board component's asset folder, under
    :data:`BASE` (``ui.streamlit_compat.serve_component_assets``: once per runtime). True when it is
    served; else the board's files go inline (:func:`js`, :func:`css`)."""
    return streamlit_compat.serve_component_assets(NAME, WEB)


def js() -> str:
    """The component's ``js``: ``"board.js"`` (a file the server serves), or :func:`inline_js`."""
    return "board.js" if register() else inline_js()


def css() -> str:
    """The component's ``css``: ``"board.css"`` (a file the server serves), or the sheet itself."""
    return "board.css" if register() else (WEB / "board.css").read_text(encoding="utf-8")


_IMPORT = re.compile(r'^import \{([^}]*)\} from "\./(\w+)\.js";[ \t]*$', re.M)
_EXPORT = re.compile(r"^export (?=(?:const|let|function|class) )", re.M)
_EXPORTED = re.compile(r"^export (?:const|let|function|class) (\w+)", re.M)


@functools.cache
def inline_js() -> str:
    """``board.js`` and the modules it imports as one script (no file served): each module runs once,
    in a function of its own whose exports the modules importing it take as constants (every export is
    a ``const`` or a function); ``board.js``'s default export stays the script's. About 28 KB sent
    with every board drawn: the public way when the server cannot serve :data:`WEB`."""
    order: list[str] = []

    def visit(stem: str) -> None:
        if stem not in order:
            for _, imported in _IMPORT.findall((WEB / f"{stem}.js").read_text(encoding="utf-8")):
                visit(imported)
            order.append(stem)

    def code(stem: str) -> str:
        return _IMPORT.sub(lambda m: "const {" + m[1].replace(" as ", ": ") + "} = __mt_" + m[2] + ";",
                           (WEB / f"{stem}.js").read_text(encoding="utf-8"))

    visit("board")
    parts = [f"const __mt_{stem} = (() => {{\n{_EXPORT.sub('', code(stem))}\n"
             f"return {{ {', '.join(_EXPORTED.findall(code(stem)))} }};\n}})();" for stem in order[:-1]]
    return "\n".join([*parts, code("board")])


FIRST_PAGE_ELEMENTS = ("BidiComponent", "Radio", "PageLink")
"""The kinds of element a first page's first run (Home) draws whose scripts Streamlit loads only when the
first of them arrives: the board (components v2), the language switch, the page links. Home's metrics
come with the learner keeper's report run: their six scripts (Vega's loader, numbro...) would only
compete with these for the server's event loop while the first page is drawn."""


def streamlit_scripts() -> tuple[str, ...]:
    """Streamlit's scripts for :data:`FIRST_PAGE_ELEMENTS` and what they import beyond the page's entry,
    relative to the page's address, each element's script first (``ui.streamlit_compat.element_scripts``;
    empty with another release or when the installed Streamlit's files cannot be read)."""
    return streamlit_compat.element_scripts(FIRST_PAGE_ELEMENTS)


def preload_script(also: str = "") -> str:
    """A ``<script>`` that asks the browser to fetch the first page's files now (modulepreload and
    preload links in the document's head, each once per page load): ``board.css`` (the board stays
    hidden until it has applied), ``board.js`` and its modules, Streamlit's scripts for the first
    page's elements (:func:`streamlit_scripts`); then the script ``also``, run in the same element
    (``app.py``: ``ui.address.SCRIPT``); and a style that hides the element (no gap in the sidebar).
    The board's files only when the server serves them (:func:`register`). Fixed text, nothing from a user."""
    own = [BASE + "board.js"] + [BASE + m for m in modules()] if register() else []
    # The sheet first: the board stays hidden until it has applied (board.py HIDDEN_ROOT).
    links = ([["preload", BASE + "board.css"]] if own else []) + [
        ["modulepreload", u] for u in own + list(streamlit_scripts())]
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
    # shell (50-100 ms): never the case under ``streamlit run``.
    streamlit_compat.skip_shell_check()
    register()
    with st.sidebar:
        st.html(preload_script(also), unsafe_allow_javascript=True)
