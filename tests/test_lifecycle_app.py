"""The data's lifecycle in the app, in English and Greek (AppTest through app.py, the server's database):
a teacher deletes a class after a confirmation that names it, and its pupils and other teacher devices
are told; a learner erases everything kept under their code and starts afresh; a code the store no
longer keeps starts its open page afresh; idle learners expire once a day per server process.

Clocks are the tests' own (``ui.learner.CLOCK``, ``ui.wiring.EXPIRY``); dates written into the shared
database are 1990, after every date an expiry of these runs reaches (tests/test_lifecycle_store.py).
"""

from __future__ import annotations

import datetime as dt

import pytest

from store import classes, learners, live, teachers
from store.db import StoreUnavailable
from store.limits import Who
from store.progress import StoredProgress
from store.schema import Learner
from store.school import StoredSchool
from tests.test_class_app import as_teacher, open_class_page, sess, texts
from tests.test_class_trust_app import make_class
from tests.test_lifecycle_store import LINK, busy_learner, rows_of
from tutor import i18n, words
from tutor.upkeep import DAY_S, OncePer
from ui.state import Keys

EL = {"class_gone_pupil": "Η τάξη σου δεν υπάρχει πια: ο δάσκαλος ή η δασκάλα σου τη διέγραψε.",
      "class_deleted": "Η τάξη {name} διαγράφηκε.", "erased": "Όλα όσα ήταν αποθηκευμένα με τον κωδικό {code} σβήστηκαν."}
"""The beginnings of a few sentences as a Greek teacher wrote them: the Greek catalogue is the one shown."""


class Clock:
    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


def in_lang(at, lang: str):
    """The session of ``at`` in ``lang`` (the link's ``?lang=``), run once."""
    if lang == "el":
        at.query_params["lang"] = "el"
    at.run()
    return at


def said(lang: str, make, *args):
    """The sentence ``make(*args)`` in ``lang``."""
    i18n.use(lang)
    try:
        return make(*args)
    finally:
        i18n.use(None)


def sidebar_texts(at) -> list[str]:
    return [str(e.value) for kind in ("info", "success", "warning", "error") for e in getattr(at.sidebar, kind)]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_owner_deletes_the_class_and_its_pupils_and_other_devices_are_told(db, lang):
    name = "Year 5" if lang == "en" else "Ε2 Πρωινό"
    owner, code, pin, _rec = make_class(name)
    sess(owner).class_made = None
    ada = busy_learner(db, code, "Ada")
    question = live.ask(db, code, LINK)
    assert live.answer(db, question, ada, 3) == "kept"
    pupil = in_lang(open_class_page(None, ada), lang)
    assert said(lang, words.question_open) in sidebar_texts(pupil)  # the banner: a question is open
    helper_key = teachers.new_key()
    assert teachers.open_with_pin(db, code, pin, helper_key, Who(None, None)) == "ok"
    helper = in_lang(open_class_page(None, learners.new_learner(db)), lang)
    helper.session_state[f"{Keys.CLASS}own_screen"] = True
    as_teacher(helper, code, helper_key, owner=False)
    assert said(lang, words.delete_owner_only) in texts(helper)
    assert [b.key for b in helper.button if b.key == "class_delete"] == []  # only the owner can

    in_lang(owner, lang)
    owner.session_state[f"{Keys.CLASS}own_screen"] = True  # "For your screen" opened (in the page's language)
    owner.run()
    warning = said(lang, words.delete_class_warning, name, code)
    assert warning in texts(owner) and name in warning and code in warning  # the confirmation names the class
    assert classes.class_name(db, code) == name  # asked, not done
    owner.button(key="class_delete").click().run()
    assert not owner.exception
    assert classes.class_name(db, code) is None and learners.exists(db, ada) and learners.class_of(db, ada) is None
    assert rows_of(db, ada)["puzzles_tried"] == 1 and rows_of(db, ada)["kept_games"] == 1  # her own progress stays
    assert sess(owner).teacher_class is None
    done = said(lang, words.class_deleted, name)
    assert [s.value for s in owner.success] == [done] and done.startswith(
        f"The class {name} is deleted." if lang == "en" else EL["class_deleted"].format(name=name))
    assert owner.text_input(key="class_new_name")  # the page has the teacher's forms again
    owner.run()
    assert done not in texts(owner)  # said once

    pupil.run()  # the pupil's page polls; its next run says what happened
    gone = said(lang, words.class_gone_pupil)
    assert gone in [i.value for i in pupil.info] and pupil.text_input(key="class_code")
    assert gone.startswith("Your class is gone" if lang == "en" else EL["class_gone_pupil"])
    assert said(lang, words.question_open) not in sidebar_texts(pupil)  # no banner: no class, no question
    pupil.run()
    assert gone not in texts(pupil)
    helper.run()
    assert not helper.exception and sess(helper).teacher_class is None
    assert [w.value for w in helper.warning] == [said(lang, words.class_gone_teacher)]


