"""My practice's dashboard: the learner's rating puzzle by puzzle and their strong and weak themes, drawn
once the seeds of the press that rated a try are down (``ui.reveal``)."""

from __future__ import annotations

import streamlit as st

from tutor import words
from tutor.practice import practice_themes, theme_scores, themes_said
from tutor.puzzle import PuzzleActivity
from tutor.ratings import RatedTry
from ui import frame, practice_charts, reveal, state

K = state.Keys.PRACTICE


def just_rated(run: PuzzleActivity) -> bool:
    """The last press rated the try: the solve at the first try, or the first miss (its sowing on the board)."""
    return run.rated is not None and ((run.solved and run.tries == 0) or (run.missed is not None and run.tries == 1))


def _charts(history: list[RatedTry], tag: str, game: str) -> None:
    scores = theme_scores(history, frame.practice_puzzles())
    strongest, to_practise = themes_said(scores, practice_themes(frame.practice_puzzles(), game))
    left, right = st.columns(2, gap="medium")
    now = state.session().ratings.rating(game)
    left.plotly_chart(practice_charts.rating_figure(history, now), key=f"{K}chart_rating_{tag}",
                      config={"displayModeBar": False})
    with right:
        st.plotly_chart(practice_charts.themes_figure(scores), key=f"{K}chart_themes_{tag}",
                        config={"displayModeBar": False})
        titles = words.theme_entries()
        if strongest is not None:
            st.markdown(words.strongest_theme(titles[strongest].title))
        if to_practise is not None:  # the theme Practice serves (the same rule: tutor.practice.weakest_theme)
            st.markdown(words.practise_next(titles[to_practise].title))


def dashboard(game: str, run: PuzzleActivity | None, sown: str | None) -> None:
    """The rating puzzle by puzzle and the themes; the press just rated joins them once its seeds are down."""
    st.subheader(words.practice_label("dashboard"))
    history = state.session().ratings.history(game)
    if not history:
        st.caption(words.no_chart_yet())
        return
    waiting = sown if run is not None and run.rated is not None and just_rated(run) \
        and history[-1].puzzle_id == run.rated.puzzle_id else None
    with st.container(key=f"{K}dash"):
        reveal.until_sown(f"{K}dash_", waiting, lambda: _charts(history[:-1], "before", game) if history[:-1] else
                          st.caption(words.no_chart_yet()), lambda: _charts(history, "now", game))


__all__ = ["dashboard", "just_rated"]
