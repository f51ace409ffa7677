"""A learner's sandbox game is kept by the store: every tab (and every server process) is a view of
one game with a version number, and a change made on a view another one overtook is refused with a
message (issue 30; ``tutor.kept_games``, ``tutor.kept_play``, ``tutor.kept_record``, ``store.games``)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine import NORTH, SOUTH, KalahRules, make_rules, play
from store import games, learners
from tests.conftest import ROOT
from tutor import words
from tutor.kept_games import Kept, MemoryKeeper
from tutor.kept_record import read_record, record_of, restore
from tutor.sandbox import SandboxActivity

START = KalahRules().initial_position()
AFTER_3 = play(START, 3, KalahRules()).position.to_notation()  # 4,4,0,5,5,5/1/4,4,4,4,4,4/0/S
AFTER_3_6 = "4,4,0,5,5,0/2/5,5,5,5,4,4/0/N"
LINKED = "0,0,0,0,0,1/20/3,2,1,1,1,0/19/S"
MOVED_ON = "This game went on in another tab, so that was not done. Here is the game as it is now."


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


def game(at) -> SandboxActivity:
    return at.session_state["mancala_tutor"].sandbox


def test_two_tabs_are_two_views_of_one_game_and_a_press_on_the_older_view_is_refused(monkeypatch, db):
    code = learners.new_learner(db)
    first = sandbox_session(monkeypatch, learner=code)
    game(first).press(3)
    game(first).press(6)
    first.run()
    assert game(first).position.to_notation() == AFTER_3_6
    # A second tab: its own object, the same game, moves and Undo included.
    second = sandbox_session(monkeypatch, learner=code)
    assert game(second) is not game(first)
    assert game(second).position.to_notation() == AFTER_3_6 and game(second).undo_steps() == 1
    assert game(second).kept_version == game(first).kept_version == 3  # the start, pit 3, pit 6
    game(second).press(1)  # North's pit 1 in the second tab
    second.run()
    assert game(second).kept_version == 4
    # The first tab still shows the older game: its press is refused, said, and the tab catches up.
    game(first).press(2)
    assert game(first).notice is not None and game(first).notice.text == MOVED_ON == words.game_moved_on()
    assert game(first).position == game(second).position and game(first).kept_version == 4
    assert games.kept_game(db, code).version == 4  # nothing was written for the refused press
    game(first).press(2)  # now it is current: taken
    assert game(first).kept_version == 5 and game(first).notice is None
    second.run()  # a whole run of the other tab shows it (no press needed)
    assert game(second).position == game(first).position
    # Another learner starts afresh; a share link opens its own game, then kept as the learner's.
    assert game(sandbox_session(monkeypatch, learner=learners.new_learner(db))).position == START
    linked = sandbox_session(monkeypatch, learner=code, pos=LINKED)
    assert game(linked).position.to_notation() == LINKED
    assert game(sandbox_session(monkeypatch, learner=code)).position.to_notation() == LINKED


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
    assert game(reload).position.to_notation() == AFTER_3
    # A game already begun in the new session is not replaced: it becomes the kept one.
    busy = sandbox_session(monkeypatch)
    game(busy).press(1)
    busy.query_params["learner"] = code
    busy.run()
    assert game(busy).position == play(START, 1, KalahRules()).position
    assert game(sandbox_session(monkeypatch, learner=code)).position == game(busy).position


def test_a_game_against_the_computer_goes_on_after_a_reload(monkeypatch, db):
    """Against the computer: the reply to the learner's move is made in the new session too, and kept."""
    code = learners.new_learner(db)
    first = sandbox_session(monkeypatch, learner=code)
    game(first).set_players("computer", "N", "easy")
    game(first).press(1)  # no extra turn: North, the computer, is to move
    again = sandbox_session(monkeypatch, learner=code)
    assert game(again).mode == "computer" and game(again).guarded
    for _ in range(5):  # the computer's reply comes in a run of its own
        if game(again).position.to_move == "S":
            break
        again.run()
    assert not again.exception
    assert game(again).position.to_move == "S" and len(game(again).game.positions()) >= 3
    kept = read_record(games.kept_game(db, code).record)
    assert kept is not None and len(kept.moves) == len(game(again).game.results) >= 2


def test_a_record_gives_back_the_game_its_redo_players_and_fair_play():
    sb = SandboxActivity(make_rules("oware"))
    sb.set_players("computer", SOUTH, "medium")
    sb.mode = "two"  # switched to two players: still guarded (fair play) until the game ends
    for pit in (1, 2, 3):
        sb.press(pit)
    sb.game.undo()
    sb.game.undo()
    back = SandboxActivity(KalahRules())
    record = read_record(record_of(sb.kept_state()))
    assert record is not None and record.moves[:1] == [1] and record.undone == 2
    back.take_state(restore(record))
    assert back.rules == sb.rules and back.position == sb.position and len(back.game.results) == 1
    assert (back.mode, back.computer_side, back.level, back.guarded) == ("two", SOUTH, "medium", True)
    after_2 = play(play(sb.game.start, 1, sb.rules).position, 2, sb.rules).position
    assert back.redo() and back.position == after_2
    assert len(back.game.results) == 2 and back.game.can_redo


