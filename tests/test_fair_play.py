"""Fair play (issue 35): the engine's values of the sandbox's game wait for its end while it is against
the computer or on a clock, through AppTest (Sandbox, then Move outcomes in the same session), and the
one rule behind it (``SandboxActivity.analysis_allowed``) in plain pytest.

A game of two players on one device with no clock is a study tool: Move outcomes analyses it as it goes.
A position pasted by hand is always analysed. Once a game ends, Move outcomes analyses any position of it.
"""

from __future__ import annotations

import pytest

from engine import KalahRules, Position, legal_moves
from tutor import i18n, words
from tutor.sandbox import SandboxActivity

from .test_outcomes_page import exact_values, thinking  # noqa: F401  (a fixture)
from .test_sandbox import open_panels, open_sandbox, press, sb
from .test_sandbox_clock import start_timed

OUTCOMES = "pages/move_outcomes.py"
SMALL = {"pits": "3", "seeds": "2"}
"""A small Kalah board (12 seeds): the repeatable analysis proves every value on it."""
WAIT_COMPUTER = ("Your game against the computer is still going: Move outcomes shows its moves when the game "
                 "ends, so the game stays fair.")
WAIT_CLOCK = ("Your game on a clock is still going: Move outcomes shows its moves when the game ends, "
              "so the game stays fair.")


def to_outcomes(at):
    """Go from the Sandbox to Move outcomes in the same session (the sidebar's link)."""
    at.switch_page(OUTCOMES).run()
    assert not at.exception, at.exception
    return at


def infos(at) -> list[str]:
    return [i.value for i in at.info]


def page_links(at) -> list[tuple[str, str]]:
    return [(e.proto.label, e.proto.page) for e in at.get("page_link")]


def shown_values(at) -> dict[int, int]:
    table = at.dataframe[0].value
    return dict(zip(table["Pit"], table["Value"]))


def exact_by_pit(pos: Position, rules) -> dict[int, int]:
    return {m.pit: m.value for m in exact_values(pos, rules)}


def computer_game(page_app, **query):
    """A game against the computer (North, Easy) in the Sandbox, chosen with the page's own widgets."""
    at = open_sandbox(page_app, panels=("settings",), **query)
    at.radio(key="sb_mode").set_value("computer").run()
    assert not at.exception, at.exception
    assert sb(at).mode == "computer"
    return at


def play_to_the_end(at):
    """South always presses its leftmost pit; the computer answers on each run; until the game is over."""
    for _ in range(40):
        game = sb(at)
        if game.over():
            return
        if game.accepts_presses():
            press(at, game.game.legal_moves()[0])
        else:
            at.run()
    raise AssertionError("the game did not end")


# ------------------------------------------------------------ Move outcomes


def test_a_game_against_the_computer_under_way_is_not_analysed(page_app, thinking):  # noqa: F811
    at = computer_game(page_app, **SMALL)
    press(at, 1)  # the computer (North) answers on this run
    game = sb(at)
    assert len(game.game.results) >= 2 and not game.over()
    to_outcomes(at)
    assert WAIT_COMPUTER in infos(at)
    assert not at.get("plotly_chart") and not at.dataframe
    assert not any("Best:" in m.value for m in at.markdown)
    assert thinking == []  # nothing was even asked of the engine
    assert page_links(at) == [("Back to your game in the Sandbox", "sandbox")]


def test_a_game_against_the_computer_waits_from_its_first_position(page_app, thinking):  # noqa: F811
    """Before the first move too: its start position's best pit is the learner's first move."""
    at = computer_game(page_app)
    assert not sb(at).game.results
    to_outcomes(at)
    assert WAIT_COMPUTER in infos(at) and not at.dataframe and thinking == []


def test_a_timed_game_of_two_players_under_way_is_not_analysed(page_app, thinking):  # noqa: F811
    at = start_timed(page_app)
    assert sb(at).mode == "two" and sb(at).clock is not None
    press(at, 1)
    press(at, 2)
    assert sb(at).timed_game_running()
    to_outcomes(at)
    assert WAIT_CLOCK in infos(at)
    assert not at.get("plotly_chart") and not at.dataframe and thinking == []


