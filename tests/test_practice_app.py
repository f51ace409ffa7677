"""My practice through AppTest: a learner is served a puzzle near their rating, solves it, and reads
how their rating moved ("+173"), on the chart too; a miss moves it down; a streak serves harder
puzzles and ends at the first miss; the page speaks Greek.

AppTest cannot click the drawn board: a pit is pressed by calling the session's
``PuzzleActivity.press`` (what the board's one click handler calls), then the page runs again.
"""

from __future__ import annotations

import datetime as dt

from streamlit.proto.Metric_pb2 import Metric

from engine import KalahRules, OwareRules
from lessons.loader import load_puzzles
from lessons.proofs import accepted_turns, difficulty
from tutor.mined import practice_pool
from tutor.practice import rating_of, variant_of
from tutor.puzzle import PuzzleActivity, first_puzzle
from tutor.ratings import rate_try

PAGE = "pages/practice.py"
POOL = practice_pool(load_puzzles(prove=False))


def ran(at):
    at.run()
    assert not at.exception, at.exception
    return at


def open_page(page_app, **params):
    at = page_app(PAGE)
    at.query_params.update(params)
    return ran(at)


def sess(at):
    return at.session_state["mancala_tutor"]


def run_of(at) -> PuzzleActivity:
    return sess(at).practice


def solve(at) -> None:
    run = run_of(at)
    for pit in sorted(run.puzzle.turns)[0]:
        if run.solved:
            break
        run.press(pit)
    assert run.solved
    at.run()
    assert not at.exception, at.exception


def miss(at) -> None:
    run = run_of(at)
    right = {turn[0] for turn in run.puzzle.turns}
    run.press(next(p for p in run.position.pits_with_seeds() if p not in right))
    at.run()
    assert not at.exception, at.exception


def shown(at) -> str:
    texts = [e.value for kind in ("subheader", "markdown", "caption", "info", "success", "warning", "error")
             for e in getattr(at, kind)]
    return "\n".join(map(str, texts))


def metric(at) -> tuple[str, str, str | None]:
    m = at.metric[-1]  # while the seeds are sown the rating before stands first, hidden after
    return m.label, m.value, m.delta or None


def test_a_new_learner_is_served_an_easy_standard_kalah_puzzle_and_a_solve_moves_the_rating_up(page_app):
    """ut44 #4: a newcomer's first puzzle is 1★ Kalah on the standard board (6 pits, 4 seeds), the one the
    Puzzles page gives a newcomer; after the first rated try, puzzles near the rating."""
    at = open_page(page_app)
    assert "My practice" in [t.value for t in at.title]
    run = run_of(at)
    assert run.puzzle.id == first_puzzle(load_puzzles(prove=False), {}, dt.date(2026, 12, 5)) == "capture-pick-the-pile"
    assert difficulty(run.puzzle).level == 1 and run.rules == KalahRules() and round(rating_of(run.puzzle, {}).rating) == 1396
    assert metric(at) == ("Your Kalah rating", "1500?", None)  # a new rating is provisional (lichess's "?")
    assert "Your rating is still finding its level: it moves a lot in your first puzzles." in shown(at)
    assert "Solve a few puzzles" in shown(at)
    solve(at)
    label, shown_value, delta = metric(at)
    value = shown_value.removesuffix("?")
    assert shown_value == "1634?" and delta == "+134"  # Glicko-2 against the puzzle's 1396 (deviation 200)
    assert f"Your rating went up by {int(value) - 1500}: it is {value} now." in shown(at)
    assert [round(t.rating) for t in sess(at).ratings.history("kalah")] == [int(value)]
    assert at.get("plotly_chart")  # the dashboard: the rating line and the themes
    first = run.puzzle.id
    at.button(key="practice_next").click().run()
    assert not at.exception, at.exception
    assert run_of(at).puzzle.id != first and metric(at) == ("Your Kalah rating", shown_value, None)
    kalah = [p for p in POOL.values() if variant_of(p) == "kalah" and p.id != first]
    rated = sess(at).ratings.puzzle_ratings()
    near = min(abs(rating_of(p, rated).rating - int(value)) for p in kalah)
    assert abs(rating_of(run_of(at).puzzle, rated).rating - sess(at).ratings.rating("kalah").rating) <= near + 1


def test_a_newcomers_first_puzzle_is_easy_in_greek_and_in_awari_too(page_app):
    at = open_page(page_app, lang="el")
    assert run_of(at).puzzle.id == "capture-pick-the-pile" and metric(at)[0] == "Η βαθμολογία σου στο Kalah"
    at.selectbox(key="practice_game").set_value("oware").run()
    run = run_of(at)
    assert run.puzzle.id == "awari-chain-two-pits" and difficulty(run.puzzle).level == 1 and run.rules == OwareRules()


