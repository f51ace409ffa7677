"""The teacher's side of the Class page: make or open a class, the PIN said once behind a deliberate
press, and the settings for the teacher's own screen (who may join, taking a pupil out, the teacher
devices, a new PIN). The rules of who may do what are the store's (``tutor.school.School``); this module only draws.

Nothing secret is drawn where a projector would show it: the PIN and recovery code appear only in a
dialog the teacher opens with "Show my PIN (not on the projector)", and go from the session once the
teacher says they wrote them down. Pupils' names are shown only as plain text (a select box, a table).
"""

from __future__ import annotations

import datetime as dt

import streamlit as st

from tutor import words
from tutor.classroom import minutes_since
from tutor.names import read_name
from tutor.school import Device, NewClass, Who
from ui import learner, state, wiring

K = state.Keys.CLASS


def _value(name: str) -> str:
    value = st.session_state.get(f"{K}{name}", "")
    return value if isinstance(value, str) else ""


def who() -> Who:
    """This session as the store's guessing limits see it: its learner code and its address."""
    return Who(state.session().learner, state.client())


def _create() -> None:
    if state.session().teacher_class is not None:
        # A second submit of the form (a double click): the first made the class now on screen, and
        # this form was no longer drawn. One press, one class.
        return
    name, problem = read_name(_value("new_name"))
    if problem is not None:
        st.session_state[f"{K}problem_t"] = words.join_problem(problem)
        return
    try:
        made = wiring.guard(lambda school: school.create_class(name, learner.teacher_key()), None)
    except ValueError as exc:
        st.session_state[f"{K}problem_t"] = words.join_problem(str(exc))
        return
    if made is not None:
        _made(made)


def _made(made: NewClass, changed: str = "") -> None:
    """This device now owns class ``made.code``, its PIN and recovery code waiting behind a press
    (``changed``: ``"pin"`` a new PIN for a class that was there, ``"recovered"`` one made with the
    recovery code; said so until they are written down)."""
    sess = state.session()
    sess.class_made = (made.code, made.pin, made.recovery)
    st.session_state[f"{K}changed"] = changed
    sess.teacher_class, sess.teacher_owner = made.code, True


def _open() -> None:
    code, pin = _value("open_code"), _value("pin")
    st.session_state[f"{K}pin"] = ""
    if not code.strip() or not pin.strip():  # nothing typed: no try, nothing counted
        st.session_state[f"{K}problem_t"] = words.pin_refused("empty")
        return
    key = learner.teacher_key()
    verdict = wiring.guard(lambda school: school.open_with_pin(code, pin, key, who()), None)
    view = wiring.guard(lambda school: school.view_of(key), None) if verdict == "ok" else None
    if view is None:
        if verdict is not None:
            st.session_state[f"{K}problem_t"] = words.pin_refused(verdict)
        return
    state.session().teacher_class, state.session().teacher_owner = view


def _recover() -> None:
    code, recovery = _value("rec_code"), _value("recovery")
    st.session_state[f"{K}recovery"] = ""
    made = wiring.guard(lambda school: school.reset_with_recovery(code, recovery, learner.teacher_key(), who()), None)
    if isinstance(made, str):
        st.session_state[f"{K}problem_r"] = words.recovery_refused(made)
    elif made is not None:
        _made(made, changed="recovered")


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
    changed = st.session_state.get(f"{K}changed", "")
    if changed:
        st.success(words.pin_changed(recovered=changed == "recovered"), icon=":material/key:")
    else:
        st.success(words.class_ready(sess.class_made[0]), icon=":material/check_circle:")
    st.info(words.secrets_waiting(), icon=":material/visibility_off:")
    if st.button(words.label("show_pin"), key=f"{K}show_pin", icon=":material/key:"):
        _secrets_dialog()


def still_teacher() -> bool:
    """Whether this session's teacher view is still open in the store (the owner may have signed this
    device out, or made a new PIN): if not, the view closes here too and says why. While the store
    cannot be reached the screen stays as it is."""
    sess = state.session()
    code = sess.teacher_class
    if code is None:
        return False
    kept: tuple[str, bool] | None = (code, sess.teacher_owner)  # the store away: the screen stays
    view = wiring.guard(lambda school: school.view_of(sess.keeper.get("teach"), code), kept)
    if view is None:
        gone = wiring.guard(lambda school: school.class_name(code) is None, False)  # deleted by its owner
        sess.teacher_class, sess.teacher_owner, sess.class_made = None, False, None
        if gone:
            st.session_state[f"{K}class_gone"] = True
        else:  # why, when somebody else did it (a new PIN, the owner): said once
            key = sess.keeper.get("teach")
            signed_out(wiring.guard(lambda school: school.signed_out_why(key), None) or "")
        return False
    sess.teacher_owner = view[1]
    return True


def signed_out(why: str) -> None:
    """This device's teacher view was ended elsewhere: the class page says so once (``why``: ``"pin"``,
    ``"owner"``, or ``""`` when not known; ``words.signed_out``)."""
    st.session_state[f"{K}signed_out"] = why or "unknown"


def close() -> None:
    """"Close the class view": the PIN is needed again on this device."""
    sess = state.session()
    code, key = sess.teacher_class, sess.keeper.get("teach")
    if code is not None:
        wiring.guard(lambda school: school.close_view(key, code), None)
    sess.teacher_class, sess.teacher_owner, sess.class_made = None, False, None


