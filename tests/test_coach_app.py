"""Where the learner asks why, the coach answers (issue 32), through AppTest: Move outcomes' "Why?" under
every pit, a wrong move in a puzzle without written words, and the class reveal on the projector."""

from __future__ import annotations

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
    assert "Pit 1 lets North capture 3 seeds from your pit 2; pit 5 was better: it ends in your store, so you " \
           "move again." in text
    assert "Pit 5 is the best move: it ends in your store, so you move again." in text


def test_move_outcomes_says_why_in_greek(page_app, thinking):  # noqa: F811 - the fixture
    at = _run_pasted(page_app, NOTATION)
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    labels = [e.label for e in at.expander]
    assert "Λακκάκι 1: γιατί;" in labels
    assert ("Το λακκάκι 1 αφήνει τον Βορρά να αιχμαλωτίσει 3 σπόρους από το δικό σου λακκάκι 2· καλύτερο ήταν "
            "το λακκάκι 5") in _markdown(at)
