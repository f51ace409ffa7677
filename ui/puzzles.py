"""The puzzles page: pick a puzzle, press pits to answer, hints, explanations, share links.

Behaviour lives in ``tutor.puzzle.PuzzleActivity``; this module draws it,
reads ``?puzzle=<code>`` once per link (``tutor.puzzle.puzzle_code``; an id
from an older link works too), and wires the buttons. The board has the
task, the feedback and the buttons beside it (right below it on a phone, the
menus after them: :func:`phone_css`), so a verdict and "Try again" are on the
first screen of a laptop and of a phone without scrolling. The counts a press
changes (puzzles solved and tried, here and in the sidebar) wait for the
board to sow it (``ui.reveal.until_sown``): they would tell "Solved!" early. A puzzle's id
is never shown: names come from ``learner_name`` (``display_name``, with the
theme, for a teacher who switched rule ids on), links carry the code. Nor
are the rules it practises: their ids and titles are badges for that
teacher only (the sidebar's "Show rule ids", shared with the lessons).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import streamlit as st

from tutor import words
from tutor.activity import Notice
from tutor.puzzle import (
    PuzzleActivity, display_name, find_puzzle, first_puzzle, first_unsolved, learner_name, level_of, next_in, pick, puzzle_code,
    puzzle_of_the_day,
)
from ui import board, frame, lang, live, reveal, state

if TYPE_CHECKING:
    from lessons.models import Puzzle

ALL = "all"
LEVELS = (0, 1, 2, 3)
"""Difficulty choices (measured, ``lessons.proofs.difficulty``): 0 is any."""


def today() -> str:
    """The id of today's puzzle."""
    return puzzle_of_the_day(frame.puzzles(), dt.date.today())


def puzzle_name(pid: str, pool: Mapping[str, Puzzle] | None = None) -> str:
    """A puzzle's name for the menu and the heading: ``"Puzzle 37"`` (its place in ``pool``, default
    the Puzzles page's; My practice gives its own, which begins with it, mined puzzles after); for a teacher who shows
    rule ids, with its theme: ``"The full lap · puzzle 3 of 5"``."""
    found = frame.puzzles() if pool is None else pool
    if state.session().prefs.rule_ids:
        return display_name(found, pid)
    return learner_name(found, pid)


def open_puzzle(pid: str) -> None:
    """Button callback: open puzzle ``pid`` (a fresh try)."""
    state.open_puzzle(frame.puzzles()[pid])


def current() -> PuzzleActivity:
    """The puzzle on screen; when there is none yet, an easy first one for a learner who has tried
    none, else the puzzle of the day (``tutor.puzzle.first_puzzle``)."""
    run = state.session().puzzle
    if run is None:
        pool = frame.puzzles()
        run = state.open_puzzle(pool[first_puzzle(pool, state.session().progress.puzzles(), dt.date.today())])
    elif run.puzzle is not frame.puzzles().get(run.puzzle.id, run.puzzle):
        run.puzzle = frame.puzzles()[run.puzzle.id]  # the language changed: same puzzle, other words
    return run


def read_link() -> None:
    """Open ``?puzzle=<code>`` once per link; an unknown code opens the puzzle of the day with an
    error notice that stays until the first press (a rerun does not lose it)."""
    wanted = state.query("puzzle")
    session = state.session()
    if not wanted or session.puzzle_link == wanted:
        return None
    session.puzzle_link = wanted
    pool = frame.puzzles()
    pid = find_puzzle(pool, wanted)
    if pid is not None:
        if session.puzzle is None or session.puzzle.puzzle.id != pid:
            state.open_puzzle(pool[pid])
        session.puzzle_link = puzzle_code(pid)
        return
    day = today()
    run = state.open_puzzle(pool[day])
    session.puzzle_link = puzzle_code(day)
    run.notice = Notice("error", words.no_such_puzzle(wanted, puzzle_code(day)))


