"""A move's verdict that appears only when the board has finished animating the move.

"Solved!", "Goal reached!" or "Not yet" must not give away how a sowing
ends: while the board animates an action (on its own or seed by seed in
step mode), a line "Watch the seeds..." stands where the verdict will be.
The board itself says when the sowing has ended: the containers are keyed
by the sowing (:func:`ui.board.reveal_keys`), a page-wide rule of
``board.js`` hides every waiting verdict from its first frame, and the board
adds the rule that swaps the line for the verdict when the last seed lands.
No timer: a rerun, a busy machine, "Skip" or a teacher clicking through the
seeds all show the verdict exactly then.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor import words
from tutor.activity import Activity
from ui import board, state


def after_sowing(key: str, activity: Activity, board_key: str) -> Any:
    """A container (use it with ``with``) for what follows ``activity``'s last action, shown
    once the board ``board_key`` has animated it (at once when animations are off)."""
    sowing = activity.sowing
    if sowing is None or not state.session().prefs.animate:
        return st.container(key=key)
    verdict, watch = board.reveal_keys(board_key, sowing)
    st.container(key=watch).caption(words.label("watch"))
    return st.container(key=verdict)


def notice(activity: Activity) -> None:
    """The activity's notice in its colour (markdown; never HTML)."""
    if activity.notice is not None:
        getattr(st, activity.notice.kind)(activity.notice.text)
