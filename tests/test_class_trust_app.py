"""A class a teacher can trust, on the Class page (AppTest through app.py, the server's database).

A projector shows the class code and the live question, never the PIN, the names or the scores; the
PIN waits behind a deliberate press; the owner's device lists and signs out the others; a new PIN and
the recovery code work; the teacher closes the class to newcomers and takes a pupil out; a pupil's
press after the reveal changes nothing; "Forget me" drops the device's teacher key.
"""

from __future__ import annotations

import pytest

from store import classes, learners, live, teachers
from store.limits import Who
from tests.test_class_app import open_class_page, sess, texts
from tutor import i18n, words
from ui.state import Keys


def everything(at) -> str:
    """Every text the page shows, the dialog's included, and every widget's label."""
    parts = [texts(at)] + [str(e.value) for e in at.get("toast")]
    parts += [str(getattr(w, "label", "")) for w in at.button] + [str(t.value) for t in at.text_input]
    return "\n".join(parts)


def make_class(name: str = "5B", learner: str | None = None):
    """A teacher's session (bound to ``learner`` if given) that made class ``name`` on the page:
    ``(session, code, pin, recovery)``."""
    at = open_class_page(None, learner)
    at.session_state[f"{Keys.CLASS}teacher_panel"] = True
    at.run()
    at.text_input(key="class_new_name").input(name)
    at.button(key="class_create").click().run()
    code, pin, recovery = sess(at).class_made
    return at, code, pin, recovery


def test_the_pin_is_never_drawn_until_the_teacher_asks_and_goes_once_written_down(db):
    at, code, pin, recovery = make_class()
    assert not at.exception
    shown = everything(at)
    assert f"**{code}**" in shown and pin not in shown and recovery not in shown
    assert words.secrets_waiting() in shown
    at.button(key="class_show_pin").click().run()
    grouped = "-".join(recovery[k:k + 4] for k in range(0, 12, 4))
    assert words.secrets_text(pin, recovery) in [m.value for m in at.markdown]
    assert f"**{pin}**" in words.secrets_text(pin, recovery) and grouped in words.secrets_text(pin, recovery)
    at.button(key="class_wrote").click().run()
    assert sess(at).class_made is None
    at.run()
    assert pin not in everything(at) and words.secrets_waiting() not in everything(at)


def test_the_projector_shows_the_code_and_the_count_and_the_names_only_on_the_teachers_screen(db):
    at, code, _pin, _rec = make_class()
    for name in ("Zara Secret", "Yannis Hidden"):
        classes.join(db, learners.new_learner(db), code, name)
    at.run()
    shown = everything(at)
    assert f"## {words.join_code_line(code)}" in [m.value for m in at.markdown] and words.pupils_now(2) in shown
    assert "Zara Secret" not in shown and not at.dataframe and not at.get("plotly_chart")
    at.session_state[f"{Keys.CLASS}own_screen"] = True
    at.run()
    assert list(at.dataframe[0].value["Name"]) == ["Yannis Hidden", "Zara Secret"]
    assert not at.get("plotly_chart")  # no lesson started: a sentence, not a map of 0% (test below)


@pytest.mark.parametrize("lang,said", [("en", "No pupil has started a lesson yet."),
                                       ("el", "Κανένας μαθητής δεν έχει ξεκινήσει ακόμη κάποιο μάθημα.")])
def test_the_heat_map_waits_for_a_first_lesson_step_and_says_so_in_a_sentence(db, lang, said):
    """Report #12: while no pupil had lesson progress the heat map's place was an empty beige box."""
    from streamlit.testing.v1 import AppTest

    from store.progress import StoredProgress
    from tests.conftest import ROOT

    key = teachers.new_key()
    code, _, _ = teachers.create_class(db, "5F", key)
    pupil = learners.new_learner(db)
    classes.join(db, pupil, code, "Nikos")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("pages/class.py").run()
    sess(at).teacher_class, sess(at).teacher_owner = code, True
    sess(at).keeper["teach"] = key
    at.session_state[f"{Keys.CLASS}own_screen"] = True
    at.run()
    assert not at.exception
    assert [i.value for i in at.info if i.value == said] == [said] and not at.get("plotly_chart")
    StoredProgress(db, pupil).step_done("setup", "the-board")
    at.run()
    assert said not in [i.value for i in at.info]
    assert [c.key for c in at.get("plotly_chart")] == ["class_heat"]


