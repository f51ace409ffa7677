"""Learn from your mistakes: positions of the learner's own games, played again to find a better move."""

from ui import frame, mistakes

frame.page("mistakes", mistakes.render)
