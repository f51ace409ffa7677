"""The Move outcomes page and the charts behind it (ui/charts.py), through AppTest and directly."""

from __future__ import annotations

import pandas as pd
import pytest

from engine import Game, KalahRules, OwareRules, Position, legal_moves
from ui import charts

PAGE = "pages/move_outcomes.py"


def _run_pasted(page_app, notation: str, game: str = "kalah"):
    at = page_app(PAGE)
    at.run()
    at.radio(key="mo_source").set_value("Paste a position").run()
    at.selectbox(key="mo_think").set_value("quick (0.3 s)").run()
    if game != "kalah":
        at.radio(key="mo_game").set_value(game).run()
    at.text_input(key="mo_notation").set_value(notation).run()
    return at


def test_the_page_shows_a_chart_and_a_table_for_the_sandbox_position(page_app):
    """A learner opens Move outcomes: the sandbox's start position is analysed."""
    at = page_app(PAGE)
    at.run()
    assert not at.exception
    assert at.get("plotly_chart"), "no chart"
    assert len(at.dataframe) == 1
    table = at.dataframe[0].value
    assert list(table["pit"]) == [1, 2, 3, 4, 5, 6]
    assert any("pit 3: last seed in your store, move again" in m.value for m in at.markdown)


def test_a_pasted_endgame_is_proven_exact(page_app):
    at = _run_pasted(page_app, "0,0,0,1,2,1/20/1,0,2,0,0,1/20/S")
    assert not at.exception
    table = at.dataframe[0].value
    assert list(table["pit"]) == [4, 5, 6]
    assert table["exact"].all()
    assert any("Every value is proven" in m.value for m in at.markdown)


def test_bad_notation_gives_a_clear_message(page_app):
    """A learner pastes something that is not a position: an error that quotes it, no traceback."""
    at = _run_pasted(page_app, "4,4,4/0/banana/0/S")
    assert not at.exception
    assert at.error and "cannot be analysed" in at.error[0].value and "banana" in at.error[0].value
    assert not at.get("plotly_chart")


def test_seeds_that_do_not_fit_a_kalah_board_are_refused(page_app):
    at = _run_pasted(page_app, "4,4,4,4,4,4/0/4,4,4,4,4,4/1/S")
    assert at.error and "49" in at.error[0].value


def test_an_oware_position_can_be_pasted(page_app):
    at = _run_pasted(page_app, "0,0,0,0,1,0/24/0,1,0,0,0,0/22/S", game="oware")
    assert not at.exception
    assert list(at.dataframe[0].value["pit"]) == [5]


def test_a_finished_game_says_there_is_nothing_to_analyse(page_app):
    at = _run_pasted(page_app, "0,0,0,0,0,0/30/0,0,0,0,0,0/18/S")
    assert not at.exception
    assert at.info and "game is over" in at.info[0].value


def test_a_lesson_position_can_be_analysed(page_app):
    at = page_app(PAGE)
    at.run()
    at.selectbox(key="mo_think").set_value("quick (0.3 s)").run()
    at.radio(key="mo_source").set_value("A lesson position").run()
    assert not at.exception
    assert at.selectbox(key="mo_lesson") is not None


# ------------------------------------------------------------ pure helpers


def test_k9_k10_move_rows_come_from_engine_play():
    rules = KalahRules()
    pos = Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,9,0/6/S", rules)
    rows = {r["pit"]: r for r in charts.move_rows(pos, rules, time_ms=200)}
    assert rows[1]["captured"] == 10 and not rows[1]["extra_turn"]  # K10: 9 opposite + the lone seed
    assert rows[3]["extra_turn"] and rows[3]["into_store"] == 1  # pit 3 with 4 seeds ends in the store
    assert rows[6]["handed_to_opponent"] == 3
    assert rows[3]["summary"].startswith("pit 3: last seed in your store, move again; best play")


def test_outcomes_figure_uses_the_safe_palette_and_writes_numbers():
    rules = KalahRules(pits=3, seeds=2)
    pos = rules.initial_position()
    rows = charts.move_rows(pos, rules, time_ms=500)
    fig = charts.outcomes_figure(rows, "S")
    bars = [t for t in fig.data if t.type == "bar"]
    assert len(bars) == 4
    for t in bars:
        assert t.text is not None and len(t.text) == len(rows)
        colours = t.marker.color if isinstance(t.marker.color, (list, tuple)) else [t.marker.color]
        assert set(colours) <= set(charts.SAFE)
    assert list(fig.data[0].x) == [f"pit {p}" for p in legal_moves(pos, rules)]
    csv = charts.outcomes_csv(rows).decode()
    assert csv.splitlines()[0].startswith("pit,seeds,into_store,captured,handed_to_opponent")


