"""A press made as the page reconnects to a new server process counts (issue 34).

The server process dies (``kill -9``) and a new one starts; the page reconnects by itself and a new
server session draws it again. A press made on the board at once, before that session's first runs
have drawn the board (the Sandbox waits for the browser to say who the learner is), reached no run
that read it and was lost. The board now sends such a press again, once, when a board of the new
session shows the position it was made on (``ui/web/board_ahead.js`` ``sendLost``); the server plays
a press only on the position it was made on, so it is never played twice.

Each round presses at a moment of the reconnection the page shows (never a time): as soon as the new
connection has opened (the new session's first runs are then under way: the Sandbox says the game is
coming, and the old board is still on screen), or once the board is drawn again. Then it waits for the
state that proves the press counted: the board shows that press played.
"""

from __future__ import annotations

import pytest

from deploy.school import SchoolSetUp
from engine import KalahRules, Position, legal_moves, play
from tests.browser_support import TIMEOUT_MS, wait_board, wait_idle, wait_known

pytestmark = pytest.mark.browser

MOMENTS = ("opened", "opened", "opened", "opened", "drawn")
"""When each round presses (see the module's words)."""
RULES = KalahRules()


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    database = tmp_path_factory.mktemp("reconnect") / "mancala.sqlite3"
    set_up = SchoolSetUp(1, env={"MANCALA_DB_URL": f"sqlite:///{database}"})
    set_up.start_app(0)
    try:
        yield set_up
    finally:
        set_up.stop()


def shown(page) -> str:
    """The notation of the board the server drew, once it is still."""
    wait_board(page)
    return str(page.locator(".mt-board[data-animating='false']:not([data-foreseen])").first.get_attribute("data-notation"))


def test_a_press_made_while_the_page_reconnects_to_a_new_process_counts(browser, one_process):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.set_default_timeout(TIMEOUT_MS)
    opened: list[object] = []
    page.on("websocket", lambda socket: opened.append(socket))
    page.goto(f"{one_process.apps[0][1]}/sandbox")
    wait_known(page)
    for moment in MOMENTS:
        before = shown(page)
        position = Position.from_notation(before, RULES)
        pit = legal_moves(position, RULES)[0]
        expected = play(position, pit, RULES).position.to_notation()
        side = "S" if position.to_move == "S" else "N"
        connections = len(opened)
        one_process.kill(0)
        one_process.start_app(0)
        if len(opened) == connections:
            page.wait_for_event("websocket", timeout=TIMEOUT_MS)
        if moment == "drawn":
            shown(page)
        page.locator(f".mt-pit[data-place='{side}{pit}']").first.click()
        wait_board(page, expected)
        wait_idle(page)
        assert shown(page) == expected, f"a press when the page had {moment}"
    page.close()
