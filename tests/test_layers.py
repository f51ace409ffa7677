"""The house's layers hold (docs/architecture.md): data flows page -> ui -> tutor -> engine, nothing points back up.

- ``engine`` imports nothing of ours and nothing outside the standard library;
- ``lessons`` (the content) imports ``engine`` and pydantic, nothing else of ours;
- ``tutor`` imports ``engine`` and ``lessons``, never ``streamlit`` or ``ui``;
- ``store`` (the progress database) imports ``tutor``'s progress types, SQLAlchemy and Alembic, never ``streamlit``;
- ``ui`` imports ``tutor`` and ``store`` (and the engine's and content's types), never ``pages``;
- ``pages`` import ``ui`` only, and never touch ``sys.path``.
- Streamlit through its public API only: its internals are reached in ``ui/streamlit_compat.py`` alone,
  which checks the installed release.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "lessons", "tutor", "store", "ui", "pages", "app", "tests", "tools", "bench", "deploy", "serve"}
ALLOWED = {
    "engine": {"engine"},
    "lessons": {"engine", "lessons"},
    "tutor": {"engine", "lessons", "tutor"},
    "store": {"tutor", "store"},
    "ui": {"engine", "lessons", "tutor", "store", "ui"},
    "pages": {"ui"},
}
THIRD_PARTY = {
    "engine": set(),
    "lessons": {"pydantic", "pydantic_core"},  # pydantic's own core: a lesson's steps of any registered kind (lessons/steps/base.py)
    "tutor": {"babel", "disarm", "pydantic", "glicko2", "fsrs"},  # the translation catalogues (tutor/i18n.py); look-alike names (tutor/names.py); a kept game's record (tutor/kept_record.py); ratings (tutor/ratings.py); the review cards' schedule (tutor/cards.py)
    "store": {"sqlalchemy", "alembic"},
    "ui": {"streamlit", "plotly", "pandas"},
    "pages": set(),
}


def imports(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports (relative imports count as its own package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add(path.relative_to(ROOT).parts[0] if node.level else (node.module or "").split(".")[0])
    return out


def files(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", list(ALLOWED))
def test_each_layer_imports_only_the_layers_below_it(layer):
    assert files(layer), layer
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    bad = []
    for path in files(layer):
        for name in imports(path):
            ours_ok = name in OURS and name in ALLOWED[layer]
            other_ok = name not in OURS and (name in stdlib or name in THIRD_PARTY[layer])
            if not (ours_ok or other_ok):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert bad == []


WIRING = ROOT / "ui" / "wiring.py"
"""The one module of ``ui`` that knows ``store``: it wires the tutor's ports (``tutor.school.School``)."""


def test_ui_reaches_the_store_only_through_the_ports_wired_in_one_module():
    """Every page asks the school (``tutor.school.School``) that ``ui/wiring.py`` builds; no other ui
    module, page or the frame imports ``store`` (lazily inside a function either)."""
    knows = sorted(str(p.relative_to(ROOT)) for layer in ("ui", "pages") for p in files(layer) if "store" in imports(p))
    knows += ["app.py"] if "store" in imports(ROOT / "app.py") else []
    assert knows == ["ui/wiring.py"]
    assert "store" in imports(WIRING)


def test_the_layer_rule_would_catch_a_tutor_module_importing_streamlit(tmp_path):
    """The check itself works: a module of tutor/ that imports streamlit or ui is found."""
    fake = ROOT / "tutor" / "_layer_probe_tmp.py"
    fake.write_text("import streamlit\nfrom ui import board\n", encoding="utf-8")
    try:
        assert imports(fake) == {"streamlit", "ui"}
    finally:
        fake.unlink()