def test_a_newcomers_first_miss_is_a_provisional_rating_said_kindly_and_the_next_puzzle_is_another(page_app):
    """A new learner's first miss of the first puzzle (1396) moves 1500 to 1279, Glicko-2's step for a
    rating with deviation 350: shown "1279?" (still finding its level), the "-221" grey not red, and the
    line says why the step is big."""
    at = open_page(page_app)
    first = run_of(at).puzzle.id
    miss(at)
    assert metric(at) == ("Your Kalah rating", "1279?", "-221")
    assert at.metric[-1].proto.color == Metric.MetricColor.GRAY  # delta_color "off": no red arrow for a new rating's big step
    assert ("Your rating went down by 221, to 1279 for now: a new rating takes big steps, up and down, until it "
            "finds your level.") in shown(at)
    assert "Your rating is still finding its level: it moves a lot in your first puzzles." in shown(at)
    run_of(at).reset()  # Try again, and solve it: the rating stays, and the page says why it went down
    solve(at)
    assert metric(at)[1] == "1279?"
    assert ("Solved, but a wrong move came first, so your rating went down by 221, to 1279 for now: a new rating "
            "takes big steps, up and down, until it finds your level.") in shown(at)
    at.button(key="practice_next").click().run()
    assert run_of(at).puzzle.id != first


def test_a_solve_with_a_hint_says_how_the_rating_moved(page_app):
    """A hint, then a solve with no wrong move: half a solve (``tutor.ratings.HINTED_SCORE``), less than a
    wrong move costs; the line under Hint says so while the try is not rated yet, and goes after."""
    at = open_page(page_app)
    assert ("A solve after a hint counts as half a solve: your rating goes up only if the puzzle is rated above "
            "you. A wrong move counts in full, hint or not.") in shown(at)
    run = run_of(at)
    learner, puzzle = sess(at).ratings.rating("kalah"), rating_of(run.puzzle, {})
    half, _ = rate_try(learner, puzzle, 0.5)
    wrong, _ = rate_try(learner, puzzle, 0.0)
    run.show_hint()
    at.run()
    solve(at)
    _, value, delta = metric(at)
    value = value.removesuffix("?")
    assert int(value) == round(half.rating) and round(wrong.rating) < int(value)
    n = int(value) - 1500
    said = "You used a hint, so this counts as half a solve. " + (
        f"On a puzzle harder than your rating, that still raises your rating: by {n}, to {value}." if n > 0 else
        f"On a puzzle easier than your rating, that lowers your rating: by {-n}, to {value}." if n < 0 else
        f"Your rating stays {value}.")
    assert said in shown(at) and "A solve after a hint counts" not in shown(at)
    assert sess(at).ratings.history("kalah")[-1].hinted


def test_awari_has_a_rating_of_its_own_and_themes_can_be_chosen(page_app):
    at = open_page(page_app)
    at.selectbox(key="practice_game").set_value("oware").run()
    assert not at.exception, at.exception
    assert variant_of(run_of(at).puzzle) == "oware" and metric(at)[0] == "Your Awari (Oware) rating"
    at.multiselect(key="practice_themes").set_value(["awari-feed"]).run()
    assert run_of(at).puzzle.theme == "awari-feed"


def test_a_streak_serves_a_harder_puzzle_after_each_solve_and_ends_at_the_first_miss(page_app):
    at = open_page(page_app)
    at.segmented_control(key="practice_mode").set_value("streak").run()
    assert not at.exception, at.exception
    streak = sess(at).streak
    assert streak is not None and "harder than the one before" in shown(at)
    ratings = []
    for k in range(2):
        ratings.append(streak.last)
        solve(at)
        assert f"Streak: {k + 1}" in shown(at)
        at.button(key="practice_streak_next").click().run()
        assert not at.exception, at.exception
    assert streak.last > ratings[1] > ratings[0]
    miss(at)
    assert "The streak is over: you solved 2 puzzles in a row." in shown(at)
    assert sess(at).ratings.best_streak("kalah") == 2


def test_the_practice_page_speaks_greek(page_app):
    at = open_page(page_app, lang="el")
    assert metric(at)[0] == "Η βαθμολογία σου στο Kalah"
    solve(at)
    assert "Η βαθμολογία σου ανέβηκε" in shown(at)


