"""Lesson 7: its steps are lessons/lesson_7_strategy.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_7_strategy", lambda: lesson.render("strategy"))