def test_the_owner_sees_another_device_signs_it_out_and_that_device_is_told(db):
    owner, code, pin, _rec = make_class()
    other = open_class_page(None, learners.new_learner(db))
    other.session_state[f"{Keys.CLASS}teacher_panel"] = True
    other.run()
    other.text_input(key="class_open_code").input(code)
    other.text_input(key="class_pin").input(pin)
    other.button(key="class_open").click().run()
    assert sess(other).teacher_class == code and not sess(other).teacher_owner
    other.session_state[f"{Keys.CLASS}own_screen"] = True
    other.run()
    assert words.label("teacher_devices") not in everything(other)  # only the owner sees the devices
    owner.session_state[f"{Keys.CLASS}own_screen"] = True
    owner.run()
    assert [t.value for t in owner.text if t.value.startswith(words.device_name(2, False, False))]
    assert any(t.value.startswith(words.device_name(1, True, True)) for t in owner.text)
    device = teachers.device_id(sess(other).keeper["teach"])
    owner.button(key=f"class_sign_out_{device}").click().run()
    # reviewer: the signed-out page, not yet rerun, could still close the class to newcomers
    next(t for t in other.toggle if t.label == words.label("open_to_join")).set_value(False).run()
    assert classes.is_open(db, code)
    assert not owner.exception and teachers.view_of(db, sess(other).keeper["teach"]) is None
    assert sess(other).teacher_class is None and words.signed_out("owner") in [w.value for w in other.warning]
    assert other.text_input(key="class_pin")


