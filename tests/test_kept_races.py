"""Two tabs against the computer (issue 30): a computer's turn plays only onto the game it began in.

The races a user tester found with two tabs of one learner's game: a computer's answer played onto
a game the other tab had changed meanwhile (a South move nobody pressed, or an illegal pit that
switched the game to two players), and a refused press whose notice vanished. Each tab is a
``SandboxActivity`` with its own object; they share the record in a ``MemoryKeeper``.
"""

from __future__ import annotations

from engine import NORTH, SOUTH, KalahRules
from tutor.kept_games import MemoryKeeper
from tutor.sandbox import SandboxActivity
from tutor.thinking import Answer

MOVED_ON = "This game went on in another tab, so that was not done. Here is the game as it is now."
AFTER_1 = "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N"  # South sowed pit 1: North to move


def running(_request) -> Answer:
    return Answer("running")


def answers(pit: int, at: str | None = None):
    """An ``ask`` whose search has answered ``pit`` (for the position ``at``, in notation: any other
    is still running; ``None``: whatever position it was asked about, as a late answer would)."""

    def ask(request) -> Answer:
        if at is not None and request.position.to_notation() != at:
            return Answer("running")
        return Answer("done", pit)

    return ask


def two_tabs() -> tuple[SandboxActivity, SandboxActivity, MemoryKeeper]:
    keeper = MemoryKeeper()
    a, b = SandboxActivity(KalahRules(), mode="computer"), SandboxActivity(KalahRules(), mode="computer")
    a.keep_with(keeper, "LEARNER")
    b.keep_with(keeper, "LEARNER")
    return a, b, keeper


def test_an_answer_is_never_played_onto_a_game_another_tab_changed_while_it_thought():
    a, b, keeper = two_tabs()
    a.press(1)
    assert a.position.to_notation() == AFTER_1
    assert a.think(running) == "thinking"  # a's computer thinks about North's move
    b.press(2)  # b showed the start: refused, b now shows AFTER_1
    assert b.notice.text == MOVED_ON and b.position.to_notation() == AFTER_1
    assert b.think(answers(6)) == "moved"  # b's computer answered first: North sowed pit 6
    after_reply = b.position.to_notation()
    assert b.position.to_move == SOUTH and len(b.game.results) == 2
    late = answers(1)  # a's search now answers pit 1 (a North move, legal for South as well)
    a.think(late)
    assert a.position.to_notation() == after_reply and len(a.game.results) == 2  # no South move nobody pressed
    assert a.mode == "computer" and a.notice is None or a.notice.kind != "error"
    kept = keeper.kept_game("LEARNER")
    assert kept.version == a.kept_version == b.kept_version == 3


def test_an_answer_illegal_on_the_changed_game_does_not_end_the_computer_opponent():
    a, b, _ = two_tabs()
    a.press(1)
    a.think(running)
    b.press(1)  # refused: b now shows AFTER_1
    b.think(answers(6))  # North sowed its pit 6: store, then South's pits 1 to 3
    b.press(1)  # South's pit 1 (1 seed) sows into pit 2: North to move, its pit 6 empty
    assert b.position.to_notation() == "0,7,6,5,5,4/0/4,4,4,4,4,0/1/N"
    assert a.think(answers(6, at=AFTER_1)) == "thinking"  # a's answer, for AFTER_1: North's pit 6 is empty now
    assert a.mode == "computer" and a.position == b.position and a.notice is None


def test_a_refused_press_keeps_saying_why_while_the_game_catches_up():
    a, b, _ = two_tabs()
    a.press(1)
    b.press(3)
    assert b.notice.text == MOVED_ON
    a.think(answers(6))  # the reply, kept by a
    b.think(running)  # b's next look at the computer takes the kept game up
    assert b.position == a.position and b.turn is None
    assert b.notice is not None and b.notice.text == MOVED_ON


def test_two_tabs_thinking_at_once_keep_one_reply_and_the_slower_tab_says_nothing_was_refused():
    a, b, keeper = two_tabs()
    a.press(1)
    b.press(1)  # refused, caught up
    b.notice = None  # read and gone
    assert a.think(running) == b.think(running) == "thinking"
    assert a.think(answers(6)) == "moved"
    assert b.think(answers(5)) != "thinking"  # b's answer came after a's reply was kept: dropped
    assert b.position == a.position and len(b.game.results) == 2
    assert b.notice is None
    assert keeper.kept_game("LEARNER").version == 3