def _picked(key: str) -> None:
    """Menu callback: open the puzzle chosen in the menu ``key``."""
    pid = st.session_state.get(key)
    if pid is not None and pid in frame.puzzles() and pid != current().puzzle.id:
        open_puzzle(pid)


def _chosen() -> list[str]:
    """The puzzle ids the theme and difficulty menus pick now, in file order."""
    theme = st.session_state.get(state.Keys.PUZZLE_THEME, ALL)
    level = st.session_state.get(state.Keys.PUZZLE_LEVEL, 0)
    if theme != ALL and theme not in words.theme_entries():
        theme = ALL
    return pick(frame.puzzles(), None if theme == ALL else theme, int(level) if level in LEVELS else 0)


def _filtered() -> None:
    """Theme or difficulty menu callback: open the easiest puzzle they pick that the learner has not solved
    (file order among equals, ``tutor.puzzle.first_unsolved``): a child choosing "Chain extra turns" met a
    3★ puzzle first (ut48a #4); the one on screen stays when it is that puzzle."""
    pool = frame.puzzles()
    pid = first_unsolved(sorted(_chosen(), key=lambda p: level_of(pool[p])), state.session().progress.puzzles())
    if pid is not None and pid != current().puzzle.id:
        open_puzzle(pid)


def _picker(run: PuzzleActivity) -> list[str]:
    """Theme, difficulty and puzzle menus in one row; the ids the first two pick, in file order.
    Choosing a theme or a difficulty opens its first unsolved puzzle (:func:`_filtered`)."""
    pool = frame.puzzles()
    cols = st.columns([3, 2, 4], vertical_alignment="bottom")
    theme = cols[0].selectbox(
        words.label("theme"), [ALL, *words.theme_entries()], key=state.Keys.PUZZLE_THEME,
        format_func=lambda t: words.label("all_themes") if t == ALL else words.theme_entries()[t].title,
        on_change=_filtered,
    )
    level = cols[1].selectbox(words.label("difficulty"), LEVELS, key=state.Keys.PUZZLE_LEVEL,
                              format_func=lambda n: words.level_word(n) if n else words.label("any"),
                              on_change=_filtered)
    ids = pick(pool, None if theme == ALL else theme, int(level))
    if not ids:
        cols[2].caption(words.label("no_puzzle_here"))
        return ids
    key = f"{state.Keys.PUZZLE_CHOICE}{theme}_{level}"
    # The menu follows the run: Next puzzle / Puzzle of the day / a link change the run, and a
    # keyed selectbox would otherwise keep (and switch back to) its own old value.
    st.session_state[key] = run.puzzle.id if run.puzzle.id in ids else None
    cols[2].selectbox(
        words.puzzles_menu(len(ids)), ids, key=key, on_change=_picked, args=(key,),
        format_func=lambda pid: f"{puzzle_name(pid)} {words.level_word(level_of(pool[pid]))}",
        placeholder=words.label("choose_puzzle"),
    )
    return ids


def _more(run: PuzzleActivity) -> None:
    """"More puzzles" of the theme chosen (else of the puzzle on screen) in its game, when mined puzzles of
    that theme exist for the game: a link to My practice with the game and theme chosen (``?game=&theme=``,
    read once there: ``ui.practice``), which serves them near the learner's rating."""
    from tutor.mined import mined_themes  # here: only the entries' themes, no puzzle built

    theme = st.session_state.get(state.Keys.PUZZLE_THEME, ALL)
    theme = run.puzzle.theme if theme == ALL else theme
    game = run.rules.game
    entries = words.theme_entries()
    if theme not in mined_themes(game) or theme not in entries:
        return
    st.page_link(frame.page_file("practice"), label=words.more_puzzles(entries[theme].title),
                 icon=":material/trending_up:", help=words.more_puzzles_help(),
                 query_params={"game": game, "theme": theme})


