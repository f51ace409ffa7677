"""The content snapshot (``lessons.snapshot``): the app's lessons and puzzles are the very models the
files load, and a snapshot that is not fresh is never used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lessons import snapshot
from lessons.loader import load_lessons, load_puzzles
from tutor.i18n import LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shipped_snapshot_is_fresh_and_equals_the_files(lang):
    found = snapshot.content(lang)
    assert found is not None, "lessons/content.pickle.gz is not fresh: run python -m tools.content_snapshot"
    lessons, puzzles = load_lessons(lang=lang, prove=False), load_puzzles(lang=lang, prove=False)
    assert list(found.lessons) == list(lessons) and len(found.lessons) == 8
    assert list(found.puzzles) == list(puzzles) and len(found.puzzles) == 89
    assert found.lessons == lessons  # every field of every step (pydantic compares the models)
    assert found.puzzles == puzzles


def test_the_app_loads_the_snapshot(page_app):
    """The frame's content is the snapshot's objects (not files read again)."""
    from ui import frame

    assert frame._lessons("en") is snapshot.content("en").lessons
    assert frame._puzzles("el") is snapshot.content("el").puzzles


@pytest.fixture
def copy(tmp_path) -> tuple[Path, Path]:
    """A copy of ``lessons/`` and of its snapshot, to change one without touching the other."""
    folder = tmp_path / "lessons"
    shutil.copytree(snapshot.CONTENT_DIR, folder, ignore=shutil.ignore_patterns("__pycache__", "*.gz"))
    path = tmp_path / "content.pickle.gz"
    shutil.copyfile(snapshot.SNAPSHOT, path)
    return folder, path


def test_a_changed_content_file_makes_the_snapshot_stale(copy):
    folder, path = copy
    assert snapshot.content("en", path, folder) is not None
    puzzle_file = folder / "puzzles" / "kalah_captures.toml"
    puzzle_file.write_text(puzzle_file.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert snapshot.content("en", path, folder) is None
    assert snapshot.content("el", path, folder) is None


def test_a_changed_translation_makes_it_stale_too(copy):
    folder, path = copy
    rules = folder / "el" / "rules.toml"
    rules.write_bytes(rules.read_bytes() + b"\n")
    assert snapshot.content("el", path, folder) is None


def test_a_changed_module_of_the_package_makes_it_stale_too(copy):
    """The models' code decides what a pickled model means: a change to it is a change too."""
    folder, path = copy
    models = folder / "models.py"
    models.write_bytes(models.read_bytes() + b"# changed\n")
    assert snapshot.content("en", path, folder) is None


def test_an_unreadable_or_unknown_snapshot_is_not_used(copy, tmp_path):
    folder, path = copy
    cut = tmp_path / "cut.pickle.gz"
    cut.write_bytes(path.read_bytes()[:1000])
    assert snapshot.content("en", cut, folder) is None
    assert snapshot.content("en", tmp_path / "missing.pickle.gz", folder) is None
    assert snapshot.content("fr", path, folder) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_lists_every_lesson_as_the_files_do(lang):
    lessons = load_lessons(lang=lang, prove=False)
    assert snapshot.catalogue(lang) == tuple(snapshot.LessonEntry(k, v.title, len(v.steps)) for k, v in lessons.items())
    assert [e.steps for e in snapshot.catalogue("en")] == [len(v.steps) for v in load_lessons(lang="en").values()]


def test_a_stale_snapshot_has_no_catalogue_either(copy):
    folder, path = copy
    assert snapshot.catalogue("el", path, folder) is not None
    rules = folder / "el" / "rules.toml"
    rules.write_bytes(rules.read_bytes() + b"\n")
    assert snapshot.catalogue("el", path, folder) is None


def test_homes_first_run_imports_no_model_search_or_activity():
    """A server's first page is Home: its first run reads the catalogue, so pydantic, the models, the
    search and the activities are imported only by the pages that need them (a fresh process). Nor
    numpy: the tab's icon is no image file, which Streamlit would read with numpy and PIL; nor
    Streamlit's emoji catalogue: the icon is known to be an emoji (``ui.frame._known_icon``)."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from streamlit.testing.v1 import AppTest\n"
        "at = AppTest.from_file('app.py', default_timeout=60).run()\n"
        "assert [t.value for t in at.title] == ['Mancala Tutor'] and not at.exception, at.exception\n"
        "print(sorted(m for m in ('pydantic', 'lessons.models', 'lessons.loader', 'engine.search', 'tutor.lesson',"
        " 'tutor.puzzle', 'tutor.sandbox', 'tutor.computer', 'sqlalchemy', 'numpy', 'PIL.Image',"
        " 'streamlit.emojis') if m in sys.modules))\n")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "MANCALA_DB_URL": "sqlite://"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"
