"""Charts of what moves do: the Move outcomes page and the sandbox's game story.

Pure helpers (tests call them without a browser) build rows, figures and
tables; ``render_*`` functions draw them with Streamlit. Every number comes
from the engine: what a move does now from ``engine.play``'s ``MoveResult``,
what it leads to from ``engine.analyse``. Colours come from plotly's
colour-blind-safe palette (``px.colors.qualitative.Safe``) and every bar
also carries its number as text.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st
from plotly.subplots import make_subplots

from engine import (
    SOUTH,
    Game,
    NotationError,
    Position,
    Rules,
    analyse,
    legal_moves,
    play,
    rules_for_position,
    rules_from_params,
)

SAFE = px.colors.qualitative.Safe
COLOURS = {
    "store": SAFE[0],
    "captured": SAFE[1],
    "handed": SAFE[2],
    "win": SAFE[3],
    "draw": SAFE[9] if len(SAFE) > 9 else SAFE[4],
    "loss": SAFE[4],
    "estimate": SAFE[5],
    "south": SAFE[0],
    "north": SAFE[1],
    "eval": SAFE[6],
    "blunder": SAFE[4],
}
THINK_TIMES = {"quick (0.3 s)": 300, "normal (1 s)": 1000, "deep (3 s)": 3000}
TABLE_COLUMNS = [
    "pit", "seeds", "into_store", "captured", "handed_to_opponent", "extra_turn", "game_end",
    "value", "result", "exact", "depth", "best_line", "summary",
]


def side_word(side: str) -> str:
    return "South" if side == SOUTH else "North"


def int_step(span: float, ticks: int = 6) -> int:
    """A whole-number tick step (1, 2, 5, 10, 20, ...) giving about ``ticks`` ticks over ``span``.

    Seeds and moves are counted in whole numbers: an axis of them never shows 0.5.

    >>> [int_step(s) for s in (1, 4, 6, 13, 30, 48, 120)]
    [1, 1, 1, 5, 5, 10, 20]
    """
    raw = max(float(span), 1.0) / max(ticks, 1)
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= raw:
                return step * m
        step *= 10


def int_axis(lo: float, hi: float, ticks: int = 6) -> dict[str, Any]:
    """Axis settings for whole numbers from ``lo`` to ``hi``: range plus integer ticks ("d" format)."""
    return {"range": [lo, hi], "tickmode": "linear", "tick0": 0, "dtick": int_step(hi - lo, ticks),
            "tickformat": "d"}


# ------------------------------------------------------------ what a move does


def _value_words(value: int, exact: bool, depth: int) -> str:
    if value > 0:
        text = f"best play wins by {value}"
    elif value < 0:
        text = f"best play loses by {-value}"
    else:
        text = "best play draws"
    if not exact:
        text += f" (estimate, {depth} moves ahead)"
    return text


def move_rows(position: Position, rules: Rules, time_ms: int = 1000) -> list[dict[str, Any]]:
    """One row per legal pit: what the move does now and what it leads to.

    Keys: ``pit`` (1..n, the mover's own numbering), ``seeds`` lifted,
    ``into_store`` (seeds sown into the mover's store, K7), ``captured``
    (``MoveResult.captured``: K10/A3), ``handed_to_opponent`` (seeds sown
    into the opponent's row), ``extra_turn`` (K9), ``game_end`` (K14/A6),
    ``value`` (final store difference with best play, mover's view),
    ``result`` ("win"/"draw"/"loss", or "estimate"), ``exact``, ``depth``
    (plies; 1000 when exact), ``best_line`` (pits of the best line, "3 6 2"),
    ``summary`` (the hover text in words). Empty when the game is over.
    """
    values = {m.pit: m for m in analyse(position, rules, time_ms=time_ms)}
    mover = position.to_move
    rows = []
    for pit in legal_moves(position, rules):
        res = play(position, pit, rules)
        mine = sum(1 for p in res.path if p.side == mover and p.is_store)
        handed = sum(1 for p in res.path if p.side != mover and not p.is_store)
        mv = values[pit]
        exact = mv.exact
        result = mv.outcome if exact else "estimate"
        rows.append(
            {
                "pit": pit,
                "seeds": position.row(mover)[pit - 1],
                "into_store": mine,
                "captured": res.captured,
                "handed_to_opponent": handed,
                "extra_turn": res.extra_turn,
                "game_end": res.game_over,
                "value": mv.value,
                "result": result,
                "exact": exact,
                "depth": mv.depth,
                "best_line": " ".join(map(str, mv.pv)),
                "summary": move_summary(pit, res, mv.value, exact, mv.depth),
            }
        )
    return rows


def move_summary(pit: int, res: Any, value: int, exact: bool, depth: int) -> str:
    """The move in words, e.g. "pit 3: last seed in your store, move again; best play wins by 4"."""
    now = []
    last = res.last
    if res.extra_turn:
        now.append("last seed in your store, move again")
    if res.captured:
        now.append(f"captures {res.captured} seeds")
    if res.game_over:
        now.append("ends the game")
    if not now:
        if last.side == res.mover and last.is_store:
            now.append("last seed in your store")
        elif last.side == res.mover:
            now.append(f"last seed in your pit {last.pit}")
        else:
            now.append(f"last seed in the opponent's pit {last.pit}")
    return f"pit {pit}: {', '.join(now)}; {_value_words(value, exact, depth)}"


def outcomes_frame(rows: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """The rows as a table with fixed columns (see :func:`move_rows`)."""
    return pd.DataFrame(list(rows), columns=TABLE_COLUMNS)


def outcomes_csv(rows: Sequence[dict[str, Any]]) -> bytes:
    return outcomes_frame(rows).to_csv(index=False).encode("utf-8")


def outcomes_figure(rows: Sequence[dict[str, Any]], mover: str) -> go.Figure:
    """Two bar charts over the legal pits: what happens now, and what it leads to."""
    pits = [f"pit {r['pit']}" for r in rows]
    hover = [r["summary"] for r in rows]
    fig = make_subplots(
        rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.14,
        subplot_titles=(
            f"What happens now ({side_word(mover)} moves)",
            "What it leads to: final store difference with best play",
        ),
    )
    for key, name, colour in (
        ("into_store", "Seeds into your store", COLOURS["store"]),
        ("captured", "Seeds captured", COLOURS["captured"]),
        ("handed_to_opponent", "Seeds handed to the opponent", COLOURS["handed"]),
    ):
        ys = [r[key] for r in rows]
        fig.add_trace(
            go.Bar(
                x=pits, y=ys, name=name, marker_color=colour,
                text=ys, textposition="outside", hovertext=hover,
                hovertemplate="%{hovertext}<br>" + name + ": %{y}<extra></extra>",
            ),
            row=1, col=1,
        )
    flags = []
    for r in rows:
        words = []
        if r["extra_turn"]:
            words.append("extra turn")
        if r["game_end"]:
            words.append("game ends")
        flags.append(", ".join(words))
    top = max([max(r["into_store"], r["captured"], r["handed_to_opponent"]) for r in rows] + [1])
    fig.add_trace(
        go.Scatter(
            x=pits, y=[top * 1.35] * len(rows), mode="text", text=flags, name="Extra turn / game end",
            textfont={"size": 13}, hoverinfo="skip", showlegend=False,
        ),
        row=1, col=1,
    )
    vals = [r["value"] for r in rows]
    colours = [COLOURS[r["result"]] if r["exact"] else COLOURS["estimate"] for r in rows]
    labels = [
        f"{r['value']:+d} {'exact' if r['exact'] else 'depth ' + str(r['depth'])}" for r in rows
    ]
    fig.add_trace(
        go.Bar(
            x=pits, y=vals, name="Value with best play", marker_color=colours,
            marker_pattern_shape=["" if r["exact"] else "/" for r in rows],
            text=labels, textposition="outside", hovertext=hover,
            hovertemplate="%{hovertext}<extra></extra>",
        ),
        row=2, col=1,
    )
    span = max([abs(v) for v in vals] + [2])
    fig.update_yaxes(title_text="seeds", range=[0, top * 1.6], row=1, col=1)
    fig.update_yaxes(title_text="you minus them", range=[-span * 1.4, span * 1.4], zeroline=True, row=2, col=1)
    fig.update_layout(
        barmode="group", height=560, margin={"l": 60, "r": 20, "t": 60, "b": 40},
        legend={"orientation": "h", "y": -0.08},
    )
    return fig


# ------------------------------------------------------------ the page


def rules_key(rules: Rules) -> tuple[tuple[str, str], ...]:
    """A hashable, cache-friendly description of the rules (``to_params`` fields)."""
    return tuple(sorted(rules.to_params().items()))


@st.cache_data(show_spinner=False, max_entries=256)
def cached_rows(notation: str, rules_items: tuple[tuple[str, str], ...], time_ms: int) -> list[dict[str, Any]]:
    """:func:`move_rows` cached per (notation, rules, thinking time)."""
    rules = rules_from_params(dict(rules_items))
    return move_rows(Position.from_notation(notation, rules), rules, time_ms)


def parse_pasted(text: str, game: str, options: dict[str, Any] | None = None) -> tuple[Position, Rules]:
    """A pasted notation and the chosen game: the position and its rules.

    Kalah: pits per side come from the notation, seeds per pit from the
    total (K2); ``options`` may set ``empty_capture``, ``end_rule``,
    ``capture_to``, ``early_win``. Raises ``NotationError``/``ValueError``
    with a message that quotes the input.
    """
    text = (text or "").strip()
    if not text:
        raise NotationError("paste a position first, e.g. 4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    pos = Position.from_notation(text)
    rules = rules_for_position(pos, game, **(options or {}))
    return Position.from_notation(text, rules), rules


def _source_sandbox() -> tuple[Position, Rules] | None:
    from ui import state

    sb = state.sandbox()
    return sb.game.position, sb.rules


def _source_lesson() -> tuple[Position, Rules] | None:
    from ui.lesson import lessons

    all_lessons = lessons()
    lid = st.selectbox(
        "Lesson", list(all_lessons), key="mo_lesson",
        format_func=lambda i: f"{all_lessons[i].number}. {all_lessons[i].title}",
    )
    lesson = all_lessons[lid]
    steps = list(lesson.steps)
    k = st.selectbox(
        "Step", range(len(steps)), key="mo_step",
        format_func=lambda i: f"{i + 1}. {steps[i].title}",
    )
    step = steps[k]
    return lesson.step_position(step), lesson.step_rules(step)


def _source_pasted() -> tuple[Position, Rules] | None:
    c1, c2 = st.columns([3, 1])
    text = c1.text_input(
        "Position (notation)", key="mo_notation", value="4,4,4,4,4,4/0/4,4,4,4,4,4/0/S",
        help="SOUTH_PITS/SOUTH_STORE/NORTH_PITS/NORTH_STORE/TO_MOVE, pits in each owner's numbering.",
    )
    game = c2.radio("Game", ["kalah", "oware"], key="mo_game",
                    format_func=lambda g: "Kalah" if g == "kalah" else "Awari (Oware)")
    options: dict[str, Any] = {}
    if game == "kalah":
        c1, c2 = st.columns(2)
        if c1.checkbox("Empty capture", key="mo_empty_capture"):
            options["empty_capture"] = True
        if c2.checkbox("Early win", key="mo_early_win"):
            options["early_win"] = True
        if c1.checkbox("The game ends only when the player to move is stuck", key="mo_stuck"):
            options["end_rule"] = "stuck"
        if c2.checkbox("Captured seeds go into the landing pit (house rule)", key="mo_capture_pit"):
            options["capture_to"] = "pit"
    else:
        gs = st.radio("Grand slam", ["no_capture", "illegal", "capture_all"], key="mo_grand_slam",
                      horizontal=True)
        options["grand_slam"] = gs
    try:
        return parse_pasted(text, game, options)
    except ValueError as exc:
        st.error(f"That position cannot be analysed: {exc}", icon=":material/error:")
        return None


SOURCES: dict[str, Callable[[], tuple[Position, Rules] | None]] = {
    "The sandbox position": _source_sandbox,
    "A lesson position": _source_lesson,
    "Paste a position": _source_pasted,
}


def render_outcomes_page() -> None:
    """The Move outcomes page body (below the title)."""
    st.caption(
        "For every pit the player to move may play: what the move does now, and what it leads to "
        "if both players then play their best. Values are the final store difference from the "
        "mover's view: +4 means the mover ends 4 seeds ahead."
    )
    c1, c2 = st.columns([2, 1])
    source = c1.radio("Position", list(SOURCES), key="mo_source", horizontal=True)
    think = c2.selectbox("Thinking time", list(THINK_TIMES), index=1, key="mo_think")
    picked = SOURCES[source]()
    if picked is None:
        return
    pos, rules = picked
    st.caption(f"{rules.describe()} · `{pos.to_notation()}` · {side_word(pos.to_move)} to move")
    if not legal_moves(pos, rules):
        st.info("The game is over in this position: there is no move to analyse.", icon=":material/flag:")
        return
    with st.spinner("Working out what every pit leads to..."):
        rows = cached_rows(pos.to_notation(), rules_key(rules), THINK_TIMES[think])
    render_outcomes(rows, pos.to_move)


def render_outcomes(rows: list[dict[str, Any]], mover: str) -> None:
    """The chart, the words and the table (with CSV) for :func:`move_rows` output."""
    st.plotly_chart(outcomes_figure(rows, mover), key="mo_chart", width="stretch")
    best = max(r["value"] for r in rows)
    tops = [r for r in rows if r["value"] == best]
    exact = all(r["exact"] for r in rows)
    st.markdown(
        f"**Best:** {' or '.join('pit ' + str(r['pit']) for r in tops)} "
        f"({_value_words(best, tops[0]['exact'], tops[0]['depth'])}). "
        + ("Every value is proven to the end of the game." if exact else
           "Values marked *depth* are the search's estimates; *exact* ones are proven.")
    )
    for r in rows:
        st.markdown(f"- {r['summary']}")
    st.dataframe(outcomes_frame(rows), hide_index=True, key="mo_table")
    st.download_button(
        "Download the table (CSV)", outcomes_csv(rows), file_name="move-outcomes.csv",
        mime="text/csv", key="mo_download", icon=":material/download:",
    )


# ------------------------------------------------------------ game story


def story_rows(game: Game, time_ms: int = 300, progress: Callable[[float], None] | None = None) -> list[dict[str, Any]]:
    """One row per move of ``game``: both stores after it, the evaluation, and what it threw away.

    Keys: ``move`` (1-based), ``player`` ("South"/"North"), ``pit``,
    ``south_store``, ``north_store`` (after the move), ``evaluation`` (best
    play from the position after the move, South's view), ``best`` and
    ``played`` (the mover's view, before the move: the best pit's value and
    the played pit's value), ``lost`` (best - played, >= 0), ``best_pit``,
    ``exact``. Values come from :func:`cached_rows`-style analyses.
    """
    rules = game.rules
    positions = game.positions()
    out = []
    total = len(game.results)
    for k, res in enumerate(game.results):
        before = positions[k]
        values = {m.pit: m for m in _cached_values(before.to_notation(), rules_key(rules), time_ms)}
        best_mv = max(values.values(), key=lambda m: m.value)
        played = values[res.pit]
        sign = 1 if res.mover == SOUTH else -1
        out.append(
            {
                "move": k + 1,
                "player": side_word(res.mover),
                "pit": res.pit,
                "south_store": res.position.south_store,
                "north_store": res.position.north_store,
                "evaluation": sign * played.value,
                "best": best_mv.value,
                "played": played.value,
                "lost": best_mv.value - played.value,
                "best_pit": best_mv.pit,
                "exact": played.exact and best_mv.exact,
            }
        )
        if progress is not None:
            progress((k + 1) / max(total, 1))
    return out


@st.cache_data(show_spinner=False, max_entries=2048)
def _cached_values(notation: str, rules_items: tuple[tuple[str, str], ...], time_ms: int) -> list[Any]:
    rules = rules_from_params(dict(rules_items))
    return list(analyse(Position.from_notation(notation, rules), rules, time_ms=time_ms))


def blunders(rows: Sequence[dict[str, Any]], count: int = 3, at_least: int = 2) -> list[dict[str, Any]]:
    """The moves that threw away the most (``lost`` >= ``at_least``), worst first, at most ``count``."""
    bad = [r for r in rows if r["lost"] >= at_least]
    bad.sort(key=lambda r: (-r["lost"], r["move"]))
    return bad[:count]


def lost_words(row: dict[str, Any]) -> str:
    """What a blunder marker means, in words (its label only says "lost 7")."""
    return (f"move {row['move']}: {row['player']} pit {row['pit']} threw away {row['lost']} seeds "
            f"compared with the best move (pit {row['best_pit']}); South {row['evaluation']:+d} with best play after it")


def story_figure(rows: Sequence[dict[str, Any]]) -> go.Figure:
    """Both stores per move and the evaluation per move, blunders marked.

    Axes count whole moves and whole seeds (integer ticks only); the store
    numbers written on the points stay inside the plot (head room above the
    highest point, ``cliponaxis=False``).
    """
    moves = [r["move"] for r in rows]
    fig = make_subplots(
        rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.14,
        subplot_titles=("Seeds in the stores", "Evaluation: South minus North"),
    )
    for key, name, colour in (("south_store", "South's store", COLOURS["south"]),
                              ("north_store", "North's store", COLOURS["north"])):
        ys = [r[key] for r in rows]
        fig.add_trace(
            go.Scatter(x=moves, y=ys, mode="lines+markers+text", name=name, line={"color": colour},
                       text=ys, textposition="top center", cliponaxis=False, textfont={"size": 12},
                       hovertemplate="move %{x}: " + name + " %{y}<extra></extra>"),
            row=1, col=1,
        )
    evals = [r["evaluation"] for r in rows]
    words = [
        f"move {r['move']}: {r['player']} pit {r['pit']}; South {r['evaluation']:+d} with best play"
        + (f"; this move threw away {r['lost']} seeds compared with the best move (pit {r['best_pit']})"
           if r["lost"] else "")
        for r in rows
    ]
    fig.add_trace(
        go.Scatter(x=moves, y=evals, mode="lines+markers", name="Evaluation", line={"color": COLOURS["eval"]},
                   hovertext=words, hovertemplate="%{hovertext}<extra></extra>"),
        row=2, col=1,
    )
    bad = blunders(rows)
    if bad:
        fig.add_trace(
            go.Scatter(
                x=[r["move"] for r in bad], y=[r["evaluation"] for r in bad], mode="markers+text",
                name="Blunder: seeds thrown away",
                marker={"symbol": "x", "size": 14, "color": COLOURS["blunder"]},
                text=[f"lost {r['lost']}" for r in bad], textposition="bottom center",
                textfont={"size": 12}, cliponaxis=False,
                hovertext=[lost_words(r) for r in bad], hovertemplate="%{hovertext}<extra></extra>",
            ),
            row=2, col=1,
        )
    top = max([max(r["south_store"], r["north_store"]) for r in rows] + [1])
    span = max([abs(v) for v in evals] + [2])
    fig.update_yaxes(title_text="seeds", row=1, col=1, **int_axis(0, top * 1.25 + 1, ticks=5))
    fig.update_yaxes(title_text="South - North", row=2, col=1, zeroline=True,
                     **int_axis(-(span * 1.3 + 1), span * 1.3 + 1, ticks=5))
    last = max(moves + [1])
    step = int_step(last, ticks=10)
    fig.update_xaxes(range=[0.5, last + 0.5], tickmode="linear", tick0=step if step > 1 else 1, dtick=step,
                     tickformat="d")
    fig.update_xaxes(title_text="move", row=2, col=1)
    fig.update_layout(height=520, margin={"l": 60, "r": 20, "t": 60, "b": 40},
                      legend={"orientation": "h", "y": -0.15})
    return fig


def jump_to_before(game: Game, move: int) -> int:
    """Undo ``game`` back to the position before ``move`` (1-based); returns moves taken back."""
    taken = 0
    while len(game.results) >= move and game.undo():
        taken += 1
    return taken


def render_game_story(sb: Any) -> None:
    """The sandbox's game story: chart, blunders, and a way back to each of them.

    ``sb`` is the sandbox state (``ui.state.SandboxState``); jumping back
    undoes its game to before the chosen move (redo brings the moves back).
    """
    game = sb.game
    if not game.results:
        st.caption("Play some moves: the story of the game appears here.")
        return
    if not st.toggle("Show the game story (analyses every move; takes a moment)", key="sb_story_on"):
        return
    bar = st.progress(0.0, text="Analysing the moves...")
    rows = story_rows(game, time_ms=300, progress=lambda f: bar.progress(f, text="Analysing the moves..."))
    bar.empty()
    st.plotly_chart(story_figure(rows), key="sb_story_chart", width="stretch")
    bad = blunders(rows)
    if not bad:
        st.caption("No move threw away 2 seeds or more (as far as the search sees).")
        return
    st.markdown("**Moves that threw away the most**")
    labels = {
        r["move"]: f"move {r['move']}: {r['player']} pit {r['pit']} lost {r['lost']} (pit {r['best_pit']} was best)"
        for r in bad
    }
    for r in bad:
        st.markdown(f"- {labels[r['move']]}")
    pick = st.selectbox("Go back to before", list(labels), format_func=labels.get, key="sb_story_pick")

    def jump() -> None:
        move = st.session_state.get("sb_story_pick", pick)
        jump_to_before(sb.game, move)
        text = f"Back to before move {move}: try a better pit. Redo brings the moves back."
        if sb.mode == "computer" and sb.game.position.to_move == sb.computer_side:
            sb.mode = "two"  # else the computer would replay its own move at once
            text += " Switched to two players so you can play that move yourself."
        sb.sow, sb.sow_start, sb.notice = [], None, ("info", text)

    st.button("Go back to that move", key="sb_story_jump", on_click=jump, icon=":material/undo:")


__all__ = [
    "blunders", "cached_rows", "jump_to_before", "move_rows", "move_summary", "outcomes_csv",
    "outcomes_figure", "outcomes_frame", "parse_pasted", "render_game_story", "render_outcomes",
    "render_outcomes_page", "rules_key", "story_figure", "story_rows",
]
