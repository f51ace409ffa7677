"""A friendly "coming soon" block for pages whose own issue has not landed yet."""

from __future__ import annotations

import streamlit as st

from ui import frame


def coming_soon(what: str) -> None:
    """Say the page is on its way and point to the sandbox meanwhile."""
    st.info(f"Coming soon: {what}. Meanwhile, try a game in the Sandbox.", icon=":material/construction:")
    frame.link("pages/sandbox.py", "Open the Sandbox", ":material/sports_esports:")