def test_parse_pasted_reads_the_board_size_from_the_notation():
    pos, rules = charts.parse_pasted("3,3,3/0/3,3,3/0/N", "kalah")
    assert rules == KalahRules(pits=3, seeds=3) and pos.to_move == "N"
    pos, rules = charts.parse_pasted("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "oware", {"grand_slam": "illegal"})
    assert rules == OwareRules(grand_slam="illegal")
    with pytest.raises(ValueError, match="paste a position"):
        charts.parse_pasted("  ", "kalah")


def test_game_story_marks_the_move_that_threw_away_the_most():
    rules = KalahRules(pits=3, seeds=2)
    game = Game(rules)
    while legal_moves(game.position, rules):
        game.play(legal_moves(game.position, rules)[0])  # always the leftmost pit: not always best
    rows = charts.story_rows(game, time_ms=300)
    assert [r["move"] for r in rows] == list(range(1, len(game.results) + 1))
    assert all(r["lost"] >= 0 for r in rows)
    assert rows[-1]["south_store"] + rows[-1]["north_store"] == rules.total_seeds
    bad = charts.blunders(rows)
    assert all(b["lost"] >= 2 for b in bad)
    assert bad == sorted(bad, key=lambda r: (-r["lost"], r["move"]))
    fig = charts.story_figure(rows)
    assert fig.data[0].name == "South's store"
    n = len(game.results)
    if bad:
        taken = charts.jump_to_before(game, bad[0]["move"])
        assert len(game.results) == bad[0]["move"] - 1 and taken == n - len(game.results)


def test_sandbox_game_story_jumps_back_to_a_blunder(page_app):
    """A learner plays a few moves, opens the game story, and goes back to the worst one."""
    from ui import sandbox

    at = page_app("pages/sandbox.py")
    at.run()
    sb = at.session_state["sandbox"]
    for pit in (1, 1, 2, 1):  # weak moves on purpose
        if pit in sb.game.legal_moves():
            sandbox.click_pit(pit, sb)
        else:
            sandbox.click_pit(sb.game.legal_moves()[0], sb)
    at.run()
    at.toggle(key="sb_story_on").set_value(True).run()
    assert not at.exception
    charts_shown = at.get("plotly_chart")
    assert charts_shown
    moves_before = len(at.session_state["sandbox"].game.results)
    pick = at.selectbox(key="sb_story_pick").value  # these weak moves include a blunder
    at.button(key="sb_story_jump").click().run()
    assert not at.exception
    assert len(at.session_state["sandbox"].game.results) == pick - 1 < moves_before


# ------------------------------------------------------------ tester's report: axes, labels, words


def _story_rows_fixture():
    """A short game with a known blunder: move 2 threw away 7 and left the evaluation at -1."""
    def row(move, player, pit, s, n, ev, lost, best_pit):
        return {"move": move, "player": player, "pit": pit, "south_store": s, "north_store": n,
                "evaluation": ev, "best": 0, "played": -lost, "lost": lost, "best_pit": best_pit, "exact": False}
    return [row(1, "South", 3, 1, 0, 6, 0, 3), row(2, "South", 1, 1, 0, -1, 7, 6), row(3, "North", 2, 1, 1, -1, 0, 2)]


def _is_whole_number_axis(axis) -> bool:
    return axis.tickformat == "d" and axis.dtick is not None and float(axis.dtick) == int(axis.dtick) >= 1 \
        and float(axis.tick0 or 0) == int(axis.tick0 or 0)


def test_game_story_axes_show_whole_moves_and_whole_seeds():
    """Tester: the story's x axis showed moves 1, 1.2, 1.4 and the seeds axis 0.5, 1.5."""
    fig = charts.story_figure(_story_rows_fixture())
    assert _is_whole_number_axis(fig.layout.xaxis) and _is_whole_number_axis(fig.layout.xaxis2)
    assert fig.layout.xaxis2.dtick == 1  # three moves: every move gets its tick
    assert _is_whole_number_axis(fig.layout.yaxis) and _is_whole_number_axis(fig.layout.yaxis2)


def test_game_story_store_numbers_stay_inside_the_plot():
    """Tester: the number on the highest store point was clipped at the top of the plot."""
    rows = _story_rows_fixture()
    fig = charts.story_figure(rows)
    stores = [t for t in fig.data if t.name in ("South's store", "North's store")]
    top = max(max(t.y) for t in stores)
    assert all(t.cliponaxis is False for t in stores)
    assert fig.layout.yaxis.range[1] >= top * 1.2 + 1  # head room for the text above the highest point


def test_blunder_marker_says_lost_not_an_evaluation():
    """Tester: the X at evaluation -1 was labelled "-7", which reads as the evaluation."""
    fig = charts.story_figure(_story_rows_fixture())
    marker = next(t for t in fig.data if t.mode == "markers+text")
    assert list(marker.y) == [-1]
    assert list(marker.text) == ["lost 7"]
    assert "threw away 7 seeds compared with the best move" in marker.hovertext[0]


def _rows(value_depths, exact=False):
    """Hand-made move rows: {pit: (value, depth)}; nothing happens now except one seed handed over."""
    return [{"pit": p, "seeds": 1, "into_store": 0, "captured": 0, "handed_to_opponent": 1, "extra_turn": False,
             "game_end": False, "value": v, "result": "estimate", "exact": exact, "depth": d, "best_line": str(p),
             "summary": f"pit {p}"} for p, (v, d) in value_depths.items()]


def test_outcomes_chart_fits_a_phone():
    """Tester at 390 px: the second subplot title was cut, value labels (~7 px) were too small."""
    fig = charts.outcomes_figure(_rows({1: (-8, 13), 3: (6, 13), 6: (6, 13)}), "S")
    titles = [a.text for a in fig.layout.annotations]
    assert len(titles) == 2
    for t in titles:  # about 8 px a character at 15 px: at most ~30 characters fit in a 390 px screen
        assert max(len(line) for line in t.split("<br>")) <= 30, t
    for t in fig.data:
        if t.type == "bar":
            assert t.textfont.size >= 11 and t.constraintext == "none"  # never shrunk to a thin bar's width
    assert fig.layout.font.size >= 11


def test_a_tiny_position_has_whole_seed_ticks(page_app):
    """Tester: pasting 1,0,0,0,0,0/30/0,0,0,0,0,1/16/S showed 0.5 and 1.5 on the seeds axis."""
    at = _run_pasted(page_app, "1,0,0,0,0,0/30/0,0,0,0,0,1/16/S")
    assert not at.exception
    rules = KalahRules()
    pos = Position.from_notation("1,0,0,0,0,0/30/0,0,0,0,0,1/16/S", rules)
    fig = charts.outcomes_figure(charts.move_rows(pos, rules, time_ms=200), "S")
    for axis in (fig.layout.yaxis, fig.layout.yaxis2):
        assert _is_whole_number_axis(axis)


def test_awari_chart_has_no_store_bar(page_app):
    """A1: in Awari sown seeds never go into a store, so "Seeds into your store" (always 0) is left out."""
    at = _run_pasted(page_app, "4,4,4,4,4,2/12/1,1,0,0,0,0/12/S", game="oware")
    assert not at.exception
    assert "into_store" not in at.dataframe[0].value.columns
    assert "captured" in at.dataframe[0].value.columns
    rules = OwareRules()
    pos = Position.from_notation("4,4,4,4,4,2/12/1,1,0,0,0,0/12/S", rules)
    rows = charts.move_rows(pos, rules, time_ms=200)
    names = [t.name for t in charts.outcomes_figure(rows, "S", "oware").data]
    assert "Seeds into your store" not in names and "Seeds captured" in names
    assert "Seeds into your store" in [t.name for t in charts.outcomes_figure(rows, "S").data]


def test_estimates_are_compared_at_one_depth():
    """Tester: at the start pits 1-2 were searched 13 plies, the others 14, flattering the deeper ones."""
    rules = KalahRules()
    values, common = charts.same_depth_values(rules.initial_position(), rules, time_ms=1000)
    estimates = [m for m in values if not m.exact]
    assert estimates and {m.depth for m in estimates} == {common}


def test_different_depths_are_flagged_and_sentences_nest_no_brackets():
    rows = _rows({1: (-8, 13), 3: (7, 14), 6: (5, 14)})
    warning = charts.depth_warning(rows)
    assert warning and warning.startswith("Estimates at different depths") and "pit 1 looks 13" in warning
    assert charts.depth_warning(_rows({1: (-8, 13), 3: (6, 13)})) is None
    sentence = charts.best_sentence(_rows({1: (-8, 13), 3: (6, 13), 6: (6, 13)}))
    assert sentence.startswith("**Best:** pit 3 or pit 6. Best play wins by 6")
    assert "looks 13 moves ahead (both players' moves counted)" in sentence
    depth = 0
    for ch in sentence:  # no bracket inside a bracket
        depth += {"(": 1, ")": -1}.get(ch, 0)
        assert depth <= 1, sentence


def test_the_start_position_words_say_moves_ahead_consistently(page_app):
    at = page_app(PAGE)
    at.run()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "moves ahead (both players' moves counted)" in text
    assert "(estimate," not in text and "depth 1" not in text
    fig_labels = [v for t in charts.outcomes_figure(_rows({1: (-8, 13)}), "S").data if t.type == "bar"
                  for v in (t.text or [])]
    assert "-8<br>est." in fig_labels
