"""Pages while a search runs in the pool (ui/thinking.py), through AppTest: a "thinking" status is shown
and nothing of the result, the page is not blocked, and leaving the page abandons the search.

The pool is replaced by a service whose searches have not answered yet (or answer when told), so
nothing depends on time; the pool itself is tested in tests/test_thinking.py.
"""

from __future__ import annotations

import pytest

from engine import NORTH, KalahRules
from tests.test_sandbox import open_sandbox, press, sb
from tests.test_streamlit_compat import fragment_registry
from tutor import words
from tutor.thinking import Answer, Request, run_request
from ui import thinking

RULES = KalahRules(pits=6, seeds=4)


class HeldService:
    """A ``ThinkingService`` stand-in: every request stays running until :meth:`release`; then it is
    answered as the search would answer it inline."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, Request]] = []
        self.cancelled: list[tuple[str, str | None, tuple[str, ...]]] = []
        self.released = False

    def ask(self, owner: str, purpose: str, request: Request) -> Answer:
        self.asked.append((owner, purpose, request))
        if not self.released:
            return Answer("running")
        return Answer("done", run_request(request))

    def cancel(self, owner: str, purpose: str | None = None, keep: tuple[str, ...] = ()) -> int:
        self.cancelled.append((owner, purpose, keep))
        return 0

    def release(self) -> None:
        self.released = True


@pytest.fixture
def held(monkeypatch):
    service = HeldService()
    monkeypatch.setattr(thinking, "service", lambda: service)
    return service


def test_move_outcomes_shows_a_working_sign_until_the_pool_answers(page_app, held):
    at = page_app("pages/move_outcomes.py")
    at.run()
    assert not at.exception, at.exception
    assert [s.label for s in at.status] == [words.working_out()]
    assert not at.get("plotly_chart") and not at.dataframe  # nothing of a result yet
    owner, purpose, request = held.asked[-1]
    assert (purpose, request.kind, request.position, request.time_ms) == (
        "move_outcomes", "outcomes", RULES.initial_position(), 1000)
    held.release()
    at.run()
    assert not at.exception, at.exception
    assert not at.status and at.dataframe and len(at.dataframe[0].value) == 6


def test_the_sandbox_shows_the_computer_thinking_below_the_learners_move(page_app, held):
    at = open_sandbox(page_app, panels=("settings",))
    at.radio(key="sb_mode").set_value("computer").run()
    press(at, 1)
    game = sb(at)
    assert [s.label for s in at.status] == [words.thinking(NORTH, "easy")]
    assert game.position.to_notation() == "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N"  # the learner's move, shown meanwhile
    _, purpose, request = held.asked[-1]
    assert (purpose, request.kind, request.level, request.position) == ("sandbox", "choose", "easy", game.position)
    game.press(2)  # a press while it thinks changes nothing
    assert game.position.to_notation() == "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N"
    held.release()
    at.run()
    assert not at.exception, at.exception
    results = game.game.results
    assert not at.status and game.position.to_move == "S"
    assert results[0].mover == "S" and len(results) >= 2 and {r.mover for r in results[1:]} == {"N"}
    assert [r.pit for r in game.sowing.results] == [r.pit for r in results]  # the board shows both turns


def test_leaving_a_page_abandons_its_search(page_app, held):
    at = page_app("pages/move_outcomes.py")
    at.run()
    at.switch_page("pages/sandbox.py").run()
    assert not at.exception, at.exception
    owner = held.asked[-1][0]
    assert held.cancelled[-1] == (owner, None, ("sandbox", "sandbox/why"))  # the page and its coach kept


# ------------------------------------------------- issue 14: a result reruns the result fragment, never the app


@pytest.mark.parametrize("tick, expected", [(False, []), (True, ["mo_result"])])
def test_a_poll_with_a_fragment_to_rerun_never_reruns_the_app(monkeypatch, tick, expected):
    """The answer is in: from its own tick (Streamlit runs the poll's fragment alone) the poll reruns the
    fragment it is drawn in; drawn by the page's run (``wait``) it neither asks nor reruns anything (that
    run draws the page; the next tick looks again)."""
    asked, reruns, whole = [], [], []
    monkeypatch.setattr(thinking.streamlit_compat, "rerun_fragment", lambda key: reruns.append(key))
    monkeypatch.setattr(thinking.st, "rerun", lambda *a, **k: whole.append(a))
    monkeypatch.setattr(thinking.st, "status", lambda *a, **k: None)
    monkeypatch.setattr(thinking.st, "fragment", lambda **_: lambda body: body)  # the page's run calls it inline
    done = lambda: asked.append(1) or True  # noqa: E731
    if tick:
        thinking._look("working", done, then="mo_result")  # what Streamlit calls on a tick
    else:
        thinking.wait("working", done, slowly=True, then="mo_result", key="mo_poll")
    assert reruns == expected and not whole and len(asked) == len(expected)


def test_move_outcomes_polls_inside_its_result_fragment(page_app, held):
    """The result area is the fragment keyed ``mo_result``; while the search runs the poll is a fragment
    inside it, and once the answer is drawn the poll is gone (its timer stops)."""
    from ui import outcomes

    at = page_app("pages/move_outcomes.py")
    at.run()
    keys, parents = fragment_registry(at)  # AppTest cannot show fragment scoping: the registry can
    assert outcomes.RESULT_FRAGMENT in keys and outcomes.POLL_FRAGMENT in keys
    (poll,) = keys[outcomes.POLL_FRAGMENT]
    (result,) = keys[outcomes.RESULT_FRAGMENT]
    assert parents[poll] == result
    held.release()
    at.run()
    assert not at.exception, at.exception
    assert outcomes.RESULT_FRAGMENT in keys and outcomes.POLL_FRAGMENT not in keys
    assert at.get("plotly_chart")
