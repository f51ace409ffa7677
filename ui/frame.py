"""The app frame: page list, sidebar and theme; and the one call every page file makes.

``app.py`` calls :func:`run`. Each file in ``pages/`` calls :func:`page`
with its url path and the function that draws it.

Why :func:`page` may run the whole frame: with a ``pages/`` folder beside
``app.py``, Streamlit's legacy page discovery runs a page file *alone*
until some session has called ``st.navigation`` (a deep link such as
``/sandbox`` opened first on a fresh server, and every rerun inside
AppTest). A page file run that way has the project root on ``sys.path``
already (Streamlit puts the entrypoint's folder there), but no frame: so
:func:`page` notices it is not inside :func:`run` and runs the frame, whose
``st.navigation`` opens the same page (the url paths below are the file
names, as the legacy discovery names them). This is the only place that
knows about it; no Streamlit internals are patched.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import streamlit as st

from lessons import snapshot
from tutor import i18n, words
from tutor.progress import Summary
from ui import (
    lang,
    learner,
    learner_panel,
    live_banner,
    not_found,
    reveal,
    state,
    streamlit_compat,
    thinking,
    wake,
    wiring,
)

if TYPE_CHECKING:
    from lessons.models import Lesson, Puzzle

SWITCH_INTERVAL_S = 0.0005
"""How long a thread may hold Python's GIL while another waits for it (Python's default: 5 ms).
A script run computes on its own thread; the server's one event-loop thread, which sends the run's
elements and serves the browser's files, needs the GIL back after every read and write. On a first
visit the browser asks for some 40 files (Streamlit's split JavaScript, the board's files) while the
first runs and the database opening compute: served in 5-ms steps they held Home's first drawing
back by about half a second (bench/cold_start.py). Set once, when the frame is first imported."""
if sys.getswitchinterval() > SWITCH_INTERVAL_S:
    sys.setswitchinterval(SWITCH_INTERVAL_S)

PAGES: tuple[tuple[str, str, str], ...] = (
    ("home", ":material/home:", "section_start"),
    ("sandbox", ":material/sports_esports:", "section_start"),
    ("lesson_1_setup", ":material/looks_one:", "section_lessons"),
    ("lesson_2_sowing", ":material/looks_two:", "section_lessons"),
    ("lesson_3_extra_turns", ":material/looks_3:", "section_lessons"),
    ("lesson_4_captures", ":material/looks_4:", "section_lessons"),
    ("lesson_5_ending", ":material/looks_5:", "section_lessons"),
    ("lesson_6_awari", ":material/looks_6:", "section_lessons"),
    ("lesson_7_strategy", ":material/strategy:", "section_lessons"),
    ("lesson_8_awari_strategy", ":material/psychology:", "section_lessons"),
    ("puzzles", ":material/extension:", "section_practice"),
    ("practice", ":material/trending_up:", "section_practice"),
    ("move_outcomes", ":material/bar_chart:", "section_practice"),
    ("mistakes", ":material/event_repeat:", "section_practice"),
    ("class", ":material/groups:", "section_class"),
)
"""(url path = file name in ``pages/``, icon, section label id); the first page is the default."""
LESSON_PAGES = {
    "setup": "lesson_1_setup",
    "sowing": "lesson_2_sowing",
    "extra-turns": "lesson_3_extra_turns",
    "captures": "lesson_4_captures",
    "ending": "lesson_5_ending",
    "awari": "lesson_6_awari",
    "strategy": "lesson_7_strategy",
    "awari-strategy": "lesson_8_awari_strategy",
}
"""Lesson id -> page url path (the order of the lessons)."""

_IN_FRAME: ContextVar[bool] = ContextVar("mancala_tutor_in_frame", default=False)
_PROGRESS: ContextVar[list[Any] | None] = ContextVar("mancala_tutor_progress", default=None)
"""The sidebar's progress slot during a run: ``[container, drawn]`` (:func:`progress`)."""
PROGRESS_KEY = "sidebar_progress"
"""The key of the sidebar's progress line while it waits for a sowing (``<key>_wait``, ``<key>_after``)."""


