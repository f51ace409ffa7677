"""Move outcomes: what every pit does now and what it leads to with best play."""

from ui import frame, outcomes

frame.page("move_outcomes", outcomes.render)
