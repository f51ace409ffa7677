"""Live class questions on screen: "Ask my class", the pupils' board, the projector's live count.

The teacher (a session that gave the class's PIN) sends the position on
screen; each pupil of the class sees it on the Class page (the sidebar says
a question is open) and presses a pit; the projector shows a bar chart of
the answers, refreshed while open, then what each pit does with best play
(``ui.outcomes``, the engine's analysis). The data is ``store.live``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

import streamlit as st

from engine import NORTH, Position, Rules
from tutor import i18n, words
from tutor.links import read_link
from tutor.live import QuestionActivity, answer_pits, answers_table, question_link, question_puzzle
from ui import board, lang, state, wiring

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from tutor.school import Question, School

# Plotly, the analysis tables (``ui.figures``, ``ui.outcomes``) and the store (SQLAlchemy) are
# imported where they are used: every page imports this module (the sidebar's banner, "Ask my
# class"), and loading them would make every page's first start wait for them.

K = state.Keys.LIVE
ANALYSIS_MS = 1000
"""The thinking time of a revealed question's analysis (ms)."""
BAR_COLOUR = "#0072B2"
BEST_COLOUR = "#009E73"
"""The answers' bars, and those of the best pits (Okabe-Ito blue and bluish green)."""
IN_CLASS = state.Keys.IN_CLASS
"""Session State: the class this pupil's Class page last showed them in (a poll that finds them out
of it reruns the page, which says so: ``ui.class_page.pupil``)."""
POLL = timedelta(seconds=3)
"""How often an open Class page asks for news (answers, a new question). Intervals are timedeltas:
Streamlit reads a string such as "3s" with pandas, which would make every page's first start wait
for pandas."""



def ask_button(rules: Rules, position: Position, where: str, puzzle_id: str | None = None) -> None:
    """"Ask my class" under a board, for a session that opened a class (nothing otherwise); from a
    puzzle (``puzzle_id``), the question carries it: its task goes to the pupils, its answer is the right pit."""
    sess = state.session()
    code = sess.teacher_class
    if code is None or wiring.school() is None:
        return

    def send() -> None:
        from ui import teacher

        if not teacher.still_teacher():
            return
        link = question_link(rules, position, puzzle_id)
        name = wiring.guard(lambda school: (school.ask(code, link), school.class_name(code) or code)[1], None)
        if name is not None:
            state.tell(None)
            st.toast(words.question_sent(name))

    st.button(words.label("ask_class"), key=f"{K}ask_{where}", on_click=send, icon=":material/quiz:")


def _question(link: str) -> tuple[Rules, Position]:
    rules, start, _, _ = read_link(dict(parse_qsl(link)))
    return rules, start