def test_a_game_of_two_players_with_no_clock_is_analysed_as_it_goes(page_app, thinking):  # noqa: F811
    at = open_sandbox(page_app, **SMALL)
    press(at, 1)
    press(at, 2)
    game = sb(at)
    assert game.mode == "two" and game.clock is None and not game.over()
    to_outcomes(at)
    assert not any("still going" in i for i in infos(at))
    assert shown_values(at) == exact_by_pit(game.position, game.rules)
    assert at.get("plotly_chart")
    assert any(f"`{game.position.to_notation()}`" in c.value for c in at.caption)


def test_after_the_game_against_the_computer_ends_any_position_of_it_is_analysed(page_app, thinking):  # noqa: F811
    at = computer_game(page_app, **SMALL)
    play_to_the_end(at)
    game = sb(at)
    assert game.over() and game.mode == "computer"
    positions, results = game.game.positions(), game.game.results
    to_outcomes(at)
    assert not any("still going" in i for i in infos(at))
    picker = at.selectbox(key=f"mo_moment_{game.action}")
    assert picker.label == "Position in the finished game"
    mine = max(i for i, r in enumerate(results) if r.mover != game.computer_side)
    assert picker.value == mine  # the learner's own last move: read from their side (Greek teacher's test)
    last = results[-1]
    assert picker.options[-1] == f"Before move {len(results)} ({words.side_name(last.mover)} played pit {last.pit})"
    assert shown_values(at) == exact_by_pit(positions[mine], game.rules)
    picker.set_value(0).run()  # the position the game started from
    assert not at.exception, at.exception
    assert shown_values(at) == exact_by_pit(positions[0], game.rules) == exact_by_pit(
        KalahRules(pits=3, seeds=2).initial_position(), game.rules)


def test_the_game_under_way_typed_in_by_hand_waits_too(page_app, thinking):  # noqa: F811
    """Greek teacher's test: typing the game's own position into the paste field gave its analysis."""
    at = computer_game(page_app, **SMALL)
    to_outcomes(at)
    at.radio(key="mo_source").set_value("paste").run()
    at.radio(key="mo_game").set_value("kalah").run()
    at.text_input(key="mo_notation").set_value(sb(at).position.to_notation()).run()
    assert not at.exception, at.exception
    assert WAIT_COMPUTER in infos(at) and not at.get("plotly_chart") and not at.dataframe


def test_a_pasted_position_is_analysed_during_a_game_against_the_computer(page_app, thinking):  # noqa: F811
    at = computer_game(page_app, **SMALL)
    to_outcomes(at)
    assert WAIT_COMPUTER in infos(at)
    at.radio(key="mo_source").set_value("paste").run()
    at.text_input(key="mo_notation").set_value("0,0,0,1,2,1/20/1,0,2,0,0,1/20/S").run()
    assert not at.exception, at.exception
    assert shown_values(at) == {4: -6, 5: -2, 6: -2}
    assert WAIT_COMPUTER not in infos(at)


def test_in_greek_the_page_says_why_it_waits(page_app, thinking):  # noqa: F811
    at = computer_game(page_app, **SMALL)
    to_outcomes(at)
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    assert ("Το παιχνίδι σου με τον υπολογιστή συνεχίζεται ακόμα: τα Αποτελέσματα κινήσεων θα δείξουν τις "
            "κινήσεις του όταν τελειώσει, για να μείνει το παιχνίδι δίκαιο.") in infos(at)
    assert [label for label, _page in page_links(at)] == ["Συνέχισε το παιχνίδι σου στο Ελεύθερο παιχνίδι"]
    assert not at.dataframe


# ------------------------------------------------------------ the Sandbox's game story


