"""The Sandbox page on a clock (K19), through AppTest: choosing a control, pause, no Undo, the
move table's time columns, and a loss on time (with a fake time in the session's game)."""

from __future__ import annotations

from engine import NORTH, SOUTH, EndReason
from tutor import words
from tutor.clock import ClockView
from ui import sandbox_panels

from .test_clock import FakeTime
from .test_sandbox import open_sandbox, press, sb, texts


def start_timed(page_app, choice="3+2", **fields):
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_clock").set_value(choice).run()
    for key, value in fields.items():
        getattr(at, "number_input" if key != "sides" else "radio")(key=f"sb_clock_{key}").set_value(value)
    at.button(key="sb_new_settings").click().run()
    assert not at.exception, at.exception
    return at


def test_choosing_3_plus_2_starts_a_timed_game_with_pause_and_no_undo(page_app):
    at = start_timed(page_app)
    game = sb(at)
    assert game.clock is not None and game.clock.control.name == "3+2"
    keys = {b.key for b in at.button}
    assert "sb_pause" in keys and "sb_undo" not in keys and "sb_redo" not in keys
    assert at.button(key="sb_pause").disabled  # nothing runs before the first move
    assert words.clock_label("no_undo") in [c.value for c in at.caption]
    assert any(c.value.endswith(" · " + words.clock_name(game.clock.control)) for c in at.caption)
    assert "Clock 3+2: the clocks start with the first move." in texts(at)
    assert game.clock_view() == ClockView(south_ms=180_000, north_ms=180_000, running=None, starts_in_ms=0.0,
                                          paused=False, waiting=False, flagged=None, low_ms=10_000)


def test_pause_and_resume_from_the_page(page_app):
    at = start_timed(page_app)
    press(at, 1)
    at.button(key="sb_pause").click().run()
    assert sb(at).paused() and words.clocks_paused_note() in texts(at)
    before = sb(at).position
    press(at, 2)
    assert sb(at).position == before and words.clocks_paused_press() in texts(at)
    at.button(key="sb_resume").click().run()
    assert not sb(at).paused() and sb(at).clock.running == NORTH
    press(at, 2)
    assert len(sb(at).game.results) == 2


def test_a_custom_control_for_north_only_and_the_time_columns(page_app):
    at = start_timed(page_app, "custom", minutes=2.5, increment=3, sides=NORTH)
    game = sb(at)
    assert game.clock.control.name == "2.5+3" and game.clock_view().south_ms is None
    press(at, 1)
    frame = sandbox_panels.moves_frame(game)
    assert list(frame.columns)[-2:] == ["South's time left", "North's time left"]
    assert frame.iloc[0, -2:].tolist() == ["", "2:30"]


def test_a_loss_on_time_shows_the_result_and_ends_the_game(page_app):
    at = start_timed(page_app, "custom", minutes=0.1, increment=0)
    fake = FakeTime()
    game = sb(at)
    game.now = game.clock.now = fake
    press(at, 1)
    game.clock_shown()  # the board has shown the sowing: North's clock starts
    fake.wait(5.99)
    at.run()
    assert game.result() is None
    fake.wait(0.02)
    at.run()  # any rerun checks the clocks
    end = game.result()
    assert (end.winner, end.reason) == (SOUTH, EndReason.TIME)
    shown = [s.value for s in at.success]
    assert any("North's time ran out" in text for text in shown), shown
    assert game.playable() == ()