def test_a_new_pin_signs_out_the_others_and_the_recovery_code_gives_one_back(db):
    owner, code, pin, recovery = make_class()
    intruder_key = teachers.new_key()
    assert teachers.open_with_pin(db, code, pin, intruder_key, Who(None, None)) == "ok"
    sess(owner).class_made = None
    owner.session_state[f"{Keys.CLASS}own_screen"] = True
    owner.run()
    owner.button(key="class_change_pin").click().run()
    new_pin = sess(owner).class_made[1]
    assert words.pin_changed() in [s.value for s in owner.success] and new_pin not in everything(owner)
    assert teachers.view_of(db, intruder_key) is None

    laptop = open_class_page(None, learners.new_learner(db))
    laptop.session_state[f"{Keys.CLASS}teacher_panel"] = True
    laptop.run()
    laptop.text_input(key="class_rec_code").input(code)
    laptop.text_input(key="class_recovery").input("ACDE-FGHJ-KMNP")
    laptop.button(key="class_recover").click().run()
    assert words.recovery_refused("wrong") in [e.value for e in laptop.error] and sess(laptop).teacher_class is None
    fresh = sess(owner).class_made[2]
    laptop.text_input(key="class_rec_code").input(code)
    laptop.text_input(key="class_recovery").input(fresh.lower())
    laptop.button(key="class_recover").click().run()
    assert sess(laptop).teacher_class == code and sess(laptop).teacher_owner
    assert sess(laptop).class_made[2] != fresh
    assert words.pin_changed(recovered=True) in [s.value for s in laptop.success]
    owner.run()
    assert sess(owner).teacher_class is None  # the old owner was signed out too


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_device_that_used_the_recovery_code_becomes_the_main_one_and_the_pages_say_so(db, lang):
    """The tester's item 5 (issue 34): "Forgot the PIN?" on another device makes that device the class's
    main device (it sees the devices, makes a new PIN, deletes the class); the device that made the
    class, once it types the new PIN, is a teacher device and its page says which device is the main one."""
    owner, code, _pin, recovery = make_class()
    sess(owner).class_made = None
    laptop = open_class_page(None, learners.new_learner(db))
    laptop.query_params["lang"] = lang
    laptop.session_state[f"{Keys.CLASS}teacher_panel"] = True
    laptop.run()
    laptop.text_input(key="class_rec_code").input(code)
    laptop.text_input(key="class_recovery").input(recovery)
    laptop.button(key="class_recover").click().run()
    new_pin = sess(laptop).class_made[1]
    i18n.use(lang)
    try:
        recovered, note, only, delete_only = (words.pin_changed(recovered=True), words.recovery_note(),
                                              words.owner_only(), words.delete_owner_only())
        main, this = words.device_name(1, False, True), words.device_name(1, True, True)
    finally:
        i18n.use(None)
    assert recovered in [s.value for s in laptop.success] and sess(laptop).teacher_owner
    assert ("This device is now the class's main device" if lang == "en"
            else "Αυτή η συσκευή είναι τώρα η κύρια συσκευή της τάξης") in recovered
    assert ("this device becomes the class's main device" if lang == "en"
            else "αυτή η συσκευή γίνεται η κύρια συσκευή της τάξης") in note

    owner.query_params["lang"] = lang
    owner.run()
    assert sess(owner).teacher_class is None
    owner.session_state[f"{Keys.CLASS}teacher_panel"] = True
    owner.run()
    owner.text_input(key="class_open_code").input(code)
    owner.text_input(key="class_pin").input(new_pin)
    owner.button(key="class_open").click().run()
    owner.session_state[f"{Keys.CLASS}own_screen"] = True
    owner.run()
    assert not owner.exception and sess(owner).teacher_class == code and not sess(owner).teacher_owner
    assert only in texts(owner) and delete_only in texts(owner)
    assert ("The main device is the one that made the class, or the one that last used the recovery code."
            if lang == "en" else "ή αυτή που χρησιμοποίησε τελευταία τον κωδικό ανάκτησης") in only
    assert "class_delete" not in [b.key for b in owner.button]  # only the main device deletes

    sess(laptop).class_made = None
    laptop.session_state[f"{Keys.CLASS}own_screen"] = True
    laptop.run()
    shown = texts(laptop)
    assert this in shown and main not in shown  # the laptop lists itself: the main device is this one
    assert "class_delete" in [b.key for b in laptop.button]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_teacher_closes_the_class_to_newcomers_and_takes_a_pupil_out(db, lang):
    teacher, code, _pin, _rec = make_class()
    anna = learners.new_learner(db)
    classes.join(db, anna, code, "Anna")
    teacher.session_state[f"{Keys.CLASS}own_screen"] = True
    teacher.run()
    toggle = next(t for t in teacher.toggle if t.label == words.label("open_to_join"))
    assert toggle.value is True
    toggle.set_value(False).run()
    assert not classes.is_open(db, code)
    pupil = open_class_page(None, learners.new_learner(db))
    if lang == "el":
        pupil.query_params["lang"] = "el"
        pupil.run()
    pupil.text_input(key="class_code").input(code)
    pupil.text_input(key="class_name").input("Late")
    pupil.button(key="class_join").click().run()
    i18n.use(lang)
    try:
        closed = words.join_problem("closed")
    finally:
        i18n.use(None)
    assert [e.value for e in pupil.error] == [closed]
    assert closed.startswith("This class is not taking" if lang == "en" else "Αυτή η τάξη δεν δέχεται")
    teacher.multiselect(key="class_remove_name").select("Anna")
    teacher.button(key="FormSubmitter:class_remove_form-" + words.label("remove_go")).click().run()
    assert learners.class_of(db, anna) is None and classes.pupil_count(db, code) == 0


