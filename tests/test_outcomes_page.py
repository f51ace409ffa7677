"""The Move outcomes page (ui/outcomes.py) through AppTest, and the rows, words and figures behind it
(tutor/analysis.py, tutor/words, ui/figures.py) directly.

Nothing here depends on the wall clock or on how far a search gets in a time
budget: the page's analysis is replaced by a repeatable one (no time limit:
exact on small endgames, a fixed depth on bigger positions), and the pure
tests call ``engine.analyse(..., time_ms=None)`` on small positions.
"""

from __future__ import annotations

import pytest

from engine import Game, KalahRules, MoveValue, OwareRules, Position, analyse, legal_moves
from lessons.loader import load_lessons
from tutor import analysis, words
from tutor import thinking as tutor_thinking
from tutor.analysis import blunders, move_rows, same_depth_values, story_rows
from tutor.sandbox import SandboxActivity
from ui import figures, outcomes, story

PAGE = "pages/move_outcomes.py"
EXACT_UP_TO = 12
"""Seeds in play up to which the repeatable analysis proves every value (else it looks ``FIXED_DEPTH`` plies ahead)."""
FIXED_DEPTH = 6


def exact_values(pos: Position, rules) -> list[MoveValue]:
    """Every legal pit's exact value (no time limit: small positions only)."""
    return list(analyse(pos, rules, time_ms=None))


def repeatable_values(pos: Position, rules) -> list[MoveValue]:
    """The analysis the page tests use: exact on small endgames, else every estimate at ``FIXED_DEPTH``."""
    in_play = sum(pos.south) + sum(pos.north)
    if in_play <= EXACT_UP_TO:
        return exact_values(pos, rules)
    return list(analyse(pos, rules, time_ms=None, max_depth=FIXED_DEPTH))


@pytest.fixture
def thinking(monkeypatch):
    """The page's search made repeatable; returns the thinking times the page asked for."""
    asked: list = []

    def values(pos, rules, time_ms=1000, max_nodes=None):
        asked.append(time_ms)
        vals = repeatable_values(pos, rules)
        depths = {m.depth for m in vals if not m.exact}
        return vals, (min(depths) if depths else None)

    monkeypatch.setattr(analysis, "same_depth_values", values)  # what tutor.thinking runs (inline in AppTest)
    outcomes.rows_of.clear()  # no rows kept from another test's (timed) search
    tutor_thinking.service().forget()
    yield asked
    outcomes.rows_of.clear()  # and none of these for the next test
    tutor_thinking.service().forget()


def _open(page_app):
    at = page_app(PAGE)
    at.run()
    assert not at.exception, at.exception
    return at


def _run_pasted(page_app, notation: str, game: str = "kalah"):
    at = _open(page_app)
    at.radio(key="mo_source").set_value("paste").run()
    at.selectbox(key="mo_think").set_value(300).run()
    if game != "kalah":
        at.radio(key="mo_game").set_value(game).run()
    at.text_input(key="mo_notation").set_value(notation).run()
    assert not at.exception, at.exception
    return at


def test_the_page_shows_a_chart_and_a_table_for_the_sandbox_position(page_app, thinking):
    """A learner opens Move outcomes: the sandbox's start position is analysed."""
    at = _open(page_app)
    assert at.radio(key="mo_source").value == "sandbox" and at.selectbox(key="mo_think").value == 1000
    assert at.radio(key="mo_source").options == ["The sandbox position", "A lesson position", "Paste a position"]
    assert at.get("plotly_chart"), "no chart"
    assert len(at.dataframe) == 1
    table = at.dataframe[0].value
    assert list(table["Pit"]) == [1, 2, 3, 4, 5, 6]
    assert any("pit 3: last seed in your store, move again" in m.value for m in at.markdown)
    assert thinking == [1000]


def test_the_thinking_time_chosen_is_the_one_used(page_app, thinking):
    at = _open(page_app)
    at.selectbox(key="mo_think").set_value(3000).run()
    assert not at.exception, at.exception
    assert thinking == [1000, 3000]


def test_a_pasted_endgame_is_proven_exact(page_app, thinking):
    at = _run_pasted(page_app, "0,0,0,1,2,1/20/1,0,2,0,0,1/20/S")
    table = at.dataframe[0].value
    assert list(table["Pit"]) == [4, 5, 6]
    assert list(table["Exact"]) == ["yes", "yes", "yes"]
    assert list(table["Value"]) == [-6, -2, -2]
    assert any("Every value is proven" in m.value for m in at.markdown)
    assert thinking[-1] == 300


