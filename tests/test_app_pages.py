"""Every page opens without an exception, in the frame and run alone (AppTest)."""

from __future__ import annotations

import pytest

from tutor import words
from tutor.progress import LessonProgress, Progress, PuzzleProgress
from ui import wake
from ui.frame import PAGES, page_file

PAGE_FILES = [page_file(p[0]) for p in PAGES]


def test_frame_opens_home_by_default(app):
    """A visitor opens the app and lands on Home, with the sidebar."""
    app.run()
    assert not app.exception
    assert [t.value for t in app.title] == ["Mancala Tutor"]
    assert any("You are on" in c.value for c in app.sidebar.caption)


@pytest.mark.parametrize("page_file", PAGE_FILES)
def test_every_page_opens_in_the_frame(app, page_file):
    """A learner clicks each entry of the navigation: every page draws its title, no error."""
    app.run()
    app.switch_page(page_file).run()
    assert not app.exception, app.exception
    assert len(app.title) == 1
    url_path = page_file.removeprefix("pages/").removesuffix(".py")
    assert app.title[0].value == words.page_heading(url_path)
    assert any(c.value == words.you_are_on(words.page_title(url_path)) for c in app.sidebar.caption)


@pytest.mark.parametrize("page_file", PAGE_FILES)
def test_every_page_runs_alone(page_app, page_file):
    """A deep link can run a page file without app.py: it must still work."""
    at = page_app(page_file).run()
    assert not at.exception, at.exception
    assert len(at.title) == 1


def test_the_frame_lets_the_server_thread_in_every_half_millisecond():
    """A script run holds the GIL at most 0.5 ms while the server's thread waits (ui.frame)."""
    import sys

    from ui import frame

    assert frame.SWITCH_INTERVAL_S == 0.0005
    assert sys.getswitchinterval() == pytest.approx(0.0005)


def test_navigation_lists_the_planned_pages():
    """Home, Sandbox, eight lessons, Puzzles and Move outcomes have a place in the navigation."""
    files = set(PAGE_FILES)
    assert {"pages/home.py", "pages/sandbox.py", "pages/puzzles.py", "pages/move_outcomes.py"} <= files
    assert sum(f.startswith("pages/lesson_") for f in files) == 8
    assert PAGE_FILES[0] == "pages/home.py"  # the default page


def test_sidebar_counts_lessons_and_puzzles(app):
    """The sidebar always shows how far the learner got: lessons done, puzzles solved at the first try and
    with help (after a miss or a hint), of those tried."""
    app.run()
    app.session_state["mancala_tutor"].progress = Progress(
        lessons={"setup": LessonProgress(done=True, stars=2)},
        puzzle_records={"a": PuzzleProgress(solved=True, first_try=True), "b": PuzzleProgress(wrong=1),
                        "c": PuzzleProgress(), "d": PuzzleProgress(hints=2, solved=True)},
    )
    app.run()
    captions = [c.value for c in app.sidebar.caption]
    assert "Lessons done: 1 of 8 · Puzzles solved: 1 at the first try, 1 after a wrong try or a hint, of 4 tried" in captions


def test_home_promises_what_move_outcomes_does(app):
    """Home describes Move outcomes as the page does it: every legal pit, now and with best play."""
    app.run()
    text = " ".join(m.value for m in app.markdown)
    assert "what every pit would do" not in text
    assert "**Move outcomes** takes every pit the player to move may play" in text
    assert "what that move does now" in text and "play their best" in text


def test_homes_first_run_waits_for_the_learner_then_shows_the_counts(app):
    """On a first visit Home says "one moment" where the progress goes, until the browser has said
    who the learner is (a returning learner never sees zeros before their own counts); any later
    run (the keeper's report reruns the app on Home, ``ui.learner.SHOWS_PROGRESS``) shows them."""
    app.run()
    assert not app.exception
    assert words.progress_coming() in [c.value for c in app.caption]
    assert [m.label for m in app.metric] == []
    app.run()
    assert not app.exception
    assert words.progress_coming() not in [c.value for c in app.caption]
    assert {m.label: m.value for m in app.metric} == {
        words.label("lessons_done"): words.of_total(0, 8), words.label("stars_earned"): words.stars_line(0, 8),
        words.label("puzzles_first_try"): "0", words.label("puzzles_helped"): "0", words.label("puzzles_tried"): "0",
        words.label("games_played"): "0"}


def kept_for(learner, sb):
    """A keeper holding ``sb``'s game as ``learner``'s (the store's part, in memory)."""
    from tutor.kept_games import MemoryKeeper
    from tutor.kept_record import record_of

    games = MemoryKeeper()
    assert games.keep_game(learner, record_of(sb.kept_state()), 0) == 1
    return games


def bind(app, learner, games):
    """What the learner keeper's report does: the session knows its learner, and where games are kept."""
    app.session_state["mancala_tutor"].learner = learner
    app.session_state["mancala_tutor"].games = games


