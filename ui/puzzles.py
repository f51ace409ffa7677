"""The puzzles page: pick a puzzle, press pits to answer, hints, explanations, share links.

- :func:`click_pit` is the ONE click handler of the board (``ui.board.board``
  calls it with the pressed pit; tests call it directly). A press plays the
  pit with ``engine.play``; a turn that is one of the puzzle's ``answers``
  solves it; any other move is explained from the engine's ``MoveResult``
  (or ``IllegalMoveError.rule_id``) and the position goes back to the start.
- The puzzle run lives in ``st.session_state["puzzle_run"]`` (a
  :class:`PuzzleRun`); solved and attempted ids go into
  ``ui.state.progress()`` so Home and the sidebar can count them.
- A share link is ``?puzzle=<id>``; it is read when the page opens, and a
  bad id gives a clear message and the puzzle of the day instead.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from dataclasses import dataclass, field

import streamlit as st

from engine import IllegalMoveError, MoveResult, Position, play
from lessons.puzzles import THEMES, Puzzle, load_puzzles
from ui import state
from ui.announce import illegal_text, rule_title, side_name
from ui.board import Sowing, board
from ui.lesson import after_sowing, move_words

RUN_KEY = "puzzle_run"
LINK_KEY = "puzzle_link_seen"
ALL = "All themes"
STAR_CHOICES = ("Any", "★", "★★", "★★★")


@st.cache_resource(show_spinner=False)
def puzzles() -> dict[str, Puzzle]:
    """Every puzzle, loaded and checked once per server (``lessons.puzzles.load_puzzles``)."""
    return load_puzzles()


def puzzle_of_the_day(day: dt.date | None = None, pool: dict[str, Puzzle] | None = None) -> str:
    """The id of the day's puzzle: the same for everybody on a date, a different one the next day."""
    ids = sorted(pool if pool is not None else puzzles())
    day = day or dt.date.today()
    return ids[day.toordinal() % len(ids)]