def test_a_press_after_the_reveal_changes_nothing(db):
    key = teachers.new_key()
    code = teachers.create_class(db, "5B", key).code
    me = learners.new_learner(db)
    classes.join(db, me, code, "Ada")
    q = live.ask(db, code, "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    pupil = open_class_page(None, me)
    run = sess(pupil).question[1]
    run.press(6)
    live.reveal(db, q)  # the projector shows the answers; this pupil's page has not heard yet
    run.press(3)
    assert run.notice.text == words.answers_closed() and live.my_answer(db, q, me) == 6
    assert live.tally(db, q) == {6: 1}


def test_forget_me_drops_the_teacher_device_on_a_shared_computer(db):
    at, code, _pin, _rec = make_class(learner=learners.new_learner(db))
    key = sess(at).keeper["teach"]
    assert teachers.view_of(db, key) == (code, True)
    at.session_state[Keys.LEARNER_PANEL] = True
    at.run()
    at.button(key="learner_forget").click().run()
    assert not at.exception and sess(at).teacher_class is None and sess(at).keeper["teach"] is None
    assert teachers.view_of(db, key) is None and teachers.devices(db, code, key) == []
    assert sess(at).keeper["unteach"] is True  # the browser drops its key too


def test_a_pupil_taken_out_is_told_and_a_pupil_leaves_only_after_saying_yes(db):
    """Greek teacher's test: a pupil taken out kept seeing "You are in the class"; "Leave the class"
    worked with one tap, and a class closed to newcomers then kept them out."""
    code = teachers.create_class(db, "5B", teachers.new_key()).code
    me = learners.new_learner(db)
    classes.join(db, me, code, "Nikos")
    pupil = open_class_page(None, me)
    assert words.joined_as("Nikos") in texts(pupil) and words.leave_warning() in texts(pupil)  # in the popover
    assert classes.remove_pupil(db, code, "Nikos")
    pupil.run()
    assert words.taken_out() in [i.value for i in pupil.info] and pupil.text_input(key="class_code")
    pupil.run()
    assert words.taken_out() not in [i.value for i in pupil.info]  # said once
    classes.join(db, me, code, "Nikos")
    pupil.run()
    pupil.button(key="class_leave").click().run()  # "Yes, leave the class", inside "Leave the class"
    assert learners.class_of(db, me) is None and words.taken_out() not in [i.value for i in pupil.info]


def test_a_code_typed_on_a_greek_keyboard_joins(db):
    """Greek teacher's test: «Τ» typed for T on a Greek phone was "no class with this code"."""
    code = teachers.create_class(db, "5B", teachers.new_key()).code
    greek = code.translate(str.maketrans("AEHKMNPTXY", "ΑΕΗΚΜΝΡΤΧΥ")).lower()
    me = learners.new_learner(db)
    pupil = open_class_page(None, me)
    pupil.text_input(key="class_code").input(greek)
    pupil.text_input(key="class_name").input("Ελένη")
    pupil.button(key="class_join").click().run()
    assert learners.class_of(db, me) == (code, "Ελένη")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_device_signed_out_by_a_new_pin_is_told_why_also_after_a_reload(db, monkeypatch, lang):
    """Issue 34: a teacher device signed out by a new PIN (the main device's "Make a new PIN", or the recovery
    code) was told nothing after a reload. Now it says, in one sentence, that the PIN was changed, both on
    the page left open and after a reload (the keeper reports the device's key: ``ui.learner._on_stored``)."""
    import streamlit as st

    from ui import learner, state

    owner, code, pin, _rec = make_class()
    sess(owner).class_made = None
    said = []
    for reloaded in (False, True):
        laptop = open_class_page(None, learners.new_learner(db))
        laptop.query_params["lang"] = lang
        laptop.session_state[f"{Keys.CLASS}teacher_panel"] = True
        laptop.run()
        laptop.text_input(key="class_open_code").input(code)
        laptop.text_input(key="class_pin").input(pin)
        laptop.button(key="class_open").click().run()
        assert sess(laptop).teacher_class == code
        key = sess(laptop).keeper["teach"]
        owner.session_state[f"{Keys.CLASS}own_screen"] = True
        owner.run()
        owner.button(key="class_change_pin").click().run()
        pin = sess(owner).class_made[1]
        sess(owner).class_made = None
        if reloaded:  # a new session: the keeper reports the key this browser keeps
            ss: dict = {Keys.KEEPER: {"stored": {"code": "", "lang": "", "teach": key}}}
            monkeypatch.setattr(st, "session_state", ss)
            learner._on_stored()
            assert ss[state.SESSION_KEY].teacher_class is None and ss[state.SESSION_KEY].keeper_full == "teacher"
            told = ss[f"{Keys.CLASS}signed_out"]
            monkeypatch.undo()
            page = open_class_page(None, learners.new_learner(db))
            page.query_params["lang"] = lang
            page.session_state[f"{Keys.CLASS}signed_out"] = told
            page.run()
            said.append([w.value for w in page.warning])
        else:  # the page left open, run again
            laptop.run()
            assert sess(laptop).teacher_class is None
            said.append([w.value for w in laptop.warning])
    i18n.use(lang)
    try:
        sentence = words.signed_out("pin")
    finally:
        i18n.use(None)
    assert said == [[sentence], [sentence]]
    assert sentence.count(". ") == 1 and ("PIN" in sentence)
