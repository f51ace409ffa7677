"""A move's verdict that appears only when the board has finished animating the move.

"Solved!", "Goal reached!" or "Not yet" must not give away how a sowing
ends: while the board animates an action, a line "Watch the seeds..."
stands where the verdict will be, and the verdict fades in when the
animation ends (pure CSS, keyed by the sowing's id; a rerun during the
animation waits only for what is left of it).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor import words
from tutor.activity import Activity, sowing_ms
from ui import state


def after_sowing(key: str, activity: Activity) -> Any:
    """A container (use it with ``with``) for what follows ``activity``'s last action."""
    sowing = activity.sowing
    prefs = state.session().prefs
    shown_ms = round(state.shown_for(key, activity.action) * 1000)
    ms = 0
    if sowing is not None and prefs.animate and not prefs.step:
        ms = max(0, sowing_ms(sowing, activity.rules, prefs.ms_per_seed) - shown_ms)
    if not ms or sowing is None:
        return st.container(key=key)
    tag = "".join(ch if ch.isalnum() else "_" for ch in f"{key}_{sowing.id}")
    st.html(
        "<style>"
        f".st-key-{tag}, .st-key-{tag} * {{ animation: mt-reveal-{tag} .3s ease-out {ms}ms both; }}"
        f"@keyframes mt-reveal-{tag} {{ from {{ opacity: 0; visibility: hidden; }}"
        " to { opacity: 1; visibility: visible; } }"
        f".st-key-{tag}_watch {{ overflow: hidden; }}"
        f".st-key-{tag}_watch, .st-key-{tag}_watch * {{ animation: mt-gone-{tag} 1ms linear {ms}ms forwards; }}"
        f"@keyframes mt-gone-{tag} {{ from, to {{ max-height: 0; visibility: hidden; }} }}"
        "</style>"
    )
    st.container(key=f"{tag}_watch").caption(words.label("watch"))
    return st.container(key=tag)


def notice(activity: Activity) -> None:
    """The activity's notice in its colour (markdown; never HTML)."""
    if activity.notice is not None:
        getattr(st, activity.notice.kind)(activity.notice.text)