def test_the_game_story_waits_for_the_end_of_a_game_against_the_computer(page_app, monkeypatch):
    from ui import story

    monkeypatch.setattr(story, "STORY_MS", None)  # exact on this small board: no time budget
    at = computer_game(page_app, **SMALL)
    press(at, 1)
    open_panels(at, "story")
    assert ("Your game against the computer is still going: its review comes when the game ends, "
            "so the game stays fair.") in [c.value for c in at.caption]
    assert not [t for t in at.toggle if t.key == "sb_story_on"] and not at.get("plotly_chart")
    play_to_the_end(at)
    at.run()
    assert not at.exception, at.exception
    at.toggle(key="sb_story_on").set_value(True).run()
    assert not at.exception, at.exception
    assert at.get("plotly_chart") and at.table


@pytest.mark.parametrize("back_to", [9, 8, 1])
def test_going_back_from_the_review_of_a_game_against_the_computer_says_the_review_waits(page_app, monkeypatch,
                                                                                         back_to):
    """User test: after "Go back to that move" the review was gone without a word (or said "Play some moves"
    before move 1). The notice and the review's panel say it comes back when the game ends (its values
    would tell the learner the position's best play in a game that counts again)."""
    from ui import story

    monkeypatch.setattr(story, "STORY_MS", None)
    at = computer_game(page_app, **SMALL)
    open_panels(at, "story")
    play_to_the_end(at)
    at.run()
    at.toggle(key="sb_story_on").set_value(True).run()
    assert not at.exception, at.exception
    (pick,) = [s for s in at.selectbox if s.key.startswith("sb_story_pick")]  # the copy of the whole game
    pick.set_value(back_to).run()
    (jump,) = [b for b in at.button if b.key.startswith("sb_story_jump")]
    jump.click().run()
    assert not at.exception, at.exception
    assert len(sb(at).game.results) == back_to - 1 and not sb(at).over()
    switched = " Switched to two players so you can play that move yourself." if back_to == 8 else ""  # North's move
    assert infos(at)[0] == (f"Back to before move {back_to}: try a better pit. Redo brings the moves back.{switched} The "
                            "game's review comes back when the game ends, so the game stays fair.")
    captions = [c.value for c in at.caption]
    assert ("Your game against the computer is still going: its review comes when the game ends, so the game stays "
            "fair.") in captions and words.story_empty() not in captions
    assert not at.get("plotly_chart")


# ------------------------------------------------------------ the rule


@pytest.mark.parametrize(("mode", "timed", "moves", "allowed"), [
    ("two", False, 0, True),
    ("two", False, 2, True),
    ("computer", False, 0, False),
    ("computer", False, 2, False),
    ("two", True, 0, False),
    ("two", True, 2, False),
    ("computer", True, 2, False),
])
def test_analysis_allowed_while_the_game_goes_on(mode, timed, moves, allowed):
    game = SandboxActivity(KalahRules(pits=3, seeds=2))
    if timed:
        assert game.set_time_control({"clock": "3+2"})
        game.new_game(game.rules)
    game.set_players(mode)
    for _ in range(moves):
        game.game.play(game.game.legal_moves()[0])
    assert not game.over()
    assert game.analysis_allowed() is allowed


@pytest.mark.parametrize(("mode", "timed"), [("computer", False), ("two", True), ("computer", True)])
def test_analysis_allowed_once_the_game_is_over(mode, timed):
    game = SandboxActivity(KalahRules(pits=3, seeds=2))
    if timed:
        assert game.set_time_control({"clock": "3+2", "clock_sides": "S"})  # one side timed is enough
        game.new_game(game.rules)
        assert game.clock is not None and not game.clock.timed("N")
    game.set_players(mode)
    assert not game.analysis_allowed()
    while not game.game.is_over:
        game.game.play(game.game.legal_moves()[0])
    assert game.over() and game.analysis_allowed()
    assert legal_moves(game.game.positions()[-2], game.rules)


