"""The Move outcomes page: for every legal pit, what it does now and what it leads to.

The position comes from the sandbox, a lesson step, or a pasted notation;
the values are worked out in the server's process pool (``tutor.thinking``, polled by
``ui.thinking``: the page never waits on a search), the rows are ``tutor.analysis.move_rows``
and the figure is ``ui.figures.outcomes_figure``, both cached by position, rules, thinking time
and language (a revisit or a rerun builds neither again).

The result area is a fragment (:data:`RESULT_FRAGMENT`): polling for the pool's answer and
drawing the chart and table rerun only it, never the frame, the sidebar or the choices above
(issue 14: a result arriving in one session must not slow the others).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from engine import GAMES, MAX_NOTATION_LENGTH, NORTH, MoveValue, Position, Rules, legal_moves, option, rules_for_position, rules_from_params
from tutor import i18n, words
from tutor.analysis import OUTCOME_KEYS, move_rows
from tutor.sandbox import SandboxActivity
from tutor.thinking import Request
from ui import figures, frame, learner, state, thinking

K = state.Keys.OUTCOMES
THINK_MS = (300, 1000, 3000)
RESULT_FRAGMENT = f"{K}result"
"""Fragment key of the result area (the "working out" sign, then the chart, words and table)."""
POLL_FRAGMENT = f"{K}poll"
"""Fragment key of the poll inside it while the search runs."""
WHY_POLL = f"{K}why_poll"
"""Fragment key of the poll inside it while the coach works out the answers (``tutor.coach_facts``)."""


def rules_key(rules: Rules) -> tuple[tuple[str, str], ...]:
    """A hashable, cache-friendly description of the rules (``to_params`` fields)."""
    return tuple(sorted(rules.to_params().items()))


@st.cache_data(show_spinner=False, max_entries=256)
def rows_of(notation: str, rules_items: tuple[tuple[str, str], ...], time_ms: int, lang: str,
            _values: tuple[MoveValue, ...]) -> list[dict[str, Any]]:
    """:func:`tutor.analysis.move_rows` for the values the pool worked out (``_values``, the
    ``tutor.thinking`` answer to this notation, rules and time), per language."""
    rules = rules_from_params(dict(rules_items))
    return move_rows(Position.from_notation(notation, rules), rules, list(_values))


@st.cache_resource(show_spinner=False, max_entries=64)
def figure_of(notation: str, rules_items: tuple[tuple[str, str], ...], time_ms: int, lang: str,
              _rows: tuple[dict[str, Any], ...]) -> Any:
    """:func:`ui.figures.outcomes_figure` of ``_rows`` (:func:`rows_of` for the same notation, rules,
    time and language), built once and shared: the same ``plotly`` figure object for the same key.
    Read-only (``st.plotly_chart`` never changes it)."""
    rules = rules_from_params(dict(rules_items))
    north = Position.from_notation(notation, rules).to_move == NORTH
    return figures.outcomes_figure(list(_rows), dict(rules_items).get("game", "kalah"), north)


def parse_pasted(text: str, game: str, options: dict[str, Any]) -> tuple[Position, Rules]:
    """A pasted notation and the chosen game: the position and its rules (Kalah's pits and
    seeds read from it, K1/K2). Raises ``NotationError``/``ValueError`` from the engine."""
    pos = Position.from_notation(text)
    rules = rules_for_position(pos, game, **options)
    return Position.from_notation(text, rules), rules


def _from_sandbox() -> tuple[Position, Rules] | None:
    if learner.reporting() and not state.linked_sandbox():
        # A reload's first run: the learner's kept game comes with the keeper's report (a whole run);
        # the start position analysed meanwhile showed a best move for a board nobody has.
        st.info(words.game_coming(), icon=":material/hourglass_top:")
        return None
    sb = state.sandbox()
    sb.catch_up()  # the game as another tab left it
    if not sb.analysis_allowed():  # fair play (issue 35): its best moves wait for the game's end
        st.info(words.fair_play_wait("outcomes", sb.waits_for() == "computer"), icon=":material/sports_esports:")
        frame.link("sandbox", words.back_to_sandbox(), ":material/arrow_back:")
        return None
    if sb.over() and sb.game.results:
        return _finished(sb), sb.rules
    return sb.position, sb.rules


def _finished(sb: SandboxActivity) -> Position:
    """A finished game's position to analyse, picked by the move played from it (by default the
    learner's own last move, against the computer: read from their side; the game's end itself has
    no move to analyse)."""
    positions, results = sb.game.positions(), sb.game.results
    mine = [i for i, r in enumerate(results) if sb.mode != "computer" or r.mover != sb.computer_side]
    last = mine[-1] if mine else len(results) - 1  # the learner's own last move: read from their side
    k = st.selectbox(words.outcomes_labels("moment"), range(len(results)), index=last,
                     key=f"{K}moment_{sb.action}", help=words.outcomes_labels("moment_help"),
                     format_func=lambda i: words.game_moment(i + 1, results[i].mover, results[i].pit))
    return positions[int(k)]


def _from_lesson() -> tuple[Position, Rules] | None:
    lessons = frame.lessons()
    lid = st.selectbox(words.outcomes_labels("lesson"), list(lessons), key=f"{K}lesson",
                       format_func=lambda i: f"{lessons[i].number}. {lessons[i].title}")
    lesson = lessons[lid]
    steps = list(lesson.steps)
    k = st.selectbox(words.outcomes_labels("step"), range(len(steps)), key=f"{K}step",
                     format_func=lambda i: f"{i + 1}. {steps[i].title}")
    return lesson.step_position(steps[k]), lesson.step_rules(steps[k])


START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"
"""What the paste box holds before anything is pasted: Kalah's start."""