def test_bad_notation_gives_a_clear_message(page_app, thinking):
    """A learner pastes something that is not a position: an error that quotes it, no traceback."""
    at = _run_pasted(page_app, "4,4,4/0/banana/0/S")
    assert at.error and "cannot be analysed" in at.error[0].value and "banana" in at.error[0].value
    assert not at.get("plotly_chart")


def test_seeds_that_fit_no_kalah_start_are_said_in_a_sentence_of_their_own(page_app, thinking):
    at = _run_pasted(page_app, "4,4,4,0,5,5/1/5,5,4,4,4,4/0/N")  # 49 seeds: 6 pits of the same count never make it
    assert [e.value for e in at.error] == [
        "That position cannot be analysed. The seeds add up to 49, but a Kalah board starts with the same number "
        "of seeds (1 to 10) in every pit."]


def test_an_empty_paste_asks_for_a_position(page_app, thinking):
    at = _run_pasted(page_app, "   ")
    assert [e.value for e in at.error] == [words.cannot_analyse(words.notation_problem_empty())]
    assert "Paste a position" in at.error[0].value
    assert not at.get("plotly_chart")


def test_seeds_that_do_not_fit_a_kalah_board_are_refused(page_app, thinking):
    at = _run_pasted(page_app, "4,4,4,4,4,4/0/4,4,4,4,4,4/1/S")
    assert at.error and "49" in at.error[0].value


def test_an_oware_position_can_be_pasted(page_app, thinking):
    at = _run_pasted(page_app, "0,0,0,0,1,0/24/0,1,0,0,0,0/22/S", game="oware")
    assert list(at.dataframe[0].value["Pit"]) == [5]


def test_a_finished_game_says_there_is_nothing_to_analyse(page_app, thinking):
    at = _run_pasted(page_app, "0,0,0,0,0,0/30/0,0,0,0,0,0/18/S")
    assert at.info and "game is over" in at.info[0].value
    assert not at.dataframe


def test_a_lesson_position_can_be_analysed(page_app, thinking):
    at = _open(page_app)
    at.selectbox(key="mo_think").set_value(300).run()
    at.radio(key="mo_source").set_value("lesson").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="mo_lesson") is not None and at.selectbox(key="mo_step") is not None
    at.selectbox(key="mo_lesson").set_value("captures").run()
    at.selectbox(key="mo_step").set_value(1).run()
    assert not at.exception, at.exception
    lesson = load_lessons()["captures"]
    pos = lesson.step_position(lesson.steps[1])
    assert any(f"`{pos.to_notation()}`" in c.value for c in at.caption)
    assert list(at.dataframe[0].value["Pit"]) == list(legal_moves(pos, lesson.step_rules(lesson.steps[1])))


# ------------------------------------------------------------ pure helpers


def test_k9_k10_move_rows_come_from_engine_play():
    """What a move does now comes from ``engine.play``; what it leads to, from the values given."""
    rules = KalahRules()
    pos = Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,9,0/6/S", rules)
    values = [MoveValue(p, 10 - p, p == 1, 1000 if p == 1 else 7, (p, 2), "win" if p == 1 else None)
              for p in legal_moves(pos, rules)]
    rows = {r["pit"]: r for r in move_rows(pos, rules, values)}
    assert list(rows) == [1, 3, 4, 5, 6]
    assert list(rows[1]) == list(analysis.OUTCOME_KEYS)
    assert rows[1]["captured"] == 10 and not rows[1]["extra_turn"]  # K10: 9 opposite + the lone seed
    assert rows[3]["extra_turn"] and rows[3]["into_store"] == 1  # pit 3 with 4 seeds ends in the store
    assert rows[6]["handed_to_opponent"] == 3
    assert rows[3]["summary"] == ("pit 3: last seed in your store, move again; likely wins by about 7, an estimate "
                                  "that looks 7 moves ahead (both players' moves counted)")  # an estimate: not "best play"
    assert rows[1]["summary"].endswith("; best play wins by 9")  # proven
    assert (rows[1]["value"], rows[1]["result"], rows[1]["exact"], rows[1]["depth"]) == (9, "win", True, 1000)
    assert (rows[3]["value"], rows[3]["result"], rows[3]["exact"], rows[3]["depth"]) == (7, "estimate", False, 7)
    assert rows[3]["best_line"] == "3 2"
    table = outcomes.table_frame(list(rows.values()))
    depth = words.outcome_columns()["depth"]
    # a proven value: an empty cell, not "1000" (nor "None")
    assert table[depth].tolist() == ["" if r["exact"] else str(r["depth"]) for r in rows.values()] == ["", "7", "7", "7", "7"]


