"""The sidebar's learner panel: the code, a link for another device, a field for a code, and "Forget me"
and "Erase everything about me" (``ui.learner`` keeps who the learner is).
"""

from __future__ import annotations

import streamlit as st

from tutor import words
from tutor.activity import Notice
from tutor.progress import Progress
from tutor.school import StoreUnavailable
from ui import lang, learner, state, wiring


def continue_link(code: str) -> str:
    """The app's address with ``/?learner=CODE`` (just the query when the address is unknown)."""
    return f"{state.app_url().rstrip('/')}/?learner={code}{lang.link_suffix()}"


def forget() -> None:
    """"Forget me on this device": the code's progress stays in the store under it; this device
    starts afresh with a new learner code (kept by the browser in place of the old one), and is no
    class's teacher device any more (its teacher key is dropped by the browser and the store)."""
    sess = state.session()
    old = sess.learner or ""
    key = sess.keeper.get("teach")
    sess.learner = None
    sess.keeper = {**sess.keeper, "ask": False, "save": None, "forget": True, "teach": None, "unteach": True}
    sess.teacher_class, sess.teacher_owner, sess.class_made = None, False, None
    state.bind_progress(Progress())
    db = wiring.school()
    if db is not None:
        try:
            db.forget_device(key)  # a shared computer: the next person is nobody's teacher
            learner._bind(db, db.new_learner())
        except StoreUnavailable:
            sess.store_lost = True
    state.tell(Notice("info", words.forgotten(old)))


def erase() -> None:
    """"Erase everything about me" (confirmed): everything the store keeps under the learner's code
    goes (``School.erase_learner``) and this browser starts afresh with a new code. While the store
    cannot be reached nothing is erased, and the sidebar says so."""
    sess = state.session()
    code, db = sess.learner, wiring.school()
    try:
        if code is None or db is None:
            raise StoreUnavailable("no learner bound, or no database")
        db.erase_learner(code)
    except StoreUnavailable:
        sess.store_lost = True
        state.tell(Notice("error", words.erase_failed()))
        return
    learner._afresh(sess)
    state.tell(Notice("success", words.erased(code)))


def _use_typed() -> None:
    """"Use this code": bind the code typed in the sidebar's field (:func:`_use`)."""
    learner._use(st.session_state.get(f"{state.Keys.LEARNER}code", ""))


def panel(page: str) -> None:
    """The sidebar's part: the code, a link for another device, a field for a code, forget me.
    A note about the code stays while the learner is on the ``page`` where it was first shown."""
    sess = state.session()
    if learner.not_saving():
        st.warning(words.not_saved(), icon=":material/cloud_off:")
    note = sess.learner_note
    if note is not None:
        if sess.note_page is None:
            sess.note_page = page
        if sess.note_page == page:
            getattr(st, note.kind)(note.text)
        else:
            sess.learner_note = sess.note_page = None
    # Keyed: a rerun (the keeper reporting) keeps it open. Closed, it builds nothing: opening it
    # reruns (on_change), and a first page is not drawn with a code block, a field and a popover
    # nobody sees (each costs the browser a script to fetch; the code block's is 1.5 MB).
    box = lang.panel(words.label("continue_elsewhere"), state.Keys.LEARNER_PANEL, ":material/devices:")
    if not box.open:
        return
    with box:
        if sess.learner:
            st.markdown(words.your_code(sess.learner))
            st.caption(words.code_help())
            st.caption(words.continue_link_words())
            st.code(continue_link(sess.learner), language=None, wrap_lines=True)
        st.text_input(words.label("learner_code"), key=f"{state.Keys.LEARNER}code", max_chars=20)
        st.button(words.label("use_code_go"), key=f"{state.Keys.LEARNER}use",
                  on_click=_use_typed)
        if sess.learner:
            with st.popover(words.label("forget_me"), icon=":material/logout:", key=f"{state.Keys.LEARNER}forget_ask"):
                st.markdown(words.forget_warning(sess.learner))
                st.button(words.label("forget_me_confirm"), key=f"{state.Keys.LEARNER}forget", on_click=forget,
                          type="primary")
            # Keyed by the code it names: once erased, the browser's new code gets a new, closed one.
            with st.popover(words.erase_label(), icon=":material/delete_forever:", key=f"{learner.ERASE_ASK}_{sess.learner}",
                            on_change="rerun"):
                st.markdown(words.erase_warning(sess.learner))
                st.button(words.erase_confirm(), key=f"{state.Keys.LEARNER}erase", on_click=erase, type="primary")


__all__ = ["continue_link", "erase", "forget", "panel"]
