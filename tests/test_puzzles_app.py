"""The puzzles page through AppTest: a learner opens a puzzle, misses, is told why, and solves it.

The board is pressed through its one Python click handler (``ui.puzzles.click_pit``).
"""

from __future__ import annotations

from engine import legal_moves
from lessons.puzzles import load_puzzles
from ui import puzzles as ui

PUZZLES = load_puzzles()
PAGE = "pages/puzzles.py"


def open_page(app, **params):
    for k, v in params.items():
        app.query_params[k] = v
    app.run()
    app.switch_page(PAGE).run()
    assert not app.exception, app.exception
    return app


def run_of(app) -> ui.PuzzleRun:
    return app.session_state[ui.RUN_KEY]


def press(app, pit: int) -> None:
    ui.click_pit(pit, run_of(app))
    app.run()
    assert not app.exception, app.exception


def text_of(app) -> str:
    return "\n".join(e.value for e in [*app.warning, *app.success, *app.info, *app.error, *app.markdown])


def test_the_page_opens_on_the_puzzle_of_the_day(app) -> None:
    open_page(app)
    assert run_of(app).pid == ui.puzzle_of_the_day(pool=PUZZLES)
    assert "Puzzles" in [t.value for t in app.title]


def test_a_learner_solves_a_puzzle_and_home_counts_it(app) -> None:
    open_page(app, puzzle="chain-right-to-left")
    assert run_of(app).pid == "chain-right-to-left"
    for pit in PUZZLES["chain-right-to-left"].turns[0]:
        press(app, pit)
    run = run_of(app)
    assert run.solved
    assert "Solved!" in text_of(app)
    assert PUZZLES["chain-right-to-left"].explanation in text_of(app)
    progress = app.session_state["progress"]
    assert "chain-right-to-left" in progress["puzzles_solved"]
    assert "chain-right-to-left" in progress["puzzles_attempted"]


def test_a_wrong_move_is_explained_and_the_board_is_reset(app) -> None:
    """A learner plays pit 3 instead of pit 2: what pit 3 did, why it misses, and the start again."""
    open_page(app, puzzle="capture-pick-the-pile")
    puzzle = PUZZLES["capture-pick-the-pile"]
    press(app, 3)
    run = run_of(app)
    assert not run.solved and run.position == puzzle.start and run.results == []
    words = "\n".join(w.value for w in app.warning)
    assert "Pit 3 sows 2 seeds" in words and "(K10)" in words
    assert "captured 2 seeds; 8 are possible" in words
    assert puzzle.wrong[3] in words
    assert "chain-right-to-left" not in app.session_state["progress"]["puzzles_solved"]
    press(app, 2)
    assert run_of(app).solved


def test_an_order_that_breaks_the_chain_resets_at_once(app) -> None:
    open_page(app, puzzle="chain-right-to-left")
    press(app, 5)  # an extra turn, but pit 6 now holds 2: no way to three extra turns
    run = run_of(app)
    assert run.position == PUZZLES["chain-right-to-left"].start
    assert "no order of moves reaches the goal" in "\n".join(w.value for w in app.warning)


def test_an_illegal_pit_is_explained_by_its_rule_and_changes_nothing(app) -> None:
    open_page(app, puzzle="capture-pick-the-pile")
    before = run_of(app).position
    press(app, 1)  # empty pit
    assert run_of(app).position == before
    assert "(K5)" in "\n".join(w.value for w in app.warning)


def test_hints_come_one_at_a_time(app) -> None:
    open_page(app, puzzle="lap-thirteen")
    hints = PUZZLES["lap-thirteen"].hints
    app.button(key="puzzle_hint").click().run()
    infos = [i.value for i in app.info]
    assert any(hints[0] in i for i in infos) and not any(hints[1] in i for i in infos)
    app.button(key="puzzle_hint").click().run()
    assert any(hints[1] in i.value for i in app.info)


def test_a_share_link_opens_its_puzzle(app) -> None:
    pid = list(PUZZLES)[-1]
    open_page(app, puzzle=pid)
    assert run_of(app).pid == pid
    assert app.query_params["puzzle"] == [pid] or app.query_params["puzzle"] == pid
    assert f"?puzzle={pid}" in [c.value for c in app.code]


