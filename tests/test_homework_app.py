"""Homework in the app (AppTest, the app's database): the teacher sets it on the Class page, sees each
pupil's progress and deletes it; the pupil sees it first on Home. The day is fixed (``ui.homework.CLOCK``)."""

from __future__ import annotations

import datetime as dt

import pytest

from lessons.loader import load_lessons
from store import classes, homework as stored, learners, teachers
from store.progress import StoredProgress
from tests.test_class_app import as_teacher, open_class_page, sess
from tutor import words
from ui import homework, homework_class
from ui.state import Keys

NOW = dt.datetime(2026, 12, 8, 10, 0, tzinfo=dt.UTC)  # a Tuesday
K = homework_class.K


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(homework, "CLOCK", lambda: NOW)


def _class_with_pupil(db, name: str = "Anna") -> tuple[str, str, str]:
    key = teachers.new_key()
    code, _, _ = teachers.create_class(db, "5H", key)
    me = learners.new_learner(db)
    classes.join(db, me, code, name)
    return code, key, me


def _home(page_app, me: str):
    at = page_app("pages/home.py")
    at.query_params["learner"] = me
    at.run()
    assert not at.exception
    return at


def test_the_teacher_sets_lessons_homework_and_the_pupil_sees_it_first_on_home(page_app, db):
    code, key, me = _class_with_pupil(db)
    teacher = open_class_page(page_app)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(teacher, code, key)
    assert not teacher.exception
    assert "No homework set yet." in [c.value for c in teacher.caption]
    teacher.multiselect(key=f"{K}lessons").select("captures")
    teacher.date_input(key=f"{K}due").set_value(dt.date(2026, 12, 11))
    teacher.button(key=f"{K}set").click().run()
    assert not teacher.exception
    assert [s.value for s in teacher.success] == ["Homework set: finish lesson 4, due Friday 11 Dec."]
    [set_] = stored.homeworks(db, code)
    assert (set_.kind, set_.lessons, set_.due) == ("lessons", ("captures",), dt.date(2026, 12, 11))
    table = teacher.dataframe[-1].value
    assert list(table.columns) == ["Name", "Homework 1: finish lesson 4 (Friday 11 Dec)"]
    steps = len(load_lessons()["captures"].steps)
    assert list(table.iloc[:, 1]) == [f"0/{steps}"]

    StoredProgress(db, me).step_done("captures", "first-capture")
    home = _home(page_app, me)
    [line] = [i.value for i in home.info if str(i.value).startswith("Homework")]
    assert line == f"Homework: finish lesson 4 by Friday 11 Dec — 1 of {steps} steps done."
    said = [getattr(e, "value", None) for e in home.main.children.values()]
    assert said.index(line) < said.index(words.home_intro())  # first on Home: before the welcome


def test_puzzle_homework_counts_a_solve_after_it_was_set_and_late_is_said_plainly(page_app, db, monkeypatch):
    code, key, me = _class_with_pupil(db, "Bo")
    StoredProgress(db, me).puzzle_solved("capture-pick-the-pile")  # solved before: does not count
    stored.set_homework(db, code, "puzzles", [], "capture", 2, dt.date(2026, 12, 7),
                        at=dt.datetime(2100, 1, 1, tzinfo=dt.UTC))
    home = _home(page_app, me)
    [line] = [w.value for w in home.warning if str(w.value).startswith("Homework")]
    assert line == ("Homework: solve 2 puzzles of “Biggest capture now”. It was due on Monday 7 Dec, "
                    "so it is late — 0 of 2 puzzles solved.")
    monkeypatch.setattr(homework, "CLOCK", lambda: dt.datetime(2026, 12, 7, 23, 59, tzinfo=dt.UTC))
    home.run()
    assert any(str(i.value).startswith("Homework: solve 2 puzzles of “Biggest capture now” by today")
               for i in home.info)


def test_a_pupil_in_no_class_or_a_class_with_no_homework_sees_none(page_app, db):
    me = learners.new_learner(db)
    home = _home(page_app, me)
    assert not [t for t in [*home.info, *home.warning, *home.success] if str(t.value).startswith("Homework")]
    _code, _key, pupil = _class_with_pupil(db)
    home = _home(page_app, pupil)
    assert not [t for t in [*home.info, *home.warning, *home.success] if str(t.value).startswith("Homework")]


