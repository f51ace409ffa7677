"""Forged messages and oversized input, each refused in our own words with nothing changed (issue 15).

A board trigger forged as ``{"pit": 1.7}`` or ``{"pit": true}``, a new-game form naming nobody to
move first or a 5,000-digit number of pits, a clock of NaN minutes, a 4,301-digit pit in the board
editor or a link: each leaves the game as it was and says why in a sentence of ``tutor.words``.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from engine import KalahRules, Position, time_control
from tutor import words
from tutor.links import read_link
from tutor.sandbox import SandboxActivity

START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"
HUGE = 10**5000


def pressed(monkeypatch, value):
    """Send ``value`` as the board component's trigger, through ``ui.board._pressed``."""
    from ui import board

    sb = SandboxActivity(KalahRules())
    monkeypatch.setattr(board, "st", SimpleNamespace(session_state={"b": value}))
    board._pressed("b", sb)
    return sb


FORGED_PITS = [1.7, 3.0, True, False, "3", None, [3], {"pit": 3}, 0, 7, -3, HUGE, math.nan]


@pytest.mark.parametrize("pit", FORGED_PITS, ids=[f"pit{k}" for k in range(len(FORGED_PITS))])
def test_a_forged_board_trigger_is_never_played(monkeypatch, pit):
    sb = pressed(monkeypatch, {"pit": {"pit": pit, "pos": START}})
    assert sb.position.to_notation() == START
    assert sb.game.results == [] and sb.sowing is None and sb.notice is None and sb.action == 0


@pytest.mark.parametrize("value", [3, "3", [3], {"pit": 3}, {"pit": [3]}, None, SimpleNamespace(pit=3)])
def test_a_trigger_of_the_wrong_shape_is_ignored(monkeypatch, value):
    sb = pressed(monkeypatch, value)
    assert sb.position.to_notation() == START and sb.game.results == [] and sb.notice is None


def test_the_real_trigger_shape_plays_the_pit(monkeypatch):
    sb = pressed(monkeypatch, {"pit": {"pit": 3, "pos": START}})
    assert sb.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")  # K9: an extra turn


@pytest.mark.parametrize(("form", "said"), [
    ({"first": "nobody"}, "A new game needs South or North to move first."),
    ({"first": None}, "A new game needs South or North to move first."),
    ({"pits": HUGE}, "Those rules cannot be used: pits=… can't be used: Kalah has 3 to 8 pits a side."),
    ({"pits": math.nan}, "Those rules cannot be used: pits=nan can't be used: Kalah has 3 to 8 pits a side."),
    ({"seeds": "**4**"}, "Those rules cannot be used: seeds=\\*\\*4\\*\\* can't be used: Kalah has 1 to 10 seeds per pit."),
    ({"empty_capture": "yes"}, "Those rules cannot be used: empty_capture=yes can't be used: write true or false."),
    ({"clock": "custom", "clock_minutes": HUGE, "clock_increment": 2},
     "That clock cannot be used: the minutes each must be a number from 0.1 to 60."),
    ({"clock": "custom", "clock_minutes": math.nan, "clock_increment": 2},
     "That clock cannot be used: the minutes each must be a number from 0.1 to 60."),
    ({"clock": "custom", "clock_minutes": 3, "clock_increment": 2.5},
     "That clock cannot be used: the seconds added must be a whole number from 0 to 60."),
    ({"clock": "[x](http://e.x)"}, "That clock cannot be used: choose no clock, 3+2, 5+5 or your own."),
], ids=lambda v: f"{v}"[:30] if isinstance(v, str) else "form")
def test_a_forged_new_game_form_changes_nothing_and_says_why(form, said):
    sb = SandboxActivity(KalahRules())
    sb.press(1)
    game, control = sb.game, sb.control
    sb.new_game_from({"game": "kalah", "first": "S", **form})
    assert sb.game is game and len(game.results) == 1 and sb.control == control
    assert sb.notice is not None and sb.notice.kind == "error" and sb.notice.text == said


def test_a_huge_custom_clock_is_a_value_error_in_the_engine_not_an_overflow():
    with pytest.raises(ValueError, match="^minutes must be from 0.1 to 60$"):
        time_control("custom", HUGE, 2)


@pytest.mark.parametrize(("south", "to_move", "said"), [
    ([10**4300, 4, 4, 4, 4, 4], "S", "South's pit 1 can't hold that many seeds: this game has 48 in all."),
    ([HUGE, 4, 4, 4, 4, 4], "S", "South's pit 1 can't hold that many seeds: this game has 48 in all."),
    ([4, 4, 4, 4, 4, 4], "nobody", "Say who moves next: S (South) or N (North)."),
    ([4] * 10**5, "S", "These rules use 6 pits a side, but this position has 100000."),
    ([math.nan, 4, 4, 4, 4, 4], "S", "South's pit 1 has no number."),
], ids=["4301-digits", "5001-digits", "nobody-to-move", "100000-pits", "nan"])
def test_the_board_editor_refuses_forged_numbers(south, to_move, said):
    sb = SandboxActivity(KalahRules())
    assert not sb.apply_fields(south, 0, [4] * 6, 0, to_move)
    assert sb.position.to_notation() == START and sb.game.results == []
    assert sb.editor_error == f"That position can't be used. {said}"


def test_a_pasted_notation_of_4301_digits_is_refused_by_its_length():
    sb = SandboxActivity(KalahRules())
    assert not sb.apply_notation("9" * 4301 + ",4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    assert sb.position.to_notation() == START
    assert sb.editor_error == ("That position can't be used. That is 4329 characters long; a position has at most "
                               "200. Write it as " + words.layout() + ".")


@pytest.mark.parametrize("params", [{"pits": "9" * 4301}, {"pos": "9" * 4301}, {"game": "k" * 201},
                                    {"pos": 12}, {"seeds": ["4"]}, {"pos": START + " " * 200}])
def test_a_link_value_too_long_or_not_text_is_refused_whole(params):
    rules, start, error, warning = read_link(params)
    key = next(iter(params))
    assert rules == KalahRules() and start.to_notation() == START and warning is None
    assert error == words.link_value_refused(key, 200)
    assert error == (f"This link did not work, so here is a new game of Kalah. (Its {key} is longer than 200 "
                     "characters.)")