def test_a_bad_link_says_so_and_opens_the_puzzle_of_the_day(app) -> None:
    open_page(app, puzzle="no-such-puzzle")
    assert any("There is no puzzle called 'no-such-puzzle'" in e.value for e in app.error)
    assert run_of(app).pid == ui.puzzle_of_the_day(pool=PUZZLES)


def test_theme_and_difficulty_pick_the_pool() -> None:
    caps = ui.pool("capture", "Any")
    assert caps and all(PUZZLES[p].theme == "capture" for p in caps)
    easy = ui.pool(ui.ALL, "★")
    assert easy and all(PUZZLES[p].stars == 1 for p in easy)


def test_every_puzzle_can_be_solved_through_the_click_handler(app) -> None:
    """Every accepted turn of every puzzle is accepted by the page's handler (no AppTest rerun needed)."""
    open_page(app)
    progress = {"lessons": {}, "puzzles_solved": set(), "puzzles_attempted": set()}
    for puzzle in PUZZLES.values():
        for turn in puzzle.turns:
            run = ui.PuzzleRun(pid=puzzle.id, position=puzzle.start, progress=progress)
            for pit in turn:
                assert pit in legal_moves(run.position, puzzle.game_rules)
                ui.click_pit(pit, run)
            assert run.solved, (puzzle.id, turn, run.notice)
    assert progress["puzzles_solved"] == set(PUZZLES)


def test_puzzle_of_the_day_changes_with_the_date() -> None:
    import datetime as dt

    a = ui.puzzle_of_the_day(dt.date(2025, 1, 1), PUZZLES)
    b = ui.puzzle_of_the_day(dt.date(2025, 1, 2), PUZZLES)
    assert a in PUZZLES and b in PUZZLES and a != b


def test_next_puzzle_moves_on_every_press_and_the_menu_follows(app) -> None:
    """All themes / Any: three presses of Next puzzle give three new puzzles, link and menu included."""
    open_page(app)
    ids = ui.pool(ui.ALL, "Any")
    seen = [run_of(app).pid]
    for _ in range(3):
        app.button(key="puzzle_next").click().run()
        assert not app.exception, app.exception
        pid = run_of(app).pid
        assert pid == ids[(ids.index(seen[-1]) + 1) % len(ids)], (seen, pid)
        qp = app.query_params["puzzle"]
        assert (qp[0] if isinstance(qp, list) else qp) == pid
        menu = app.selectbox(key=f"puzzle_choice_{ui.ALL}_Any")
        assert menu.value == pid
        seen.append(pid)
    assert len(set(seen)) == 4


def test_choosing_in_the_menu_opens_that_puzzle(app) -> None:
    open_page(app)
    ids = ui.pool(ui.ALL, "Any")
    other = next(p for p in ids if p != run_of(app).pid)
    app.selectbox(key=f"puzzle_choice_{ui.ALL}_Any").select(other).run()
    assert run_of(app).pid == other
    app.button(key="puzzle_next").click().run()
    assert run_of(app).pid == ids[(ids.index(other) + 1) % len(ids)]


def test_every_puzzle_has_its_own_heading_that_does_not_name_the_answer(app) -> None:
    """The heading and the menu say the theme and the puzzle's number in it, never words of the id."""
    open_page(app, puzzle="lap-thirteen-not-fourteen")
    heading = app.subheader[0].value
    assert heading.startswith("The full lap · puzzle 2 of ") and "★★☆" in heading
    assert "fourteen" not in heading.lower()
    assert any(PUZZLES["lap-thirteen-not-fourteen"].goal in m.value for m in app.markdown)
    names = [ui.puzzle_name(pid) for pid in PUZZLES]
    assert len(set(names)) == len(names)
    for pid, name in zip(PUZZLES, names):
        k, n = ui.number_in_theme(pid)
        assert name == f"{ui.THEMES[PUZZLES[pid].theme][0]} · puzzle {k} of {n}", (pid, name)
