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


def ahead_words(depth: int) -> str:
    """How far an estimate looks, the same words everywhere: depth counts plies (one move by either player)."""
    return f"looks {depth} moves ahead (both players' moves counted)"


def _value_words(value: int, exact: bool, depth: int) -> str:
    """E.g. "best play wins by 4", or "best play wins by 4, an estimate that looks 13 moves ahead"; one bracket at most."""
    if value > 0:
        text = f"best play wins by {value}"
    elif value < 0:
        text = f"best play loses by {-value}"
    else:
        text = "best play draws"
    if not exact:
        text += f", an estimate that {ahead_words(depth)}"
    return text


def same_depth_values(position: Position, rules: Rules, time_ms: int = 1000) -> tuple[list[Any], int | None]:
    """``engine.analyse`` values made comparable: every estimate at the same depth.

    ``analyse`` returns each pit's value from that pit's own deepest
    completed search, so pits searched one ply deeper look better or worse
    than the rest. When the estimates' depths differ, the position is
    searched again to the deepest depth that every pit completed
    (``max_depth``) and those values are used; exact (proven) values are
    kept as they are. Returns the values and the common depth of the
    estimates (``None`` when every value is exact). If the second search
    runs out of time the depths may still differ: callers check ``depth``.
    """
    first = list(analyse(position, rules, time_ms=time_ms))
    depths = {m.depth for m in first if not m.exact}
    if not depths:
        return first, None
    common = min(depths)
    if len(depths) == 1:
        return first, common
    again = {m.pit: m for m in analyse(position, rules, time_ms=time_ms, max_depth=common)}
    out = []
    for m in first:
        m2 = again.get(m.pit)
        if m.exact or m2 is None or not (m2.exact or m2.depth == common):
            out.append(m)  # proven already, or the second search did not reach the common depth
        else:
            out.append(m2)
    return out, common


def move_rows(position: Position, rules: Rules, time_ms: int = 1000) -> list[dict[str, Any]]:
    """One row per legal pit: what the move does now and what it leads to.

    Keys: ``pit`` (1..n, the mover's own numbering), ``seeds`` lifted,
    ``into_store`` (seeds sown into the mover's store, K7), ``captured``
    (``MoveResult.captured``: K10/A3), ``handed_to_opponent`` (seeds sown
    into the opponent's row), ``extra_turn`` (K9), ``game_end`` (K14/A6),
    ``value`` (final store difference with best play, mover's view),
    ``result`` ("win"/"draw"/"loss", or "estimate"), ``exact``, ``depth``
    (plies, single moves by either player; 1000 when exact; estimates share
    one depth, see :func:`same_depth_values`), ``best_line`` (pits of the
    best line, "3 6 2"), ``summary`` (the hover text in words). Empty when
    the game is over.
    """
    values = {m.pit: m for m in same_depth_values(position, rules, time_ms)[0]}
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


OUTCOME_TITLES = ("What happens now", "Where it leads (best play)")


def now_bars(game: str = "kalah") -> list[tuple[str, str, str]]:
    """The "what happens now" bars: (row key, legend name, colour).

    Awari has no sowing into a store (A1: captured seeds are kept aside), so
    its chart leaves out "Seeds into your store" (always 0 there).
    """
    bars = [
        ("into_store", "Seeds into your store", COLOURS["store"]),
        ("captured", "Seeds captured", COLOURS["captured"]),
        ("handed_to_opponent", "Seeds handed to the opponent", COLOURS["handed"]),
    ]
    if game == "oware":
        bars = bars[1:]
    return bars


def value_label(row: dict[str, Any]) -> str:
    """The text on a value bar: the value, then "exact" or "est." (estimate) on a second line."""
    return f"{row['value']:+d}<br>{'exact' if row['exact'] else 'est.'}"


