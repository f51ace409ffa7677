"""The Practice page's dashboard: the learner's rating puzzle by puzzle (a line) and their themes (bars).

Made for a 10-year-old: the rating line starts at the first rating and gains a point a rated puzzle;
a point where the rating was still provisional (finding its level) is a hollow ring labelled ``"1290?"``,
a settled one a filled dot;
each theme is one bar, the share solved at the first try, labelled with its count ("3 of 4"), green
from half solved up, orange below, strongest on top. Every word comes from ``tutor.words``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from tutor import words
from tutor.practice import ThemeScore
from tutor.ratings import START, RatedTry, Rating, provisional_points
from ui.figures import INK, SAFE, TEXT, TITLE

STRONG, WEAK = SAFE[3], SAFE[4]
"""A theme's bar: at least half solved at the first try, or less (colour-blind-safe palette)."""
LABEL_INSIDE = 0.25
"""A theme's bar this long (share solved) or longer has its count inside, a shorter one beside it."""


def rating_points(history: Sequence[RatedTry]) -> tuple[list[int], list[int]]:
    """The rating line's points: ``(0, the first rating)`` then ``(k, the rating after the k-th rated try)``,
    whole numbers as the learner reads them."""
    first = round(history[0].rating - history[0].change) if history else round(START)
    return list(range(len(history) + 1)), [first, *(round(t.rating) for t in history)]


def rating_figure(history: Sequence[RatedTry], now: Rating) -> Any:
    """The learner's rating, puzzle by puzzle (a plotly line, then its points and their numbers): a point
    where the rating was provisional (:func:`tutor.ratings.provisional_points`, ``now``: the learner's
    rating now) is a hollow ring labelled ``"1290?"``, with a legend saying what the ring means."""
    x, y = rating_points(history)
    unsure = provisional_points(history, now)
    labels = len(x) <= 12
    fig = go.Figure(go.Scatter(x=x, y=y, mode="lines", line={"color": SAFE[0], "width": 3}, hoverinfo="skip",
                               showlegend=False))
    for provisional in (True, False):
        at = [k for k in x if unsure[k] == provisional]
        if not at:
            continue
        shown = [words.rating_value(y[k], provisional) for k in at]
        fig.add_trace(go.Scatter(
            x=at, y=[y[k] for k in at], mode="markers+text" if labels else "markers",
            text=shown, textposition="top center", hovertext=shown, hovertemplate="%{x}: %{hovertext}<extra></extra>",
            marker={"size": 11, "color": "white" if provisional else SAFE[0],  # a hollow ring, a filled dot
                    "line": {"color": SAFE[0], "width": 2}},
            name=words.practice_label("provisional_points" if provisional else "settled_points")))
    fig.update_layout(title={"text": words.practice_label("rating_chart"), "font": TITLE}, font=TEXT,
                      height=360 if any(unsure) else 320, margin={"l": 10, "r": 10, "t": 50, "b": 10},
                      showlegend=any(unsure),  # what a ring means, under the puzzles' axis (a phone's width too)
                      legend={"orientation": "h", "yanchor": "top", "y": -0.25, "xanchor": "left", "x": 0.0})
    fig.update_xaxes(title_text=words.practice_label("puzzles_axis"), dtick=max(1, len(x) // 8), color=INK)
    fig.update_yaxes(title_text=words.practice_label("rating_axis"), color=INK,
                     range=[min(y) - 40, max(y) + 40])  # room for the numbers above the points
    return fig


def themes_figure(scores: Sequence[ThemeScore]) -> Any:
    """The learner's themes: one horizontal bar each, the share solved at the first try in percent,
    labelled "3 of 4", strongest on top."""
    titles = words.theme_entries()
    shown = list(reversed(scores))  # plotly draws the first bar at the bottom
    fig = go.Figure(go.Bar(
        y=[titles[s.theme].title if s.theme in titles else s.theme for s in shown],
        x=[round(100 * s.share) for s in shown], orientation="h",
        text=[words.solved_of(s.solved, s.tries) for s in shown], cliponaxis=False,
        # inside a long bar; beside a short one (a bar at 0% has no room inside: "auto" hid its "0 of 1")
        textposition=["inside" if s.share >= LABEL_INSIDE else "outside" for s in shown],
        marker={"color": [STRONG if s.share >= 0.5 else WEAK for s in shown]},
        hovertemplate="%{y}: %{x}%<extra></extra>"))
    fig.update_layout(title={"text": words.practice_label("themes_chart"), "font": TITLE}, font=TEXT,
                      height=120 + 40 * len(shown), margin={"l": 10, "r": 10, "t": 50, "b": 10}, showlegend=False)
    fig.update_xaxes(title_text=words.practice_label("share_axis"), range=[0, 100], color=INK)
    fig.update_yaxes(color=INK)
    return fig


__all__ = ["LABEL_INSIDE", "STRONG", "WEAK", "rating_figure", "rating_points", "themes_figure"]
