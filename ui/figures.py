"""Plotly figures of Move outcomes, built from ``tutor.analysis`` rows, and the styles every chart shares.

Colours come from plotly's colour-blind-safe palette (``px.colors.qualitative.Safe``)
and every bar also carries its number as text; every word comes from ``tutor.words``.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from typing import Any

import plotly.express as px
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from tutor import words

SAFE = px.colors.qualitative.Safe
COLOURS = {
    "into_store": SAFE[0],
    "captured": SAFE[1],
    "handed_to_opponent": SAFE[2],
    "win": SAFE[3],
    "draw": SAFE[9] if len(SAFE) > 9 else SAFE[4],
    "loss": SAFE[4],
    "estimate": SAFE[5],
    "eval": SAFE[6],
    "blunder": SAFE[4],
}
INK = "#1f1f1f"
"""The charts' text colour: near black, readable on a projector (plotly's own is a mid grey)."""
TEXT = {"size": 14, "color": INK}
"""Every word and number of a chart (bars, points, axes, legend): 14 px, still fits six pits on a 390-px phone."""
TITLE = {"size": 16, "color": INK}
"""A plot's title: a size larger."""
PATTERN = {"estimate": "/"}
"""The hatching of a value bar that is an estimate (plotly ``marker.pattern.shape``); proven ones are plain."""


def int_step(span: float, ticks: int = 6) -> int:
    """A whole-number tick step (1, 2, 5, 10, 20, ...) giving about ``ticks`` ticks over ``span``.

    >>> [int_step(s) for s in (1, 4, 6, 13, 30, 48, 120)]
    [1, 1, 1, 5, 5, 10, 20]
    """
    raw = max(float(span), 1.0) / max(ticks, 1)
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= raw:
                return step * m
        step *= 10


def readable(fig: go.Figure) -> go.Figure:
    """``fig`` with :data:`TEXT` on every axis's ticks and title, its legend and the rest, and larger
    subplot titles: set on each axis, as Streamlit's theme sets each axis's own (mid grey, 12 px)."""
    fig.update_layout(font=TEXT, legend_font=TEXT)
    fig.update_xaxes(tickfont=TEXT, title_font=TEXT)
    fig.update_yaxes(tickfont=TEXT, title_font=TEXT)
    fig.update_annotations(font=TITLE)
    return fig


def int_axis(lo: float, hi: float, ticks: int = 6) -> dict[str, Any]:
    """Axis settings for whole numbers from ``lo`` to ``hi``: range plus integer ticks ("d" format)."""
    return {"range": [lo, hi], "tickmode": "linear", "tick0": 0, "dtick": int_step(hi - lo, ticks), "tickformat": "d"}


@functools.lru_cache(maxsize=8)
def _outcomes_grid(titles: tuple[str, ...]) -> dict[str, Any]:
    """The layout of two stacked plots sharing the pits' axis, titled ``titles`` (``make_subplots``
    once per language: building it is most of a figure's cost), as a plain dict; copy before changing."""
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.16, subplot_titles=titles)
    fig.update_annotations(font=TITLE)
    return dict(fig.to_dict()["layout"])