def answers_figure(counts: dict[int, int], pits: int, best: frozenset[int] = frozenset(),
                   north: bool = False) -> go.Figure:
    """Bars of how many pupils chose each pit (1..``pits``), the counts written on the bars; the
    ``best`` pits' bars green. With ``north`` (North to move) pit 1 is on the right, as on the board."""
    import plotly.graph_objects as go

    from ui import figures

    xs = list(range(1, pits + 1))
    ys = [counts.get(p, 0) for p in xs]
    top = max([1, *ys])  # room above the highest bar for its number
    fig = go.Figure(go.Bar(x=xs, y=ys, text=ys, textposition="outside", textfont=figures.TEXT, cliponaxis=False,
                           hovertext=[words.answer_hover(p, n) for p, n in zip(xs, ys, strict=True)],
                           hoverinfo="text", marker_color=[BEST_COLOUR if p in best else BAR_COLOUR for p in xs]))
    fig.update_layout(title={"text": words.answers_title(), "font": {"size": 18, "color": figures.INK}},
                      margin={"l": 50, "r": 10, "t": 50, "b": 50}, height=320,
                      xaxis={"title": words.label("axis_pit"), "tickmode": "array", "tickvals": xs,
                             "autorange": "reversed" if north else True},
                      yaxis={"title": words.label("axis_pupils"), **figures.int_axis(0, top + max(1, top // 5))})
    return figures.readable(fig)


@st.fragment(run_every=POLL)
def teacher_panel() -> None:
    """The projector's part: the open question, how many have answered, reveal (then the pits chosen,
    as bars, and what each move does) and end."""
    from ui import teacher

    sess = state.session()
    code = sess.teacher_class
    if code is None:
        return
    if not teacher.still_teacher():  # signed out by the class's owner, or a new PIN: the page says so
        st.rerun(scope="app")
    read = wiring.guard(lambda school: _teacher_read(school, code), None)
    if read is None:
        return
    count, q, counts, named = read
    st.markdown(words.pupils_now(count))
    st.subheader(words.label("live_question"))
    if q is None:
        st.caption(words.no_question_teacher())
        return
    rules, start = _question(q.link)
    puzzle = question_puzzle(q.link, _puzzles())
    if puzzle is not None:
        st.markdown(words.question_task(puzzle.task))
    # Asked from the moment the question is open (one search in the server's pool, kept when done),
    # so the projector has the best move the moment the answers are shown, no later than the phones.
    analysed = _analysis(start, rules) if puzzle is None else None  # a puzzle's answer is its own
    rows = analysed if q.revealed else None
    best = answer_pits(puzzle) if puzzle is not None and q.revealed else _best(rows)
    left, right = st.columns(2, gap="medium")  # side by side on a projector, one above the other on a phone
    with left:
        board.picture(start, rules, f"{K}board", words.to_move(start.to_move))
    with right:
        st.markdown(f"**{words.live_answers_of(sum(1 for _, pit in named if pit is not None), len(named))}**")
        # The pits chosen stay hidden until the teacher shows the answers: on a projector, bars
        # drawn while pupils still choose would steer the ones who have not answered yet.
        if q.revealed:
            if best:
                said = (words.live_puzzle_answer(sorted(best)) if puzzle is not None
                        else words.live_best(sorted(best), _sure(rows)))
                st.success(said, icon=":material/star:")
                why = _why_best(start, rules) if puzzle is None else None
                if why:
                    st.markdown(f"**{why}**")
            st.plotly_chart(answers_figure(counts, rules.pits, best or frozenset(), start.to_move == NORTH),
                            key=f"{K}chart", width="stretch")
            if named:  # closed: on a projector, the class would read who got it wrong
                # Keyed: the coach's sentence above comes in later (the pool) and would move an unkeyed
                # panel to a new place, closing it under the teacher's hand.
                with lang.panel(words.label("who_chose"), f"{K}who_panel", ":material/group:"):
                    st.dataframe(answers_table(named, best, puzzle is not None), key=f"{K}who", hide_index=True,
                                 width="stretch")
    row = st.container(horizontal=True)
    if not q.revealed:
        row.button(words.label("reveal"), key=f"{K}reveal", on_click=_act, args=("reveal", q.id),
                   icon=":material/visibility:", type="primary")
    row.button(words.label("end_question"), key=f"{K}end", on_click=_act, args=("end", q.id),
               icon=":material/stop_circle:")
    if q.revealed and puzzle is not None:  # the puzzle's own explanation: one answer on the screen
        st.markdown(puzzle.explanation)
    elif q.revealed:
        from ui import outcomes

        if rows is None:
            st.status(words.working_out(), state="running")
        elif not rows:
            st.error(words.outcomes_failed(), icon=":material/error:")
        else:
            key = (start.to_notation(), outcomes.rules_key(rules), ANALYSIS_MS, i18n.current())
            outcomes.render_rows(rows, rules.game, outcomes.figure_of(*key, tuple(rows)))  # each poll: no new figure


def _teacher_read(school: School, code: str) -> tuple[int, Question | None, dict[int, int], list[tuple[str, int | None]]]:
    """What the projector's panel shows of class ``code``: pupils in it, the open question, its
    answers' count per pit and who answered what."""
    q = school.current(code)
    return (school.pupil_count(code), q, school.tally(q.id) if q is not None else {},
            school.answers_by_name(q.id, code) if q is not None else [])


def _act(what: str, question: int) -> None:
    """The teacher shows the answers (``"reveal"``) or ends the question (``"end"``)."""
    from ui import teacher

    if teacher.still_teacher():
        wiring.guard(lambda school: school.reveal(question) if what == "reveal" else school.end_question(question), None)


def _puzzles() -> dict[str, Any]:
    """The puzzles in the session's language (a question names one by its code)."""
    from ui import frame  # the frame draws this module's banner: imported when used

    return frame.puzzles()


def _best_of(run: QuestionActivity) -> tuple[frozenset[int] | None, bool]:
    """The best pits of a revealed question, once the server's shared analysis is known (the class's
    sessions ask the same search: one runs for all), and whether they are proven (:func:`_sure`)."""
    rows = _analysis(run.position, run.rules)
    return _best(rows), _sure(rows)


def _sure(rows: list[dict[str, Any]] | None) -> bool:
    """Whether every value of known analysis rows is proven (else the best move is an estimate)."""
    return bool(rows) and all(r["exact"] for r in rows or ())


def _best(rows: list[dict[str, Any]] | None) -> frozenset[int] | None:
    """The best pits of known analysis rows (``None`` while unknown or failed)."""
    from tutor.analysis import best_pits

    return best_pits(rows) if rows else None


def _why_best(start: Position, rules: Rules) -> str | None:
    """The coach's one sentence on why the best pit of a revealed question is best (``tutor.words.coach_first``
    of the facts the pool works out from the class's shared analysis): ``None`` until both are in."""
    from tutor.thinking import Request
    from ui import thinking

    answer = thinking.ask(Request("outcomes", start, rules, ANALYSIS_MS))
    if answer.state != "done":
        return None
    coach = thinking.ask(Request("coach", start, rules, ANALYSIS_MS, values=tuple(answer.value)), why=True)
    if coach.state != "done" or not coach.value:
        return None
    chosen = coach.value[0].best.pit  # the best pit the coach compares every move with
    return next(words.coach_first(f) for f in coach.value if f.pit == chosen)


def _analysis(start: Position, rules: Rules) -> list[dict[str, Any]] | None:
    """What each pit of a revealed question does with best play (``tutor.analysis.move_rows``), worked
    out in the server's pool: ``None`` while it runs (the panel polls anyway, so it never waits
    here), ``[]`` if it failed."""
    from tutor.thinking import Request
    from ui import outcomes, thinking

    answer = thinking.ask(Request("outcomes", start, rules, ANALYSIS_MS))
    if answer.state == "running":
        return None
    if answer.state == "failed":
        return []
    return outcomes.rows_of(start.to_notation(), outcomes.rules_key(rules), ANALYSIS_MS, i18n.current(),
                            tuple(answer.value))


@st.fragment(run_every=POLL)
def pupil_panel() -> None:
    """A pupil's part: the open question's board to press, or a line saying there is none."""
    sess = state.session()
    code = sess.learner
    school = wiring.school()
    if school is None or code is None:
        return
    read = wiring.guard(lambda school: _pupil_read(school, code), None)
    if read is None:
        return
    joined, q = read
    if joined is None:
        if st.session_state.get(IN_CLASS) is not None:  # taken out while the page was open: say so
            st.rerun(scope="app")
        return
    st.subheader(words.label("live_question"))
    if q is None:
        sess.question = None
        st.caption(words.no_question())
        return
    if sess.question is None or sess.question[0] != q.id:
        chosen = wiring.guard(lambda school: school.my_answer(q.id, code), None)
        qid = q.id
        sess.question = (qid, QuestionActivity(q.link, lambda pit: wiring.guard(lambda s: s.answer(qid, code, pit), "closed"),
                                               chosen, q.revealed, question_puzzle(q.link, _puzzles())))
    run = sess.question[1]
    task = run.task()
    if task is not None:
        st.markdown(words.question_task(task))
    if q.revealed:
        best, sure = _best_of(run) if run.puzzle is None else (run.best, True)  # a puzzle's answer: known at once
        if not run.revealed or best != run.best or sure != run.sure:
            run.reveal(best, sure)
    board.draw(run, f"{K}pupil_board")
    if run.notice is not None:
        getattr(st, run.notice.kind)(run.notice.text)


def _pupil_read(school: School, learner: str) -> tuple[tuple[str, str] | None, Question | None]:
    """The class ``learner`` joined (``(code, name)`` or ``None``) and its open question."""
    joined = school.class_of(learner)
    return joined, school.current(joined[0]) if joined else None


__all__ = ["IN_CLASS", "answers_figure", "ask_button", "pupil_panel", "teacher_panel"]