def test_exact_rows_of_a_small_endgame():
    rules = KalahRules()
    pos = Position.from_notation("0,0,0,1,2,1/20/1,0,2,0,0,1/20/S", rules)
    rows = move_rows(pos, rules, exact_values(pos, rules))
    assert [(r["pit"], r["value"], r["result"], r["exact"]) for r in rows] == [
        (4, -6, "loss", True), (5, -2, "loss", True), (6, -2, "loss", True)]
    assert words.best_sentence(rows) == ("**Best:** pit 5 or pit 6. Best play loses by 2. "
                                         "Every value is proven to the end of the game.")


def test_outcomes_figure_uses_the_safe_palette_and_writes_numbers():
    rules = KalahRules(pits=3, seeds=2)
    pos = rules.initial_position()
    rows = move_rows(pos, rules, exact_values(pos, rules))
    fig = figures.outcomes_figure(rows)
    bars = [t for t in fig.data if t.type == "bar" and list(t.x) != [None]]  # not the legend's keys
    assert len(bars) == 4
    for t in bars:
        assert t.text is not None and len(t.text) == len(rows)
        colours = t.marker.color if isinstance(t.marker.color, (list, tuple)) else [t.marker.color]
        assert set(colours) <= set(figures.SAFE)
    assert list(fig.data[0].x) == [f"pit {p}" for p in legal_moves(pos, rules)]
    csv = outcomes.table_frame(rows).to_csv(index=False)
    assert csv.splitlines()[0].startswith("Pit,Seeds,Into your store,Captured,Given to the opponent")


