"""The pure layers' types hold: mypy --strict over engine/, tutor/, store/ and the content package (docs/style.md)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("package", ["engine", "tutor", "lessons", "store"])
def test_pure_layers_are_clean_under_mypy_strict(package):
    pytest.importorskip("mypy")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--follow-imports=silent",
         "--ignore-missing-imports", package],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
