"""Homework (issue 33): what counts, when it is late, the teacher's table and CSV (``tutor.homework``,
``tutor.homework_table``), and the store on SQLite (and PostgreSQL when ``MANCALA_DB_URL`` names one).

Every day and time is fixed here: nothing is judged by the clock of the machine running the tests.
"""

from __future__ import annotations

import csv
import datetime as dt
from dataclasses import dataclass, field

import pytest

from store import classes, homework as stored, learners, lifecycle, teachers
from store.progress import StoredProgress
from tutor import i18n
from tutor.homework import AlreadySet, Done, Homework, check, first_on_home, progress, same_as, state
from tutor.homework_table import homework_csv, homework_rows, task_words
from tutor.progress import LessonProgress


@pytest.fixture
def lang():
    """``lang("el")`` pins a language for the test's texts; English again after it."""
    yield i18n.use
    i18n.use(None)

SET = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
DUE = dt.date(2026, 12, 11)  # a Friday
STEPS = {"setup": 3, "captures": 9}
NUMBERS = {"setup": 1, "captures": 4}
TITLES = {"capture": "Biggest capture now", "lap": "The full lap"}


@dataclass(frozen=True)
class P:
    theme: str


PUZZLES = {"c1": P("capture"), "c2": P("capture"), "c3": P("capture"), "l1": P("lap")}
LESSON_HW = Homework(1, "lessons", ("captures",), "", 0, DUE, SET)
PUZZLE_HW = Homework(2, "puzzles", (), "capture", 2, DUE, SET)


@dataclass
class Pupil:
    name: str
    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    last_active: dt.datetime = SET
    puzzles: dict = field(default_factory=dict)
    zone: str = ""


def test_lesson_steps_count_whenever_they_were_done_and_the_lesson_finished_is_the_homework_done():
    part = {"captures": LessonProgress(steps_done={"a", "b"})}
    assert progress(LESSON_HW, part, {}, STEPS, PUZZLES) == Done(2, 9, False)
    whole = {"captures": LessonProgress(steps_done={"a"}, done=True, stars=2)}  # finished: every step counts
    assert progress(LESSON_HW, whole, {}, STEPS, PUZZLES) == Done(9, 9, True)
    two = Homework(3, "lessons", ("setup", "captures"), "", 0, DUE, SET)
    assert progress(two, {"setup": LessonProgress(steps_done={"x"}, done=True)}, {}, STEPS, PUZZLES) == Done(3, 12, False)


def test_puzzles_of_the_theme_count_only_when_solved_after_the_homework_was_set_each_once_up_to_the_number():
    before, after = SET - dt.timedelta(minutes=1), SET + dt.timedelta(days=1)
    assert progress(PUZZLE_HW, {}, {"c1": before, "l1": after}, STEPS, PUZZLES) == Done(0, 2, False)
    assert progress(PUZZLE_HW, {}, {"c1": after, "c2": SET}, STEPS, PUZZLES) == Done(2, 2, True)
    assert progress(PUZZLE_HW, {}, {"c1": after, "c2": after, "c3": after}, STEPS, PUZZLES) == Done(2, 2, True)
    naive = after.replace(tzinfo=None)  # SQLite gives times back without their zone: read as UTC
    assert progress(PUZZLE_HW, {}, {"c1": naive}, STEPS, PUZZLES) == Done(1, 2, False)


def test_a_homework_is_open_then_due_today_then_late_and_done_whenever_it_is_finished():
    half, whole = Done(1, 2, False), Done(2, 2, True)
    assert state(PUZZLE_HW, half, DUE - dt.timedelta(days=1)) == "open"
    assert state(PUZZLE_HW, half, DUE) == "due_today"
    assert state(PUZZLE_HW, half, DUE + dt.timedelta(days=1)) == "late"
    assert state(PUZZLE_HW, whole, DUE + dt.timedelta(days=3)) == "done"


def test_home_lists_unfinished_homework_first_soonest_due_first():
    later = Homework(4, "lessons", ("setup",), "", 0, DUE + dt.timedelta(days=2), SET)
    lessons = {"captures": LessonProgress(done=True)}
    order = [hw.id for hw, _ in first_on_home([LESSON_HW, later, PUZZLE_HW], lessons, {}, STEPS, PUZZLES)]
    assert order == [2, 4, 1]


