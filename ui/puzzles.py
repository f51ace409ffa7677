"""The puzzles page: pick a puzzle, press pits to answer, hints, explanations, share links.

Behaviour lives in ``tutor.puzzle.PuzzleActivity``; this module draws it,
reads ``?puzzle=<id>`` once per link, and wires the buttons.
"""

from __future__ import annotations

import datetime as dt

import streamlit as st

from lessons.models import Puzzle
from tutor import words
from tutor.activity import Notice
from tutor.puzzle import PuzzleActivity, display_name, next_in, pick, puzzle_of_the_day
from ui import board, frame, lang, live, reveal, state

ALL = "all"
STARS = (0, 1, 2, 3)
"""Difficulty choices: 0 is any."""


def today() -> str:
    """The id of today's puzzle."""
    return puzzle_of_the_day(frame.puzzles(), dt.date.today())


def puzzle_name(pid: str) -> str:
    """A puzzle's name for the menu and the heading: ``"The full lap · puzzle 3 of 5"``."""
    return display_name(frame.puzzles(), pid)


def open_puzzle(pid: str) -> None:
    """Button callback: open puzzle ``pid`` (a fresh try)."""
    state.open_puzzle(frame.puzzles()[pid])


def current() -> PuzzleActivity:
    """The puzzle on screen; the puzzle of the day when there is none yet."""
    run = state.session().puzzle
    if run is None:
        run = state.open_puzzle(frame.puzzles()[today()])
    elif run.puzzle is not frame.puzzles().get(run.puzzle.id, run.puzzle):
        run.puzzle = frame.puzzles()[run.puzzle.id]  # the language changed: same puzzle, other words
    return run


def read_link() -> None:
    """Open ``?puzzle=<id>`` once per link; an unknown id opens the puzzle of the day with an
    error notice that stays until the first press (a rerun does not lose it)."""
    wanted = state.query("puzzle")
    session = state.session()
    if not wanted or session.puzzle_link == wanted:
        return None
    session.puzzle_link = wanted
    pool = frame.puzzles()
    if wanted in pool:
        if session.puzzle is None or session.puzzle.puzzle.id != wanted:
            state.open_puzzle(pool[wanted])
        return
    day = today()
    run = state.open_puzzle(pool[day])
    session.puzzle_link = day
    run.notice = Notice("error", words.no_such_puzzle(wanted, day))


def _picked(key: str) -> None:
    """Menu callback: open the puzzle chosen in the menu ``key``."""
    pid = st.session_state.get(key)
    if pid is not None and pid in frame.puzzles() and pid != current().puzzle.id:
        open_puzzle(pid)


def _picker(run: PuzzleActivity) -> None:
    pool = frame.puzzles()
    cols = st.columns([3, 2, 3])
    theme = cols[0].selectbox(
        words.label("theme"), [ALL, *words.theme_entries()], key=state.Keys.PUZZLE_THEME,
        format_func=lambda t: words.label("all_themes") if t == ALL else words.theme_entries()[t].title,
    )
    stars = cols[1].selectbox(words.label("difficulty"), STARS, key=state.Keys.PUZZLE_STARS,
                              format_func=lambda n: words.stars_word(n) if n else words.label("any"))
    ids = pick(pool, None if theme == ALL else theme, int(stars))
    if not ids:
        cols[2].caption(words.label("no_puzzle_here"))
        return
    key = f"{state.Keys.PUZZLE_CHOICE}{theme}_{stars}"
    # The menu follows the run: Next puzzle / Puzzle of the day / a link change the run, and a
    # keyed selectbox would otherwise keep (and switch back to) its own old value.
    st.session_state[key] = run.puzzle.id if run.puzzle.id in ids else None
    cols[2].selectbox(
        words.puzzles_menu(len(ids)), ids, key=key, on_change=_picked, args=(key,),
        format_func=lambda pid: f"{puzzle_name(pid)} {words.stars_word(pool[pid].stars)}",
        placeholder=words.label("choose_puzzle"),
    )
    row = st.container(horizontal=True)
    row.button(words.label("next_puzzle"), key=f"{state.Keys.PUZZLE}next", on_click=open_puzzle,
               args=(next_in(ids, run.puzzle.id),), icon=":material/skip_next:")
    row.button(words.label("puzzle_of_the_day"), key=f"{state.Keys.PUZZLE}today", on_click=open_puzzle,
               args=(today(),), icon=":material/today:")


def _solved(run: PuzzleActivity, puzzle: Puzzle) -> None:
    st.markdown(f"{words.label('why')} {puzzle.explanation}")
    note = words.answers_note(puzzle.turns)
    if note:
        st.caption(note)
    if puzzle.line:
        st.caption(words.line_words(words.side_name(run.position.to_move), puzzle.line))
    if puzzle.value is not None:
        st.caption(words.best_play_finish(puzzle.value))


def render() -> None:
    """Draw the puzzles page."""
    read_link()
    run = current()
    # A wrong link's message stands at the top (seen on a phone) until the first press.
    link_problem = run.notice if run.sowing is None and run.notice is not None and run.notice.kind == "error" else None
    if link_problem is not None:
        st.error(link_problem.text)
    _picker(run)
    run = current()
    puzzle = run.puzzle
    st.subheader(f"{puzzle_name(puzzle.id)} {words.stars_word(puzzle.stars)}")
    practised = ", ".join(f"{r} {words.rule_title(r)}" for r in puzzle.cites)
    st.caption(words.puzzle_caption(puzzle.game_rules, practised, puzzle.id == today()))
    st.markdown(words.you_are(puzzle.start.to_move, puzzle.task))
    if len(puzzle.answers) > 1 and not run.solved:
        st.caption(words.answers_count(len(puzzle.answers)))
    board.draw(run, state.Keys.PUZZLE_BOARD)
    with reveal.after_sowing("puzzle_verdict", run, state.Keys.PUZZLE_BOARD):
        if run.notice is not link_problem:
            reveal.notice(run)
        if run.solved:
            _solved(run, puzzle)
    row = st.container(horizontal=True)
    row.button(words.hint_button(run.hints, len(puzzle.hints)), key=f"{state.Keys.PUZZLE}hint", on_click=run.show_hint,
               disabled=run.hints >= len(puzzle.hints) or run.solved, icon=":material/lightbulb:")
    row.button(words.label("start_again"), key=f"{state.Keys.PUZZLE}reset", on_click=run.reset,
               icon=":material/restart_alt:")
    with row:
        live.ask_button(puzzle.game_rules, puzzle.start, "puzzle")
    for k in range(run.hints):
        st.info(words.hint_line(k + 1, puzzle.hints[k]))
    summary = state.session().progress.summary(len(frame.lessons()))  # below the board: never tells "Solved!" early
    st.caption(words.session_counts(summary.puzzles_solved, summary.puzzles_tried))
    st.caption(words.label("share_puzzle"))
    st.code(f"{state.app_url()}?puzzle={puzzle.id}{lang.link_suffix()}", language=None)