# The app loads content as data: the engine's proofs of every lesson and puzzle (lessons.loader,
# lessons.proofs) run in the tests, so no page waits on them. The models come from the content
# snapshot (lessons.snapshot: a few milliseconds); only when it is not fresh (a file changed since
# tools/content_snapshot.py wrote it) are the files read, their shapes checked, without proofs.
# A page that only lists the lessons (Home, the sidebar's count) reads the snapshot's catalogue,
# without the models (pydantic's import and the models' classes: about 0.1 s of a first page).
@st.cache_resource(show_spinner=False)
def _lessons(lang: str) -> dict[str, Lesson]:
    found = snapshot.content(lang)
    if found is not None:
        return found.lessons
    from lessons.loader import load_lessons

    return load_lessons(lang=lang, prove=False)


@st.cache_resource(show_spinner=False)
def _puzzles(lang: str) -> dict[str, Puzzle]:
    found = snapshot.content(lang)
    if found is not None:
        return found.puzzles
    from lessons.loader import load_puzzles

    return load_puzzles(lang=lang, prove=False)


@st.cache_resource(show_spinner=False)
def _catalogue(lang: str) -> tuple[snapshot.LessonEntry, ...]:
    found = snapshot.catalogue(lang)
    return found if found is not None else snapshot.entries(_lessons(lang))


def catalogue() -> tuple[snapshot.LessonEntry, ...]:
    """Every lesson's id, title (in the session's language) and number of steps, in course order."""
    return _catalogue(i18n.current())


def lessons() -> dict[str, Lesson]:
    """Every lesson in the session's language, loaded once per server and language
    (``lessons.loader.load_lessons``, its proofs left to the tests; frozen models, the same facts in every language)."""
    return _lessons(i18n.current())


def puzzles() -> dict[str, Puzzle]:
    """Every puzzle in the session's language, loaded once per server and language (proved by the tests)."""
    return _puzzles(i18n.current())


@st.cache_resource(show_spinner=False)
def _practice_puzzles(lang: str) -> dict[str, Puzzle]:
    from tutor.mined import practice_pool  # here: Home's first run imports no model (tests/test_content_snapshot.py)

    return practice_pool(_puzzles(lang))


def practice_puzzles() -> dict[str, Puzzle]:
    """What My practice serves: every hand-written puzzle, then every mined one (``tutor.mined``), in the
    session's language, made once per server and language."""
    return _practice_puzzles(i18n.current())


def page_file(url_path: str) -> str:
    """The page file of a url path: ``"sandbox"`` -> ``"pages/sandbox.py"``."""
    return f"pages/{url_path}.py"


DEFAULT_ALIAS = PAGES[0][0]
"""The default page's own name as an address (``/home``). Streamlit 1.67 serves the default page at
``/`` only: its ``url_path`` just has to be unique, and ``/home`` typed in the address bar would say
"Page not found" before showing it. So the default page is declared with the empty path, and a
hidden page at ``/home`` sends the browser on to ``/`` (:func:`run`). That page is a function, not
the default page's file: a link or ``switch_page`` to ``pages/home.py`` (AppTest's prefers a page
whose address is the file's name) finds the default page, never the one that sends on."""


def _to_default() -> None:
    """The hidden :data:`DEFAULT_ALIAS` page: the default page, at its one address ``/``, with the link's query kept."""
    st.switch_page(page_file(DEFAULT_ALIAS), query_params=st.query_params.to_dict())


NOT_FOUND = "not_found"
"""The hidden page an address with no page is sent to (``serve.py``, ``ui.not_found``)."""


