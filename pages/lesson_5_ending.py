"""Lesson 5: Ending the game (placeholder until its own issue lands)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, placeholder  # noqa: E402

frame.page_setup()
st.title("Lesson 5: Ending the game")
placeholder.coming_soon("the final sweep and who wins")