def stars(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def number_in_theme(pid: str) -> tuple[int, int]:
    """``(k, n)``: puzzle ``pid`` is the k-th of the n puzzles of its theme (file order, k from 1)."""
    pool = puzzles()
    same = [q for q, p in pool.items() if p.theme == pool[pid].theme]
    return same.index(pid) + 1, len(same)


def puzzle_name(pid: str) -> str:
    """A puzzle's name for the menu and the heading: ``"The full lap · puzzle 3 of 5"``.

    Built from the theme and the puzzle's place in it (plus its ``title`` when
    the file gives one), never from the id, which may name the answer.
    """
    p = puzzles()[pid]
    k, n = number_in_theme(pid)
    name = f"{THEMES[p.theme][0]} · puzzle {k} of {n}"
    return f"{name}: {p.title}" if p.title else name


@dataclass
class PuzzleRun:
    """One learner's try at a puzzle.

    ``position``: what the board shows now (the start, or the middle of the
    learner's turn); ``results``: the moves of the turn so far; ``hints``:
    how many hints are shown; ``notice``: ``(kind, text)`` or ``None``;
    ``solved``: the turn reached the goal; ``tries``: wrong turns so far.
    ``sow_start``/``sow``/``sow_id``: what the board animates.
    """

    pid: str
    position: Position
    results: list[MoveResult] = field(default_factory=list)
    hints: int = 0
    notice: tuple[str, str] | None = None
    solved: bool = False
    tries: int = 0
    sow_start: Position | None = None
    sow: list[MoveResult] = field(default_factory=list)
    sow_id: int = 0
    shown_sow: int = -1
    """The ``sow_id`` the page last drew (a verdict waits for the animation only the first time)."""
    progress: dict | None = field(default=None, repr=False)
    """The session's ``ui.state.progress()`` dict, kept so the handler works from a test too."""

    @property
    def puzzle(self) -> Puzzle:
        return puzzles()[self.pid]


def start(pid: str) -> PuzzleRun:
    """Open puzzle ``pid`` (a fresh run) and make the share link point to it."""
    old = st.session_state.get(RUN_KEY)
    run = PuzzleRun(pid=pid, position=puzzles()[pid].start, progress=state.progress())
    if old is not None:
        run.sow_id = old.sow_id + 1
    st.session_state[RUN_KEY] = run
    with contextlib.suppress(Exception):  # no script context (a test calling the handler directly)
        st.query_params["puzzle"] = pid
    return run


def open_puzzle(pid: str) -> None:
    """Button callback: open puzzle ``pid`` (see :func:`start`)."""
    start(pid)


def _picked(key: str) -> None:
    """Selectbox callback: open the puzzle chosen in the menu ``key``."""
    pid = st.session_state.get(key)
    if pid is not None and pid in puzzles() and pid != current().pid:
        start(pid)


def current() -> PuzzleRun:
    """The run on screen; the puzzle of the day when there is none yet."""
    run = st.session_state.get(RUN_KEY)
    if run is None or run.pid not in puzzles():
        run = start(puzzle_of_the_day())
    return run


def _prefixes(puzzle: Puzzle) -> set[tuple[int, ...]]:
    return {t[:k] for t in puzzle.turns for k in range(1, len(t) + 1)}


def click_pit(pit: int, run: PuzzleRun | None = None) -> None:
    """The board's one click handler: the learner pressed ``pit`` (1..n, the mover's numbering).

    Plays the pit. While the learner's turn goes on (an extra turn, K9) and
    can still become an accepted answer, the board waits for the next pit.
    A finished turn that is one of the answers solves the puzzle. Anything
    else is explained (what the move did, why it misses the goal) and the
    board goes back to the puzzle's position. An illegal pit (empty, K5;
    not feeding, A5; a forbidden grand slam, A4) is explained by its rule
    and changes nothing. Presses after solving are ignored.
    """
    run = run or current()
    if run.solved:
        return
    puzzle = run.puzzle
    progress = run.progress if run.progress is not None else state.progress()
    progress["puzzles_attempted"].add(puzzle.id)
    before = run.position
    try:
        result = play(before, pit, puzzle.game_rules)
    except IllegalMoveError as exc:
        run.notice = ("warning", f"{illegal_text(exc.rule_id, str(exc))} Pit {pit} cannot be played here.")
        return
    run.results.append(result)
    run.sow_start, run.sow = before, [result]
    run.sow_id += 1
    turn = tuple(r.pit for r in run.results)
    if result.extra_turn and turn in _prefixes(puzzle):
        run.position = result.position
        run.notice = ("info", f"{move_words(result)} Still your turn: keep going.")
        return
    if not result.extra_turn and turn in puzzle.turns:
        run.position = result.position
        run.solved = True
        progress["puzzles_solved"].add(puzzle.id)
        run.notice = ("success", f"Solved! {move_words(result)}")
        return
    # a wrong move: explain it, then reset
    run.tries += 1
    if result.extra_turn:
        why = "That is an extra turn, but from here no order of moves reaches the goal."
    else:
        why = "Not this time: " + "; ".join(puzzle.judge(run.results)) + "."
    extra = puzzle.wrong.get(turn[0], "") if len(turn) == 1 or not result.extra_turn else ""
    text = f"{move_words(result)}\n\n{why}"
    if extra:
        text += f" {extra}"
    text += "\n\nThe board is back at the start: try again."
    run.notice = ("warning", text)
    run.results = []
    run.position = puzzle.start
    run.sow, run.sow_start = [], None  # no animation: the board shows the start again


def show_hint(run: PuzzleRun | None = None) -> None:
    """Show one more hint (gentle first, explicit last)."""
    run = run or current()
    run.hints = min(run.hints + 1, len(run.puzzle.hints))


def reset(run: PuzzleRun | None = None) -> None:
    """Back to the puzzle's position (hints stay shown)."""
    run = run or current()
    run.position, run.results, run.notice, run.solved = run.puzzle.start, [], None, False
    run.sow, run.sow_start = [], None
    run.sow_id += 1


def pool(theme: str, star_choice: str) -> list[str]:
    """Puzzle ids for a theme (or all) and a difficulty (``"Any"`` or ``"★★"``), in file order."""
    want = STAR_CHOICES.index(star_choice) if star_choice in STAR_CHOICES else 0
    return [
        p.id for p in puzzles().values()
        if (theme == ALL or p.theme == theme) and (want == 0 or p.stars == want)
    ]


def next_in_pool(run: PuzzleRun, ids: list[str]) -> str | None:
    """The puzzle after ``run``'s in ``ids`` (wrapping round), ``None`` if ``ids`` is empty."""
    if not ids:
        return None
    if run.pid in ids:
        return ids[(ids.index(run.pid) + 1) % len(ids)]
    return ids[0]


def read_link() -> str | None:
    """Open ``?puzzle=<id>`` once per link; return an error sentence for an unknown id."""
    try:
        wanted = st.query_params.get("puzzle")
    except Exception:  # noqa: BLE001 - no script context  # pragma: no cover
        return None
    if not wanted or st.session_state.get(LINK_KEY) == wanted:
        return None
    st.session_state[LINK_KEY] = wanted
    if wanted in puzzles():
        run = st.session_state.get(RUN_KEY)
        if run is None or run.pid != wanted:
            start(wanted)
        return None
    today = puzzle_of_the_day()
    start(today)
    st.session_state[LINK_KEY] = today
    return (
        f"There is no puzzle called {wanted!r}. Puzzle ids look like {today!r}; "
        f"here is the puzzle of the day instead."
    )


# ----------------------------------------------------------------- drawing


def _picker(run: PuzzleRun) -> None:
    themes = [ALL, *THEMES]
    cols = st.columns([3, 2, 3])
    theme = cols[0].selectbox(
        "Theme", themes, key="puzzle_theme",
        format_func=lambda t: t if t == ALL else THEMES[t][0],
    )
    star_choice = cols[1].selectbox("Difficulty", STAR_CHOICES, key="puzzle_stars")
    ids = pool(theme, star_choice)
    if not ids:
        cols[2].caption("No puzzle has this theme and difficulty.")
        return
    key = f"puzzle_choice_{theme}_{star_choice}"
    # The menu follows the run: Next puzzle / Puzzle of the day / a link change the run, and a
    # keyed selectbox would otherwise keep (and switch back to) its own old value.
    st.session_state[key] = run.pid if run.pid in ids else None
    cols[2].selectbox(
        f"Puzzle ({len(ids)})", ids, key=key, on_change=_picked, args=(key,),
        format_func=lambda pid: f"{puzzle_name(pid)} {stars(puzzles()[pid].stars)}",
        placeholder="Choose a puzzle",
    )
    row = st.container(horizontal=True)
    nxt = next_in_pool(run, ids)
    row.button("Next puzzle", key="puzzle_next", on_click=open_puzzle, args=(nxt,), icon=":material/skip_next:")
    row.button("Puzzle of the day", key="puzzle_today", on_click=open_puzzle, args=(puzzle_of_the_day(),),
               icon=":material/today:")


def render() -> None:
    """Draw the puzzles page."""
    state.init()
    error = read_link()
    run = current()
    puzzle = run.puzzle
    if error:
        st.error(error)
    _picker(run)
    run = current()
    puzzle = run.puzzle

    day = " · puzzle of the day" if run.pid == puzzle_of_the_day() else ""
    st.subheader(f"{puzzle_name(puzzle.id)} {stars(puzzle.stars)}")
    st.caption(
        f"{puzzle.game_rules.describe()} · practises "
        + ", ".join(f"{r} {rule_title(r)}" for r in puzzle.cites) + day
    )
    who = side_name(puzzle.start.to_move)
    st.markdown(f"**You are {who}. {puzzle.goal}**")
    if len(puzzle.answers) > 1 and not run.solved:
        st.caption(f"{len(puzzle.answers)} different answers count.")

    start_pos = run.sow_start
    ok = bool(run.sow) and start_pos is not None and run.sow[-1].position == run.position
    sowing = Sowing(start_pos, tuple(run.sow), str(run.sow_id)) if ok and start_pos is not None else None
    n = puzzle.game_rules.pits
    last = run.sow[-1] if run.sow else None
    on_pit = None if run.solved else click_pit
    board(
        run.position,
        puzzle.game_rules, key="puzzle_board",
        path=last.path if last else (),
        origin=(last.mover, last.pit) if last else None,
        on_pit=on_pit,
        playable=[p for p in range(1, n + 1) if run.position.row(run.position.to_move)[p - 1]] if on_pit else (),
        sowing=sowing,
        current=lambda: current().position,
        turn_text="Solved! Read why below." if run.solved else f"{who} to move: press a pit",
    )
    fresh = run.shown_sow != run.sow_id
    run.shown_sow = run.sow_id
    with after_sowing("puzzle_verdict", sowing, fresh):
        if run.notice:
            kind, text = run.notice
            getattr(st, kind)(text)

        if run.solved:
            st.markdown(f"**Why:** {puzzle.explanation}")
            if puzzle.answer_note():
                st.caption(puzzle.answer_note())
            if puzzle.line:
                first = run.results[-1] if run.results else None
                side = side_name(first.position.to_move) if first else ""
                st.caption(f"How it goes on with best play (from {side}): " + ", ".join(map(str, puzzle.line)) + ".")
            if puzzle.value is not None:
                v = puzzle.value
                st.caption(f"With best play you finish {abs(v)} seed{'s' if abs(v) != 1 else ''} "
                           f"{'ahead' if v > 0 else 'behind' if v < 0 else 'level (a draw)'}.")

    row = st.container(horizontal=True)
    row.button(
        f"Hint ({run.hints}/{len(puzzle.hints)})", key="puzzle_hint", on_click=show_hint,
        disabled=run.hints >= len(puzzle.hints) or run.solved, icon=":material/lightbulb:",
    )
    row.button("Start again", key="puzzle_reset", on_click=reset, icon=":material/restart_alt:")
    for k in range(run.hints):
        st.info(f"Hint {k + 1}: {puzzle.hints[k]}")
    summary = state.progress_summary()  # below the board: the count must not tell "Solved!" early
    st.caption(f"This session: {summary['puzzles_solved']} solved, {summary['puzzles_attempted']} tried.")
    st.caption("Share this puzzle:")
    st.code(f"?puzzle={puzzle.id}", language=None)
