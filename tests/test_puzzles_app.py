"""The puzzles page through AppTest: a learner opens a puzzle, misses, is told why, and solves it.

AppTest cannot click the drawn board (a custom component): a pit is pressed by
calling the session's ``PuzzleActivity.press`` (what the board's one click
handler calls), then the page is run again. What a press does is tested in
plain pytest in ``tests/test_tutor_puzzle.py``.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from engine import Position
from lessons.loader import load_puzzles, themes
from lessons.proofs import difficulty
from tutor import i18n, words
from tutor.puzzle import (PuzzleActivity, display_name, learner_name, level_of, number_in_theme, pick, puzzle_code,
                          puzzle_of_the_day)
from tutor.progress import PuzzleProgress

PUZZLES = load_puzzles()
PAGE = "pages/puzzles.py"
ALL_ANY = "puzzle_choice_all_0"
"""The menu's key for all themes and any difficulty."""


def open_page(page_app, **params):
    at = page_app(PAGE)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def run_of(at) -> PuzzleActivity:
    return at.session_state["mancala_tutor"].puzzle


def legal_pits(run: PuzzleActivity) -> tuple[int, ...]:
    from engine import legal_moves

    return legal_moves(run.position, run.rules)


def press(at, pit: int) -> None:
    run_of(at).press(pit)
    at.run()
    assert not at.exception, at.exception


def text_of(at) -> str:
    return "\n".join(e.value for e in [*at.warning, *at.success, *at.info, *at.error, *at.markdown])


def everything_shown(at) -> str:
    """Every text and label the page shows (menus' shown options included), to look for what must not be there."""
    texts = [e.value for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning",
                                  "error", "code") for e in getattr(at, kind)]
    texts += [e.label for kind in ("button", "expander", "selectbox") for e in getattr(at, kind)]
    texts += [o for box in at.selectbox for o in box.options]
    return "\n".join(map(str, texts))


def link_of(at) -> str:
    qp = at.query_params["puzzle"]
    return qp[0] if isinstance(qp, list) else qp


def today() -> str:
    return puzzle_of_the_day(PUZZLES, dt.date.today())


def test_a_new_learner_opens_an_easy_puzzle_and_can_ask_for_the_puzzle_of_the_day(page_app) -> None:
    at = open_page(page_app)
    assert run_of(at).puzzle.id == "capture-pick-the-pile"  # tried none: an easy Kalah 6x4 puzzle first
    assert "Puzzles" in [t.value for t in at.title]
    assert link_of(at) == puzzle_code("capture-pick-the-pile")
    assert {"puzzle_next", "puzzle_today", "puzzle_hint", "puzzle_reset"} <= {b.key for b in at.button}
    at.button(key="puzzle_today").click().run()
    assert not at.exception, at.exception
    assert run_of(at).puzzle.id == today() and link_of(at) == puzzle_code(today())


def test_a_learner_solves_a_puzzle_and_home_counts_it(page_app) -> None:
    at = open_page(page_app, puzzle=puzzle_code("chain-right-to-left"))
    assert run_of(at).puzzle.id == "chain-right-to-left"
    for pit in (6, 5, 6):  # the third extra turn solves it (PUZZLES' answer is 6, 5, 6, 1)
        press(at, pit)
    run = run_of(at)
    assert run.solved
    assert [e.value for e in at.success] == ["Solved at the first try: well done!"]  # one sentence of praise
    assert at.expander(key="puzzle_why").label == "Why?"
    assert PUZZLES["chain-right-to-left"].explanation in text_of(at)  # behind "Why?"
    assert at.button(key="puzzle_hint").disabled
    progress = at.session_state["mancala_tutor"].progress
    assert progress.puzzles() == {"chain-right-to-left": PuzzleProgress(solved=True, first_try=True)}
    assert "Puzzles solved: 1 at the first try and 0 after a wrong try or a hint, of 1 tried." in [c.value for c in at.caption]
    at.switch_page("pages/home.py").run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Puzzles solved at the first try"] == "1" and metrics["Puzzles solved after a wrong try or a hint"] == "0"
    assert metrics["Puzzles tried"] == "1"


