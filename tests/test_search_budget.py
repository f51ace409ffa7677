"""Search budgets are checked before anything is searched, and the search tables stay within their caps.

Chosen behaviour (``engine.search.budget``): ``time_ms`` is ``None`` or a finite
number from 0 to 60000 (0 is clamped: ``analyse`` takes 1 ms, ``choose_move``
``MIN_MOVE_MS``); ``max_nodes`` ``None`` or a whole number 0..10**9; ``max_depth``
``None`` or a whole number 1..200. Anything else raises ``ValueError`` naming the
parameter, in our own words (never Python's own int-limit advice).
"""

import math

import pytest

from engine import KalahRules, OwareRules, Position, legal_moves
from engine.search import MAX_NODES, MAX_TIME_MS, MoveValue, budget, tables
from engine.search import analyse, best_move, choose_move, clear_tables, prove_all, prove_result, solve_best

RULES = KalahRules()
START = RULES.initial_position()
ENTRY_POINTS = (analyse, prove_all, prove_result, best_move, solve_best)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, -1, -0.5, 10**30, MAX_TIME_MS + 1, True, "100"])
def test_a_bad_time_budget_is_refused_by_every_entry_point(bad):
    for fn in ENTRY_POINTS:
        with pytest.raises(ValueError, match=r"^time_ms must be a finite number of milliseconds from 0 to 60000"):
            fn(START, RULES, time_ms=bad)
    with pytest.raises(ValueError, match=r"^time_ms must be"):
        choose_move(START, RULES, "hard", time_ms=bad)


def test_a_huge_number_is_told_by_its_size_never_by_pythons_int_limit_advice():
    with pytest.raises(ValueError) as err:
        analyse(START, RULES, time_ms=10**5000)
    assert str(err.value) == ("time_ms must be a finite number of milliseconds from 0 to 60000, "
                              "or None, not a whole number of about 5001 digits")
    with pytest.raises(ValueError) as err:
        choose_move(START, RULES, "perfect", max_nodes=-(10**5000))
    assert str(err.value) == ("max_nodes must be a whole number from 0 to 1000000000, "
                              "or None, not a whole number of about 5001 digits")


@pytest.mark.parametrize("bad", [10**30, MAX_NODES + 1, math.nan, -1])
def test_a_bad_node_budget_is_refused(bad):
    for fn in ENTRY_POINTS:
        with pytest.raises(ValueError, match="^max_nodes must be a whole number from 0 to 1000000000"):
            fn(START, RULES, max_nodes=bad)


@pytest.mark.parametrize("bad", [0, -1, 201, 2.0, True, math.nan])
def test_a_bad_depth_is_refused(bad):
    for fn in (analyse, best_move):
        with pytest.raises(ValueError, match="^max_depth must be a whole number of plies from 1 to 200"):
            fn(START, RULES, max_depth=bad)


def test_the_largest_budgets_are_accepted_and_a_node_limit_still_stops_the_search():
    # time_ms at its cap with no node at all: the store differences now, as with no clock
    # (the 6x5 start: the 6x4 start is in the opening book, which answers without a node)
    rules = KalahRules(seeds=5)
    start = rules.initial_position()
    got = analyse(start, rules, time_ms=MAX_TIME_MS, max_nodes=0)
    assert got == analyse(start, rules, time_ms=None, max_nodes=0)
    assert [m.pit for m in got] == [1, 2, 3, 4, 5, 6]
    assert got[1] == MoveValue(2, 1, False, 1, (2,), None)  # K9: 5 seeds from pit 2 end in the store
    book_start = analyse(START, RULES, time_ms=MAX_TIME_MS, max_nodes=0)
    assert [(m.pit, m.value, m.exact) for m in book_start] == [(1, -14, True), (2, -10, True), (3, 8, True),
                                                               (4, -2, True), (5, -8, True), (6, 4, True)]


def test_a_zero_time_budget_is_clamped_not_refused():
    got = analyse(START, RULES, time_ms=0)
    assert tuple(m.pit for m in got) == legal_moves(START, RULES)
    assert all(-RULES.total_seeds <= m.value <= RULES.total_seeds for m in got)
    assert choose_move(START, RULES, "medium", time_ms=0.0, max_nodes=2000) in legal_moves(START, RULES)


def test_budgets_are_checked_before_the_game_is_looked_at():
    over = Position.from_notation("0,0,0,0,0,0/24/0,0,0,0,0,0/24/S", RULES)
    with pytest.raises(ValueError, match="^time_ms"):
        analyse(over, RULES, time_ms=math.nan)
    assert analyse(over, RULES, time_ms=5) == ()


# -- memory -------------------------------------------------------------------


@pytest.fixture
def fresh_tables():
    clear_tables()
    yield
    clear_tables()


def test_tables_are_kept_for_the_most_recently_used_rules_only(monkeypatch, fresh_tables):
    monkeypatch.setattr(tables, "MAX_GAMES", 2)
    variants = [KalahRules(pits=3, seeds=s) for s in (1, 2, 3)]
    for rules in variants:
        prove_all(rules.initial_position(), rules, time_ms=None)
    assert list(tables.table_sizes()) == ["kalah pits=3 seeds=2", "kalah pits=3 seeds=3"]
    prove_all(variants[1].initial_position(), variants[1], time_ms=None)  # used again: now the newest
    prove_all(OwareRules().initial_position(), OwareRules(), time_ms=None, max_nodes=50)
    assert list(tables.table_sizes()) == ["kalah pits=3 seeds=2", "oware"]


def test_all_tables_together_stay_under_the_total_cap(monkeypatch, fresh_tables):
    small, other = KalahRules(pits=3, seeds=3), KalahRules(pits=4, seeds=1)
    prove_all(small.initial_position(), small, time_ms=None)
    kept = tables.table_sizes()["kalah pits=3 seeds=3"]
    assert kept > 20
    monkeypatch.setattr(tables, "TOTAL_LIMIT", kept - 1)
    prove_all(other.initial_position(), other, time_ms=None, max_nodes=0)
    assert list(tables.table_sizes()) == ["kalah pits=4 seeds=1"]  # the older table went first


def test_emptying_the_tables_mid_search_never_changes_a_proven_value(monkeypatch, fresh_tables):
    rules = KalahRules(pits=4, seeds=3)
    start = rules.initial_position()
    full = prove_all(start, rules, time_ms=None)
    assert full["proven"]
    clear_tables()
    monkeypatch.setattr(tables, "TT_LIMIT", 50)
    monkeypatch.setattr(budget, "_MEMORY_EVERY", 64)  # check the caps every 64 nodes
    capped = prove_all(start, rules, time_ms=None)
    assert capped["values"] == full["values"] and capped["proven"]
    assert capped["nodes"] > full["nodes"]  # it had to prove some positions again
    assert tables.table_sizes()["kalah pits=4 seeds=3"] <= 50 + 64


def test_the_table_of_one_search_emptied_past_its_cap_gives_the_same_values(monkeypatch, fresh_tables):
    want = [(m.pit, m.value) for m in analyse(START, RULES, time_ms=None, max_depth=5)]
    assert want == [(1, -3), (2, -3), (3, 2), (4, 1), (5, -1), (6, 2)]
    clear_tables()
    monkeypatch.setattr(budget, "HTT_LIMIT", 10)
    monkeypatch.setattr(budget, "_MEMORY_EVERY", 64)
    assert [(m.pit, m.value) for m in analyse(START, RULES, time_ms=None, max_depth=5)] == want