def _keep_short() -> None:
    """The paste box changed: text longer than any position (``engine.MAX_NOTATION_LENGTH``) is refused whole,
    the box gets back what it held and :func:`_pasted` says why (the browser's own limit refused it
    silently: ut46 #11); else the text is kept as the one to go back to."""
    key = f"{K}notation"
    text = st.session_state.get(key) or ""
    if len(text) > MAX_NOTATION_LENGTH:
        st.session_state[key] = st.session_state.get(f"{K}notation_kept", START)
        st.session_state[f"{K}too_long"] = len(text)
    else:
        st.session_state[f"{K}notation_kept"] = text


def _pasted() -> tuple[Position, Rules] | None:
    c1, c2 = st.columns([3, 1])
    st.session_state.setdefault(f"{K}notation", START)
    text = c1.text_input(words.outcomes_labels("paste"), key=f"{K}notation", help=words.outcomes_labels("paste_help"),
                         on_change=_keep_short)
    too_long = st.session_state.pop(f"{K}too_long", None)
    if too_long is not None:
        c1.warning(words.pasted_too_long(too_long, MAX_NOTATION_LENGTH), icon=":material/content_cut:")
    game = c2.radio(words.label("game"), list(GAMES), key=f"{K}game", format_func=words.game_title)
    options: dict[str, Any] = {}
    # The rules' options but the board's size (the pasted notation says it), as the sandbox asks them:
    # short labels, their meaning in the help (long ones were cut at 1366 px, in Greek most of all).
    names = ("empty_capture", "early_win", "end_rule", "capture_to") if game == "kalah" else ("grand_slam",)
    cols = st.columns(2)
    for k, name in enumerate(names):
        opt, where = option(game, name), cols[k % 2]
        label, key, help_text = words.option_label(opt), f"{K}{game}_{name}", words.option_help(opt)
        if opt.kind == "bool":
            options[name] = where.checkbox(label, key=key, value=bool(opt.default), help=help_text)
        else:
            options[name] = where.radio(label, list(opt.values), key=key, horizontal=True, help=help_text,
                                        format_func=lambda v, o=opt: words.option_value(o, v))
    if not (text or "").strip():
        st.error(words.cannot_analyse(words.notation_problem_empty()), icon=":material/error:")
        return None
    try:
        pasted = parse_pasted(text.strip(), game, options)
    except ValueError as exc:
        st.error(words.cannot_analyse(words.pasted_problem(exc, game)), icon=":material/error:")
        return None
    sb = state.sandbox()
    if not sb.analysis_allowed() and pasted[0].to_notation() == sb.position.to_notation():
        # fair play: the sandbox's game under way, typed in by hand, waits for its end like itself
        st.info(words.fair_play_wait("outcomes", sb.waits_for() == "computer"), icon=":material/sports_esports:")
        return None
    return pasted


SOURCES = {"sandbox": _from_sandbox, "lesson": _from_lesson, "paste": _pasted}