def test_a_wrong_move_is_answered_on_the_board_and_try_again_puts_the_start_back(page_app) -> None:
    """A learner plays pit 3 instead of pit 2: pit 3 and North's answer stay on the board, one sentence says
    why, "Why?" holds the details, and Try again puts the puzzle's position back."""
    at = open_page(page_app, puzzle=puzzle_code("capture-pick-the-pile"))
    puzzle = PUZZLES["capture-pick-the-pile"]
    press(at, 3)
    run = run_of(at)
    assert not run.solved and run.position == Position.from_notation("1,2,0,1,0,8/12/1,0,7,2,0,0/14/S", puzzle.game_rules)
    assert [w.value for w in at.warning] == [puzzle.wrong[3]]  # the puzzle's own words for pit 3 first
    why = at.expander(key="puzzle_why")
    assert why.label == "Why?"
    details = "\n".join(m.value for m in why.markdown)
    assert "South sowed pit 3 (2 seeds)" in details and "badge" not in details and "(K10)" not in details
    assert "North answers with pit 6." in details and puzzle.wrong[3] not in details
    assert ("Not this time: that turn captured 2 seeds (1 from North's pit 2 and the last seed); the most you can "
            "capture is 8.") in details
    assert at.session_state["mancala_tutor"].progress.puzzles() == {"capture-pick-the-pile": PuzzleProgress(wrong=1)}
    assert "puzzle_reset" not in {b.key for b in at.button}  # Try again does it
    at.button(key="puzzle_retry").click().run()
    assert run_of(at).position == puzzle.start and not at.warning
    press(at, 2)
    assert run_of(at).solved


def test_an_illegal_pit_is_explained_on_the_page(page_app) -> None:
    at = open_page(page_app, puzzle=puzzle_code("capture-pick-the-pile"))
    before = run_of(at).position
    press(at, 1)  # empty pit
    assert run_of(at).position == before
    said = "\n".join(w.value for w in at.warning)
    assert said.endswith("Pit 1 cannot be played here, so nothing happened.") and "K5" not in said
    at.session_state["mancala_tutor"].prefs.rule_ids = True  # a teacher's switch: the rule's id as a badge
    at.run()
    said = "\n".join(w.value for w in at.warning)
    assert said.endswith("Pit 1 cannot be played here, so nothing happened. :gray-badge[K5]") and "(K5)" not in said


def test_hints_come_one_at_a_time(page_app) -> None:
    at = open_page(page_app, puzzle=puzzle_code("lap-thirteen"))
    hints = PUZZLES["lap-thirteen"].hints
    assert at.button(key="puzzle_hint").label == f"Hint (0/{len(hints)})"
    at.button(key="puzzle_hint").click().run()
    infos = [i.value for i in at.info]
    assert f"Hint 1: {hints[0]}" in infos and not any(hints[1] in i for i in infos)
    at.button(key="puzzle_hint").click().run()
    # One box, in order: Hint 1 first (ut46 #11: newest first read Hint 3 above 2 above 1).
    assert f"Hint 1: {hints[0]}\n\nHint 2: {hints[1]}" in [i.value for i in at.info]


def test_start_again_shows_the_puzzles_position(page_app) -> None:
    at = open_page(page_app, puzzle=puzzle_code("chain-right-to-left"))
    press(at, 6)
    assert run_of(at).position != PUZZLES["chain-right-to-left"].start
    at.button(key="puzzle_reset").click().run()
    assert run_of(at).position == PUZZLES["chain-right-to-left"].start
    assert not at.info and not at.warning


def test_a_share_link_opens_its_puzzle(page_app) -> None:
    pid = list(PUZZLES)[-1]
    at = open_page(page_app, puzzle=puzzle_code(pid))
    assert run_of(at).puzzle.id == pid
    assert link_of(at) == puzzle_code(pid)
    assert f"?puzzle={puzzle_code(pid)}" in [c.value for c in at.code]


def test_an_older_link_with_the_id_opens_its_puzzle_and_the_link_becomes_the_code(page_app) -> None:
    at = open_page(page_app, puzzle="lap-thirteen")
    assert run_of(at).puzzle.id == "lap-thirteen"
    assert f"?puzzle={puzzle_code('lap-thirteen')}" in [c.value for c in at.code]


