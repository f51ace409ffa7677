"""Joining a class with a name that only looks like a classmate's is refused (``store.classes.join``
with ``tutor.names.name_skeleton``): on a real database, SQLite always, PostgreSQL when there is one."""

from __future__ import annotations

import pytest

from store import classes, learners, teachers


@pytest.fixture
def class_with_anna(database):
    """``(database, class code)``: a class where a pupil has joined as ``"Anna"``."""
    code = teachers.create_class(database, "5B", teachers.new_key()).code
    classes.join(database, learners.new_learner(database), code, "Anna")
    return database, code


@pytest.mark.parametrize("name", ["Anna", "ANNA", "anna", "\u0410nna", "\u0430nn\u0430", "\u13aanna",
                                  "\uff21\uff4e\uff4e\uff41", "  Anna  "])
def test_a_name_that_looks_like_a_classmates_is_taken(class_with_anna, name):
    database, code = class_with_anna
    me = learners.new_learner(database)
    with pytest.raises(ValueError, match="^taken$"):
        classes.join(database, me, code, name)
    assert learners.class_of(database, me) is None
    assert [p.name for p in classes.pupils(database, code)] == ["Anna"]


@pytest.mark.parametrize("name", ["An\u200dna", "Anna\u3164", "\u3164\u3164", "\u115f\u1160\uffa0", "\uffa0",
                                  "Anna\ufe01", "Anna\ufe0f", "Anna\u2800"])
def test_a_name_with_a_hidden_or_filler_character_is_refused_before_it_is_compared(class_with_anna, name):
    database, code = class_with_anna
    me = learners.new_learner(database)
    with pytest.raises(ValueError, match="^hidden$"):
        classes.join(database, me, code, name)
    assert learners.class_of(database, me) is None


def test_names_that_look_different_join_side_by_side(class_with_anna):
    database, code = class_with_anna
    for name in ["Anne", "Anna B", "Άννα", "Νίκος", "Zoë", "Zoe", "李", "Anne-Marie", "O'Neil"]:
        classes.join(database, learners.new_learner(database), code, name)
    with pytest.raises(ValueError, match="^taken$"):
        classes.join(database, learners.new_learner(database), code, "ΝΙΚΟΣ")
    assert sorted(p.name for p in classes.pupils(database, code)) == sorted(
        ["Anna", "Anne", "Anna B", "Άννα", "Νίκος", "Zoë", "Zoe", "李", "Anne-Marie", "O'Neil"])


def test_a_pupil_may_join_again_under_their_own_name_in_another_look(class_with_anna):
    database, code = class_with_anna
    me = learners.new_learner(database)
    classes.join(database, me, code, "Bo")
    classes.join(database, me, code, "BO")  # their own name is not someone else's
    assert sorted(p.name for p in classes.pupils(database, code)) == ["Anna", "BO"]
