"""Share links: ``?pos=<notation>&game=kalah|oware&<rules fields>``.

The rules fields are what ``rules.to_params()`` writes (only values that
differ from the defaults), read back by ``engine.rules_from_params``; the
position is read by ``Position.from_notation(pos, rules)``. The engine does
all the checking; this module turns a refusal into one friendly sentence in
our own words (:func:`position_problem`, :func:`rules_problem`), quoting at
most the first :data:`QUOTE_LIMIT` characters of what was typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from engine import Game, KalahRules, Position, Rules, rules_from_params

LINK_KEYS = ("pos", "game", "pits", "seeds", "empty_capture", "end_rule", "capture_to", "early_win", "grand_slam")
KALAH_ONLY = ("pits", "seeds", "empty_capture", "end_rule", "capture_to", "early_win")
AWARI_ONLY = ("grand_slam",)
QUOTE_LIMIT = 60

_CHOICES = {
    "end_rule": ("row_empty", "stuck"),
    "capture_to": ("store", "pit"),
    "grand_slam": ("no_capture", "illegal", "capture_all"),
}
_RANGES = {"pits": (3, 8, "pits a side"), "seeds": (1, 10, "seeds per pit")}
_SIDE = {"S": "South", "N": "North"}


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``"'4,4,4/0/...'"``: the text in quotes, cut to ``limit`` characters plus "…" when longer."""
    s = str(text).strip()
    if len(s) > limit:
        s = s[:limit] + "…"
    return f"“{s}”"


def _short(text: object, limit: int = QUOTE_LIMIT) -> str:
    s = str(text).strip()
    return s[:limit] + "…" if len(s) > limit else s


def seeds_word(count: int) -> str:
    return f"{count} seed" if count == 1 else f"{count} seeds"


def _field_problem(field: str, where: str) -> str | None:
    f = field.strip()
    if f.isascii() and f.isdigit():
        return None
    if f.startswith("-") and f[1:].isdigit():
        return f"{where} can't hold {f} seeds: use 0 or more."
    if not f:
        return f"{where} has no number."
    return f"{quote(f)} in {where} is not a number of seeds: use whole numbers like 0, 4 or 12."


def position_problem(text: str, rules: Rules) -> str | None:
    """Why ``text`` can't be a position under ``rules``, in one friendly sentence; ``None`` if it can.

    The engine is the judge (``Position.from_notation`` and ``Game``); this
    only finds the words. A refusal this module cannot name gets a general
    sentence that quotes the input shortened.
    """
    src = str(text).strip()
    parts = src.split("/")
    n = rules.pits
    layout = "South's pits / South's store / North's pits / North's store / S or N"
    if not src:
        return f"The position is empty. Write it as {layout}."
    if len(parts) != 5:
        return (f"A position has 5 parts separated by “/” ({layout}), "
                f"but {quote(src)} has {len(parts)}.")
    for side, row_part, store_part in (("South", parts[0], parts[1]), ("North", parts[2], parts[3])):
        pits = row_part.split(",") if row_part.strip() else []
        if not pits:
            return f"{side}'s pits are missing: write {n} numbers separated by commas."
        for k, field in enumerate(pits, 1):
            problem = _field_problem(field, f"{side}'s pit {k}")
            if problem:
                return problem
        problem = _field_problem(store_part, f"{side}'s store")
        if problem:
            return problem
    side = parts[4].strip().upper()
    if side not in _SIDE:
        return f"The last part says who moves next: S (South) or N (North), not {quote(parts[4])}."
    south, north = parts[0].split(","), parts[2].split(",")
    if len(south) != len(north):
        return f"South has {len(south)} pits but North has {len(north)}: both rows need the same number."
    if len(south) != n:
        return f"These rules use {n} pits a side, but this position has {len(south)}."
    total = sum(int(x) for x in [*south, *north, parts[1], parts[3]])
    if total != rules.total_seeds:
        fix = f"take {seeds_word(total - rules.total_seeds)} away" if total > rules.total_seeds \
            else f"add {seeds_word(rules.total_seeds - total)}"
        return (f"The seeds add up to {total}, but these rules always have {rules.total_seeds} "
                f"({n} pits a side, {rules.seeds} seeds each): {fix}.")
    try:
        Game(rules, Position.from_notation(src, rules))
    except (ValueError, TypeError):
        return f"{quote(src)} can't be used with these rules."
    return None


def rules_problem(params: Mapping[str, str]) -> str | None:
    """Why a link's rules fields can't be read, in one friendly sentence; ``None`` if they can."""
    try:
        rules_from_params(params)
        return None
    except (ValueError, TypeError):
        pass
    game = str(params.get("game", "kalah")).strip().lower()
    if game not in ("kalah", "oware", "awari"):
        return f"{quote(params.get('game', ''))} is not a game here: use game=kalah or game=oware."
    for name, (low, high, what) in _RANGES.items():
        if name in params:
            value = str(params[name]).strip()
            if not (value.lstrip("-").isdigit() and low <= int(value) <= high):
                return f"{name}={_short(value)} can't be used: Kalah has {low} to {high} {what}."
    for name in ("empty_capture", "early_win"):
        if name in params and str(params[name]).strip().lower() not in ("true", "false", "1", "0", "yes",
                                                                         "no", "on", "off"):
            return f"{name}={_short(params[name])} can't be used: write true or false."
    for name, allowed in _CHOICES.items():
        if name in params and str(params[name]).strip().lower() not in allowed:
            return f"{name}={_short(params[name])} can't be used: write {' or '.join(allowed)}."
    return "These rules can't be used."


def ignored_settings(params: Mapping[str, str]) -> str | None:
    """A link setting that the chosen game has no use for, told in one sentence; ``None`` if none.

    Awari always has 6 pits of 4 seeds and none of Kalah's variants (A1);
    Kalah has no grand slam rule. ``engine.rules_from_params`` skips such
    fields quietly, so the page says which ones it skipped.
    """
    game = str(params.get("game", "kalah")).strip().lower()
    if game in ("oware", "awari"):
        extra = [f"{k}={_short(params[k], 20)}" for k in KALAH_ONLY if k in params]
        if extra:
            return (f"This link opens Awari, so {_and(extra)} {'was' if len(extra) == 1 else 'were'} "
                    "ignored: Awari always has 6 pits of 4 seeds and none of Kalah's house rules.")
    elif game == "kalah":
        extra = [f"{k}={_short(params[k], 20)}" for k in AWARI_ONLY if k in params]
        if extra:
            return f"This link opens Kalah, so {', '.join(extra)} was ignored: grand slam is an Awari rule."
    return None


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
    one friendly error sentence (quoted input cut to 60 characters). Never raises.
    Settings the game ignores are told by :func:`ignored_settings`, not here.
    """
    params = {k: str(v) for k, v in params.items() if k in LINK_KEYS}
    if not params:
        rules = KalahRules()
        return rules, rules.initial_position(), None
    try:
        rules = rules_from_params(params)
    except (ValueError, TypeError):
        rules = KalahRules()
        return rules, rules.initial_position(), (
            f"This link's rules could not be read: {rules_problem(params)} "
            "Here is the start of a standard Kalah game instead."
        )
    if "pos" not in params:
        return rules, rules.initial_position(), None
    problem = position_problem(params["pos"], rules)
    if problem:
        return rules, rules.initial_position(), (
            f"This link's position could not be opened: {problem} Here is the start position instead."
        )
    return rules, Position.from_notation(params["pos"], rules), None
