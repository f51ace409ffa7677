"""The Sandbox page through AppTest: what it shows after presses, its buttons, links, editor and settings forms.

AppTest cannot click the drawn board (a custom component): a pit is pressed by
calling the session's ``SandboxActivity.press`` (what the board's one click
handler calls), then the page is run again. The behaviour itself is tested in
plain pytest in ``tests/test_tutor_sandbox.py``.
"""

from __future__ import annotations

import random

import pytest

from engine import SOUTH, KalahRules, OwareRules, Place, Position
from tutor import i18n, words
from tutor.sandbox import SandboxActivity
from ui import sandbox_panels

PAGE = "pages/sandbox.py"
START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


def open_sandbox(page_app, panels=(), **query):
    """The Sandbox opened (with ``?name=value`` for each query), then the named panels opened
    ("settings", "editor", "moves", "story", "share": a closed panel builds nothing)."""
    at = page_app(PAGE)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    if panels:
        open_panels(at, *panels)
    return at


def open_panels(at, *panels):
    """Open panels below the board, as a click on each one's header does (its state is its key)."""
    for name in panels:
        at.session_state[f"sb_exp_{name}"] = True
    at.run()
    assert not at.exception, at.exception
    assert all(at.expander(key=f"sb_exp_{name}").proto.expanded for name in panels)


def sb(at) -> SandboxActivity:
    return at.session_state["mancala_tutor"].sandbox


def press(at, pit):
    """Press a pit the way the drawn board does (the activity's one ``press``), then rerun."""
    sb(at).press(pit)
    at.run()
    assert not at.exception, at.exception


def texts(at):
    parts = [m.value for m in at.markdown] + [e.value for e in at.success]
    parts += [e.value for e in at.info] + [e.value for e in at.warning] + [e.value for e in at.error]
    return "\n".join(parts)


def test_the_page_shows_the_board_controls_and_panels(page_app):
    at = open_sandbox(page_app)
    assert [t.value for t in at.title] == ["Sandbox"]
    assert sb(at).game.position.to_notation() == START
    assert {"sb_undo", "sb_redo", "sb_new"} <= {b.key for b in at.button}
    assert at.button(key="sb_undo").disabled and at.button(key="sb_redo").disabled
    assert [e.label for e in at.expander][:5] == [
        "Players, game and rules", "Board editor", "Moves", "Game review", "Share this position"]
    assert not at.error and not at.warning


def test_k9_pit_3_at_the_start_gives_an_extra_turn(page_app):
    """South presses pit 3: the last seed lands in the store and the page says South moves again."""
    at = open_sandbox(page_app)
    press(at, 3)
    assert sb(at).game.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")
    assert "South moves again" in texts(at)
    told = [m.value for m in at.markdown if "South moves again" in m.value]
    assert told and not any("K9" in t for t in told)  # rule ids are for teachers (a tester: "K9" unexplained)


def test_k5_an_empty_pit_is_refused_and_explained(page_app):
    """Pressing the pit just emptied changes nothing and the page says why, with the rule id."""
    at = open_sandbox(page_app)
    press(at, 3)
    before = sb(at).game.position
    press(at, 3)
    assert sb(at).game.position == before
    assert any("K5" in w.value for w in at.warning)


def test_a_whole_game_of_presses_ends_with_the_result_shown(page_app):
    """Two players press pits until the game ends; the result and the final sweep are shown."""
    at = open_sandbox(page_app)
    rng = random.Random(7)
    for _ in range(300):
        game = sb(at).game
        if game.is_over:
            break
        sb(at).press(rng.choice(game.legal_moves()))
    at.run()
    assert not at.exception, at.exception
    game = sb(at).game
    assert game.is_over
    end = game.outcome()
    success = " ".join(s.value for s in at.success)
    assert "Game over" in success
    assert f"{end.score[0]}" in success and f"{end.score[1]}" in success
    last = game.results[-1]
    if any(last.swept):
        assert "Final sweep" in texts(at)
    # the finished board takes no more presses
    press(at, 1)
    assert sb(at).game.results[-1] is last


