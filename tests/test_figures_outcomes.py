"""The Move outcomes figure's layout (ui/figures.py): axis titles that fit in both languages, and a
legend whose "estimate" key is hatched like the estimate bars. Built directly from hand-made rows."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from tutor import i18n, words
from ui import figures


def _rows(results):
    """Move rows for pits 1.. with ``results`` ("win", "draw", "loss" proven; "estimate" not)."""
    values = {"win": 31, "draw": 0, "loss": -38, "estimate": -5}
    return [{"pit": p, "seeds": 1, "into_store": 0, "captured": 0, "handed_to_opponent": 1, "extra_turn": False,
             "game_end": False, "value": values[r], "result": r, "exact": r != "estimate", "depth": 7 if r == "estimate" else 1000,
             "best_line": str(p), "summary": f"pit {p}"} for p, r in enumerate(results, 1)]


@pytest.fixture(params=["en", "el"])
def lang(request):
    i18n.use(request.param)
    yield request.param
    i18n.use(None)


def test_the_y_titles_get_the_room_they_need_in_every_language(lang):
    """The value axis says in plain words what a value is (user test: "you minus them" said nothing to a
    child). Tester (Greek, 1366x768): "εσύ μείον αντίπαλος" was cut at the left (a fixed 50 px margin held
    the tick labels and the title). The margin now grows to fit both (automargin), the title a few px
    off the ticks; checked by plotly's own validation too."""
    fig = figures.outcomes_figure(_rows(["loss", "win", "estimate", "draw"]))
    go.Figure(fig.to_dict())  # plotly's checks pass (the figure is built unchecked)
    titles = {"en": ("seeds", "how many seeds you<br>end ahead (or behind)"),
              "el": ("σπόροι", "πόσους σπόρους τελειώνεις<br>μπροστά (ή πίσω)")}[lang]
    axes = (fig.layout.yaxis, fig.layout.yaxis2)
    assert tuple(a.title.text for a in axes) == titles
    for axis in axes:
        assert axis.automargin is True
        assert axis.title.standoff == 6
    assert fig.layout.margin.l == 50  # the least left margin; automargin only ever adds to it


def test_the_estimate_legend_key_is_hatched_like_the_estimate_bars(lang):
    """Tester: the estimate bars are hatched and their legend key was a plain square. The key is a bar
    with no point (drawn only in the legend) carrying the bars' colour and pattern; it shares the value
    bars' offset group, so the value bars keep their width and place."""
    fig = figures.outcomes_figure(_rows(["loss", "estimate", "win", "estimate"]))
    value = next(t for t in fig.data if t.name == words.chart_words("value"))
    hatched = {s for s, row in zip(value.marker.pattern.shape, _rows(["loss", "estimate", "win", "estimate"]))
               if not row["exact"]}
    assert list(value.marker.pattern.shape) == ["", "/", "", "/"] and hatched == {"/"}
    key = next(t for t in fig.data if t.name == words.chart_words("value_estimate"))
    assert key.type == "bar" and key.showlegend is not False and list(key.x) == [None]
    assert key.marker.pattern.shape == "/"
    assert key.marker.color == figures.COLOURS["estimate"] == value.marker.color[1]
    proven = [t for t in fig.data if t.name in (words.chart_words("value_win"), words.chart_words("value_loss"))]
    assert [(t.marker.color, t.marker.pattern.shape) for t in proven] == [
        (figures.COLOURS["win"], ""), (figures.COLOURS["loss"], "")]
    for t in (key, *proven):
        assert (t.alignmentgroup, t.offsetgroup, t.xaxis, t.yaxis) == ("value", "value", "x2", "y2")
    assert (value.alignmentgroup, value.offsetgroup) == ("value", "value")
    now = [t for t in fig.data if t.type == "bar" and t.yaxis == "y"]
    assert [t.offsetgroup for t in now] == ["into_store", "captured", "handed_to_opponent"]
    assert {t.alignmentgroup for t in now} == {"now"}  # apart from the value bars (the pits' axes are shared)


def test_the_pits_axis_names_each_pit_by_its_number_under_one_title(lang):
    """Tester (Greek, 390 px): six tilted "λακκάκι n" labels ran into each other. The bottom axis says
    the number only, level, under the title "Pit" / «Λακκάκι»; the bars keep their pits."""
    fig = figures.outcomes_figure(_rows(["loss", "win", "estimate", "draw", "win", "loss"]))
    go.Figure(fig.to_dict())
    axis = fig.layout.xaxis2
    assert list(axis.ticktext) == ["1", "2", "3", "4", "5", "6"]
    assert list(axis.tickvals) == [words.pit_label(p) for p in range(1, 7)] == list(fig.data[0].x)
    assert (axis.title.text, axis.tickangle) == ({"en": "Pit", "el": "Λακκάκι"}[lang], 0)


def test_with_north_to_move_both_plots_run_the_pits_as_north_s_row_does():
    """North's pits run 6..1 from left to right on the board: the two plots' shared pit axis too (a
    teacher saw the answers chart and this one under it run opposite ways)."""
    rows = _rows(["loss", "win", "estimate", "draw"])
    south, north = figures.outcomes_figure(rows), figures.outcomes_figure(rows, north=True)
    assert (north.layout.xaxis.autorange, north.layout.xaxis2.autorange) == ("reversed", "reversed")
    assert south.layout.xaxis.autorange is None and south.layout.xaxis2.autorange is None
    assert [t.x for t in north.data] == [t.x for t in south.data]
