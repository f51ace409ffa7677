"""The drawn board: a Streamlit components-v2 widget with real pit buttons.

:func:`draw` draws an activity (``tutor.activity.Activity``: a lesson, a
puzzle, the sandbox) and sends every press to its one ``press``;
:func:`picture` draws a position nobody can press (Home).

Layout (docs/architecture.md "The board on screen"): South's row along the bottom, pit 1 at
the left; North's row along the top, pit 1 at the right; South's store on the
right, North's on the left. Every pit shows its seeds as dots and as a
number. A pit that can be pressed is an enabled ``<button>`` with an
accessible name such as ``"South pit 3, 4 seeds"``; stores are labelled
``"South store, 0 seeds"`` (Awari: ``"South's captured seeds, 0 seeds"``).
Everything drawn comes from the activity's one view (``tutor.view.BoardView``, made once per
action by ``Activity.view``), turned into the board's data by ``ui.board_data``; nothing else is
asked of the activity while drawing. Sowing is animated in the browser seed by seed from the view's
``Sowing`` (frames by ``ui.board_data.sowing_steps``); in step mode a
"Next seed" button advances one seed per click. Where the activity knows what a press will
show (``BoardView.ahead``: the engine's move for each playable pit, sent with the board), the
browser shows it at once and the server's answer carries on from there. When the sowing has been shown, a live
region (``role="status"``) says what the action did (``words.moves_said``); the playable
row is one tab stop, arrow keys, Home and End move between its pits. Every word on the board
comes from ``tutor.words``; nothing here decides a rule.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

import streamlit as st

from engine import Position, Rules
from tutor import i18n
from tutor.activity import Activity
from tutor.sowing import Sowing
from tutor.view import BoardView
from ui import board_data, board_files, state


def _sent(data: dict[str, Any]) -> bytes:
    """``data`` as the board receives it: compact JSON in UTF-8 bytes, which ``board.js`` parses.

    Sent as a dict, Streamlit would look at each top-level value for a table to convert (importing
    pandas on a server's first page); as a list, it would write the JSON twice, once to send and once
    with sorted keys for an identity that a keyed element does not use (a tenth of a press's server
    time, ``bench/press.py``). Bytes are sent as they are, and only hashed."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


HIDDEN_ROOT = '<div class="mt-root" style="visibility:hidden"></div>'
"""The board's root as the component's html: hidden until ``board.css`` shows it (``!important``)."""


@functools.cache
def _declared() -> Callable[..., Any]:
    # The root stays hidden until board.css, loaded beside board.js (a <link> Streamlit adds), has
    # applied: a board drawn first would show unstyled 23-px buttons for a moment on a busy machine.
    return st.components.v2.component(board_files.NAME, html=board_files.module_links() + HIDDEN_ROOT,
                                      css=board_files.css(), js=board_files.js())


def _component(**kwargs: Any) -> None:
    """Mount the board component (declared on the first call, inside a running server, after
    ``board_files.register``: its files resolve against the server's asset folders)."""
    board_files.register()
    _declared()(**kwargs)


def reveal_keys(key: str, sowing: Sowing) -> tuple[str, str]:
    """The widget keys of the verdict waiting for board ``key``'s ``sowing`` and of the line
    shown meanwhile: ``board.js`` hides the first and shows the second until that sowing has
    been shown to its end."""
    tag = "".join(ch if ch.isalnum() else "_" for ch in board_data.anim_id(key, sowing))
    return f"mtverdict_{tag}", f"mtwatch_{tag}"


def sown_class(key: str, sowing: Sowing) -> str:
    """The class ``board.js`` gives the page's ``<html>`` once board ``key`` has shown ``sowing``
    to its end (with the verdicts of :func:`reveal_keys`): CSS scoped to it waits for the seeds."""
    return "mt-sown-" + reveal_keys(key, sowing)[0].removeprefix("mtverdict_")


def moved_class(key: str, sowing: Sowing, k: int) -> str:
    """The class ``board.js`` gives the page's ``<html>`` once board ``key`` has drawn the first ``k``
    moves of ``sowing`` whole (``board_turns.js`` movesShown; ``k`` from 1 to its moves)."""
    return f"{sown_class(key, sowing)}-m{k}"


def read_press(value: object) -> tuple[object, str | None] | None:
    """What the board's ``pit`` trigger says: ``(pit, the notation it was pressed on or None)``, or
    ``None`` when ``value`` is not a press (anything a browser may send: the activity then checks
    the pit itself, ``Activity.press``)."""
    if value is None:
        return None
    try:
        payload = value["pit"]  # type: ignore[index]  # the component's state: a mapping, or an object
    except (KeyError, TypeError, IndexError):
        payload = getattr(value, "pit", None)
    if not isinstance(payload, dict):
        return None
    seen = payload.get("pos")
    return payload.get("pit"), seen if isinstance(seen, str) else None


def _pressed(key: str, activity: Activity) -> None:
    """The component's trigger callback: hand the pressed pit (and the position it was pressed on) to the activity."""
    presses = state.session().presses
    presses[key] = presses.get(key, 0) + 1
    press = read_press(st.session_state.get(key))
    if press is not None:
        activity.press(*press)


def _flagged(activity: Activity) -> None:
    """The board's displayed clock reached zero: the activity checks with its own time (K19)."""
    activity.check_time()


def draw(activity: Activity, key: str, on_action: Callable[[], None] | None = None, *, fit_bar: bool = False) -> None:
    """Draw ``activity``'s board from its one view (``Activity.view``: the position, the playable and
    lit pits, the last move's path, the sowing to animate, the line above, the clocks, what each press
    will show); presses go to ``activity.press`` (the one click handler). ``on_action`` (optional)
    runs in the same callback after a press or a clock that ran out. ``fit_bar``: the bar under the
    pits (Next seed, Skip) takes no room while it is empty (``ui.board_data.board_data``)."""
    view = activity.view()

    def pit() -> None:
        _pressed(key, activity)
        if on_action is not None:
            on_action()

    def flag() -> None:
        _flagged(activity)
        if on_action is not None:
            on_action()

    _draw_view(view, key, fit_bar, on_pit_change=pit, on_flag_change=flag, on_shown_change=activity.clock_shown)


def picture(position: Position, rules: Rules, key: str, turn_text: str) -> None:
    """Draw ``position`` as a board nobody can press (Home's picture of the start)."""
    _draw_view(BoardView.picture(position, rules, turn_text), key, on_pit_change=lambda: None)


def _draw_view(view: BoardView, key: str, fit_bar: bool = False, **callbacks: Callable[[], None]) -> None:
    """Mount board ``key`` showing ``view`` (``ui.board_data.board_data``), with the component's ``callbacks``."""
    session = state.session()
    with i18n.held():
        data = board_data.board_data(key, view, session.prefs, session.presses.get(key, 0), session.serial, fit_bar)
    _component(key=key, data=_sent(data), **callbacks)