def test_the_sentences_follow_the_language():
    i18n.use("el")
    try:
        assert words.fair_play_wait("outcomes", False) == (
            "Το παιχνίδι σου με χρόνο συνεχίζεται ακόμα: τα Αποτελέσματα κινήσεων θα δείξουν τις κινήσεις "
            "του όταν τελειώσει, για να μείνει το παιχνίδι δίκαιο.")
        assert words.game_moment(3, "N", 2) == "Πριν από την κίνηση 3 (ο Βορράς έπαιξε το λακκάκι 2)"
    finally:
        i18n.use(None)
    assert words.fair_play_wait("outcomes", True) == WAIT_COMPUTER


def test_switching_to_two_players_mid_game_does_not_open_the_analysis():
    """Helper's review: a learner could switch "Who plays" to two players during a game against the
    computer, read the values, and switch back. A game that had the computer stays guarded until it
    ends or a new game starts."""
    game = SandboxActivity(KalahRules(pits=3, seeds=2))
    game.set_players("computer")
    game.game.play(game.game.legal_moves()[0])
    game.set_players("two")
    assert not game.over() and not game.analysis_allowed()
    game.new_game(game.rules)
    assert game.analysis_allowed()  # a new game between two players: a study tool again


def test_the_same_board_set_again_or_opened_by_a_link_stays_guarded():
    """Hostile tester: switching to two players, then "Use these numbers" in the board editor (already
    filled with the board), or the game's own share link, gave the best move mid-game."""
    game = SandboxActivity(KalahRules(pits=3, seeds=2))
    game.set_players("computer")
    game.game.play(game.game.legal_moves()[0])
    game.set_players("two")
    assert game.waits_for() == "computer"  # said as the game against the computer, not "on a clock"
    here = game.position
    game.new_game(game.rules, start=here)  # the editor's numbers, unchanged
    assert game.position == here and not game.analysis_allowed()
    linked = SandboxActivity(KalahRules(pits=3, seeds=2), here)
    linked.guard_from(game)
    assert not linked.analysis_allowed()
    other = SandboxActivity(KalahRules(pits=3, seeds=2))  # another position: a study board
    other.guard_from(game)
    assert other.analysis_allowed()
    game.new_game(game.rules)  # a new game between two players: analysed again
    assert game.analysis_allowed()


def test_the_game_story_follows_the_board_move_by_move_bug(page_app, monkeypatch):
    """Tester (issue 36): the story showed a move before the board had sown it. Like the moves table, it is
    drawn once per move of the sowing (``ui.reveal.by_move``), each copy shown only while the board shows
    that many moves: the copies before the game's last move say the story waits (the game was not over
    then), the last one has the chart, each with widgets of its own."""
    from ui import story

    monkeypatch.setattr(story, "STORY_MS", None)
    at = computer_game(page_app, **SMALL)
    open_panels(at, "story")
    play_to_the_end(at)
    at.run()
    game = sb(at)
    assert game.over() and game.sowing is not None
    n, total = len(game.sowing.results), len(game.game.results)
    at.toggle(key="sb_story_on").set_value(True).run()
    assert not at.exception, at.exception
    charts = sorted(c.key for c in at.get("plotly_chart"))
    assert charts == [f"sb_story_chart_{n}"], charts  # only the copy of the whole game has the chart
    waits = [c.value for c in at.caption if c.value == words.fair_play_wait("story", True)]
    assert len(waits) == n  # the copies for 0..n-1 moves of the sowing: the game was not over yet
    assert len(at.table) == 1 and len(at.table[0].value) == total


def test_a_two_players_story_counts_only_the_moves_the_board_has_sown(page_app, monkeypatch):
    from ui import story

    monkeypatch.setattr(story, "STORY_MS", None)
    at = open_sandbox(page_app, panels=("story",), **SMALL)
    press(at, 1)
    at.toggle(key="sb_story_on").set_value(True).run()
    press(at, 2)
    assert not at.exception, at.exception
    game = sb(at)
    n, total = len(game.sowing.results), len(game.game.results)
    assert n == 1 and total == 2
    assert sorted(c.key for c in at.get("plotly_chart")) == ["sb_story_chart_0", "sb_story_chart_1"]
    assert sorted(len(t.value) for t in at.table) == [1, 2]  # before the new move is sown: one move, then two