def test_the_puzzle_id_is_never_shown(page_app) -> None:
    """Headings, menus, captions, the share link and the URL name a puzzle by its theme and number and its code;
    its id (which may name the answer) appears nowhere, before or after a wrong turn."""
    for pid in ["lap-thirteen-not-fourteen", "grand-slam-trap", "mistake-their-side", "chain-right-to-left"]:
        at = open_page(page_app, puzzle=puzzle_code(pid))
        assert pid not in everything_shown(at) and link_of(at) == puzzle_code(pid), pid
        wrong = next(p for p in legal_pits(run_of(at)) if (p,) not in PUZZLES[pid].turns
                     and not PUZZLES[pid].leads_to_an_answer((p,)))
        press(at, wrong)
        assert pid not in everything_shown(at), pid


def test_a_bad_link_says_so_and_opens_the_puzzle_of_the_day(page_app) -> None:
    at = open_page(page_app, puzzle="no-such-puzzle")
    # the code is quoted the way all the app's quoting of user text is (tutor.words.quote: “…”)
    assert any("There is no puzzle with the code “no-such-puzzle”" in e.value for e in at.error)
    assert [e.value for e in at.error if "There is no puzzle" in e.value] == [at.error[0].value]  # once, at the top
    assert today() not in at.error[0].value and puzzle_code(today()) in at.error[0].value
    assert len(at.error) == 1
    assert run_of(at).puzzle.id == today()


def test_theme_and_difficulty_pick_the_menu(page_app) -> None:
    """Choosing a theme and a difficulty: the menu lists those puzzles only."""
    at = open_page(page_app)
    at.selectbox(key="puzzle_theme").set_value("capture").run()
    at.selectbox(key="puzzle_level").set_value(1).run()
    assert not at.exception, at.exception
    menu = at.selectbox(key="puzzle_choice_capture_1")
    ids = pick(PUZZLES, "capture", 1)
    assert ids and len(menu.options) == len(ids)
    assert menu.options == [f"{learner_name(PUZZLES, pid)} ★☆☆ easy" for pid in ids]
    assert at.selectbox(key="puzzle_level").options == ["Any", "★☆☆ easy", "★★☆ medium", "★★★ hard"]


@pytest.mark.parametrize("language", ["en", "el"], indirect=True)
def test_choosing_a_theme_opens_its_first_unsolved_puzzle_bug(page_app, language) -> None:
    """Tester: choosing a theme changed nothing on screen (the old puzzle stayed, the menu went blank). Now the
    theme's first puzzle the learner has not solved opens, on the board, in the heading, the menu and the link;
    a difficulty does the same; a theme all solved opens its first puzzle."""
    at = open_page(page_app, lang=language)
    caps = pick(PUZZLES, "capture", 0)
    progress = at.session_state["mancala_tutor"].progress
    progress.puzzle_tried(caps[0])
    progress.puzzle_solved(caps[0])
    at.selectbox(key="puzzle_theme").set_value("capture").run()
    assert not at.exception, at.exception
    assert run_of(at).puzzle.id == caps[1] and link_of(at) == puzzle_code(caps[1])
    assert at.selectbox(key="puzzle_choice_capture_0").value == caps[1]
    assert at.subheader[0].value.startswith(learner_name(PUZZLES, caps[1]))
    hard = pick(PUZZLES, "capture", 3)
    at.selectbox(key="puzzle_level").set_value(3).run()
    assert run_of(at).puzzle.id == hard[0] and at.selectbox(key="puzzle_choice_capture_3").value == hard[0]
    laps = pick(PUZZLES, "lap", 0)
    for pid in laps:
        progress.puzzle_tried(pid)
        progress.puzzle_solved(pid)
    at.selectbox(key="puzzle_level").set_value(0).run()
    at.selectbox(key="puzzle_theme").set_value("lap").run()
    assert run_of(at).puzzle.id == laps[0]


def test_next_puzzle_moves_on_every_press_and_the_menu_follows(page_app) -> None:
    """All themes / Any: three presses of Next puzzle give three new puzzles, link and menu included."""
    at = open_page(page_app)
    ids = pick(PUZZLES, None, 0)
    seen = [run_of(at).puzzle.id]
    for _ in range(3):
        at.button(key="puzzle_next").click().run()
        assert not at.exception, at.exception
        pid = run_of(at).puzzle.id
        assert pid == ids[(ids.index(seen[-1]) + 1) % len(ids)], (seen, pid)
        assert link_of(at) == puzzle_code(pid)
        assert at.selectbox(key=ALL_ANY).value == pid
        seen.append(pid)
    assert len(set(seen)) == 4
    at.button(key="puzzle_today").click().run()
    assert run_of(at).puzzle.id == today() and at.selectbox(key=ALL_ANY).value == today()


