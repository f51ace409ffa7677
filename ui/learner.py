"""Who the learner is: a learner code remembered by the browser, and progress kept in the database.

On a first visit the browser's learner keeper (a components-v2 piece,
``keeper.js``, localStorage) reports it knows no code: a new learner is made
and the keeper remembers the code. ``?learner=CODE`` binds a code from
another device (then leaves the URL, so a copied link never carries it).
When the database cannot be reached the app goes on with progress in
memory and says so. Nothing here decides what progress means
(``tutor.progress``) or how it is stored (``store``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from tutor import words
from tutor.activity import Notice
from tutor.codes import new_key, normalise
from tutor.progress import Progress
from tutor.school import StoreUnavailable
from ui import lang, state, wiring

if TYPE_CHECKING:
    from tutor.school import School

_HERE = Path(__file__).resolve().parent
_KEEPER = st.components.v2.component(
    "mancala_tutor_learner_keeper",
    html='<div class="mt-keeper" hidden></div>',
    js=(_HERE / "keeper.js").read_text(encoding="utf-8"),
)
TOUCH_S = 3600.0
"""Seconds between two notes that a session's learner is active (``School.touch``, from :func:`keep`):
a learner with a page open is never taken for idle (``store.lifecycle``), for one small write an hour."""
CLOCK: Callable[[], float] = time.monotonic
"""The clock of :data:`TOUCH_S`, in seconds (a test sets its own)."""
ERASE_ASK = f"{state.Keys.LEARNER}erase_ask"
"""The key of "Erase everything about me", the confirmation's pop-up (it tracks whether it is open)."""


def _bind(school: School, code: str, sess: state.Session | None = None) -> None:
    """Bind the learner ``code``: the session writes its progress there from now on, and the keeper
    stops asking and remembers the code. ``sess``: the session, when the caller looked it up already
    (the keeper's report looks nothing up once it has begun: :func:`_on_stored`)."""
    sess = state.session() if sess is None else sess
    progress = school.progress(code)
    sess.learner, sess.touched = code, CLOCK()
    state.bind_progress(progress, sess, games=school, ratings=wiring.GuardedRatings(school.ratings(code)))
    sess.keeper = {**sess.keeper, "ask": False, "save": code, "forget": False}


def _use(text: object, tell: Callable[[Notice], None] = state.tell) -> bool:
    """Bind the code ``text`` if it is a known learner; else a note says why and nothing changes
    (``tell``: where the note goes: the sidebar, or under the page's heading for a link)."""
    sess = state.session()
    db = wiring.school()
    if db is None:
        sess.store_lost = True
        return False
    code = normalise(text)
    try:
        if code is None:
            tell(Notice("error", words.code_malformed))  # made when shown: in the language then (the keeper may bring it)
            return False
        if not db.touch(code):  # known: noted as active now
            tell(Notice("error", lambda: words.code_unknown(code)))
            return False
    except StoreUnavailable:
        sess.store_lost = True
        return False
    if code != sess.learner:
        before = sess.learner
        _bind(db, code)
        tell(Notice("success", lambda: words.code_loaded(code, before)))
    return True


def _stored(sess: state.Session, value: object) -> None:
    """The keeper reported this browser's code (``""``: none): bind it, or make a new learner. The
    keeper stops asking only once that is done (:func:`_bind`), never before."""
    db = wiring.school()
    if db is None or sess.learner is not None:
        sess.store_lost = db is None
        sess.keeper_full = "lost" if db is None else None
        sess.keeper["ask"] = False
        return
    code = normalise(value)
    try:
        if code is not None and db.touch(code):  # known: noted as active now
            _bind(db, code, sess)
            sess.keeper_full = "known"
            return
        made = db.new_learner()
        if sess.learner is None:  # not bound meanwhile by the report asked again (a run of its own)
            _bind(db, made, sess)
            sess.keeper_full = "new"
    except StoreUnavailable:
        sess.store_lost = True
        sess.keeper_full = "lost"
        sess.keeper["ask"] = False


