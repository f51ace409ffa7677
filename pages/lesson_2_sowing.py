"""Lesson 2: Sowing. The steps live in lessons/lesson_2_sowing.toml; ui/lesson.py runs them."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, lesson  # noqa: E402

frame.page_setup()
st.title("Lesson 2: Sowing")
lesson.render("sowing")