def test_choosing_in_the_menu_opens_that_puzzle(page_app) -> None:
    at = open_page(page_app)
    ids = pick(PUZZLES, None, 0)
    other = next(p for p in ids if p != run_of(at).puzzle.id)
    at.selectbox(key=ALL_ANY).select(other).run()
    assert run_of(at).puzzle.id == other
    at.button(key="puzzle_next").click().run()
    assert run_of(at).puzzle.id == ids[(ids.index(other) + 1) % len(ids)]


def test_every_puzzle_has_its_own_heading_that_does_not_name_the_answer(page_app) -> None:
    """The heading and the menu say the puzzle's number, never words of the id nor its theme (which may tell
    the answer); a teacher who shows rule ids sees the theme and its number in it."""
    pid = "lap-thirteen-not-fourteen"
    at = open_page(page_app, puzzle=puzzle_code(pid))
    heading = at.subheader[0].value
    level = difficulty(PUZZLES[pid]).level
    assert heading == f"Puzzle {list(PUZZLES).index(pid) + 1} {words.level_word(level)}"  # ut44 #12: no "of 89"
    assert any(PUZZLES[pid].task in m.value for m in at.markdown)
    assert at.selectbox(key=ALL_ANY).options == [
        f"Puzzle {k} {words.level_word(difficulty(p).level)}" for k, p in enumerate(PUZZLES.values(), 1)]
    at.session_state["mancala_tutor"].prefs.rule_ids = True
    at.run()
    assert at.subheader[0].value.startswith("The full lap · puzzle 2 of ")
    names = [display_name(PUZZLES, pid) for pid in PUZZLES]
    assert len(set(names)) == len(names)
    for pid, name in zip(PUZZLES, names):
        k, n = number_in_theme(PUZZLES, pid)
        title = PUZZLES[pid].title
        assert name == f"{themes()[PUZZLES[pid].theme].title} · puzzle {k} of {n}" + (f": {title}" if title else ""), (
            pid, name)


@pytest.fixture
def language(request):
    """The test's own thread speaks ``request.param`` too (AppTest formats the menus' values here)."""
    i18n.use(request.param)
    yield request.param
    i18n.use(None)


@pytest.mark.parametrize("language", ["en", "el"], indirect=True)
def test_tried_counts_the_puzzles_a_move_was_played_in(page_app, language) -> None:
    """"Solved N of M tried": M counts the puzzles the learner played a move in, in both languages, on the page,
    in the sidebar and in the stored progress; a hint or an illegal pit alone tries nothing, a wrong move does."""
    at = open_page(page_app, puzzle=puzzle_code("capture-pick-the-pile"), lang=language)

    def counts() -> set[str]:
        return {words.session_counts(*shown), words.progress_line(0, 8, *shown)}

    def captions() -> set[str]:
        return {c.value for c in at.caption} | {c.value for c in at.sidebar.caption}

    progress = at.session_state["mancala_tutor"].progress
    shown = (0, 0, 0)
    assert counts() <= captions()
    at.button(key="puzzle_hint").click().run()
    press(at, 1)  # an empty pit: no move
    assert progress.puzzles() == {} and counts() <= captions()
    press(at, 3)  # a wrong move: tried, the hint shown before it recorded with it
    assert progress.puzzles() == {"capture-pick-the-pile": PuzzleProgress(wrong=1, hints=1)}
    shown = (0, 0, 1)
    assert counts() <= captions()
    at.button(key="puzzle_retry").click().run()
    press(at, 2)
    shown = (0, 1, 1)  # solved after a miss and a hint: with help
    assert counts() <= captions()
    at.button(key="puzzle_next").click().run()
    at.button(key="puzzle_hint").click().run()  # a hint in another puzzle tries nothing
    assert counts() <= captions() and len(progress.puzzles()) == 1
    at.switch_page("pages/home.py").run()
    metrics = {m.label: m.value for m in at.metric}
    assert [metrics[words.label(k)] for k in ("puzzles_first_try", "puzzles_helped", "puzzles_tried")] == ["0", "1", "1"]


RULE_ID = re.compile(r"\b[KAMT]\d+\b")