@pytest.mark.parametrize(("kind", "lessons", "theme", "count", "due", "problem"), [
    ("lessons", ["captures"], "", 0, DUE, None),
    ("puzzles", [], "capture", 3, DUE, None),
    ("lessons", [], "", 0, DUE, "lessons"),
    ("lessons", ["nope"], "", 0, DUE, "lessons"),
    ("puzzles", [], "nope", 3, DUE, "theme"),
    ("puzzles", [], "capture", 0, DUE, "count"),
    ("puzzles", [], "capture", 51, DUE, "count"),
    ("lessons", ["captures"], "", 0, dt.date(2026, 11, 30), "due"),
    ("reviews", [], "", 0, DUE, "games"),
    ("reviews", [], "", 2, DUE, None),
    ("reviews", [], "", 11, DUE, "games"),
    ("essays", [], "", 2, DUE, "kind"),
])
def test_a_homework_is_checked_before_it_is_set(kind, lessons, theme, count, due, problem):
    assert check(kind, lessons, theme, count, due, dt.date(2026, 12, 1), list(STEPS), list(TITLES)) == problem


def test_the_pupil_reads_the_homework_in_plain_words_in_english_and_greek(lang):
    from tutor import words

    lang("en")
    task = task_words(LESSON_HW, NUMBERS, TITLES)
    assert task == "finish lesson 4"
    line = words.homework_line(task, DUE, words.homework_done("lessons", 2, 3), "open")
    assert line == "Homework: finish lesson 4 by Friday 11 Dec — 2 of 3 steps done."
    assert words.homework_line(task, DUE, words.homework_done("lessons", 2, 3), "due_today") == (
        "Homework: finish lesson 4 by today — 2 of 3 steps done.")
    assert "late" in words.homework_line(task, DUE, words.homework_done("lessons", 2, 3), "late")
    assert task_words(PUZZLE_HW, NUMBERS, TITLES) == "solve 2 puzzles of “Biggest capture now”"
    lang("el")
    line = words.homework_line(task_words(LESSON_HW, NUMBERS, TITLES), DUE,
                               words.homework_done("lessons", 2, 3), "open")
    assert "Παρασκευή 11 Δεκεμβρίου" in line and "Homework" not in line and "2" in line and "3" in line


def test_the_teacher_table_and_csv_give_each_pupil_s_progress_on_each_homework(lang):
    anna = Pupil("Anna", {"captures": LessonProgress(steps_done={"a", "b"})})
    bo = Pupil("=Bo", {"captures": LessonProgress(done=True, stars=3)})
    solves = {"Anna": {"c1": SET + dt.timedelta(hours=1)}, "=Bo": {"c1": SET - dt.timedelta(hours=1)}}
    lang("en")
    rows = homework_rows([LESSON_HW, PUZZLE_HW], [anna, bo], solves, STEPS, NUMBERS, TITLES, PUZZLES, DUE)
    assert rows == [
        {"Name": "Anna", "Homework 1: finish lesson 4 (Friday 11 Dec)": "2/9 · today",
         "Homework 2: solve 2 puzzles of “Biggest capture now” (Friday 11 Dec)": "1/2 · today"},
        {"Name": "=Bo", "Homework 1: finish lesson 4 (Friday 11 Dec)": "✓",
         "Homework 2: solve 2 puzzles of “Biggest capture now” (Friday 11 Dec)": "0/2 · today"},
    ]
    text = homework_csv([LESSON_HW, PUZZLE_HW], [anna, bo], solves, STEPS, NUMBERS, TITLES, PUZZLES,
                        DUE + dt.timedelta(days=1))
    assert list(csv.reader(text.splitlines())) == [
        ["Name", "Homework 1 (finish lesson 4, due Friday 11 Dec): done (of 9)", "Homework 1: state",
         "Homework 2 (solve 2 puzzles of “Biggest capture now”, due Friday 11 Dec): done (of 2)", "Homework 2: state"],
        ["Anna", "2", "late", "1", "late"],
        ["'=Bo", "9", "done", "0", "late"],  # a name starting like a formula stays text in a spreadsheet
    ]
    lang("el")  # Greek spreadsheets read ;-separated files
    assert homework_csv([LESSON_HW], [anna], solves, STEPS, NUMBERS, TITLES, PUZZLES, DUE).splitlines()[1].startswith("Anna;2;")
    assert homework_csv([LESSON_HW], [], solves, STEPS, NUMBERS, TITLES, PUZZLES, DUE) == ""