def test_a_reloaded_sandbox_waits_for_the_learner_and_draws_the_kept_game_not_a_start_board(app):
    """Teacher: every reload of the Sandbox first drew a start board whose pits took presses, then
    jumped to the learner's kept game and dropped them. The first run says "one moment" instead (no
    board); the run after the keeper's report draws the game the server kept for the learner."""
    from engine import KalahRules
    from tutor.sandbox import SandboxActivity

    kept = SandboxActivity(KalahRules())
    kept.press(3)
    kept.press(1)
    games = kept_for("KEPTGAME", kept)
    played = kept.position.to_notation()
    assert played == "0,5,1,6,6,5/1/4,4,4,4,4,4/0/N"  # pit 3 (an extra turn), then pit 1
    app.switch_page("pages/sandbox.py")
    app.run()
    assert not app.exception
    assert words.game_coming() in [i.value for i in app.info]
    assert [c.key for c in app.get("bidi_component")] == ["learner_keeper", wake.KEY]  # no board
    assert app.session_state["mancala_tutor"].sandbox is None
    bind(app, "KEPTGAME", games)  # what the keeper's report does
    app.run()
    assert not app.exception
    assert words.game_coming() not in [i.value for i in app.info]
    assert app.session_state["mancala_tutor"].sandbox.position.to_notation() == played
    assert [c.key for c in app.get("bidi_component")] == ["sandbox_board", "learner_keeper", wake.KEY]


def test_a_shared_game_link_is_drawn_on_the_first_run(app):
    """A share link opens its game whoever the learner is: nothing to wait for."""
    app.query_params["pos"] = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/N"
    app.switch_page("pages/sandbox.py")
    app.run()
    assert not app.exception
    assert words.game_coming() not in [i.value for i in app.info]
    assert app.session_state["mancala_tutor"].sandbox.position.to_move == "N"
    # read once, then dropped from the address: a reload goes on with the game, moves and all (10-year-old)
    assert "pos" not in app.query_params


def test_a_broken_link_keeps_the_learners_game_and_says_so(app):
    """Teacher: /sandbox?pos=garbage replaced a pupil's game under way with a new one (Undo could not
    bring it back). A link that does not work waits for the learner like no link, then their kept game
    goes on, with a line saying the link did not work."""
    from engine import KalahRules
    from tutor.sandbox import SandboxActivity

    kept = SandboxActivity(KalahRules())
    kept.press(2)
    games = kept_for("KEPTLINK", kept)
    played = kept.position.to_notation()
    app.query_params["pos"] = "garbage"
    app.switch_page("pages/sandbox.py")
    app.run()
    assert not app.exception and words.game_coming() in [i.value for i in app.info]
    bind(app, "KEPTLINK", games)
    app.run()
    assert not app.exception
    sb = app.session_state["mancala_tutor"].sandbox
    assert sb.position.to_notation() == played and sb.kept_version == 1
    assert [e.value for e in app.error] == [words.link_kept_game()] == ["This link did not work, so your game goes on."]


def test_move_outcomes_of_a_reloaded_sandbox_waits_for_the_learners_game(app):
    """10-year-old: opened directly mid-game, Move outcomes first analysed the start position ("Best:
    pit 3") for a second, then the real game ("Best: pit 6"). Its first run waits for the learner."""
    from engine import KalahRules
    from tutor.sandbox import SandboxActivity

    kept = SandboxActivity(KalahRules())
    kept.press(1)
    games = kept_for("KEPTMOVE", kept)
    app.switch_page("pages/move_outcomes.py")
    app.run()
    assert not app.exception
    assert words.game_coming() in [i.value for i in app.info] and not app.get("plotly_chart")
    bind(app, "KEPTMOVE", games)
    app.run()
    assert not app.exception
    assert words.game_coming() not in [i.value for i in app.info]
    assert kept.position.to_notation() in "".join(c.value for c in app.caption)


def home_links(app) -> list[tuple[str, str]]:
    return [(e.proto.label, e.proto.page.removesuffix(".py").split("/")[-1]) for e in app.main.get("page_link")]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_home_points_to_the_first_lesson_not_finished_then_to_practice(app, lang):
    """User test: Home still said "Start lesson 1" after two lessons were done. It starts with lesson 1, then
    goes on with the first lesson not finished (a lesson half done counts as not finished), and sends a
    learner who has finished every lesson to practise."""
    from ui.frame import LESSON_PAGES

    start, half, go_on, done = {
        "en": ("Start lesson 1: Setting up", "Go on with lesson 2: Sowing", "Go on with lesson 3: Extra turns",
               "All the lessons done: keep practising"),
        "el": ("Ξεκίνα το μάθημα 1: Στήνουμε το ταμπλό", "Συνέχισε με το μάθημα 2: Σπορά",
               "Συνέχισε με το μάθημα 3: Παίζεις ξανά", "Τελείωσες όλα τα μαθήματα: συνέχισε την εξάσκηση"),
    }[lang]
    app.query_params["lang"] = lang
    app.run()
    app.run()  # the keeper's report: the learner's own progress
    assert home_links(app)[0] == (start, "lesson_1_setup")
    progress = app.session_state["mancala_tutor"].progress
    progress.lesson_done("setup", 3)
    progress.lesson_done("captures", 2)  # lessons done out of order: lesson 2 is the first one left
    progress.step_done("sowing", "s1")
    app.run()
    assert home_links(app)[0] == (half, "lesson_2_sowing")
    progress.lesson_done("sowing", 3)
    app.run()
    assert home_links(app)[0] == (go_on, "lesson_3_extra_turns")
    for lesson_id in LESSON_PAGES:
        progress.lesson_done(lesson_id, 3)
    app.run()
    assert not app.exception
    assert home_links(app)[0] == (done, "practice")
