"""Mancala Tutor: the frame. Builds the page list, the sidebar and the theme, then runs the page."""

from pathlib import Path

import streamlit as st

from ui import frame, state

st.set_page_config(page_title=frame.APP_NAME, page_icon=str(Path(__file__).parent / "assets" / "icon.png"), layout="wide")
state.init()
page = frame.navigation()
frame.sidebar(page.title)
page.run()
