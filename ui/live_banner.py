"""The live question's banner in the sidebar of every page, for a pupil whose class has one open.

A pop-up says it once per question (on a phone the sidebar is closed); the banner links to the
Class page, where the question is answered (``ui.live.pupil_panel``).
"""

from __future__ import annotations

from datetime import timedelta

import streamlit as st

from tutor import words
from ui import state, wiring

K = state.Keys.LIVE
TOASTED = f"{K}toasted"
"""Session State: the id of the last open question a pop-up announced to this pupil."""


def sidebar_banner() -> None:
    """In the sidebar of every page: a link to the Class page while the pupil's class has an open question.

    Only a learner who joined a class polls (every 10 s); everybody else's page never reruns by itself,
    so a server full of learners outside a class does no work between their presses."""
    sess = state.session()
    if sess.learner is None:  # before the database: a first visit draws its first page without it
        return
    me = sess.learner
    joined = wiring.guard(lambda school: school.class_of(me), None)
    if joined is not None:
        _class_banner(joined[0])


@st.fragment(run_every=timedelta(seconds=10))
def _class_banner(class_code: str) -> None:
    me = state.session().learner
    if me is None:
        return
    if wiring.guard(lambda school: school.class_of(me), None) is None:  # taken out meanwhile, or the class deleted
        if wiring.guard(lambda school: school.class_name(class_code) is None, False):
            st.info(words.class_gone_pupil(), icon=":material/group_off:")
        return
    q = wiring.guard(lambda school: school.current(class_code), None)
    if q is not None and not q.revealed:
        st.info(words.question_open(), icon=":material/quiz:")
        st.page_link("pages/class.py", label=words.label("answer_link"), icon=":material/touch_app:")
        if st.session_state.get(TOASTED) != q.id:  # once per question: on a phone the sidebar is closed
            st.session_state[TOASTED] = q.id
            st.toast(words.question_toast(), icon=":material/quiz:", duration="long")


__all__ = ["TOASTED", "sidebar_banner"]
