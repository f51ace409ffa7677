"""The project's types hold: mypy --strict over every package, ui/ and the pages included (docs/style.md).

The settings are pyproject.toml's ``[tool.mypy]`` (strict; Plotly and OpenSpiel have no stubs). pandas is
checked against pandas-stubs (requirements-dev.txt). tests/ themselves are not checked."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


CHECKED = ["engine", "tutor", "lessons", "store", "ui", "tools", "bench", "deploy", "app.py", "serve.py", "pages"]
"""What mypy checks, in one run (about 15 s from a cold cache on 2 cores; one run shares the analysis of
Streamlit and pandas' stubs, which each package's own run would redo)."""


def test_the_project_is_clean_under_mypy_strict():
    pytest.importorskip("mypy")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--follow-imports=silent", *CHECKED],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
