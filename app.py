"""Mancala Tutor: the frame (page list, sidebar, theme), which then runs the page (ui/frame.py)."""

from ui import frame

frame.run()
