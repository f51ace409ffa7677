"""A learner's sandbox game goes on after a reload: the server keeps it by learner code
(``ui.state.GAMES``, ``tutor.kept_games``), and a new session of that learner takes it up."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine import KalahRules, play
from store import learners
from store.db import Database
from tests.conftest import ROOT
from tutor.kept_games import KeptGames

START = KalahRules().initial_position()
AFTER_3 = play(START, 3, KalahRules()).position.to_notation()  # 4,4,0,5,5,5/1/4,4,4,4,4,4/0/S
AFTER_3_6 = "4,4,0,5,5,0/2/5,5,5,5,4,4/0/N"
LINKED = "0,0,0,0,0,1/20/3,2,1,1,1,0/19/S"


@pytest.fixture(scope="module")
def db():
    database = Database()
    yield database
    database.dispose()


def sandbox_session(monkeypatch, **query):
    """A new session of the whole app on the Sandbox (a reload, another tab), with ``query``."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MANCALA_INLINE_THINKING", "1")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    for name, value in query.items():
        at.query_params[name] = value
    at.switch_page("pages/sandbox.py").run()
    assert not at.exception, at.exception
    return at


def game(at):
    return at.session_state["mancala_tutor"].sandbox


def test_a_new_session_of_the_learner_goes_on_with_the_game_and_a_share_link_still_wins(monkeypatch, db):
    code = learners.new_learner(db)
    first = sandbox_session(monkeypatch, learner=code)
    game(first).press(3)
    game(first).press(6)
    first.run()
    assert game(first).position.to_notation() == AFTER_3_6
    # A reload: a new session, the same learner. The game, its moves and Undo go on.
    again = sandbox_session(monkeypatch, learner=code)
    assert game(again) is game(first)
    assert game(again).position.to_notation() == AFTER_3_6
    assert game(again).undo_steps()
    # Another learner starts afresh.
    other = sandbox_session(monkeypatch, learner=learners.new_learner(db))
    assert game(other).position == START
    # A share link opens its own position, and that game is the one kept from then on.
    linked = sandbox_session(monkeypatch, learner=code, pos=LINKED)
    assert game(linked).position.to_notation() == LINKED
    assert game(sandbox_session(monkeypatch, learner=code)) is game(linked)


def test_a_sandbox_drawn_before_the_browser_said_who_it_is_gives_way_to_the_kept_game(monkeypatch, db):
    """A reload draws the start first; the learner keeper's report binds the code, and the
    untouched start gives way to the game kept for that learner (a game begun meanwhile stays)."""
    code = learners.new_learner(db)
    first = sandbox_session(monkeypatch, learner=code)
    game(first).press(3)
    first.run()
    reload = sandbox_session(monkeypatch)
    assert reload.session_state["mancala_tutor"].learner is None and game(reload).position == START
    reload.query_params["learner"] = code  # what the keeper's report does: bind the code
    reload.run()
    assert game(reload) is game(first) and game(reload).position.to_notation() == AFTER_3
    # A game already begun in the new session is not replaced: it becomes the kept one.
    busy = sandbox_session(monkeypatch)
    game(busy).press(1)
    busy.query_params["learner"] = code
    busy.run()
    assert game(busy).position == play(START, 1, KalahRules()).position
    assert game(sandbox_session(monkeypatch, learner=code)) is game(busy)


def test_kept_games_keep_the_most_recent_learners_only():
    kept: KeptGames[str] = KeptGames(limit=2)
    kept.keep("AAAA", "a")
    kept.keep("BBBB", "b")
    assert kept.get("AAAA") == "a"  # used: now the most recent
    kept.keep("CCCC", "c")
    assert (kept.get("AAAA"), kept.get("BBBB"), kept.get("CCCC"), len(kept)) == ("a", None, "c", 2)
    kept.keep("AAAA", "a2")
    assert (kept.get("AAAA"), len(kept)) == ("a2", 2)


def test_a_game_against_the_computer_goes_on_after_a_reload(monkeypatch, db):
    """Against the computer: the reply to the learner's move is made in the new session too."""
    code = learners.new_learner(db)
    first = sandbox_session(monkeypatch, learner=code)
    game(first).set_players("computer", "N", "easy")
    first.run()
    game(first).press(1)  # no extra turn: North, the computer, is to move
    again = sandbox_session(monkeypatch, learner=code)
    assert game(again) is game(first)
    for _ in range(5):  # the computer's reply comes in a run of its own
        if game(again).position.to_move == "S":
            break
        again.run()
    assert not again.exception
    assert game(again).position.to_move == "S" and len(game(again).game.positions()) >= 3
