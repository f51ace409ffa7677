"""Lesson 6: Awari. The steps live in lessons/lesson_6_awari.toml; ui/lesson.py runs them."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets the page run alone

import streamlit as st  # noqa: E402

from ui import frame, lesson  # noqa: E402

frame.page_setup()
st.title("Lesson 6: Awari")
lesson.render("awari")
