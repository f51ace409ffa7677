"""The lessons and puzzles as the app loads them: a snapshot of the checked models, not the TOML.

The content files are proved by the tests (``lessons.loader``, ``lessons.proofs``); a server only
needs the models they make. Reading and validating every file took about 140 ms of a server's
first page (and building the models' validators about 100 ms more): the snapshot
(``lessons/content.pickle.gz``, written by ``python tools/content_snapshot.py``) holds the
models of every language, pickled, and loads in a few milliseconds without validating anything.

It is used only while it is *fresh*: it carries a fingerprint of every file it was made from
(the content files of every language, this package's Python modules) and of the pydantic
version (pinned in requirements.txt); when one of them changed, or the file is missing or cannot be read,
:func:`content` returns ``None`` and the caller loads the TOML files as before. A test keeps
the shipped snapshot fresh and equal to what the files load.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import pickle
from dataclasses import dataclass
from pathlib import Path

import pydantic

from .models import Lesson, Puzzle

CONTENT_DIR = Path(__file__).resolve().parent
SNAPSHOT = CONTENT_DIR / "content.pickle.gz"


@dataclass(frozen=True)
class Content:
    """One language's lessons (id -> :class:`Lesson`, in course order) and puzzles (id -> :class:`Puzzle`,
    in page order), as ``lessons.loader.load_lessons`` and ``load_puzzles`` return them."""

    lessons: dict[str, Lesson]
    puzzles: dict[str, Puzzle]


def sources(folder: Path = CONTENT_DIR) -> list[Path]:
    """Every file a snapshot depends on: the content (``*.toml``, the translations' folders) and
    this package's modules (``*.py``), sorted by their path inside ``folder``."""
    files = [p for p in folder.rglob("*") if p.is_file() and p.suffix in {".toml", ".py"}]
    return sorted(files, key=lambda p: p.relative_to(folder).as_posix())


def fingerprint(folder: Path = CONTENT_DIR) -> str:
    """A SHA-256 hex digest of :func:`sources` (paths and bytes) and the pydantic version (a pickled
    model is its fields as that version keeps them; pickle's own format is read by every Python 3.8+)."""
    digest = hashlib.sha256(f"pydantic {pydantic.VERSION}\n".encode())
    for path in sources(folder):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def dump(content: dict[str, Content], folder: Path = CONTENT_DIR) -> bytes:
    """The snapshot file's bytes for ``content`` (language -> :class:`Content`), fingerprinted now."""
    record = {"fingerprint": fingerprint(folder), "content": content}
    return gzip.compress(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL), mtime=0)


@functools.cache
def _read(path: Path, expected: str) -> dict[str, Content] | None:
    try:
        record = pickle.loads(gzip.decompress(path.read_bytes()))
    except Exception:  # noqa: BLE001 - missing, cut short or made by other code: load the files instead
        return None
    if not isinstance(record, dict) or record.get("fingerprint") != expected:
        return None
    return record.get("content")


def content(lang: str, path: Path = SNAPSHOT, folder: Path = CONTENT_DIR) -> Content | None:
    """``lang``'s lessons and puzzles from the snapshot at ``path``, or ``None`` when it is missing,
    unreadable, not fresh (:func:`fingerprint` of ``folder``) or has no such language. Read once per
    process and fingerprint; the models are shared, frozen."""
    found = _read(path, fingerprint(folder))
    item = found.get(lang) if isinstance(found, dict) else None
    return item if isinstance(item, Content) else None
