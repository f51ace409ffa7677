"""The teacher's side of the Class page: make or open a class, the PIN said once behind a deliberate
press, and the settings for the teacher's own screen (who may join, taking a pupil out, the teacher
devices, a new PIN). The rules of who may do what are ``store.teachers``; this module only draws.

Nothing secret is drawn where a projector would show it: the PIN and recovery code appear only in a
dialog the teacher opens with "Show my PIN (not on the projector)", and go from the session once the
teacher says they wrote them down. Pupils' names are shown only as plain text (a select box, a table).
"""

from __future__ import annotations

import datetime as dt

import streamlit as st

from store import classes, learners, teachers
from store.db import StoreUnavailable
from store.limits import Who
from tutor import words
from tutor.classroom import minutes_since
from tutor.names import read_name
from ui import learner, state

K = state.Keys.CLASS


def _value(name: str) -> str:
    value = st.session_state.get(f"{K}{name}", "")
    return value if isinstance(value, str) else ""


def who() -> Who:
    """This session as the store's guessing limits see it: its learner code and its address."""
    return Who(state.session().learner, state.client())


def _create() -> None:
    sess = state.session()
    db = learner.database()
    if db is None:
        sess.store_lost = True
        return
    name, problem = read_name(_value("new_name"))
    if problem is not None:
        st.session_state[f"{K}problem_t"] = words.join_problem(problem)
        return
    try:
        made = teachers.create_class(db, name, learner.teacher_key())
    except ValueError as exc:
        st.session_state[f"{K}problem_t"] = words.join_problem(str(exc))
        return
    except StoreUnavailable:
        sess.store_lost = True
        return
    sess.class_made = tuple(made)  # type: ignore[assignment]
    sess.teacher_class, sess.teacher_owner = made.code, True


def _open() -> None:
    sess = state.session()
    db = learner.database()
    if db is None:
        sess.store_lost = True
        return
    code, pin = _value("open_code"), _value("pin")
    st.session_state[f"{K}pin"] = ""
    try:
        verdict = teachers.open_with_pin(db, code, pin, learner.teacher_key(), who())
        view = teachers.view_of(db, learner.teacher_key()) if verdict == "ok" else None
    except StoreUnavailable:
        sess.store_lost = True
        return
    if view is None:
        st.session_state[f"{K}problem_t"] = words.pin_refused(verdict)
        return
    sess.teacher_class, sess.teacher_owner = view


def _recover() -> None:
    sess = state.session()
    db = learner.database()
    if db is None:
        sess.store_lost = True
        return
    code, recovery = _value("rec_code"), _value("recovery")
    st.session_state[f"{K}recovery"] = ""
    try:
        made = teachers.reset_with_recovery(db, code, recovery, learner.teacher_key(), who())
    except StoreUnavailable:
        sess.store_lost = True
        return
    if isinstance(made, str):
        st.session_state[f"{K}problem_r"] = words.recovery_refused(made)
        return
    sess.class_made = tuple(made)  # type: ignore[assignment]
    sess.teacher_class, sess.teacher_owner = made.code, True
    state.tell(None)
    st.session_state[f"{K}changed"] = True


def forms() -> None:
    """Make a class, open one with its code and PIN, or set a new PIN with the recovery code."""
    st.caption(words.teacher_intro())
    left, right = st.columns(2)
    with left.form(f"{K}create_form"):
        st.text_input(words.label("class_name"), key=f"{K}new_name")
        st.form_submit_button(words.label("create_class_go"), key=f"{K}create", on_click=_create, icon=":material/add:")
    with right.form(f"{K}open_form"):
        st.text_input(words.label("teacher_class_code"), key=f"{K}open_code", max_chars=12)
        st.text_input(words.label("teacher_pin"), key=f"{K}pin", type="password", max_chars=12,
                      help=words.pin_note())
        st.form_submit_button(words.label("open_class_go"), key=f"{K}open", on_click=_open, icon=":material/lock_open:")
    problem = st.session_state.pop(f"{K}problem_t", None)
    if problem:
        st.error(problem, icon=":material/error:")
    with st.expander(words.label("forgot_pin"), icon=":material/key:"):
        st.caption(words.recovery_note())
        with st.form(f"{K}recovery_form"):
            st.text_input(words.label("teacher_class_code"), key=f"{K}rec_code", max_chars=12)
            st.text_input(words.label("recovery_code"), key=f"{K}recovery", type="password", max_chars=20)
            st.form_submit_button(words.label("reset_pin_go"), key=f"{K}recover", on_click=_recover,
                                  icon=":material/key:")
        problem = st.session_state.pop(f"{K}problem_r", None)
        if problem:
            st.error(problem, icon=":material/error:")


def _written() -> None:
    state.session().class_made = None  # the PIN and recovery code leave the session


