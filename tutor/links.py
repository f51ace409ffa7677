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
    >>> step_from_link("9" * 5000, 12), step_from_link("0003", 12), step_from_link("000", 12)
    ((11, 'last'), (2, None), (0, 'first'))
    """
    if value is None:
        return 0, None
    text = value.strip().lstrip("0") or "0"
    if not text.isascii() or not text.isdigit():
        return 0, "first"
    if len(text) > len(str(total)):  # far past the end (and never an int of thousands of digits)
        return total - 1, "last"
    number = int(text)
    if number < 1:
        return 0, "first"
    if number > total:
        return total - 1, "last"
    return number - 1, None


__all__ = ["step_from_link", "LINK_KEYS", "LINK_VALUE_MAX", "link_query", "position_problem", "read_link"]
