"""The pupil's live question (tutor.live): the answer, then what the teacher's reveal says."""

from __future__ import annotations

import pytest

from engine import KalahRules, legal_moves, play
from tutor import words
from tutor.links import link_query
from tutor.live import QuestionActivity

RULES = KalahRules()
LINK = link_query(RULES, RULES.initial_position())


def test_the_reveal_says_whether_the_pupils_pit_was_best_once_the_analysis_is_known():
    chosen: list[int] = []
    run = QuestionActivity(LINK, lambda pit: chosen.append(pit) is None)
    assert run.turn_text() == "South to move: which pit would you play?"  # the side the pupil plays
    run.press(6)
    assert chosen == [6] and run.notice.text == words.answered(6)
    run.reveal()  # the analysis still runs: what the pit does, nothing about best
    said = run.notice.text
    assert run.notice.kind == "success" and said.startswith("Your teacher showed the answers. You chose pit 6: ")
    assert not run.accepts_presses()
    run.reveal(frozenset({3}))
    assert (run.notice.kind, run.notice.text) == ("info", said + " The best move was pit 3.")
    run.reveal(frozenset({3, 6}))
    assert (run.notice.kind, run.notice.text) == ("success", said + " That is one of the best moves!")


def test_a_pupil_who_did_not_answer_is_told_the_best_moves():
    run = QuestionActivity(LINK, lambda pit: True, revealed=True)
    assert run.notice.text == "Your teacher showed the answers. Look at the board at the front."
    run.reveal(frozenset({2, 3}))
    assert run.notice.kind == "info"
    assert run.notice.text == ("Your teacher showed the answers. Look at the board at the front. "
                               "The best moves were pits 2 and 3.")


def test_the_revealed_table_names_each_pupil_and_ticks_a_best_move():
    from tutor.analysis import best_pits
    from tutor.live import answers_table

    rows = [{"pit": 1, "value": -2}, {"pit": 3, "value": 8}, {"pit": 5, "value": 8}, {"pit": 6, "value": 4}]
    assert best_pits(rows) == frozenset({3, 5}) and best_pits([]) == frozenset()
    named = [("Ada", 3), ("Bo", None), ("Cy", 6)]
    assert answers_table(named, None) == [{"Pupil": "Ada", "Pit pressed": "3"}, {"Pupil": "Bo", "Pit pressed": "no answer"},
                                          {"Pupil": "Cy", "Pit pressed": "6"}]
    assert [r["A best move"] for r in answers_table(named, best_pits(rows))] == ["✓", "", "✗"]


def test_a_question_asked_from_a_puzzle_carries_its_task_and_its_answer():
    """Teacher: a puzzle asked of the class reached the pupils as a bare position, without its task.
    The question names the puzzle by its code (never its id: an id may name the answer); the pupils
    read the task, and the pits that start its accepted turns are the right ones (not the engine's)."""
    from lessons.loader import load_puzzles
    from tutor.live import answer_pits, question_link, question_puzzle
    from tutor.puzzle import puzzle_code

    pool = load_puzzles(prove=False)
    puzzle = pool["capture-pick-the-pile"]
    link = question_link(puzzle.game_rules, puzzle.start, puzzle.id)
    assert link == link_query(puzzle.game_rules, puzzle.start) + "&puzzle=" + puzzle_code(puzzle.id)
    assert puzzle.id not in link
    assert question_puzzle(link, pool) is puzzle
    assert question_puzzle(LINK, pool) is None and question_puzzle(LINK + "&puzzle=0000000", pool) is None
    assert answer_pits(puzzle) == frozenset(turn[0] for turn in puzzle.answers) == frozenset({2})

    run = QuestionActivity(link, lambda pit: True, puzzle=question_puzzle(link, pool))
    assert run.task() == puzzle.task and QuestionActivity(LINK, lambda pit: True).task() is None
    run.press(2)
    run.reveal(frozenset({5}))  # an engine's best move is not the puzzle's answer: the answer is
    assert run.best == frozenset({2}) and run.notice.kind == "success"
    assert run.notice.text == ("Your teacher showed the answers. You chose pit 2: its last seed lands in your pit 4 "
                               "and captures 8 seeds (7 from North's pit 3 and the last seed). That is the puzzle's "
                               "answer!")
    wrong = next(p for p in legal_moves(puzzle.start, puzzle.game_rules) if p != 2)
    other = QuestionActivity(link, lambda pit: True, chosen=wrong, revealed=True, puzzle=puzzle)
    assert other.notice.kind == "info" and other.notice.text.endswith(" The puzzle's answer starts with pit 2.")


