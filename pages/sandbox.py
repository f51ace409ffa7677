"""Sandbox: play Kalah or Awari with any rules, two players or against the computer."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, sandbox  # noqa: E402

frame.page_setup()
st.title("Sandbox")
sandbox.render()
