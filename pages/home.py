"""Home: what mancala is, how to use the app, and the learner's progress."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, home  # noqa: E402

frame.page_setup()
st.title("Mancala Tutor")
home.render()
