"""Puzzles: short positions to solve by pressing pits, in themes, with hints and share links."""

from ui import frame, puzzles

frame.page("puzzles", puzzles.render)
