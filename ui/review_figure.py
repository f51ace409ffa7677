"""The review's advantage chart: who is ahead with best play after each move, each move marked
(``tutor.review``), and the same numbers as a table (a chart is never the only way to read them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from tutor import words
from ui.figures import COLOURS, SAFE, TEXT, int_axis, int_step, readable

MARK_STYLE = {
    "good": ("circle", COLOURS["eval"], 7),
    "inaccuracy": ("diamond", SAFE[2], 11),
    "mistake": ("square", SAFE[1], 12),
    "blunder": ("x", COLOURS["blunder"], 15),
}
"""Each mark's point on the chart: (plotly symbol, colour, size); a shape as well as a colour."""


def review_figure(rows: Sequence[dict[str, Any]]) -> go.Figure:
    """The advantage (South minus North with best play, ``evaluation``) after each move of a review's
    ``rows`` (``tutor.review.Review.rows``), one line; every move a point in its mark's style, each mark
    its own legend entry. Whole moves and whole seeds on the axes; above 0 says "South ahead", below it
    "North ahead", clear of the points."""
    moves = [r["move"] for r in rows]
    evals = [r["evaluation"] for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=moves, y=evals, mode="lines", line={"color": COLOURS["eval"]}, showlegend=False,
                             hoverinfo="skip"))
    for mark, (symbol, colour, size) in MARK_STYLE.items():
        these = [r for r in rows if r["mark"] == mark]
        if not these:
            continue
        fig.add_trace(go.Scatter(
            x=[r["move"] for r in these], y=[r["evaluation"] for r in these], mode="markers",
            name=words.mark_name(mark), marker={"symbol": symbol, "size": size, "color": colour},
            hovertext=[words.review_point(r) for r in these], hovertemplate="%{hovertext}<extra></extra>"))
    span = max([abs(v) for v in evals] + [2])
    top = span * 1.5 + 2  # room above and below the points for the two sides' names
    last = max(moves + [1])
    step = int_step(last, ticks=10)
    fig.update_yaxes(title_text=words.chart_words("seeds"), zeroline=True, **int_axis(-top, top, ticks=5))
    # who is ahead, in words on each side of 0 (user test: "South - North" said nothing to a child)
    for y, anchor, side in ((top, "top", "S"), (-top, "bottom", "N")):
        fig.add_annotation(xref="paper", x=0.01, xanchor="left", y=y, yanchor=anchor, showarrow=False,
                           text=words.review_side_ahead(side), font=TEXT)
    fig.update_xaxes(title_text=words.chart_words("move"), range=[0.5, last + 0.5], tickmode="linear",
                     tick0=max(1, step), dtick=step, tickformat="d")
    readable(fig)
    # the legend under the move axis's title, never on it (four rows of it on a phone, in Greek)
    fig.update_layout(title={"text": words.review_labels("advantage")}, height=400,
                      margin={"l": 60, "r": 20, "t": 50, "b": 40},
                      legend={"orientation": "h", "yanchor": "top", "y": -0.3, "font": TEXT}, font=TEXT)
    return fig


def review_table(rows: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """The review's moves as text: move, player, pit, mark, the margin the move lost (its loss, a value
    difference, K16/A6), best pit, proven (headed in ``tutor.words.review_columns``)."""
    heads = words.review_columns()
    data = [[r["move"], words.side_name(r["player"]), r["pit"], words.mark_name(r["mark"]), r["lost"], r["best_pit"],
             words.yes_no(r["exact"])] for r in rows]
    return pd.DataFrame(data, columns=list(heads.values()))


__all__ = ["MARK_STYLE", "review_figure", "review_table"]
