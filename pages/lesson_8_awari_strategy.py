"""Lesson 8: its steps are lessons/lesson_8_awari_strategy.toml; ui/lesson.py draws them."""

from ui import frame, lesson

frame.page("lesson_8_awari_strategy", lambda: lesson.render("awari-strategy"))