def table_frame(rows: list[dict[str, Any]], game: str = "kalah") -> pd.DataFrame:
    """The table shown and downloaded, headers and words in the session's language (``tutor.words``):
    Awari leaves out ``into_store`` (A1: no sowing into a store). A proven value's "moves looked ahead"
    is left empty: it looks to the end of the game (a teacher read "1000", the search's own mark)."""
    frame_ = pd.DataFrame(rows, columns=list(OUTCOME_KEYS))
    frame_["depth"] = ["" if r["exact"] else str(r["depth"]) for r in rows]
    frame_ = frame_.assign(result=frame_["result"].map(words.outcome_result),
                           **{k: frame_[k].map(words.yes_no) for k in ("extra_turn", "game_end", "exact")})
    if game == "oware":
        frame_ = frame_.drop(columns=["into_store"])
    return frame_.rename(columns=words.outcome_columns())


def render_rows(rows: list[dict[str, Any]], game: str = "kalah", figure: Any = None,
                after_words: Callable[[], None] | None = None) -> None:
    """The chart (``figure``, or one built from ``rows``), the words, ``after_words()`` (the coach's
    "Why?") and the table (with CSV) for the rows of one position."""
    if figure is None:
        figure = figures.outcomes_figure(rows, game)
    st.plotly_chart(figure, key=f"{K}chart", width="stretch")
    depths = {r["depth"] for r in rows if not r["exact"]}
    if len(depths) == 1:
        st.caption(words.same_depth_note(depths.pop()))
    warning = words.depth_warning(rows)
    if warning:
        st.warning(warning, icon=":material/warning:")
    st.markdown(words.best_sentence(rows))
    st.markdown("\n".join(f"- {r['summary']}" for r in rows))
    if after_words is not None:
        after_words()
    table = table_frame(rows, game)
    depth = words.outcome_columns()["depth"]
    st.dataframe(table, hide_index=True, key=f"{K}table", column_config={
        depth: st.column_config.TextColumn(depth, help=words.chart_words("depth_help"))})
    st.download_button(words.outcomes_labels("download"), table.to_csv(index=False, sep=words.csv_separator()).encode("utf-8-sig"),
                       file_name="move-outcomes.csv", mime="text/csv", key=f"{K}download", icon=":material/download:")


def render() -> None:
    """The Move outcomes page body (below the title)."""
    st.caption(words.outcomes_intro())
    c1, c2 = st.columns([2, 1])
    names = words.source_names()
    source = c1.radio(words.outcomes_labels("position"), list(SOURCES), key=f"{K}source", horizontal=True,
                      format_func=names.get)
    think_names = words.think_names()
    think = c2.selectbox(words.outcomes_labels("thinking"), THINK_MS, index=1, key=f"{K}think",
                         format_func=think_names.__getitem__)
    picked = SOURCES[source]()
    if picked is None:
        return
    pos, rules = picked
    st.caption(words.outcomes_heading(words.rules_description(rules), pos.to_notation(), pos.to_move))
    if not legal_moves(pos, rules):
        st.info(words.nothing_to_analyse(), icon=":material/flag:")
        return
    _result(Request("outcomes", pos, rules, int(think)))


@st.fragment(key=RESULT_FRAGMENT)
def _result(request: Request) -> None:
    """The result area: a "working out" sign polling the pool until the answer is in (then this
    fragment alone runs again), the answer's chart, words and table, or why it failed."""
    answer = thinking.ask(request)
    if answer.state == "running":  # worked out in the server's pool; the page polls, never blocks
        thinking.wait(words.working_out(), lambda: thinking.ask(request).state != "running", slowly=True,
                      then=RESULT_FRAGMENT, key=POLL_FRAGMENT)
        return
    if answer.state == "failed":
        st.error(words.outcomes_failed(), icon=":material/error:")
        return
    key = (request.position.to_notation(), rules_key(request.rules), int(request.time_ms or 0), i18n.current())
    rows = rows_of(*key, tuple(answer.value))
    coach = Request("coach", request.position, request.rules, request.time_ms, values=tuple(answer.value))
    render_rows(rows, request.rules.game, figure_of(*key, tuple(rows)), lambda: why(coach))


def why(request: Request) -> None:
    """The coach's "Why?" for every pit (``tutor.words.coach_said`` of the facts the pool worked out from
    the page's values, ``request``): one closed expander a pit, under the chart's words."""
    answer = thinking.ask(request, why=True)
    if answer.state == "running":
        thinking.wait(words.working_out(), lambda: thinking.ask(request, why=True).state != "running", slowly=True,
                      then=RESULT_FRAGMENT, key=WHY_POLL)
        return
    if answer.state == "failed":
        return  # the values above are shown; the coach's words are only an extra
    for f in answer.value:
        with st.expander(words.coach_why_title(f.pit), icon=":material/school:"):
            st.markdown(words.coach_said(f))