def test_a_learner_sees_no_rule_id_nor_title_and_a_teacher_sees_badges(page_app) -> None:
    """With "Show rule ids" off no rule id (K16, A5...) and no title of the rules practised stands on the page,
    hints and the details of a wrong move included; switched on (the sidebar's toggle), they are badges."""
    pid = "must-feed-close-to-home"  # practises A5 (its texts name no rule id: the ids are its cites)
    at = open_page(page_app, puzzle=puzzle_code(pid))
    at.button(key="puzzle_hint").click().run()
    wrong = next(p for p in legal_pits(run_of(at)) if (p,) not in PUZZLES[pid].turns)
    press(at, wrong)
    menu = at.selectbox(key="puzzle_theme").options  # the learner's own choice of theme, in the menu only
    shown = everything_shown(at).replace("\n".join(menu), "") + "\n".join(
        m.value for m in at.expander(key="puzzle_why").markdown)
    assert RULE_ID.findall(shown) == [] and "practises" not in shown
    titles = [themes()[PUZZLES[pid].theme].title] + [words.rule_title(r) for r in PUZZLES[pid].cites]
    assert [t for t in titles if t in shown] == []
    at.toggle(key="pref_rule_ids").set_value(True).run()
    assert not at.exception, at.exception
    shown = everything_shown(at)
    assert ":gray-badge[A5] " + words.rule_title("A5") in shown
    assert at.subheader[0].value.startswith(themes()[PUZZLES[pid].theme].title)


@pytest.mark.parametrize("language", ["el"], indirect=True)
def test_a_bad_link_in_greek_is_quoted_the_greek_way(page_app, language) -> None:
    """A Greek reader sees the code in «…» (Greek quote marks), and the puzzle of the day opens."""
    at = open_page(page_app, puzzle="nonsense", lang=language)
    assert [e.value for e in at.error] == [words.no_such_puzzle("nonsense", puzzle_code(today()))]
    assert "«nonsense»" in at.error[0].value and "“" not in at.error[0].value
    assert run_of(at).puzzle.id == today()


def test_the_page_says_a_first_try_counts_for_the_rating_until_it_is_rated(page_app) -> None:
    """ut46 #1: a first try here moved the My practice rating, and the page never said so."""
    line = "Your first try at this puzzle counts for your Kalah rating in My practice."
    at = open_page(page_app)
    run = run_of(at)
    assert line in [c.value for c in at.caption]
    wrong = next(p for p in legal_pits(run) if all(turn[0] != p for turn in run.puzzle.answers))
    press(at, wrong)
    assert run_of(at).rated is not None  # the first try was rated ...
    assert line not in [c.value for c in at.caption]  # ... and the line is gone: a second try counts for nothing
    oware = next(p for p in PUZZLES.values() if p.game_rules.game == "oware")
    at = open_page(page_app, puzzle=puzzle_code(oware.id))
    assert "Your first try at this puzzle counts for your Awari rating in My practice." in [c.value for c in at.caption]
    i18n.use("el")
    try:
        assert words.puzzle_rated_line("oware") == ("Η πρώτη σου προσπάθεια σε αυτόν τον γρίφο μετράει για τη "
                                                    "βαθμολογία σου στο Awari, στη σελίδα «Η εξάσκησή μου».")
    finally:
        i18n.use(None)


def test_choosing_a_theme_opens_its_easiest_unsolved_puzzle_first(page_app) -> None:
    """ut48a #4: a child choosing a theme met a 3★ puzzle first. The endgame theme's first puzzle in file
    order is 3★; the easiest unsolved one opens (file order among equals), and the next easiest once it is solved."""
    at = open_page(page_app)
    ends = pick(PUZZLES, "endgame", 0)
    easy = [pid for pid in ends if level_of(PUZZLES[pid]) == 1]
    assert level_of(PUZZLES[ends[0]]) == 3 and len(easy) >= 2
    at.selectbox(key="puzzle_theme").set_value("endgame").run()
    assert not at.exception, at.exception
    assert run_of(at).puzzle.id == easy[0]
    progress = at.session_state["mancala_tutor"].progress
    progress.puzzle_tried(easy[0])
    progress.puzzle_solved(easy[0])
    at.selectbox(key="puzzle_level").set_value(1).run()
    assert run_of(at).puzzle.id == easy[1]
