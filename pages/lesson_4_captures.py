"""Lesson 4: Captures. The steps live in lessons/lesson_4_captures.toml; ui/lesson.py runs them."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, lesson  # noqa: E402

frame.page_setup()
st.title("Lesson 4: Captures")
lesson.render("captures")
