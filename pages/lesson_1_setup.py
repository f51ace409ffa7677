"""Lesson 1: its steps are lessons/lesson_1_setup.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_1_setup", lambda: lesson.render("setup"))
