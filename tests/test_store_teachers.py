"""A class a teacher can trust, in the store (SQLite, and PostgreSQL when ``MANCALA_DB_URL`` names one).

Times are built from one moment taken at the start of each test and moved by hand: a limit's minute
passes because a test says so, never because the clock did. Each test tries from clients and devices
of its own (the PostgreSQL database is shared by the whole run).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import threading

import pytest

from store import classes, learners, live, teachers
from store.db import Database
from store.limits import Who
from store.schema import Attempt, SchoolClass, TeacherDevice, now


def _client() -> str:
    return "test-" + secrets.token_hex(6)


def _wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def _unknown_code(db: Database) -> str:
    while True:
        code = learners.make_code(6)
        if classes.class_name(db, code) is None:
            return code


def test_a_class_is_made_with_a_pin_and_recovery_code_kept_only_as_hashes(database):
    key, t0 = teachers.new_key(), now()
    made = teachers.create_class(database, "5B", key, t0)
    assert len(made.pin) == 6 and made.pin.isdigit() and len(made.recovery) == 12
    assert set(made.recovery) <= set(learners.ALPHABET)
    with database.session() as s:
        row = s.get(SchoolClass, made.code)
        device = s.get(TeacherDevice, (hashlib.sha256(key.encode()).hexdigest(), made.code))
        assert row is not None and made.pin not in (row.pin_hash, row.pin_salt)
        assert row.recovery_hash == hashlib.sha256(made.recovery.encode()).hexdigest()
        assert device is not None and device.owner and key not in device.key_hash
    assert teachers.view_of(database, key, at=t0 + dt.timedelta(hours=11)) == (made.code, True)
    assert teachers.view_of(database, key, at=t0 + dt.timedelta(hours=12, seconds=1)) is None  # the day is over
    for bad in (None, 7, "", "x" * 19, "x" * 101, key[:-1] + ("A" if key[-1] != "A" else "B")):
        assert teachers.view_of(database, bad, at=t0) is None


def test_the_pin_opens_the_class_on_another_device_which_the_owner_sees_and_signs_out(database):
    owner, laptop, t0 = teachers.new_key(), teachers.new_key(), now()
    made = teachers.create_class(database, "5B", owner, t0)
    who = Who(learners.new_learner(database), _client())
    assert teachers.open_with_pin(database, made.code.lower(), f" {made.pin} ", laptop, who, t0) == "ok"
    assert teachers.view_of(database, laptop, at=t0) == (made.code, False)
    listed = teachers.devices(database, made.code, owner, t0)
    assert [(d.owner, d.open) for d in listed] == [(True, True), (False, True)]
    assert listed[0].id == teachers.device_id(owner) and listed[1].id == teachers.device_id(laptop)
    assert teachers.devices(database, made.code, laptop, t0) == []  # only the owner sees the list
    assert not teachers.sign_out(database, made.code, laptop, teachers.device_id(owner), t0)  # nor signs out
    assert not teachers.sign_out(database, made.code, owner, teachers.device_id(owner), t0)  # never itself
    assert teachers.sign_out(database, made.code, owner, teachers.device_id(laptop), t0)
    assert teachers.view_of(database, laptop, at=t0) is None
    assert [d.owner for d in teachers.devices(database, made.code, owner, t0)] == [True]


def test_close_asks_for_the_pin_again_and_forget_drops_the_device_everywhere(database):
    key, t0 = teachers.new_key(), now()
    made = teachers.create_class(database, "5B", key, t0)
    teachers.close_view(database, key, made.code)
    assert teachers.view_of(database, key, at=t0) is None
    who = Who(learners.new_learner(database), _client())
    assert teachers.open_with_pin(database, made.code, made.pin, key, who, t0) == "ok"
    assert teachers.view_of(database, key, at=t0) == (made.code, True)  # still the owner
    teachers.forget_device(database, key)
    assert teachers.view_of(database, key, at=t0) is None
    with database.session() as s:
        assert s.get(TeacherDevice, (hashlib.sha256(key.encode()).hexdigest(), made.code)) is None
    teachers.forget_device(database, None)  # nothing to forget: nothing happens


def test_a_new_pin_signs_out_every_other_device_and_only_the_owner_makes_one(database):
    owner, other, t0 = teachers.new_key(), teachers.new_key(), now()
    made = teachers.create_class(database, "5B", owner, t0)
    assert teachers.open_with_pin(database, made.code, made.pin, other, Who(None, _client()), t0) == "ok"
    assert teachers.change_pin(database, made.code, other, t0) is None  # a PIN holder is not the owner
    again = teachers.change_pin(database, made.code, owner, t0)
    assert again is not None and again.code == made.code and again.recovery != made.recovery
    assert teachers.view_of(database, other, at=t0) is None and teachers.view_of(database, owner, at=t0) is not None
    who = Who(None, _client())
    if again.pin != made.pin:
        assert teachers.open_with_pin(database, made.code, made.pin, other, who, t0) == "wrong"
    assert teachers.open_with_pin(database, made.code, again.pin, other, who, t0) == "ok"


def test_a_device_signed_out_by_a_new_pin_is_told_why_once_and_an_owner_s_sign_out_too(database):
    """Issue 34: a teacher device whose view a new PIN (or the recovery code, or the owner) ended is told why,
    once, after a reload; a device that closed its own view, or opened the class again, is told nothing."""
    owner, laptop, tablet, closed, t0 = (*(teachers.new_key() for _ in range(4)), now())
    made = teachers.create_class(database, "5B", owner, t0)
    for key in (laptop, tablet, closed):
        assert teachers.open_with_pin(database, made.code, made.pin, key, Who(None, _client()), t0) == "ok"
    teachers.close_view(database, closed, made.code)
    assert teachers.sign_out(database, made.code, owner, teachers.device_id(tablet), t0)
    assert teachers.signed_out_why(database, tablet) == "owner"
    assert teachers.signed_out_why(database, tablet) is None  # said once
    again = teachers.change_pin(database, made.code, owner, t0)
    assert again is not None
    assert teachers.signed_out_why(database, laptop) == "pin"
    assert teachers.signed_out_why(database, laptop) is None
    assert teachers.signed_out_why(database, closed) is None  # its view was closed: nothing of it ended
    assert teachers.signed_out_why(database, owner) is None and teachers.signed_out_why(database, None) is None
    assert teachers.open_with_pin(database, made.code, again.pin, laptop, Who(None, _client()), t0) == "ok"
    recovered = teachers.reset_with_recovery(database, made.code, again.recovery, tablet, Who(None, _client()), t0)
    assert not isinstance(recovered, str)
    assert teachers.signed_out_why(database, owner) == "pin" and teachers.signed_out_why(database, laptop) == "pin"
    assert teachers.open_with_pin(database, made.code, recovered.pin, laptop, Who(None, _client()), t0) == "ok"
    assert teachers.change_pin(database, made.code, tablet, t0) is not None
    teachers.forget_device(database, laptop)
    assert teachers.signed_out_why(database, laptop) is None  # a forgotten device keeps nothing


def test_the_recovery_code_sets_a_new_pin_and_makes_its_device_the_owner(database):
    lost, new_laptop, intruder, t0 = teachers.new_key(), teachers.new_key(), teachers.new_key(), now()
    made = teachers.create_class(database, "5B", lost, t0)
    assert teachers.open_with_pin(database, made.code, made.pin, intruder, Who(None, _client()), t0) == "ok"
    who = Who(learners.new_learner(database), _client())
    assert teachers.reset_with_recovery(database, made.code, "ACDE-FGHJ-KMNP", new_laptop, who, t0) in ("wrong",)
    dashed = "-".join(made.recovery[k:k + 4] for k in range(0, 12, 4)).lower()
    fresh = teachers.reset_with_recovery(database, made.code, dashed, new_laptop, who, t0)
    assert isinstance(fresh, teachers.NewClass) and fresh.code == made.code
    assert teachers.view_of(database, new_laptop, at=t0) == (made.code, True)
    assert teachers.view_of(database, intruder, at=t0) is None and teachers.view_of(database, lost, at=t0) is None
    assert teachers.reset_with_recovery(database, made.code, made.recovery, new_laptop, who, t0) == "wrong"  # used up


def test_an_unknown_class_gets_the_answer_a_wrong_pin_gets(database):
    made, t0 = teachers.create_class(database, "5B", teachers.new_key()), now()
    who = Who(learners.new_learner(database), _client())
    key = teachers.new_key()
    assert teachers.open_with_pin(database, _unknown_code(database), made.pin, key, who, t0) == "wrong"
    assert teachers.open_with_pin(database, made.code, _wrong(made.pin), key, who, t0) == "wrong"
    for bad in ("", " ", "12345", "1234567", "abcdef", None, 123456):
        assert teachers.open_with_pin(database, made.code, bad, key, Who(learners.new_learner(database), _client()),
                                      t0) == "wrong"


def test_a_pupil_renewing_their_code_cannot_lock_the_teacher_out(database):
    """Tester: five wrong PINs, "Forget me", six times in one tab: the teacher's right PIN was then
    refused for a minute, again and again. Now the class's own devices count only their own tries,
    and a client address is capped whatever code it renews."""
    owner, t0 = teachers.new_key(), now()
    made = teachers.create_class(database, "5B", owner, t0)
    teachers.close_view(database, owner, made.code)  # the next morning: the view is closed, the PIN is typed
    room = _client()
    judged = [teachers.open_with_pin(database, made.code, _wrong(made.pin), teachers.new_key(),
                                     Who(learners.new_learner(database), room), t0 + dt.timedelta(seconds=k))
              for k in range(36)]  # six renewed codes, six wrong PINs each, from one room's address
    assert judged.count("wrong") == 10 and judged[10:] == ["locked"] * 26
    assert teachers.open_with_pin(database, made.code, made.pin, owner, Who(None, room), t0 + dt.timedelta(seconds=40)) == "ok"
    # 30 more from 30 addresses fill the class's minute: an unknown device is refused, the teacher's is not
    for k in range(30):
        teachers.open_with_pin(database, made.code, _wrong(made.pin), teachers.new_key(), Who(None, _client()),
                               t0 + dt.timedelta(seconds=41))
    stranger = teachers.new_key()
    assert teachers.open_with_pin(database, made.code, made.pin, stranger, Who(None, _client()),
                                  t0 + dt.timedelta(seconds=42)) == "locked"
    assert teachers.open_with_pin(database, made.code, made.pin, owner, Who(None, room), t0 + dt.timedelta(seconds=43)) == "ok"
    assert teachers.open_with_pin(database, made.code, made.pin, stranger, Who(None, _client()),
                                  t0 + dt.timedelta(seconds=102)) == "ok"  # the minute is over


def test_guessing_class_codes_is_limited_per_device_and_per_address(database):
    t0, room = now(), _client()
    me = learners.new_learner(database)
    real = teachers.create_class(database, "5B", teachers.new_key()).code
    tries = []
    for k in range(12):
        try:
            classes.join(database, me, _unknown_code(database), "Bo", client=room, at=t0 + dt.timedelta(seconds=k))
        except LookupError as exc:
            tries.append(exc.args[0])
    assert tries == ["class"] * 10 + ["locked"] * 2
    with pytest.raises(LookupError, match="locked"):  # a real code is refused too: the lock tells nothing
        classes.join(database, me, real, "Bo", client=room, at=t0 + dt.timedelta(seconds=20))
    classes.join(database, me, real, "Bo", client=room, at=t0 + dt.timedelta(seconds=80))
    assert learners.class_of(database, me) == (real, "Bo")


def test_joins_are_limited_and_the_teacher_closes_the_class_and_takes_a_pupil_out(database):
    t0 = now()
    code = teachers.create_class(database, "5B", teachers.new_key()).code
    fakes = [learners.new_learner(database) for _ in range(45)]
    refused = []
    for k, fake in enumerate(fakes):
        try:
            classes.join(database, fake, code, f"Fake {k}", client=_client(), at=t0 + dt.timedelta(seconds=k / 10))
        except LookupError as exc:
            refused.append(exc.args[0])
    assert refused == ["busy"] * 5 and classes.pupil_count(database, code) == 40
    classes.set_open(database, code, False)
    late = learners.new_learner(database)
    with pytest.raises(LookupError, match="closed"):
        classes.join(database, late, code, "Late", at=t0 + dt.timedelta(minutes=5))
    classes.join(database, fakes[0], code, "Renamed", at=t0 + dt.timedelta(minutes=5))  # a pupil already in stays
    assert classes.remove_pupil(database, code, "Renamed") and not classes.remove_pupil(database, code, "Renamed")
    assert learners.class_of(database, fakes[0]) is None and classes.pupil_count(database, code) == 39
    classes.set_open(database, code, True)
    classes.join(database, late, code, "Late", at=t0 + dt.timedelta(minutes=5))
    assert classes.is_open(database, code) and learners.class_of(database, late) == (code, "Late")


def test_answers_close_at_the_reveal_and_counts_are_of_the_pupils_in_the_class_now(database):
    code = teachers.create_class(database, "5B", teachers.new_key()).code
    a, b, c = (learners.new_learner(database) for _ in range(3))
    for who, name in [(a, "A"), (b, "B"), (c, "C")]:
        classes.join(database, who, code, name)
    q = live.ask(database, code, "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    assert [live.answer(database, q, who, pit) for who, pit in [(a, 3), (b, 3), (c, 1)]] == ["kept"] * 3
    classes.leave(database, c)
    assert live.tally(database, q) == {3: 2}  # the pupil who left is not counted
    live.reveal(database, q)
    assert live.answer(database, q, a, 6) == "revealed" and live.my_answer(database, q, a) == 3
    live.close(database, q)
    assert live.answer(database, q, a, 6) == "closed"


def _race(db: Database, fn, n: int) -> list[str]:
    start = threading.Barrier(n)
    out: list[str] = []

    def go(k: int) -> None:
        start.wait()
        out.append(fn(k))

    threads = [threading.Thread(target=go, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_simultaneous_wrong_pins_are_judged_no_more_than_the_limit_allows(database):
    """Tester: of 24 simultaneous tries, 19 were judged where the limit allows 5 (the failure was
    stored after scrypt ran, without a lock). Now the count and the record are one transaction."""
    made, t0, room = teachers.create_class(database, "5B", teachers.new_key()), now(), _client()
    device = learners.new_learner(database)
    got = _race(database, lambda k: teachers.open_with_pin(database, made.code, _wrong(made.pin), teachers.new_key(),
                                                           Who(device, room), t0), 24)
    assert sorted(got) == ["locked"] * 19 + ["wrong"] * 5
    with database.session() as s:
        assert s.query(Attempt).filter(Attempt.kind == "pin", Attempt.scope == made.code).count() == 5


def test_simultaneous_joins_never_share_a_name(database):
    """Reviewer: 60 threads joining as "Anna" at once left several Annas (the name was checked before
    the guard). Joins now go one at a time."""
    code = teachers.create_class(database, "5B", teachers.new_key()).code
    pupils = [learners.new_learner(database) for _ in range(12)]
    got = _race(database, lambda k: _join_or_why(database, pupils[k], code, "Anna" if k % 2 else "ANNA"), 12)
    assert sorted(got) == ["ok"] + ["taken"] * 11
    assert [p.name for p in classes.pupils(database, code)] in (["Anna"], ["ANNA"])


def _join_or_why(db: Database, learner: str, code: str, name: str) -> str:
    try:
        classes.join(db, learner, code, name, client=_client())
    except (ValueError, LookupError) as exc:
        return str(exc.args[0])
    return "ok"


def test_a_class_with_pupils_made_before_the_upgrade_keeps_them_and_its_first_device_owns_it(tmp_path):
    """Reviewer: revision 0005 on a SQLite database holding a class and a pupil failed (a batch copy of
    ``classes`` with foreign keys on), and a class made before it could never get a new PIN."""
    from alembic import command
    from sqlalchemy import text

    from store import db as store_db
    from store.teachers import _pin_hash

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    fresh = Database(url)
    with fresh.engine.begin() as conn:
        cfg = store_db.alembic_config(url)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0004")
        salt = b"0123456789abcdef"
        conn.execute(text("INSERT INTO classes (code, name, pin_hash, pin_salt, created_at) "
                          "VALUES ('ACDEFG', '5B', :h, :s, '2026-12-01 09:00:00')"),
                     {"h": _pin_hash("123456", salt), "s": salt.hex()})
        conn.execute(text("INSERT INTO learners (code, class_code, name, created_at, last_active) "
                          "VALUES ('ACDEFGHJ', 'ACDEFG', 'Anna', '2026-12-01 09:00:00', '2026-12-01 09:00:00')"))
    fresh.dispose()
    upgraded = Database(url)
    assert [p.name for p in classes.pupils(upgraded, "ACDEFG")] == ["Anna"] and classes.is_open(upgraded, "ACDEFG")
    first, second = teachers.new_key(), teachers.new_key()
    assert teachers.open_with_pin(upgraded, "ACDEFG", "123456", first, Who(None, _client())) == "ok"
    assert teachers.open_with_pin(upgraded, "ACDEFG", "123456", second, Who(None, _client())) == "ok"
    assert teachers.view_of(upgraded, first) == ("ACDEFG", True) and teachers.view_of(upgraded, second) == ("ACDEFG", False)
    made = teachers.change_pin(upgraded, "ACDEFG", first)
    assert made is not None and teachers.view_of(upgraded, second) is None
    upgraded.dispose()