def test_page_files_are_one_call_and_never_touch_sys_path():
    for path in files("pages"):
        text = path.read_text(encoding="utf-8")
        assert "sys.path" not in text, path.name
        calls = [n for n in ast.parse(text).body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
        assert len(calls) == 1, path.name


def test_streamlit_internals_are_patched_nowhere():
    for layer in ("app.py", "ui", "tests"):
        for path in [ROOT / layer] if layer.endswith(".py") else files(layer):
            if path.name == "test_layers.py":
                continue
            text = path.read_text(encoding="utf-8")
            assert "PagesManager" not in text and "uses_pages_directory" not in text, path


COMPAT = ROOT / "ui" / "streamlit_compat.py"
"""The one module that may reach into Streamlit's internals; it checks the installed release."""
STREAMLIT_INTERNALS = re.compile("|".join((
    # private modules, imported or reached as attributes (``st.runtime.exists()``)
    r"\b(?:st|streamlit)\.(?:runtime|commands|delta_generator\w*|elements|web|emojis|string_util)\b",
    r"\bfrom\s+streamlit\s+import\s+[^\n]*\b(?:runtime|commands|delta_generator\w*|elements|web|emojis|string_util)\b",
    # components v2 beyond its one public call ``st.components.v2.component(...)``
    r"\b(?:st|streamlit)\.components\.v2\b(?!\.component\()",
    r"\b(?:get_bidi_component_manager|BidiComponentManager|ComponentManifest|manifest_scanner|register_from_manifest)\b",
    # the script run's context and its rerun requests
    r"\b(?:get_script_run_ctx|ScriptRunContext|RerunException|RerunData|fragment_ids_this_run|\w*fragment_storage)\b",
    r"\b(?:PagesManager|uses_pages_directory|_use_warning_has_been_displayed)\b",
    # Streamlit's own files (its hashed bundle names)
    r"\b(?:st|streamlit)\.__file__\b",
)))


def streamlit_internals(text: str) -> list[str]:
    """Every use of Streamlit's internals in ``text`` (a module's source, comments included)."""
    return [m.group(0) for m in STREAMLIT_INTERNALS.finditer(text)]


def test_streamlit_is_used_through_its_public_api_outside_one_compat_module():
    """No module of the app, its pages, ``ui/`` or ``tutor/`` but ``ui/streamlit_compat.py`` names
    ``streamlit.runtime``, ``streamlit.commands``, ``delta_generator``, ``get_script_run_ctx``,
    ``RerunException`` or the component manager's internals (imported, or as an attribute)."""
    found = [f"{path.relative_to(ROOT)}: {name}"
             for path in [ROOT / "app.py", ROOT / "serve.py", *files("pages"), *files("ui"), *files("tutor")] if path != COMPAT
             for name in streamlit_internals(path.read_text(encoding="utf-8"))]
    assert found == []
    assert streamlit_internals(COMPAT.read_text(encoding="utf-8"))  # it is where they are


def test_the_streamlit_rule_would_catch_each_kind_of_internal():
    caught = (
        "from streamlit.runtime.scriptrunner import get_script_run_ctx",
        "from streamlit import delta_generator",
        "import streamlit.components.v2.manifest_scanner",
        "from streamlit.components.v2 import component",
        "st.runtime.exists()",
        "x = st.components.v2.get_bidi_component_manager()",
        "if ctx.fragment_ids_this_run:",
        "raise RerunException(data)",
        "at._fragment_storage._ids_by_target_key",
        "Path(st.__file__).parent / 'static'",
    )
    fine = (
        "import streamlit as st",
        "from streamlit.errors import StreamlitAPIException",
        'st.components.v2.component("mancala_tutor.board", js="board.js")',
        'st.rerun(scope="fragment")',
        "@st.fragment(key='sb_board')",
        "st.context.locale",
    )
    assert [line for line in caught if not streamlit_internals(line)] == []
    assert [line for line in fine if streamlit_internals(line)] == []


def test_the_compat_module_checks_the_installed_release_before_any_internal():
    """``ui/streamlit_compat.py`` compares ``streamlit.__version__`` with the release it was read against
    (the one ``requirements.txt`` pins), and each of its functions that imports an internal asks
    ``checked()`` first."""
    text = COMPAT.read_text(encoding="utf-8")
    checked = re.search(r'^CHECKED = "([\w.]+)"$', text, re.M)
    assert checked and f"streamlit=={checked[1]}" in (ROOT / "requirements.txt").read_text(encoding="utf-8").split()
    assert "st.__version__ == CHECKED" in text
    reaching = [node for node in ast.parse(text).body if isinstance(node, ast.FunctionDef)
                and any(isinstance(n, ast.ImportFrom) and (n.module or "").startswith("streamlit")
                        for n in ast.walk(node))]
    assert len(reaching) >= 4
    unchecked = [node.name for node in reaching
                 if not any(isinstance(n, ast.Call) and getattr(n.func, "id", "") in ("checked", "_run_context")
                            for n in ast.walk(node))]
    assert unchecked == []


def test_no_module_is_over_400_lines():
    long = [f"{p.relative_to(ROOT)} ({n} lines)" for layer in ("engine", "lessons", "tutor", "store", "ui", "pages")
            for p in files(layer) if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400]
    assert long == []
