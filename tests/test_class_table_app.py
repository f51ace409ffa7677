"""The teacher's class view (AppTest, the app's database): which class is open, by its name at the top,
and a class table whose short headings fit a 1366 px laptop, with a legend of what its cells mean (ut46 #8)."""

from __future__ import annotations

import json

import pytest

from store import classes, learners, teachers
from store.progress import StoredProgress
from tests.test_homework_app import _teacher_page
from tutor import words


def _class(db, name: str) -> tuple[str, str]:
    key = teachers.new_key()
    code, _, _ = teachers.create_class(db, name, key)
    me = learners.new_learner(db)
    classes.join(db, me, code, "Amy")
    StoredProgress(db, me).puzzle_solved("capture-pick-the-pile")
    return code, key


@pytest.mark.parametrize("lang,top,lessons,legend", [
    ("en", "## Class: ", ["L1", "L2", "L8"],
     "L1 to L8: lessons 1 to 8, steps done of all. Solved “3 + 1”: 3 puzzles solved at the first try, and 1 "
     "solved later (after a wrong try or a hint)."),
    ("el", "## Τάξη: ", ["Μ1", "Μ2", "Μ8"],
     "Μ1 έως Μ8: τα μαθήματα 1 έως 8, πόσα βήματα έγιναν από όσα έχει το καθένα. Λύσεις «3 + 1»: 3 γρίφοι "
     "λύθηκαν με την πρώτη προσπάθεια και 1 αργότερα (μετά από λάθος προσπάθεια ή υπόδειξη)."),
])
def test_the_class_view_names_the_class_and_its_table_is_headed_short_with_a_legend(page_app, db, lang, top,
                                                                                     lessons, legend):
    name = "5B_Ms_Pappas [room 2]"
    code, key = _class(db, name)
    top += words.literal(name)  # the teacher's text, shown as typed: "5B\\_Ms\\_Pappas \\[room 2\\]"
    teacher = _teacher_page(code, key, lang)
    shown = [m.value for m in teacher.markdown]
    [code_line] = [m for m in shown if f"**{code}**" in m]  # "## Class code: **6WJTEQ**", large
    assert shown.index(top) == shown.index(code_line) - 1  # above the code
    table = teacher.dataframe[0]
    config = json.loads(table.proto.columns)
    columns = list(table.value.columns)
    assert [config[c]["label"] for c in (columns[1], columns[2], columns[8])] == lessons
    assert config[columns[1]]["help"].startswith(("Lesson 1: Setting up.", "Μάθημα 1: "))
    assert list(table.value.iloc[0, 1:3]) == (["0 of 8", "0 of 7"] if lang == "en" else ["0 από 8", "0 από 7"])
    assert list(table.value.iloc[0])[-3] == "1 + 0"  # Solved, then Missed and Last active
    assert legend in [c.value for c in teacher.caption]
    shown_columns = list(table.proto.column_order)
    assert columns[9] in ("Stars", "Αστέρια")  # the total: each finished lesson's cell draws its stars
    assert shown_columns == columns[:9] + columns[10:] and len(shown_columns) == 12
