"""The game story's words and figures mark what the search did not prove (issue 31): "≈" on values, "about" in words, hollow
points on the chart, an "Exact" column in its table and a legend under it, in English and Greek."""

from __future__ import annotations

from tutor import i18n, words
from ui import figures


def row(exact: bool, lost: int = 7) -> dict:
    return {"move": 2, "player": "S", "player_name": words.side_name("S"), "pit": 1, "south_store": 1,
            "north_store": 0, "evaluation": -1, "best": 6, "played": -1, "lost": lost, "best_pit": 6, "exact": exact}


def test_an_estimated_story_value_says_so_and_a_proven_one_does_not():
    assert words.signed_value(-1, True) == "-1" and words.signed_value(3, False) == "≈ +3"
    assert words.story_point(row(True)) == ("move 2: South pit 1; South -1 with best play; this move threw away 7 "
                                            "seeds compared with the best move (pit 6)")
    assert words.story_point(row(False)) == ("move 2: South pit 1; South ≈ -1, estimated; this move threw away "
                                             "about 7 seeds compared with the best move (pit 6)")
    assert words.lost_label(7) == "lost 7" and words.lost_label(7, False) == "lost ≈7"
    assert words.blunder_line(row(False)) == "move 2: South pit 1 lost about 7 (pit 6 was best)"
    assert words.blunder_line(row(True)) == "move 2: South pit 1 lost 7 (pit 6 was best)"
    assert "about 7" in words.lost_words(row(False)) and "estimated" in words.lost_words(row(False))
    assert words.story_estimates([row(True)]) is None
    assert words.story_estimates([row(True), row(False)]).startswith("Values marked ≈")


def test_the_greek_story_says_estimated_too():
    i18n.use("el")
    try:
        assert words.story_point(row(False)).endswith("έχασε περίπου 7 σπόρους σε σύγκριση με την καλύτερη κίνηση "
                                                      "(λακκάκι 6)")
        assert "κατά εκτίμηση" in words.story_point(row(False))
        assert words.blunder_line(row(False)).count("περίπου 7") == 1
        assert words.story_estimates([row(False)]).startswith("Οι τιμές με το σύμβολο ≈")
    finally:
        i18n.use(None)

def test_the_story_chart_draws_estimates_hollow_and_its_table_says_which_are_exact():
    rows = [dict(row(True, 0), move=1), row(False)]
    fig = figures.story_figure(rows)
    evaluation = next(t for t in fig.data if t.name == words.chart_words("eval"))
    assert list(evaluation.marker.symbol) == ["circle", "circle-open"]
    blunder = next(t for t in fig.data if t.mode == "markers+text")
    assert list(blunder.text) == ["lost ≈7"]
    table = figures.story_table(rows)
    assert list(table[words.outcome_columns()["exact"]]) == ["yes", "no"]
