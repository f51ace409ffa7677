"""The sandbox's game story: stores and evaluation per move, blunders, and a way back to each."""

from __future__ import annotations

import streamlit as st

from engine import MoveValue, Position, Rules, analyse, rules_from_params
from tutor import words
from tutor.analysis import blunders, story_rows
from tutor.sandbox import SandboxActivity
from ui import figures, sandbox_panels, state

STORY_MS = 300
"""Thinking time per move of the story, in milliseconds."""


@st.cache_data(show_spinner=False, max_entries=2048)
def _values(notation: str, rules_items: tuple[tuple[str, str], ...], time_ms: int) -> list[MoveValue]:
    rules = rules_from_params(dict(rules_items))
    return list(analyse(Position.from_notation(notation, rules), rules, time_ms=time_ms))


def values(position: Position, rules: Rules) -> list[MoveValue]:
    """``engine.analyse`` of ``position``, cached by (notation, rules)."""
    return _values(position.to_notation(), tuple(sorted(rules.to_params().items())), STORY_MS)


def render(sb: SandboxActivity) -> None:
    """Chart, blunders, and "Go back to that move" (undo to before it; Redo brings the moves back); while
    a game against the computer or on a clock goes on, only why it waits (``SandboxActivity.analysis_allowed``)."""
    K = state.Keys.STORY
    if not sb.game.results:
        st.caption(words.story_empty())
        return
    if not sb.analysis_allowed():  # fair play (issue 35): the engine's values wait for the game's end
        st.caption(words.fair_play_wait("story", sb.mode == "computer"))
        return
    if not st.toggle(words.label("story_toggle"), key=f"{K}on"):
        return
    bar = st.progress(0.0, text=words.analysing())
    rows = story_rows(sb.game, values, progress=lambda f: bar.progress(f, text=words.analysing()))
    bar.empty()
    st.plotly_chart(figures.story_figure(rows), key=f"{K}chart", width="stretch")
    st.table(figures.story_table(rows), hide_index=True)  # the chart's numbers as text (a real table)
    bad = blunders(rows)
    if not bad:
        st.caption(words.no_blunders())
        return
    st.markdown(words.label("worst_moves"))
    labels = {r["move"]: words.blunder_line(r) for r in bad}
    st.markdown("\n".join(f"- {text}" for text in labels.values()))
    pick = st.selectbox(words.label("go_back_to"), list(labels), format_func=labels.get, key=f"{K}pick")

    def jump() -> None:
        sb.jump_to_before(int(st.session_state.get(f"{K}pick", pick)))

    st.button(words.label("go_back"), key=f"{K}jump", on_click=sandbox_panels.whole_page(jump), icon=":material/undo:")
