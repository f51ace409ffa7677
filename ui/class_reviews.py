"""The teacher's view of the class's reviewed games: per pupil, the finished games they reviewed and
their mistakes by kind (``tutor.classroom.review_rows``), as a table and stacked bars that read on a
projector (18-px words, five colours, a legend in words). Drawn inside "For your screen" (``ui.class_page``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from tutor import words
from tutor.classroom import (
    CLASS_KINDS,
    PupilReviews,
    any_reviewed,
    kind_counts,
    review_rows,
    reviews_csv,
)
from ui import figures, state

K = state.Keys.CLASS
BIG = {"size": 18, "color": figures.INK}
"""Every word and number of the chart: 18 px near black, read from the back of a classroom."""
KIND_COLOURS = {
    "capture_missed": "#0072B2",  # blue
    "capture_allowed": "#D55E00",  # vermillion
    "extra_turn_missed": "#009E73",  # green
    "feed_error": "#CC79A7",  # pink
    "other": "#6E6E6E",  # grey
}
"""One colour per kind of :data:`tutor.classroom.CLASS_KINDS` (Okabe-Ito, safe for colour-blind eyes;
white numbers read on each)."""
ROW_PX, TOP_PX, BOTTOM_PX = 44, 60, 200
"""The chart's height: ``TOP_PX`` for its title, ``ROW_PX`` per pupil, ``BOTTOM_PX`` for the count axis
and the legend below it (up to five rows on a narrow screen)."""


def reviews_figure(pupils: Sequence[PupilReviews]) -> go.Figure:
    """One horizontal bar per pupil (their names down the side, in the class's order from the top),
    stacked by kind of mistake, each part's count written on it; the legend names the kinds in words."""
    names = [p.name for p in pupils]
    counts = [kind_counts(p) for p in pupils]
    fig = go.Figure()
    for kind in CLASS_KINDS:
        xs = [c[kind] for c in counts]
        fig.add_trace(go.Bar(
            y=names, x=xs, orientation="h", name=words.coach_kind_name(kind), marker_color=KIND_COLOURS[kind],
            text=[n or "" for n in xs], textposition="inside", insidetextanchor="middle",
            textfont={"size": BIG["size"], "color": "white"},
            hovertemplate="%{y} · " + words.coach_kind_name(kind).replace("%", "%%") + ": %{x}<extra></extra>"))
    top = max([1, *(sum(c.values()) for c in counts)])
    fig.update_layout(
        barmode="stack", height=TOP_PX + ROW_PX * len(pupils) + BOTTOM_PX, font=BIG,
        title={"text": words.class_review_label("chart"), "font": {**BIG, "size": 22}, "x": 0, "xanchor": "left",
               "xref": "paper", "y": 1, "yref": "container", "yanchor": "top", "pad": {"t": 12}},
        margin={"l": 10, "r": 10, "t": TOP_PX, "b": BOTTOM_PX},
        # below the bars, in the container's coordinates: a long name of a kind wraps to more rows, never over a bar
        legend={"orientation": "h", "x": 0, "y": 0, "xanchor": "left", "yanchor": "bottom", "yref": "container",
                "font": BIG, "traceorder": "normal"},
        xaxis={"title": {"text": words.class_review_label("axis"), "font": BIG}, "tickfont": BIG,
               **figures.int_axis(0, top + max(1, top // 10))},
        yaxis={"autorange": "reversed", "tickfont": BIG, "automargin": True, "type": "category"})
    return fig


def render(pupils: Sequence[PupilReviews], code: str = "") -> None:
    """The section: its heading, then the table, its CSV (``reviews-<code>.csv``) and the chart, or one
    sentence when nobody has reviewed a game. ``code``: the class's code."""
    st.subheader(words.class_review_label("heading"))
    if not any_reviewed(pupils):
        st.info(words.class_no_reviews(), icon=":material/rate_review:")
        return
    st.caption(words.class_reviews_note())
    rows = review_rows(pupils)
    name = words.label("col_name")
    st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"{K}reviews_table",
                 column_config={name: st.column_config.TextColumn(pinned=True)})
    st.download_button(words.class_review_label("download"), reviews_csv(pupils).encode("utf-8-sig"),
                       file_name=f"reviews-{code or 'class'}.csv", mime="text/csv", key=f"{K}reviews_csv",
                       icon=":material/download:")
    st.plotly_chart(reviews_figure(pupils), key=f"{K}reviews_chart", width="stretch")


__all__ = ["BIG", "KIND_COLOURS", "render", "reviews_figure"]
