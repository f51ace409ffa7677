"""Failover (issue 34): two app processes behind nginx on one PostgreSQL (``deploy.school``); a teacher
and five pupils in Chromium, one in a lesson, one in a timed game against the computer, one in a
puzzle, two answering the class's live question. The process serving them is killed (``kill -9``):
every browser reconnects to the other process by itself and goes on where it was (the same step,
position and clocks give or take the seconds the outage took, the puzzle, the question and its
answers), and no row of the database is lost. Every step waits for a state, never a fixed time.
"""

from __future__ import annotations

import os
import shutil
import time

import pytest
from sqlalchemy import text

from deploy.school import NGINX, SchoolSetUp
from engine import KalahRules, Position, legal_moves, play
from tests.browser_support import (
    COUNT_FINISHED,
    TIMEOUT_MS,
    open_expander,
    pit_name,
    settle,
    wait_idle,
)
from tests.conftest import PG_URL
from tests.test_browser_class import known_learner, make_class
from tutor import words
from tutor.puzzle import puzzle_code

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(PG_URL is None, reason="several processes share one PostgreSQL (.ci/run starts one)"),
              pytest.mark.skipif(not os.path.exists(NGINX) and shutil.which("nginx") is None,
                                 reason="nginx is not installed (.ci/run installs Debian's)")]

TABLES = {"learners": "code", "classes": "code", "live_questions": "id", "live_answers": "question_id, learner_code",
          "kept_games": "learner_code", "lesson_steps": "learner_code, lesson_id, step_id",
          "puzzles_tried": "learner_code, puzzle_id", "games": "id", "teacher_devices": "key_hash, class_code"}
"""The tables whose rows must all survive, by their primary key."""
PUZZLE = "capture-pick-the-pile"


@pytest.fixture(scope="module")
def school():
    with SchoolSetUp(2, env={"MANCALA_DB_URL": PG_URL or ""}) as set_up:
        yield set_up


def rows() -> dict[str, set[tuple[object, ...]]]:
    from store.db import Database

    db = Database(PG_URL)
    try:
        with db.engine.connect() as conn:
            return {table: {tuple(r) for r in conn.execute(text(f"SELECT {key} FROM {table}"))}
                    for table, key in TABLES.items()}
    finally:
        db.dispose()


def page_of(browser, width: int = 1366, height: int = 900):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(COUNT_FINISHED)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


FRESH = "[data-testid='stElementContainer']:not([data-stale='true'])"
"""An element the session now serving the page has drawn (after a reconnect, the elements of the
session that died stay on screen, marked stale, until the new session's run replaces them)."""


def board(page, notation: str | None = None) -> str:
    """The notation of the board the serving session drew (still, not foreseen), waiting for ``notation``."""
    where = f"[data-notation='{notation}']" if notation else ""
    page.wait_for_selector(f"{FRESH} .mt-board[data-animating='false']{where}:not([data-foreseen])",
                           timeout=TIMEOUT_MS)
    return str(page.locator(f"{FRESH} .mt-board").first.get_attribute("data-notation"))


def seconds(clock: str) -> float:
    """A clock as shown ("2:58", "9.4") in seconds."""
    if ":" in clock:
        minutes, secs = clock.split(":")
        return int(minutes) * 60 + int(secs)
    return float(clock)


def clocks(page) -> tuple[float, float]:
    south = page.locator(".mt-clock-south .mt-clock-time").first.inner_text()
    north = page.locator(".mt-clock-north .mt-clock-time").first.inner_text()
    return seconds(south), seconds(north)


def close_question(page) -> None:
    """Close the pop-up that says the teacher asked a question (``ui.live_banner``), as a pupil would: a
    new session shows it once, when it knows the learner (the keeper's report), while a question is
    open; it covers the page. Each ``goto`` and each reconnection is a new session."""
    dialog = page.get_by_role("dialog")
    dialog.wait_for()
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    wait_idle(page)


def serving(school: SchoolSetUp) -> int:
    """The app process the browsers are on (all come from 127.0.0.1: nginx's hash of the address picks one)."""
    counts = []
    for index, (proc, _url) in enumerate(school.apps):
        connections = os.popen(f"ss -Htn state established '( sport = :{school.ports[index]} )'").read()
        counts.append((len(connections.strip().splitlines()), index))
    return max(counts)[1]


