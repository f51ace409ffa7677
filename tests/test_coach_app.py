"""Where the learner asks why, the coach answers (issue 32), through AppTest: Move outcomes' "Why?" under
every pit, a wrong move in a puzzle without written words, and the class reveal on the projector."""

from __future__ import annotations

import pytest

from engine import KalahRules, Position, legal_moves
from tutor import words
from tutor.coach_facts import facts
from tests.test_outcomes_page import _run_pasted, repeatable_values, thinking  # noqa: F401 - the fixture

NOTATION = "1,2,0,1,2,0/16/1,3,0,2,0,0/20/S"


def _markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_move_outcomes_says_why_for_every_pit(page_app, thinking):  # noqa: F811 - the fixture
    """A learner pastes a position: under the values, one "Why?" a pit holds the coach's words, made from
    the page's own values (the repeatable analysis here)."""
    at = _run_pasted(page_app, NOTATION)
    rules = KalahRules()
    pos = Position.from_notation(NOTATION, rules)
    labels = [e.label for e in at.expander]
    values = repeatable_values(pos, rules)
    for pit in legal_moves(pos, rules):
        assert f"Pit {pit}: why?" in labels
        assert words.coach_said(facts(pos, rules, pit, values)) in _markdown(at)
    text = _markdown(at)
    assert "Pit 1 gives no extra turn, and then North can take 3 seeds from your pit 2; pit 5 was better: it " \
           "ends in your store, so you move again." in text
    assert "Pit 5 is the best move: it ends in your store, so you move again." in text


def test_move_outcomes_says_why_in_greek(page_app, thinking):  # noqa: F811 - the fixture
    at = _run_pasted(page_app, NOTATION)
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    labels = [e.label for e in at.expander]
    assert "Λακκάκι 1: γιατί;" in labels
    assert ("Το λακκάκι 1 δεν σε αφήνει να παίξεις ξανά, και μετά ο Βορράς μπορεί να πάρει 3 σπόρους από "
            "το δικό σου λακκάκι 2· καλύτερο ήταν το λακκάκι 5") in _markdown(at)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_wrong_move_without_written_words_gets_the_coachs_words(page_app, lang):
    """A learner presses pit 2 in "awari-chain-three-pits", a move its file has no words for: "Why?" holds the
    coach's sentence, which never names the better pit (the puzzle is still to be solved)."""
    from lessons.loader import load_puzzles
    from tutor import i18n

    puzzle = load_puzzles()["awari-chain-three-pits"]
    assert 2 not in puzzle.wrong
    i18n.use(lang)  # the test's own thread speaks the page's language (AppTest formats the menus here)
    try:
        _wrong_move(page_app, puzzle, lang)
    finally:
        i18n.use(None)


def _wrong_move(page_app, puzzle, lang):
    from tests.test_puzzles_app import open_page, press
    from tutor.coach import first_mistake
    from tutor.puzzle import puzzle_code

    at = open_page(page_app, puzzle=puzzle_code(puzzle.id), lang=lang)
    press(at, 2)
    details = "\n".join(m.value for m in at.expander(key="puzzle_why").markdown)
    run = at.session_state["mancala_tutor"].puzzle
    mistake = first_mistake(run.missed.turn, puzzle.game_rules)
    assert mistake is not None and mistake.pit == 2 and mistake.deed.taken == 0
    first = words.coach_first(mistake, hide_best=True)
    assert first == {"en": "Pit 2 captures nothing.", "el": "Το λακκάκι 2 δεν αιχμαλωτίζει τίποτα."}[lang]
    assert f"**{first}**" in details