def test_the_teacher_sees_a_refusal_in_words_and_deletes_a_homework(page_app, db):
    code, key, _me = _class_with_pupil(db)
    first = stored.set_homework(db, code, "lessons", ["setup"], "", 0, dt.date(2026, 12, 9), at=NOW)
    teacher = open_class_page(page_app)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(teacher, code, key)
    teacher.button(key=f"{K}set").click().run()  # no lesson picked
    assert [e.value for e in teacher.error] == ["Pick at least one lesson."]
    assert [h.id for h in stored.homeworks(db, code)] == [first]
    assert teacher.get("download_button")  # the homework table's CSV (content: tests/test_homework.py)
    teacher.selectbox(key=f"{K}delete_which").select(first)
    teacher.button(key=f"{K}delete").click().run()
    assert not teacher.exception
    assert stored.homeworks(db, code) == []
    assert "Homework deleted." in [s.value for s in teacher.success]
    assert sess(teacher).teacher_class == code


def test_a_greek_pupil_reads_the_homework_in_greek_with_the_day_written_the_greek_way(page_app, db):
    code, _key, me = _class_with_pupil(db, "Ελένη")
    stored.set_homework(db, code, "lessons", ["captures"], "", 0, dt.date(2026, 12, 11), at=NOW)
    home = page_app("pages/home.py")
    home.query_params["learner"] = me
    home.query_params["lang"] = "el"
    home.run()
    assert not home.exception
    steps = len(load_lessons()["captures"].steps)
    assert [i.value for i in home.info if str(i.value).startswith("Εργασία")] == [
        f"Εργασία: τελείωσε το μάθημα 4 (προθεσμία: Παρασκευή 11 Δεκεμβρίου) — έκανες 0 από {steps} βήματα."]


def test_the_teacher_sets_puzzles_of_a_theme_and_the_table_counts_a_solve_after_it(page_app, db):
    code, key, me = _class_with_pupil(db, "Cy")
    teacher = open_class_page(page_app)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(teacher, code, key)
    teacher.radio(key=f"{K}kind").set_value("puzzles").run()
    teacher.selectbox(key=f"{K}theme").select("capture")
    teacher.number_input(key=f"{K}count").set_value(2)
    teacher.date_input(key=f"{K}due").set_value(dt.date(2026, 12, 8))
    teacher.button(key=f"{K}set").click().run()
    assert not teacher.exception
    [set_] = stored.homeworks(db, code)
    assert (set_.kind, set_.theme, set_.count, set_.due) == ("puzzles", "capture", 2, dt.date(2026, 12, 8))
    StoredProgress(db, me).puzzle_solved("capture-pick-the-pile")  # after it was set (the store's own time)
    teacher.run()
    table = teacher.dataframe[-1].value
    assert list(table.iloc[:, 1]) == ["1/2 · today"]


def _teacher_page(code: str, key: str, lang: str):
    """A new browser session on the Class page in ``lang``, with class ``code``'s teacher view open."""
    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("pages/class.py").run()
    at.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(at, code, key)
    assert not at.exception
    return at


def _set_captures_by_friday(teacher) -> None:
    teacher.multiselect(key=f"{K}lessons").select("captures")
    teacher.date_input(key=f"{K}due").set_value(dt.date(2026, 12, 11))
    teacher.button(key=f"{K}set").click().run()
    assert not teacher.exception


@pytest.mark.parametrize("lang,said", [("en", "This homework is already set."),
                                       ("el", "Αυτή η εργασία έχει ήδη δοθεί.")])
def test_setting_the_same_homework_again_sets_none_and_says_so(page_app, db, lang, said):
    """Report #6: a second click, or the form sent again after a reload, made a second homework just like the
    first: pupils saw it twice on Home and the table got two columns of it."""
    code, key, me = _class_with_pupil(db)
    teacher = _teacher_page(code, key, lang)
    _set_captures_by_friday(teacher)
    [first] = stored.homeworks(db, code)
    assert len(teacher.success) == 1 and not teacher.warning
    teacher.button(key=f"{K}set").click().run()  # the second click
    assert [w.value for w in teacher.warning] == [said] and not teacher.success
    again = _teacher_page(code, key, lang)  # a reload: a new session, the form filled in again
    _set_captures_by_friday(again)
    assert [w.value for w in again.warning] == [said]
    assert [h.id for h in stored.homeworks(db, code)] == [first.id]
    assert len(again.dataframe[-1].value.columns) == 2  # the name, one homework
    home = _home(page_app, me)
    assert len([t for t in [*home.info, *home.warning] if str(t.value).startswith(("Homework", "Εργασία"))]) == 1


