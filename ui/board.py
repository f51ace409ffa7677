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
Sowing is animated in the browser seed by seed from the activity's
``Sowing`` (frames by ``tutor.activity.sowing_steps``); in step mode a
"Next seed" button advances one seed per click. Where the activity knows what a press will
show (``Activity.foreseen``: the engine's move for each playable pit, sent with the board), the
browser shows it at once and the server's answer carries on from there. When the sowing has been shown, a live
region (``role="status"``) says what the action did (``words.moves_said``); the playable
row is one tab stop, arrow keys, Home and End move between its pits. Every word on the board
comes from ``tutor.words``; nothing here decides a rule.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import streamlit as st

from engine import NORTH, SOUTH, MoveResult, Place, Position, Rules
from tutor import i18n, words
from tutor.activity import Activity, Sowing, counts_of, place_key, sowing_steps
from ui import board_files, state

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


def anim_id(key: str, sowing: Sowing) -> str:
    """The id board ``key`` gives the animation of ``sowing`` (``"<key>:<sowing id>"``)."""
    return f"{key}:{sowing.id}"


def reveal_keys(key: str, sowing: Sowing) -> tuple[str, str]:
    """The widget keys of the verdict waiting for board ``key``'s ``sowing`` and of the line
    shown meanwhile: ``board.js`` hides the first and shows the second until that sowing has
    been shown to its end."""
    tag = "".join(ch if ch.isalnum() else "_" for ch in anim_id(key, sowing))
    return f"mtverdict_{tag}", f"mtwatch_{tag}"


def sown_class(key: str, sowing: Sowing) -> str:
    """The class ``board.js`` gives the page's ``<html>`` once board ``key`` has shown ``sowing``
    to its end (with the verdicts of :func:`reveal_keys`): CSS scoped to it waits for the seeds."""
    return "mt-sown-" + reveal_keys(key, sowing)[0].removeprefix("mtverdict_")


def _data(key: str, position: Position, rules: Rules, *, playable: Iterable[int], interactive: bool,
          lit: Iterable[Place], last: MoveResult | None, turn_text: str, sowing: Sowing | None, clock: dict[str, object] | None = None, said: str = "",
          foreseen: Mapping[int, Sowing] | None = None) -> dict[str, Any]:
    session = state.session()
    anim = _anim(key, sowing, rules, session.prefs) if sowing is not None else None
    counts = counts_of(position)
    oware = rules.game == "oware"
    return {
        "key": key,
        "n": rules.pits,
        "game": rules.game,
        "names": {SOUTH: words.side_name(SOUTH), NORTH: words.side_name(NORTH)},
        # Awari's stores are not in the sowing (A1): they hold each player's captured seeds.
        "storeLabels": {SOUTH: words.store_label(SOUTH, oware), NORTH: words.store_label(NORTH, oware)},
        "storeCaption": words.captured_caption() if oware else "",
        "words": {**words.board_words(), **words.board_clock_words()},
        "lang": i18n.current(),
        "counts": counts,
        "to_move": position.to_move,
        "playable": [int(p) for p in playable],
        "interactive": interactive,
        "lit": [place_key(p) for p in lit],
        **_marks(last),
        "turn_text": turn_text,
        "aria_label": words.board_name(rules.game),
        "notation": position.to_notation(),
        "anim": anim,
        "clock": clock,
        # What the last action did, in plain words, for the board's live region (said once the
        # sowing has been shown); the id tells a new action from a redraw of the same one.
        "said": said,
        "said_id": anim_id(key, sowing) if sowing is not None else None,
        # Presses this board has sent that the server has read: a board drawn by a run that began
        # before a foreseen press was read has the count the press was made with.
        "presses": session.presses.get(key, 0),
        # What pressing each pit will show, drawn at once by board.js before the server answers.
        "ahead": {str(pit): _ahead(key, sown, rules, counts, session.prefs) for pit, sown in (foreseen or {}).items()},
    }


def _anim(key: str, sowing: Sowing, rules: Rules, prefs: state.BoardPrefs,
          base: dict[str, int] | None = None) -> dict[str, Any] | None:
    """The animation of ``sowing`` as board.js plays it with the learner's ``prefs`` (``None`` when
    they turned animation off); its frames say what changed from ``base`` on
    (``tutor.activity.sowing_steps``; board.js fillFrames makes each one's whole counts again)."""
    if not prefs.animate:
        return None
    return {"id": anim_id(key, sowing), "frames": sowing_steps(sowing, rules, base), "ms": prefs.ms_per_seed,
            "step": prefs.step, "skip": sowing.skip,
            "extends": f"{key}:{sowing.extends}" if sowing.extends is not None else None}


def _marks(move: MoveResult | None) -> dict[str, Any]:
    """The places the board marks for ``move`` (none without one): its path, the pit it came from, its last seed."""
    path = [place_key(p) for p in move.path] if move is not None else []
    return {"path": path, "origin": place_key(Place(move.mover, move.pit)) if move is not None else None,
            "last": path[-1] if path else None}


def _ahead(key: str, sowing: Sowing, rules: Rules, counts: dict[str, int], prefs: state.BoardPrefs) -> dict[str, Any]:
    """A foreseen press (``Activity.foreseen``): the board after ``sowing``, its animation (frames from
    the board's ``counts`` on) and the line above. Its counts are sent only without an animation
    (board.js takes them from the animation's last frame)."""
    move = sowing.results[-1]
    anim = _anim(key, sowing, rules, prefs, counts)
    return {**({"counts": counts_of(sowing.end)} if anim is None else {}), "notation": sowing.end.to_notation(),
            "to_move": sowing.end.to_move, **_marks(move), "note": words.played_note(move), "anim": anim}


def _pressed(key: str, activity: Activity) -> None:
    """The component's trigger callback: hand the pressed pit (and the position it was pressed on) to the activity."""
    presses = state.session().presses
    presses[key] = presses.get(key, 0) + 1
    value = st.session_state.get(key)
    try:
        payload = value["pit"] if value is not None else None
    except (KeyError, TypeError):
        payload = getattr(value, "pit", None)
    if isinstance(payload, dict):
        seen = payload.get("pos")
        activity.press(payload.get("pit"), seen if isinstance(seen, str) else None)


def _flagged(activity: Activity) -> None:
    """The board's displayed clock reached zero: the activity checks with its own time (K19)."""
    activity.check_time()


def draw(activity: Activity, key: str, on_action: Callable[[], None] | None = None) -> None:
    """Draw ``activity``'s board: its position, lit pits, the last move's path, the sowing to
    animate and the line above; presses go to ``activity.press`` (the one click handler).
    ``on_action`` (optional) runs in the same callback after a press or a clock that ran out."""
    last = activity.last
    playable = activity.playable()
    with i18n.held():
        sowing = activity.sowing  # never None when there is a last move (the end of that sowing)
        said = words.moves_said(list(sowing.results), activity.rules) if last is not None and sowing is not None else ""
        data = _data(
            key, activity.position, activity.rules, playable=playable, interactive=bool(playable),
            lit=activity.lit(), last=last,
            turn_text=activity.turn_text(), sowing=activity.sowing, clock=activity.clock_view(), said=said,
            foreseen=activity.foreseen(),
        )
    def pit() -> None:
        _pressed(key, activity)
        if on_action is not None:
            on_action()

    def flag() -> None:
        _flagged(activity)
        if on_action is not None:
            on_action()

    _component(key=key, data=_sent(data), on_pit_change=pit, on_flag_change=flag,
               on_shown_change=activity.clock_shown)


def picture(position: Position, rules: Rules, key: str, turn_text: str) -> None:
    """Draw ``position`` as a board nobody can press (Home's picture of the start)."""
    data = _data(key, position, rules, playable=(), interactive=False, lit=(), last=None,
                 turn_text=turn_text, sowing=None)
    _component(key=key, data=_sent(data), on_pit_change=lambda: None)
