"""Lesson 2: Sowing (placeholder until its own issue lands)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, placeholder  # noqa: E402

frame.page_setup()
st.title("Lesson 2: Sowing")
placeholder.coming_soon("how seeds travel round the board")