def _on_stored() -> None:
    """The keeper's trigger callback (before the script runs, so the keeper is then drawn with the
    code): its report is ``{"code": the stored code or "", "lang": the language chosen on an earlier
    visit or "", "teach": a teacher key or ""}``.

    A press that reruns the app while a callback runs stops the callback at its next look-up in
    Streamlit's session state (``fastReruns``: the new run even starts beside it). A report stopped
    halfway left the learner unknown for good: the keeper had been told to stop asking, and no
    learner was bound (a new visitor who opened a sidebar panel at once never had their progress
    kept). So every look-up comes first, before anything changes; from then on the answer is kept
    whole; and a report that never got that far is asked for again (:func:`_keeper_fragment`)."""
    value = st.session_state.get(state.Keys.KEEPER)
    try:
        stored = value["stored"] if value is not None else None
    except (KeyError, TypeError):
        stored = getattr(value, "stored", None)
    sess = state.session()
    if isinstance(stored, str):  # a keeper.js from before languages were kept (a page left open)
        stored = {"code": stored}
    if not isinstance(stored, dict) or not sess.keeper.get("ask", False):
        return
    in_lang = lang.remembered(stored.get("lang"))  # the last look-ups in Streamlit's session state
    as_teacher = _teacher(sess, stored.get("teach"))
    _stored(sess, stored.get("code", ""))
    if in_lang and sess.keeper_full in (None, "new"):
        sess.keeper_full = "lang"  # the whole page again, in that language
    if as_teacher and sess.keeper_full in (None, "new"):
        sess.keeper_full = "teacher"  # the whole page again, with the teacher's view


def _teacher(sess: state.Session, key: object) -> bool:
    """The keeper reported this browser's teacher key (``tutor.codes.new_key``: made when this browser made or
    opened a class): the session gets back the teacher view still open on it (True), or learns why somebody
    else ended it. The key stays with the browser: it marks a teacher's device (never locked out by others)."""
    db = wiring.school()
    if not isinstance(key, str) or not key or db is None:
        return False
    sess.keeper["teach"] = key
    if sess.teacher_class is not None:
        return False
    try:
        view = db.view_of(key)
        why = db.signed_out_why(key) if view is None else None  # somebody else ended it: said once (issue 34)
    except StoreUnavailable:
        sess.store_lost = True
        return False
    if view is None:
        st.session_state[f"{state.Keys.CLASS}signed_out"] = why  # said by the class page (ui.teacher.signed_out)
        return bool(why)  # the whole page again, saying why
    sess.teacher_class, sess.teacher_owner = view
    return True


def teacher_key() -> str:
    """This browser's teacher key: the one its keeper reported, or a new one it is told to keep
    (``tutor.codes.new_key``; never the learner code, which is shown and shared)."""
    sess = state.session()
    key = sess.keeper.get("teach")
    if not isinstance(key, str) or not key:
        key = sess.keeper["teach"] = new_key()
        sess.keeper["unteach"] = False
    return key


def keep() -> None:
    """Every run, before the page: read ``?learner=`` (binds that code, see :func:`_use`)."""
    sess = state.session()
    linked = state.query("learner")
    if linked is not None:
        state.drop_query("learner")
        _use(linked, state.tell_link)
    if sess.learner is None and sess.keeper_full == "lost" and wiring.school() is not None:
        # The database was away when the browser said who it is, and is back: ask again (a server
        # started before its database, or a blink at the first visit), so the learner's progress is kept.
        sess.keeper_full, sess.store_lost = None, False
        sess.keeper["ask"] = True
    _still_here(sess)
    _PAGE_LEARNER.set(sess.learner)


def _still_here(sess: state.Session) -> None:
    """Once every :data:`TOUCH_S`, note the session's learner as active; a code the store no longer
    has (erased on another device, or expired) starts this session afresh, and says so."""
    code = sess.learner
    if sess.touched is None:  # every binding notes it (_bind): an hour from now, then
        sess.touched = CLOCK()
    db = wiring.school() if code is not None and CLOCK() - sess.touched >= TOUCH_S else None
    if code is None or db is None:
        return
    sess.touched = CLOCK()
    try:
        there = db.touch(code)
    except StoreUnavailable:
        sess.store_lost = True
        return
    if not there:
        _afresh(sess)
        state.tell(Notice("info", words.code_gone(code)))


_PAGE_LEARNER: ContextVar[str | None] = ContextVar("mancala_tutor_page_learner", default=None)
"""The learner this whole-app run draws the page for (:func:`keep`, before the page)."""

SHOWS_CODE = ("class",)
"""Url paths of the pages that draw something from the learner's code (the Class page's join form)."""
SHOWS_PROGRESS = ("", "sandbox", "move_outcomes")
"""Url paths of the pages that wait for the keeper's first report to draw the learner's progress
(Home, the default page, served at ``/``) or game (the Sandbox, and Move outcomes of the sandbox's
position: a reload goes on with the game this server kept for the learner, which the first run cannot
know yet): see :func:`reporting`."""