def _remove(code: str) -> None:
    names = [n for n in st.session_state.get(f"{K}remove_name") or () if isinstance(n, str)]
    if not names:
        st.toast(words.choose_pupil_first(), icon=":material/info:")
    elif still_teacher() and sum(wiring.guard(lambda school: school.remove_pupil(code, n), False) for n in names):
        st.toast(words.pupil_removed(), icon=":material/person_remove:")


def _sign_out(code: str, device: str) -> None:
    key = state.session().keeper.get("teach")
    wiring.guard(lambda school: school.sign_out(code, key, device), False)


def _change_pin(code: str) -> None:
    key = state.session().keeper.get("teach")
    made = wiring.guard(lambda school: school.change_pin(code, key), None)
    if made is not None:
        _made(made, changed="pin")
        st.session_state[f"{K}whole_page"] = True  # the PIN waits above this panel: see settings


def _set_open(code: str, widget: str) -> None:
    wanted = bool(st.session_state.get(widget))
    if still_teacher():
        wiring.guard(lambda school: school.set_open(code, wanted), None)


def settings(code: str, names: list[str]) -> None:
    """The teacher's own settings, for their screen only: who may join, take a pupil out, and (on the
    owner device) the teacher devices and a new PIN."""
    if st.session_state.pop(f"{K}whole_page", False):  # a new PIN: its notice is drawn outside this fragment
        st.rerun(scope="app")
    sess = state.session()
    key = sess.keeper.get("teach")
    open_now = wiring.guard(lambda school: school.is_open(code), None)
    if open_now is None:
        return
    none: list[Device] = []
    listed = wiring.guard(lambda school: school.devices(code, key), none) if sess.teacher_owner else none
    widget = f"{K}open_to_join_{open_now}"  # keyed by the store's value: another device's change shows
    st.toggle(words.label("open_to_join"), value=open_now, key=widget, help=words.open_to_join_help(),
              on_change=_set_open, args=(code, widget))
    if names:
        with st.form(f"{K}remove_form", border=False):
            pick, go = st.columns([3, 1], vertical_alignment="bottom")
            pick.multiselect(words.label("remove_pupil"), names, key=f"{K}remove_name",
                             placeholder=words.label("choose_pupil"))
            go.form_submit_button(words.label("remove_go"), on_click=_remove, args=(code,),
                                  icon=":material/person_remove:")
    if not sess.teacher_owner:
        st.caption(words.owner_only())
        return
    st.markdown(f"**{words.label('teacher_devices')}**")
    st.caption(words.devices_note())
    mine = wiring.guard(lambda school: school.device_id(learner.teacher_key()), "")
    now = dt.datetime.now(dt.UTC)
    for number, device in enumerate(listed, 1):
        row = st.container(horizontal=True, vertical_alignment="center")
        name = words.device_name(number, device.id == mine, device.owner)
        row.text(f"{name} · {words.label('col_added')}: {words.last_active(minutes_since(device.added_at, now))} · "
                 f"{words.label('col_seen')}: {words.last_active(minutes_since(device.last_seen, now))} · "
                 f"{words.label('col_view')}: {words.view_state(device.open)}")
        if device.id != mine:
            row.button(words.label("sign_out_device"), key=f"{K}sign_out_{device.id}", on_click=_sign_out,
                       args=(code, device.id), icon=":material/logout:")
    st.caption(words.change_pin_note())
    st.button(words.label("change_pin"), key=f"{K}change_pin", on_click=_change_pin, args=(code,),
              icon=":material/key:")


def _delete(code: str) -> None:
    """"Yes, delete this class for good" (the owner's device): the class goes (``School.delete_class``),
    this device's view closes, and the page says so; on any other device nothing changes."""
    sess = state.session()
    name = wiring.guard(lambda school: school.delete_class(code, sess.keeper.get("teach")), None)
    if name is None:
        if not sess.store_lost:  # no longer the owner's view (signed out, closed): the page says which
            st.toast(words.class_not_deleted(), icon=":material/info:")
        return
    sess.teacher_class, sess.teacher_owner, sess.class_made = None, False, None
    st.session_state[f"{K}deleted"] = name


def delete_box(code: str) -> None:
    """"Delete this class", on the owner's device only (others are told only the owner can): a
    confirmation that names the class and says what goes and what stays, then the deletion."""
    sess = state.session()
    if not sess.teacher_owner:
        st.caption(words.delete_owner_only())
        return
    name = wiring.guard(lambda school: school.class_name(code), None)
    if name is None:
        return
    with st.popover(words.delete_class_label(), icon=":material/delete_forever:", key=f"{K}delete_ask"):
        st.markdown(words.delete_class_warning(name, code))
        st.button(words.delete_class_confirm(), key=f"{K}delete", on_click=_delete, args=(code,), type="primary",
                  icon=":material/delete_forever:")


def gone_notice() -> None:
    """Once, after this device's teacher view closed because the class is gone: deleted here (its
    name said), or on the device that made it."""
    deleted = st.session_state.pop(f"{K}deleted", None)
    if isinstance(deleted, str):
        st.success(words.class_deleted(deleted), icon=":material/delete_forever:")
    if st.session_state.pop(f"{K}class_gone", False):
        st.warning(words.class_gone_teacher(), icon=":material/group_off:")


__all__ = ["close", "delete_box", "forms", "gone_notice", "secrets_notice", "settings", "still_teacher", "who"]
