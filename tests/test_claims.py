"""Every number a lesson or puzzle text names is a claim the engine recomputes (``lessons.claims``).

``tests/data/claims_todo.txt`` lists the items whose texts are not annotated yet (one key a line,
``lesson/<lesson id>/<step id>`` or ``puzzle/<puzzle id>``); it may only shrink: an item on it that is
fully covered fails, as does any item off it with a number no claim covers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import KalahRules, OwareRules, Position
from lessons import claims as C
from lessons.loader import load_lessons, load_puzzles

LESSONS = load_lessons()
PUZZLES = load_puzzles()
NUMBERS = [lesson.number for lesson in LESSONS.values()]
TODO_FILE = Path(__file__).parent / "data" / "claims_todo.txt"
TODO = {line.strip() for line in TODO_FILE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")}


def items():
    """``(key, texts, claims, proven pits, start, rules)`` of every lesson step and puzzle."""
    for lesson in LESSONS.values():
        for step in lesson.steps:
            yield (f"lesson/{lesson.id}/{step.id}", C.step_texts(step), step.claims, C.step_pits(step),
                   lesson.step_position(step), lesson.step_rules(step))
    for puzzle in PUZZLES.values():
        yield (f"puzzle/{puzzle.id}", C.puzzle_texts(puzzle), puzzle.claims, C.puzzle_pits(puzzle),
               puzzle.start, puzzle.game_rules)


ITEMS = list(items())


@pytest.mark.parametrize("item", ITEMS, ids=lambda i: i[0])
def test_every_claim_holds_and_every_number_is_claimed(item) -> None:
    key, texts, claims, pits, start, rules = item
    for phrase, said in claims.items():
        C.check(said, start, rules)
    left = C.uncovered(texts, claims, pits, NUMBERS)
    if key in TODO:
        assert left, f"{key} is fully claimed now: take it off {TODO_FILE.name}"
    else:
        assert not left, f"{key}: numbers no claim covers: {left}"


def test_the_todo_list_names_only_real_items() -> None:
    assert TODO <= {i[0] for i in ITEMS}


KALAH = KalahRules()
START = KALAH.initial_position()


@pytest.mark.parametrize(("claim", "truth"), [
    ("seeds S5 = 4", "4"),
    ("steps S5 = 2", "2"),
    ("store N = 0", "0"),
    ("row S = 24", "24"),
    ("after 3: last = South store", "South store"),
    ("after 3: extra turns = 1", "1"),
    ("after 3, 6: store S = 2", "2"),  # pit 3 ends in the store (K9), then pit 6 passes it once more
    ("after 3, 6: to move = North", "North"),
    ("after 3, 6: row N = 28", "28"),
    ("after 3: winner = Not over", "Not over"),
    ("total = 48", "48"),
    ("lap = 13", "13"),
    ("winning score = 25", "25"),
    ("legal = 1, 2, 3, 4, 5, 6", "1, 2, 3, 4, 5, 6"),
    ("empty S = none", "none"),
    ("after 3: empty S = 3", "3"),
])
def test_claims_are_recomputed_from_the_position(claim: str, truth: str) -> None:
    assert C.truth(C.parse(claim)[0], START, KALAH) == truth
    C.check(claim, START, KALAH)


def test_a_wrong_number_fails() -> None:
    with pytest.raises(C.ClaimError, match="says '5', the engine says '4'"):
        C.check("seeds S1 = 5", START, KALAH)
    with pytest.raises(C.ClaimError, match="pit 7 is not legal"):
        C.check("after 7: store S = 1", START, KALAH)
    with pytest.raises(C.ClaimError, match="needs moves"):
        C.check("captured = 0", START, KALAH)


def test_the_value_of_best_play_is_proven_from_either_side() -> None:
    rules = KalahRules(pits=3, seeds=1)
    pos = Position.from_notation("1,0,1/1/1,1,1/0/S", rules)
    south = C.truth(C.parse("value S = 0")[0], pos, rules)
    assert C.truth(C.parse("value N = 0")[0], pos, rules) == str(-int(south))
    after = C.truth(C.parse("after 1: value S = 0")[0], pos, rules)
    assert int(after) <= int(south)  # one move of South's cannot do better than South's best
    assert south == "2"  # pit 3 (extra turn) then pit 1 captures 2: 4 to 2 at the end


def test_awari_facts_come_from_its_rules() -> None:
    oware = OwareRules()
    C.check("lap = 11; winning score = 25; after 1: captured = 0", oware.initial_position(), oware)


def test_a_capture_and_the_end_are_recomputed() -> None:
    rules = KalahRules(pits=3, seeds=1)
    pos = Position.from_notation("1,0,1/1/1,1,1/0/S", rules)
    C.check("after 1: captured = 2; after 1: store S = 3", pos, rules)
    C.check("after 3: last = South store; after 3, 1: captured = 2", pos, rules)
    C.check("after 3: swept N = 0", pos, rules)


def test_the_final_sweep_is_counted_per_side() -> None:
    rules = KalahRules(pits=3, seeds=1)
    pos = Position.from_notation("0,0,1/2/1,1,1/0/S", rules)  # pit 3 ends in the store: South's row is empty
    C.check("after 3: swept N = 3; after 3: swept S = 0; after 3: store N = 3; after 3: winner = Draw", pos, rules)


def test_coverage_needs_every_number_in_a_claimed_phrase() -> None:
    texts = ["Pit 5 holds 2 seeds and is two steps away. More in lesson 3."]
    assert C.uncovered(texts, {"holds 2 seeds": "seeds S5 = 2", "two steps": "steps S5 = 2"}, {5}, [3]) == []
    left = C.uncovered(texts, {"holds 2 seeds": "seeds S5 = 2"}, {5}, [3])
    assert left == ["'two' in 'Pit 5 holds 2 seeds and is two steps away. More in lesson 3.'"]
    assert len(C.uncovered(texts, {}, set(), [])) == 4  # 5, 2, two, 3
    with pytest.raises(C.ClaimError, match="do not state"):
        C.uncovered(texts, {"holds 2 seeds": "seeds S5 = 4"}, {5}, [3])
    with pytest.raises(C.ClaimError, match="in none of the texts"):
        C.uncovered(texts, {"holds 9 seeds": "seeds S9 = 9"}, {5}, [3])


def test_a_count_must_be_a_claimed_value_not_a_place() -> None:
    """'which now holds 3' is not stated by a claim about pit 3: only a pit's number may be a place."""
    texts = ["The last seed lands in pit 4, which now holds 3."]
    with pytest.raises(C.ClaimError, match=r"do not state \[3\]"):
        C.uncovered(texts, {"lands in pit 4, which now holds 3": "after 6: last = North pit 4; seeds N3 = 1"})
    assert C.uncovered(texts, {"lands in pit 4, which now holds 3": "after 6: last = North pit 4; after 6: sown N4 = 3"}) == []
    # a line of pits played names pits, as "pits 1 to 4" does
    assert C.uncovered(["Play 6, 5, 6, 3, 6."], {"6, 5, 6, 3, 6": "after 6, 5, 6, 3, 6: extra turns = 5"}) == []
    assert C.uncovered(["3 + 1 = 4"], {"3 + 1 = 4": "after 1: captured = 4; seeds N4 = 3; after 1: sown S3 = 1"}) == []


def test_sown_took_and_the_capture_counts_are_recomputed() -> None:
    oware = OwareRules()
    pos = Position.from_notation("0,0,2,3,7,4/17/4,0,1,1,1,1/7/S", oware)
    # pit 5's 7 seeds: North's pits 3 to 6 held 1 and hold 2 after the sowing; the chain takes 8
    C.check("after 5: sown N6 = 2; after 5: sown N3 = 2; after 5: sown N2 = 1; after 5: sown S5 = 0; "
            "after 5: sown S6 = 5; after 5: took = 8; capture counts = 2, 3", pos, oware)
    with pytest.raises(C.ClaimError, match="Awari subject"):
        C.check("capture counts = 2, 3", START, KALAH)
    # a Kalah capture: the lone last seed was 1 in its pit before the capture took it (K10)
    rules = KalahRules(pits=3, seeds=1)
    two = Position.from_notation("1,0,1/1/1,1,1/0/S", rules)
    C.check("after 1: sown S2 = 1; after 1: seeds S2 = 0; after 1: took = 2; after 3, 1: took = 2", two, rules)