def reporting() -> bool:
    """True in a session's first run while the browser has not yet said who the learner is (no code
    bound, the keeper not yet drawn): a page of :data:`SHOWS_PROGRESS` then says "one moment" where
    the learner's progress goes, and the report's run draws it. A returning learner never sees
    zeros before their own counts, and a server's first page is lighter to draw."""
    sess = state.session()
    return sess.learner is None and bool(sess.keeper.get("ask", False)) and not sess.keeper_drawn


def keeper(page: str) -> None:
    """Every run, after the page ``page`` (its url path): draw the keeper (it reports through
    :func:`_on_stored`, and is told the code to remember or to forget). Drawn last, so its first
    report comes once the page has been sent. The keeper is a fragment: its report runs only the
    keeper again, never the page a learner may be typing in or pressing on (a field filled then was
    drawn over and lost), unless the report changed what the page shows, and then the whole app:
    a known code's progress, no database, or a new learner's code on a page that shows it
    (:data:`SHOWS_CODE`, or the open "Continue on another device" panel) or waited for it
    (:data:`SHOWS_PROGRESS`), or the language this browser chose on an earlier visit put back
    (``ui.lang.remembered``). What a new learner did
    before is kept (``state.bind_progress``): the rest of the page stays as it is.

    A report can be stopped before its answer is kept, or answered by a run beside this one
    (:func:`_on_stored`): a whole-app run that draws the keeper while the learner is still unknown
    asks again (a new number in ``ask``, so the keeper reports again), and one whose page was drawn
    before another run bound the learner draws the whole app again, with the learner."""
    _keeper_part(page)


_IN_APP_RUN: ContextVar[bool] = ContextVar("mancala_tutor_keeper_in_app_run", default=False)
"""True while the frame's whole-app run draws the keeper; False in its report's own run, when
Streamlit runs the keeper's fragment alone (it calls :func:`_keeper_fragment` itself)."""


def _keeper_part(page: str) -> None:
    token = _IN_APP_RUN.set(True)
    try:
        _keeper_fragment(page)
    finally:
        _IN_APP_RUN.reset(token)


@st.fragment
def _keeper_fragment(page: str) -> None:
    sess = state.session()
    why, sess.keeper_full = sess.keeper_full, None
    if not _IN_APP_RUN.get():  # the report's own run: the keeper alone
        if why is not None and (why != "new" or page in SHOWS_CODE or page in SHOWS_PROGRESS
                                or st.session_state.get(state.Keys.LEARNER_PANEL)):
            st.rerun(scope="app")
    elif sess.learner != _PAGE_LEARNER.get():  # bound by a report's run beside this one: the page lacks it
        st.rerun(scope="app")
    elif sess.learner is None and sess.keeper_drawn and sess.keeper.get("ask", False):
        sess.keeper["ask"] = int(sess.keeper["ask"]) + 1  # a report not answered (yet): asked again
    _KEEPER(key=state.Keys.KEEPER, data=[dict(sess.keeper)], on_stored_change=_on_stored)  # a list: not looked at for tables
    sess.keeper["forget"] = False
    sess.keeper_drawn = True


def _afresh(sess: state.Session) -> None:
    """This session starts afresh under a new learner code, kept by the browser in place of the old
    one, which is gone from the store: its lessons, puzzle, sandbox game and class question go too."""
    if sess.sandbox is not None:
        sess.sandbox.let_go()
    sess.lessons, sess.puzzle, sess.sandbox, sess.question, sess.learner = {}, None, None, None, None
    sess.practice, sess.streak = None, None
    st.session_state.pop(state.Keys.IN_CLASS, None)  # nobody took them out: nothing to tell
    sess.keeper = {**sess.keeper, "ask": False, "save": None, "forget": True}
    state.bind_progress(Progress())
    db = wiring.school()
    try:
        if db is not None:
            _bind(db, db.new_learner())
    except StoreUnavailable:
        sess.store_lost = True


def not_saving() -> bool:
    """Whether progress is not being saved now: the database was lost, or writes wait for it."""
    sess = state.session()
    return sess.store_lost or sess.progress.waiting() > 0


def saving_notice() -> None:
    """At the top of a page's body: the sidebar's "not saved" notice, for a phone whose sidebar is closed."""
    if not_saving():
        st.warning(words.not_saved(), icon=":material/cloud_off:")


__all__ = ["CLOCK", "TOUCH_S", "keep", "keeper", "not_saving", "reporting", "saving_notice", "teacher_key"]
