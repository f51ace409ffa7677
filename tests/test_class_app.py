"""Saved progress, learner codes, classes and live questions in the app (AppTest, the store's database).

The app under test uses the database of ``MANCALA_DB_URL`` (a throwaway
SQLite file, or CI's PostgreSQL): these tests open the same one to set up
learners and to read what the app wrote.
"""

from __future__ import annotations

import json

import pytest

from engine import legal_moves
from lessons.loader import load_puzzles
from store import classes, learners, live, teachers
from store.progress import StoredProgress
from tutor import i18n, words
from tutor.progress import PuzzleProgress
from tutor.puzzle import display_name, learner_name
from store.limits import Who
from ui.state import Keys


def texts(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [t.value for t in at.text]
    parts += [e.value for e in at.error] + [s.value for s in at.success] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [c.value for c in at.sidebar.caption] + [c.value for c in at.code]
    return "\n".join(str(p) for p in parts)


def sess(at):
    return at.session_state["mancala_tutor"]


def as_teacher(at, code: str, key: str, owner: bool = True) -> None:
    """The session of ``at`` has class ``code``'s teacher view, its browser keeping ``key`` (the class's
    device), and runs."""
    sess(at).teacher_class, sess(at).teacher_owner = code, owner
    sess(at).keeper["teach"] = key
    at.run()


def test_a_learner_link_loads_saved_progress_and_leaves_the_url(page_app, db):
    code = learners.new_learner(db)
    saved = StoredProgress(db, code)
    saved.step_done("setup", "the-board")
    saved.lesson_done("setup", 2)
    saved.puzzle_missed("capture-pick-the-pile")
    at = page_app("pages/home.py")
    at.query_params["learner"] = code.lower()
    at.session_state[Keys.LEARNER_PANEL] = True  # "Continue on another device" opened: closed, it builds nothing
    at.run()
    assert not at.exception
    assert sess(at).learner == code
    assert "learner" not in at.query_params
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Lessons done"] == "1 of 8" and metrics["Stars earned"] == "2 of 24"
    assert metrics["Puzzles tried"] == "1" and metrics["Puzzles solved at the first try"] == "0"
    assert words.code_loaded(code) in texts(at)
    assert f"?learner={code}" in texts(at)  # "Continue on another device"


def test_the_closed_continue_panel_builds_nothing_and_opened_shows_the_link(page_app, db):
    """Closed (as on a first visit), "Continue on another device" sends no code block, field or
    button (the browser would fetch their scripts for nothing); opened, the learner's link."""
    code = learners.new_learner(db)
    at = page_app("pages/home.py")
    at.query_params["learner"] = code
    at.run()
    assert sess(at).learner == code
    assert [c.value for c in at.code] == [] and [t.key for t in at.text_input] == []
    assert [b.key for b in at.button if b.key.startswith("learner_") and b.key != "learner_reset_all_yes"] == []
    at.session_state[Keys.LEARNER_PANEL] = True
    at.run()
    assert [c.value for c in at.code] == [f"/?learner={code}"]  # AppTest: the address is unknown
    assert [t.key for t in at.text_input] == ["learner_code"]
    assert [b.key for b in at.button if b.key in ("learner_use", "learner_forget")] == ["learner_use", "learner_forget"]


def test_progress_made_in_the_app_is_written_to_the_store(page_app, db):
    code = learners.new_learner(db)
    at = page_app("pages/puzzles.py")
    at.query_params["learner"] = code
    at.query_params["puzzle"] = "capture-pick-the-pile"
    at.run()
    run = sess(at).puzzle
    run.press(3)  # wrong: played out with North's answer; the board waits for "Try again"
    run.reset()
    run.press(2)
    at.run()
    assert StoredProgress(db, code).puzzles() == {"capture-pick-the-pile": PuzzleProgress(1, 0, True)}


@pytest.mark.parametrize("bad", ["ACDEFGH0", "<b>x</b>", "12", "ACDE-FGH4-ACDE"])
def test_a_malformed_learner_code_is_refused_and_changes_nothing(page_app, bad):
    at = page_app("pages/home.py")
    at.query_params["learner"] = bad
    at.run()
    assert not at.exception
    assert sess(at).learner is None
    assert words.code_malformed() in texts(at)
    assert "<b>" not in texts(at)


def test_a_made_up_learner_code_is_refused(page_app, db):
    made_up = "ACDEFGHJ"
    while learners.exists(db, made_up):
        made_up = learners.make_code()
    at = page_app("pages/home.py")
    at.query_params["learner"] = made_up
    at.run()
    assert sess(at).learner is None and words.code_unknown(made_up) in texts(at)


def open_class_page(_page_app, code: str | None = None):
    """A new browser session (its own AppTest) on the Class page, bound to learner ``code`` if given."""
    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if code:
        at.query_params["learner"] = code
    at.run()
    at.switch_page("pages/class.py").run()
    assert not at.exception
    return at


def test_a_teacher_makes_a_class_a_pupil_joins_and_the_teacher_sees_the_missed_puzzle(page_app, db):
    teacher = open_class_page(page_app)
    teacher.text_input(key="class_new_name").input("Year 5 Blue")
    teacher.button(key="class_create").click().run()
    assert not teacher.exception
    code, pin, recovery = sess(teacher).class_made
    assert f"**{code}**" in texts(teacher) and pin not in texts(teacher) and recovery not in texts(teacher)
    assert words.secrets_waiting() in texts(teacher)  # the PIN waits behind a press: a projector may be on
    assert teachers.open_with_pin(db, code, pin, teachers.new_key(), Who(None, None)) == "ok"
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True  # the teacher opens "For your screen"
    teacher.run()
    assert words.no_pupils(code) in texts(teacher)

    me = learners.new_learner(db)
    pupil = open_class_page(page_app, me)
    pupil.text_input(key="class_code").input(code.lower())
    pupil.text_input(key="class_name").input("  Anna  ")
    pupil.button(key="class_join").click().run()
    assert not pupil.exception
    assert learners.class_of(db, me) == (code, "Anna")
    assert words.joined("Year 5 Blue") in texts(pupil)
    StoredProgress(db, me).puzzle_missed("capture-pick-the-pile")

    teacher.run()
    table = teacher.dataframe[0].value
    assert list(table["Name"]) == ["Anna"]
    pool = load_puzzles()
    captures = sum(p.theme == "capture" for p in pool.values())
    number = list(pool).index("capture-pick-the-pile") + 1  # what the pupil saw on the Puzzles page
    assert list(table["Puzzles missed"]) == [  # never the id
        f"Puzzle {number} (Biggest capture now · puzzle 1 of {captures})"]
    assert list(table["Lesson 1"]) == [f"0 of {_steps('setup')}"]


def _steps(lesson_id: str) -> int:
    from lessons.loader import load_lessons

    return len(load_lessons()[lesson_id].steps)


@pytest.mark.parametrize(("name", "problem"), [("", "empty"), ("<b>Bo</b>", "markup"), ("x" * 41, "too_long")])
def test_a_bad_name_or_class_code_is_refused_and_nothing_changes(page_app, db, name, problem):
    code, _, _ = teachers.create_class(db, "5B", teachers.new_key())
    me = learners.new_learner(db)
    pupil = open_class_page(page_app, me)
    pupil.text_input(key="class_code").input(code)
    pupil.text_input(key="class_name").input(name)
    pupil.button(key="class_join").click().run()
    assert words.join_problem(problem) in [e.value for e in pupil.error]
    assert learners.class_of(db, me) is None
    pupil.text_input(key="class_code").input("ACDEF0")
    pupil.text_input(key="class_name").input("Bo")
    pupil.button(key="class_join").click().run()
    assert learners.class_of(db, me) is None and pupil.error


@pytest.mark.parametrize("lang", ["en", "el"])
def test_an_emoji_name_is_refused_with_a_sentence_and_makes_no_pupil_a_greek_name_joins(page_app, db, lang):
    """The page judges names with tutor.names.read_name: the refusal is said in the page's language."""
    code, _, _ = teachers.create_class(db, "5B", teachers.new_key())
    me = learners.new_learner(db)
    pupil = open_class_page(page_app, me)
    if lang == "el":
        pupil.query_params["lang"] = "el"
        pupil.run()
    pupil.text_input(key="class_code").input(code)
    pupil.text_input(key="class_name").input("🎉🎉")
    pupil.button(key="class_join").click().run()
    assert not pupil.exception
    said = {"en": "A name needs at least one letter or digit: emoji or signs alone are not a name.",
            "el": "Ένα όνομα χρειάζεται τουλάχιστον ένα γράμμα ή ψηφίο: μόνο φατσούλες ή σύμβολα δεν κάνουν όνομα."}
    assert [e.value for e in pupil.error] == [said[lang]]
    assert learners.class_of(db, me) is None and classes.pupils(db, code) == []
    pupil.text_input(key="class_name").input(" «Νίκος» ")
    pupil.button(key="class_join").click().run()
    assert not pupil.error
    assert learners.class_of(db, me) == (code, "«Νίκος»")
    assert [p.name for p in classes.pupils(db, code)] == ["«Νίκος»"]


def test_a_class_name_follows_the_same_rule(page_app, db):
    teacher = open_class_page(page_app)
    teacher.session_state[f"{Keys.CLASS}teacher_panel"] = True  # the teacher's part opened
    teacher.run()
    teacher.text_input(key="class_new_name").input("🏫")
    teacher.button(key="class_create").click().run()
    assert [e.value for e in teacher.error] == [words.join_problem("no_letter")]
    assert sess(teacher).class_made is None
    teacher.text_input(key="class_new_name").input("Τάξη Ε'2")
    teacher.button(key="class_create").click().run()
    code, _pin, _recovery = sess(teacher).class_made
    assert classes.class_name(db, code) == "Τάξη Ε'2"


@pytest.mark.parametrize(("typed", "problem"), [("ZZZZZZ", "class"), ("zz-z zzz", "class"), ("ACD", "code"),
                                                ("ACDE3477", "code"), ("ACDE34", "class")])
def test_a_class_code_of_six_characters_is_said_to_be_unknown_any_other_size_to_be_the_wrong_size(
        page_app, db, typed, problem):
    me = learners.new_learner(db)
    pupil = open_class_page(page_app, me)
    pupil.text_input(key="class_code").input(typed)
    pupil.text_input(key="class_name").input("Bo")
    pupil.button(key="class_join").click().run()
    assert [e.value for e in pupil.error] == [words.join_problem(problem)]
    assert learners.class_of(db, me) is None


def test_a_wrong_pin_shows_nothing_of_the_class(page_app, db):
    code, pin, _ = teachers.create_class(db, "5B", teachers.new_key())
    me = learners.new_learner(db)
    classes.join(db, me, code, "Secret Name")
    at = open_class_page(page_app)
    at.expander[0]  # the teacher's part
    at.text_input(key="class_open_code").input(code)
    at.text_input(key="class_pin").input("000000" if pin != "000000" else "111111")
    at.button(key="class_open").click().run()
    assert words.pin_refused("wrong") in [e.value for e in at.error]
    assert sess(at).teacher_class is None
    assert "Secret Name" not in texts(at) and not at.dataframe
    at.text_input(key="class_open_code").input(code)
    at.text_input(key="class_pin").input(pin)
    at.button(key="class_open").click().run()
    assert sess(at).teacher_class == code
    assert f"## {words.join_code_line(code)}" in [m.value for m in at.markdown]  # large, for a projector
    assert "Secret Name" not in texts(at) and not at.dataframe  # names are for the teacher's screen only
    at.session_state[f"{Keys.CLASS}own_screen"] = True
    at.run()
    assert list(at.dataframe[0].value["Name"]) == ["Secret Name"]


def test_a_live_question_from_the_sandbox_is_answered_and_counted(page_app, db):
    key = teachers.new_key()
    code, pin, _ = teachers.create_class(db, "5B", key)
    teacher = open_class_page(page_app)
    teacher.switch_page("pages/sandbox.py").run()
    as_teacher(teacher, code, key)
    teacher.button(key="live_ask_sandbox").click().run()
    q = live.current(db, code)
    assert q is not None and "pos=4%2C4" not in q.link and "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S" in q.link

    pupils = []
    for name, pit in [("A", 3), ("B", 3), ("C", 6)]:
        me = learners.new_learner(db)
        classes.join(db, me, code, name)
        at = open_class_page(page_app, me)
        qid, run = sess(at).question
        assert qid == q.id and run.playable() == (1, 2, 3, 4, 5, 6)
        run.press(pit)
        assert run.notice.text == words.answered(pit)
        pupils.append(at)
    assert live.tally(db, q.id) == {3: 2, 6: 1}
    classes.join(db, learners.new_learner(db), code, "D")  # joined, never answers

    teacher.switch_page("pages/class.py").run()
    assert f"**{words.live_answers_of(3, 4)}**" in [m.value for m in teacher.markdown]
    assert words.live_answers_of(3, 4) == "3 of 4 pupils have answered"
    assert [c.key for c in teacher.get("plotly_chart")] == []  # the pits chosen stay hidden until shown
    assert not [d for d in teacher.dataframe if "Pupil" in d.value.columns]  # nor who pressed what
    teacher.button(key="live_reveal").click().run()
    assert not teacher.exception
    assert "live_chart" in [c.key for c in teacher.get("plotly_chart")]
    # The book's exact values at the start: pit 3 (+8) is South's one best move, coloured on the chart.
    assert "Best move: pit 3" in [s.value for s in teacher.success]
    # and why, in one sentence of the coach's (issue 32)
    assert "**Pit 3 is the best move: it ends in your store, so you move again.**" in [m.value for m in teacher.markdown]
    chart = json.loads(next(c for c in teacher.get("plotly_chart") if c.key == "live_chart").proto.spec)
    assert chart["data"][0]["y"] == [0, 0, 2, 0, 0, 1]
    assert chart["data"][0]["marker"]["color"] == ["#0072B2", "#0072B2", "#009E73", "#0072B2", "#0072B2", "#0072B2"]
    who = next(d.value for d in teacher.dataframe if "Pupil" in d.value.columns)
    assert who.to_dict("records") == [{"Pupil": "A", "Pit pressed": "3", "A best move": "✓"},
                                      {"Pupil": "B", "Pit pressed": "3", "A best move": "✓"},
                                      {"Pupil": "C", "Pit pressed": "6", "A best move": "✗"},
                                      {"Pupil": "D", "Pit pressed": "no answer", "A best move": ""}]
    assert live.current(db, code).revealed
    pupils[0].run()
    run = sess(pupils[0]).question[1]
    assert run.revealed and run.notice.kind == "success" and "You chose pit 3:" in run.notice.text
    # what the move did, said to the pupil (ut46 #11): no rule ids (a tester saw "(K9)" at the end), the pit
    # named once, "you" and "your store" (never "South", whom a pupil playing South read as someone else)
    assert run.notice.text == ("Your teacher showed the answers. You chose pit 3: its last seed lands in your store, "
                               "so you move again. That is the best move!")
    pupils[2].run()  # pit 6: told which was best (the engine's analysis, shared by the class)
    run = sess(pupils[2]).question[1]
    assert run.notice.kind == "info" and run.best == frozenset({3})
    assert run.notice.text.startswith("Your teacher showed the answers. You chose pit 6: ")
    assert run.notice.text.endswith(" The best move was pit 3.")


def test_a_puzzle_asked_of_the_class_shows_its_task_and_its_answer(page_app, db):
    """Teacher: a puzzle sent with "Ask my class" reached the pupils without its task. The pupils and
    the projector read the task; on reveal the puzzle's answer is the right pit, said and ticked."""
    from tutor.puzzle import puzzle_code

    key = teachers.new_key()
    code, _pin, _ = teachers.create_class(db, "5B", key)
    teacher = open_class_page(page_app)
    teacher.query_params["puzzle"] = "capture-pick-the-pile"
    teacher.switch_page("pages/puzzles.py").run()
    as_teacher(teacher, code, key)
    puzzle = sess(teacher).puzzle.puzzle
    assert puzzle.id == "capture-pick-the-pile"
    teacher.button(key="live_ask_puzzle").click().run()
    q = live.current(db, code)
    assert q is not None and q.link.endswith("&puzzle=" + puzzle_code(puzzle.id)) and puzzle.id not in q.link
    task = words.question_task(puzzle.task)
    wrong = next(p for p in legal_moves(puzzle.start, puzzle.game_rules) if p != 2)

    pupils = []
    for name, pit in [("A", 2), ("B", wrong)]:
        me = learners.new_learner(db)
        classes.join(db, me, code, name)
        at = open_class_page(page_app, me)
        assert task in [m.value for m in at.markdown]
        sess(at).question[1].press(pit)
        pupils.append(at)
    teacher.switch_page("pages/class.py").run()
    assert task in [m.value for m in teacher.markdown]
    teacher.button(key="live_reveal").click().run()
    assert not teacher.exception
    assert words.live_puzzle_answer([2]) == "The puzzle's answer starts with pit 2"
    assert words.live_puzzle_answer([2]) in [s.value for s in teacher.success]
    who = next(d.value for d in teacher.dataframe if "Pupil" in d.value.columns)
    assert who.to_dict("records") == [{"Pupil": "A", "Pit pressed": "2", "Right": "✓"},
                                      {"Pupil": "B", "Pit pressed": str(wrong), "Right": "✗"}]
    assert puzzle.explanation in [m.value for m in teacher.markdown]  # the puzzle's own why, not the engine's
    assert not teacher.get("plotly_chart") or "mo_chart" not in [c.key for c in teacher.get("plotly_chart")]
    pupils[1].run()
    run = sess(pupils[1]).question[1]
    assert run.notice.kind == "info" and run.notice.text.endswith(" The puzzle's answer starts with pit 2.")


def test_without_a_database_the_app_still_teaches_and_says_progress_is_not_saved(page_app, monkeypatch):
    """The database cannot be reached: a learner link is not an error page, a puzzle is still
    judged and counted (in memory), and the sidebar says progress is not being saved."""
    import ui.wiring

    monkeypatch.setattr(ui.wiring, "school", lambda: None)
    at = page_app("pages/puzzles.py")
    at.query_params["learner"] = "ACDEFGHJ"
    at.query_params["puzzle"] = "capture-pick-the-pile"
    at.run()
    assert not at.exception
    assert sess(at).learner is None
    assert words.not_saved() in [w.value for w in at.sidebar.warning]
    run = sess(at).puzzle
    run.press(2)
    at.run()
    assert not at.exception
    assert run.solved
    assert sess(at).progress.summary(6).puzzles_solved == 1
    assert words.not_saved() in [w.value for w in at.sidebar.warning]


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("page", ["pages/puzzles.py", "pages/class.py", "pages/sandbox.py"])
def test_without_a_database_the_page_body_says_so_once_at_its_top(page_app, monkeypatch, page, lang):
    """A phone's sidebar is closed: the "not being saved" notice is at the top of the page's body as
    well (once, above the heading), in the page's language (the tester's item 6, issue 34)."""
    import ui.wiring
    from tutor import i18n

    monkeypatch.setattr(ui.wiring, "school", lambda: None)
    at = page_app(page)
    at.query_params["lang"] = lang
    at.query_params["learner"] = "ACDEFGHJ"
    at.run()
    assert not at.exception
    i18n.use(lang)
    try:
        said = words.not_saved()
    finally:
        i18n.use(None)
    assert [w.value for w in [*at.main.warning, *at.main.info] if w.value == said] == [said]
    drawn = [getattr(e, "value", None) for e in at.main]
    assert drawn.index(said) < drawn.index(at.main.title[0].value)  # at the top, above the page's heading
    assert said in [w.value for w in at.sidebar.warning]
    assert said.startswith("Η πρόοδός σου δεν αποθηκεύεται") == (lang == "el")


def test_forget_me_keeps_the_old_progress_under_its_code_and_starts_a_new_learner(page_app, db):
    old = learners.new_learner(db)
    StoredProgress(db, old).puzzle_solved("capture-pick-the-pile")
    at = page_app("pages/home.py")
    at.query_params["learner"] = old
    at.session_state[Keys.LEARNER_PANEL] = True
    at.run()
    assert sess(at).learner == old
    assert words.forget_warning(old) in texts(at)  # said in the confirmation, before anything is forgotten
    at.button(key="learner_forget").click().run()
    assert not at.exception
    new = sess(at).learner
    assert new is not None and new != old and learners.exists(db, new)
    assert sess(at).keeper == {"ask": False, "save": new, "forget": False, "lang": None, "teach": None, "unteach": True}
    assert {m.label: m.value for m in at.metric}["Puzzles solved at the first try"] == "0"
    assert StoredProgress(db, old).summary(6).puzzles_solved == 1
    assert words.forgotten(old) in texts(at)


def test_what_was_done_before_the_code_was_known_is_saved_under_it(page_app, db):
    """The first lesson step is shown (and done) before the browser reports its code: binding
    the code writes it to the store, so a finished lesson counts every step."""
    at = page_app("pages/lesson_1_setup.py")
    at.run()
    assert sess(at).learner is None
    first = sess(at).lessons["setup"].step.id
    assert sess(at).progress.lesson("setup").steps_done == {first}
    sess(at).progress.puzzle_solved("capture-pick-the-pile")
    code = learners.new_learner(db)
    at.query_params["learner"] = code  # binds as the keeper's report does (ui.learner._bind)
    at.run()
    assert not at.exception
    assert sess(at).learner == code
    saved = StoredProgress(db, code)
    assert saved.lesson("setup").steps_done == {first}
    assert saved.summary(6).puzzles_solved == 1


def test_a_name_taken_in_the_class_is_refused_and_an_apostrophe_is_fine(db):
    code, _pin, _ = teachers.create_class(db, "Mrs O'Neil's class", teachers.new_key())
    sam, other = learners.new_learner(db), learners.new_learner(db)
    classes.join(db, sam, code, "Sam")
    with pytest.raises(ValueError, match="taken"):
        classes.join(db, other, code, " sam ")
    assert learners.class_of(db, other) is None
    classes.join(db, other, code, "D'Souza")
    assert learners.class_of(db, other) == (code, "D'Souza")
    assert classes.class_name(db, code) == "Mrs O'Neil's class"


def test_the_class_csv_has_numbers_times_with_their_zone_and_no_formulas():
    """Tester (a teacher): the CSV had "4 of 8" and "none" where a spreadsheet needs numbers, and times with
    no zone. Every count is a number now (the lesson's total in its heading), the missed puzzles' names
    stand apart from their count (empty for none), and the time is ISO 8601 in UTC, the heading says so."""
    import datetime as dt

    from tutor.classroom import class_csv, class_rows
    from tutor.progress import LessonProgress, PuzzleProgress
    from ui import frame

    class P:
        def __init__(self, name, minutes, puzzles):
            self.name = name
            self.last_active = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC) - dt.timedelta(minutes=minutes)
            self.lessons = {"setup": LessonProgress({"the-board"})}
            self.puzzles = puzzles

    first = list(frame.puzzles())[0]
    pupils = [P("=1+1", 5, {}),
              P("Ada", 0, {first: PuzzleProgress(solved=True, first_try=True),
                           "capture-two-ways": PuzzleProgress(wrong=1, solved=True),
                           "capture-one-seed": PuzzleProgress(wrong=2)})]
    now = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
    lessons = list(frame.lessons().values())
    rows = class_rows(pupils, lessons, frame.puzzles(), now)
    assert [r["Last active"] for r in rows] == ["5 min ago", "now"]
    assert [r["Puzzles solved: at the first try + after a wrong try or a hint"] for r in rows] == ["0 + 0", "1 + 1"]
    lines = class_csv(pupils, lessons, frame.puzzles()).splitlines()
    steps = [len(lesson.steps) for lesson in lessons]
    heads = ",".join(f"Lesson {k}: steps done (of {n}),Lesson {k}: stars" for k, n in enumerate(steps, 1))
    assert lines[0] == (f"Name,{heads},Stars,Puzzles solved at the first try,Puzzles solved after a wrong try or a hint,"
                        "Puzzles missed,Puzzles missed at the first try and solved later,Which puzzles were missed,"
                        "Last active (UTC)")
    lessons_done = ",".join(["1,0", *("0,0" for _ in steps[1:])])  # numbers only: never "1 of 8", never "1/8"
    assert lines[1] == f"'=1+1,{lessons_done},0,0,0,0,0,,2026-12-01T08:55:00Z"
    missed = words.class_puzzle(learner_name(frame.puzzles(), "capture-one-seed"),
                                display_name(frame.puzzles(), "capture-one-seed"))
    assert lines[2] == f"Ada,{lessons_done},0,1,1,1,1,{missed},2026-12-01T09:00:00Z"
    # capture-two-ways was missed at the first try, then solved: the table says so (never "none").
    later = words.class_puzzle(learner_name(frame.puzzles(), "capture-two-ways"),
                               display_name(frame.puzzles(), "capture-two-ways"))
    assert rows[1]["Puzzles missed"] == f"{missed}; {later}: missed at the first try, solved later"
    # Greek spreadsheets split on ";" (a comma is their decimal mark).
    from tutor import i18n

    i18n.use("el")
    try:
        greek = class_csv(pupils, lessons, frame.puzzles()).splitlines()
    finally:
        i18n.use(None)
    assert greek[2].split(";")[0] == "Ada" and greek[2].split(";")[-1] == "2026-12-01T09:00:00Z"
    assert greek[0].split(";")[-1] == "Τελευταία φορά (UTC)"
    assert len(greek[0].split(";")) == len(lines[0].split(",")) and "," not in greek[1]


