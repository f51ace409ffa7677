"""The database may blink (issue 34): a real PostgreSQL of the test's own is stopped and started in the
middle of a lesson's progress, a game, a puzzle and a class question. Nothing shows an error screen
while it is away, the page says progress is not being saved, and what was done meanwhile is written
back when it returns, in order and at most once (``store.journal``). A server started before its
database connects once the database is up (``ui.wiring``). Clocks are fakes: nothing waits on time.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from store import classes, games, learners, live, teachers
from store import journal as journal_module
from store.db import Database
from store.journal import Journal, Write
from store.progress import StoredProgress
from tests.conftest import ROOT
from tests.own_postgres import own_postgres
from tutor import words
from tutor.kept_record import read_record
from tutor.progress import GameRecord, LessonProgress, PuzzleProgress
from ui import wiring


@pytest.fixture(scope="module")
def server():
    try:
        with own_postgres() as pg:
            yield pg
    except RuntimeError as exc:  # no PostgreSQL programs on this machine
        pytest.skip(str(exc))


@pytest.fixture
def up(server):
    """The private server, running at the start of each test (a test may leave it stopped)."""
    try:
        server.start()
    except Exception:  # noqa: BLE001 - already running
        pass
    return server


def test_progress_made_while_the_database_is_away_is_written_back_in_order_and_once(up):
    db = Database(up.url)
    code = learners.new_learner(db)
    now = [0.0]
    saved = StoredProgress(db, code, Journal(clock=lambda: now[0], retry_s=5))
    saved.step_done("setup", "the-board")
    assert saved.lesson("setup").steps_done == {"the-board"}  # read: what the page shows while it is away
    up.stop()
    saved.step_done("setup", "sow-once", wrong=1)
    saved.puzzle_tried("chain-right-to-left")
    saved.puzzle_missed("chain-right-to-left")
    saved.puzzle_missed("chain-right-to-left")
    saved.puzzle_solved("chain-right-to-left")
    saved.game_finished(GameRecord("win", "Kalah 6x4", "computer", "easy", "S"))
    assert saved.lost and saved.waiting() == 6
    # The page goes on with the progress as it is, the waiting writes included.
    assert saved.lesson("setup").steps_done == {"the-board", "sow-once"}
    assert saved.puzzles() == {"chain-right-to-left": PuzzleProgress(2, 0, True)}
    up.start()
    assert saved.waiting() == 6  # not before the next try is due
    now[0] += 5
    assert saved.summary(8).puzzles_solved == 1 and saved.waiting() == 0 and not saved.lost
    fresh = StoredProgress(db, code)  # another tab reads what the database holds
    assert fresh.lesson("setup") == LessonProgress({"the-board", "sow-once"}, False, 0, 1, 0,
                                                   {"the-board": (0, 0), "sow-once": (1, 0)})
    assert fresh.puzzles() == {"chain-right-to-left": PuzzleProgress(2, 0, True)}  # two misses, not four
    assert [g.result for g in fresh.games()] == ["win"]
    # A write the database took but whose answer was lost is kept, then found written: never twice.
    taken = Write("puzzle_missed", ("chain-right-to-left",), {})
    saved._write(StoredProgress.puzzle_missed.__wrapped__, taken)  # the database takes it...
    saved.journal.keep(taken)  # ...but the page never heard back, so it waits
    now[0] += 5
    assert saved.write_back() and saved.waiting() == 0
    assert fresh.puzzles()["chain-right-to-left"].wrong == 3
    db.dispose()


@pytest.fixture
def app_on(up, monkeypatch):
    """The app's database is the private server's; the retry clocks are fakes the test moves on."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MANCALA_INLINE_THINKING", "1")
    monkeypatch.setenv("MANCALA_DB_URL", up.url)
    monkeypatch.setattr(journal_module, "RETRY_S", 0.0)
    now = [1000.0]
    wiring.OPENER.forget()
    monkeypatch.setattr(wiring.OPENER, "clock", lambda: now[0])
    yield now
    wiring.OPENER.forget()


