"""My practice: rated puzzles near the learner's rating, streaks, and the dashboard of rating and themes."""

from ui import frame, practice

frame.page("practice", practice.render)
