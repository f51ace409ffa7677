"""What a user test of the lessons found (a 10-year-old, a teacher, a Greek speaker), through app.py.

- no rule id (K9, A3, M2, T1) reaches a learner's text while "Show rule ids" is off: every step of
  every lesson, in English and in Greek, with a wrong try, the answer, "Why?", and the game steps'
  move log played to the end;
- a ``do`` step never costs a star: another pit says kindly which pit to press and changes nothing;
- Next opens as soon as the step is done (while the board still sows the move);
- ``?step=`` past the end, 0 or not a number opens the nearest real step and says so in one sentence;
- the teacher's switch stands in a "For teachers" popover at the top of the lesson (same key).

AppTest cannot click the drawn board: a pit is pressed through the run's ``press`` (what the
board's click calls), then the page runs again (as in ``tests/test_lessons_app.py``).
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from engine import Turn, legal_moves, reached
from lessons.loader import load_lessons
from lessons.models import DoStep, FindStep, GameStep, GoalStep, PredictStep
from tests.conftest import ROOT
from tests.game_support import first_pit, learner_pit
from tutor import i18n, words
from ui import frame
from ui.lesson import LESSON_PAGES

LESSONS = load_lessons()
RULE_ID = re.compile(r"\b[KAMT]\d+\b")
KINDS = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error", "text")


@pytest.fixture(autouse=True)
def _inline_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer replies within the run (``tutor.thinking`` inline), as the ``app`` fixture sets."""
    monkeypatch.setenv("MANCALA_INLINE_THINKING", "1")


def shown(at) -> list[str]:
    """Every text the page shows (not the help tooltips): elements, labels, the step counter."""
    texts = [str(e.value) for kind in KINDS for e in getattr(at, kind)]
    texts += [str(e.label) for kind in ("button", "expander", "toggle", "radio") for e in getattr(at, kind)]
    texts += [str(p.proto.popover.label) for p in at.get("popover")]
    texts += [str(p.proto.text) for p in at.get("progress")]
    return texts


def leaks(at) -> list[str]:
    assert not at.exception, at.exception
    return [text for text in shown(at) if RULE_ID.search(text)]