def test_a_first_try_on_the_puzzles_page_moves_the_rating_too_and_practice_shows_it(page_app):
    at = page_app("pages/puzzles.py")
    at.run()
    run = sess(at).puzzle
    for pit in sorted(run.puzzle.turns)[0]:
        if not run.solved:
            run.press(pit)
    at.run()
    assert not at.exception, at.exception
    history = sess(at).ratings.history()
    assert [(t.puzzle_id, t.solved) for t in history] == [(run.puzzle.id, True)] and history[0].rating > 1500
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    assert metric(at) == ("Your Kalah rating", f"{round(history[0].rating)}?", None)
    assert run_of(at).puzzle.id != run.puzzle.id  # solved this week: not served again
    assert at.get("plotly_chart")


def test_the_dashboards_line_and_bars_are_the_learners_numbers():
    """The rating line starts at the first rating and gains a point a rated try; each theme's bar is its
    share solved at the first try, labelled with its count, strongest on top."""
    import datetime as dt

    from tutor import words
    from tutor.practice import theme_scores
    from tutor.ratings import RatedTry, Rating
    from ui.practice_charts import (
        STRONG,
        WEAK,
        rating_figure,
        rating_points,
        themes_figure,
    )

    at = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
    captures = [p.id for p in POOL.values() if p.theme == "capture"][:3]
    lap = next(p.id for p in POOL.values() if p.theme == "lap")
    history = [RatedTry(captures[0], "kalah", True, 1673.2, 173.2, at, deviation=267.0),
               RatedTry(captures[1], "kalah", True, 1750.6, 77.4, at, deviation=224.0),
               RatedTry(lap, "kalah", False, 1690.1, -60.5, at, deviation=109.9),
               RatedTry(captures[2], "kalah", False, 1650.0, -40.1, at, deviation=104.0)]
    assert rating_points(history) == ([0, 1, 2, 3, 4], [1500, 1673, 1751, 1690, 1650])
    assert rating_points([]) == ([0], [1500])
    fig = rating_figure(history, Rating(1650.0, 104.0))
    line, unsure, settled = fig.data
    assert list(line.x) == [0, 1, 2, 3, 4] and list(line.y) == [1500, 1673, 1751, 1690, 1650]
    # provisional points (deviation above 110): hollow rings labelled "1673?"; settled ones filled dots
    assert list(unsure.x) == [0, 1, 2] and list(unsure.text) == ["1500?", "1673?", "1751?"]
    assert list(settled.x) == [3, 4] and list(settled.text) == ["1690", "1650"]
    assert unsure.marker.color == "white" and settled.marker.color == unsure.marker.line.color
    assert unsure.name == "? Still finding its level" and fig.layout.showlegend
    # tries kept before their deviations were (None): provisional when the rating is now, else not marked
    old = [RatedTry(captures[0], "kalah", True, 1673.2, 173.2, at), RatedTry(lap, "kalah", False, 1690.1, 16.9, at)]
    assert [list(t.text) for t in rating_figure(old, Rating(1690.1, 224.0)).data[1:]] == [["1500?", "1673?", "1690?"]]
    assert [list(t.x) for t in rating_figure(old, Rating(1690.1, 100.0)).data[1:]] == [[0], [1, 2]]
    bars = themes_figure(theme_scores(history, POOL)).data[0]
    titles = words.theme_entries()
    assert list(bars.y) == [titles["lap"].title, titles["capture"].title]  # strongest on top: drawn last
    assert list(bars.x) == [0, 67] and list(bars.text) == ["0 of 1", "2 of 3"]
    assert list(bars.textposition) == ["outside", "inside"]  # ut44 #12: a bar at 0% still says "0 of 1"
    assert list(bars.marker.color) == [WEAK, STRONG]


def test_back_from_another_page_the_awari_streak_on_screen_goes_on(page_app):
    at = open_page(page_app)
    at.selectbox(key="practice_game").set_value("oware")
    ran(at)
    at.segmented_control(key="practice_mode").set_value("streak")
    ran(at)
    streak, pid = sess(at).streak, run_of(at).puzzle.id
    at.switch_page("pages/puzzles.py")
    ran(at)
    at.switch_page(PAGE)
    ran(at)
    assert sess(at).streak is streak and run_of(at).puzzle.id == pid and metric(at)[0] == "Your Awari (Oware) rating"


def test_next_puzzle_never_flips_between_two_and_a_miss_waits(page_app):
    at = open_page(page_app)
    miss(at)
    seen = [run_of(at).puzzle.id]
    for _ in range(5):
        at.button(key="practice_next").click().run()
        assert not at.exception, at.exception
        seen.append(run_of(at).puzzle.id)
    assert len(set(seen)) == 6, seen