def test_a_crashed_process_loses_nothing_and_every_browser_goes_on(browser, school):
    base = school.url
    teacher = page_of(browser, 1920, 1080)
    code = make_class(teacher, base, "Year 5")

    pupils = []
    for name in ("Ada", "Bo", "Cy", "Di", "Ed"):
        pupil = page_of(browser, 390, 844)
        pupil.goto(f"{base}/class")
        known_learner(pupil)
        pupil.get_by_label("Class code").fill(code)
        pupil.get_by_label("Your name").fill(name)
        pupil.get_by_role("button", name="Join the class").click()
        pupil.get_by_text("You are in the class").wait_for()
        pupils.append(pupil)
    lesson, timed, puzzle, *answering = pupils

    teacher.locator("[data-testid='stSidebarNav']").get_by_role("link", name="Sandbox").click()
    wait_idle(teacher)
    teacher.get_by_role("button", name="Ask my class").click()
    teacher.get_by_text("Sent to Year 5").wait_for()
    teacher.locator("[data-testid='stSidebarNav']").get_by_role("link", name="Class").click()
    teacher.get_by_text(words.live_answers_of(0, 5)).wait_for()
    for pupil in answering:
        pupil.get_by_role("button", name=pit_name("S", 3, 4), exact=True).click()
        pupil.get_by_text("You chose pit 3").wait_for()
    teacher.get_by_text(words.live_answers_of(2, 5)).wait_for()

    lesson.goto(f"{base}/lesson_1_setup?step=2")
    lesson_board = board(lesson)
    puzzle.goto(f"{base}/puzzles?puzzle={puzzle_code(PUZZLE)}")
    puzzle_board = board(puzzle)
    timed.goto(f"{base}/sandbox")
    close_question(timed)
    open_expander(timed, "Players, game and rules")
    timed.get_by_text("Against the computer").click()
    timed.get_by_text("against the computer (Easy)").wait_for()
    timed.get_by_text(words.clock_label("3+2")).click()
    timed.get_by_role("button", name=words.label("start_with_rules")).click()
    timed.locator(".mt-clock").first.wait_for()
    timed.get_by_role("button", name=pit_name("S", 1, 4), exact=True).click()  # no extra turn: North replies
    settle(timed)
    start = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"
    timed.wait_for_selector(f"{FRESH} .mt-board[data-animating='false'][data-notation$='/S']"
                            f":not([data-notation='{start}']):not([data-foreseen])",
                            timeout=TIMEOUT_MS)  # the computer has replied: South to move again
    game_board = board(timed)
    before_clocks = clocks(timed)

    kept = rows()
    victim = serving(school)
    killed_at = time.monotonic()
    school.kill(victim)

    # Every browser comes back by itself, on the other process, where it was.
    for pupil in answering:
        pupil.get_by_text("You chose pit 3").wait_for()
    teacher.get_by_text(words.live_answers_of(2, 5)).wait_for()  # the teacher's view, the question and its answers
    assert board(lesson, lesson_board) == lesson_board and "step=2" in lesson.url
    assert board(puzzle, puzzle_board) == puzzle_board and f"puzzle={puzzle_code(PUZZLE)}" in puzzle.url
    board(timed, game_board)
    outage = time.monotonic() - killed_at
    south, north = clocks(timed)
    assert north == before_clocks[1]  # the computer's clock stands while the learner is to move
    assert before_clocks[0] - outage - 2 <= south <= before_clocks[0]  # charged at most the outage
    after = rows()
    assert {table: kept[table] - after[table] for table in TABLES} == {table: set() for table in TABLES}

    # The first press after coming back counts (a press no session read is sent again: board_ahead.js).
    close_question(timed)  # the new session says once more that a question is open
    rules = KalahRules()
    position = Position.from_notation(game_board, rules)
    moves = {pit: play(position, pit, rules) for pit in legal_moves(position, rules)}
    again = [pit for pit, result in moves.items() if result.position.to_move == "S"]  # an extra turn: no reply to wait for
    pit = (again or list(moves))[0]
    timed.get_by_role("button", name=pit_name("S", pit, position.south[pit - 1]), exact=True).click()
    if again:
        board(timed, moves[pit].position.to_notation())
    else:  # North replies at once: the board shows the move and the reply
        timed.wait_for_selector(f"{FRESH} .mt-board[data-animating='false']:not([data-foreseen])"
                                f":not([data-notation='{game_board}'])", timeout=TIMEOUT_MS)
