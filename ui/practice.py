"""My practice: puzzles near the learner's rating, streaks, and the dashboard of rating and themes.

What is served and how ratings and streaks move is ``tutor.practice`` and ``tutor.ratings``; a puzzle
is played with the Puzzles page's player (``ui.puzzles.play``), its first try rated by the activity
itself (``PuzzleActivity.ratings``). What a press changes (the rating and its "+12", the streak, the
charts) waits for the board to sow it, as the Puzzles page's counts do (``ui.reveal``): it would tell
"Solved!" early. A store that is away leaves the ratings in place and the page says progress is not being
saved (``ui.wiring.GuardedRatings``). Each puzzle is headed by its rating and how it stands against the
learner's (``tutor.practice.against``), both as they were when it was served: stars stop at 3★ for a
strong learner, ratings keep moving. ``?game=&theme=`` (the Puzzles page's "More puzzles") chooses the game
and the theme once.
"""

from __future__ import annotations

import streamlit as st

from tutor import words
from tutor.practice import (
    RECENT,
    Streak,
    against,
    practice_themes,
    rating_of,
    recently_solved,
    serve,
    theme_scores,
    themes_of,
    variant_of,
    weakest_theme,
)
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity
from tutor.puzzle_pool import find_puzzle, puzzle_code
from tutor.ratings import VARIANTS, now, provisional_before
from ui import frame, practice_dashboard, puzzles, reveal, state

K = state.Keys.PRACTICE
BOARD = state.Keys.PRACTICE_BOARD
MODES = ("rated", "streak")
SERVED_KEPT = 40
"""How many puzzles served this session (skipped, missed, solved) wait before they are served again."""


def variant() -> str:
    """The game chosen (``tutor.ratings.VARIANTS``)."""
    chosen = st.session_state.get(f"{K}game")
    return chosen if chosen in VARIANTS else VARIANTS[0]


def mode() -> str:
    """``"rated"`` (puzzles near the rating) or ``"streak"``."""
    chosen = st.session_state.get(f"{K}mode")
    return chosen if chosen in MODES else MODES[0]


def themes() -> list[str]:
    """The themes chosen that the game has (none: the learner's weakest)."""
    have = themes_of(frame.practice_puzzles(), variant())
    return [t for t in st.session_state.get(f"{K}themes") or [] if t in have]


def _open(pid: str, linked: bool = False) -> PuzzleActivity:
    """Open ``pid``, chosen by the session's ratings as they are now (``linked``: by the page's address)."""
    sess = state.session()
    run = PuzzleActivity(frame.practice_puzzles()[pid], sess.progress)
    run.ratings = sess.ratings
    sess.practice = run
    st.session_state[f"{K}served_by"] = (sess.ratings, linked)
    _size(run)
    return run


def _size(run: PuzzleActivity) -> tuple[float, float]:
    """The puzzle's rating and the learner's as they were when it was served (points; kept for its heading,
    which a solve would otherwise change under the learner's eyes)."""
    kept = st.session_state.get(f"{K}sized")
    if kept is not None and kept[0] == run.puzzle.id:
        return kept[1], kept[2]
    ratings = state.session().ratings
    sized = (rating_of(run.puzzle, ratings.puzzle_ratings()).rating, ratings.rating(run.rules.game).rating)
    st.session_state[f"{K}sized"] = (run.puzzle.id, *sized)
    return sized


def _read_link() -> None:
    """Open ``?practice=<code>`` once per link (its own name: the Puzzles page's ``?puzzle=`` is
    another puzzle): a reload or a second tab goes on with the puzzle on screen (a missed one too), in its
    game; not in a streak."""
    wanted = state.query("practice")
    if not wanted or st.session_state.get(f"{K}link") == wanted:
        return
    st.session_state[f"{K}link"] = wanted
    sess = state.session()
    pool = frame.practice_puzzles()
    pid = find_puzzle(pool, wanted)
    if pid is None or sess.streak is not None or (sess.practice is not None and sess.practice.puzzle.id == pid):
        return
    st.session_state[f"{K}game"] = variant_of(pool[pid])
    _open(pid, linked=True)


