"""Every chart's numbers are also text (issue 15): the Move outcomes chart's bars equal the
columns of its table (the review's chart: tests/test_review_app.py)."""

from __future__ import annotations

from engine import KalahRules, OwareRules, Position
from tests.test_outcomes_page import exact_values
from tutor import words
from tutor.analysis import move_rows
from ui import figures, outcomes


def test_the_move_outcomes_bars_are_the_numbers_of_its_table():
    for rules, notation in ((KalahRules(pits=3, seeds=2), "2,2,2/0/2,2,2/0/S"),
                            (OwareRules(), "0,0,0,0,1,1/22/1,0,0,1,0,0/22/S")):
        pos = Position.from_notation(notation, rules)
        rows = move_rows(pos, rules, exact_values(pos, rules))
        assert rows
        fig = figures.outcomes_figure(rows, rules.game)
        table = outcomes.table_frame(rows, rules.game)
        bars = {t.name: list(t.y) for t in fig.data if t.type == "bar"}
        for key, name in words.now_bar_names(rules.game):
            assert bars[name] == list(table[words.outcome_columns()[key]]), key
        heads = words.outcome_columns()
        assert bars[words.chart_words("value")] == list(table[heads["value"]])
        assert [r["summary"] for r in rows] == list(table[heads["summary"]])  # and in words beside the chart
