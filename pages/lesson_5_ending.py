"""Lesson 5: its steps are lessons/lesson_5_ending.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_5_ending", lambda: lesson.render("ending"))