def outcomes_figure(rows: Sequence[dict[str, Any]], game: str = "kalah", north: bool = False) -> go.Figure:
    """Two bar charts over the legal pits: what happens now, and what it leads to. With ``north``
    (North to move) the pits run 6..1 from left to right, as North's row does on the board.

    Sized for a projector and a phone (390 px wide): short subplot titles, near-black text of
    14 px (:data:`TEXT`) never shrunk to fit a thin bar, whole-number seed ticks. Awari has no
    "into your store" bar (A1). Built from plain dicts on a cached grid, unchecked by
    plotly (a few ms, not fifty; the tests check the same figure passes plotly's checks).
    """
    pits = [words.pit_label(r["pit"]) for r in rows]
    hover = [r["summary"] for r in rows]
    text_style = {"textposition": "outside", "textfont": TEXT, "constraintext": "none", "cliponaxis": False}
    top_axes = {"xaxis": "x", "yaxis": "y"}
    data: list[dict[str, Any]] = []
    bars = words.now_bar_names(game)
    for key, name in bars:
        ys = [r[key] for r in rows]
        data.append({"type": "bar", "x": pits, "y": ys, "name": name, "marker": {"color": COLOURS[key]}, "text": [str(y) for y in ys],
                     "hovertext": hover, "hovertemplate": "%{hovertext}<br>" + name + ": %{y}<extra></extra>",
                     "alignmentgroup": "now", "offsetgroup": key, **text_style, **top_axes})
    flags = ["<br>".join(w for w, on in ((words.chart_words("extra_turn"), r["extra_turn"]),
                                         (words.chart_words("game_ends"), r["game_end"])) if on) for r in rows]
    top = max([max(r[key] for key, _ in bars) for r in rows] + [1])
    data.append({"type": "scatter", "x": pits, "y": [top * 1.5 + 1] * len(rows), "mode": "text", "text": flags,
                 "name": words.chart_words("flags"), "textfont": TEXT, "hoverinfo": "skip",
                 "showlegend": False, "cliponaxis": False, **top_axes})
    vals = [r["value"] for r in rows]
    data.append({
        "type": "bar", "x": pits, "y": vals, "name": words.chart_words("value"),
        "marker": {"color": [COLOURS[r["result"]] if r["exact"] else COLOURS["estimate"] for r in rows],
                   "pattern": {"shape": [PATTERN["estimate"] if not r["exact"] else "" for r in rows]}},
        "text": [words.value_label(r) for r in rows], "hovertext": hover, "hovertemplate": "%{hovertext}<extra></extra>",
        "showlegend": False, "alignmentgroup": "value", "offsetgroup": "value", **text_style, "xaxis": "x2", "yaxis": "y2",
    })
    # The value bars' colours (and the estimates' hatching) say win, draw, loss or estimate: one legend
    # entry for each kind shown, a bar with no point drawn as the bars are (the legend shows its colour
    # and pattern); it shares the value bars' offset group, so their width and place are unchanged
    # (the shared pits' axes would otherwise group the two plots' bars together: each names its groups).
    shown = {r["result"] if r["exact"] else "estimate" for r in rows}
    for kind in ("win", "draw", "loss", "estimate"):
        if kind in shown:
            data.append({"type": "bar", "x": [None], "y": [None], "name": words.chart_words(f"value_{kind}"),
                         "hoverinfo": "skip", "alignmentgroup": "value", "offsetgroup": "value",
                         "marker": {"color": COLOURS[kind], "pattern": {"shape": PATTERN.get(kind, "")}},
                         "xaxis": "x2", "yaxis": "y2"})
    span = max([abs(v) for v in vals] + [2])
    layout = copy.deepcopy(_outcomes_grid(tuple(words.outcome_titles(all(r["exact"] for r in rows)))))
    # automargin: the left margin grows to hold the tick labels and the title in every language (with
    # a fixed margin the title sits where the tick labels push it: a long Greek one met the left edge)
    layout["yaxis"].update(title={"text": words.chart_words("seeds"), "standoff": 6}, automargin=True,
                           **int_axis(0, top * 1.9 + 1, ticks=4))
    layout["yaxis2"].update(title={"text": words.chart_words("you_ahead"), "standoff": 6}, automargin=True,
                            zeroline=True, **int_axis(-(span * 1.6 + 1), span * 1.6 + 1, ticks=4))
    # The pits' axis names each pit by its number under one title ("Pit"): six "pit n" labels tilted
    # over each other on a phone, in Greek most of all.
    layout["xaxis2"].update(tickmode="array", tickvals=pits, ticktext=[str(r["pit"]) for r in rows], tickangle=0,
                            title={"text": words.label("axis_pit"), "standoff": 4}, automargin=True)
    if north:
        layout["xaxis"]["autorange"] = layout["xaxis2"]["autorange"] = "reversed"
    for axis in ("xaxis", "xaxis2", "yaxis", "yaxis2"):  # Streamlit's theme sets each axis's own font
        layout[axis]["tickfont"] = TEXT
        if "title" in layout[axis]:
            layout[axis]["title"]["font"] = TEXT
    layout.update(barmode="group", height=600, margin={"l": 50, "r": 10, "t": 40, "b": 30},
                  legend={"orientation": "h", "y": -0.12, "font": TEXT}, font=TEXT)
    return go.Figure({"data": data, "layout": layout}, _validate=False)