def known_paths() -> frozenset[str]:
    """Every address the app has a page at, without its ``/`` (``""`` is Home)."""
    return frozenset({"", DEFAULT_ALIAS, NOT_FOUND, *(url_path for url_path, _, _ in PAGES)})


def navigation() -> st.Page:
    """The ``st.navigation`` object over :data:`PAGES`, grouped in sections, and the hidden
    :data:`DEFAULT_ALIAS` and :data:`NOT_FOUND` pages at the end of the first section."""
    sections: dict[str, list[st.Page]] = {}
    for i, (url_path, icon, section) in enumerate(PAGES):
        page_obj = st.Page(page_file(url_path), title=words.page_title(url_path), icon=icon,
                           url_path="" if i == 0 else url_path, default=(i == 0))
        sections.setdefault(words.label(section), []).append(page_obj)
    url_path, icon, section = PAGES[0]
    sections[words.label(section)].append(st.Page(_to_default, title=words.page_title(url_path), icon=icon,
                                                  url_path=DEFAULT_ALIAS, visibility="hidden"))
    sections[words.label(section)].append(st.Page(not_found.render, title=words.page_title(NOT_FOUND),
                                                  icon=":material/explore_off:", url_path=NOT_FOUND, visibility="hidden"))
    # Always fully expanded: with eight lessons the menu would otherwise hide Puzzles and the rest
    # behind "View 3 more" (Streamlit collapses a sidebar menu of more than twelve pages).
    return st.navigation(sections, position="sidebar", expanded=True)


ICON = "\N{CHESTNUT}"
"""The tab's icon: a seed, drawn by the browser from its emoji font (no file, no other server).
An image file would cost a server's first page 0.1-0.2 s: Streamlit imports numpy and PIL to read
any image, before Home can be drawn (``python -m bench.cold_start``). It is an emoji of Streamlit's
catalogue (the tests check it), so ``st.set_page_config`` is told so without loading that catalogue
(``ui.streamlit_compat.trust_emoji_icon``)."""

TOP_ROOM = "[data-testid='stMainBlockContainer'] { padding-top: 2.5rem; }"
"""The room above a page's heading (Streamlit's own is 6rem)."""


def run() -> None:
    """The whole frame: page settings, the session's state, navigation, sidebar, the page, then the
    learner keeper (``ui.learner``)."""
    lang.choose()
    # The icon before the navigation: else the browser shows the page's own icon first, fetched
    # from Google's font server.
    streamlit_compat.trust_emoji_icon(ICON)
    st.set_page_config(page_title=words.label("app_name"), page_icon=ICON, layout="wide")
    state.session()
    chosen = navigation()
    if chosen.url_path == DEFAULT_ALIAS:  # /home typed: sent on before anything is drawn
        chosen.run()
    thinking.on_page(chosen.url_path)  # searches asked on another page are abandoned
    with st.sidebar:
        # Streamlit leaves 6rem above a page's heading; on a 768-px laptop a lesson's buttons then
        # fall below the first screen. Drawn in the sidebar, where its element gap costs nothing.
        st.html(f"<style>{TOP_ROOM}</style>")
    learner.keep()
    slot = sidebar(chosen.title, chosen.url_path)
    learner.saving_notice()  # the body's top too: a phone's sidebar is closed
    token, held = _IN_FRAME.set(True), _PROGRESS.set([slot, False])
    try:
        chosen.run()
    finally:
        _IN_FRAME.reset(token)
        drawn = _PROGRESS.get()
        _PROGRESS.reset(held)
        if drawn is not None and not drawn[1]:  # the page did not draw it: the counts as they are
            with slot:
                _progress_line(state.session().progress.summary(len(catalogue())))
    with st.sidebar:
        learner.keeper(chosen.url_path)  # last: its first report comes once the page is drawn
        wake.draw()  # a press no server session answered asks for a whole run (after a reconnection)
    wiring.upkeep()  # once a day per server: idle learners expire (after the page: nobody waits for it)