def test_undo_and_redo_buttons_step_through_the_moves(page_app):
    """Undo takes one move back, Redo plays it again, and the buttons follow."""
    at = open_sandbox(page_app)
    press(at, 3)
    press(at, 6)
    after_two = sb(at).game.position
    assert not at.button(key="sb_undo").disabled
    at.button(key="sb_undo").click().run()
    assert sb(at).game.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")
    at.button(key="sb_undo").click().run()
    assert sb(at).game.position.to_notation() == START
    assert at.button(key="sb_undo").disabled
    at.button(key="sb_redo").click().run()
    at.button(key="sb_redo").click().run()
    assert sb(at).game.position == after_two
    assert at.button(key="sb_redo").disabled
    assert not at.exception


def test_new_game_resets_the_board(page_app):
    at = open_sandbox(page_app)
    press(at, 1)
    at.button(key="sb_new").click().run()
    assert sb(at).game.position.to_notation() == START
    assert not sb(at).game.results


def test_new_game_asks_first_while_a_game_is_under_way(page_app):
    """One tap on New game threw a child's game away (ut48a #1): once the learner has moved and until the
    game ends, New game opens a question and only its button starts again; before a move, it starts at once."""
    ask = "Start a new game? The moves of this game will be lost."
    at = open_sandbox(page_app)
    assert ask not in [m.value for m in at.markdown] and not sb(at).under_way()
    press(at, 1)
    assert sb(at).under_way() and ask in [m.value for m in at.markdown]
    assert at.button(key="sb_new").label == "Yes, start a new game"
    at.button(key="sb_new").click().run()
    assert not sb(at).game.results and ask not in [m.value for m in at.markdown]


def test_a_finished_game_or_the_computers_first_move_starts_a_new_game_at_once():
    """Nothing is lost once the game is over, nor when only the computer has moved."""
    rules = KalahRules(pits=3, seeds=1)
    game = SandboxActivity(rules)
    while not game.over():
        game.game.play(game.game.legal_moves()[0])
    assert not game.under_way()
    computer = SandboxActivity(KalahRules(), mode="computer", computer_side=SOUTH)
    computer.game.play(1)  # the computer's (South's) first move: no extra turn
    assert computer.you() == "N" and not computer.under_way()
    computer.game.play(1)
    assert computer.under_way()


def test_against_the_computer_it_replies_and_undo_returns_to_your_turn(page_app):
    """With the computer as North (Easy), a South move is answered when the page runs; Undo goes back to South's turn."""
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_mode").set_value("computer").run()
    assert sb(at).mode == "computer"
    assert at.radio(key="sb_computer_side").value == "N" and at.radio(key="sb_level").value == "easy"
    press(at, 1)  # no extra turn: North (computer) must reply
    game = sb(at).game
    assert len(game.results) >= 2
    assert game.position.to_move == "S" or game.is_over
    assert all(r.mover == "N" for r in game.results[1:])
    at.button(key="sb_undo").click().run()
    assert sb(at).game.position.to_notation() == START


def test_the_computer_moves_first_when_it_plays_south(page_app):
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_mode").set_value("computer").run()
    at.radio(key="sb_computer_side").set_value("S").run()
    at.button(key="sb_new").click().run()
    assert not at.exception, at.exception
    game = sb(at).game
    assert game.results and game.results[0].mover == "S"
    assert game.position.to_move == "N"


def test_a_failing_computer_is_an_error_box_not_a_traceback(page_app):
    """If the computer cannot choose (here: a level the engine does not know), the game goes on as two players."""
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_mode").set_value("computer").run()
    sb(at).level = "no-such-level"
    press(at, 1)
    assert sb(at).mode == "two" and len(sb(at).game.results) == 1
    assert any(e.value.startswith("Sorry, the computer got stuck") for e in at.error)


@pytest.mark.parametrize("how", ["go back to the computer's move", "the computer failed"])
def test_who_plays_follows_a_switch_to_two_players(page_app, how):
    """When the sandbox switches itself to two players ("Go back to that move" at a computer's move, or
    the computer failing), "Who plays" says "two" and choosing the computer again brings it back."""
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_mode").set_value("computer").run()
    if how == "the computer failed":
        sb(at).level = "no-such-level"
        press(at, 1)
    else:
        press(at, 1)  # the computer (Easy) replies
        sb(at).jump_to_before(2)  # what the story's "Go back to that move" button does
        at.run()
    assert sb(at).mode == "two"
    assert at.radio(key="sb_mode").value == "two"
    at.radio(key="sb_mode").set_value("computer").run()
    assert sb(at).mode == "computer"


