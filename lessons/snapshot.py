"""The lessons and puzzles as the app loads them: a snapshot of the checked models, not the TOML.

The content files are proved by the tests (``lessons.loader``, ``lessons.proofs``); a server only
needs the models they make. Reading and validating every file took about 140 ms of a server's
first page (and building the models' validators about 100 ms more): the snapshot
(``lessons/content.pickle.gz``, written by ``python -m tools.content_snapshot``) holds the
models of every language, pickled, and loads in a few milliseconds without validating anything.

It is used only while it is *fresh*: it carries a fingerprint of every file it was made from
(the content files of every language, this package's Python modules) and the pydantic version
(pinned in requirements.txt) that pickled the models; when one of them changed, or the file is
missing or cannot be read, :func:`content` returns ``None`` and the caller loads the TOML files as
before. A test keeps the shipped snapshot fresh and equal to what the files load.

It also holds each language's :func:`catalogue` of lessons (id, title, number of steps: what Home
and the sidebar show), pickled apart from the models, so a first page that shows only those reads
it without importing pydantic and the models (about 0.1 s of a server's first page).
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Lesson, Puzzle

CONTENT_DIR = Path(__file__).resolve().parent
SNAPSHOT = CONTENT_DIR / "content.pickle.gz"


@dataclass(frozen=True)
class Content:
    """One language's lessons (id -> :class:`Lesson`, in course order) and puzzles (id -> :class:`Puzzle`,
    in page order), as ``lessons.loader.load_lessons`` and ``load_puzzles`` return them."""

    lessons: dict[str, Lesson]
    puzzles: dict[str, Puzzle]


@dataclass(frozen=True)
class LessonEntry:
    """What a page that only lists the lessons needs of one: its ``id``, ``title`` (in the
    snapshot's language) and how many ``steps`` it has."""

    id: str
    title: str
    steps: int


def entries(lessons: dict[str, Lesson]) -> tuple[LessonEntry, ...]:
    """The :class:`LessonEntry` of each of ``lessons``, in course order."""
    return tuple(LessonEntry(lesson.id, lesson.title, len(lesson.steps)) for lesson in lessons.values())


def _pydantic_version() -> str:
    import pydantic

    return str(pydantic.VERSION)


def sources(folder: Path = CONTENT_DIR) -> list[Path]:
    """Every file a snapshot depends on: the content (``*.toml``, the translations' folders) and
    this package's modules (``*.py``), sorted by their path inside ``folder``."""
    files = [p for p in folder.rglob("*") if p.is_file() and p.suffix in {".toml", ".py"}]
    return sorted(files, key=lambda p: p.relative_to(folder).as_posix())


def fingerprint(folder: Path = CONTENT_DIR) -> str:
    """A SHA-256 hex digest of :func:`sources` (paths and bytes)."""
    digest = hashlib.sha256()
    for path in sources(folder):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def dump(content: dict[str, Content], folder: Path = CONTENT_DIR) -> bytes:
    """The snapshot file's bytes for ``content`` (language -> :class:`Content`), fingerprinted now: the
    catalogue of each language, and the models pickled apart (a pickled model is its fields as the
    pydantic version that pickled it keeps them; pickle's own format is read by every Python 3.8+)."""
    record = {"fingerprint": fingerprint(folder), "pydantic": _pydantic_version(),
              "catalogue": {lang: entries(c.lessons) for lang, c in content.items()},
              "content": pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL)}
    return gzip.compress(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL), mtime=0)


@functools.cache
def _read(path: Path, expected: str) -> dict[str, Any] | None:
    """The snapshot's record (its models still pickled), or None: missing, unreadable, not fresh."""
    try:
        record = pickle.loads(gzip.decompress(path.read_bytes()))
    except Exception:  # noqa: BLE001 - missing, cut short or made by other code: load the files instead
        return None
    if not isinstance(record, dict) or record.get("fingerprint") != expected:
        return None
    return record


@functools.cache
def _models(path: Path, expected: str) -> dict[str, Content] | None:
    record = _read(path, expected)
    if record is None or record.get("pydantic") != _pydantic_version():
        return None
    try:
        found = pickle.loads(record["content"])
    except Exception:  # noqa: BLE001 - made by other code: load the files instead
        return None
    return found if isinstance(found, dict) else None


def catalogue(lang: str, path: Path = SNAPSHOT, folder: Path = CONTENT_DIR) -> tuple[LessonEntry, ...] | None:
    """``lang``'s :class:`LessonEntry` list from the snapshot at ``path`` (no model is unpickled), or
    ``None`` when it is missing, unreadable, not fresh or has no such language."""
    record = _read(path, fingerprint(folder))
    found = record.get("catalogue") if record is not None else None
    item = found.get(lang) if isinstance(found, dict) else None
    return item if isinstance(item, tuple) else None


def content(lang: str, path: Path = SNAPSHOT, folder: Path = CONTENT_DIR) -> Content | None:
    """``lang``'s lessons and puzzles from the snapshot at ``path``, or ``None`` when it is missing,
    unreadable, not fresh (:func:`fingerprint` of ``folder``) or has no such language. Read once per
    process and fingerprint; the models are shared, frozen."""
    found = _models(path, fingerprint(folder))
    item = found.get(lang) if found is not None else None
    return item if isinstance(item, Content) else None