def outcomes_figure(rows: Sequence[dict[str, Any]], mover: str, game: str = "kalah") -> go.Figure:
    """Two bar charts over the legal pits: what happens now, and what it leads to.

    Sized for a phone too (390 px wide): short subplot titles, text of at
    least 12 px that is never shrunk to fit a thin bar, whole-number seed
    ticks. ``game`` ("kalah"/"oware") picks the bars (:func:`now_bars`).
    """
    pits = [f"pit {r['pit']}" for r in rows]
    hover = [r["summary"] for r in rows]
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.16, subplot_titles=OUTCOME_TITLES)
    fig.update_annotations(font={"size": 15})
    text_style = {"textposition": "outside", "textfont": {"size": 12}, "constraintext": "none", "cliponaxis": False}
    bars = now_bars(game)
    for key, name, colour in bars:
        ys = [r[key] for r in rows]
        fig.add_trace(
            go.Bar(
                x=pits, y=ys, name=name, marker_color=colour, text=ys, hovertext=hover,
                hovertemplate="%{hovertext}<br>" + name + ": %{y}<extra></extra>", **text_style,
            ),
            row=1, col=1,
        )
    flags = []
    for r in rows:
        words = []
        if r["extra_turn"]:
            words.append("extra<br>turn")
        if r["game_end"]:
            words.append("game<br>ends")
        flags.append("<br>".join(words))
    top = max([max(r[key] for key, _, _ in bars) for r in rows] + [1])
    fig.add_trace(
        go.Scatter(
            x=pits, y=[top * 1.5 + 1] * len(rows), mode="text", text=flags, name="Extra turn / game end",
            textfont={"size": 12}, hoverinfo="skip", showlegend=False, cliponaxis=False,
        ),
        row=1, col=1,
    )
    vals = [r["value"] for r in rows]
    colours = [COLOURS[r["result"]] if r["exact"] else COLOURS["estimate"] for r in rows]
    fig.add_trace(
        go.Bar(
            x=pits, y=vals, name="Value with best play", marker_color=colours,
            marker_pattern_shape=["" if r["exact"] else "/" for r in rows],
            text=[value_label(r) for r in rows], hovertext=hover,
            hovertemplate="%{hovertext}<extra></extra>", **text_style,
        ),
        row=2, col=1,
    )
    span = max([abs(v) for v in vals] + [2])
    fig.update_yaxes(title_text="seeds", row=1, col=1, **int_axis(0, top * 1.9 + 1, ticks=4))
    fig.update_yaxes(title_text="you minus them", zeroline=True, row=2, col=1,
                     **int_axis(-(span * 1.6 + 1), span * 1.6 + 1, ticks=4))
    fig.update_layout(
        barmode="group", height=600, margin={"l": 50, "r": 10, "t": 40, "b": 30},
        legend={"orientation": "h", "y": -0.08}, font={"size": 12},
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
    render_outcomes(rows, pos.to_move, rules.game)


def best_sentence(rows: Sequence[dict[str, Any]]) -> str:
    """The summary under the chart, without nested brackets, e.g.

    "**Best:** pit 3. Best play wins by 6, an estimate that looks 13 moves ahead (both players' moves counted)."
    """
    best = max(r["value"] for r in rows)
    tops = [r for r in rows if r["value"] == best]
    words = _value_words(best, all(r["exact"] for r in tops), min(r["depth"] for r in tops))
    text = f"**Best:** {' or '.join('pit ' + str(r['pit']) for r in tops)}. {words[0].upper()}{words[1:]}."
    if all(r["exact"] for r in rows):
        return text + " Every value is proven to the end of the game."
    return text + " Values marked *est.* are the search's estimates and may be wrong; *exact* ones are proven."


def depth_warning(rows: Sequence[dict[str, Any]]) -> str | None:
    """A warning when the estimates come from different depths (so they are not comparable), else ``None``."""
    depths = sorted({r["depth"] for r in rows if not r["exact"]})
    if len(depths) < 2:
        return None
    parts = [f"pit {', '.join(str(r['pit']) for r in rows if not r['exact'] and r['depth'] == d)} looks {d}"
             for d in depths]
    return ("Estimates at different depths: " + "; ".join(parts)
            + " moves ahead (both players' moves counted). A pit searched deeper can look better or worse "
            "than the rest only because of that: compare them with care, or give the search more time.")


def table_frame(rows: Sequence[dict[str, Any]], game: str = "kalah") -> pd.DataFrame:
    """The table shown and downloaded: Awari leaves out ``into_store`` (A1: no sowing into a store)."""
    frame = outcomes_frame(rows)
    return frame.drop(columns=["into_store"]) if game == "oware" else frame


def render_outcomes(rows: list[dict[str, Any]], mover: str, game: str = "kalah") -> None:
    """The chart, the words and the table (with CSV) for :func:`move_rows` output."""
    st.plotly_chart(outcomes_figure(rows, mover, game), key="mo_chart", width="stretch")
    depths = {r["depth"] for r in rows if not r["exact"]}
    if len(depths) == 1:
        st.caption(f"Every *est.* value {ahead_words(depths.pop())}, so they compare fairly.")
    warning = depth_warning(rows)
    if warning:
        st.warning(warning, icon=":material/warning:")
    st.markdown(best_sentence(rows))
    for r in rows:
        st.markdown(f"- {r['summary']}")
    frame = table_frame(rows, game)
    st.dataframe(
        frame, hide_index=True, key="mo_table",
        column_config={
            "depth": st.column_config.NumberColumn(
                "depth", help="Moves looked ahead, both players' moves counted (plies); 1000 means exact."),
        },
    )
    st.download_button(
        "Download the table (CSV)", frame.to_csv(index=False).encode("utf-8"), file_name="move-outcomes.csv",
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
    "render_outcomes_page", "rules_key", "same_depth_values", "story_figure", "story_rows",
]