def _read_theme_link() -> None:
    """Open ``?game=<game>&theme=<theme>`` (the Puzzles page's "More puzzles"): that game, puzzles for
    me from that theme, a puzzle of it served now (near the learner's rating); the two parameters are
    then dropped, so a reload goes on with the puzzle served. A game or theme unknown changes nothing."""
    theme, game = state.query("theme"), state.query("game")
    if theme is None and game is None:
        return
    state.drop_query("theme")
    state.drop_query("game")
    if game not in VARIANTS or theme not in themes_of(frame.practice_puzzles(), game):
        return
    st.session_state[f"{K}game"], st.session_state[f"{K}mode"] = game, "rated"
    st.session_state[f"{K}themes"] = [theme]
    sess = state.session()
    sess.streak = None
    if sess.practice is None or sess.practice.puzzle.theme != theme or sess.practice.rules.game != game \
            or sess.practice.solved:
        serve_next()


def _served_blind(run: PuzzleActivity) -> bool:
    """Whether ``run`` was opened before the learner's code was bound (by ratings kept in memory, which
    know none of their solves) and is still untouched, and their store now says to serve another: one
    served is chosen again from their store; one opened by the address only when they solved it within
    ``tutor.practice.RECENT`` (a reload after a solve)."""
    sess = state.session()
    by, linked = st.session_state.get(f"{K}served_by", (sess.ratings, False))
    if by is sess.ratings:
        return False
    st.session_state[f"{K}served_by"] = (sess.ratings, linked)
    if sess.streak is not None or run.moved or run.hints or run.solved:
        return False
    return not linked or run.puzzle.id in sess.ratings.recently_solved(now() - RECENT)


def solved_here() -> set[str]:
    """The puzzles solved in this session that its ratings may not know of: with progress kept in memory
    (no learner code yet, or no database), every puzzle solved, at any try, on My practice or Puzzles
    (it lives for this session only, so each solve is recent); with a store, none (the store knows)."""
    progress = state.session().progress
    if not isinstance(progress, Progress):
        return set()
    return {pid for pid, rec in progress.puzzles().items() if rec.solved}


def serve_next() -> None:
    """Next puzzle: the nearest to the learner's rating of the themes chosen (or the weakest), never
    the one on screen nor one solved this week, one served this session only when no other is left
    (``tutor.practice.serve``); none left: none on screen."""
    sess = state.session()
    skip = {sess.practice.puzzle.id} if sess.practice is not None else set()
    served: list[str] = st.session_state.setdefault(f"{K}served", [])
    tried = set(sess.progress.puzzles())
    pid = serve(frame.practice_puzzles(), variant(), themes(), sess.ratings, tried, skip, waiting=served,
                solved=solved_here(), previous=served[-2:])
    sess.practice = None if pid is None else _open(pid)
    if pid is not None:
        served[:] = [p for p in served if p != pid][-(SERVED_KEPT - 1):] + [pid]


def next_in_streak() -> None:
    """The streak's next puzzle, harder than the last (none left: the streak is won)."""
    sess = state.session()
    streak = sess.streak
    if streak is None:
        return
    pid = streak.next(frame.practice_puzzles(), sess.ratings.puzzle_ratings(), sess.ratings.rating(streak.variant).rating,
                      set(sess.progress.puzzles()), recently_solved(sess.ratings, solved=solved_here()))
    if pid is not None:
        _open(pid)


def new_streak() -> None:
    """Start a new streak in the game chosen."""
    sess = state.session()
    game = variant()
    sess.streak = Streak(game, best=sess.ratings.best_streak(game))
    next_in_streak()


def _changed() -> None:
    """The game, the mode or the themes changed: a new puzzle (a new streak)."""
    sess = state.session()
    sess.streak = None
    if mode() == "streak":
        new_streak()
    else:
        serve_next()


def current() -> PuzzleActivity | None:
    """The puzzle on screen, served when there is none of this game yet; ``None`` when none is left."""
    sess = state.session()
    run = sess.practice
    pool = frame.practice_puzzles()
    if run is None or run.rules.game != variant() or (mode() == "streak") != (sess.streak is not None):
        _changed()
        run = sess.practice
    elif _served_blind(run):
        served = st.session_state.get(f"{K}served", [])
        if run.puzzle.id in served:
            served.remove(run.puzzle.id)
        sess.practice = None
        serve_next()
        run = sess.practice
    elif run.puzzle is not pool.get(run.puzzle.id, run.puzzle):
        run.puzzle = pool[run.puzzle.id]  # the language changed: same puzzle, other words
    return run