def _moves_on(run: PuzzleActivity, ids: list[str]) -> None:
    """Next puzzle (in the menus' choice) and Puzzle of the day, in one row."""
    row = st.container(horizontal=True, key=f"{state.Keys.PUZZLE}moves")
    row.button(words.label("next_puzzle"), key=f"{state.Keys.PUZZLE}next", on_click=open_puzzle,
               args=(next_in(ids, run.puzzle.id) or run.puzzle.id,), icon=":material/skip_next:", disabled=not ids)
    row.button(words.label("puzzle_of_the_day"), key=f"{state.Keys.PUZZLE}today", on_click=open_puzzle,
               args=(today(),), icon=":material/today:")


def _feedback(run: PuzzleActivity, prefix: str = state.Keys.PUZZLE) -> None:
    """The verdict (one sentence), Try again after a wrong turn, and the details behind "Why?"
    (``prefix``: the keys' beginning, the page's own)."""
    reveal.notice(run)
    if run.missed is not None:
        st.button(words.puzzle_label("try_again"), key=f"{prefix}retry", on_click=run.reset,
                  icon=":material/replay:", type="primary", help=words.puzzle_label("try_again_help"))
    details = run.details()
    if details:
        with lang.panel(words.puzzle_label("why"), f"{prefix}why", ":material/help:"):
            for paragraph in details:
                st.markdown(paragraph)


def _sidebar() -> None:
    """A teacher's switch: rule ids (and the rules a puzzle practises) as badges."""
    prefs = state.session().prefs

    def copy() -> None:
        prefs.rule_ids = bool(st.session_state.get(state.Keys.PREF_RULE_IDS, prefs.rule_ids))

    with st.sidebar:
        st.toggle(words.lesson_label("rule_ids"), value=prefs.rule_ids, key=state.Keys.PREF_RULE_IDS, on_change=copy,
                  help=words.lesson_label("rule_ids_help"))


PHONE = "640px"
"""Up to this screen width Streamlit stacks the columns: the panel stands below the board."""


def phone_css(prefix: str = state.Keys.PUZZLE, later: tuple[str, ...] = ("picker", "foot")) -> str:
    """The page's CSS for a phone (a screen up to :data:`PHONE` wide): the board right below the task, the
    verdict and "Try again" right below the board (above Next puzzle), the containers keyed ``prefix`` +
    each of ``later`` after them in that order (the Puzzles page's menus and share link; My practice's
    menus and dashboard), so a wrong turn's way on is on the first screen. Only the drawn order changes
    (CSS ``order``; each keyed container and the wrapper Streamlit puts around it); a screen reader reads
    as on a laptop."""
    def moved(name: str, order: int) -> str:
        key = f".st-key-{prefix}{name}"
        return f'{key}, [data-testid="stLayoutWrapper"]:has(> {key}) {{ order: {order}; }}'

    after = " ".join(moved(name, k) for k, name in enumerate(later, 1))
    return f"@media (max-width: {PHONE}) {{ {moved('feedback', -1)} {after} }}"


