"""The Puzzles page's "More puzzles" of a theme opens My practice with that game and theme chosen (AppTest),
only where mined puzzles of the theme exist for the game; My practice heads each puzzle with its rating
against the learner's (a strong learner meets only 3★ puzzles: the ratings keep moving)."""

from __future__ import annotations

from engine import KalahRules
from lessons.loader import load_puzzles
from tutor import words
from tutor.mined import mined_themes, practice_pool
from tutor.practice import rating_of, variant_of
from tutor.puzzle import level_of
from tutor.puzzle_pool import puzzle_code
from tutor.ratings import Rating
from ui.state import Keys

POOL = practice_pool(load_puzzles(prove=False))


def ran(at):
    at.run()
    assert not at.exception, at.exception
    return at


def more_links(at) -> list[tuple[str, str, str]]:
    return [(e.proto.label, e.proto.page, e.proto.query_string) for e in at.get("page_link")
            if e.proto.label.startswith(("More puzzles", "Περισσότεροι γρίφοι"))]


def test_mined_themes_are_those_of_the_shipped_entries():
    assert mined_themes("kalah") == {"capture", "counting", "endgame", "extra-turns", "lap", "threat"}
    assert mined_themes("oware") == {"awari-chains", "awari-feed", "awari-grand-slam", "awari-lap", "capture", "endgame"}


def test_each_theme_with_mined_puzzles_of_its_game_gets_more_puzzles_and_the_others_none(page_app):
    at = ran(page_app("pages/puzzles.py"))
    at.selectbox(key=Keys.PUZZLE_THEME).set_value("capture").run()
    run = at.session_state["mancala_tutor"].puzzle
    assert run.puzzle.theme == "capture" and run.rules.game == "kalah"
    assert more_links(at) == [("More puzzles: Biggest capture now", "practice", "game=kalah&theme=capture")]
    assert at.get("page_link")[-1].proto.help == "Opens My practice with this theme: puzzles near your rating."
    at.selectbox(key=Keys.PUZZLE_THEME).set_value("mistakes").run()  # written puzzles only: none mined
    assert at.session_state["mancala_tutor"].puzzle.puzzle.theme == "mistakes" and more_links(at) == []
    at.selectbox(key=Keys.PUZZLE_THEME).set_value("awari-feed").run()
    assert more_links(at) == [("More puzzles: Awari: must feed", "practice", "game=oware&theme=awari-feed")]
    at.selectbox(key=Keys.PUZZLE_THEME).set_value("lap").run()
    assert more_links(at) == [("More puzzles: The full lap", "practice", "game=kalah&theme=lap")]


def test_more_puzzles_opens_my_practice_with_the_game_and_theme_near_the_learner_s_rating(page_app):
    at = ran(page_app("pages/practice.py"))  # a kalah puzzle on screen first
    sess = at.session_state["mancala_tutor"]
    sess.ratings.learner["oware"] = Rating(1900.0, 60.0)
    at.query_params.update({"game": "oware", "theme": "capture"})  # the link's address
    ran(at)
    run = sess.practice
    assert variant_of(run.puzzle) == "oware" and run.puzzle.theme == "capture"
    assert at.selectbox(key=f"{Keys.PRACTICE}game").value == "oware"
    assert at.multiselect(key=f"{Keys.PRACTICE}themes").value == ["capture"]
    assert "theme" not in at.query_params and "game" not in at.query_params  # read once
    capture = [p for p in POOL.values() if p.theme == "capture" and variant_of(p) == "oware"]
    nearest = min(abs(rating_of(p, {}).rating - 1900.0) for p in capture)
    assert abs(rating_of(run.puzzle, {}).rating - 1900.0) == nearest
    served = run.puzzle.id
    ran(at)
    assert sess.practice.puzzle.id == served  # a rerun goes on with it
    at.query_params.update({"game": "chess", "theme": "capture"})  # an unknown game changes nothing
    ran(at)
    assert sess.practice.puzzle.id == served and "game" not in at.query_params


def test_my_practice_heads_a_puzzle_with_its_rating_against_the_learner_s(page_app):
    at = ran(page_app("pages/practice.py"))
    sess = at.session_state["mancala_tutor"]
    run = sess.practice
    rating = round(rating_of(run.puzzle, {}).rating)
    assert at.subheader[0].value.endswith(f" · rating {rating}") and "★" not in at.subheader[0].value
    # a new learner, 1500: the first puzzle is an easy one (1★, rated 1396)
    assert rating == 1396 and "Easier than your rating: a warm-up." in [c.value for c in at.caption]
    seen = []
    for learner in (1900.0, 2300.0):  # stronger: 3★ every time, the rating in the heading climbs
        sess.ratings.learner["kalah"] = Rating(learner, 60.0)
        at.button(key=f"{Keys.PRACTICE}next").click()
        ran(at)
        run = sess.practice
        assert level_of(run.puzzle) == 3
        seen.append(round(rating_of(run.puzzle, {}).rating))
        assert at.subheader[0].value.endswith(f" · rating {seen[-1]}")
        assert "About your rating: just right." in [c.value for c in at.caption]
    assert seen == [1896, 2292]
    at.segmented_control(key=f"{Keys.PRACTICE}mode").set_value("streak").run()  # a streak begins easy
    assert at.subheader[0].value.endswith(f" · rating {round(sess.streak.last)}")
    assert "Easier than your rating: a warm-up." in [c.value for c in at.caption]


def test_the_heading_and_the_link_speak_greek(page_app):
    capture = next(pid for pid, p in load_puzzles(prove=False).items() if p.theme == "capture"
                   and variant_of(p) == "kalah")
    at = page_app("pages/puzzles.py")
    at.query_params.update({"lang": "el", "puzzle": puzzle_code(capture)})  # no theme chosen: the puzzle's
    ran(at)
    assert at.session_state["mancala_tutor"].puzzle.puzzle.id == capture
    [(label, page, query)] = more_links(at)
    assert label.startswith("Περισσότεροι γρίφοι: ") and query == "game=kalah&theme=capture"


def test_my_practice_s_heading_speaks_greek(page_app):
    at = page_app("pages/practice.py")
    at.query_params.update({"lang": "el", "game": "kalah", "theme": "threat"})
    ran(at)
    run = at.session_state["mancala_tutor"].practice
    assert run.puzzle.theme == "threat"
    assert at.subheader[0].value.endswith(f" · βαθμολογία {round(rating_of(run.puzzle, {}).rating)}")
    # a newcomer: the theme's easiest puzzle first (ut45 #1), a warm-up
    assert level_of(run.puzzle) == 1 and "Πιο εύκολος από τη βαθμολογία σου: για ζέσταμα." in [c.value for c in at.caption]


def test_a_newcomer_through_more_puzzles_gets_the_theme_s_easiest_puzzle_first(page_app):
    """ut45 #1: a learner never rated who opens ``?game=kalah&theme=capture`` gets a 1★ capture puzzle on
    the standard board (rated 1396, a warm-up), as a newcomer with no theme gets the easy first puzzle."""
    at = page_app("pages/practice.py")
    at.query_params.update({"game": "kalah", "theme": "capture"})
    ran(at)
    run = at.session_state["mancala_tutor"].practice
    assert run.puzzle.id == "capture-pick-the-pile" and level_of(run.puzzle) == 1 and run.rules == KalahRules()
    assert at.subheader[0].value.endswith(" · rating 1396")
    assert "Easier than your rating: a warm-up." in [c.value for c in at.caption]
