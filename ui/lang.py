"""The language of a session: chosen in the sidebar, by ``?lang=el`` in a link, or by the browser.

``tutor.i18n`` asks :func:`session_language` (registered once as its
resolver) for every sentence it makes, so a session's choice applies to its
script runs and its widget callbacks alike, and never to another session.
Switching keeps the page and all widget state (every widget is keyed by an
id, never by its label; an expander, whose label is part of what Streamlit
knows it by, through :func:`panel`); the URL keeps ``?lang=`` so a reload or a shared
link opens in the same language. Only a language of ``tutor.i18n.LANGUAGES``
is ever kept or written into the URL.
"""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import streamlit as st

from tutor import i18n, words
from tutor.activity import Notice
from ui import state

KEY = state.Keys.LANG
SWITCH = state.Keys.LANG_SWITCH
NAMES = {"en": "English", "el": "Ελληνικά"}
"""Each language named in itself (never translated)."""


_SEEN = threading.local()
"""This thread's answer, once read (``value``): its session's language. A page run makes a few hundred
sentences, and reading Session State for each cost a tenth of a press. A thread serves one session
for its whole life (Streamlit runs a session's script and its callbacks on a thread of their own,
AppTest one per run), and the language only changes through :func:`choose`, :func:`remembered` and
the switch's callback, which all update it; a new thread reads Session State again. The main thread
never runs a session's script (it runs the server, or a test or a tool): English there, whatever it
was told, and Session State is not read (outside a session Streamlit would warn that it does not work)."""


def _remember(lang: object) -> None:
    _SEEN.value = lang


def session_language() -> str | None:
    """The running session's language (``None`` outside a session: English)."""
    if threading.current_thread() is threading.main_thread():
        return None  # no session's script thread (a test or a tool)
    try:
        seen: str | None = _SEEN.value
        return seen
    except AttributeError:  # this thread's first sentence
        pass
    try:
        lang = st.session_state.get(KEY)
    except Exception:  # noqa: BLE001 - no session state (a tool's own thread)
        lang = None
    _SEEN.value = lang
    return lang


i18n.set_resolver(session_language)


def link_suffix() -> str:
    """What a link made now adds so it opens in this language: ``"&lang=el"``, or ``""`` for English."""
    lang = i18n.current()
    return "" if lang == i18n.DEFAULT else f"&lang={lang}"


def _keep_in_url(lang: str) -> None:
    try:
        if lang == i18n.DEFAULT:
            st.query_params.pop("lang", None)
        elif st.query_params.get("lang") != lang:
            st.query_params["lang"] = lang
    except Exception:  # noqa: BLE001 - no browser session
        pass


def _chosen(lang: str) -> None:
    """The session chose ``lang`` (a link, the switch): the browser's learner keeper remembers it
    for the next visit (:func:`remembered`)."""
    sess = state.session()
    sess.lang_chosen = True
    if sess.keeper.get("lang") != lang:
        sess.keeper["lang"] = lang


def remembered(lang: object) -> bool:
    """The learner keeper reported the language this browser chose on an earlier visit: used, unless
    this session chose one itself (a link's ``?lang=``). True when it changed the language."""
    ss = st.session_state
    if state.session().lang_chosen or lang not in i18n.LANGUAGES or lang == ss.get(KEY):
        return False
    ss[KEY] = lang
    _remember(lang)
    return True


