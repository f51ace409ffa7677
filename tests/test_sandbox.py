"""The Sandbox through AppTest: the one click handler, undo/redo, results, links, editor, options."""

from __future__ import annotations

import random

import pytest

from engine import KalahRules, OwareRules, Position, legal_moves
from ui import sandbox

START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


def open_sandbox(app, **query):
    for name, value in query.items():
        app.query_params[name] = value
    app.run()
    app.switch_page("pages/sandbox.py").run()
    assert not app.exception, app.exception
    return app


def sb(app):
    return app.session_state["sandbox"]


def press(app, pit):
    """Press a pit the way the drawn board does: through the one click handler, then rerun."""
    sandbox.click_pit(pit, sb(app))
    app.run()
    assert not app.exception, app.exception


def texts(app):
    parts = [m.value for m in app.markdown] + [e.value for e in app.success]
    parts += [e.value for e in app.info] + [e.value for e in app.warning] + [e.value for e in app.error]
    return "\n".join(parts)


def test_k9_pit_3_at_the_start_gives_an_extra_turn(app):
    """South presses pit 3: the last seed lands in the store and the page says South moves again."""
    open_sandbox(app)
    press(app, 3)
    assert sb(app).game.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")
    assert "South moves again" in texts(app)


def test_k5_an_empty_pit_is_refused_and_explained(app):
    """Pressing the pit just emptied changes nothing and says why, with the rule id."""
    open_sandbox(app)
    press(app, 3)
    before = sb(app).game.position
    press(app, 3)
    assert sb(app).game.position == before
    assert any("K5" in w.value for w in app.warning)


def test_a_whole_game_through_the_click_handler_ends_with_the_result(app):
    """Two players press pits until the game ends; the result and the final sweep are shown."""
    open_sandbox(app)
    rng = random.Random(7)
    for _ in range(300):
        game = sb(app).game
        if game.is_over:
            break
        sandbox.click_pit(rng.choice(game.legal_moves()), sb(app))
    app.run()
    game = sb(app).game
    assert game.is_over
    end = game.outcome()
    success = " ".join(s.value for s in app.success)
    assert "Game over" in success
    assert f"{end.score[0]}" in success and f"{end.score[1]}" in success
    last = game.results[-1]
    if any(last.swept):
        assert "Final sweep" in texts(app)
    # the finished board takes no more presses
    press(app, 1)
    assert sb(app).game.results[-1] is last


def test_undo_and_redo_step_through_the_moves(app):
    """Undo takes one move back, Redo plays it again, and the buttons follow."""
    open_sandbox(app)
    press(app, 3)
    press(app, 6)
    after_two = sb(app).game.position
    app.button(key="sb_undo").click().run()
    assert sb(app).game.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")
    app.button(key="sb_undo").click().run()
    assert sb(app).game.position.to_notation() == START
    assert app.button(key="sb_undo").disabled
    app.button(key="sb_redo").click().run()
    app.button(key="sb_redo").click().run()
    assert sb(app).game.position == after_two
    assert app.button(key="sb_redo").disabled
    assert not app.exception


def test_new_game_resets_the_board(app):
    open_sandbox(app)
    press(app, 1)
    app.button(key="sb_new").click().run()
    assert sb(app).game.position.to_notation() == START
    assert not sb(app).game.results


def test_against_the_computer_it_replies_and_undo_returns_to_your_turn(app):
    """With the computer as North, a South move is answered at once; Undo goes back to South's turn."""
    open_sandbox(app)
    app.radio(key="sb_mode").set_value("computer").run()
    assert sb(app).mode == "computer"
    press(app, 1)  # no extra turn: North (computer) must reply
    game = sb(app).game
    assert len(game.results) >= 2
    assert game.position.to_move == "S" or game.is_over
    assert all(r.mover == "N" for r in game.results[1:])
    app.button(key="sb_undo").click().run()
    assert sb(app).game.position.to_notation() == START


def test_the_computer_moves_first_when_it_plays_south(app):
    open_sandbox(app)
    app.radio(key="sb_mode").set_value("computer").run()
    app.radio(key="sb_computer_side").set_value("S").run()
    app.button(key="sb_new").click().run()
    game = sb(app).game
    assert game.results and game.results[0].mover == "S"
    assert game.position.to_move == "N"


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard", "perfect"])
def test_every_level_plays_a_legal_move(level):
    from ui.opponent import choose

    rules = KalahRules()
    pos = Position.from_notation("0,1,0,5,5,5/1/4,4,4,0,4,4/9/S")
    assert choose(pos, rules, level, random.Random(1)) in legal_moves(pos, rules)


def test_a_share_link_opens_the_same_position_and_rules(app):
    """A teacher's link with Awari rules and a position opens exactly that."""
    pos = "0,5,5,5,5,4/2/4,4,4,4,4,0/2/N"
    open_sandbox(app, pos=pos, game="oware", grand_slam="illegal")
    assert sb(app).rules == OwareRules(grand_slam="illegal")
    assert sb(app).game.position.to_notation() == pos
    assert not app.error