def test_a_share_link_opens_the_same_position_and_rules(page_app):
    """A teacher's link with Awari rules and a position opens exactly that."""
    pos = "0,5,5,5,5,4/2/4,4,4,4,4,0/2/N"
    at = open_sandbox(page_app, panels=("share",), pos=pos, game="oware", grand_slam="illegal")
    assert sb(at).rules == OwareRules(grand_slam="illegal")
    assert sb(at).game.position.to_notation() == pos
    assert not at.error
    assert any(f"?pos={pos}&game=oware&grand_slam=illegal" in c.value for c in at.code)


@pytest.mark.parametrize("query", [{"pos": "4,4,4/0/4,4,4/0/S"}, {"game": "chess"}])
def test_a_bad_share_link_shows_an_error_and_the_start_position(page_app, query):
    """A broken link never shows a traceback: one error box and a board at the start
    (every kind of bad link: tests/test_tutor_sandbox.py)."""
    at = open_sandbox(page_app, **query)
    assert len(at.error) == 1
    assert "link" in at.error[0].value
    game = sb(at).game
    assert game.position == game.rules.initial_position()


def test_the_editor_refuses_an_impossible_position(page_app):
    """Seeds that do not add up to 48 are refused with the reason; the board stays."""
    at = open_sandbox(page_app, panels=("editor",))
    field = next(t for t in at.text_input if t.label == "Position in notation")
    assert field.key == "sb_ed_text"
    field.input("9,9,9,9,9,9/0/4,4,4,4,4,4/0/S")
    at.button(key="sb_ed_text_go").click().run()
    assert not at.exception
    assert sb(at).game.position.to_notation() == START
    assert len(at.error) == 1  # said once, inside the editor, not again above the board
    assert at.error[0].value == (
        "That position can't be used. The seeds add up to 78, but these rules always have 48 "
        "(6 pits a side, 4 seeds each): take 30 seeds away."
    )


