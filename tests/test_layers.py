"""The house's layers hold (DESIGN.md): data flows page -> ui -> tutor -> engine, nothing points back up.

- ``engine`` imports nothing of ours and nothing outside the standard library;
- ``lessons`` (the content) imports ``engine`` and pydantic, nothing else of ours;
- ``tutor`` imports ``engine`` and ``lessons``, never ``streamlit`` or ``ui``;
- ``store`` (the progress database) imports ``tutor``'s progress types, SQLAlchemy and Alembic, never ``streamlit``;
- ``ui`` imports ``tutor`` and ``store`` (and the engine's and content's types), never ``pages``;
- ``pages`` import ``ui`` only, and never touch ``sys.path``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "lessons", "tutor", "store", "ui", "pages", "app", "tests", "tools", "bench"}
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
    "lessons": {"pydantic"},
    "tutor": {"babel", "disarm"},  # the translation catalogues (tutor/i18n.py); look-alike names (tutor/names.py)
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


def test_no_module_is_over_400_lines():
    long = [f"{p.relative_to(ROOT)} ({n} lines)" for layer in ("engine", "lessons", "tutor", "store", "ui", "pages")
            for p in files(layer) if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400]
    assert long == []