def _popup(at) -> list[tuple[str, list[tuple[str, str]]]]:
    """The pop-ups drawn (Streamlit's dialogs): each one's title and its links (label, page)."""
    return [(d.proto.dialog.title, [(e.proto.label, e.proto.page) for e in d.get("page_link")])
            for d in at.get("dialog")]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_open_question_banner_shows_only_to_a_pupil_of_that_class(page_app, db, lang):
    """The pop-up says it once per question, with its own link to Class: on a phone the sidebar is closed,
    and a pop-up that only said "Open Class" left the pupil nowhere to press. Not on Class itself."""
    code, _, _ = teachers.create_class(db, "6C", teachers.new_key())
    live.ask(db, code, "/sandbox?pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    pupil, outsider, on_class = learners.new_learner(db), learners.new_learner(db), learners.new_learner(db)
    for who, name in ((pupil, "Dora"), (on_class, "Eleni")):
        classes.join(db, who, code, name)
    seen = {}
    i18n.use(lang)
    try:
        for who in (pupil, outsider):
            from streamlit.testing.v1 import AppTest

            from tests.conftest import ROOT

            at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
            at.query_params["learner"] = who
            at.query_params["lang"] = lang
            at.run()  # Home
            assert not at.exception
            seen[who] = ([i.value for i in at.sidebar.info], _popup(at))
            at.switch_page("pages/sandbox.py").run()  # announced once per question
            assert _popup(at) == [] and [i.value for i in at.sidebar.info] == seen[who][0]
        link = [(words.label("open_class"), "class")]
        assert seen[pupil] == ([words.question_open()], [(words.question_open(), link)])
        assert seen[outsider] == ([], [])
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.query_params["learner"] = on_class
        at.query_params["lang"] = lang
        at.switch_page("pages/class.py").run()
        assert not at.exception and _popup(at) == [] and [i.value for i in at.sidebar.info] == [words.question_open()]
    finally:
        i18n.use(None)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_class_table_headings_are_short_in_every_language(lang):
    """A heading is one line that sets its column's least width: long Greek headings ("Τελευταία
    δραστηριότητα", "Γρίφοι που δεν λύθηκαν") pushed the table past a 1366 px screen."""
    from tutor import i18n

    i18n.use(lang)
    try:
        heads = [words.label(k) for k in ("col_name", "col_stars", "col_solved_short", "col_missed_short",
                                          "col_last_active")]
        lessons = [words.lesson_column(n) for n in range(1, 9)]
    finally:
        i18n.use(None)
    expected = {"en": (["Name", "Stars", "Solved", "Missed", "Last active"], "Lesson 8"),
                "el": (["Όνομα", "Αστέρια", "Λύσεις", "Άλυτοι", "Τελ. φορά"], "Μάθ. 8")}[lang]
    assert (heads, lessons[-1]) == expected
    assert max(len(h) for h in heads) <= 14 and max(len(h) for h in lessons) <= 8
    assert sum(map(len, heads + lessons)) <= 112  # 112 characters, the English headings before issue 36, are the budget


def test_a_long_puzzles_missed_cell_wraps_in_taller_rows_instead_of_widening_the_table():
    from ui import class_page

    missed = words.label("col_puzzles_missed")
    short = [{missed: "none"}, {missed: "none"}]
    assert class_page.row_height(short) is None  # Streamlit's one-line rows
    assert class_page.table_columns(short)[missed]["width"] is None  # as wide as its cells
    one = "Puzzle 93 of 93 (Stop the threat · puzzle 10 of 10)"  # 51 characters: 6 lines of 10, 5 shown
    rows = [{missed: one}, {missed: "none"}]
    assert class_page.row_height(rows) == 12 + 21 * 5  # over 64 px: Streamlit wraps the text
    assert class_page.table_columns(rows)[missed]["width"] == class_page.MISSED_WIDTH == 66
    assert class_page.row_height([{missed: "Puzzle 1 of 93 (x)"}]) == 12 + 21 * 3  # 2 lines: 3, the least that wraps
    assert class_page.row_height([{missed: one + "; " + one}]) == 12 + 21 * 5  # at most 5 lines (the rest: the cell's pop-up, the CSV)


def test_a_long_name_is_cut_to_its_column_instead_of_widening_the_table():
    from ui import class_page

    name = words.label("col_name")
    assert class_page.table_columns([{name: "Ada"}, {name: "x" * 14}])[name]["width"] is None
    assert class_page.table_columns([{name: "Ada"}, {name: "x" * 15}])[name]["width"] == class_page.NAME_WIDTH == 110
    assert class_page.table_columns([{name: "Ada"}])[name]["pinned"] is True  # in view when the table scrolls


@pytest.mark.parametrize("lang, shown", [("en", ("Solved", "Missed")), ("el", ("Λύσεις", "Άλυτοι"))])
def test_the_puzzle_columns_show_short_headings_with_their_full_names_in_the_tooltip(lang, shown):
    """On screen the two puzzle columns are headed short (the table fits 1366 px in English too): "Solved"
    holds "3 + 1" (at the first try + after a wrong try or a hint, the tooltip says); the CSV has the two as numbers."""
    from tutor import i18n
    from ui import class_page

    i18n.use(lang)
    try:
        names = [words.label(k) for k in ("col_puzzles_solved", "col_puzzles_missed")]
        columns = class_page.table_columns([{names[1]: "none"}])
    finally:
        i18n.use(None)
    assert tuple(columns[name]["label"] for name in names) == shown
    assert [columns[name]["help"] for name in names] == names


@pytest.mark.parametrize("lang, said", [
    ("en", "Someone in this class already has that name: add a letter, like Sam B. If it is you on another device, "
           "use your code from \"Continue on another device\" there."),
    ("el", "Αυτό το όνομα υπάρχει ήδη σε αυτή την τάξη: πρόσθεσε ένα γράμμα, π.χ. Νίκος Β. Αν είσαι εσύ σε άλλη "
           "συσκευή, χρησιμοποίησε εκεί τον κωδικό σου από το «Συνέχισε σε άλλη συσκευή».")])
def test_a_taken_name_points_a_returning_pupil_to_their_code(lang, said):
    """Tester (a teacher): a pupil joining again on a second device was told only to add a letter, so
    the class got the same child twice; the message names the way back in (the learner code's panel)."""
    from tutor import i18n

    i18n.use(lang)
    try:
        assert words.join_problem("taken") == said
        assert words.label("continue_elsewhere") in said
    finally:
        i18n.use(None)


@pytest.mark.parametrize("report,lang,why", [
    ({"code": "", "lang": "el"}, "el", "lang"),  # Greek chosen on an earlier visit: put back, the whole page again
    ({"code": "", "lang": ""}, None, "new"),     # nothing remembered: a new learner, the language as guessed
    ("", None, "new"),                           # a keeper.js from before languages were kept (a page left open)
])
def test_the_keepers_report_makes_a_new_learner_and_puts_back_the_language(monkeypatch, db, report, lang, why):
    """The learner keeper's first report (``ui.learner._on_stored``): every form binds a new learner
    (an old page's plain code once left the session on "one moment" for good); a remembered language
    is used."""
    import streamlit as st

    from ui import learner, state

    ss: dict = {Keys.KEEPER: {"stored": report}}
    monkeypatch.setattr(st, "session_state", ss)
    learner._on_stored()
    sess = ss[state.SESSION_KEY]
    assert sess.learner is not None and learners.exists(db, sess.learner)
    assert sess.keeper == {"ask": False, "save": sess.learner, "forget": False, "lang": None}
    assert ss.get(Keys.LANG) == lang and sess.keeper_full == why


def test_a_keepers_report_stopped_at_any_look_up_is_asked_again_or_kept_whole(monkeypatch, db):
    """A press that reruns the app stops a running callback at its next look-up in Streamlit's session
    state (the new run even starts beside it). A report stopped there once left a new visitor unknown
    for good: the keeper had been told to stop asking, and no learner was bound (a learner who opened
    a sidebar panel at once). Stopped at any look-up, the report now either changed nothing the keeper
    needs (it still asks, and asks again: ``ui.learner.keeper``) or was kept whole."""
    import streamlit as st

    from ui import learner, state

    class Stopped(Exception):
        pass

    class StoppingState(dict):
        """Session state whose look-up number ``allowed`` (from 0) stops the callback."""

        def __init__(self, data: dict, allowed: int) -> None:
            super().__init__(data)
            self.allowed = allowed

        def _look(self) -> None:
            if self.allowed == 0:
                raise Stopped
            self.allowed -= 1

        def __getitem__(self, key):
            self._look()
            return super().__getitem__(key)

        def __setitem__(self, key, value):
            self._look()
            super().__setitem__(key, value)

        def get(self, key, default=None):
            self._look()
            return super().get(key, default)

    kept = stopped = 0
    for allowed in range(12):
        ss = StoppingState({Keys.KEEPER: {"stored": {"code": "", "lang": "el", "teach": ""}}}, allowed)
        monkeypatch.setattr(st, "session_state", ss)
        try:
            learner._on_stored()
        except Stopped:
            stopped += 1
        sess = dict.get(ss, state.SESSION_KEY)
        if sess is None or sess.learner is None:
            assert sess is None or sess.keeper["ask"]  # nothing kept: the keeper asks again
            continue
        kept += 1
        assert learners.exists(db, sess.learner)
        assert sess.keeper["save"] == sess.learner and not sess.keeper["ask"] and sess.keeper_full == "lang"
    assert stopped and kept


def test_a_whole_run_that_draws_the_keeper_before_its_report_is_answered_asks_again(app):
    """The keeper reports when it is drawn with a new ``ask``: a report lost on the way (its run stopped
    by a press, or its fragment gone with a whole run) is asked for again by the next whole run while
    the learner is unknown (the same ``ask`` would not make the browser report again)."""
    app.run()
    assert not app.exception
    asked = app.session_state["mancala_tutor"].keeper["ask"]
    assert asked and app.session_state["mancala_tutor"].learner is None
    app.run()  # no report came (AppTest's keeper never reports)
    assert not app.exception
    assert app.session_state["mancala_tutor"].keeper["ask"] not in (asked, False)


def test_a_teachers_browser_keeps_the_class_view_through_a_reload_and_a_pupils_does_not(page_app, db, monkeypatch):
    """Teacher: a reload of the projector's page asked for the PIN again. The right PIN gives this
    browser a teacher key of its own (never the learner code, which the sidebar shows): its keeper
    reports it after a reload and the class's view is back; a report without it (a pupil who read the
    learner code off the projector) opens nothing; closing the class view closes it in the store, so
    the PIN is needed again (the browser stays one of the class's devices: nobody's guesses lock it out)."""
    import streamlit as st

    from ui import learner, state

    code, pin, _ = teachers.create_class(db, "5B", teachers.new_key())
    me = learners.new_learner(db)
    teacher = open_class_page(page_app, me)
    teacher.session_state[f"{Keys.CLASS}teacher_panel"] = True
    teacher.run()
    teacher.text_input(key="class_open_code").input(code)
    teacher.text_input(key="class_pin").input(pin)
    teacher.button(key="class_open").click().run()
    key = sess(teacher).keeper["teach"]
    assert sess(teacher).teacher_class == code and teachers.view_of(db, key) == (code, False)
    assert key not in (me, pin, code) and not sess(teacher).keeper.get("unteach")

    def reload(report: dict) -> object:  # a new session whose keeper reports what the browser keeps
        ss: dict = {Keys.KEEPER: {"stored": report}}
        monkeypatch.setattr(st, "session_state", ss)
        learner._on_stored()
        return ss[state.SESSION_KEY]

    back = reload({"code": me, "lang": "", "teach": key})  # the whole page runs again: a known code's progress
    assert back.teacher_class == code and back.keeper_full == "known" and back.keeper["teach"] == key
    fresh = reload({"code": "", "lang": "", "teach": key})  # a new learner: the teacher's view is why it reruns
    assert fresh.teacher_class == code and fresh.keeper_full == "teacher"
    pupil = reload({"code": me, "lang": ""})  # the learner code alone: no teacher's view
    assert pupil.teacher_class is None
    wrong = reload({"code": me, "lang": "", "teach": "x" * 43})  # a key that opens nothing: no view
    assert wrong.teacher_class is None
    monkeypatch.undo()

    teacher.button(key="class_close").click().run()
    assert sess(teacher).teacher_class is None and teachers.view_of(db, key) is None
    assert teacher.text_input(key="class_pin")  # the PIN is asked again
    closed = reload({"code": me, "lang": "", "teach": key})
    assert closed.teacher_class is None


def test_the_answers_chart_lies_like_the_board_when_north_is_to_move():
    """North's pits run 6..1 from left to right on the board: the chart's pit axis runs the same way."""
    from ui.live import answers_figure

    south = answers_figure({2: 1, 5: 3}, 6, frozenset({5}))
    north = answers_figure({2: 1, 5: 3}, 6, frozenset({5}), north=True)
    assert south.layout.xaxis.autorange is True and north.layout.xaxis.autorange == "reversed"
    assert list(north.data[0].y) == [0, 1, 0, 0, 3, 0]
    assert list(north.data[0].marker.color) == ["#0072B2"] * 4 + ["#009E73", "#0072B2"]


def test_the_answers_chart_reads_on_a_projector():
    """Teacher: the chart's 12-px grey text could not be read from the back of a classroom. Every
    word and number is 14 px near black, the counts stand above the bars with room for them."""
    from ui import figures
    from ui.live import answers_figure

    fig = answers_figure({2: 1, 5: 3}, 6, frozenset({5}))
    bar = fig.data[0]
    assert (bar.textfont.size, bar.textfont.color, bar.textposition) == (14, "#1f1f1f", "outside")
    assert (fig.layout.font.size, fig.layout.font.color) == (14, figures.INK)
    for axis in (fig.layout.xaxis, fig.layout.yaxis):  # set on each axis: Streamlit's theme sets each one's own
        assert axis.tickfont.to_plotly_json() == axis.title.font.to_plotly_json() == figures.TEXT
    assert list(fig.layout.yaxis.range) == [0, 4]  # the highest bar, 3 pupils, and one more for its number


def _press_make_the_class_twice() -> None:
    """Two submits of the Make the class form reach the app one after the other (a double click: the
    browser sent the second before the first run redrew the page)."""
    import streamlit as st

    from ui import teacher

    st.session_state["class_new_name"] = "Year 5 Blue"
    teacher._create()
    teacher._create()


def test_a_double_click_on_make_the_class_makes_one_class(db):
    from sqlalchemy import func, select
    from streamlit.testing.v1 import AppTest

    from store.schema import SchoolClass

    with db.session() as s:
        before = s.scalar(select(func.count()).select_from(SchoolClass))
    at = AppTest.from_function(_press_make_the_class_twice, default_timeout=60).run()
    assert not at.exception
    made = sess(at).class_made
    with db.session() as s:
        assert s.scalar(select(func.count()).select_from(SchoolClass)) == before + 1
        assert s.get(SchoolClass, made[0]).name == "Year 5 Blue"
    assert sess(at).teacher_class == made[0]  # the first press is kept: its class is the one shown


@pytest.mark.parametrize("lang, said", [("en", "Type your class code and PIN."),
                                        ("el", "Γράψε τον κωδικό της τάξης και το PIN.")])
@pytest.mark.parametrize("typed_code", [False, True])
def test_open_with_an_empty_code_or_pin_asks_for_them_and_counts_no_try(page_app, db, monkeypatch, lang, said,
                                                                        typed_code):
    code, _pin, _ = teachers.create_class(db, "5B", teachers.new_key())
    tried = []
    monkeypatch.setattr(teachers, "open_with_pin", lambda *a, **k: tried.append(a) or "wrong")
    at = open_class_page(page_app)
    at.radio(key="lang_switch").set_value(lang).run()
    at.text_input(key="class_open_code").input(code if typed_code else "  ")
    at.button(key="class_open").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [said]
    assert sess(at).teacher_class is None and tried == []


def test_the_teachers_part_stays_open_when_the_language_changes(page_app, db):
    """The teacher opened "For the teacher" and switched to Greek: the panel (an expander Streamlit also
    knows by its label) stays open with its forms, as the learner left it (``ui.lang.panel``)."""
    at = open_class_page(page_app)
    at.session_state[f"{Keys.CLASS}teacher_panel"] = True
    at.run()
    assert at.text_input(key="class_open_code")
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    assert at.session_state[f"{Keys.CLASS}teacher_panel"]
    assert at.text_input(key="class_open_code").label == "Ο κωδικός της τάξης σου"
