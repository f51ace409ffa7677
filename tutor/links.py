"""Share links: ``?pos=<notation>&game=kalah|oware&<rules fields>``; and a lesson's ``?step=k``
(:func:`step_from_link`).

The rules fields are what ``rules.to_params()`` writes (only values that
differ from the defaults), read back by ``engine.rules_from_params``; the
position is read by ``Position.from_notation(pos, rules)``. The engine does
all the checking; refusals become one sentence of ``tutor.words``.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from engine import MAX_NOTATION_LENGTH, OPTIONS, KalahRules, NotationError, Position, Rules, rules_from_params

from . import words
from .progress import LessonProgress

LINK_KEYS = ("pos", "game", *dict.fromkeys(o.name for o in OPTIONS))
"""The query parameters a sandbox link may carry: the position, the game and every option."""
LINK_VALUE_MAX = MAX_NOTATION_LENGTH
"""The longest value a link parameter may have, in characters (a position's longest notation)."""


def link_query(rules: Rules, position: Position) -> str:
    """``"pos=...&game=..."``, ready to put after ``?`` (slashes and commas kept readable)."""
    return urlencode({"pos": position.to_notation(), **rules.to_params()}, safe="/,")


def read_link(params: Mapping[str, object]) -> tuple[Rules, Position, str | None, str | None]:
    """Read a share link's query parameters; never raises.

    Returns ``(rules, start, error, warning)``. With no link parameters:
    standard Kalah, its start. With a bad link: the start position of the
    rules (or of standard Kalah when the rules themselves are bad, or a
    value of :data:`LINK_KEYS` is not text or longer than
    :data:`LINK_VALUE_MAX` characters) and one friendly ``error`` sentence
    that quotes at most a short, literal piece of the link. ``warning`` names
    settings the game ignores. Other parameters are not looked at.
    """
    default = KalahRules()
    fields: dict[str, str] = {}
    for key in LINK_KEYS:
        if key not in params:
            continue
        value = params[key]
        if not isinstance(value, str) or len(value) > LINK_VALUE_MAX:  # refused whole, never cut to fit
            return default, default.initial_position(), words.link_value_refused(key, LINK_VALUE_MAX), None
        fields[key] = value
    if not fields:
        return default, default.initial_position(), None, None
    try:
        rules = rules_from_params(fields)
    except ValueError:
        problem = words.rules_problem(fields) or ""
        return default, default.initial_position(), words.link_rules_refused(problem), None
    warning = words.ignored_settings(fields)
    if "pos" not in fields:
        return rules, rules.initial_position(), None, warning
    try:
        start = Position.from_notation(fields["pos"], rules)
    except NotationError as err:
        return rules, rules.initial_position(), words.link_position_refused(words.notation_problem(err, rules)), None
    return rules, start, None, warning


def position_problem(text: str, rules: Rules) -> str | None:
    """Why ``text`` can't be a position under ``rules``, in one sentence; ``None`` if it can."""
    try:
        Position.from_notation(text, rules)
    except NotationError as err:
        return words.notation_problem(err, rules)
    return None


def step_from_link(value: str | None, total: int) -> tuple[int, str | None]:
    """The 0-based step a ``?step=`` link opens in a lesson of ``total`` steps, and what to say:
    ``None`` for a real step (or no link), ``"last"`` for a number past the end (the last step
    opens), ``"first"`` for 0, a negative number or anything not a whole number (step 1 opens).

    >>> step_from_link("3", 12), step_from_link("999", 12), step_from_link("abc", 12), step_from_link(None, 12)
    ((2, None), (11, 'last'), (0, 'first'), (0, None))
    """
    if value is None:
        return 0, None
    text = value.strip()
    if not text.isascii() or not text.isdigit():
        return 0, "first"
    number = int(text)
    if number < 1:
        return 0, "first"
    if number > total:
        return total - 1, "last"
    return number - 1, None


def lesson_link(value: str | None, step_ids: list[str], record: LessonProgress) -> tuple[int, str | None]:
    """The 0-based step a ``?step=`` link (or the browser's Back/Forward) opens, for a learner whose
    record of this lesson is ``record``, and what to say (:func:`step_from_link`'s notes, or
    ``"ahead"``). Once the learner has begun the lesson (a step done or tried since its last restart,
    or the lesson finished before), a link cannot skip ahead: past the first step not done and past
    the furthest step done or tried, that first step not done opens instead, with ``"ahead"``. A
    lesson not begun opens at any step (a teacher's link): it is finished only when every step is done
    (``tutor.lesson.LessonActivity.next_step``), and a restart clears the steps done, so skipping earns nothing.

    >>> fresh, begun = LessonProgress(), LessonProgress(steps_done={"a"}, tries={"a": (1, 0), "c": (1, 0)})
    >>> ids = ["a", "b", "c", "d"]
    >>> lesson_link("4", ids, fresh), lesson_link("4", ids, begun), lesson_link("3", ids, begun)
    ((3, None), (1, 'ahead'), (2, None))
    """
    index, note = step_from_link(value, len(step_ids))
    left = [k for k, step_id in enumerate(step_ids) if step_id not in record.steps_done]
    reached = [k for k, step_id in enumerate(step_ids) if step_id in record.steps_done or step_id in record.tries]
    begun = record.done or bool(reached)
    if begun and left and index > max([left[0], *reached]):
        return left[0], "ahead"
    return index, note


__all__ = ["lesson_link", "step_from_link", "LINK_KEYS", "LINK_VALUE_MAX", "link_query", "position_problem", "read_link"]
