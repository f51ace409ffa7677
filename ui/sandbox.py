"""The sandbox page: the board, Undo/Redo/New game, what the last moves did, the result,
and the panels below (``ui.sandbox_panels``, ``ui.story``).

Behaviour lives in ``tutor.sandbox.SandboxActivity``; this module draws it,
runs the computer's turn (with a spinner below the board) and wires the buttons.
"""

from __future__ import annotations

import logging

import streamlit as st

from tutor import words
from tutor.sandbox import SandboxActivity
from ui import board, live, reveal, sandbox_panels, state, story

_log = logging.getLogger(__name__)


def computer_turn(sb: SandboxActivity) -> None:
    """Let the computer move (with a spinner below the board); a failure never shows a traceback."""
    with st.spinner(words.thinking(sb.computer_side, sb.level)):
        try:
            sb.computer_turn()
        except Exception as exc:  # noqa: BLE001 - never show a traceback to a learner
            _log.warning("computer opponent failed on %s: %r", sb.position.to_notation(), exc)
            sb.computer_failed()


def _controls(sb: SandboxActivity) -> None:
    cols = st.columns(4)
    if sb.clock is None:
        cols[0].button(words.label("undo"), key=f"{state.Keys.SANDBOX}undo", on_click=sb.undo,
                       disabled=not sb.undo_steps(), icon=":material/undo:", width="stretch")
        cols[1].button(words.label("redo"), key=f"{state.Keys.SANDBOX}redo", on_click=sb.redo,
                       disabled=not sb.game.can_redo, icon=":material/redo:", width="stretch")
    else:
        # A timed game (K19) has no Undo or Redo; a teacher can stop both clocks to explain.
        if sb.paused():
            cols[0].button(words.clock_label("resume"), key=f"{state.Keys.SANDBOX}resume", on_click=sb.resume_clocks,
                           icon=":material/play_arrow:", width="stretch", type="primary")
        else:
            cols[0].button(words.clock_label("pause"), key=f"{state.Keys.SANDBOX}pause", on_click=sb.pause_clocks,
                           icon=":material/pause:", width="stretch", disabled=sb.over() or not sb.clock.started)
        cols[1].caption(words.clock_label("no_undo"))
    cols[2].button(words.label("new_game"), key=f"{state.Keys.SANDBOX}new", on_click=sandbox_panels.new_game,
                   icon=":material/restart_alt:", width="stretch", help=words.label("new_game_help"))
    line = words.rules_and_players(sb.rules, words.players_words(sb.mode, sb.level))
    if sb.clock is not None:
        line += f" · {words.clock_name(sb.clock.control)}"
    cols[3].caption(line)


def _what_happened(sb: SandboxActivity) -> None:
    if sb.sowing is not None:
        st.markdown(words.moves_told(list(sb.sowing.results), sb.rules), help=words.label("last_moves_help"))


def _result(sb: SandboxActivity) -> None:
    end = sb.result()
    if end is None:
        return
    ended_by = sb.ended_by()
    text = words.game_over_box(words.result_text(end, sb.rules, ended_by, sb.position.to_move))
    sweep = words.sweep_text(ended_by, sb.rules) if ended_by is not None else ""
    if sweep:
        text += "  \n" + words.sweep_box(words.sweep_rule(sb.rules), sweep)
    st.success(text, icon=":material/emoji_events:")


def render() -> None:
    """Draw the whole sandbox page (below the page title)."""
    sb = state.sandbox()
    prefs = state.session().prefs
    # The board's animation time is never charged to a clock (tutor.timed).
    sb.frame_ms = prefs.ms_per_seed if prefs.animate else 0
    sb.step_mode = prefs.animate and prefs.step
    sb.check_time()
    st.caption(words.sandbox_intro())
    # The board comes first and nothing is ever inserted above it, so it never
    # jumps: the computer's "thinking" spinner, notices and the words about the
    # last moves all go below it. The board is drawn before the computer thinks,
    # so the learner's move is shown (and the computer's clock runs) meanwhile;
    # then the page runs again with the reply, which the board adds to the move.
    board.draw(sb, state.Keys.SANDBOX_BOARD)
    thinking = st.empty()
    _controls(sb)
    live.ask_button(sb.rules, sb.position, "sandbox")
    reveal.notice(sb)
    _what_happened(sb)
    _result(sb)
    # Each expander keeps its open/closed state under a stable key (label and
    # arguments never change), so a pit press, a refused editor entry or a new
    # notice never closes it.
    panels = (
        ("settings", "players_rules", ":material/settings:", sandbox_panels.settings),
        ("editor", "board_editor", ":material/edit:", sandbox_panels.editor),
        ("moves", "moves", ":material/list:", sandbox_panels.moves_table),
        ("story", "game_story", ":material/insights:", story.render),
        ("share", "share_position", ":material/link:", sandbox_panels.share),
    )
    for key, label, icon, draw in panels:
        with st.expander(words.label(label), icon=icon, key=f"{state.Keys.EXPANDER}{key}", on_change="rerun"):
            draw(sb)
    if sb.computer_to_move():
        with thinking.container():
            computer_turn(sb)
        st.rerun()