def page(url_path: str, draw: Callable[[], None]) -> None:
    """The body of a page file: its heading, then ``draw()``; run alone, the frame instead (see above)."""
    if not _IN_FRAME.get():
        run()
        return
    st.title(words.page_heading(url_path))
    link_notes(url_path)
    draw()


def link_notes(url_path: str) -> None:
    """What the address's query could not do (``state.tell_link``), in its colours, on the page it was
    first shown on (and on every run of it), then no more. Markdown made by ``tutor.words``, never the query's text."""
    sess = state.session()
    if not sess.link_notes:
        return
    if sess.link_page is None:
        sess.link_page = url_path
    if sess.link_page != url_path:
        sess.link_notes, sess.link_page = (), None
        return
    for note in sess.link_notes:
        getattr(st, note.kind)(note.text)


def sidebar(current_title: str, url_path: str = "") -> Any:
    """The shared sidebar: app name, where the learner is, progress, board settings. Returns the
    progress line's slot (a container), drawn after the page by :func:`run` unless the page drew it
    (:func:`progress`): a page that is sowing a move knows which counts the move changed."""
    with st.sidebar:
        lang.switch()
        st.markdown(f"### {words.label('app_name')}")
        st.caption(words.you_are_on(current_title))
        slot = st.container()
        learner_panel.panel(current_title)
        live_banner.sidebar_banner(url_path)
        # Keyed: a rerun (the keeper reporting) keeps it open; closed, it builds nothing.
        panel = lang.panel(words.label("board_settings"), state.Keys.PREF_PANEL, ":material/tune:")
        if panel.open:
            with panel:
                board_settings()
    return slot


def _progress_line(summary: Summary) -> None:
    st.caption(words.progress_line(summary.lessons_done, summary.lessons_total, summary.puzzles_first_try,
                                   summary.puzzles_helped, summary.puzzles_tried))


def progress(summary: Summary, before: Summary | None = None, sown: str | None = None) -> None:
    """Draw the sidebar's progress line (a page's call, in the frame's run; else nothing): ``summary``;
    while the board sows a move that changed it (``sown``: ``ui.reveal.pending``, ``before``: the counts
    before the move), ``before`` until the seeds are down (``ui.reveal.until_sown``), so no count tells
    a move's result early."""
    drawn = _PROGRESS.get()
    if drawn is None:
        return
    drawn[1] = True
    was = summary if before is None else before  # drawn only when given and not the same
    with drawn[0]:
        reveal.until_sown(PROGRESS_KEY, sown if before is not None and before != summary else None,
                          lambda: _progress_line(was), lambda: _progress_line(summary))


def board_settings() -> None:
    """Animation switch, speed and step mode (``ui.state.BoardPrefs``)."""
    prefs = state.session().prefs

    def copy() -> None:
        ss = st.session_state
        prefs.animate = bool(ss.get(state.Keys.PREF_ANIMATE, prefs.animate))
        prefs.speed = str(ss.get(state.Keys.PREF_SPEED, prefs.speed))
        prefs.step = bool(ss.get(state.Keys.PREF_STEP, prefs.step))

    st.toggle(words.label("animate"), value=prefs.animate, key=state.Keys.PREF_ANIMATE, on_change=copy,
              help=words.label("animate_help"))
    st.select_slider(words.label("speed"), options=list(state.SPEEDS), value=prefs.speed, key=state.Keys.PREF_SPEED,
                     on_change=copy, disabled=not prefs.animate, format_func=lambda s: words.label(f"speed_{s}"))
    st.toggle(words.label("step_mode"), value=prefs.step, key=state.Keys.PREF_STEP, on_change=copy,
              disabled=not prefs.animate, help=words.label("step_mode_help"))


def link(url_path: str, label: str, icon: str | None = None) -> None:
    """A link to another page of the app."""
    st.page_link(page_file(url_path), label=label, icon=icon)