def _controls() -> None:
    """The game, what to play, and the themes (Puzzles for me only), in one row. Back from another page
    (Streamlit forgets a page's widgets when it is left), the game and mode are those of the puzzle on screen."""
    sess = state.session()
    if f"{K}game" not in st.session_state and sess.practice is not None:
        st.session_state[f"{K}game"] = sess.practice.rules.game
    if f"{K}mode" not in st.session_state:
        st.session_state[f"{K}mode"] = MODES[1] if sess.streak is not None else MODES[0]
    cols = st.columns([2, 2, 4], vertical_alignment="bottom")
    cols[0].selectbox(words.practice_label("game"), VARIANTS, key=f"{K}game", format_func=words.game_title,
                      on_change=_changed)
    cols[1].segmented_control(words.practice_label("mode"), MODES, key=f"{K}mode",
                              format_func=lambda m: words.practice_label(f"mode_{m}"), on_change=_changed)
    if mode() == "rated":
        entries = words.theme_entries()
        cols[2].multiselect(words.practice_label("themes"), themes_of(frame.practice_puzzles(), variant()), key=f"{K}themes",
                            format_func=lambda t: entries[t].title if t in entries else t, on_change=_changed,
                            placeholder=words.practice_label("weakest"))


def _rating(run: PuzzleActivity | None, game: str, sown: str | None) -> None:
    """The learner's rating in ``game`` (``"1290?"`` while provisional), and its change ("+12") after the
    puzzle's rated try: grey, not red, when a provisional rating went down (its steps are big at first). No
    change once a later try (the Puzzles page, another tab) moved the rating on: it was not this one's (ut48a #2)."""
    now = state.session().ratings.rating(game)
    rated = run.rated if run is not None else None
    title = words.rating_title(game)
    if rated is None or rated.variant != game or round(rated.rating) != now.shown:
        st.metric(title, words.rating_value(now.shown, now.provisional), width="content")
        return
    before = provisional_before(state.session().ratings.history(game), rated, now)
    reveal.until_sown(f"{K}rating", sown if run is not None and practice_dashboard.just_rated(run) else None,
                      lambda: st.metric(title, words.rating_value(round(rated.rating - rated.change), before),
                                        width="content"),
                      lambda: st.metric(title, words.rating_value(now.shown, now.provisional),
                                        words.signed(rated.shown_change), width="content",
                                        delta_color="off" if now.provisional and rated.shown_change < 0 else "normal"))


def _streak_words(run: PuzzleActivity) -> None:
    """After a streak's puzzle: the streak and the best, or why it is over; Next puzzle when it goes on."""
    streak = state.session().streak
    if streak is None:
        return
    if streak.over:
        st.warning(words.streak_over(streak.length))
    elif streak.won:
        st.success(words.streak_won(streak.length))
    elif run.solved and streak.counted:
        st.markdown(words.streak_now(streak.length, max(streak.best, streak.length)))
        if streak.new_best:
            st.markdown(words.new_best(streak.length))
        st.button(words.practice_label("next"), key=f"{K}streak_next", on_click=next_in_streak, type="primary",
                  icon=":material/skip_next:")
    if streak.won or streak.over:
        st.caption(words.streak_now(streak.length, max(streak.best, streak.length)))


def _verdict(run: PuzzleActivity) -> None:
    """Beside the verdict, once the seeds are down: how the rating moved (or why not), the streak."""
    if run.rated is not None:
        moved = run.rated.shown_change, round(run.rated.rating), bool(run.rated.provisional)
        if run.rated.hinted:  # solved after a hint, no wrong move: half a solve (tutor.ratings.HINTED_SCORE)
            st.markdown(words.rating_moved_after_hint(run.rated.shown_change, round(run.rated.rating)))
        elif run.solved and not run.rated.solved:  # a solve after the rated miss: said why it went down
            st.markdown(words.rating_moved_after_miss(*moved))
        else:
            st.markdown(words.rating_moved(*moved))
    elif run.solved or (run.missed is not None and run.missed.turn.complete):
        now = state.session().ratings.rating(run.rules.game)
        st.caption(words.rating_unchanged(now.shown))
    _streak_words(run)


