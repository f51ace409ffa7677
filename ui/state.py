"""The one place that owns ``st.session_state`` for Mancala Tutor.

Every page calls :func:`init` first (it is cheap and idempotent), so a page
also works when it runs alone, without ``app.py``. Other modules read and
change shared state only through the helpers here.

Keys kept in ``st.session_state``:

- ``"progress"``: learner progress for the session, see :func:`progress`.
- ``"board_prefs"``: animation settings of the drawn board, see :func:`board_prefs`.
- ``"sandbox"``: the sandbox game, a :class:`SandboxState` (created on first use by
  :func:`sandbox`, which also reads a share link once).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from engine import Game, KalahRules, MoveResult, Position, Rules

LEVELS = ("beginner", "easy", "medium", "hard", "perfect")
"""The computer opponent's levels, weakest first (``engine.choose_move`` names)."""

SPEEDS = {"slow": 700, "normal": 350, "fast": 150}
"""Animation speeds: milliseconds per sown seed."""

LESSON_COUNT = 6


@dataclass
class SandboxState:
    """The sandbox: a game, who plays it, and what the last action did.

    ``game``: an ``engine.Game`` (start, rules, moves, undo/redo).
    ``first``: who moved first, ``"S"`` or ``"N"``.
    ``mode``: ``"two"`` (two players on one device) or ``"computer"``.
    ``computer_side``: ``"S"`` or ``"N"``, the side the computer plays.
    ``level``: one of :data:`LEVELS`.
    ``sow_start`` and ``sow``: the position before, and the moves made by,
    the last action (a click, maybe followed by computer replies); the board
    animates them and the page announces them. ``sow_id`` grows by one for
    every new action so the board animates each action once.
    ``notice``: ``(kind, text)`` shown above the board, kind ``"error"``,
    ``"warning"``, ``"info"`` or ``"success"``; ``None`` for nothing.
    ``editor_error``: why the board editor refused the last position, if it did.
    """

    game: Game
    first: str = "S"
    mode: str = "two"
    computer_side: str = "N"
    level: str = "easy"
    sow_start: Position | None = None
    sow: list[MoveResult] = field(default_factory=list)
    sow_id: int = 0
    notice: tuple[str, str] | None = None
    editor_error: str | None = None

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def computer_to_move(self) -> bool:
        """True when the computer plays the side to move and the game goes on."""
        return (
            self.mode == "computer"
            and not self.game.is_over
            and self.game.position.to_move == self.computer_side
        )


def init() -> None:
    """Create the shared keys that are missing. Safe to call many times per run."""
    ss = st.session_state
    ss.setdefault(
        "progress",
        {"lessons": {}, "puzzles_solved": set(), "puzzles_attempted": set()},
    )
    ss.setdefault("board_prefs", {"animate": True, "speed": "normal", "step": False})


def progress() -> dict[str, Any]:
    """Learner progress for this session.

    ``{"lessons": {lesson_id: {"steps_done": set[str], "done": bool}},
    "puzzles_solved": set[str], "puzzles_attempted": set[str]}``.
    Lesson and puzzle pages write into it; Home and the sidebar read it.
    """
    init()
    return st.session_state["progress"]


def lesson_record(lesson_id: str) -> dict[str, Any]:
    """The progress record of one lesson, created on first use."""
    lessons = progress()["lessons"]
    return lessons.setdefault(lesson_id, {"steps_done": set(), "done": False})


def progress_summary() -> dict[str, int]:
    """Counts for display: lessons done (of 6), puzzles solved and attempted."""
    p = progress()
    return {
        "lessons_done": sum(1 for rec in p["lessons"].values() if rec.get("done")),
        "lessons_total": LESSON_COUNT,
        "puzzles_solved": len(p["puzzles_solved"]),
        "puzzles_attempted": len(p["puzzles_attempted"]),
    }


def board_prefs() -> dict[str, Any]:
    """Animation settings: ``{"animate": bool, "speed": "slow"|"normal"|"fast", "step": bool}``.

    ``step`` is the teacher's step mode: one seed per click of "Next seed".
    """
    init()
    return st.session_state["board_prefs"]


def set_board_pref(name: str, value: Any) -> None:
    """Change one animation setting (``"animate"``, ``"speed"`` or ``"step"``)."""
    board_prefs()[name] = value


def has_sandbox() -> bool:
    return "sandbox" in st.session_state


def sandbox() -> SandboxState:
    """The sandbox state, created on first use.

    On creation the page's query parameters are read once as a share link
    (``?pos=<notation>&game=kalah|oware&<rules fields>``); a bad link gives the
    start position and an error notice instead (see ``ui.share``).
    """
    init()
    if "sandbox" not in st.session_state:
        from ui import share  # local import: share imports nothing from here at import time

        try:
            params = dict(st.query_params)
        except Exception:  # no script context (plain python)
            params = {}
        rules, start, error = share.read_link(params)
        state = SandboxState(game=Game(rules, start), first=start.to_move)
        ignored = share.ignored_settings({k: str(v) for k, v in params.items()})
        if error:
            state.notice = ("error", error)
        elif ignored:
            state.notice = ("warning", ignored)
        st.session_state["sandbox"] = state
    return st.session_state["sandbox"]


def new_sandbox(rules: Rules | None = None, start: Position | None = None, **options: Any) -> SandboxState:
    """Replace the sandbox with a new game (keeps mode, side and level unless given)."""
    old = st.session_state.get("sandbox")
    rules = rules if rules is not None else (old.rules if old else KalahRules())
    state = SandboxState(game=Game(rules, start))
    state.first = state.game.start.to_move
    if old is not None:
        state.mode, state.computer_side, state.level = old.mode, old.computer_side, old.level
        state.sow_id = old.sow_id + 1
    for name, value in options.items():
        setattr(state, name, value)
    st.session_state["sandbox"] = state
    return state