@pytest.mark.parametrize("lang,shown,legend", [
    ("en", ["HW1 · Capture ×5 · Sat 12 Dec", "HW2 · Review ×2 · Mon 14 Dec"],
     "HW1: solve 5 puzzles of “Biggest capture now”, due Saturday 12 Dec  \n"
     "HW2: review 2 of their own games, due Monday 14 Dec"),
    ("el", ["Εργ. 1 · Αιχμαλωσία ×5 · Σάβ 12 Δεκ", "Εργ. 2 · Ανάλυση ×2 · Δευ 14 Δεκ"],
     "Εργ. 1: να λύσουν 5 γρίφους από το θέμα «Η μεγαλύτερη αιχμαλωσία τώρα» (προθεσμία: Σάββατο 12 Δεκεμβρίου)  \n"
     "Εργ. 2: να αναλύσουν 2 δικά τους παιχνίδια (προθεσμία: Δευτέρα 14 Δεκεμβρίου)"),
])
def test_the_homework_table_is_headed_short_with_the_full_words_in_help_and_a_legend(page_app, db, lang, shown, legend):
    """Report #8: whole-sentence headings pushed the fourth homework off a 1920 px projector. The table's
    data (and the CSV) keep the full headings; the screen shows short ones."""
    import json

    code, key, _me = _class_with_pupil(db)
    stored.set_homework(db, code, "puzzles", [], "capture", 5, dt.date(2026, 12, 12), at=NOW)
    stored.set_homework(db, code, "reviews", [], "", 2, dt.date(2026, 12, 14), at=NOW)
    teacher = _teacher_page(code, key, lang)
    table = teacher.dataframe[-1]
    full = list(table.value.columns)[1:]
    config = json.loads(table.proto.columns)
    assert [config[f]["label"] for f in full] == shown
    assert [config[f]["help"] for f in full] == full
    assert config[list(table.value.columns)[0]]["pinned"] is True
    assert legend in [c.value for c in teacher.caption]


def _links(at) -> list[tuple[str, str, str]]:
    return [(e.proto.label, e.proto.page, e.proto.query_string) for e in at.main.get("page_link")]


def test_each_open_homework_on_home_has_a_link_that_starts_it(page_app, db):
    code, _key, me = _class_with_pupil(db, "Amy")
    stored.set_homework(db, code, "lessons", ["setup", "captures"], "", 0, dt.date(2026, 12, 11), at=NOW)
    stored.set_homework(db, code, "puzzles", [], "capture", 3, dt.date(2026, 12, 11), at=NOW)
    home = _home(page_app, me)
    homework_links = [link for link in _links(home) if link[0] in ("Start lesson 1", "Open these puzzles")]
    assert homework_links == [("Start lesson 1", "lesson_1_setup", ""),
                              ("Open these puzzles", "practice", "game=kalah&theme=capture")]
    progress = StoredProgress(db, me)
    for step in load_lessons()["setup"].steps:
        progress.step_done("setup", step.id)
    progress.lesson_done("setup", 3)
    progress.step_done("captures", "first-capture")
    home = _home(page_app, me)
    assert [link[0] for link in _links(home) if "lesson 4" in link[0]] == ["Go on with lesson 4"]
    assert "Start lesson 1" not in [link[0] for link in _links(home)]


def test_a_greek_pupil_starts_a_homework_in_greek(page_app, db):
    code, _key, me = _class_with_pupil(db, "Ελένη")
    stored.set_homework(db, code, "lessons", ["captures"], "", 0, dt.date(2026, 12, 11), at=NOW)
    stored.set_homework(db, code, "puzzles", [], "capture", 3, dt.date(2026, 12, 11), at=NOW)
    home = page_app("pages/home.py")
    home.query_params["learner"] = me
    home.query_params["lang"] = "el"
    home.run()
    assert not home.exception
    labels = [link[0] for link in _links(home)]
    assert "Ξεκίνα το μάθημα 4" in labels and "Άνοιξε αυτούς τους γρίφους" in labels


