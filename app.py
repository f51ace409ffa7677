"""Mancala Tutor: the frame (page list, sidebar, theme), which then runs the page (ui/frame.py).

The board's files are asked for first: on a server's first page the browser fetches them while the
frame's modules are imported (ui/board_files.py); the same element keeps a page's writes to its own
address out of the browser's Back (ui/address.py)."""

from ui import address, board_files

board_files.preload(also=address.SCRIPT)  # and a page settling its own address is no step back

from ui import frame  # noqa: E402 - after the preload, which must not wait for these imports

frame.run()
