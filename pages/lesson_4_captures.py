"""Lesson 4: its steps are lessons/lesson_4_captures.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_4_captures", lambda: lesson.render("captures"))