def _moves_on(run: PuzzleActivity) -> None:
    if state.session().streak is not None:
        st.button(words.practice_label("new_streak"), key=f"{K}streak", on_click=new_streak,
                  icon=":material/local_fire_department:")
    else:
        st.button(words.practice_label("next"), key=f"{K}next", on_click=serve_next, icon=":material/skip_next:")


def _judge_streak(run: PuzzleActivity) -> None:
    """Count the streak's puzzle on screen once it is solved or missed (each once: ``Streak.judged``)."""
    sess = state.session()
    streak = sess.streak
    if streak is None or not streak.served or streak.served[-1] != run.puzzle.id:
        return
    if run.solved:
        streak.judged(True, run.tries == 0 and run.hints == 0, sess.ratings)
    elif run.missed is not None:
        streak.judged(False, False)


def _rules(run: PuzzleActivity | None, game: str) -> None:
    """How the rating (or the streak) goes and why this theme, folded beside the rating, so a phone shows
    the board on its first screen (ut44 #5); unfolded it pushes the puzzle down, covering nothing (an
    expander, not a popover: ut45 #4)."""
    sess = state.session()
    with st.expander(words.practice_label("rules"), icon=":material/info:", key=f"{K}rules"):
        if sess.streak is not None:
            st.caption(words.streak_rule())
            return
        st.caption(words.first_try_rule())
        if not themes():
            weakest = weakest_theme(theme_scores(sess.ratings.history(game), frame.practice_puzzles()),
                                    practice_themes(frame.practice_puzzles(), game))
            if weakest is not None and run is not None and run.puzzle.theme == weakest:
                st.caption(words.weakest_is(words.theme_entries()[weakest].title))


def render() -> None:
    """Draw the Practice page (on a phone the feedback right below the board, the menus and the dashboard
    after the puzzle: ``ui.puzzles.phone_css``), the rating, the task and the board on a phone's first screen."""
    st.html(f"<style>{puzzles.phone_css(K, ('controls', 'dashboard'))}</style>")
    sess = state.session()
    _read_theme_link()
    _read_link()
    with st.container(key=f"{K}controls"):
        _controls()
    run = current()
    game = variant()
    if run is not None:
        code = puzzle_code(run.puzzle.id)
        st.session_state[f"{K}link"] = code
        state.set_query("practice", code)  # a reload, a second tab: the same puzzle (_read_link)
        run.rule_ids = sess.prefs.rule_ids
        _judge_streak(run)
    sown = reveal.pending(run, BOARD) if run is not None else None
    with st.container(horizontal=True, vertical_alignment="center", key=f"{K}top"):
        _rating(run, game, sown)
        _rules(run, game)
    if sess.ratings.rating(game).provisional:  # the "?" said in words, under the rating
        st.caption(words.rating_provisional())
    summary = sess.progress.summary(len(frame.catalogue()))
    if run is None:
        frame.progress(summary)
        st.info(words.nothing_left())
    else:
        before = run.counts_before(summary) if sown else summary
        frame.progress(summary, before, sown)
        # the puzzle's rating, not its stars: every puzzle a strong learner meets is 3★ (tutor.practice.against)
        rating, learner = _size(run)
        st.subheader(words.puzzle_heading(puzzles.puzzle_name(run.puzzle.id, frame.practice_puzzles()), round(rating)))
        st.caption(words.against_you(against(rating, learner)))
        note = words.hint_rule() if run.rates_next and run.hints < len(run.puzzle.hints) else None
        puzzles.play(run, BOARD, K, lambda: _moves_on(run), lambda: _verdict(run), hint_note=note, fit_bar=True)
    with st.container(key=f"{K}dashboard"):
        practice_dashboard.dashboard(game, run, sown)


__all__ = ["MODES", "current", "mode", "new_streak", "next_in_streak", "render", "serve_next", "themes", "variant"]