def choose() -> str:
    """Settle this run's language: a ``?lang=`` in the URL wins, then the session's choice, then (first
    visit) the browser's language; English if none is one of ``tutor.i18n.LANGUAGES``. A ``?lang=`` the
    app does not have (``tutor.i18n.offered``) changes nothing and is said under the page's heading."""
    ss = st.session_state
    asked = state.query("lang")
    unknown = asked is not None and not i18n.offered(asked)
    if unknown:  # ?lang=xx: the language stays as it was, and the page says so (in it)
        state.drop_query("lang")
        asked = None
    if asked is not None:
        _chosen(i18n.language(asked))
    if asked is not None and i18n.language(asked) != ss.get(KEY):
        ss[KEY] = i18n.language(asked)
    elif ss.get(KEY) not in i18n.LANGUAGES:  # a first visit
        try:
            browser = st.context.locale
        except Exception:  # noqa: BLE001 - no browser (AppTest)
            browser = None
        ss[KEY] = i18n.language(browser)
    if (asked is not None or ss[KEY] != i18n.DEFAULT) and asked != ss[KEY]:
        # a link's unknown language is not kept in the URL; a page opened from the sidebar (its
        # URL has no query) gets the session's language back, so a reload (F5) keeps it
        _keep_in_url(str(ss[KEY]))
    if ss.get(SWITCH) != ss[KEY]:
        ss[SWITCH] = ss[KEY]  # the switch shows the language in use (set before it is drawn)
    if ss.get(LAST_RUN, ss[KEY]) != ss[KEY]:
        _hand_on_choices()
    ss[LAST_RUN] = ss[KEY]
    _remember(ss[KEY])
    if unknown:
        state.tell_link(Notice("warning", words.language_unavailable))  # made when shown, in the language then
    return str(ss[KEY])


LAST_RUN = f"{KEY}_last_run"
"""Session State: the language the session's last run was drawn in (:func:`_hand_on_choices` after a change)."""
_KEPT = {KEY, SWITCH, LAST_RUN}


def _plain(value: object) -> bool:
    """A choice a menu, a radio, a multiselect or a field holds (text, a number, a day, a list of them): not
    a button's or a panel's flag, nor a table's selection, which Session State may not set."""
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return isinstance(value, (str, int, float, dt.date)) and not isinstance(value, bool)


def _hand_on_choices() -> None:
    """The language changed since the last run, before any widget of this run is drawn: each keyed widget's
    choice is set again through Session State, so Streamlit sends it to the browser in the new language.

    A menu's or a radio's choice lives in the browser as its words: after the switch it still showed "All
    themes" beside Greek options (ut48a #3), and read back it matched no option. Read now, each is still the
    option itself (the last run's options read it)."""
    ss = st.session_state
    for key in [k for k in ss.keys() if k not in _KEPT]:
        try:
            value = ss[key]
            if _plain(value):
                ss[key] = value
        except Exception:  # noqa: BLE001 - a widget Session State may not set: it keeps its own value
            continue


def _switched() -> None:
    """A language chosen in the switch: used and kept in the URL. Clicking the chosen one again
    (which empties the switch) keeps the language as it was."""
    ss = st.session_state
    chosen = ss.get(SWITCH)
    if chosen in i18n.LANGUAGES:
        _chosen(str(chosen))
        ss[KEY] = chosen
        _remember(chosen)
        _keep_in_url(str(chosen))
    else:
        ss[SWITCH] = ss.get(KEY, i18n.DEFAULT)


def switch() -> None:
    """The sidebar's language switch (each language named in itself)."""
    st.radio(words.label("language"), list(i18n.LANGUAGES), key=SWITCH, format_func=NAMES.get,
             on_change=_switched, horizontal=True, label_visibility="collapsed")


def panel(label: str, key: str, icon: str | None = None) -> Any:
    """A keyed expander that tracks its state (``on_change="rerun"``: closed, its content need not be built;
    ``.open`` says which), open or closed as the learner left it, also in the run that changes the language.

    Streamlit knows an expander by its label as well as its key, so a new label (the language switch) makes
    a new expander, closed, and the widgets inside it (the review's switch) were dropped with its content.
    Its state is handed on through Session State under ``key`` (the public way to carry a widget's value to
    its next instance). Returns Streamlit's expander container."""
    ss = st.session_state
    if key in ss:
        ss[key] = ss[key]
    return st.expander(label, icon=icon, key=key, on_change="rerun")


__all__ = ["NAMES", "choose", "link_suffix", "panel", "session_language", "switch"]
