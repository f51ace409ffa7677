"""Orders the app shows or acts on are the same on every database, ties included (SQLite, and
PostgreSQL when ``MANCALA_DB_URL`` names one).

A database returns rows that tie on every ``ORDER BY`` column in any order it likes (PostgreSQL's
depends on how the rows lie on disk), and orders text by its own collation (SQLite's puts ``"Zoe"``
before ``"anna"``; PostgreSQL's follows the locale it was made with). Each order here is total, and
names are put in order by ``tutor.names.name_order``, not by the database.
"""

from __future__ import annotations

import datetime as dt
import secrets

from store import classes, learners, live, teachers
from store.limits import Who
from store.schema import now
from tutor.names import name_order

NAMES = ["Zoe", "anna", "Émile", "Ben", "Άννα", "Ήρα", "Βάσω", "emma"]
"""Pupils' names whose order differs between a byte order, a locale's and a teacher's."""
ALPHABETICAL = ["anna", "Ben", "Émile", "emma", "Zoe", "Άννα", "Βάσω", "Ήρα"]


def _who() -> Who:
    return Who(None, "test-" + secrets.token_hex(6))


def test_name_order_is_a_teachers_alphabetical_order():
    assert sorted(NAMES, key=name_order) == ALPHABETICAL
    assert sorted(["ben", "Ben", "Bén"], key=name_order) == ["Ben", "Bén", "ben"]  # a tie in letters: the name decides


def test_pupils_reviews_and_answers_are_in_alphabetical_order_on_every_database(database):
    owner, t0 = teachers.new_key(), now()
    made = teachers.create_class(database, "Order", owner, t0)
    for name in NAMES:
        classes.join(database, learners.new_learner(database), made.code, name, None, t0)
    question = live.ask(database, made.code, "board=kalah")
    assert [p.name for p in classes.pupils(database, made.code)] == ALPHABETICAL
    assert [p.name for p in classes.reviews(database, made.code)] == ALPHABETICAL
    assert [name for name, _ in live.answers_by_name(database, question, made.code)] == ALPHABETICAL


def _classes(db, count: int, t0: dt.datetime) -> list[tuple[str, str, str]]:
    """``count`` classes, each ``(code, owner key, PIN)``, from the greatest code to the least."""
    made = []
    for _ in range(count):
        owner = teachers.new_key()
        new = teachers.create_class(db, "Tie", owner, t0)
        made.append((new.code, owner, new.pin))
    return sorted(made, reverse=True)


def test_views_opened_at_the_same_instant_give_the_least_class_code(database):
    """A browser with two class views open until the same instant: ``view_of`` gives the one of the least
    class code, whatever order the rows were written in."""
    laptop, t0 = teachers.new_key(), now()
    made = _classes(database, 4, t0)
    for code, _, pin in made:  # the greatest code first
        assert teachers.open_with_pin(database, code, pin, laptop, _who(), t0) == "ok"
    least = min(code for code, _, _ in made)
    assert teachers.view_of(database, laptop, at=t0 + dt.timedelta(minutes=1)) == (least, False)


def test_sign_outs_at_the_same_instant_say_the_reason_of_the_least_class_code(database):
    """Two classes end a device's views at the same instant, one by a new PIN, one by the owner: the
    device is told the reason of the class with the least code, once, whatever order they were written in."""
    laptop, t0 = teachers.new_key(), now()
    (big, big_owner, big_pin), (small, small_owner, small_pin) = _classes(database, 2, t0)
    for code, pin in ((big, big_pin), (small, small_pin)):
        assert teachers.open_with_pin(database, code, pin, laptop, _who(), t0) == "ok"
    t1 = t0 + dt.timedelta(minutes=5)
    assert teachers.change_pin(database, big, big_owner, t1) is not None  # written first: "pin"
    assert teachers.sign_out(database, small, small_owner, teachers.device_id(laptop), t1)  # "owner"
    assert teachers.signed_out_why(database, laptop) == "owner"
    assert teachers.signed_out_why(database, laptop) is None
