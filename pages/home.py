"""Home: what mancala is, how to use the app, and the learner's progress."""

from ui import frame, home

frame.page("home", home.render)
