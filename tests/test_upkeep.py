"""Idle learners expire once a day per server process (``tutor.upkeep``), and on demand with
``python -m tools.expire``. Clocks are the tests' own; the command runs on a SQLite file of its own."""

from __future__ import annotations

import datetime as dt
import logging

import pytest

from store import learners
from store.db import Database
from store.lifecycle import TTL_ENV
from tools import expire as expire_cmd
from tutor.school import StoreUnavailable
from tutor.upkeep import DAY_S, OncePer, expire_daily


class Clock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class School:
    """The one method of the port that upkeep calls: counts its calls, answers ``gone`` or raises ``fails``."""

    def __init__(self, gone: int = 0, fails: Exception | None = None) -> None:
        self.calls, self.gone, self.fails = 0, gone, fails

    def expire_idle(self) -> int:
        self.calls += 1
        if self.fails is not None:
            raise self.fails
        return self.gone


def test_the_job_runs_at_most_once_a_day_and_again_the_next_day():
    clock = Clock()
    gate, school = OncePer(DAY_S, clock), School(gone=3)
    assert expire_daily(school, gate) == 3 and school.calls == 1  # a server's first page
    clock.now += DAY_S - 1
    assert [expire_daily(school, gate) for _ in range(50)] == [None] * 50 and school.calls == 1
    clock.now += 1
    assert expire_daily(school, gate) == 3 and school.calls == 2
    assert expire_daily(school, gate) is None and school.calls == 2


@pytest.mark.parametrize("failure", [StoreUnavailable("the database is away"),
                                     ValueError(f"{TTL_ENV} 'abc' is not a whole number of days")])
def test_a_failure_is_logged_never_raised_and_waits_a_day(failure, caplog):
    clock = Clock()
    gate, school = OncePer(DAY_S, clock), School(fails=failure)
    with caplog.at_level(logging.WARNING, logger="tutor.upkeep"):
        assert expire_daily(school, gate) is None
    assert [r.getMessage() for r in caplog.records] == [f"idle learners were not expired: {failure}"]
    clock.now += 60
    assert expire_daily(school, gate) is None and school.calls == 1


def test_many_threads_at_once_run_it_once():
    import threading

    gate, school = OncePer(DAY_S, Clock()), School()
    threads = [threading.Thread(target=expire_daily, args=(school, gate)) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert school.calls == 1


@pytest.fixture
def own_db(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'expire.sqlite3'}"
    monkeypatch.setenv("MANCALA_DB_URL", url)
    monkeypatch.delenv(TTL_ENV, raising=False)
    db = Database(url)
    yield db
    db.dispose()


def test_the_command_expires_the_idle_learners_and_says_how_many(own_db, capsys, monkeypatch):
    now = dt.datetime.now(dt.UTC)
    idle = [learners.new_learner(own_db) for _ in range(2)]
    recent, fresh = learners.new_learner(own_db), learners.new_learner(own_db)
    for code in idle:
        learners.touch(own_db, code, now - dt.timedelta(days=400))
    learners.touch(own_db, recent, now - dt.timedelta(days=40))
    assert expire_cmd.main([]) == 0
    assert capsys.readouterr().out == "2 learners idle for more than 365 days erased, with everything kept under their codes\n"
    assert [learners.exists(own_db, c) for c in (*idle, recent, fresh)] == [False, False, True, True]
    monkeypatch.setenv(TTL_ENV, "60")
    assert expire_cmd.main([]) == 0
    assert capsys.readouterr().out.startswith("0 learners idle for more than 60 days erased")
    assert expire_cmd.main(["--days", "30"]) == 0
    assert capsys.readouterr().out.startswith("1 learner idle for more than 30 days erased")
    assert [learners.exists(own_db, c) for c in (recent, fresh)] == [False, True]


@pytest.mark.parametrize(("argv", "setting", "said"), [
    (["--days", "0"], None, "--days '0' is not a whole number of days from 1 to 36500, so no learner was expired\n"),
    (["--days", "soon"], None, "--days 'soon' is not a whole number of days"),
    ([], "a year", f"{TTL_ENV} 'a year' is not a whole number of days from 1 to 36500"),
])
def test_a_bad_number_of_days_is_said_and_nobody_expires(own_db, capsys, monkeypatch, argv, setting, said):
    old = learners.new_learner(own_db)
    learners.touch(own_db, old, dt.datetime(1990, 1, 1, tzinfo=dt.UTC))
    if setting is not None:
        monkeypatch.setenv(TTL_ENV, setting)
    assert expire_cmd.main(argv) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith(said)
    assert learners.exists(own_db, old)


def test_a_database_that_cannot_be_reached_is_said(monkeypatch, capsys):
    monkeypatch.setenv("MANCALA_DB_URL", "sqlite:////proc/no/such/folder/x.sqlite3")
    assert expire_cmd.main([]) == 1
    assert capsys.readouterr().err.startswith("Nothing was expired: the database cannot be reached (")
