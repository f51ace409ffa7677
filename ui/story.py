"""The sandbox's game story: stores and evaluation per move, blunders, and a way back to each."""

from __future__ import annotations

import streamlit as st

from engine import MoveValue, Position, Rules
from tutor import words
from tutor.analysis import blunders, story_rows
from tutor.sandbox import SandboxActivity
from tutor.thinking import Request
from ui import figures, sandbox_panels, state, thinking

STORY_MS = 300
"""Thinking time per move of the story, in milliseconds."""


def request(sb: SandboxActivity) -> Request:
    """The search of ``sb``'s story: every position a move was played from, :data:`STORY_MS` each,
    in the server's process pool (``tutor.thinking``; never on the page's script thread)."""
    before = tuple(sb.game.positions()[:len(sb.game.results)])
    return Request("story", sb.game.start, sb.rules, STORY_MS, positions=before)


def render(sb: SandboxActivity) -> None:
    """Chart, blunders, and "Go back to that move" (undo to before it; Redo brings the moves back); while
    a game against the computer or on a clock goes on, only why it waits (``SandboxActivity.analysis_allowed``)."""
    K = state.Keys.STORY
    if not sb.game.results:
        st.caption(words.story_empty())
        return
    if not sb.analysis_allowed():  # fair play (issue 35): the engine's values wait for the game's end
        st.caption(words.fair_play_wait("story", sb.waits_for() == "computer"))
        return
    if not st.toggle(words.label("story_toggle"), key=f"{K}on"):
        return
    search = request(sb)
    answer = thinking.ask(search)
    if answer.state == "running":
        thinking.wait(words.analysing(), lambda: thinking.ask(search).state != "running", slowly=True)
        return
    if answer.state == "failed":
        st.error(words.outcomes_failed(), icon=":material/error:")
        return
    found: dict[Position, list[MoveValue]] = dict(zip(search.positions, answer.value, strict=True))

    def values(position: Position, _rules: Rules) -> list[MoveValue]:
        return found[position]

    rows = story_rows(sb.game, values)
    st.plotly_chart(figures.story_figure(rows), key=f"{K}chart", width="stretch")
    st.table(figures.story_table(rows), hide_index=True)  # the chart's numbers as text (a real table)
    legend = words.story_estimates(rows)
    if legend:
        st.caption(legend)
    bad = blunders(rows)
    if not bad:
        st.caption(words.no_blunders())
        return
    st.markdown(words.label("worst_moves"))
    labels = {r["move"]: words.blunder_line(r) for r in bad}
    st.markdown("\n".join(f"- {text}" for text in labels.values()))
    pick = st.selectbox(words.label("go_back_to"), list(labels), format_func=labels.__getitem__, key=f"{K}pick")

    def jump() -> None:
        sb.jump_to_before(int(st.session_state.get(f"{K}pick", pick)))

    st.button(words.label("go_back"), key=f"{K}jump", on_click=sandbox_panels.whole_page(jump), icon=":material/undo:")