def test_a_reload_goes_on_with_the_puzzle_on_screen_even_after_a_miss(page_app):
    from tutor.puzzle_pool import puzzle_code
    at = open_page(page_app)
    miss(at)
    first = run_of(at).puzzle.id
    assert puzzle_code(first) in str(at.query_params["practice"])
    again = open_page(page_app, practice=puzzle_code(first))  # a new session at the same address
    assert run_of(again).puzzle.id == first and not again.exception


def test_a_puzzle_served_before_the_learners_code_is_known_is_served_again_when_they_solved_it(page_app):
    from tutor.progress import Progress
    from tutor.ratings import MemoryRatings, Rating
    from ui import state
    at = open_page(page_app)
    first = run_of(at).puzzle.id
    theirs = MemoryRatings()  # the learner's own store: they solved it a moment ago (another tab, a reload)
    theirs.record_try(first, "kalah", True, Rating())
    state.bind_progress(Progress(), sess(at), ratings=theirs)
    ran(at)
    assert run_of(at).puzzle.id != first


def test_a_reload_after_a_solve_serves_another_once_the_learners_code_is_known(page_app):
    from tutor.progress import Progress
    from tutor.puzzle_pool import puzzle_code
    from tutor.ratings import MemoryRatings, Rating
    from ui import state
    at = open_page(page_app)
    first = run_of(at).puzzle.id
    again = open_page(page_app, practice=puzzle_code(first))  # the reload: the same address, a new session
    assert run_of(again).puzzle.id == first
    theirs = MemoryRatings()  # the learner's store, bound once the browser says their code: they solved it
    theirs.record_try(first, "kalah", True, Rating())
    state.bind_progress(Progress(), sess(again), ratings=theirs)
    ran(again)
    assert run_of(again).puzzle.id != first


def test_a_puzzle_solved_after_a_miss_is_never_served_again_in_a_session_kept_in_memory(page_app):
    """No learner code: the ratings kept in memory know only first-try solves; every puzzle of the theme is
    missed, then solved, and none comes back ("recently": within ``tutor.practice.RECENT``, this session)."""
    at = open_page(page_app)
    at.selectbox(key="practice_game").set_value("oware").run()
    at.multiselect(key="practice_themes").set_value(["awari-lap"]).run()
    theme = [pid for pid, p in POOL.items() if p.theme == "awari-lap" and variant_of(p) == "oware"]
    served = []
    for _ in theme:
        run = run_of(at)
        assert run is not None and run.puzzle.theme == "awari-lap" and run.puzzle.id not in served
        served.append(run.puzzle.id)
        miss(at)
        run_of(at).reset()  # Try again
        solve(at)
        at.button(key="practice_next").click().run()
        assert not at.exception, at.exception
    assert sorted(served) == sorted(theme) and run_of(at) is None
    assert "You have solved every puzzle of these themes this week." in shown(at)


def test_a_puzzle_has_one_short_number_on_both_pages_in_both_languages(page_app):
    """ut44 #12: "Puzzle 43 of 858" daunts a child and the Puzzles page said "of 89" for the same puzzle:
    now "Puzzle 29" on both (My practice's pool begins with the Puzzles page's, in the same order)."""
    from tutor.puzzle import learner_name

    hand = load_puzzles(prove=False)
    assert all(learner_name(POOL, pid) == learner_name(hand, pid) for pid in hand)
    at = open_page(page_app)
    assert at.subheader[0].value == "Puzzle 29 · rating 1396"  # the newcomer's first: capture-pick-the-pile
    assert list(hand).index("capture-pick-the-pile") == 28
    at = open_page(page_app, lang="el")
    assert at.subheader[0].value == "Γρίφος 29 · βαθμολογία 1396"


def test_a_rating_moved_on_the_puzzles_page_shows_no_old_change_back_on_my_practice(page_app):
    """ut48a #2: My practice showed the new rating beside its own last try's "+134", though a try on the
    Puzzles page had moved it since: the change is shown only while it is the rating's latest."""
    at = open_page(page_app)
    solve(at)
    assert metric(at)[2] == "+134"
    at.query_params["puzzle"] = "capture-two-ways"  # a Kalah puzzle of the Puzzles page
    at.switch_page("pages/puzzles.py").run()
    run = sess(at).puzzle
    assert run.puzzle.id == "capture-two-ways"
    for pit in sorted(run.puzzle.turns)[0]:
        if not run.solved:
            run.press(pit)
    at.run()
    latest = sess(at).ratings.history()[-1]
    assert latest.puzzle_id == run.puzzle.id and latest.solved and latest.variant == "kalah"
    del at.query_params["puzzle"]
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    assert metric(at) == ("Your Kalah rating", f"{round(latest.rating)}?", None)
