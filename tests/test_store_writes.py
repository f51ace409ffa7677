"""Writes that meet another session's write on one SQLite file wait for their turn and are done, however
long the other one takes, instead of failing after SQLite's ``busy_timeout`` (``store.sqlite_writes``).

The wait is made long on purpose: ``busy_timeout`` is set to 0.2 s and the first writer keeps its
transaction open until the second one has finished or a second has gone by. Before the writers took
turns, the second failed with "database is locked" after 0.2 s: the learner's write was lost and the
page said the database could not be reached.
"""

from __future__ import annotations

import threading

import pytest

from store import db as store_db
from store import learners
from store.db import Database, StoreUnavailable
from store.schema import Learner
from store.sqlite_writes import writes


@pytest.fixture
def short_busy(monkeypatch, tmp_path):
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT_S", 0.2)
    db = Database(f"sqlite:///{tmp_path / 'turns.sqlite3'}")
    yield db
    db.dispose()


def test_a_write_waits_for_another_sessions_long_write_and_is_done(short_busy):
    db = short_busy
    first, second = learners.new_learner(db), learners.new_learner(db)
    second_done = threading.Event()
    outcome: list[object] = []

    def second_writer() -> None:
        try:
            outcome.append(learners.note_zone(db, second, "Europe/Athens"))
        except StoreUnavailable as exc:
            outcome.append(exc)
        second_done.set()

    with db.session() as s:
        s.get(Learner, first).zone = "Asia/Tokyo"  # type: ignore[union-attr]
        s.flush()  # this session holds the write lock from here until it commits
        writer = threading.Thread(target=second_writer)
        writer.start()
        second_done.wait(timeout=1.0)  # longer than busy_timeout: a writer without a turn has failed by now
    writer.join(timeout=30)
    assert outcome == [True]
    with db.session() as s:
        assert [s.get(Learner, code).zone for code in (first, second)] == ["Asia/Tokyo", "Europe/Athens"]  # type: ignore[union-attr]


def test_many_sessions_writing_at_once_each_write_once(short_busy):
    db = short_busy
    codes = [learners.new_learner(db) for _ in range(12)]
    failed: list[Exception] = []

    def touch_all(code: str) -> None:
        for _ in range(20):
            try:
                learners.touch(db, code)
                learners.note_zone(db, code, "UTC")
            except StoreUnavailable as exc:
                failed.append(exc)

    threads = [threading.Thread(target=touch_all, args=(code,)) for code in codes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert failed == []


@pytest.mark.parametrize(("statement", "takes"), [
    ("INSERT INTO learners VALUES (1)", True), ("  update learners SET zone = ''", True), ("DELETE FROM x", True),
    ("BEGIN IMMEDIATE", True), ("CREATE TABLE t (x)", True), ("SELECT 1", False), ("PRAGMA foreign_keys=ON", False),
    ("", False)])
def test_the_statements_that_take_a_turn(statement, takes):
    assert writes(statement) is takes
