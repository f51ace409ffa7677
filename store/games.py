"""Learners' sandbox games in the store: one record each, written only over the version the writer saw
(``tutor.kept_games``: the port this implements; docs/architecture.md, "Games kept by the store").

A write is one statement that says which version it replaces (``UPDATE ... WHERE version = seen``; an
``INSERT`` for the first), so two tabs or two server processes writing at once never both win: the
one that comes second changes nothing and is told so (``None``).
"""

from __future__ import annotations

from sqlalchemy import select, update

from tutor.kept_games import Kept

from .db import Database, StoreConflict
from .schema import KeptGameRow, Learner, now


def kept_game(db: Database, learner: str) -> Kept | None:
    """``learner``'s kept game, or ``None``."""
    with db.session() as s:
        row = s.execute(select(KeptGameRow.version, KeptGameRow.record)
                        .where(KeptGameRow.learner_code == learner)).one_or_none()
    return None if row is None else Kept(int(row[0]), str(row[1]))


def keep_game(db: Database, learner: str, record: str, seen: int) -> int | None:
    """Write ``record`` as ``learner``'s game over version ``seen`` (0: none yet); the new version, or
    ``None`` when the kept version is not ``seen`` (another writer came first) or there is no such
    learner. Raises ``StoreUnavailable`` when the database fails."""
    if seen == 0:
        try:
            with db.session() as s:
                if s.get(Learner, learner) is None:
                    return None
                s.add(KeptGameRow(learner_code=learner, version=1, record=record, changed_at=now()))
        except StoreConflict:  # a first write from another view came first
            return None
        return 1
    with db.session() as s:
        done = s.execute(update(KeptGameRow)
                         .where(KeptGameRow.learner_code == learner, KeptGameRow.version == seen)
                         .values(version=seen + 1, record=record, changed_at=now()))
        return seen + 1 if done.rowcount == 1 else None  # type: ignore[attr-defined]


def kept_records(db: Database, limit: int = 10_000) -> list[str]:
    """The records of learners' kept games (``tutor.kept_record``), at most ``limit``, oldest learner code
    first: what the puzzle miner reads (``tools/mine_puzzles.py --store``)."""
    with db.session() as s:
        rows = s.scalars(select(KeptGameRow.record).order_by(KeptGameRow.learner_code).limit(limit)).all()
    return [str(r) for r in rows]


__all__ = ["keep_game", "kept_game", "kept_records"]