def test_the_store_keeps_homework_counts_solves_after_setting_and_deletes_it_with_its_class(database):
    key = teachers.new_key()
    code, _, _ = teachers.create_class(database, "5B", key)
    me = learners.new_learner(database)
    classes.join(database, me, code, "Anna")
    saved = StoredProgress(database, me)
    saved.puzzle_solved("capture-pick-the-pile")
    long_ago = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
    far_ahead = dt.datetime(2100, 1, 1, tzinfo=dt.UTC)
    first = stored.set_homework(database, code, "puzzles", [], "capture", 2, DUE, at=long_ago)
    second = stored.set_homework(database, code, "lessons", ["setup", "captures"], "", 0, DUE, at=far_ahead)
    assert stored.set_homework(database, "NOCLAS", "lessons", ["setup"], "", 0, DUE) is None
    kept = stored.homeworks(database, code)
    assert [(h.id, h.kind, h.lessons, h.theme, h.count, h.due) for h in kept] == [
        (first, "puzzles", (), "capture", 2, DUE), (second, "lessons", ("setup", "captures"), "", 0, DUE)]
    mine = stored.solves(database, me)
    assert list(mine) == ["capture-pick-the-pile"]
    assert stored.class_solves(database, code) == {"Anna": mine}
    pool = {"capture-pick-the-pile": P("capture")}
    assert progress(kept[0], {}, mine, STEPS, pool) == Done(1, 2, False)  # solved after it was set
    later = Homework(9, "puzzles", (), "capture", 2, DUE, far_ahead)
    assert progress(later, {}, mine, STEPS, pool) == Done(0, 2, False)  # solved before it was set
    assert stored.delete_homework(database, "NOCLAS", first) is False
    assert stored.delete_homework(database, code, first) is True
    assert [h.id for h in stored.homeworks(database, code)] == [second]
    assert lifecycle.delete_class(database, code, key) == "5B"
    assert stored.homeworks(database, code) == []


def test_a_class_keeps_at_most_the_most_homeworks(database):
    from tutor.homework import MAX_HOMEWORKS

    code, _, _ = teachers.create_class(database, "5C", teachers.new_key())
    for n in range(MAX_HOMEWORKS):
        assert stored.set_homework(database, code, "lessons", ["setup"], "", 0, DUE + dt.timedelta(days=n)) is not None
    assert stored.set_homework(database, code, "lessons", ["captures"], "", 0, DUE) is None
    assert len(stored.homeworks(database, code)) == MAX_HOMEWORKS


def test_a_homework_is_the_same_as_one_held_when_it_asks_the_same_by_the_same_day():
    """Report #6: the teacher set a homework twice (after a reload); pupils saw it twice."""
    held = [Homework(1, "lessons", ("setup", "captures"), "", 0, DUE, SET),
            Homework(2, "puzzles", (), "capture", 5, DUE, SET),
            Homework(3, "reviews", (), "", 2, DUE, SET, replay=True)]
    assert same_as(held, "lessons", ["captures", "setup"], "", 0, DUE) == held[0]  # the lessons in any order
    assert same_as(held, "lessons", ["setup"], "", 0, DUE) is None
    assert same_as(held, "lessons", ["setup", "captures"], "", 0, DUE + dt.timedelta(days=1)) is None
    assert same_as(held, "puzzles", [], "capture", 5, DUE) == held[1]
    assert same_as(held, "puzzles", [], "capture", 4, DUE) is None
    assert same_as(held, "puzzles", [], "lap", 5, DUE) is None
    assert same_as(held, "reviews", [], "", 2, DUE, replay=True) == held[2]
    assert same_as(held, "reviews", [], "", 2, DUE) is None  # without playing the mistakes again: another task
    assert same_as(held, "reviews", [], "", 3, DUE, replay=True) is None
    assert same_as([], "puzzles", [], "capture", 5, DUE) is None


def test_the_store_sets_a_homework_the_class_has_already_once(database):
    code, _, _ = teachers.create_class(database, "5D", teachers.new_key())
    first = stored.set_homework(database, code, "puzzles", [], "capture", 5, DUE, at=SET)
    with pytest.raises(AlreadySet) as said:
        stored.set_homework(database, code, "puzzles", [], "capture", 5, DUE, at=SET + dt.timedelta(minutes=1))
    assert said.value.homework == first
    other = stored.set_homework(database, code, "puzzles", [], "capture", 5, DUE + dt.timedelta(days=1), at=SET)
    assert [h.id for h in stored.homeworks(database, code)] == [first, other]
    reviews = stored.set_homework(database, code, "reviews", [], "", 2, DUE, at=SET)
    with pytest.raises(AlreadySet) as said:  # a reviews homework keeps no theme: the form's left-over one is no difference
        stored.set_homework(database, code, "reviews", [], "capture", 2, DUE, at=SET)
    assert said.value.homework == reviews
    assert len(stored.homeworks(database, code)) == 3


