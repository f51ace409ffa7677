"""Lesson 6: its steps are lessons/lesson_6_awari.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_6_awari", lambda: lesson.render("awari"))
