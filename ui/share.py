"""Share links: ``?pos=<notation>&game=kalah|oware&<rules fields>``.

The rules fields are what ``rules.to_params()`` writes (only values that
differ from the defaults), read back by ``engine.rules_from_params``; the
position is read by ``Position.from_notation(pos, rules)``. The engine does
all the checking; this module turns its errors into one friendly sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from engine import Game, KalahRules, Position, Rules, rules_from_params

LINK_KEYS = ("pos", "game", "pits", "seeds", "empty_capture", "end_rule", "capture_to", "early_win", "grand_slam")


def link_params(rules: Rules, position: Position) -> dict[str, str]:
    """The query parameters that reopen ``position`` under ``rules``."""
    return {"pos": position.to_notation(), **rules.to_params()}


def link_query(rules: Rules, position: Position) -> str:
    """``"pos=...&game=..."``, ready to put after ``?`` (slashes and commas kept readable)."""
    return urlencode(link_params(rules, position), safe="/,")


def read_link(params: Mapping[str, str]) -> tuple[Rules, Position, str | None]:
    """Read a share link's query parameters.

    Returns ``(rules, start_position, error)``. With no link parameters:
    standard Kalah, its start, no error. With a bad link: the start position
    of the rules (or of standard Kalah when the rules themselves are bad) and
    an error sentence that quotes the engine's reason. Never raises.
    """
    params = {k: str(v) for k, v in params.items() if k in LINK_KEYS}
    if not params:
        rules = KalahRules()
        return rules, rules.initial_position(), None
    try:
        rules = rules_from_params(params)
    except (ValueError, TypeError) as exc:
        rules = KalahRules()
        return rules, rules.initial_position(), (
            f"This link's rules could not be read ({exc}). Here is the start of a standard Kalah game instead."
        )
    if "pos" not in params:
        return rules, rules.initial_position(), None
    try:
        start = Position.from_notation(params["pos"], rules)
        Game(rules, start)  # the engine checks the position fits the rules
    except (ValueError, TypeError) as exc:
        return rules, rules.initial_position(), (
            f"This link's position could not be opened ({exc}). Here is the start position instead."
        )
    return rules, start, None