def open_app(lesson_id: str, lang: str | None = None, step: str | None = None) -> AppTest:
    """A fresh session (a new tab, or a reload) on a lesson page, in ``lang``, with ``?step=``."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if lang:
        at.query_params["lang"] = lang
    if step is not None:
        at.query_params["step"] = step
    at.run()
    at.switch_page(frame.page_file(LESSON_PAGES[lesson_id])).run()
    assert not at.exception, at.exception
    return at


def run_of(at, lesson_id: str):
    return at.session_state["mancala_tutor"].lessons[lesson_id]


def again(at) -> None:
    at.run()
    assert not at.exception, at.exception


def play_game(at, run, found: list[str]) -> None:
    """A game step to its end: the learner looks two moves ahead, the computer plays its first pit;
    what the page shows after every move is checked."""
    game = run.game
    game.choose = first_pit
    for _ in range(200):
        if game.over():
            break
        assert game.accepts_presses(), game.position.to_notation()
        game.press(learner_pit(game, depth=2))
        again(at)  # the page draws the move, the computer replies, the page runs again
        found += leaks(at)
    assert game.over()


@pytest.mark.parametrize("lang", [None, "el"])
@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_no_rule_id_reaches_a_learner_in_any_step_or_game_log(lesson_id, lang):
    """Every step with "Show rule ids" off: before a press, after a wrong try, after the right one
    (its "Why?" too), the whole game of a game step (the move log), and the summary."""
    at = open_app(lesson_id, lang)
    run = run_of(at, lesson_id)
    assert at.session_state["mancala_tutor"].prefs.rule_ids is False
    lesson = run.lesson
    found = leaks(at)
    for k, step in enumerate(lesson.steps):
        assert run.index == k
        start, rules = lesson.step_position(step), lesson.step_rules(step)
        if isinstance(step, GameStep):
            play_game(at, run, found)
            if not run.done:
                run.complete_step()  # a game the scripted learner did not win: move on
        elif isinstance(step, PredictStep):
            keys = [f"lesson_{lesson_id}_{step.id}_answer_{i}" for i in range(len(step.options))]
            wrong = next(i for i, c in enumerate(step.options) if c != step.answer)
            at.button(key=keys[wrong]).click().run()
            found += leaks(at)
            at.button(key=keys[step.options.index(step.answer)]).click().run()
        elif isinstance(step, GoalStep):
            misses = [p for p in legal_moves(start, rules) if not reached(step.goal, Turn(start).then(p, rules), rules)]
            empty = [p for p in range(1, rules.pits + 1) if p not in legal_moves(start, rules)]
            for pit in [*misses[:1], *empty[:1]]:
                run.press(pit)
                again(at)
                found += leaks(at)
                run.retry()
            for pit in step.solution:
                run.press(pit)
                again(at)
        elif isinstance(step, DoStep):
            other = [p for p in range(1, rules.pits + 1) if p not in step.lit]
            run.press(other[0])
            again(at)
            found += leaks(at)
            run.press(step.lit[0])
        again(at)
        found += leaks(at)
        assert run.done, (lesson_id, step.id)
        at.button(key=f"lesson_{lesson_id}_next").click().run()
    assert run.finished
    found += leaks(at)
    assert found == []


def test_the_game_log_shows_rule_ids_only_when_a_teacher_switches_them_on():
    """Lesson 7's game against Easy: a move that ends in the store says so with no id; with the
    switch on, the same line carries the id as a badge."""
    at = open_app("strategy")
    run = run_of(at, "strategy")
    k = next(i for i, s in enumerate(run.lesson.steps) if isinstance(s, GameStep))
    run.start_step(k)
    run.game.choose = first_pit
    run.game.press(3)  # 4 seeds from pit 3: the last lands in South's store (another turn)
    again(at)
    log = [m.value for m in at.markdown if "pit 3" in m.value]
    assert log and not RULE_ID.search("\n".join(log)), log
    assert "moves again" in "\n".join(log)
    at.toggle(key="pref_rule_ids").set_value(True).run()
    assert any(":gray-badge[K9]" in m.value for m in at.markdown)


# ------------------------------------------------------------------ a do step never costs a star


def test_another_pit_in_lesson_1s_do_step_costs_no_star_and_says_which_pit():
    at = open_app("setup", step="3")
    run = run_of(at, "setup")
    step = run.step
    assert isinstance(step, DoStep), "lesson 1 step 3 is a do step"
    before = run.position
    other = next(p for p in range(1, run.rules.pits + 1) if p not in step.lit)
    run.press(other)
    again(at)
    assert run.position == before and not run.done and not run.failed
    assert [i.value for i in at.info] == [words.press_the_lit(step.lit)]
    assert not at.warning
    assert run.stars_so_far == 3 and any(words.stars_so_far(3) in m.value for m in at.markdown)
    run.press(step.lit[0])
    again(at)
    assert run.done and run.slips[step.id] == 0
    # a reload (a new session) gives nothing back and takes nothing: no slip was ever counted
    assert run.progress.lesson("setup").slips == {step.id: 0}


# ------------------------------------------------------------------ Next during the sowing


def test_next_opens_once_the_board_has_sown_the_move_that_found_the_pit():
    """Tester (a child): in a find step, Next lit up while the seeds were still going, so it told that
    the move was right before the verdict did. While the board sows, a closed Next stands in its place
    (the page's CSS swaps them when the seeds are down, ``lesson_panel.until_sown``)."""
    lessons = load_lessons()
    lesson_id, k, step = next((lid, k, s) for lid, lesson in lessons.items()
                              for k, s in enumerate(lesson.steps, 1) if isinstance(s, FindStep))
    at = open_app(lesson_id, step=str(k))
    run = run_of(at, lesson_id)
    assert at.session_state["mancala_tutor"].prefs.animate  # the board animates the move
    assert at.button(key=f"lesson_{lesson_id}_next").disabled
    assert f"lesson_{lesson_id}_next_wait" not in {b.key for b in at.button}  # nothing to wait for yet
    run.press(step.solution[0])
    again(at)
    assert run.sowing is not None and run.done
    assert at.button(key=f"lesson_{lesson_id}_next_wait").disabled  # shown while the seeds are sown
    nxt = at.button(key=f"lesson_{lesson_id}_next")
    assert not nxt.disabled and nxt.label == "Next"  # shown once they are down
    css = "".join(h.proto.body for h in at.get("html"))
    assert f"html:not(.mt-sown-lesson_board_{lesson_id}_" in css and f'[class*="st-key-lesson_{lesson_id}_after_"]' in css
    nxt.click().run()
    assert run.index == k and run.sowing is None  # the next step


def test_a_do_steps_next_opens_at_once_while_the_board_sows():
    """A do step names its pit: an open Next tells nothing, and pressing it skips the rest of the sowing."""
    at = open_app("setup", step="3")
    run = run_of(at, "setup")
    assert isinstance(run.step, DoStep) and at.button(key="lesson_setup_next").disabled
    run.press(run.step.lit[0])
    again(at)
    assert run.sowing is not None and run.done
    assert "lesson_setup_next_wait" not in {b.key for b in at.button}  # no closed stand-in
    at.button(key="lesson_setup_next").click().run()
    assert run.index == 3 and run.sowing is None


# ------------------------------------------------------------------ ?step= links that name no step


@pytest.mark.parametrize("lang", [None, "el"])
@pytest.mark.parametrize("value, where, past_end", [("999", "last", True), ("0", "first", False),
                                                    ("abc", "first", False), ("-2", "first", False),
                                                    ("<b>3</b>", "first", False), ("4", 3, None)])
def test_a_step_link_that_names_no_step_opens_the_nearest_and_says_so(value, where, past_end, lang):
    lesson_id = "strategy"
    at = open_app(lesson_id, lang, step=value)
    run = run_of(at, lesson_id)
    total = len(run.lesson.steps)
    index = total - 1 if where == "last" else 0 if where == "first" else where
    assert run.index == index and at.subheader[0].value == run.lesson.steps[index].title
    assert at.query_params["step"] in ([str(index + 1)], str(index + 1))  # the URL names the step shown
    i18n.use(lang)
    try:
        said = None if past_end is None else words.step_link_note(past_end, total)
    finally:
        i18n.use(None)
    notes = [i.value for i in at.info]
    if said is None:
        assert notes == []
    else:
        assert notes == [said] and "<b>" not in said and "abc" not in said
        at.button(key=f"lesson_{lesson_id}_back" if index else f"lesson_{lesson_id}_restart").click().run()
        assert said not in [i.value for i in at.info]  # said once, until the learner moves on


# ------------------------------------------------------------------ the teacher's switch


def test_the_rule_ids_switch_is_in_a_for_teachers_popover_at_the_top_of_the_lesson():
    """Beside the step counter and the stars (on the first screen; the sidebar's page list pushes
    anything in the sidebar below the fold at 1366x768), and on the summary; the same key."""
    at = open_app("captures")
    run = run_of(at, "captures")
    found = [p for p in at.main.get("popover") if p.proto.popover.label == words.label("for_teachers")]
    assert len(found) == 1
    switch = found[0].toggle(key="pref_rule_ids")
    assert switch.label == words.lesson_label("rule_ids") and switch.value is False
    assert not at.sidebar.get("toggle") or "pref_rule_ids" not in [t.key for t in at.sidebar.toggle]
    assert at.main.get("popover")[0].proto.popover.label == words.label("for_teachers")  # the page's first
    switch.set_value(True).run()
    assert at.session_state["mancala_tutor"].prefs.rule_ids
    assert any(":gray-badge[" in m.value for m in at.main.markdown)
    run.finished = True  # the summary keeps the switch too
    at.run()
    assert at.toggle(key="pref_rule_ids").value is True
    assert any(":gray-badge[" in m.value for m in at.main.markdown)


# ------------------------------------------------------------------ Greek words


def test_greek_counts_the_puzzles_and_names_the_computers_level_in_agreement():
    i18n.use("el")
    try:
        assert words.session_counts(2, 1, 4) == ("Γρίφοι που έλυσες: 2 με την πρώτη προσπάθεια και 1 μετά από λάθος "
                                                 "προσπάθεια ή υπόδειξη, από 4 που δοκίμασες.")
        said = [words.players_words("computer", level) for level in ("easy", "medium", "hard")]
        said += [words.game_step_players("S", "easy"), words.thinking("N", "easy")]
    finally:
        i18n.use(None)
    assert said[:3] == ["με τον υπολογιστή (επίπεδο Εύκολο)", "με τον υπολογιστή (επίπεδο Μέτριο)",
                        "με τον υπολογιστή (επίπεδο Δύσκολο)"]
    assert "ο υπολογιστής (επίπεδο Εύκολο)" in said[3]
    assert "(υπολογιστής, επίπεδο Εύκολο)" in said[4]
    po = (ROOT / "locale" / "el" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    for entry in po.split("\n\n"):
        greek = entry.split("msgstr", 1)[-1]
        if "{level}" in greek and "υπολογιστ" in greek:
            assert "επίπεδο {level}" in greek, entry  # "ο υπολογιστής (Εύκολο)" would not agree
    for text in (ROOT / "lessons" / "el").glob("*.toml"):
        body = text.read_text(encoding="utf-8")
        assert not re.search(r"υπολογιστ\w* \(?(?:στο )?\**(?:Εύκολο|Μέτριο|Δύσκολο)", body), text.name


@pytest.mark.parametrize("lang", ["en", "el"])
def test_after_the_last_lesson_the_lessons_not_done_are_named_not_all_done_bug(lang):
    """Tester: after lesson 8 the summary said "All the lessons done" while lessons 3 and 5 were never opened.
    It now links to the first lesson left (and says how many); with every lesson finished it offers the puzzles."""
    at = open_app("awari-strategy", lang=lang)
    progress = at.session_state["mancala_tutor"].progress
    for lesson_id in LESSON_PAGES:
        if lesson_id not in ("extra-turns", "ending"):
            progress.lesson_done(lesson_id, 3)
    run_of(at, "awari-strategy").finished = True
    again(at)

    def links() -> list[tuple[str, str]]:
        return [(e.proto.label, e.proto.page) for e in at.get("page_link")]

    i18n.use(lang)
    try:
        left, done = words.lessons_left(2, 3), words.label("try_puzzles")
    finally:
        i18n.use(None)
    assert (left, LESSON_PAGES["extra-turns"]) in [(label, page.removesuffix(".py").split("/")[-1]) for label, page in links()]
    assert done not in [label for label, _ in links()]
    assert left == {"en": "2 lessons are not finished yet: start with lesson 3",
                    "el": "2 μαθήματα δεν έχουν τελειώσει ακόμα: ξεκίνα από το μάθημα 3"}[lang]
    progress.lesson_done("extra-turns", 2)
    progress.lesson_done("ending", 1)
    again(at)
    assert done in [label for label, _ in links()]


def test_the_greek_teachers_wording_points():
    """A Greek primary teacher's notes (issue 36): a taken name said without a gender; "ο δάσκαλος ή η δασκάλα
    σου" for the pupil's teacher; no capital letter after a colon; the class's "οθόνη", not its "πίνακας"; no
    "εκτ."; natural level names; a game against the computer "Κέρδισες", like the English "You won"."""
    from babel.messages.pofile import read_po

    from engine import EndReason, KalahRules, Outcome, play

    i18n.use("el")
    try:
        taken = words.join_problem("taken")
        shown = words.revealed(None, "")
        rules = KalahRules()
        told = words.revealed(3, words.chosen_move(play(rules.initial_position(), 3, rules), rules))
        levels = [words.level_name(level) for level in ("beginner", "easy", "medium", "hard", "perfect")]
        won = words.game_over_line(Outcome("S", (30, 18), EndReason.ROW_EMPTY), "S")
        lost = words.game_over_line(Outcome("S", (30, 18), EndReason.ROW_EMPTY), "N")
    finally:
        i18n.use(None)
    assert taken.startswith("Αυτό το όνομα υπάρχει ήδη σε αυτή την τάξη:") and "Κάποιος" not in taken
    assert shown == "Ο δάσκαλος ή η δασκάλα σου έδειξε τις απαντήσεις. Κοίτα το ταμπλό στην οθόνη της τάξης."
    assert told == ("Ο δάσκαλος ή η δασκάλα σου έδειξε τις απαντήσεις. Εσύ διάλεξες το λακκάκι 3: ο τελευταίος του "
                    "σπόρος πέφτει στην αποθήκη σου, οπότε παίζεις ξανά.")
    assert levels == ["Πολύ εύκολο", "Εύκολο", "Μέτριο", "Δύσκολο", "Αλάνθαστο"]
    assert (won, lost) == ("Τέλος παιχνιδιού. Κέρδισες 30-18", "Τέλος παιχνιδιού. Έχασες 18-30")
    with open(ROOT / "locale" / "el" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalogue = [m for m in read_po(f) if m.id and m.string]
    texts = [s for m in catalogue for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert not [t for t in texts if re.search(r"\bεκτ\.", t)]
    assert not [t for t in texts if "εκπαιδευτικός σου" in t or "στον πίνακα της τάξης" in t]
    titles = re.compile(r"^Μάθημα \{?\w+\}?: ")  # "Μάθημα 5: Το τέλος του παιχνιδιού", a lesson's title
    capitals = [t for t in texts if not titles.match(t)
                and re.search(r":[ ]+[«\"]?(?!Νότ|Βορρ|PIN|Awari|Kalah|Oware)[Α-ΩΆΈΉΊΌΎΏ]", t)]
    assert capitals == []
