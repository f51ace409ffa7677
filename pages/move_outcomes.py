"""Move outcomes: what every pit does now and what it leads to with best play."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import charts, frame  # noqa: E402

frame.page_setup()
st.title("Move outcomes")
charts.render_outcomes_page()