def test_an_estimated_best_move_is_told_as_the_computers_guess_never_as_a_fact():
    """Greek tester: mid-game, with the normal thinking time, the class was told "The best move was
    pit 3" from an estimate (the deeper search said otherwise). Unproven values are said as a guess."""
    run = QuestionActivity(LINK, lambda pit: True)
    run.press(6)
    run.reveal(frozenset({3}), sure=False)
    assert run.sure is False and run.notice.kind == "info"
    assert run.notice.text.endswith(" " + words.chosen_move(play(RULES.initial_position(), 6, RULES), RULES)
                                    + " The computer's best guess was pit 3.")
    run.reveal(frozenset({3}))
    assert run.notice.text.endswith(" The best move was pit 3.")
    run.reveal(frozenset({6}), sure=False)  # the pupil's pit is the guess: told so (re-test)
    assert run.notice.kind == "success" and run.notice.text.endswith(" That is the computer's best guess too!")
    assert words.live_best([3], sure=False) == "Probably the best move: pit 3 (estimated)"
    assert words.live_best([3]) == "Best move: pit 3"


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_pupils_result_is_said_to_them_with_the_pit_named_once(lang):
    """ut46 #11: the revealed answer read "Your pit 3: Pit 3 sows 2 seeds... South takes...": the pupil read
    about themselves as "South", and the pit was named twice. Now: "You chose pit 6: its last seed lands in
    your pit 1 and captures 4 seeds (3 from North's pit 6 and the last seed)." (K10, from the engine)."""
    from lessons.loader import load_puzzles
    from tutor import i18n
    from tutor.live import question_link, question_puzzle

    pool = load_puzzles(lang=lang, prove=False)
    puzzle = pool["capture-pick-the-pile"]
    link = question_link(puzzle.game_rules, puzzle.start, puzzle.id)
    i18n.use(lang)
    try:
        run = QuestionActivity(link, lambda pit: True, puzzle=question_puzzle(link, pool))
        run.press(6)
        run.reveal()
        said = run.notice.text
        start = QuestionActivity(LINK, lambda pit: True, chosen=3, revealed=True).notice.text
    finally:
        i18n.use(None)
    assert said == {
        "en": "Your teacher showed the answers. You chose pit 6: its last seed lands in your pit 1 and captures 4 "
              "seeds (3 from North's pit 6 and the last seed). The puzzle's answer starts with pit 2.",
        "el": "Ο δάσκαλος ή η δασκάλα σου έδειξε τις απαντήσεις. Εσύ διάλεξες το λακκάκι 6: ο τελευταίος του σπόρος "
              "πέφτει στο δικό σου λακκάκι 1 και αιχμαλωτίζει 4 σπόρους (3 από το λακκάκι 6 του Βορρά και τον "
              "τελευταίο σπόρο). Η λύση του γρίφου ξεκινά από το λακκάκι 2."}[lang]
    assert start == {"en": "Your teacher showed the answers. You chose pit 3: its last seed lands in your store, so "
                           "you move again.",
                     "el": "Ο δάσκαλος ή η δασκάλα σου έδειξε τις απαντήσεις. Εσύ διάλεξες το λακκάκι 3: ο "
                           "τελευταίος του σπόρος πέφτει στην αποθήκη σου, οπότε παίζεις ξανά."}[lang]


def test_a_pupils_move_that_ends_the_game_says_their_result():
    """A one-seed move into the store that empties the row: "its one seed", and the result said to them."""
    from engine import Position

    end = Position.from_notation("0,0,0,0,0,1/23/2,3,1,4,2,0/12/S", RULES)
    assert words.chosen_move(play(end, 6, RULES), RULES) == (
        "You chose pit 6: its one seed lands in your store. A draw, 24 to 24. The game ended because South's row "
        "is empty.")