def test_a_timed_game_is_kept_with_its_clocks_and_the_time_between_two_servers_is_charged():
    now, wall = [100.0], [1_000_000.0]
    sb = SandboxActivity(KalahRules())
    sb.now = lambda: now[0]
    assert sb.set_time_control({"clock": "3+2", "clock_sides": "both"})
    sb.new_game(KalahRules())
    sb.press(1)  # the first move starts the clocks; North's runs
    now[0] += 4.0
    text = record_of(sb.kept_state(), wall=lambda: wall[0])
    north_then = sb.clock.left(NORTH)
    assert north_then == 180_000 - 4_000
    # Read back by another process 5 s later (its own monotonic clock reads 7.0).
    other = SandboxActivity(KalahRules())
    other.now = lambda: 7.0
    wall[0] += 5.0
    other.take_state(restore(read_record(text), other.now, wall=lambda: wall[0]))
    assert other.clock is not None and other.clock.running == NORTH
    assert other.clock.left(NORTH) == pytest.approx(180_000 - 9_000)
    assert other.clock.left(SOUTH) == sb.clock.left(SOUTH) == 180_000 + 2_000  # the increment (K19)
    assert other.clock.marks == sb.clock.marks and other.control == sb.control


def test_a_record_that_makes_no_game_is_written_over_never_shown():
    keeper = MemoryKeeper()
    keeper.keep_game("LEARNER1", '{"link": "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "moves": [9]}', 0)
    keeper.keep_game("LEARNER2", "not json", 0)
    for learner in ("LEARNER1", "LEARNER2"):
        sb = SandboxActivity(KalahRules())
        assert not sb.keep_with(keeper, learner)
        assert sb.position == START and sb.kept_version == 2
        assert read_record(keeper.kept_game(learner).record).moves == []
    assert read_record("x" * 70_000) is None


class Late(MemoryKeeper):
    """A keeper whose next read is from before another view's write (the two writes raced)."""

    def __init__(self, stale: Kept) -> None:
        super().__init__()
        self.stale: Kept | None = stale

    def kept_game(self, learner):
        stale, self.stale = self.stale, None
        return stale if stale is not None else super().kept_game(learner)


def test_a_write_the_keeper_refuses_takes_up_the_kept_game():
    keeper = MemoryKeeper()
    a, b = SandboxActivity(KalahRules()), SandboxActivity(KalahRules())
    a.keep_with(keeper, "LEARNER")
    b.keep_with(keeper, "LEARNER")
    assert (a.kept_version, b.kept_version) == (1, 1)
    a.press(3)
    late = Late(keeper.kept_game("LEARNER"))
    late._games = keeper._games  # the same games: only b's first read is late
    late.stale = Kept(1, "")
    b.keeper = late
    b.press(1)  # b saw version 1 (late), played, and its write over version 1 is refused
    assert b.position == a.position and b.kept_version == 2 and b.notice.text == MOVED_ON


def test_nothing_changed_writes_nothing():
    keeper = MemoryKeeper()
    sb = SandboxActivity(KalahRules())
    sb.keep_with(keeper, "LEARNER")
    sb.press(3)
    assert sb.kept_version == 2
    sb.press(3)  # an empty pit: refused, the game is the same
    sb.check_time()
    sb.redo()
    assert sb.kept_version == 2 and keeper.kept_game("LEARNER").version == 2


def test_the_store_writes_only_over_the_version_seen(database):
    code = learners.new_learner(database)
    assert games.kept_game(database, code) is None
    assert games.keep_game(database, code, "one", 0) == 1
    assert games.keep_game(database, code, "again", 0) is None  # a first write came first
    assert games.keep_game(database, code, "two", 1) == 2
    assert games.keep_game(database, code, "late", 1) is None
    assert games.kept_game(database, code) == Kept(2, "two")
    assert games.keep_game(database, "NOSUCHLR", "x", 0) is None


def test_a_memory_keeper_keeps_the_most_recent_learners_only():
    kept = MemoryKeeper(limit=2)
    assert kept.keep_game("AAAA", "a", 0) == 1
    assert kept.keep_game("BBBB", "b", 0) == 1
    assert kept.keep_game("CCCC", "c", 0) == 1
    assert (kept.kept_game("AAAA"), kept.kept_game("CCCC"), len(kept)) == (None, Kept(1, "c"), 2)
    assert kept.keep_game("CCCC", "c2", 0) is None and kept.keep_game("CCCC", "c2", 1) == 2


def test_a_game_is_one_game_in_every_tab_and_two_games_of_the_same_moves_are_two():
    """Report #11: a game is known by which game it is (its serial, kept with it), not by its moves alone:
    the homework "review 2 of your games" counts two games played alike (``tutor.cards.game_id``)."""
    from tutor.cards import game_id
    from tutor.kept_record import GameRecordModel

    keeper = MemoryKeeper()
    rules = KalahRules(pits=3, seeds=1)
    tab1, tab2 = SandboxActivity(rules), SandboxActivity(rules)
    tab1.keep_with(keeper, "LEARNER")
    while not tab1.game.is_over:
        tab1.press(tab1.game.legal_moves()[0])
    tab2.keep_with(keeper, "LEARNER")  # a second tab (or a reload) shows the kept game: the same game
    assert tab2.serial == tab1.serial and len(tab1.serial) == 12
    first = game_id(tab1.game, tab1.serial)
    assert game_id(tab2.game, tab2.serial) == first
    tab1.new_game(rules)  # New game, the same moves again
    while not tab1.game.is_over:
        tab1.press(tab1.game.legal_moves()[0])
    assert [r.pit for r in tab1.game.results] == [r.pit for r in tab2.game.results]
    assert game_id(tab1.game, tab1.serial) != first
    assert tab2.catch_up() and game_id(tab2.game, tab2.serial) == game_id(tab1.game, tab1.serial)
    # a game kept before games had a serial keeps its key: its moves alone
    written_before = read_record(record_of(tab1.kept_state())).model_dump_json(exclude={"serial"})
    old = restore(GameRecordModel.model_validate_json(written_before))
    assert old.serial == "" and game_id(old.game, old.serial) == game_id(tab1.game)
    assert read_record(record_of(tab1.kept_state()).replace(tab1.serial, "not hex!")) is None
