"""Mancala Tutor: the frame (page list, sidebar, theme), which then runs the page (ui/frame.py).

The board's files are asked for first: on a server's first page the browser fetches them while the
frame's modules are imported (ui/board_files.py)."""

from ui import board_files

board_files.preload()

from ui import frame  # noqa: E402 - after the preload, which must not wait for these imports

frame.run()