def test_the_editor_sets_a_possible_position(page_app):
    at = open_sandbox(page_app, panels=("editor",))
    at.text_input(key="sb_ed_text").input("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    at.button(key="sb_ed_text_go").click().run()
    assert sb(at).game.position.to_notation() == "0,0,0,0,0,1/20/0,0,0,0,2,1/24/S"
    press(at, 6)  # the lone seed reaches the store: South's row is empty, the game ends
    assert sb(at).game.is_over
    assert "Game over" in " ".join(s.value for s in at.success)


def test_the_editor_numbers_are_checked_too(page_app):
    at = open_sandbox(page_app, panels=("editor",))
    at.number_input(key="sb_ed_S1").set_value(7)
    at.button(key="sb_ed_fields_go").click().run()
    assert sb(at).game.position.to_notation() == START
    assert at.error


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize(("typed", "reason"), [
    (2.5, lambda where: words.field_not_whole(where, 2.5)),
    (1e308, lambda where: words.field_too_big(where, 48)),
    (-1e308, lambda where: words.field_negative(where, -1e308)),
    (None, words.field_missing),
])
def test_an_editor_number_no_pit_can_hold_is_shown_as_typed_and_refused_by_name(page_app, lang, typed, reason):
    """2.5 stays 2.5 in its field (not "3") and is refused as a fraction; 1e308 stays and is too many
    seeds (it was reset to the board's number, with no word); an emptied field has no number."""
    i18n.use(lang)  # the test's thread too: AppTest names a menu's choice with its format_func here
    try:
        at = open_sandbox(page_app, panels=("editor",), lang=lang)
        at.number_input(key="sb_ed_S3").set_value(typed)
        at.button(key="sb_ed_fields_go").click().run()
        assert not at.exception
        assert sb(at).game.position.to_notation() == START
        assert at.number_input(key="sb_ed_S3").value == typed
        assert at.number_input(key="sb_ed_S3").proto.format == "%g"
        expected = words.editor_refused(reason(words.place_name(Place(SOUTH, 3))))
        assert [e.value for e in at.error] == [expected]
        at.run()  # and it stays so on the next run
        assert at.number_input(key="sb_ed_S3").value == typed and [e.value for e in at.error] == [expected]
    finally:
        i18n.use(None)


def test_the_editor_numbers_set_the_board(page_app):
    at = open_sandbox(page_app, panels=("editor",))
    for name, value in {"S1": 0, "S6": 8, "SS": 0}.items():
        at.number_input(key=f"sb_ed_{name}").set_value(value)
    at.radio(key="sb_ed_to_move").set_value("N")
    at.button(key="sb_ed_fields_go").click().run()
    assert not at.error
    assert sb(at).game.position.to_notation() == "0,4,4,4,4,8/0/4,4,4,4,4,4/0/N"


SETTING_WIDGETS = {"sb_game": "radio", "sb_end_rule": "radio", "sb_capture_to": "radio", "sb_empty_capture": "checkbox",
                   "sb_early_win": "checkbox", "sb_pits": "select_slider", "sb_seeds": "select_slider"}


@pytest.mark.parametrize(
    "choices,expected",
    [
        ({"sb_game": "oware"}, OwareRules()),
        ({"sb_seeds": 3, "sb_pits": 4}, KalahRules(pits=4, seeds=3)),
        ({"sb_empty_capture": True, "sb_early_win": True}, KalahRules(empty_capture=True, early_win=True)),
        ({"sb_end_rule": "stuck", "sb_capture_to": "pit"}, KalahRules(end_rule="stuck", capture_to="pit")),
    ],
)
def test_rules_options_start_a_new_game(page_app, choices, expected):
    at = open_sandbox(page_app, panels=("settings",))
    for key, value in choices.items():
        getattr(at, SETTING_WIDGETS[key])(key=key).set_value(value).run()
    at.button(key="sb_new_settings").click().run()
    assert not at.exception
    assert sb(at).rules == expected
    assert sb(at).game.position == expected.initial_position()


def test_grand_slam_option_and_north_first(page_app):
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_game").set_value("oware").run()
    at.radio(key="sb_grand_slam").set_value("capture_all").run()
    at.radio(key="sb_first").set_value("N").run()
    at.button(key="sb_new_settings").click().run()
    assert sb(at).rules == OwareRules(grand_slam="capture_all")
    assert sb(at).game.position.to_move == "N"


def test_the_move_list_is_a_table(page_app):
    at = open_sandbox(page_app, panels=("moves",))
    press(at, 3)
    press(at, 1)
    frame = at.dataframe[-1].value  # the whole table (ui.reveal.by_move)
    assert list(frame.columns[:6]) == ["Move", "Player", "Pit", "Extra turn", "Seeds captured", "Rules used"]
    assert list(frame["Pit"]) == [3, 1]
    assert list(frame["Player"]) == ["South", "South"]
    assert list(frame["Extra turn"]) == ["yes", "no"]


def test_the_move_list_downloads_as_csv():
    """A teacher downloads the moves: a header line and one line per move, positions in notation."""
    game_sb = SandboxActivity(KalahRules())
    game_sb.press(3)
    game_sb.press(6)
    lines = sandbox_panels.moves_frame(game_sb).to_csv(index=False).splitlines()
    assert lines[0].split(",")[:5] == ["Move", "Player", "Pit", "Extra turn", "Seeds captured"]
    assert "extra_turn" not in lines[0] and ",captured," not in lines[0]
    assert len(lines) == 3
    assert '"4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"' in lines[1]


def test_k15_the_result_box_says_why_and_never_sweeps_zero_seeds(page_app):
    """South's last seed empties South's row: the box names the empty row and skips a zero sweep."""
    at = open_sandbox(page_app, pos="0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    press(at, 6)
    box = " ".join(s.value for s in at.success)
    assert "because South's row is empty" in box
    assert "0 seeds" not in box and "South's row was already empty" in box
    assert "North puts the 3 seeds left in their row into their store" in box



def test_the_result_box_names_the_sweeps_rule_id_only_when_a_teacher_asked(page_app):
    """Tester (a child): "Final sweep K15" in the game-over box; the id is for teachers (Show rule ids)."""
    at = open_sandbox(page_app, pos="0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    press(at, 6)
    box = " ".join(s.value for s in at.success)
    assert box.endswith("**Final sweep**: South's row was already empty; North puts the 3 seeds left in their row into their store.")
    at.session_state["mancala_tutor"].prefs.rule_ids = True
    at.run()
    box = " ".join(s.value for s in at.success)
    assert box.endswith(":gray-badge[K15]")


def test_k14_end_when_stuck_result_names_the_stuck_player(page_app):
    at = open_sandbox(page_app, pos="0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", end_rule="stuck")
    assert sb(at).rules == KalahRules(end_rule="stuck")
    press(at, 6)
    box = " ".join(s.value for s in at.success)
    assert "row is empty" not in box.split("Final sweep")[0]
    assert "South, the player to move, has no seeds to sow" in box


EXPANDERS = {
    "sb_exp_settings": "Players, game and rules",
    "sb_exp_editor": "Board editor",
    "sb_exp_moves": "Moves",
    "sb_exp_share": "Share this position",
}


def expanded(at):
    return {e.label: e.proto.expanded for e in at.expander}


def test_open_expanders_stay_open_after_pit_presses_and_a_refused_edit(page_app):
    """The learner opens every expander, plays and types a wrong number: nothing closes, nothing is lost."""
    at = open_sandbox(page_app)
    for key in EXPANDERS:
        at.session_state[key] = True
    at.run()
    assert all(expanded(at)[label] for label in EXPANDERS.values())
    labels_before = [e.label for e in at.expander]
    press(at, 3)
    press(at, 1)
    at.number_input(key="sb_ed_S2").set_value(9)
    at.button(key="sb_ed_fields_go").click().run()
    assert [e.label for e in at.expander] == labels_before  # stable labels: same widgets
    assert all(expanded(at)[label] for label in EXPANDERS.values())
    assert at.number_input(key="sb_ed_S2").value == 9  # what was typed stays
    assert sb(at).game.position == Position.from_notation("0,5,1,6,6,5/1/4,4,4,4,4,4/0/N")


def test_the_editor_fields_follow_the_board_after_a_move(page_app):
    at = open_sandbox(page_app, panels=("editor",))
    press(at, 3)
    assert at.number_input(key="sb_ed_S3").value == 0
    assert at.text_input(key="sb_ed_text").value == "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"


def test_a_long_link_is_quoted_short_and_the_error_said_once(page_app):
    """A 5,000-character ?pos= link is refused whole: one error that quotes none of it."""
    long = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/" + "S" * 5000
    at = open_sandbox(page_app, pos=long)
    assert len(at.error) == 1
    assert at.error[0].value == "This link did not work, so here is a new game of Kalah. (Its pos is longer than 200 characters.)"


def test_a_link_setting_awari_ignores_is_named_with_the_reason(page_app):
    """?game=oware&pits=8 opens Awari and says that pits=8 was ignored, and why."""
    at = open_sandbox(page_app, game="oware", pits="8")
    assert sb(at).rules == OwareRules()
    assert not at.error
    assert len(at.warning) == 1
    said = at.warning[0].value
    assert "pits=8" in said and "Awari always has 6 pits of 4 seeds" in said


def test_a_kalah_link_with_a_grand_slam_setting_says_it_was_ignored(page_app):
    at = open_sandbox(page_app, grand_slam="illegal")
    assert sb(at).rules == KalahRules()
    assert any("grand_slam=illegal" in w.value for w in at.warning)


def test_a_negative_number_in_the_editor_gets_a_clear_message(page_app):
    """Typing -4 into S3 and pressing 'Use these numbers' says what is wrong, once, in the editor."""
    at = open_sandbox(page_app, panels=("editor",))
    at.number_input(key="sb_ed_S3").set_value(-4)
    at.button(key="sb_ed_fields_go").click().run()
    assert sb(at).game.position.to_notation() == START
    assert [e.value for e in at.error] == ["That position can't be used. South's pit 3 can't hold -4 seeds: use 0 or more."]
    assert at.number_input(key="sb_ed_S3").value == -4