@pytest.mark.parametrize(
    "query",
    [
        {"pos": "not a position"},
        {"pos": "4,4,4/0/4,4,4/0/S"},            # 3 pits under 6-pit rules
        {"pos": "9,4,4,4,4,4/0/4,4,4,4,4,4/0/S"},  # 53 seeds, not 48
        {"pos": "4,4,4,4,4,4/0/4,4,4,4,4,4/0/X"},
        {"game": "chess"},
        {"game": "kalah", "seeds": "lots"},
        {"pos": START, "pits": "12"},
    ],
)
def test_a_bad_share_link_shows_an_error_and_the_start_position(app, query):
    """A broken link never shows a traceback: an error box and a board at the start."""
    open_sandbox(app, **query)
    assert len(app.error) == 1
    assert "link" in app.error[0].value
    game = sb(app).game
    assert game.position == game.rules.initial_position()


def test_the_editor_refuses_an_impossible_position(app):
    """Seeds that do not add up to 48 are refused with the engine's reason; the board stays."""
    open_sandbox(app)
    field = next(t for t in app.text_input if t.label == "Position in notation")
    field.input("9,9,9,9,9,9/0/4,4,4,4,4,4/0/S")
    app.button(key="sb_ed_text_go").click().run()
    assert not app.exception
    assert sb(app).game.position.to_notation() == START
    assert len(app.error) == 1  # said once, inside the editor, not again above the board
    assert app.error[0].value == (
        "That position can't be used. The seeds add up to 78, but these rules always have 48 "
        "(6 pits a side, 4 seeds each): take 30 seeds away."
    )


