"""Lesson 2: its steps are lessons/lesson_2_sowing.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_2_sowing", lambda: lesson.render("sowing"))