def play(run: PuzzleActivity, board_key: str, prefix: str, moves_on: Callable[[], None],
         verdict: Callable[[], None] | None = None, hidden: Notice | None = None, hint_note: str | None = None,
         fit_bar: bool = False) -> None:
    """The puzzle player, which the Puzzles and Practice pages share: the task, the board, and beside it
    (right below it on a phone: :func:`phone_css`) ``moves_on()`` (the page's buttons to another
    puzzle), the verdict with Try again and "Why?", then ``verdict()`` (what the page adds to it), both
    shown once the board has sown the move; the hint and Start again buttons, Ask the class, and the
    hints shown. ``board_key``: the board's key; ``prefix``: the beginning of the other keys (the page's
    own); ``hidden``: a notice said elsewhere on the page (a wrong link's), not again as the verdict;
    ``hint_note``: a line under the hint button (My practice: what a hint does to the rating); ``fit_bar``:
    the board's empty bar takes no room (``ui.board.draw``; My practice on a phone: its buttons right below)."""
    puzzle = run.puzzle
    st.markdown(words.you_are(puzzle.start.to_move, puzzle.task))
    # The feedback stands beside the board (right below it on a phone: phone_css), so it is on the first screen.
    left, right = st.columns([3, 2], gap="medium")
    with left:
        board.draw(run, board_key, fit_bar=fit_bar)
    with right:
        moves_on()
        with st.container(key=f"{prefix}feedback"), reveal.after_sowing(f"{prefix}verdict", run, board_key):
            if run.notice is not hidden:
                _feedback(run, prefix)
            if verdict is not None:
                verdict()
        row = st.container(horizontal=True)
        row.button(words.hint_button(run.hints, len(puzzle.hints)), key=f"{prefix}hint",
                   on_click=run.show_hint, args=(run.hints,), disabled=run.hints >= len(puzzle.hints) or run.solved,
                   icon=":material/lightbulb:")
        if run.missed is None:  # after a wrong turn "Try again" does it
            row.button(words.label("start_again"), key=f"{prefix}reset", on_click=run.reset,
                       icon=":material/restart_alt:")
        with row:
            live.ask_button(puzzle.game_rules, puzzle.start, "puzzle", puzzle.id)
        if hint_note:
            st.caption(hint_note)
        shown = list(enumerate(run.hint_texts(), 1))
        if shown:  # one box under the button pressed, on a phone too: Hint 1 first, as they are read (ut46 #11)
            st.info("\n\n".join(words.hint_line(k, hint) for k, hint in shown))


def render() -> None:
    """Draw the puzzles page (on a phone in another order: :func:`phone_css`)."""
    st.html(f"<style>{phone_css()}</style>")
    _sidebar()
    read_link()
    run = current()
    # A wrong link's message stands at the top (seen on a phone) until the first press.
    link_problem = run.notice if run.sowing is None and run.notice is not None and run.notice.kind == "error" else None
    if link_problem is not None:
        st.error(link_problem.text)
    with st.container(key=f"{state.Keys.PUZZLE}picker"):
        ids = _picker(run)
        run = current()
        _more(run)
    run.rule_ids = state.session().prefs.rule_ids
    puzzle = run.puzzle
    code = puzzle_code(puzzle.id)
    state.session().puzzle_link = code
    state.set_query("puzzle", code)  # every run: a run cut short after a puzzle opened never leaves the old link
    st.subheader(f"{puzzle_name(puzzle.id)} {words.level_word(level_of(puzzle))}")
    st.caption(words.puzzle_caption(puzzle.game_rules, puzzle.id == today()))
    if run.rates_next:  # ut46 #1: the rating My practice shows moves here too, and the page said nothing
        st.caption(words.puzzle_rated_line(puzzle.game_rules.game))
    if run.cited():  # a teacher's badges; a learner sees the task only (the rules practised tell the answer)
        st.markdown(" ".join(f":gray-badge[{r}] {words.rule_title(r)}" for r in run.cited()))
    # The counts a press changed (solved, tried) wait for its seeds, in the sidebar and below the board.
    sown = reveal.pending(run, state.Keys.PUZZLE_BOARD)
    summary = state.session().progress.summary(len(frame.catalogue()))
    before = run.counts_before(summary) if sown else summary
    frame.progress(summary, before, sown)
    play(run, state.Keys.PUZZLE_BOARD, state.Keys.PUZZLE, lambda: _moves_on(run, ids),
         hidden=link_problem)
    with st.container(key=f"{state.Keys.PUZZLE}foot"):
        reveal.until_sown(f"{state.Keys.PUZZLE}counts", sown if before != summary else None,
                          lambda: st.caption(words.session_counts(before.puzzles_first_try, before.puzzles_helped,
                                                                  before.puzzles_tried)),
                          lambda: st.caption(words.session_counts(summary.puzzles_first_try, summary.puzzles_helped,
                                                                  summary.puzzles_tried)))
        st.caption(words.label("share_puzzle"))
        st.code(f"{state.app_url()}?puzzle={puzzle_code(puzzle.id)}{lang.link_suffix()}", language=None)
