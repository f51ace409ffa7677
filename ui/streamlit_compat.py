"""Streamlit beyond its public API: the few things the app needs that Streamlit offers no public way to
do, each read against one release (:data:`CHECKED`) and falling back to public behaviour on any other.

Every other module of the app uses Streamlit's public API only (``tests/test_layers.py`` forbids
``streamlit.runtime``, ``streamlit.commands``, ``delta_generator``, ``get_script_run_ctx``,
``RerunException`` and the component manager's internals anywhere else). Each function here:

- does one thing the public API lacks, and says why it lacks it;
- uses Streamlit's internals only when the installed release is :data:`CHECKED` and the internal is
  found there (:func:`checked`);
- otherwise falls back to public behaviour (plainer or slower, never broken) and never raises for it.

Upgrading Streamlit: read each internal below in the new release, run ``tests/test_streamlit_compat.py``
(it checks that every internal is still where this module looks), then move :data:`CHECKED`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import streamlit as st

CHECKED = "1.67.0"
"""The Streamlit release whose internals this module was read against."""


def checked() -> bool:
    """True when the installed Streamlit is :data:`CHECKED` (else every function falls back)."""
    return st.__version__ == CHECKED


def _run_context() -> Any:
    """The running script's context (``ScriptRunContext``), or None: no session, another release, or
    the internal missing. Never warns (``suppress_warning``)."""
    if not checked():
        return None
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx
    except ImportError:
        return None
    return get_script_run_ctx(suppress_warning=True)


def fragment_run() -> bool | None:
    """Whether this script run, its body or a widget callback called for it, runs some fragments alone
    (True) or the whole app (False); None when it cannot be told (no session, another release).

    Why: ``st.rerun(keys)`` from a callback narrows the coming run to those fragments, even when the
    interaction reached the server together with a whole-app rerun (a page still loading): the rest of
    the page is then never drawn in that run (``ui.sandbox``). Streamlit has no public way to ask which
    kind of run it is (``st.rerun(scope="fragment")`` raises in a whole-app run, but reruns otherwise).
    Internal: ``ScriptRunContext.fragment_ids_this_run``. Fallback: None; the caller then reruns the
    whole app (always right, only slower)."""
    ctx = _run_context()
    ids = getattr(ctx, "fragment_ids_this_run", False) if ctx is not None else False
    return None if ids is False else bool(ids)


def rerun_fragment(key: str, ctx: Any = None) -> None:
    """From a fragment's own run (a poll's tick, never a callback): stop it and run the fragment keyed
    ``key`` alone next, then the other fragments this run had queued (none is lost); in a whole-app run
    nothing (narrowing it would lose the rest of the page; the caller's next tick asks again).

    Why: public ``st.rerun(key)`` is allowed from a widget callback only, and a fragment's body may
    rerun only itself or the whole app; a poll drawn inside a result area (``ui.thinking``) must rerun
    that area, never the frame, when its answer is in (issue 14). Internal: the request ``st.rerun``
    raises from a callback, ``RerunException(RerunData(fragment_id_queue=..., is_fragment_scoped_rerun=
    True, ...))``, the ids from ``ctx.fragment_storage.resolve_target(key)``. ``ctx``: the script run
    context (this run's by default; a test passes its own). Fallback: ``st.rerun(scope="app")``, the
    whole app draws the result. Raises what ``st.rerun`` raises (it stops this run, or
    ``StreamlitAPIException`` for an unknown ``key``)."""
    if not checked():
        st.rerun(scope="app")
        return  # outside a session st.rerun does nothing
    ctx = ctx if ctx is not None else _run_context()
    if ctx is None:
        return  # no session: nothing to run again
    try:
        from streamlit.runtime.scriptrunner import RerunData, RerunException

        this_run = ctx.fragment_ids_this_run
        if not this_run:
            return
        ids = list(dict.fromkeys([*ctx.fragment_storage.resolve_target(key), *this_run]))
        request = RerunData(query_string=ctx.query_string, page_script_hash=ctx.page_script_hash,
                            fragment_id_queue=ids, is_fragment_scoped_rerun=True,
                            cached_message_hashes=ctx.cached_message_hashes, context_info=ctx.context_info)
    except (ImportError, AttributeError, TypeError):
        st.rerun(scope="app")
        return
    raise RerunException(request)


def trust_emoji_icon(icon: str) -> None:
    """Let ``st.set_page_config(page_icon=icon)`` take ``icon`` as an emoji without loading Streamlit's
    catalogue of every emoji; any other text is still checked by it. Once per process and icon.

    Why: Streamlit checks a page icon against ``streamlit.emojis``, a module of every emoji (0.02-0.04 s
    alone, 0.1-0.2 s while a browser loads a server's first page, before Home can be drawn). The public
    alternatives cost more: a material icon is fetched from Google's font server, an image file is
    read with numpy and PIL. The caller knows ``icon`` is an emoji (``tests/test_streamlit_compat.py``
    checks ``ui.frame.ICON`` against the catalogue). Internal: ``streamlit.commands.page_config.is_emoji``, the name its
    ``_get_favicon_string`` calls, wrapped. Fallback: nothing (Streamlit checks the icon itself)."""
    if not checked():
        return
    try:
        from streamlit.commands import page_config
    except ImportError:
        return
    check: Callable[[str], bool] | None = getattr(page_config, "is_emoji", None)
    if check is None:
        return
    known: set[str] | None = getattr(check, "trusted", None)
    if known is None:
        known = set()

        def is_emoji(text: str, check: Callable[[str], bool] = check) -> bool:
            return text in known or check(text)

        is_emoji.trusted = known  # type: ignore[attr-defined]
        setattr(page_config, "is_emoji", is_emoji)  # noqa: B010 - not exported: mypy --strict
    known.add(icon)


def skip_shell_check() -> None:
    """Tell Streamlit its "run me with ``streamlit run``" warning has been dealt with, so the process's
    first element does not walk the call stack (``inspect.stack``: every module's file looked up,
    50-100 ms) to look for a Python shell: never the case under ``streamlit run``.

    Why: the check runs once, before the first element of a server's first page, and no option turns
    it off (``global.showWarningOnDirectExecution`` is read after it). Internal:
    ``streamlit.delta_generator._use_warning_has_been_displayed``. Fallback: nothing (the check runs)."""
    if not checked():
        return
    try:
        from streamlit import delta_generator
    except ImportError:
        return
    if isinstance(getattr(delta_generator, "_use_warning_has_been_displayed", None), bool):
        delta_generator._use_warning_has_been_displayed = True


def serve_component_assets(name: str, folder: Path) -> bool:
    """Have the running server serve ``folder`` as the asset folder of the components-v2 component
    ``name`` (``"<package>.<component>"``), under ``/_stcore/bidi-components/<name>/``, once per runtime
    (AppTest makes one per test). True when it is served: ``st.components.v2.component(name, js=...)``
    may then name files of ``folder`` (``js="board.js"``); False when it is not.

    Why: publicly, Streamlit finds a component's asset folder only in an installed package's
    ``pyproject.toml`` (``[tool.streamlit.component]``); the app runs from its folder (``streamlit run
    app.py``), not installed, so the same manifest is declared here. Internal: the runtime's
    ``BidiComponentManager.register_from_manifest`` with a ``ComponentManifest``. Fallback: False; the
    caller sends its files inline (``js=`` and ``css=`` as text: the public API's other form)."""
    if not checked():
        return False
    try:
        from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
        from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest

        manager = get_bidi_component_manager()
        if manager.get_component_asset_root(name) is None:
            package, component = name.split(".", 1)
            manager.register_from_manifest(
                ComponentManifest(name=package, version="1",
                                  components=[ComponentConfig(name=component, asset_dir=folder.name)]),
                folder.parent)
        return manager.get_component_asset_root(name) is not None
    except (ImportError, AttributeError, TypeError, ValueError):
        return False


STREAMLIT_JS = Path(st.__file__).resolve().parent / "static" / "static" / "js"
"""Streamlit's own scripts, as the installed release ships them (served under ``static/js/``)."""
_IMPORTS = re.compile(r'(?:from|import)\s*"\./([\w.-]+\.js)"')


def imported_scripts(names: Iterable[str], known: frozenset[str] = frozenset()) -> set[str]:
    """``names`` and every script of :data:`STREAMLIT_JS` they import, directly or not (static imports
    only), but for the scripts in ``known`` and what those import (never read)."""
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


def element_scripts(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Streamlit's scripts for the elements ``kinds`` (``("BidiComponent", "Radio")``), with every
    script they import that the page's entry does not (:func:`entry_scripts`), relative to the page's
    address, each element's script first, in that order (``("static/js/BidiComponent.<hash>.js",
    ...)``), so a first page can ask for them before the elements arrive.

    Why: Streamlit loads an element's script only when the first such element arrives, and names its
    scripts by a hash that changes with every release; there is no public list. Internal: the file names
    of the installed release's ``static/js`` and their imports. Fallback: ``()`` (nothing asked ahead:
    Streamlit loads them as the elements arrive), also when the files cannot be read."""
    return _element_scripts(kinds) if checked() else ()


@functools.cache
def _element_scripts(kinds: tuple[str, ...]) -> tuple[str, ...]:
    try:
        loaded = entry_scripts()
        found: list[str] = []
        for kind in kinds:
            own = sorted(p.name for p in STREAMLIT_JS.glob(f"{kind}.*.js"))
            if len(own) == 1:
                found += [n for n in [own[0], *sorted(imported_scripts({own[0]}, loaded) - {own[0]})]
                          if n not in found]
    except OSError:
        return ()
    return tuple(f"static/js/{name}" for name in found)


__all__ = ["CHECKED", "STREAMLIT_JS", "checked", "element_scripts", "entry_scripts", "fragment_run",
           "imported_scripts", "rerun_fragment", "serve_component_assets", "skip_shell_check",
           "trust_emoji_icon"]
