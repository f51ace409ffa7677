"""Every sentence a user reads, made in one place and through the translation layer.

The package is split by subject; everything is importable from here:

- ``basics``: sides, seeds, pits, places, rule titles and badges, games, options, levels.
- ``moves``: what a move did, how a game ended, why a move is refused (from the
  engine's ``MoveResult``/``Outcome`` and the rule sentences of ``lessons/rules.toml``).
- ``problems``: why a position, a link or a form can't be used (from the
  engine's structured ``NotationError`` and the option table).
- ``teaching``: lesson and puzzle feedback, goals missed, names and counters.
- ``lessonplay``: a lesson step being played: one short sentence, details for "Why?", stars so far.
- ``puzzles``: a puzzle's short feedback, the opponent's answer to a wrong turn, its labels.
- ``practice``: ratings and how they moved, streaks, the dashboard of rating and themes.
- ``margins``: every result said as the final margin ("you win by 10 seeds"), comparisons too.
- ``mined``: a mined puzzle's task by theme, its hints and explanation, from engine facts.
- ``play``: the sandbox, the computer and the frame.
- ``charts``: Move outcomes and the game story.
- ``clock``: timed games (K19).
- ``games``: a lesson's game against the computer.
- ``classroom``: learner codes, saved progress, classes and live questions.
- ``teachers``: a class's teacher: PIN and recovery code said once, teacher devices, who may join.
- ``review``: a game's review, its marks, and replaying its mistakes.
- ``lifecycle``: a class deleted, a learner's data erased, a learner code no longer kept.
- ``homework``: homework a teacher sets: the task, its due day, a pupil's progress.
- ``classtable``: the class table's short headings and legend, the class's name at the top of its view.
- ``coach``: why a move is good or not (the coach, from ``tutor.coach_facts``).
- ``yourmove``: a pupil's own move, said to them (the live question's answer).
- ``home``: Home's words: what mancala is, how the app is used, the next lesson.

Every text goes through ``tutor.i18n`` (gettext, chosen per session).
"""

from .basics import *  # noqa: F403
from .charts import *  # noqa: F403
from .classroom import *  # noqa: F403
from .clock import *  # noqa: F403
from .games import *  # noqa: F403
from .home import *  # noqa: F403
from .moves import *  # noqa: F403
from .play import *  # noqa: F403
from .problems import *  # noqa: F403
from .practice import *  # noqa: F403
from .puzzles import *  # noqa: F403
from .teaching import *  # noqa: F403
from .teachers import *  # noqa: F403
from .lessonplay import *  # noqa: F403
from .margins import *  # noqa: F403
from .mined import *  # noqa: F403
from .lifecycle import *  # noqa: F403
from .coach import *  # noqa: F403
from .review import *  # noqa: F403
from .homework import *  # noqa: F403
from .classtable import *  # noqa: F403
from .yourmove import *  # noqa: F403
