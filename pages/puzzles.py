"""Puzzles: short positions to solve by pressing pits, in themes, with hints and share links."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, puzzles  # noqa: E402

frame.page_setup()
st.title("Puzzles")
puzzles.render()
