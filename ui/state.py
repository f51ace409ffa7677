"""The one owner of ``st.session_state`` for Mancala Tutor.

All of a session's app state is one typed :class:`Session` object kept under
:data:`SESSION_KEY`; widget values live under the stable keys listed in
:class:`Keys` (Streamlit keeps those itself). Pages and views reach state
only through the helpers here. Every page calls :func:`session` (cheap),
so a page also works when it runs before the frame.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor.activity import Notice
from tutor.progress import Progress, ProgressStore
from tutor.ratings import MemoryRatings, RatingStore

if TYPE_CHECKING:  # the activities are imported by the functions that make them: a first page
    # (Home) needs none of them, and their imports (the search among them) cost a server's first run
    from lessons.models import Lesson, Puzzle
    from tutor.cards import CardStore
    from tutor.lesson import LessonActivity
    from tutor.mistakes import MistakeQueue
    from tutor.kept_games import GameKeeper
    from tutor.live import QuestionActivity
    from tutor.practice import Streak
    from tutor.puzzle import PuzzleActivity
    from tutor.sandbox import SandboxActivity

SESSION_KEY = "mancala_tutor"
SPEEDS = {"slow": 700, "normal": 350, "fast": 150}
"""Animation speeds: milliseconds per sown seed."""


class Keys:
    """Every widget key the app uses (stable ids, never a label). Lesson, puzzle and editor
    keys are built from these prefixes with the lesson id, step id, pit or field name."""

    PREF_ANIMATE = "pref_animate"
    PREF_SPEED = "pref_speed"
    PREF_STEP = "pref_step"
    PREF_PANEL = "pref_panel"
    PREF_RULE_IDS = "pref_rule_ids"  # a teacher's switch: rule ids as badges on lesson pages
    SANDBOX_BOARD = "sandbox_board"
    PUZZLE_BOARD = "puzzle_board"
    HOME_BOARD = "home_board"
    LESSON_BOARD = "lesson_board_"  # + lesson id
    LESSON = "lesson_"  # + lesson id + _back/_next/_restart/_retry/_show/_why/_teachers/_feedback/_row/_<step>_answer_<i>
    PUZZLE_THEME = "puzzle_theme"
    PUZZLE_LEVEL = "puzzle_level"
    PUZZLE_CHOICE = "puzzle_choice_"  # + theme + _ + level
    PUZZLE = "puzzle_"  # + next/today/hint/reset
    PRACTICE_BOARD = "practice_board"
    PRACTICE = "practice_"  # + game/mode/themes/next/streak/hint/reset/retry/why/verdict/rating/dash
    SANDBOX = "sb_"  # + undo/redo/new/mode/computer_side/level/game/<option>/first/new_settings/controls_drawn
    EDITOR = "sb_ed_"  # + text/to_move/S1../N1../SS/NS/text_go/fields_go/synced
    EXPANDER = "sb_exp_"  # + settings/editor/moves/story/share
    STORY = "sb_story_"  # + on/pick/jump/chart/replay_<move>/replay_all/kept/answers
    SANDBOX_PANELS = "sb_panels"  # the fragment of the sandbox's panels (ui.sandbox.PANELS_FRAGMENT)
    OUTCOMES = "mo_"  # + source/think/lesson/step/notation/game/<option>/chart/table/download
    KEEPER = "learner_keeper"
    LEARNER = "learner_"  # + code/use/panel/forget_ask/forget/reset_all/reset_all_yes/reset_<lesson id>
    LEARNER_PANEL = "learner_panel"  # the sidebar's "continue on another device" (ui.learner.panel)
    CLASS = "class_"  # + code/name/join/leave/new_name/create/open_code/pin/open/close/table/heat/csv/teacher_panel
    LIVE = "live_"  # + ask_<where>/reveal/end/board/chart
    IN_CLASS = "class_in_class"  # Session State: the class a pupil's Class page last showed them in (ui.live)
    MISTAKES = "mk_"  # + retry/show/next/start/back: the Mistakes page (ui.mistakes)
    MISTAKES_BOARD = "mistakes_board"
    HOME_REVIEW = "home_review"  # Home's "Start today's review"
    LANG = "lang"  # the session's language (tutor.i18n.LANGUAGES)
    LANG_SWITCH = "lang_switch"  # the sidebar's language switch


@dataclass
class BoardPrefs:
    """How the board animates: ``animate`` on/off, ``speed`` (a key of :data:`SPEEDS`),
    ``step`` (the teacher's step mode: one seed per click of "Next seed"); ``rule_ids``: lesson
    pages show the rule ids (K9, A3...) as badges (a teacher's switch, off by default)."""

    animate: bool = True
    speed: str = "normal"
    step: bool = False
    rule_ids: bool = False

    @property
    def ms_per_seed(self) -> int:
        return SPEEDS.get(self.speed, SPEEDS["normal"])


@dataclass
class Session:
    """Everything one session keeps: board preferences, progress, and the activities.

    ``lessons``: lesson id -> its run; ``puzzle``: the puzzle on screen;
    ``puzzle_link``: the last ``?puzzle=`` link read (read once);
    ``sandbox``: the sandbox game; ``sandbox_link_failed``: the page's share link did not work (the
    learner's kept game goes on, and says so); ``sandbox_linked``: it was opened by a share link (read
    once, then dropped from the address: a reload goes on with the game, :func:`sandbox`).
    ``learner``: the learner code bound to this session (``None``: progress
    kept in memory only); ``keeper``: what the browser's learner keeper is
    told next (``ask``, ``save``, ``forget``, ``lang``: a language chosen, to remember); ``learner_note``: a message
    about the code for the next page drawn; ``store_lost``: the database
    could not be reached; ``keeper_full``: what the keeper's last report did, until its run has
    looked at it (``"known"``: a known code's progress bound; ``"new"``: a new learner made;
    ``"lost"``: no database; ``"lang"``: the language this browser chose before put back; ``"teacher"``:
    this browser's teacher key gave back a class's teacher view (``ui.learner.teacher_key``);
    ``ui.learner.keeper``); ``lang_chosen``: the language was chosen in this session (a link's
    ``?lang=``, the switch), not guessed from the browser; ``keeper_drawn``: the keeper has been drawn once
    (``ui.learner.reporting``). ``teacher_class``: the class whose teacher view is open on this device
    (``store.teachers``); ``teacher_owner``: this device made it (or set its PIN with the recovery code);
    ``class_made``: ``(code, PIN, recovery code)`` of a class just made or given a new PIN, kept only
    until the teacher has seen them behind "Show my PIN" and said they wrote them down;
    ``question``: the pupil's view of the open live question. ``link_notes``: what a link's query
    could not do (``?learner=``, ``?lang=``), said under the page's heading while on ``link_page``, the
    page it was first shown on (``ui.frame.link_notes``; a phone's sidebar is closed).
    ``step_links``: lesson id -> the ``?step=`` its page last wrote into the address (another value
    there means the browser's Back or Forward changed it). ``rooms``: lesson id -> the action that
    opened the feedback's room on a phone in the step shown (``ui.lesson_panel.room``).
    ``presses``: board key -> how many presses its board has sent (``ui.board``: a board drawn
    before a press was read tells the browser so, see ``board.js`` ``foreseen``). ``games``: where the
    learner's sandbox game is kept (``tutor.kept_games``; set with the learner, ``None`` before).
    ``touched``: when (``ui.learner.CLOCK``, seconds) the store last noted this session's learner as
    active (``None``: not yet; ``ui.learner.keep`` notes it again after ``ui.learner.TOUCH_S``).
    ``mistakes``: the positions of the learner's own mistakes being played again (``ui.mistakes``);
    ``memory_cards``: their cards kept in memory while no learner code is bound (``tutor.cards.MemoryCards``).
    ``serial``: this session's own id, sent with each board (a board drawn by another session after
    the page reconnected sends again a press no run read: ``board_ahead.js`` ``sendLost``).
    ``ratings``: where the learner's ratings are kept (``tutor.ratings``; in memory until a code is bound);
    ``practice``: the Practice page's puzzle; ``streak``: its streak under way (``None``: serving by rating).
    """

    prefs: BoardPrefs = field(default_factory=BoardPrefs)
    progress: ProgressStore = field(default_factory=Progress)
    lessons: dict[str, LessonActivity] = field(default_factory=dict)
    puzzle: PuzzleActivity | None = None
    puzzle_link: str | None = None
    sandbox: SandboxActivity | None = None
    sandbox_linked: bool = False
    sandbox_link_failed: bool = False
    learner: str | None = None
    keeper: dict[str, Any] = field(default_factory=lambda: {"ask": True, "save": None, "forget": False, "lang": None})
    learner_note: Notice | None = None
    note_page: str | None = None
    link_notes: tuple[Notice, ...] = ()
    link_page: str | None = None
    store_lost: bool = False
    keeper_full: str | None = None
    keeper_drawn: bool = False
    lang_chosen: bool = False
    teacher_class: str | None = None
    teacher_owner: bool = False
    class_made: tuple[str, str, str] | None = None
    presses: dict[str, int] = field(default_factory=dict)
    serial: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    question: tuple[int, QuestionActivity] | None = None
    step_links: dict[str, str] = field(default_factory=dict)
    rooms: dict[str, int] = field(default_factory=dict)
    games: GameKeeper | None = None
    touched: float | None = None
    ratings: RatingStore = field(default_factory=MemoryRatings)
    practice: PuzzleActivity | None = None
    streak: Streak | None = None
    mistakes: MistakeQueue | None = None
    memory_cards: CardStore | None = None


def session() -> Session:
    """This session's :class:`Session`, created on first use."""
    ss = st.session_state
    try:  # one look-up: each is a walk through Streamlit's layers of state (about 10 a press)
        state: Session = ss[SESSION_KEY]
    except KeyError:
        state = ss[SESSION_KEY] = Session()
    return state


def query(name: str) -> str | None:
    """A query parameter of the page's URL, or ``None`` (also outside a browser session)."""
    try:
        value = st.query_params.get(name)
    except Exception:  # noqa: BLE001 - no script context
        return None
    return None if value is None else str(value)


def query_all() -> dict[str, Any]:
    """Every query parameter of the page's URL (``{}`` outside a browser session)."""
    try:
        return {k: st.query_params.get(k) for k in st.query_params}
    except Exception:  # noqa: BLE001 - no script context
        return {}


def set_query(name: str, value: str) -> None:
    """Write one query parameter into the URL (nothing outside a browser session)."""
    try:
        if st.query_params.get(name) != value:
            st.query_params[name] = value
    except Exception:  # noqa: BLE001 - no script context
        pass


def app_url() -> str:
    """The page's address without its query ("" outside a browser session)."""
    try:
        return (st.context.url or "").split("?")[0]
    except Exception:  # noqa: BLE001 - no browser context (tests)
        return ""


def client() -> str | None:
    """The address the browser's request came from, for the store's guessing limits:
    ``st.context.ip_address``, or, where Streamlit gives none (a request from the server's own
    machine, such as a proxy there), the ``X-Real-IP`` header a proxy in front sets (nginx:
    ``proxy_set_header X-Real-IP $remote_addr``); ``None`` when unknown (a test, a browser on the
    server itself)."""
    try:
        address = st.context.ip_address or st.context.headers.get("X-Real-Ip")
    except Exception:  # noqa: BLE001 - no browser context (tests)
        return None
    return address.strip()[:64] or None if isinstance(address, str) else None


def drop_query(name: str) -> None:
    """Remove one query parameter from the URL (nothing outside a browser session)."""
    try:
        if name in st.query_params:
            del st.query_params[name]
    except Exception:  # noqa: BLE001 - no script context
        pass


def sandbox() -> SandboxActivity:
    """The session's sandbox game (its own object, never shared), created on first use from the
    page's share link (read once). Once the learner is known it is kept as theirs
    (:func:`_keep_sandbox`): a tab with nothing played takes up the learner's kept game, unless a
    share link that works opened it; a broken link says so, and then the kept game goes on (a
    pupil's game was lost to a mistyped link)."""
    from tutor.links import LINK_KEYS
    from tutor.sandbox import SandboxActivity

    state = session()
    if state.sandbox is None:
        link = query_all()
        fresh = SandboxActivity.from_link(link)
        state.sandbox_linked = linked_sandbox()
        state.sandbox_link_failed = not state.sandbox_linked and fresh.notice is not None
        state.sandbox = fresh
        fresh.progress = state.progress
        for key in LINK_KEYS:  # read once: a reload goes on with the game (kept for the learner), moves and all
            drop_query(key)
        _keep_sandbox(state)
    return state.sandbox


def linked_sandbox() -> bool:
    """Whether the page's address is a share link that opens a game (``tutor.links.read_link``): the
    sandbox then opens it whoever the learner is. A broken one does not: the learner's game goes on."""
    from tutor.links import LINK_KEYS, read_link

    link = query_all()
    return any(key in link for key in LINK_KEYS) and read_link(link)[2] is None


def _keep_sandbox(state: Session) -> None:
    """Keep the session's game as its learner's (``tutor.kept_play.KeptPlay.keep_with``) once both are
    known: a game nobody has played in yet, not opened by a share link, takes up the learner's kept
    game (a broken link's: only one with moves, else its new game says why the link did not work);
    any other is written over it. A session whose learner changed lets the old learner's game go."""
    from tutor import words

    sb = state.sandbox
    if sb is None:
        return
    if state.learner is None or state.games is None:
        sb.let_go()
        return
    if sb.learner == state.learner and sb.keeper is state.games:
        return
    took = sb.keep_with(state.games, state.learner, lambda: _store_lost(state),
                        take=not state.sandbox_linked and sb.action == 0, take_empty=not state.sandbox_link_failed)
    if took and state.sandbox_link_failed:
        sb.notice = Notice("error", words.link_kept_game())


def _store_lost(state: Session) -> None:
    state.store_lost = True


def bind_progress(progress: ProgressStore, sess: Session | None = None, games: GameKeeper | None = None,
                  ratings: RatingStore | None = None) -> None:
    """Make ``progress`` where this session's activities write from now on (a learner code was
    bound); what was kept only in memory until then (the first step shown before the browser
    said its code) is written there too. A lesson run still untouched on the step its ``?step=``
    link opened opens the link again by what ``progress`` knows (``LessonActivity.rebind``), before that.
    ``sess``: the session, when the caller looked it up already (then nothing here looks up
    Streamlit's session state, where a callback can be stopped: ``ui.learner._on_stored``).
    ``games``: where the learner's sandbox game is kept (``None``: nowhere, progress in memory).
    ``ratings``: where the learner's ratings are kept (``None``: in memory, afresh); ratings kept in
    memory until then are written there too."""
    state = session() if sess is None else sess
    state.games = games
    memory = state.progress
    for run in state.lessons.values():
        run.rebind(progress)
    if isinstance(memory, Progress) and progress is not memory:
        memory.replay_into(progress)
    state.progress = progress
    kept = state.ratings
    state.ratings = ratings if ratings is not None else MemoryRatings()
    if isinstance(kept, MemoryRatings) and ratings is not None and kept is not ratings:
        kept.replay_into(ratings)
    for puzzle in (state.puzzle, state.practice):
        if puzzle is not None:
            puzzle.progress, puzzle.ratings = progress, state.ratings
    if state.sandbox is not None:
        state.sandbox.progress = progress
    _keep_sandbox(state)


def lesson(content: Lesson) -> LessonActivity:
    """The session's run of a lesson, created at the step of ``?step=k`` (a reload) or the nearest
    real step to it (``tutor.lesson.step_from_link``), or the first."""
    from tutor.lesson import LessonActivity

    state = session()
    run = state.lessons.get(content.id)
    if run is None:
        run = state.lessons[content.id] = LessonActivity.from_link(content, state.progress, query("step"))
    elif run.lesson is not content:
        run.lesson = content  # the language changed: the same steps in other words (the step and board stay)
    return run


def follow_step_link(run: LessonActivity) -> None:
    """The browser's Back or Forward changed a lesson's ``?step=`` since the page wrote it: the run
    opens that step (``LessonActivity.follow_link``: never skipping ahead, ``tutor.links.lesson_link``)."""
    written = session().step_links.get(run.lesson.id)
    asked = query("step")
    if written is not None and asked is not None and asked != written:
        run.follow_link(asked)


def write_step_link(run: LessonActivity) -> None:
    """Put the run's step into the address (``?step=k``), so a reload (F5) opens it and Back returns."""
    value = str(run.index + 1)
    session().step_links[run.lesson.id] = value
    set_query("step", value)


def open_puzzle(content: Puzzle) -> PuzzleActivity:
    """Open a puzzle (a fresh try) and make the page's link point to it."""
    from tutor.puzzle import PuzzleActivity, puzzle_code

    state = session()
    run = PuzzleActivity(content, state.progress)  # its own sowing ids (Activity.first_id)
    run.ratings = state.ratings  # a first try is rated here too
    state.puzzle = run
    set_query("puzzle", puzzle_code(content.id))  # never the id: it may name the answer
    return run


def tell(notice: Notice | None) -> None:
    """Say ``notice`` in the sidebar (about the learner code or saved progress) while on this page."""
    state = session()
    state.learner_note = notice
    state.note_page = None


def tell_link(notice: Notice) -> None:
    """Say ``notice`` about the address's query (a learner code, a language) under the page's heading
    while on this page: seen on a phone too, whose sidebar is closed."""
    state = session()
    state.link_notes = (*(state.link_notes if state.link_page is None else ()), notice)
    state.link_page = None
