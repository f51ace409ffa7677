"""The sandbox page: the board, Undo/Redo/New game, what the last moves did, the result,
and the panels below (``ui.sandbox_panels``, ``ui.story``).

Behaviour lives in ``tutor.sandbox.SandboxActivity``; this module draws it,
runs the computer's turn (with a spinner below the board) and wires the buttons.

A press redraws only what it changes (issue 14): the page is three fragments, so a press
reruns the board's part alone (not the frame, the sidebar or the navigation); the controls
row and the panels run with it only when they show something the press changed
(:func:`controls_mark`, an open panel), and a closed panel builds nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

from tutor import i18n, words
from tutor.sandbox import SandboxActivity
from ui import board, lang, learner, live, reveal, sandbox_panels, state, story, streamlit_compat, thinking

_log = logging.getLogger(__name__)


def computer_step(sb: SandboxActivity) -> bool:
    """One step of the computer's turn (its searches in the server's pool, ``ui.thinking``);
    True when the turn has ended (or failed: the game goes on as two players, never a traceback)."""
    try:
        return sb.think(thinking.ask) != "thinking"
    except Exception as exc:  # noqa: BLE001 - never show a traceback to a learner
        _log.warning("computer opponent failed on %s: %r", sb.position.to_notation(), exc)
        thinking.abandon()
        sb.computer_failed()
        return True


def computer_turn(sb: SandboxActivity) -> None:
    """Below the board while the computer is to move: its turn goes on in the pool; a status says it
    thinks (polled by a fragment, the script is never blocked); the app reruns when it has moved."""
    if computer_step(sb):
        _rerun()
    thinking.wait(words.thinking(sb.computer_side, sb.level), lambda: computer_step(state.sandbox()))


def controls_mark(sb: SandboxActivity) -> tuple[object, ...]:
    """All the controls row shows: a press that leaves it the same does not draw it again."""
    clock = sb.clock
    timed = None if clock is None else (sb.paused(), sb.over() or not clock.started, clock.control)
    return (bool(sb.undo_steps()), sb.game.can_redo, timed, sb.rules, sb.mode, sb.level, i18n.current(), sb.under_way())


def _controls(sb: SandboxActivity) -> None:
    st.session_state[DRAWN] = controls_mark(sb)
    cols = st.columns(4)
    if sb.clock is None:
        cols[0].button(words.label("undo"), key=f"{state.Keys.SANDBOX}undo", on_click=_control(sb.undo),
                       disabled=not sb.undo_steps(), icon=":material/undo:", width="stretch")
        cols[1].button(words.label("redo"), key=f"{state.Keys.SANDBOX}redo", on_click=_control(sb.redo),
                       disabled=not sb.game.can_redo, icon=":material/redo:", width="stretch")
    else:
        # A timed game (K19) has no Undo or Redo; a teacher can stop both clocks to explain.
        if sb.paused():
            cols[0].button(words.clock_label("resume"), key=f"{state.Keys.SANDBOX}resume", on_click=_control(sb.resume_clocks),
                           icon=":material/play_arrow:", width="stretch", type="primary")
        else:
            cols[0].button(words.clock_label("pause"), key=f"{state.Keys.SANDBOX}pause", on_click=_control(sb.pause_clocks),
                           icon=":material/pause:", width="stretch", disabled=sb.over() or not sb.clock.started)
        cols[1].caption(words.clock_label("no_undo"))
    _new_game(sb, cols[2])
    line = words.rules_and_players(sb.rules, words.players_words(sb.mode, sb.level))
    if sb.clock is not None:
        line += f" · {words.clock_name(sb.clock.control)}"
    cols[3].caption(line)


def _new_game(sb: SandboxActivity, where: Any) -> None:
    """New game (the same rules): at once while nothing would be lost; while a game the learner has moved in
    goes on (``SandboxActivity.under_way``), it asks first, in a popover under the button (one tap lost a
    child's game: ut48a #1). The button that starts it has the one key either way."""
    key, icon = f"{state.Keys.SANDBOX}new", ":material/restart_alt:"
    if not sb.under_way():
        where.button(words.label("new_game"), key=key, on_click=_control(sandbox_panels.new_game), icon=icon,
                     width="stretch", help=words.label("new_game_help"))
        return
    with where.popover(words.label("new_game"), icon=icon, width="stretch", help=words.label("new_game_help")):
        st.markdown(words.label("new_game_ask"))
        st.button(words.label("new_game_confirm"), key=key, on_click=_control(sandbox_panels.new_game), icon=icon,
                  type="primary")


def _what_happened(sb: SandboxActivity) -> None:
    if sb.sowing is not None:
        st.markdown(words.moves_told(list(sb.sowing.results), sb.rules, ids=False), help=words.label("last_moves_help"))


def _result(sb: SandboxActivity) -> None:
    end = sb.result()
    if end is None:
        return
    ended_by = sb.ended_by()
    text = words.game_over_box(words.result_text(end, sb.rules, ended_by, sb.position.to_move, sb.you()))
    sweep = words.sweep_text(ended_by, sb.rules) if ended_by is not None else ""
    if sweep:
        text += "  \n" + words.sweep_box(words.sweep_rule(sb.rules), sweep, ids=state.session().prefs.rule_ids)
    st.success(text, icon=":material/emoji_events:")
    st.button(words.review_labels("open"), key=f"{state.Keys.SANDBOX}review", on_click=_open_review,
              icon=":material/insights:")


def _open_review() -> None:
    """"Review this game": the review's panel opened and its review on; the board and the panels run again."""
    ss = st.session_state
    ss[story.PANEL] = True
    ss[story.TOGGLE] = True
    ss[story.SCROLL] = True
    _rerun_parts([BOARD_FRAGMENT, PANELS_FRAGMENT])


BOARD_FRAGMENT = "sb_board"
"""The fragment that draws the board, and below the controls what the moves did and the result: a
press reruns only it (not the frame, the navigation, the sidebar, the controls or the panels)."""
CONTROLS_FRAGMENT = "sb_controls"
"""The fragment that draws the controls row (Undo, Redo, New game, the rules): drawn again only
when what it shows changes (:func:`controls_mark`), or when one of its buttons is used."""
PANELS_FRAGMENT = state.Keys.SANDBOX_PANELS
"""The fragment that holds the panels below: opening one, or using a widget in one, reruns only it;
a panel's action that changes the game reruns the whole app (``sandbox_panels.whole_page``)."""
DRAWN = f"{state.Keys.SANDBOX}controls_drawn"
"""Session State: the :func:`controls_mark` the controls row was last drawn with."""

PANELS = (
    ("settings", "players_rules", ":material/settings:", sandbox_panels.settings),
    ("editor", "board_editor", ":material/edit:", sandbox_panels.editor),
    ("moves", "moves", ":material/list:", sandbox_panels.moves_table),
    ("story", "game_story", ":material/insights:", story.render),
    ("share", "share_position", ":material/link:", sandbox_panels.share),
)
"""The panels below the board: (key after ``Keys.EXPANDER``, label id, icon, what draws its content)."""
FOLLOW_BOARD = ("moves", "story", "share")
"""The panels that show the game move by move as the board sows it (``ui.reveal.by_move``)."""


def render() -> None:
    """Draw the whole sandbox page (below the page title).

    Top to bottom: the board, the controls row, what the last moves did and the result, then the
    panels. The board and the words under the controls are one fragment (they change with every
    press): the board goes into a container made here above the controls (a fragment of their own),
    the words into the fragment's own place, just below the controls (no container more to send
    with each press).
    """
    st.caption(words.sandbox_intro())
    if learner.reporting() and not state.linked_sandbox():
        # A reload's first run: the learner's kept game comes with the keeper's report (a whole run, as
        # for Home's progress); a start board drawn meanwhile took presses that were then dropped.
        st.info(words.game_coming(), icon=":material/hourglass_top:")
        return
    state.sandbox().catch_up()  # a whole run shows the game as another tab left it (a press checks it itself)
    sandbox_panels.told(state.sandbox())
    board_box, controls_box = st.container(), st.container()
    _board_part(board_box)
    _controls_part(controls_box)
    _panels()


def panels_open() -> bool:
    """True while any panel below the board is open (each one shows the game too)."""
    ss = st.session_state
    return any(ss.get(f"{state.Keys.EXPANDER}{key}") for key, *_ in PANELS)


def _stale_controls() -> bool:
    return st.session_state.get(DRAWN) != controls_mark(state.sandbox())


def _board_follow() -> None:
    """After a press or a clock that ran out (a callback of the board): the controls follow when
    what they show changed, and the panels when one is open; else the board's part runs alone."""
    scope = [BOARD_FRAGMENT]
    if _stale_controls():
        scope.append(CONTROLS_FRAGMENT)
    if panels_open():
        scope.append(PANELS_FRAGMENT)
    if len(scope) > 1:
        _rerun_parts(scope)


def _rerun_parts(keys: list[str]) -> None:
    """From a callback: run only the fragments ``keys`` next, unless this is a whole-app run.

    A press that reaches the server together with a whole-app rerun (the page still loading, the
    learner's key reported) has its callback called in a whole-app run; a keyed ``st.rerun`` there
    would stop that run before anything is drawn and run only ``keys``, so the panels (drawn by no
    fragment in ``keys``) would be gone until the next whole run. The whole run draws them all.
    Streamlit has no public way to tell the two apart (``ui.streamlit_compat.fragment_run``); when
    it cannot be told, the whole app runs again (always right, only slower).
    """
    fragment_run = streamlit_compat.fragment_run()
    if fragment_run is False:
        return
    st.rerun(keys if fragment_run else "app")


def _control(action: Callable[[], object]) -> Callable[[], None]:
    """A control's callback: ``action``, then the controls and the board (and open panels) run again."""

    def run() -> None:
        action()
        _rerun_parts([CONTROLS_FRAGMENT, BOARD_FRAGMENT, *([PANELS_FRAGMENT] if panels_open() else [])])

    return run


def _rerun() -> None:
    """Run the board's part again (the computer has moved): alone when this run was its own and
    neither the controls nor an open panel must follow, else the whole app (a fragment's body can
    rerun only itself or the app)."""
    if not panels_open() and not _stale_controls():
        try:
            st.rerun(scope="fragment")
        except StreamlitAPIException:  # a full-app run: a fragment-scoped rerun is not allowed then
            pass
    st.rerun()


@st.fragment(key=BOARD_FRAGMENT)
def _board_part(board_box: AbstractContextManager[Any]) -> None:
    """Everything a press changes: the board (in ``board_box``); what the moves did and the result
    (in the fragment's own place, below the controls).

    It reads all it draws from the session's ``SandboxActivity``, so nothing shown here is ever
    left behind by a press; the controls and open panels follow (:func:`_board_follow`).
    """
    sb = state.sandbox()
    prefs = state.session().prefs
    # The board's animation time is never charged to a clock (tutor.timed).
    sb.frame_ms = prefs.ms_per_seed if prefs.animate else 0
    sb.step_mode = prefs.animate and prefs.step
    sb.check_time()
    # The board comes first and nothing is ever inserted above it, so it never
    # jumps: the computer's "thinking" spinner, notices and the words about the
    # last moves all go below it. The board is drawn before the computer thinks,
    # so the learner's move is shown (and the computer's clock runs) meanwhile;
    # then the page runs again with the reply, which the board adds to the move.
    with board_box:
        board.draw(sb, state.Keys.SANDBOX_BOARD, on_action=_board_follow)
    # The computer's sign while it thinks goes here (nothing drawn in a game of two players).
    thinking_box = st.empty() if sb.mode == "computer" or sb.turn is not None else None
    live.ask_button(sb.rules, sb.position, "sandbox")
    reveal.notice(sb)
    # What the moves did and the result wait for the last seed, as a lesson's verdict does
    # (no "Watch the seeds..." line meanwhile: the board is the one thing to watch).
    with reveal.after_sowing(f"{state.Keys.SANDBOX}said", sb, state.Keys.SANDBOX_BOARD, watch=False):
        _what_happened(sb)
        _result(sb)
    if thinking_box is not None and (sb.computer_to_move() or sb.turn is not None):
        with thinking_box.container():
            computer_turn(sb)


@st.fragment(key=CONTROLS_FRAGMENT)
def _controls_part(controls_box: AbstractContextManager[Any]) -> None:
    with controls_box:
        _controls(state.sandbox())


@st.fragment(key=PANELS_FRAGMENT)
def _panels() -> None:
    """The panels below the board.

    Each expander keeps its open/closed state under a stable key (label and arguments never
    change), so a pit press, a refused editor entry or a new notice never closes it. A closed
    panel builds nothing: it tracks its state (``on_change="rerun"``), so its content runs only
    while it is open.
    """
    sb = state.sandbox()
    story.from_address()  # a reload mid-review: the review's panel and toggle on again
    if any(st.session_state.get(f"{state.Keys.EXPANDER}{key}") for key in FOLLOW_BOARD):
        reveal.by_move_style(sb, state.Keys.SANDBOX_BOARD)  # the moves and link: never ahead of the board
    for key, label, icon, draw in PANELS:
        panel = lang.panel(words.label(label), f"{state.Keys.EXPANDER}{key}", icon)
        if panel.open:
            with panel:
                draw(sb)
        elif key == "story":
            story.address(False)  # the review's panel closed: a reload opens it closed
    story.scroll_once()
