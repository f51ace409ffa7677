"""The sandbox's game story: stores and evaluation per move, blunders, and a way back to each."""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine import MoveValue, Position, Rules
from tutor import words
from tutor.analysis import blunders, story_rows
from tutor.sandbox import SandboxActivity
from tutor.thinking import Request
from ui import figures, reveal, sandbox_panels, state, thinking

STORY_MS = 300
"""Thinking time per move of the story, in milliseconds."""


def request(sb: SandboxActivity) -> Request:
    """The search of ``sb``'s story: every position a move was played from, :data:`STORY_MS` each,
    in the server's process pool (``tutor.thinking``; never on the page's script thread)."""
    before = tuple(sb.game.positions()[:len(sb.game.results)])
    return Request("story", sb.game.start, sb.rules, STORY_MS, positions=before)


def render(sb: SandboxActivity) -> None:
    """Chart, blunders, and "Go back to that move" (undo to before it; Redo brings the moves back); while
    a game against the computer or on a clock goes on, only why it waits (``SandboxActivity.analysis_allowed``).
    Like the moves table, it follows the board move by move (``ui.reveal.by_move``): never a move ahead of
    the seeds the board is still sowing."""
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
    reveal.by_move(f"{K}v", sb, lambda k: _story(sb, rows, k))


def _story(sb: SandboxActivity, every: list[dict[str, Any]], k: int | None) -> None:
    """The story of the first moves the board shows (``k`` of its sowing, ``None``: all; ``every``: the
    rows of the whole game), each copy's widgets keyed apart."""
    K = state.Keys.STORY
    shown = sandbox_panels.moves_shown(sb, k)
    if not shown:
        st.caption(words.story_empty())
        return
    if shown < len(every) and sb.waits_under_way() is not None:  # the game's end is still being sown
        st.caption(words.fair_play_wait("story", sb.waits_under_way() == "computer"))
        return
    rows = every[:shown]
    tag = "" if k is None else f"_{k}"
    st.plotly_chart(figures.story_figure(rows), key=f"{K}chart{tag}", width="stretch")
    st.table(figures.story_table(rows), hide_index=True)  # the chart's numbers as text (a real table)
    bad = blunders(rows)
    if not bad:
        st.caption(words.no_blunders())
        return
    st.markdown(words.label("worst_moves"))
    labels = {r["move"]: words.blunder_line(r) for r in bad}
    st.markdown("\n".join(f"- {text}" for text in labels.values()))
    pick = st.selectbox(words.label("go_back_to"), list(labels), format_func=labels.__getitem__, key=f"{K}pick{tag}")

    def jump() -> None:
        sb.jump_to_before(int(st.session_state.get(f"{K}pick{tag}", pick)))

    st.button(words.label("go_back"), key=f"{K}jump{tag}", on_click=sandbox_panels.whole_page(jump),
              icon=":material/undo:")
