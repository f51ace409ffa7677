"""The shipped opening book for Kalah 6x4 (engine/data/kalah_6x4_<rule>.book, issue 14).

The book was solved by tools/kalah_solver.c (tools/build_book.py run/install). These tests
hold it to the published results and to itself: Kalah(6,4) with the standard capture (K10)
is a first-player win by 8 (Rawlings 2015) and with the empty capture (K11 variant) by 10
(Irving, Donkers and Uiterwijk 2000); every position within the plies its header names is
in it; and the app reads it first (Move outcomes exact at the start, Hard and Perfect open
with the best pit).
"""

from __future__ import annotations

import pytest

from engine import KalahRules, play
from engine.search import analyse, book, choose_move
from tools.build_book import full_plies

START_VALUES = {
    # each opening pit's final store difference for South with best play, from the book
    "standard": {1: -14, 2: -10, 3: 8, 4: -2, 5: -8, 6: 4},
    "empty": {1: -14, 2: -8, 3: 10, 4: -2, 5: -6, 6: 4},
}
PUBLISHED = {"standard": 8, "empty": 10}


def rules_of(rule: str) -> KalahRules:
    return KalahRules(pits=6, seeds=4, empty_capture=rule == "empty")


def shipped() -> list[str]:
    return [rule for rule in ("standard", "empty") if (book.DATA / f"kalah_6x4_{rule}.book").exists()]


def test_both_books_are_shipped():
    assert shipped() == ["standard", "empty"]


@pytest.mark.parametrize("rule", shipped())
def test_the_start_is_the_published_win(rule):
    rules = rules_of(rule)
    values = book.lookup(rules.initial_position(), rules, endgame=False)
    assert max(values.values()) == PUBLISHED[rule]
    if rule in START_VALUES:
        assert values == START_VALUES[rule]


@pytest.mark.parametrize("rule", shipped())
def test_move_outcomes_is_exact_at_the_start_and_the_computer_opens_with_the_best_pit(rule):
    rules = rules_of(rule)
    start = rules.initial_position()
    got = analyse(start, rules, time_ms=300)
    assert all(m.exact for m in got)
    assert {m.pit: m.value for m in got} == book.lookup(start, rules, endgame=False)
    best = max(got, key=lambda m: m.value)
    assert best.value == PUBLISHED[rule]
    for level in ("hard", "perfect"):
        assert choose_move(start, rules, level, time_ms=300) == best.pit


@pytest.mark.parametrize("rule", shipped())
def test_every_position_within_the_plies_the_header_names_is_in_the_book(rule):
    path = book.DATA / f"kalah_6x4_{rule}.book"
    header = path.read_text().splitlines()[0]
    plies, count = full_plies(book.book_table(rule), rule == "empty")
    assert f"every position up to ply {plies} ({count} boards)" in header
    assert plies >= 3


@pytest.mark.parametrize("rule", shipped())
def test_each_first_move_leads_to_a_book_position_that_agrees_with_the_start(rule):
    """South's value of each opening pit is what the position after it says (its mover's view)."""
    rules = rules_of(rule)
    start = rules.initial_position()
    values = book.lookup(start, rules, endgame=False)
    for pit, value in values.items():
        result = play(start, pit, rules)
        after = book.lookup(result.position, rules, endgame=False)
        assert after is not None, pit
        best = max(after.values())
        assert value == (best if result.position.to_move == start.to_move else -best), pit


def test_lesson_7_teaches_the_opening_the_book_proves_best():
    """Lesson 7's *best-opening* find step: its board is the 6x4 start, and its taught pit (3, the only
    extra turn) is the book's one best first move under both capture rules (standard +8, empty capture
    +10; the lesson plays the standard capture and says "you win by 8"); after it, pit 6 is the one best
    second move of the turn, as its done text says."""
    from lessons.loader import load_lessons

    step = {s.id: s for s in load_lessons()["strategy"].steps}["best-opening"]
    for rule in ("standard", "empty"):
        rules = rules_of(rule)
        start = rules.initial_position()
        assert step.position == start.to_notation()
        first = book.lookup(start, rules, endgame=False)
        assert [p for p, v in first.items() if v == max(first.values())] == list(step.solution) == [3]
        again = play(start, 3, rules).position
        assert again.to_move == start.to_move  # K9: pit 3's last seed is in the store
        second = book.lookup(again, rules, endgame=False)
        assert [p for p, v in second.items() if v == max(second.values())] == [6]
        assert max(second.values()) == max(first.values()) == PUBLISHED[rule]
