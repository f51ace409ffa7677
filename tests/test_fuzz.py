"""Fuzz every way in with hypothesis: notation, share links, board presses, editor fields, new-game
forms, typed codes and names, and search budgets (12,700 generated inputs in all, derandomized so
every run tries the same ones). The properties themselves are in ``tests/fuzz_support.py``;
``bench/fuzz.py`` runs them on 100,000 more inputs and prints the slowest.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import MAX_COUNT, NORTH, OPTIONS, SOUTH, Position, make_rules
from tests.fuzz_support import (
    RULES,
    check_budget_value,
    check_fields,
    check_link,
    check_notation,
    check_press,
    check_round_trip,
    check_settings,
    check_typed,
)
from tutor.links import LINK_KEYS, link_query
from tutor.sandbox import SandboxActivity


def fuzz(n: int) -> settings:
    """``n`` examples, the same every run, no deadline (CI machines differ)."""
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


HUGE = st.integers(min_value=10**4299, max_value=10**4400)
NUMBERS = st.one_of(st.integers(-5, 60), st.integers(-(10**40), 10**40), HUGE, st.floats(allow_nan=True))
COUNT_TEXT = st.one_of(st.integers(0, 12).map(str), st.integers(-3, 10**30).map(str), st.just("9" * 4301),
                       st.text(max_size=6), st.sampled_from(["", " 4", "4.0", "1e3", "٤", "0x10", "+4", "**4**"]))
OBJECTS = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=30), st.lists(st.integers(0, 9), max_size=3),
                    st.dictionaries(st.text(max_size=3), st.integers(0, 9), max_size=2), st.binary(max_size=4))


@st.composite
def near_notation(draw: st.DrawFn) -> str:
    """Text shaped like notation: rows of number-like fields, stores, a side; sometimes too many parts."""
    n = draw(st.integers(0, 10))
    rows = [",".join(draw(st.lists(COUNT_TEXT, min_size=n, max_size=n + 1))) for _ in range(2)]
    parts = [rows[0], draw(COUNT_TEXT), rows[1], draw(COUNT_TEXT), draw(st.sampled_from(["S", "N", "s", " n ", "E", "", "SN"]))]
    if draw(st.booleans()):
        parts = parts[: draw(st.integers(0, 6))] + draw(st.lists(st.text(max_size=4), max_size=2))
    return "/".join(parts)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    n = draw(st.integers(3, 8))
    row = st.lists(st.integers(0, MAX_COUNT), min_size=n, max_size=n).map(tuple)
    return Position(draw(row), draw(st.integers(0, MAX_COUNT)), draw(row), draw(st.integers(0, MAX_COUNT)),
                    draw(st.sampled_from([SOUTH, NORTH])))


@st.composite
def played(draw: st.DrawFn) -> tuple[object, Position]:
    """Rules from the option table and a position reached from their start by legal moves."""
    game = draw(st.sampled_from(["kalah", "oware"]))
    values = {o.name: draw(st.sampled_from(o.values)) for o in OPTIONS if o.game == game}
    rules = make_rules(game, **values)
    sb = SandboxActivity(rules)
    for _ in range(draw(st.integers(0, 30))):
        legal = sb.playable()
        if not legal:
            break
        sb.press(draw(st.sampled_from(legal)))
    return rules, sb.position


LINK_VALUES = st.one_of(st.text(max_size=12), near_notation(), COUNT_TEXT, st.sampled_from(
    ["kalah", "oware", "true", "false", "stuck", "pit", "capture_all", "illegal", "[x](http://e.x)", "<b>x</b>"]),
    st.text(min_size=190, max_size=260), st.just("9" * 4301), NUMBERS, st.none())


@fuzz(3000)
@given(st.one_of(st.text(max_size=80), near_notation(), st.text(min_size=190, max_size=400), OBJECTS),
       st.sampled_from(RULES))
def test_any_notation_is_read_exactly_or_refused_in_our_words(text, rules):
    check_notation(text, rules)


@fuzz(1500)
@given(positions())
def test_every_position_round_trips_through_notation(pos):
    check_round_trip(pos)


@fuzz(2500)
@given(st.dictionaries(st.one_of(st.sampled_from(LINK_KEYS), st.text(max_size=5)), LINK_VALUES, max_size=5))
def test_any_link_opens_a_board_that_fits_its_rules_or_says_why(params):
    check_link(params)


@fuzz(400)
@given(played())
def test_a_link_made_for_a_position_opens_that_position(made):
    rules, pos = made
    check_link(dict(__import__("urllib.parse").parse.parse_qsl(link_query(rules, pos))))  # type: ignore[arg-type]


@fuzz(2000)
@given(st.sampled_from(RULES), st.lists(st.one_of(OBJECTS, st.integers(1, 8), st.integers(1, 8)), min_size=1, max_size=6))
def test_only_a_legal_whole_pit_is_ever_played(rules, presses):
    sb = SandboxActivity(rules)
    for pit in presses:
        check_press(sb, pit)


@fuzz(800)
@given(st.sampled_from(RULES), st.data())
def test_editor_numbers_set_the_board_exactly_or_change_nothing(rules, data):
    n = rules.pits
    count = st.one_of(st.integers(0, 2 * rules.seeds), NUMBERS, OBJECTS, st.just(float(rules.seeds)))
    values = data.draw(st.lists(count, min_size=2 * n + 2, max_size=2 * n + 2))
    if data.draw(st.booleans()):  # often a board that adds up: it must then be set
        values = [rules.seeds] * n + [0] + [rules.seeds] * n + [0]
        values[data.draw(st.integers(0, 2 * n + 1))] = data.draw(count)
    check_fields(SandboxActivity(rules), values, data.draw(st.one_of(st.sampled_from([SOUTH, NORTH]), OBJECTS)))


SETTING = {o.name: st.one_of(st.sampled_from(o.values), OBJECTS) for o in OPTIONS}


@fuzz(1000)
@given(st.fixed_dictionaries({}, optional={
    "game": st.one_of(st.sampled_from(["kalah", "oware"]), OBJECTS),
    "first": st.one_of(st.sampled_from([SOUTH, NORTH, "nobody", ""]), OBJECTS),
    "clock": st.one_of(st.sampled_from(["none", "3+2", "5+5", "custom"]), OBJECTS),
    "clock_minutes": st.one_of(st.floats(0, 70), NUMBERS, OBJECTS),
    "clock_increment": st.one_of(st.integers(0, 70), NUMBERS, OBJECTS),
    **SETTING}))
def test_a_new_game_form_starts_what_it_asks_for_or_changes_nothing(form):
    check_settings(SandboxActivity(RULES[0]), form)


@fuzz(800)
@given(st.one_of(st.text(max_size=60), st.text(alphabet="ACDEFGHJKMNPQRTUVWXY34679 -acd", max_size=20),
                 st.text(min_size=1000, max_size=3000), OBJECTS))
def test_typed_codes_and_names_are_capped_and_shown_as_typed(text):
    check_typed(text)


@fuzz(300)
@given(st.sampled_from(["time_ms", "max_nodes", "max_depth"]),
       st.one_of(NUMBERS, OBJECTS, st.sampled_from([math.nan, math.inf, -math.inf, 0, -0.0, 60_000, 60_000.5, 10**9])))
def test_a_search_budget_is_in_range_or_refused_by_name(name, value):
    check_budget_value(name, value)
