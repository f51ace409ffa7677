"""The page's wake (``ui/wake.js``): a board whose press no server session answered asks for a run
of the whole app.

After a server process dies, the page reconnects to a new one by itself. A press made before the new
process's session has drawn the page goes to the board's fragment, which that session does not know
yet: Streamlit drops such a request, and with it the run the reconnection would have had, so the page
waited for good. The board waits ``WAKE_MS`` (``ui/web/board_ahead.js``) for its answer, then calls the
wake, whose trigger (drawn outside every fragment) asks for the whole app; that run draws the board,
which sends the lost press again (``board_ahead.js`` ``sendLost``).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

KEY = "mancala_tutor_wake"
"""The wake's widget key."""

_WAKE = st.components.v2.component(
    KEY,
    html='<div class="mt-wake" hidden></div>',
    js=(Path(__file__).parent / "wake.js").read_text(encoding="utf-8"),
)


def draw() -> None:
    """Draw the wake (every whole run of the app, outside any fragment: in the frame's sidebar)."""
    _WAKE(key=KEY)


__all__ = ["KEY", "draw"]