def test_two_clicks_at_the_same_instant_set_one_homework(database):
    """A double click or two tabs: two writers at once; the class's row lock lets one set it, the other is told."""
    import threading

    code, _, _ = teachers.create_class(database, "5E", teachers.new_key())
    start = threading.Barrier(4)
    outcomes: list[object] = []

    def click() -> None:
        start.wait()
        try:
            outcomes.append(stored.set_homework(database, code, "lessons", ["setup"], "", 0, DUE, at=SET))
        except AlreadySet as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=click) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    [made] = [o for o in outcomes if isinstance(o, int)]
    assert [o.homework for o in outcomes if isinstance(o, AlreadySet)] == [made, made, made]
    assert [h.id for h in stored.homeworks(database, code)] == [made]


SAT = dt.date(2026, 12, 5)
HEADED = [Homework(1, "puzzles", (), "capture", 5, SAT, SET), Homework(2, "reviews", (), "", 2, SAT, SET, replay=True),
          Homework(3, "lessons", ("setup", "captures"), "", 0, SAT, SET), Homework(4, "reviews", (), "", 1, SAT, SET)]


@pytest.mark.parametrize("language,short,legend", [
    ("en", ["HW1 · Capture ×5 · Sat 5 Dec", "HW2 · Review ×2 + mistakes · Sat 5 Dec", "HW3 · Lessons 1, 4 · Sat 5 Dec",
            "HW4 · Review ×1 · Sat 5 Dec"],
     ["HW1: solve 5 puzzles of “Biggest capture now”, due Saturday 5 Dec",
      "HW2: review 2 of their own games and play their mistakes again, due Saturday 5 Dec",
      "HW3: finish lessons 1 and 4, due Saturday 5 Dec", "HW4: review 1 of their own games, due Saturday 5 Dec"]),
    ("el", ["Εργ. 1 · Αιχμαλωσία ×5 · Σάβ 5 Δεκ", "Εργ. 2 · Ανάλυση ×2 + λάθη · Σάβ 5 Δεκ",
            "Εργ. 3 · Μαθήματα 1, 4 · Σάβ 5 Δεκ", "Εργ. 4 · Ανάλυση ×1 · Σάβ 5 Δεκ"], None),
])
def test_the_teacher_s_table_has_short_headings_with_the_full_words_in_help_and_legend(lang, language, short, legend):
    """Report #8: the headings were whole sentences and a fourth homework went off a 1920 px projector."""
    from lessons.loader import themes
    from tutor.homework_table import homework_headings

    lang(language)
    titles = {tid: t.title for tid, t in themes(lang=language).items()}
    shorts = {tid: t.short for tid, t in themes(lang=language).items()}
    heads = homework_headings(HEADED, NUMBERS, titles, shorts)
    assert [h.short for h in heads] == short
    assert max(len(h.short) for h in heads) <= 40
    rows = homework_rows(HEADED, [Pupil("Anna")], {}, STEPS, NUMBERS, titles, PUZZLES, SAT)
    assert [h.full for h in heads] == list(rows[0])[1:]  # the table's own headings: the columns' help
    if legend:
        assert [h.legend for h in heads] == legend
        assert heads[0].full == "Homework 1: solve 5 puzzles of “Biggest capture now” (Saturday 5 Dec)"
    else:
        assert heads[0].legend == ("Εργ. 1: να λύσουν 5 γρίφους από το θέμα «Η μεγαλύτερη αιχμαλωσία τώρα» "
                                   "(προθεσμία: Σάββατο 5 Δεκεμβρίου)")


def test_two_done_homeworks_of_the_same_theme_are_told_apart_by_their_due_days(lang):
    """ut45 #3: two homeworks of the same theme done, due on different days: each line on Home names its
    due day, so the two lines differ."""
    from tutor import words

    later = dt.date(2026, 12, 12)  # a Saturday
    task = "solve 5 puzzles of “Biggest capture now”"
    lang("en")
    lines = [words.homework_line(task, due, "", "done") for due in (DUE, later)]
    assert lines == ["Homework done: solve 5 puzzles of “Biggest capture now” (due Friday 11 Dec). Well done!",
                     "Homework done: solve 5 puzzles of “Biggest capture now” (due Saturday 12 Dec). Well done!"]
    lang("el")
    task = "λύσε 5 γρίφους από το θέμα «Η μεγαλύτερη αιχμαλωσία τώρα»"
    lines = [words.homework_line(task, due, "", "done") for due in (DUE, later)]
    assert lines == ["Εργασία: λύσε 5 γρίφους από το θέμα «Η μεγαλύτερη αιχμαλωσία τώρα» (προθεσμία: Παρασκευή 11 "
                     "Δεκεμβρίου) — έγινε! Μπράβο!",
                     "Εργασία: λύσε 5 γρίφους από το θέμα «Η μεγαλύτερη αιχμαλωσία τώρα» (προθεσμία: Σάββατο 12 "
                     "Δεκεμβρίου) — έγινε! Μπράβο!"]
