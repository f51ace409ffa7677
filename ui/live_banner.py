"""The live question's banner in the sidebar of every page, for a pupil whose class has one open.

A pop-up says it once per question, with its own link to the Class page (on a phone the sidebar
is closed: a pop-up that only said "Open Class" left the pupil nowhere to press); the banner links
there too. The question is answered on the Class page (``ui.live.pupil_panel``).
"""

from __future__ import annotations

from datetime import timedelta

import streamlit as st

from tutor import words
from ui import state, wiring

K = state.Keys.LIVE
TOASTED = f"{K}toasted"
"""Session State: the id of the last open question a pop-up announced to this pupil."""


def sidebar_banner(url_path: str = "") -> None:
    """In the sidebar of every page: a link to the Class page while the pupil's class has an open question
    (``url_path``: the page drawn; on the Class page itself no pop-up, the question is there).

    Only a learner who joined a class polls (every 10 s); everybody else's page never reruns by itself,
    so a server full of learners outside a class does no work between their presses."""
    sess = state.session()
    if sess.learner is None:  # before the database: a first visit draws its first page without it
        return
    me = sess.learner
    joined = wiring.guard(lambda school: school.class_of(me), None)
    if joined is not None:
        _class_banner(joined[0], url_path == CLASS_PATH)


CLASS_PATH = "class"
"""The Class page's address, where a question is answered."""


def _question_popup() -> None:
    """The pop-up's body: a link to the Class page that works with the sidebar closed (it opens the
    page in this tab, and the pop-up closes with the page)."""
    st.page_link(f"pages/{CLASS_PATH}.py", label=words.label("open_class"), icon=":material/touch_app:")


@st.fragment(run_every=timedelta(seconds=10))
def _class_banner(class_code: str, on_class_page: bool = False) -> None:
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
        st.page_link(f"pages/{CLASS_PATH}.py", label=words.label("answer_link"), icon=":material/touch_app:")
        if st.session_state.get(TOASTED) != q.id:  # once per question: on a phone the sidebar is closed
            st.session_state[TOASTED] = q.id
            if not on_class_page:
                st.dialog(words.question_open(), width="small")(_question_popup)()


__all__ = ["CLASS_PATH", "TOASTED", "sidebar_banner"]