def test_the_editor_sets_a_possible_position(app):
    open_sandbox(app)
    field = next(t for t in app.text_input if t.label == "Position in notation")
    field.input("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    app.button(key="sb_ed_text_go").click().run()
    assert sb(app).game.position.to_notation() == "0,0,0,0,0,1/20/0,0,0,0,2,1/24/S"
    press(app, 6)  # the lone seed reaches the store: South's row is empty, the game ends
    assert sb(app).game.is_over
    assert "Game over" in " ".join(s.value for s in app.success)


def test_the_editor_numbers_are_checked_too(app):
    open_sandbox(app)
    next(n for n in app.number_input if n.label == "S1").set_value(7)
    app.button(key="sb_ed_fields_go").click().run()
    assert sb(app).game.position.to_notation() == START
    assert app.error


@pytest.mark.parametrize(
    "choices,expected",
    [
        ({"sb_game": "oware"}, OwareRules()),
        ({"sb_seeds": 3, "sb_pits": 4}, KalahRules(pits=4, seeds=3)),
        ({"sb_empty_capture": True, "sb_early_win": True}, KalahRules(empty_capture=True, early_win=True)),
        ({"sb_end_rule": "stuck", "sb_capture_to": "pit"}, KalahRules(end_rule="stuck", capture_to="pit")),
    ],
)
def test_rules_options_start_a_new_game(app, choices, expected):
    open_sandbox(app)
    for key, value in choices.items():
        widget = app.radio(key=key) if key in ("sb_game", "sb_end_rule", "sb_capture_to") else None
        if widget is None:
            widget = (app.checkbox(key=key) if key in ("sb_empty_capture", "sb_early_win")
                      else app.select_slider(key=key))
        widget.set_value(value).run()
    app.button(key="sb_new_settings").click().run()
    assert not app.exception
    assert sb(app).rules == expected
    assert sb(app).game.position == expected.initial_position()


def test_grand_slam_option_and_north_first(app):
    open_sandbox(app)
    app.radio(key="sb_game").set_value("oware").run()
    app.radio(key="sb_grand_slam").set_value("capture_all").run()
    app.radio(key="sb_first").set_value("N").run()
    app.button(key="sb_new_settings").click().run()
    assert sb(app).rules == OwareRules(grand_slam="capture_all")
    assert sb(app).game.position.to_move == "N"


def test_the_move_list_is_a_table(app):
    open_sandbox(app)
    press(app, 3)
    press(app, 1)
    frame = app.dataframe[0].value
    assert list(frame.columns[:6]) == ["Move", "Player", "Pit", "Extra turn", "Seeds captured", "Rules used"]
    assert list(frame["Pit"]) == [3, 1]
    assert list(frame["Player"]) == ["South", "South"]
    assert list(frame["Extra turn"]) == ["yes", "no"]


def test_the_move_list_downloads_as_csv():
    """A teacher downloads the moves: a header line and one line per move, positions in notation."""
    from engine import Game

    game = Game(KalahRules())
    game.play(3)
    game.play(6)
    lines = sandbox.moves_csv(game).decode("utf-8").splitlines()
    assert lines[0].split(",")[:5] == ["Move", "Player", "Pit", "Extra turn", "Seeds captured"]
    assert "extra_turn" not in lines[0] and ",captured," not in lines[0]
    assert len(lines) == 3
    assert '"4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"' in lines[1]


def test_k15_the_result_box_says_why_and_never_sweeps_zero_seeds(app):
    """South's last seed empties South's row: the box names the empty row and skips a zero sweep."""
    open_sandbox(app, pos="0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    press(app, 6)
    box = " ".join(s.value for s in app.success)
    assert "because South's row is empty" in box
    assert "0 seeds" not in box and "South's row was already empty" in box
    assert "North puts the 3 seeds left in their row into their store" in box


def test_k14_end_when_stuck_result_names_the_stuck_player(app):
    open_sandbox(app, pos="0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", end_rule="stuck")
    assert sb(app).rules == KalahRules(end_rule="stuck")
    press(app, 6)
    box = " ".join(s.value for s in app.success)
    assert "row is empty" not in box.split("Final sweep")[0]
    assert "South, the player to move, has no seeds to sow" in box


EXPANDERS = {
    "sb_exp_settings": "Players, game and rules",
    "sb_exp_editor": "Board editor",
    "sb_exp_moves": "Moves",
    "sb_exp_share": "Share this position",
}


def expanded(app):
    return {e.label: e.proto.expanded for e in app.expander}


def test_open_expanders_stay_open_after_pit_presses_and_a_refused_edit(app):
    """The learner opens every expander, plays and types a wrong number: nothing closes, nothing is lost."""
    open_sandbox(app)
    for key in EXPANDERS:
        app.session_state[key] = True
    app.run()
    labels_before = [e.label for e in app.expander]
    press(app, 3)
    press(app, 1)
    next(n for n in app.number_input if n.label == "S2").set_value(9)
    app.button(key="sb_ed_fields_go").click().run()
    assert [e.label for e in app.expander] == labels_before  # stable labels: same widgets
    assert all(expanded(app)[label] for label in EXPANDERS.values())
    assert next(n for n in app.number_input if n.label == "S2").value == 9  # what was typed stays
    assert sb(app).game.position == Position.from_notation("0,5,1,6,6,5/1/4,4,4,4,4,4/0/N")


def test_the_editor_fields_follow_the_board_after_a_move(app):
    open_sandbox(app)
    press(app, 3)
    assert next(n for n in app.number_input if n.label == "S3").value == 0
    assert next(t for t in app.text_input if t.label == "Position in notation").value == (
        "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"
    )


def test_a_long_link_is_quoted_short_and_the_error_said_once(app):
    """A 5,000-character ?pos= link: the message quotes 60 characters and an ellipsis, not the whole link."""
    long = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/" + "S" * 5000
    open_sandbox(app, pos=long)
    assert len(app.error) == 1
    message = app.error[0].value
    assert len(message) < 300
    assert "…" in message and "S" * 61 not in message


def test_editor_messages_are_our_own_words_not_the_engines():
    from engine import KalahRules
    from ui import share

    rules = KalahRules()
    said = share.position_problem("4,-4,4,4,4,4/0/4,4,4,4,4,4/0/S", rules)
    assert said == "South's pit 2 can't hold -4 seeds: use 0 or more."
    assert "has a negative" not in said
    assert share.position_problem("4,4,4,4,4,4/0/4,4,4,4,4,4/0/X", rules).startswith("The last part says who moves")
    assert share.position_problem("4,4,4/0/4,4,4/0/S", rules) == "These rules use 6 pits a side, but this position has 3."
    assert share.position_problem(START, rules) is None


def test_the_thinking_spinner_is_friendly():
    from ui import opponent

    assert opponent.thinking_text("N", "perfect").startswith("North (computer, Perfect) is thinking")
    assert "few seconds" not in opponent.thinking_text("N", "easy")


def test_a_link_setting_awari_ignores_is_named_with_the_reason(app):
    """?game=oware&pits=8 opens Awari and says that pits=8 was ignored, and why."""
    open_sandbox(app, game="oware", pits="8")
    assert sb(app).rules == OwareRules()
    assert not app.error
    assert len(app.warning) == 1
    said = app.warning[0].value
    assert "pits=8" in said and "Awari always has 6 pits of 4 seeds" in said


def test_a_kalah_link_with_a_grand_slam_setting_says_it_was_ignored(app):
    open_sandbox(app, grand_slam="illegal")
    assert sb(app).rules == KalahRules()
    assert any("grand_slam=illegal" in w.value for w in app.warning)


def test_a_negative_number_in_the_editor_gets_a_clear_message(app):
    """Typing -4 into S3 and pressing 'Use these numbers' says what is wrong, once, in the editor."""
    open_sandbox(app)
    next(n for n in app.number_input if n.label == "S3").set_value(-4)
    app.button(key="sb_ed_fields_go").click().run()
    assert sb(app).game.position.to_notation() == START
    assert [e.value for e in app.error] == ["That position can't be used. South's pit 3 can't hold -4 seeds: use 0 or more."]
    assert next(n for n in app.number_input if n.label == "S3").value == -4
