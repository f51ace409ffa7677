"""What every way in must do with any input: the checks shared by ``tests/test_fuzz.py`` (inputs made by
hypothesis) and ``bench/fuzz.py`` (100,000 inputs made by ``random``).

Each ``check_*`` takes one input, drives one entry point with it and raises
``AssertionError`` (or whatever escaped) when the entry point did something it
must not: raise an error of its own, change what it refused, accept what it
should not, or say Python's own words, or the user's text unescaped or in full.
"""

from __future__ import annotations

import math
from urllib.parse import parse_qsl

from engine import (
    MAX_COUNT,
    MAX_NOTATION_LENGTH,
    KalahRules,
    NotationError,
    OwareRules,
    Position,
    Rules,
    legal_moves,
    play,
)
from engine.search import MAX_DEPTH, MAX_NODES, MAX_TIME_MS, check_budget
from store.learners import ALPHABET, normalise
from store.schema import CODE_LENGTH
from tutor import words
from tutor.links import LINK_KEYS, link_query, read_link
from tutor.names import NAME_MAX, clean_name, name_problem
from tutor.sandbox import SandboxActivity

RULES: tuple[Rules, ...] = (KalahRules(), KalahRules(pits=3, seeds=1), KalahRules(pits=8, seeds=10), OwareRules())
PYTHON_WORDS = ("Traceback", "Exceeds the limit", "int_max_str_digits", "object has no attribute", "NoneType",
                "invalid literal", "could not convert")
MESSAGE_MAX = 600
"""No sentence a user reads about a refused input is longer than this, whatever its size."""
_SIGNS = "*[]<>`$"


def said_in_our_words(text: object) -> None:
    """``text`` is one sentence of ours: a short string, no Python wording, every markdown sign escaped."""
    assert isinstance(text, str) and text, text
    assert len(text) <= MESSAGE_MAX, len(text)
    assert not any(w in text for w in PYTHON_WORDS), text
    for k, ch in enumerate(text):
        if ch in _SIGNS:
            assert k > 0 and text[k - 1] == "\\", text


def check_notation(text: object, rules: Rules) -> Position | None:
    """Read ``text`` under ``rules``: an accepted position round-trips exactly and fits the rules;
    a refusal is a ``NotationError`` told in our words (anything else escapes)."""
    try:
        pos = Position.from_notation(text, rules)
    except NotationError as err:
        if isinstance(text, str) and len(text) > MAX_NOTATION_LENGTH:
            assert err.problem == "too_long" and err.value == len(text)
        said_in_our_words(words.notation_problem(err, rules))
        return None
    assert isinstance(text, str) and len(text) <= MAX_NOTATION_LENGTH
    assert Position.from_notation(pos.to_notation(), rules) == pos
    assert pos.pits_per_side == rules.pits and pos.total_seeds == rules.total_seeds
    assert all(0 <= n <= MAX_COUNT for n in (*pos.south, *pos.north, pos.south_store, pos.north_store))
    return pos


def check_round_trip(pos: Position) -> None:
    """Any position's notation reads back as that very position (without rules)."""
    assert Position.from_notation(pos.to_notation()) == pos


def check_link(params: dict[str, object]) -> None:
    """``read_link`` never raises; its board fits its rules; a refused link opens the rules'
    start and says why in our words; a link made by ``link_query`` opens what it was made from."""
    rules, start, error, warning = read_link(params)
    assert start.total_seeds == rules.total_seeds and start.pits_per_side == rules.pits
    legal_moves(start, rules)  # raises if the position did not fit the rules
    if error is not None:
        assert start == rules.initial_position(), (params, error)
        said_in_our_words(error)
    if warning is not None:
        said_in_our_words(warning)
    if error is None and warning is None:
        again = read_link(dict(parse_qsl(link_query(rules, start))))
        assert again == (rules, start, None, None)
    if any(isinstance(params.get(k), str) and len(str(params[k])) > MAX_NOTATION_LENGTH for k in LINK_KEYS):
        assert error is not None


def check_press(sb: SandboxActivity, pit: object) -> None:
    """A press plays only a whole number (never a bool) among the legal pits; anything else
    leaves the game as it was (an illegal whole pit may be explained in a notice)."""
    before, moves, action = sb.position, len(sb.game.results), sb.action
    legal = sb.playable()
    sb.press(pit)
    if isinstance(pit, int) and not isinstance(pit, bool) and pit in legal:
        assert sb.position == play(before, pit, sb.rules).position and len(sb.game.results) == moves + 1
        return
    assert sb.position == before and len(sb.game.results) == moves and sb.action == action
    if sb.notice is not None:
        said_in_our_words(sb.notice.text)


def check_fields(sb: SandboxActivity, values: list[object], to_move: object) -> None:
    """The board editor's numbers: set exactly as typed, or refused in our words with nothing changed."""
    n = len(values) // 2 - 1
    before, game = sb.position, sb.game
    ok = sb.apply_fields(values[:n], values[n], values[n + 1:2 * n + 1], values[2 * n + 1], to_move)  # type: ignore[arg-type]
    if ok:
        counts = [int(v) for v in values]  # type: ignore[call-overload]
        assert sb.position == Position(tuple(counts[:n]), counts[n], tuple(counts[n + 1:2 * n + 1]),
                                       counts[2 * n + 1], to_move)  # type: ignore[arg-type]
        assert sb.editor_error is None
        return
    assert sb.position == before and sb.game is game
    said_in_our_words(sb.editor_error)


def check_settings(sb: SandboxActivity, settings: dict[str, object]) -> None:
    """A new-game form: a new game as asked for, or nothing changed and an error notice in our words."""
    game, control = sb.game, sb.control
    sb.new_game_from(settings)
    if sb.game is game:
        assert sb.control == control
        assert sb.notice is not None and sb.notice.kind == "error"
        said_in_our_words(sb.notice.text)
    else:
        assert settings.get("first", "S") in ("S", "N") and sb.first == settings.get("first", "S")
        assert sb.position == sb.rules.initial_position(sb.first)


def check_typed(text: object) -> None:
    """A typed learner code and a typed name: a code is 8 letters of the alphabet or nothing; a
    name is accepted only when short and plain, and is then quoted as those very characters."""
    code = normalise(text)
    assert code is None or (len(code) == CODE_LENGTH and set(code) <= set(ALPHABET))
    name = clean_name(text)
    if name_problem(name) is None:
        assert 0 < len(name) <= NAME_MAX and name == name.strip() and any(ch.isalnum() for ch in name)
        shown = words.joined_as(name)
        assert words.literal(name) in shown
        said_in_our_words(shown)


def check_budget_value(name: str, value: object) -> None:
    """A search budget: accepted only when finite and in range, else a ``ValueError`` naming it."""
    try:
        check_budget(**{name: value})
    except ValueError as err:
        assert str(err).startswith(f"{name} must be"), err
        assert len(str(err)) < 200 and not any(w in str(err) for w in PYTHON_WORDS)
        return
    if value is None:
        return
    assert not isinstance(value, bool) and isinstance(value, (int, float))
    if name == "time_ms":
        assert math.isfinite(value) and 0 <= value <= MAX_TIME_MS
    else:
        assert isinstance(value, int) and (0 if name == "max_nodes" else 1) <= value <= (
            MAX_NODES if name == "max_nodes" else MAX_DEPTH)


__all__ = ["MESSAGE_MAX", "RULES", "check_budget_value", "check_fields", "check_link", "check_notation",
           "check_press", "check_round_trip", "check_settings", "check_typed", "said_in_our_words"]