@st.dialog(" ", width="small")
def _secrets_dialog() -> None:
    made = state.session().class_made
    if made is None:  # written down: the dialog's own rerun closes it with the whole page
        st.rerun(scope="app")
    st.subheader(words.label("pin_dialog"))
    st.markdown(words.secrets_text(made[1], made[2]))
    st.button(words.label("wrote_down"), key=f"{K}wrote", type="primary", icon=":material/check:", on_click=_written)


def secrets_notice() -> None:
    """A class just made (or given a new PIN): its code, and the PIN and recovery code behind a press."""
    sess = state.session()
    if sess.class_made is None:
        return
    if st.session_state.pop(f"{K}changed", False):
        st.success(words.pin_changed(), icon=":material/key:")
    else:
        st.success(words.class_ready(sess.class_made[0]), icon=":material/check_circle:")
    st.info(words.secrets_waiting(), icon=":material/visibility_off:")
    if st.button(words.label("show_pin"), key=f"{K}show_pin", icon=":material/key:"):
        _secrets_dialog()


def still_teacher() -> bool:
    """Whether this session's teacher view is still open in the store (the owner may have signed this
    device out, or made a new PIN): if not, the view closes here too and says why."""
    sess = state.session()
    db = learner.database()
    if db is None or sess.teacher_class is None:
        return sess.teacher_class is not None
    try:
        view = teachers.view_of(db, sess.keeper.get("teach"), sess.teacher_class)
    except StoreUnavailable:
        sess.store_lost = True
        return True  # the store may be back in a moment: the screen stays
    if view is None:
        sess.teacher_class, sess.teacher_owner, sess.class_made = None, False, None
        st.session_state[f"{K}signed_out"] = True
        return False
    sess.teacher_owner = view[1]
    return True


def close() -> None:
    """"Close the class view": the PIN is needed again on this device."""
    sess = state.session()
    db = learner.database()
    if db is not None and sess.teacher_class is not None:
        try:
            teachers.close_view(db, sess.keeper.get("teach"), sess.teacher_class)
        except StoreUnavailable:
            sess.store_lost = True
    sess.teacher_class, sess.teacher_owner, sess.class_made = None, False, None


def _remove(code: str) -> None:
    db = learner.database()
    name = st.session_state.get(f"{K}remove_name")
    if db is None or not isinstance(name, str) or not still_teacher():
        return
    if classes.remove_pupil(db, code, name):
        st.toast(words.pupil_removed(), icon=":material/person_remove:")


def _sign_out(code: str, device: str) -> None:
    db = learner.database()
    if db is not None:
        teachers.sign_out(db, code, state.session().keeper.get("teach"), device)


def _change_pin(code: str) -> None:
    sess = state.session()
    db = learner.database()
    if db is None:
        return
    made = teachers.change_pin(db, code, sess.keeper.get("teach"))
    if made is not None:
        sess.class_made = tuple(made)  # type: ignore[assignment]
        st.session_state[f"{K}changed"] = True


def settings(code: str, names: list[str]) -> None:
    """The teacher's own settings, for their screen only: who may join, take a pupil out, and (on the
    owner device) the teacher devices and a new PIN."""
    sess = state.session()
    db = learner.database()
    if db is None:
        return
    try:
        open_now = classes.is_open(db, code)
        listed = teachers.devices(db, code, sess.keeper.get("teach")) if sess.teacher_owner else []
    except StoreUnavailable:
        sess.store_lost = True
        return
    st.toggle(words.label("open_to_join"), value=open_now, key=f"{K}open_to_join_{open_now}",
              help=words.open_to_join_help(),
              on_change=lambda: classes.set_open(db, code, bool(st.session_state.get(f"{K}open_to_join_{open_now}"))))
    if names:
        with st.form(f"{K}remove_form", border=False):
            pick, go = st.columns([3, 1], vertical_alignment="bottom")
            pick.selectbox(words.label("remove_pupil"), names, key=f"{K}remove_name", index=None)
            go.form_submit_button(words.label("remove_go"), on_click=_remove, args=(code,),
                                  icon=":material/person_remove:")
    if not sess.teacher_owner:
        return
    st.markdown(f"**{words.label('teacher_devices')}**")
    st.caption(words.devices_note())
    mine = teachers.device_id(learner.teacher_key())
    now = dt.datetime.now(dt.UTC)
    for number, device in enumerate(listed, 1):
        row = st.container(horizontal=True, vertical_alignment="center")
        name = words.device_name(number, device.id == mine, device.owner)
        row.text(f"{name} · {words.label('col_added')}: {words.last_active(minutes_since(device.added_at, now))} · "
                 f"{words.label('col_view')}: {words.view_state(device.open)}")
        if device.id != mine:
            row.button(words.label("sign_out_device"), key=f"{K}sign_out_{device.id}", on_click=_sign_out,
                       args=(code, device.id), icon=":material/logout:")
    st.caption(words.change_pin_note())
    st.button(words.label("change_pin"), key=f"{K}change_pin", on_click=_change_pin, args=(code,),
              icon=":material/key:")


__all__ = ["close", "forms", "secrets_notice", "settings", "still_teacher", "who"]
