"""Lesson 3: its steps are lessons/lesson_3_extra_turns.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_3_extra_turns", lambda: lesson.render("extra-turns"))
