"""ut46 #2: one feedback panel counts a capture one way. "Captures N" is every seed into the store (K10,
docs/rules.md "Words for results and captures"), and where a panel also says the seeds *taken* from a
pit, the capture says where its N came from, from the engine's ``MoveResult.captured_from``."""

from __future__ import annotations

from engine import OwareRules, Position, play
from lessons.loader import load_puzzles
from tutor import words
from tutor.mined import mined_puzzles
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity


def test_my_practice_answer_says_its_capture_as_the_coach_counts_the_take(both_languages):
    """m-k53-81f044f5 (0,1,0,1,1/8/0,2,3,1,0/13/N), wrong pit 4: South's pit 2 ends in South's empty pit
    3 facing North's pit 3 (3 seeds): 4 seeds into South's store, the 3 the coach says South takes."""
    run = PuzzleActivity(mined_puzzles()["m-k53-81f044f5"], Progress())
    run.press(4)
    said = {"en": ("Not the best: with best play you now win by 2 seeds, but you can win by 10. South answers with "
                   "pit 2 and captures 4 seeds (3 from your pit 3 and the last seed).",
                   "**Pit 4 gives no extra turn, and then South can take 3 seeds from your pit 3.**"),
            "el": ("Όχι η καλύτερη κίνηση: αν παίξετε και οι δύο όσο καλύτερα γίνεται, τώρα κερδίζεις με 2 σπόρους "
                   "διαφορά, ενώ μπορείς να κερδίσεις με 10 σπόρους διαφορά. Ο Νότος απαντά με το λακκάκι 2 και "
                   "αιχμαλωτίζει 4 σπόρους (3 από το δικό σου λακκάκι 3 και τον τελευταίο σπόρο).",
                   "**Το λακκάκι 4 δεν σε αφήνει να παίξεις ξανά, και μετά ο Νότος μπορεί να πάρει 3 σπόρους από το "
                   "δικό σου λακκάκι 3.**")}[both_languages]
    assert run.notice.text == said[0]
    assert run.details()[1].split("  \n")[0] == said[1]
    answer = run.missed.reply.results
    assert [(r.pit, r.captured, sorted(r.captured_from)) for r in answer] == [(2, 4, [("N", 3), ("S", 3)])]


def test_a_puzzle_says_its_own_capture_as_the_coach_counts_the_take(both_languages):
    """The Puzzles page's puzzle 29 (capture-pick-the-pile), wrong pit 6: it captures 4 seeds, North's 3
    from North's pit 6 and the last seed; the coach says pit 6 takes only 3 seeds from North's pit 6 (one count, ut47 #1)."""
    pool = load_puzzles(lang=both_languages)
    assert list(pool).index("capture-pick-the-pile") == 28  # "Puzzle 29"
    run = PuzzleActivity(pool["capture-pick-the-pile"], Progress())
    run.press(6)
    said = {"en": ["Not this time: that turn captured 4 seeds (3 from North's pit 6 and the last seed); the most "
                   "you can capture is 8.",
                   "North answers with pit 3.", "**Pit 6 takes only 3 seeds from North's pit 6.**"],
            "el": ["Όχι αυτή τη φορά: σε αυτόν τον γύρο αιχμαλώτισες 4 σπόρους (3 από το λακκάκι 6 του Βορρά και τον "
                   "τελευταίο σπόρο), ενώ το πιο πολύ που γίνεται είναι 8.",
                   "Ο Βορράς απαντά με το λακκάκι 3.", "**Το λακκάκι 6 παίρνει μόνο 3 σπόρους από το λακκάκι 6 του Βορρά.**"]}[both_languages]
    why = run.details()
    assert why[1:3] + [why[3].split("  \n")[0]] == said


def test_a_capture_of_only_the_other_sides_seeds_is_said_without_a_bracket(both_languages):
    """Awari (A3) takes only the other side's seeds: "captures 5 seeds", nothing to split."""
    rules = OwareRules()
    start = Position.from_notation("0,0,0,0,0,2/20/2,1,0,0,4,0/19/S", rules)
    res = play(start, 6, rules)
    assert res.captured == 5 and all(p.side == "N" for p in res.captured_from)
    assert words.captured_seeds([res], "S") == {"en": "5 seeds", "el": "5 σπόροι"}[both_languages]