def open_app(page: str, learner: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    if learner is not None:
        at.query_params["learner"] = learner
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def sess(at: AppTest):
    return at.session_state["mancala_tutor"]


def warned(at: AppTest) -> bool:
    return words.not_saved() in [w.value for w in at.sidebar.warning]


def test_a_class_a_puzzle_and_a_game_go_on_through_an_outage_and_nothing_is_lost(up, app_on):
    db = Database(up.url)
    key = teachers.new_key()
    code, _pin, _ = teachers.create_class(db, "5B", key)
    pupil_code = learners.new_learner(db)
    classes.join(db, pupil_code, code, "Anna")
    teacher = open_app("pages/sandbox.py")
    sess(teacher).teacher_class, sess(teacher).teacher_owner = code, True
    sess(teacher).keeper["teach"] = key
    teacher.run()
    teacher.button(key="live_ask_sandbox").click().run()
    question = live.current(db, code)
    assert question is not None
    pupil = open_app("pages/class.py", pupil_code)
    assert sess(pupil).learner == pupil_code and sess(pupil).question is not None
    pupil.switch_page("pages/sandbox.py").run()
    sess(pupil).sandbox.press(3)  # kept by the store: version 2
    pupil.run()
    assert games.kept_game(db, pupil_code).version == 2
    teacher.switch_page("pages/class.py").run()  # the projector shows the question and its buttons

    up.stop()  # the database goes away mid-class
    sess(pupil).sandbox.press(1)  # the game goes on, not kept for now
    pupil.run()
    assert not pupil.exception and warned(pupil)
    pupil.switch_page("pages/class.py").run()
    assert not pupil.exception
    _qid, answer = sess(pupil).question
    answer.press(3)
    pupil.run()
    assert not pupil.exception
    teacher.button(key="live_reveal").click().run()  # pressed on the page drawn before the outage
    assert not teacher.exception and warned(teacher)
    pupil.switch_page("pages/puzzles.py").run()
    puzzle = sess(pupil).puzzle
    wrong = next(p for p in puzzle.playable() if p not in puzzle.puzzle.answers[0][:1])
    puzzle.press(wrong)
    pupil.run()
    assert not pupil.exception and warned(pupil)
    assert sess(pupil).progress.waiting() >= 2

    up.start()  # back: the next runs write back what waits
    app_on[0] += 10
    pupil.run()
    pupil.run()
    assert not pupil.exception and not warned(pupil)
    assert sess(pupil).progress.waiting() == 0
    assert StoredProgress(db, pupil_code).puzzles()[puzzle.puzzle.id].wrong == 1
    pupil.switch_page("pages/sandbox.py").run()
    kept = games.kept_game(db, pupil_code)
    assert kept.version == 3 and read_record(kept.record).moves == [3, 1]  # the move made meanwhile
    db.dispose()


def test_a_server_started_before_its_database_connects_once_it_is_up(up, app_on):
    db = Database(up.url)
    code = learners.new_learner(db)
    up.stop()
    wiring.OPENER.forget()
    at = open_app("pages/sandbox.py", code)
    assert not at.exception and warned(at) and sess(at).learner is None
    sess(at).sandbox.press(3)  # playing goes on, in memory
    at.run()
    up.start()
    at.run()
    assert sess(at).learner is None  # not tried again before RETRY_S
    app_on[0] += wiring.RETRY_S
    at.query_params["learner"] = code  # the keeper's next report (or a link) binds the learner
    at.run()
    at.run()
    assert not at.exception and sess(at).learner == code and not warned(at)
    db.dispose()


def test_a_full_sqlite_disk_keeps_the_writes_waiting_until_there_is_room(tmp_path, monkeypatch):
    """The SQLite file cannot grow (its disk is full: ``max_page_count`` holds it at its size): writes
    wait and the page goes on; once there is room they are written back, in order."""
    from sqlalchemy import event

    db = Database(f"sqlite:///{tmp_path / 'full.sqlite3'}")
    code = learners.new_learner(db)
    now = [0.0]
    saved = StoredProgress(db, code, Journal(clock=lambda: now[0], retry_s=1))
    room = {"full": True}

    @event.listens_for(db.engine, "connect")
    def no_room(connection, _record):  # a disk with no free page: the file cannot grow
        if room["full"]:
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")

    db.engine.dispose()
    for k in range(200):  # enough rows to need a new page of the file
        saved.puzzle_missed(f"puzzle-{k:03d}")
    assert saved.lost and 0 < saved.waiting() <= 200
    waiting = saved.waiting()
    assert saved.puzzles()[f"puzzle-{199:03d}"].wrong == 1  # shown as done meanwhile
    room["full"] = False
    db.engine.dispose()
    now[0] += 1
    assert saved.write_back() and saved.waiting() == 0 and saved.journal.written_back == waiting
    assert len(StoredProgress(db, code).puzzles()) == 200
    db.dispose()