@pytest.mark.parametrize("lang,placeholder,notice", [
    ("en", "Choose one or more lessons", "Homework set: finish lesson 4, due Friday 11 Dec."),
    ("el", "Διάλεξε ένα ή περισσότερα μαθήματα",
     "Η εργασία δόθηκε: να τελειώσουν το μάθημα 4 (προθεσμία: Παρασκευή 11 Δεκεμβρίου)."),
])
def test_the_homework_form_speaks_the_teachers_language_and_writes_the_day_first(page_app, db, lang, placeholder,
                                                                                 notice):
    """ut46 #9: the Greek form said "Choose options" and wrote the due day 2026/12/12; its list told the
    teacher «τελείωσε…» (a pupil's words) next to «να αναλύσουν…»."""
    code, key, _me = _class_with_pupil(db)
    teacher = _teacher_page(code, key, lang)
    assert teacher.multiselect(key=f"{K}lessons").proto.placeholder == placeholder
    assert teacher.date_input(key=f"{K}due").proto.format == "DD/MM/YYYY"
    _set_captures_by_friday(teacher)
    assert [s.value for s in teacher.success] == [notice]
    stored.set_homework(db, code, "reviews", [], "", 1, dt.date(2026, 12, 11), at=NOW)
    teacher.run()
    if lang == "el":
        legend = [c.value for c in teacher.caption if str(c.value).startswith("Εργ. 1")]
        assert legend == ["Εργ. 1: να τελειώσουν το μάθημα 4 (προθεσμία: Παρασκευή 11 Δεκεμβρίου)  \n"
                          "Εργ. 2: να αναλύσουν 1 δικό τους παιχνίδι (προθεσμία: Παρασκευή 11 Δεκεμβρίου)"]


def test_the_form_stays_open_after_a_homework_is_set_and_a_past_day_is_refused_in_words(page_app, db):
    """ut48b #1: the form closed under the teacher's hand once the first homework's table appeared above it
    (an unkeyed expander moved down); it is kept open by its key. ut48b #2: a past due day typed in the
    browser was replaced by another day and the homework set anyway; now it is refused, in words."""
    code, key, _me = _class_with_pupil(db)
    teacher = open_class_page(page_app)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    teacher.session_state[f"{K}set_panel"] = True  # the teacher opened "Set homework"
    as_teacher(teacher, code, key)
    teacher.multiselect(key=f"{K}lessons").select("captures")
    teacher.date_input(key=f"{K}due").set_value(dt.date(2026, 12, 1))
    teacher.button(key=f"{K}set").click().run()
    assert [e.value for e in teacher.error] == ["The due day cannot be in the past."]
    assert stored.homeworks(db, code) == []
    teacher.date_input(key=f"{K}due").set_value(dt.date(2026, 12, 11))
    teacher.button(key=f"{K}set").click().run()
    assert len(stored.homeworks(db, code)) == 1
    teacher.radio(key=f"{K}kind").set_value("puzzles").run()
    assert not teacher.exception, teacher.exception
    assert teacher.selectbox(key=f"{K}theme")
    # kept by its key wherever the table above moves it (an unkeyed one was known by its place)
    [form] = [e for e in teacher.expander if e.label == "Set homework"]
    assert form.proto.id.endswith(f"-{K}set_panel") and teacher.session_state[f"{K}set_panel"]


def test_a_count_out_of_range_is_refused_in_words_and_nothing_is_set(page_app, db):
    """ut49 #1: 01122026 typed as the number of puzzles: the browser kept 3, said why in English, and the
    homework was set with 3. Now the number reaches the app, which refuses it in the teacher's language."""
    code, key, _me = _class_with_pupil(db)
    teacher = open_class_page(page_app)
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(teacher, code, key)
    teacher.radio(key="lang_switch").set_value("el").run()
    teacher.radio(key=f"{K}kind").set_value("puzzles").run()
    teacher.number_input(key=f"{K}count").set_value(1122026)
    teacher.button(key=f"{K}set").click().run()
    assert not teacher.exception, teacher.exception
    assert [e.value for e in teacher.error] == ["Ζήτησε από 1 έως 50 γρίφους."]
    assert stored.homeworks(db, code) == []
    teacher.radio(key=f"{K}kind").set_value("reviews").run()
    teacher.number_input(key=f"{K}games").set_value(0)
    teacher.button(key=f"{K}set").click().run()
    assert len(teacher.error) == 1 and stored.homeworks(db, code) == []