def test_parse_pasted_reads_the_board_size_from_the_notation():
    pos, rules = outcomes.parse_pasted("3,3,3/0/3,3,3/0/N", "kalah", {})
    assert rules == KalahRules(pits=3, seeds=3) and pos.to_move == "N"
    pos, rules = outcomes.parse_pasted("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "oware", {"grand_slam": "illegal"})
    assert rules == OwareRules(grand_slam="illegal")
    with pytest.raises(ValueError):
        outcomes.parse_pasted("  ", "kalah", {})


def _leftmost_game(rules) -> SandboxActivity:
    sb = SandboxActivity(rules)
    while not sb.game.is_over:
        sb.press(sb.game.legal_moves()[0])  # always the leftmost pit: not always best
    return sb


def test_game_story_marks_the_move_that_threw_away_the_most():
    rules = KalahRules(pits=3, seeds=2)
    sb = _leftmost_game(rules)
    game = sb.game
    assert [r.pit for r in game.results] == [1, 1, 2, 1, 3]
    rows = story_rows(game, exact_values)
    assert [r["move"] for r in rows] == list(range(1, len(game.results) + 1))
    assert all(r["lost"] >= 0 for r in rows)
    assert rows[-1]["south_store"] + rows[-1]["north_store"] == rules.total_seeds
    bad = blunders(rows)
    assert [(b["move"], b["lost"]) for b in bad] == [(1, 12), (2, 2), (3, 2)]
    assert bad == sorted(bad, key=lambda r: (-r["lost"], r["move"]))
    n = len(game.results)
    taken = sb.jump_to_before(bad[0]["move"])
    assert len(game.results) == bad[0]["move"] - 1 and taken == n - len(game.results)


def test_story_rows_report_progress():
    game = Game(KalahRules(pits=3, seeds=2))
    game.play(1)
    game.play(1)
    seen: list = []
    story_rows(game, exact_values, progress=seen.append)
    assert seen == [0.5, 1.0]


def test_sandbox_game_story_jumps_back_to_a_blunder(page_app, monkeypatch):
    """A learner plays a few moves, opens the game story, and goes back to the worst one."""
    monkeypatch.setattr(story, "STORY_MS", None)  # exact on this small board: no time budget
    at = page_app("pages/sandbox.py")
    at.query_params["pits"] = "3"
    at.query_params["seeds"] = "2"
    at.run()
    assert not at.exception, at.exception
    sb = at.session_state["mancala_tutor"].sandbox
    assert sb.rules == KalahRules(pits=3, seeds=2)
    for pit in (1, 1, 2):  # weak moves on purpose (the leftmost pit each time)
        assert pit == sb.game.legal_moves()[0]
        sb.press(pit)
    at.session_state["sb_exp_story"] = True  # a closed panel builds nothing: open the game story
    at.run()
    assert at.caption and not at.toggle(key="sb_story_on").value
    at.toggle(key="sb_story_on").set_value(True).run()
    assert not at.exception, at.exception
    assert at.get("plotly_chart")
    moves_before = len(sb.game.results)
    shown = len(sb.sowing.results)  # the story follows the board (ui.reveal.by_move): the whole game's copy
    menu = at.selectbox(key=f"sb_story_pick_{shown}")
    pick = menu.value
    assert pick == 1  # the worst first: move 1 threw away 12 seeds
    assert "move 1, South: pit 1 turned a win by 4 seeds into a loss by 8 seeds (pit 2 was best)" in menu.options[0]
    at.button(key=f"sb_story_jump_{shown}").click().run()
    assert not at.exception, at.exception
    assert len(at.session_state["mancala_tutor"].sandbox.game.results) == pick - 1 < moves_before
    assert any(i.value.startswith("Back to before move 1") for i in at.info)


def test_same_depth_values_is_one_search_asking_for_one_depth(monkeypatch):
    """Issue 14: one search per position, not two: ``analyse`` is asked once, for same-depth estimates;
    the common depth is the estimates' (exact values are kept, and leave no depth when all are exact)."""
    def mv(pit, value, exact, depth):
        return MoveValue(pit, value, exact, depth, (pit,), None)

    answer = (mv(1, -8, False, 13), mv(2, 5, True, 1000), mv(3, 7, False, 13))
    calls = []

    def fake(pos, rules, **kwargs):
        calls.append(kwargs)
        return answer

    monkeypatch.setattr(analysis, "analyse", fake)
    rules = KalahRules()
    assert same_depth_values(rules.initial_position(), rules, time_ms=None, max_nodes=5000) == (list(answer), 13)
    assert calls == [{"time_ms": None, "max_nodes": 5000, "same_depth": True}]

    calls.clear()
    answer = (mv(2, 5, True, 1000),)
    assert same_depth_values(rules.initial_position(), rules, time_ms=300) == (list(answer), None)
    assert calls == [{"time_ms": 300, "max_nodes": None, "same_depth": True}]


def test_same_depth_estimates_are_those_of_the_deepest_depth_every_pit_completed():
    """A node budget that runs out part-way through depth 9 (pits 1, 4 and 5 done at 8 only): every
    estimate and line is the one of depth 8, the same as a search told to stop at 8. (The 6x5 start:
    the 6x4 start is in the opening book, exact without a search.)"""
    rules = KalahRules(seeds=5)
    start = rules.initial_position()
    mixed = analyse(start, rules, time_ms=None, max_nodes=15_000)
    assert [m.depth for m in mixed] == [8, 9, 9, 8, 8, 9]
    same = analyse(start, rules, time_ms=None, max_nodes=15_000, same_depth=True)
    assert [(m.pit, m.value, m.depth) for m in same] == [(1, -3, 8), (2, 4, 8), (3, 0, 8), (4, 0, 8), (5, 0, 8),
                                                         (6, 2, 8)]
    assert same == analyse(start, rules, time_ms=None, max_nodes=15_000, max_depth=8)


def test_estimates_are_compared_at_one_depth():
    """Tester: at the start pits 1-2 were searched 13 plies, the others 14, flattering the deeper ones.
    (A node budget, not a time budget: the same depths on every machine; the 6x5 start, not in the book.)"""
    rules = KalahRules(seeds=5)
    values, common = same_depth_values(rules.initial_position(), rules, time_ms=None, max_nodes=15_000)
    estimates = [m for m in values if not m.exact]
    assert len(estimates) == 6 and {m.depth for m in estimates} == {common} == {8}


def test_exact_values_need_no_second_search():
    rules = KalahRules()
    pos = Position.from_notation("1,0,0,0,0,0/30/0,0,0,0,0,1/16/S", rules)
    values, common = same_depth_values(pos, rules, time_ms=None)
    assert common is None and [(m.pit, m.value, m.exact) for m in values] == [(1, 14, True)]


# ------------------------------------------------------------ tester's report: axes, labels, words


def _is_whole_number_axis(axis) -> bool:
    return axis.tickformat == "d" and axis.dtick is not None and float(axis.dtick) == int(axis.dtick) >= 1 \
        and float(axis.tick0 or 0) == int(axis.tick0 or 0)


def _rows(value_depths, exact=False):
    """Hand-made move rows: {pit: (value, depth)}; nothing happens now except one seed handed over."""
    return [{"pit": p, "seeds": 1, "into_store": 0, "captured": 0, "handed_to_opponent": 1, "extra_turn": False,
             "game_end": False, "value": v, "result": "estimate", "exact": exact, "depth": d, "best_line": str(p),
             "summary": f"pit {p}"} for p, (v, d) in value_depths.items()]


def test_the_second_plot_says_estimated_unless_every_value_is_proven():
    """Greek tester: "Where it leads (best play)" stood over values that were all estimates."""
    estimated = figures.outcomes_figure(_rows({1: (-8, 13), 3: (6, 13)}))
    proven = figures.outcomes_figure(_rows({1: (-8, 13), 3: (6, 13)}, exact=True))
    mixed = _rows({1: (-8, 13)}, exact=True) + _rows({3: (6, 13)})
    assert [a.text for a in estimated.layout.annotations] == ["What happens now", "Where it leads (estimated)"]
    assert [a.text for a in proven.layout.annotations] == ["What happens now", "Where it leads (best play)"]
    assert figures.outcomes_figure(mixed).layout.annotations[1].text == "Where it leads (estimated)"


def test_outcomes_chart_fits_a_phone():
    """Tester at 390 px: the second subplot title was cut, value labels (~7 px) were too small."""
    fig = figures.outcomes_figure(_rows({1: (-8, 13), 3: (6, 13), 6: (6, 13)}))
    titles = [a.text for a in fig.layout.annotations]
    assert len(titles) == 2
    for t in titles:  # about 8 px a character at 15 px: at most ~30 characters fit in a 390 px screen
        assert max(len(line) for line in t.split("<br>")) <= 30, t
    for t in fig.data:
        if t.type == "bar" and list(t.x) != [None]:  # a bar, not a legend key
            # 14 px near black, never shrunk to a thin bar's width: read on a phone and from the back of a classroom
            assert (t.textfont.size, t.textfont.color, t.constraintext) == (14, figures.INK, "none")
    assert (fig.layout.font.size, fig.layout.font.color) == (14, figures.INK)
    assert {a.font.size for a in fig.layout.annotations} == {16}
    for axis in (fig.layout.xaxis, fig.layout.xaxis2, fig.layout.yaxis, fig.layout.yaxis2):
        assert axis.tickfont.to_plotly_json() == figures.TEXT  # Streamlit's theme sets each axis's own


def test_a_tiny_position_has_whole_seed_ticks(page_app, thinking):
    """Tester: pasting 1,0,0,0,0,0/30/0,0,0,0,0,1/16/S showed 0.5 and 1.5 on the seeds axis."""
    at = _run_pasted(page_app, "1,0,0,0,0,0/30/0,0,0,0,0,1/16/S")
    assert at.get("plotly_chart")
    rules = KalahRules()
    pos = Position.from_notation("1,0,0,0,0,0/30/0,0,0,0,0,1/16/S", rules)
    fig = figures.outcomes_figure(move_rows(pos, rules, exact_values(pos, rules)))
    for axis in (fig.layout.yaxis, fig.layout.yaxis2):
        assert _is_whole_number_axis(axis)


def test_awari_chart_has_no_store_bar(page_app, thinking):
    """A1: in Awari sown seeds never go into a store, so "Seeds into your store" (always 0) is left out."""
    at = _run_pasted(page_app, "4,4,4,4,4,2/12/1,1,0,0,0,0/12/S", game="oware")
    assert "Into your store" not in at.dataframe[0].value.columns
    assert "Captured" in at.dataframe[0].value.columns
    rules = OwareRules()
    pos = Position.from_notation("4,4,4,4,4,2/12/1,1,0,0,0,0/12/S", rules)
    rows = move_rows(pos, rules, repeatable_values(pos, rules))
    names = [t.name for t in figures.outcomes_figure(rows, "oware").data]
    assert "Seeds into your store" not in names and "Seeds captured" in names
    assert "Seeds into your store" in [t.name for t in figures.outcomes_figure(rows).data]


def test_different_depths_are_flagged_and_sentences_nest_no_brackets():
    rows = _rows({1: (-8, 13), 3: (7, 14), 6: (5, 14)})
    warning = words.depth_warning(rows)
    assert warning and warning.startswith("Estimates at different depths") and "pit 1 looks 13" in warning
    assert words.depth_warning(_rows({1: (-8, 13), 3: (6, 13)})) is None
    sentence = words.best_sentence(_rows({1: (-8, 13), 3: (6, 13), 6: (6, 13)}))
    assert sentence.startswith("**Best:** pit 3 or pit 6. Likely wins by about 6, an estimate that")
    assert "looks 13 moves ahead (both players' moves counted)" in sentence
    depth = 0
    for ch in sentence:  # no bracket inside a bracket
        depth += {"(": 1, ")": -1}.get(ch, 0)
        assert depth <= 1, sentence


def test_the_start_position_words_say_moves_ahead_consistently(page_app, thinking):
    at = _open(page_app)
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "moves ahead (both players' moves counted)" in text
    assert "(estimate," not in text and "depth 1" not in text
    assert words.same_depth_note(FIXED_DEPTH) in text
    fig_labels = [v for t in figures.outcomes_figure(_rows({1: (-8, 13)})).data if t.type == "bar"
                  for v in (t.text or [])]
    assert "-8<br>est." in fig_labels


def test_the_figure_is_built_once_per_position_rules_time_and_language(monkeypatch):
    """Issue 14: a revisit or a rerun draws the cached figure: the same object for the same key, a new one
    for another language (its words) or another thinking time."""
    built = []
    real = figures.outcomes_figure
    monkeypatch.setattr(figures, "outcomes_figure", lambda rows, game="kalah", north=False: built.append(game) or real(rows, game, north))
    outcomes.figure_of.clear()
    rules = KalahRules()
    pos = Position.from_notation("0,0,0,1,2,1/20/1,0,2,0,0,1/20/S", rules)
    rows = tuple(move_rows(pos, rules, exact_values(pos, rules)))
    key = (pos.to_notation(), outcomes.rules_key(rules), 1000, "en")
    first = outcomes.figure_of(*key, rows)
    assert outcomes.figure_of(*key, rows) is first and built == ["kalah"]
    assert outcomes.figure_of(*key[:3], "el", rows) is not first
    assert outcomes.figure_of(key[0], key[1], 300, "en", rows) is not first
    assert built == ["kalah"] * 3
    oware = OwareRules()
    start = oware.initial_position()
    outcomes.figure_of(start.to_notation(), outcomes.rules_key(oware), 1000, "en", ())
    assert built[-1] == "oware"
    outcomes.figure_of.clear()


@pytest.mark.parametrize("game", ["kalah", "oware"])
def test_the_quickly_built_figure_is_what_plotly_checks_it_to_be(game):
    """The figure is built unchecked (issue 14: 3 ms, not 50): plotly's checks find nothing to change in it,
    in either language."""
    import plotly.graph_objects as go

    from tutor import i18n

    rules = KalahRules() if game == "kalah" else OwareRules()
    pos = rules.initial_position()
    rows = move_rows(pos, rules, list(analyse(pos, rules, time_ms=None, max_depth=4)))
    try:
        for lang in ("en", "el"):
            i18n.use(lang)
            built = figures.outcomes_figure(rows, game).to_dict()
            assert go.Figure(built).to_dict() == built
            exact = all(r["exact"] for r in rows)  # a 4-ply search: estimates at the start
            assert [a["text"] for a in built["layout"]["annotations"]] == list(words.outcome_titles(exact))
    finally:
        i18n.use(None)


def test_the_legend_names_each_colour_the_value_bars_show():
    """Tester: the legend showed one colour for the value bars while they are green, red or grey."""
    rows = _rows({1: (-8, 1000), 3: (6, 1000), 5: (0, 1000), 6: (2, 13)})
    for row, result in zip(rows, ("loss", "win", "draw", "estimate")):
        row["result"], row["exact"] = result, result != "estimate"
    fig = figures.outcomes_figure(rows)
    value = next(t for t in fig.data if t.name == words.chart_words("value"))
    assert value.showlegend is False
    assert list(value.marker.color) == [figures.COLOURS[k] for k in ("loss", "win", "draw", "estimate")]
    keys = [t for t in fig.data if t.showlegend is not False and list(t.x) == [None]]  # drawn only in the legend
    assert [t.type for t in keys] == ["bar"] * 4
    assert [(t.name, t.marker.color) for t in keys] == [
        ("Best play wins", figures.COLOURS["win"]), ("Best play draws", figures.COLOURS["draw"]),
        ("Best play loses", figures.COLOURS["loss"]), ("An estimate, not proven", figures.COLOURS["estimate"])]
    only_wins = figures.outcomes_figure([rows[1]])
    assert [t.name for t in only_wins.data if t.showlegend is not False and list(t.x) == [None]] == ["Best play wins"]


def test_the_pasted_positions_rules_are_asked_as_in_the_sandbox_with_short_labels(page_app, thinking):
    """Greek tester at 1366 px: two long option labels of the paste panel ended in "…". The panel asks
    the engine's options (all but the board's size, which the notation gives) with the sandbox's short
    labels, their meaning in the help, and every choice the engine allows."""
    from engine import option

    at = _run_pasted(page_app, "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    boxes = {c.key: c for c in at.checkbox if c.key.startswith("mo_kalah_")}
    assert {k: (c.label, c.help, c.value) for k, c in boxes.items()} == {
        f"mo_kalah_{n}": (words.option_label(option("kalah", n)), words.option_help(option("kalah", n)), False)
        for n in ("empty_capture", "early_win")}
    radios = {r.key: r for r in at.radio if r.key.startswith("mo_kalah_")}
    assert {k: (r.label, r.options, r.value) for k, r in radios.items()} == {
        f"mo_kalah_{n}": (words.option_label(option("kalah", n)),
                          [words.option_value(option("kalah", n), v) for v in option("kalah", n).values],
                          option("kalah", n).default)
        for n in ("end_rule", "capture_to")}
    assert all(len(c.label) <= 20 for c in [*boxes.values(), *radios.values()])  # fits a column at 1366 px
    at.radio(key="mo_kalah_end_rule").set_value("stuck").run()
    at.checkbox(key="mo_kalah_empty_capture").check().run()
    assert not at.exception
    chosen = KalahRules(end_rule="stuck", empty_capture=True)  # what the page analyses, said in its heading
    heading = words.outcomes_heading(words.rules_description(chosen), "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "S")
    assert heading in [c.value for c in at.caption]
    assert words.rules_description(chosen) != words.rules_description(KalahRules())


def test_a_paste_longer_than_any_position_is_refused_whole_and_said(page_app, thinking):
    """ut46 #11: the box's own limit (200 characters, in the browser) dropped a 229-character paste without a
    word, keeping the old text and its error. Now any length reaches the page, which refuses it and says so."""
    endgame = "0,0,0,1,2,1/20/1,0,2,0,0,1/20/S"
    at = _run_pasted(page_app, endgame)
    assert at.text_input(key="mo_notation").proto.max_chars == 0  # no limit in the browser: the page says it
    long = ",".join(["4"] * 114) + "/0/S"  # 231 characters
    at.text_input(key="mo_notation").set_value(long).run()
    assert not at.exception
    assert [w.value for w in at.warning] == [
        "That is 231 characters long; a position has at most 200, so nothing was changed. Write it as South's "
        "pits / South's store / North's pits / North's store / S or N."]
    assert at.text_input(key="mo_notation").value == endgame  # the box holds what it held
    assert list(at.dataframe[0].value["Pit"]) == [4, 5, 6] and not at.error  # the analysis stands
    at.run()
    assert not at.warning  # said once
    assert at.text_input(key="mo_notation").value == endgame


def test_a_long_paste_before_any_other_puts_back_the_start(page_app, thinking):
    at = _run_pasted(page_app, "x" * 201)
    assert at.text_input(key="mo_notation").value == "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"
    assert at.warning and "201 characters" in at.warning[0].value
    assert list(at.dataframe[0].value["Pit"]) == [1, 2, 3, 4, 5, 6]