def test_a_device_no_longer_the_owners_deletes_nothing(db):
    owner, code, _pin, recovery = make_class("5C")
    sess(owner).class_made = None
    owner.session_state[f"{Keys.CLASS}own_screen"] = True
    owner.run()
    assert teachers.reset_with_recovery(db, code, recovery, teachers.new_key(), Who(None, None)) != "wrong"
    owner.button(key="class_delete").click().run()  # a page drawn before another device took the class over
    assert not owner.exception and classes.class_name(db, code) == "5C"
    assert words.class_not_deleted() in [t.value for t in owner.get("toast")]
    assert words.signed_out("pin") in [w.value for w in owner.warning]


def open_home(page_app, code: str, lang: str):
    """Home for learner ``code`` in ``lang``, the sidebar's "Continue on another device" open."""
    at = page_app("pages/home.py")
    at.query_params["learner"] = code
    if lang == "el":
        at.query_params["lang"] = "el"
    at.session_state[Keys.LEARNER_PANEL] = True
    at.run()
    assert sess(at).learner == code
    return at


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_learner_erases_everything_under_their_code_and_starts_afresh(page_app, db, lang):
    owner_key = teachers.new_key()
    code = teachers.create_class(db, "5B", owner_key).code
    me, friend = busy_learner(db, code, "Ada"), busy_learner(db, code, "Bo")
    assert live.answer(db, live.ask(db, code, LINK), me, 3) == "kept"
    at = open_home(page_app, me, lang)
    warning = said(lang, words.erase_warning, me)
    assert warning in texts(at) and f"**{me}**" in warning  # the confirmation says what goes, before anything does
    assert rows_of(db, me)["learners"] == 1
    assert [b.key for b in at.button if b.key in ("learner_forget", "learner_erase")] == ["learner_forget",
                                                                                          "learner_erase"]
    at.button(key="learner_erase").click().run()
    assert not at.exception
    assert set(rows_of(db, me).values()) == {0}
    assert [p.name for p in classes.pupils(db, code)] == ["Bo"] and rows_of(db, friend)["puzzles_tried"] == 1
    new = sess(at).learner
    assert new not in (None, me) and learners.exists(db, new)
    assert sess(at).keeper["save"] == new  # the browser keeps the new code in place of the old one
    done = said(lang, words.erased, me)
    assert done in sidebar_texts(at) and done.startswith(
        f"Everything kept under {me} is erased." if lang == "en" else EL["erased"].format(code=me))
    assert StoredProgress(db, new).summary(8).puzzles_tried == 0 and sess(at).progress.summary(8).puzzles_tried == 0


def test_an_erasure_while_the_store_is_away_erases_nothing_and_says_so(page_app, db, monkeypatch):
    me = busy_learner(db)
    at = open_home(page_app, me, "en")

    def away(self, learner):
        raise StoreUnavailable("the database is away")

    monkeypatch.setattr(StoredSchool, "erase_learner", away)
    at.button(key="learner_erase").click().run()
    assert not at.exception and sess(at).learner == me and rows_of(db, me)["puzzles_tried"] == 1
    assert words.erase_failed() in [e.value for e in at.sidebar.error]


def last_active(db, code: str) -> dt.datetime:
    with db.session() as s:
        seen = s.get(Learner, code).last_active
    return seen if seen.tzinfo else seen.replace(tzinfo=dt.UTC)


def test_an_open_page_notes_its_learner_active_each_hour_and_starts_afresh_when_the_code_is_gone(page_app, db,
                                                                                                  monkeypatch):
    from ui import learner

    clock = Clock()
    monkeypatch.setattr(learner, "CLOCK", clock)
    me = busy_learner(db)
    at = open_home(page_app, me, "en")
    long_ago = dt.datetime(1990, 1, 1, tzinfo=dt.UTC)
    assert learners.touch(db, me, long_ago)
    clock.now += learner.TOUCH_S - 1
    at.run()
    assert last_active(db, me) == long_ago  # within the hour: no write
    clock.now += 1
    at.run()
    assert last_active(db, me).year > 2000 and sess(at).learner == me  # noted active again

    assert learners.touch(db, me, long_ago)
    from store import lifecycle

    assert lifecycle.erase_learner(db, me)  # on another device, or expired
    at.run()
    assert sess(at).learner == me  # not asked again yet
    clock.now += learner.TOUCH_S
    at.run()
    assert not at.exception and sess(at).learner not in (None, me) and learners.exists(db, sess(at).learner)
    assert words.code_gone(me) in [i.value for i in at.sidebar.info]


def test_the_app_expires_idle_learners_once_a_day_per_process(page_app, db, monkeypatch):
    from ui import wiring

    clock, calls = Clock(), []
    monkeypatch.setattr(wiring, "EXPIRY", OncePer(DAY_S, clock))
    monkeypatch.setattr(StoredSchool, "expire_idle", lambda self: calls.append(clock.now) or 0)
    nobody = page_app("pages/home.py")
    nobody.run()
    assert calls == []  # no learner known yet: the first page never waits for the database
    at = open_home(page_app, learners.new_learner(db), "en")
    assert calls == [clock.now]
    for _ in range(3):
        at.run()
    clock.now += DAY_S - 1
    at.run()
    assert len(calls) == 1
    clock.now += 1
    at.run()
    assert calls == [clock.now - DAY_S, clock.now] and not at.exception
