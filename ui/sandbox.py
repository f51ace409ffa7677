"""The Sandbox: a whole game of Kalah or Awari with any rules.

Actions (each is a plain function that tests call without a browser):

- :func:`click_pit` - THE click handler: the drawn board calls it, and so
  does everything else that presses a pit.
- :func:`undo`, :func:`redo`, :func:`new_game`, :func:`computer_turns`.
- :func:`apply_editor_notation`, :func:`apply_editor_fields` - the board editor.

The engine decides every rule; this module only records what it returns.
"""

from __future__ import annotations

import logging
import random
import time

import pandas as pd
import streamlit as st

from engine import (
    NORTH,
    SOUTH,
    Game,
    IllegalMoveError,
    KalahRules,
    OwareRules,
    Position,
    Rules,
)
from ui import opponent, share, state
from ui.announce import (
    announcements,
    illegal_text,
    move_headline,
    result_text,
    short_result,
    side_name,
    sweep_text,
)
from ui.board import Sowing, board

_log = logging.getLogger(__name__)

BOARD_KEY = "sandbox_board"
MAX_COMPUTER_MOVES = 200  # a safety stop for one action; games never need this many in a row

LEVEL_NAMES = {
    "beginner": "Beginner",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "perfect": "Perfect",
}
END_RULE_NAMES = {"row_empty": "When a row is empty", "stuck": "When the player to move is stuck"}
CAPTURE_TO_NAMES = {"store": "Into the store", "pit": "Into the landing pit (house rule)"}
GRAND_SLAM_NAMES = {
    "no_capture": "Allowed, captures nothing",
    "illegal": "Not allowed",
    "capture_all": "Captures everything",
}


# ----------------------------------------------------------------- actions


def _record(sb: state.SandboxState, before: Position, results: list) -> None:
    sb.sow_start = before
    sb.sow = list(results)
    sb.sow_id += 1


def click_pit(pit: int, sb: state.SandboxState | None = None) -> None:
    """Play ``pit`` (1..n, the mover's numbering) for the player to move.

    An illegal press changes nothing and sets a notice that explains it by
    the rule it breaks (``IllegalMoveError.rule_id``). While the computer is
    to move, presses are refused. After a legal move the computer's replies
    follow (in :func:`computer_turns`, run by the page). ``sb`` defaults to
    the session's sandbox; tests pass ``AppTest.session_state["sandbox"]``.
    """
    sb = sb or state.sandbox()
    if sb.computer_to_move():
        sb.notice = ("info", "Wait a moment: it is the computer's turn.")
        return
    before = sb.game.position
    try:
        result = sb.game.play(pit)
    except IllegalMoveError as exc:
        sb.notice = ("warning", illegal_text(exc.rule_id, str(exc)))
        return
    sb.notice = None
    _record(sb, before, [result])


def computer_turns(rng: random.Random | None = None, sb: state.SandboxState | None = None) -> int:
    """Let the computer play while it is to move (extra turns included); returns moves made.

    The moves are added to the last action's list so the board animates the
    human move and the replies in one go.
    """
    sb = sb or state.sandbox()
    made = 0
    if not sb.computer_to_move():
        return 0
    if not sb.sow or sb.sow[-1].position != sb.game.position:
        _record(sb, sb.game.position, [])
    deadline = time.perf_counter() + opponent.TURN_BUDGET_MS / 1000
    while sb.computer_to_move() and made < MAX_COMPUTER_MOVES:
        left_ms = int((deadline - time.perf_counter()) * 1000)
        pit = opponent.choose(sb.game.position, sb.rules, sb.level, rng, time_ms=left_ms)
        sb.sow.append(sb.game.play(pit))
        made += 1
    return made


def _undo_steps(sb: state.SandboxState) -> int:
    """How many moves one press of Undo takes back (0 = none).

    Two players: one move. Against the computer: back to the last position
    where the human is to move.
    """
    n = len(sb.game.results)
    if n == 0:
        return 0
    if sb.mode != "computer":
        return 1
    positions = sb.game.positions()
    for k in range(1, n + 1):
        if positions[n - k].to_move != sb.computer_side:
            return k
    return 0


def can_undo(sb: state.SandboxState | None = None) -> bool:
    return _undo_steps(sb or state.sandbox()) > 0


def undo(sb: state.SandboxState | None = None) -> bool:
    """Take back the last move (against the computer: back to your turn). False if none."""
    sb = sb or state.sandbox()
    steps = _undo_steps(sb)
    for _ in range(steps):
        sb.game.undo()
    if steps:
        sb.sow, sb.sow_start, sb.notice = [], None, None
    return steps > 0


def redo(sb: state.SandboxState | None = None) -> bool:
    """Play again the moves taken back (against the computer: up to your turn). False if none."""
    sb = sb or state.sandbox()
    if not sb.game.can_redo:
        return False
    before = sb.game.position
    done = []
    sb.game.redo()
    done.append(sb.game.results[-1])
    while sb.mode == "computer" and sb.game.can_redo and sb.game.position.to_move == sb.computer_side:
        sb.game.redo()
        done.append(sb.game.results[-1])
    sb.notice = None
    _record(sb, before, done)
    return True


def rules_from_settings(settings: dict) -> Rules:
    """Build rules from the settings form values (raises ValueError from the engine)."""
    if settings.get("game") == "oware":
        return OwareRules(grand_slam=settings.get("grand_slam", "no_capture"))
    return KalahRules(
        pits=int(settings.get("pits", 6)),
        seeds=int(settings.get("seeds", 4)),
        empty_capture=bool(settings.get("empty_capture", False)),
        end_rule=settings.get("end_rule", "row_empty"),
        capture_to=settings.get("capture_to", "store"),
        early_win=bool(settings.get("early_win", False)),
    )


def new_game(settings: dict | None = None) -> None:
    """Start a new game with ``settings`` (default: the settings widgets, else the current rules).

    ``settings`` keys: ``game`` ("kalah"/"oware"), ``pits``, ``seeds``,
    ``empty_capture``, ``end_rule``, ``capture_to``, ``early_win``,
    ``grand_slam``, ``first`` ("S"/"N").
    """
    if settings is None:
        settings = _settings_from_widgets()
    try:
        rules = rules_from_settings(settings)
    except ValueError as exc:
        state.sandbox().notice = ("error", f"Those rules cannot be used: {exc}")
        return
    first = settings.get("first", SOUTH)
    sb = state.new_sandbox(rules, rules.initial_position(to_move=first))
    sb.notice = ("info", f"New game: {rules.describe()}. {side_name(first)} moves first.")


def set_players(
    mode: str, computer_side: str = NORTH, level: str = "easy", sb: state.SandboxState | None = None
) -> None:
    """Two players on one device (``mode="two"``) or against the computer."""
    sb = sb or state.sandbox()
    sb.mode = mode if mode in ("two", "computer") else "two"
    sb.computer_side = computer_side if computer_side in (SOUTH, NORTH) else NORTH
    sb.level = level if level in state.LEVELS else "easy"


def apply_editor_notation(text: str) -> bool:
    """Set the board from notation, under the current rules.

    Refuses (returns False, with one friendly sentence in
    ``SandboxState.editor_error``, shown inside the editor only) a position
    the engine does not accept: wrong pit count, a total that is not the
    rules' total, negative seeds, a bad side. See ``ui.share.position_problem``.
    """
    sb = state.sandbox()
    problem = share.position_problem(text, sb.rules)
    if problem:
        sb.editor_error = f"That position can't be used. {problem}"
        return False
    position = Position.from_notation(str(text).strip(), sb.rules)
    new = state.new_sandbox(sb.rules, position)
    new.notice = ("success", "The board is set. Play on from here.")
    return True


def apply_editor_fields(south: list[int], south_store: int, north: list[int], north_store: int, to_move: str) -> bool:
    """Set the board from the editor's numbers (see :func:`apply_editor_notation`).

    A negative number is refused here with the field's name (e.g. "South's pit 3").
    """
    sb = state.sandbox()
    named = [(f"South's pit {k}", v) for k, v in enumerate(south, 1)] + [("South's store", south_store)]
    named += [(f"North's pit {k}", v) for k, v in enumerate(north, 1)] + [("North's store", north_store)]
    for where, value in named:
        if value is None:
            sb.editor_error = f"That position can't be used. {where} has no number."
            return False
        if int(value) < 0:
            sb.editor_error = f"That position can't be used. {where} can't hold {int(value)} seeds: use 0 or more."
            return False
    text = "/".join(
        (",".join(str(int(x)) for x in south), str(int(south_store)),
         ",".join(str(int(x)) for x in north), str(int(north_store)), to_move)
    )
    return apply_editor_notation(text)


# ----------------------------------------------------------------- drawing


def _settings_from_widgets() -> dict:
    ss = st.session_state
    sb = state.sandbox()
    current = sb.rules
    return {
        "game": ss.get("sb_game", current.game),
        "pits": ss.get("sb_pits", current.pits),
        "seeds": ss.get("sb_seeds", current.seeds),
        "empty_capture": ss.get("sb_empty_capture", getattr(current, "empty_capture", False)),
        "end_rule": ss.get("sb_end_rule", getattr(current, "end_rule", "row_empty")),
        "capture_to": ss.get("sb_capture_to", getattr(current, "capture_to", "store")),
        "early_win": ss.get("sb_early_win", getattr(current, "early_win", False)),
        "grand_slam": ss.get("sb_grand_slam", getattr(current, "grand_slam", "no_capture")),
        "first": ss.get("sb_first", sb.first),
    }


def _players_changed() -> None:
    ss = st.session_state
    set_players(ss.get("sb_mode", "two"), ss.get("sb_computer_side", NORTH), ss.get("sb_level", "easy"))


def _notice(sb: state.SandboxState) -> None:
    if sb.notice:
        kind, text = sb.notice
        getattr(st, kind if kind in ("error", "warning", "info", "success") else "info")(text)


def _controls(sb: state.SandboxState) -> None:
    cols = st.columns(4)
    cols[0].button("Undo", key="sb_undo", on_click=undo, disabled=not can_undo(sb),
                   icon=":material/undo:", width="stretch")
    cols[1].button("Redo", key="sb_redo", on_click=redo, disabled=not sb.game.can_redo,
                   icon=":material/redo:", width="stretch")
    cols[2].button("New game", key="sb_new", on_click=new_game, icon=":material/restart_alt:",
                   width="stretch", help="Start again with the rules chosen below.")
    who = (f"against the computer ({LEVEL_NAMES.get(sb.level, sb.level)})"
           if sb.mode == "computer" else "two players")
    cols[3].caption(f"{sb.rules.describe()} · {who}")


def _what_happened(sb: state.SandboxState) -> None:
    if not sb.sow:
        return
    lines = []
    for res in sb.sow:
        line = move_headline(res)
        for rule_id, text in announcements(res, skip=("K14", "K15", "A6")):  # the result box tells these
            line += f" {text} :gray-badge[{rule_id}]"
        lines.append(line)
    st.markdown("  \n".join(lines), help="What the last moves did, and the rule each one used.")


def _result(sb: state.SandboxState) -> None:
    end = sb.game.outcome()
    if end is None:
        return
    last = sb.game.results[-1] if sb.game.results else None
    ended_by = last if last is not None and last.game_over else None
    text = f"**Game over.** {result_text(end, ended_by, sb.game.position.to_move)}"
    sweep = sweep_text(ended_by) if ended_by is not None else ""
    if sweep:
        rule_id = "A6" if sb.rules.game == "oware" else "K15"
        text += f"  \n**Final sweep** :gray-badge[{rule_id}]: {sweep}."
    st.success(text, icon=":material/emoji_events:")


def _settings(sb: state.SandboxState) -> None:
    rules = sb.rules
    st.markdown("**Players**")
    c1, c2, c3 = st.columns(3)
    c1.radio("Who plays", ["two", "computer"], key="sb_mode",
             index=0 if sb.mode == "two" else 1,
             format_func=lambda m: "Two players, one device" if m == "two" else "Against the computer",
             on_change=_players_changed)
    if sb.mode == "computer":
        c2.radio("The computer plays", [NORTH, SOUTH], key="sb_computer_side",
                 index=0 if sb.computer_side == NORTH else 1, format_func=side_name,
                 on_change=_players_changed)
        c3.select_slider("Level", options=list(state.LEVELS), key="sb_level",
                         value=sb.level, format_func=LEVEL_NAMES.get, on_change=_players_changed)
    st.markdown("**Game and rules** (used when you press *New game*)")
    game = st.radio("Game", ["kalah", "oware"], key="sb_game", horizontal=True,
                    index=0 if rules.game == "kalah" else 1,
                    format_func=lambda g: "Kalah" if g == "kalah" else "Awari (Oware)")
    if game == "kalah":
        k = rules if isinstance(rules, KalahRules) else KalahRules()
        c1, c2 = st.columns(2)
        c1.select_slider("Pits per side", options=list(range(3, 9)), value=k.pits, key="sb_pits")
        c2.select_slider("Seeds per pit", options=[3, 4, 5, 6],
                         value=k.seeds if k.seeds in (3, 4, 5, 6) else 4, key="sb_seeds")
        c1.radio("The game ends", list(END_RULE_NAMES), key="sb_end_rule",
                 index=list(END_RULE_NAMES).index(k.end_rule), format_func=END_RULE_NAMES.get)
        c2.radio("Captured seeds go", list(CAPTURE_TO_NAMES), key="sb_capture_to",
                 index=list(CAPTURE_TO_NAMES).index(k.capture_to), format_func=CAPTURE_TO_NAMES.get)
        c1.checkbox("Empty capture (a lone last seed is banked even if the pit opposite is empty)",
                    value=k.empty_capture, key="sb_empty_capture")
        c2.checkbox("Early win (stop when a store holds more than half the seeds)",
                    value=k.early_win, key="sb_early_win")
    else:
        o = rules if isinstance(rules, OwareRules) else OwareRules()
        st.radio("Grand slam (a move that would take every seed on the other side)",
                 list(GRAND_SLAM_NAMES), key="sb_grand_slam",
                 index=list(GRAND_SLAM_NAMES).index(o.grand_slam), format_func=GRAND_SLAM_NAMES.get)
    st.radio("Who moves first", [SOUTH, NORTH], key="sb_first", horizontal=True,
             index=0 if sb.first == SOUTH else 1, format_func=side_name)
    st.button("Start a new game with these rules", key="sb_new_settings", on_click=new_game, type="primary")


EDITOR_TEXT_KEY = "sb_ed_text"
EDITOR_TO_MOVE_KEY = "sb_ed_to_move"


def _editor_field_keys(n: int) -> dict[str, str]:
    """Widget keys of the number fields: ``"S1".."Sn"``, ``"N1"..``, ``"SS"``/``"NS"`` (stores)."""
    names = [f"S{k}" for k in range(1, n + 1)] + [f"N{k}" for k in range(1, n + 1)] + ["SS", "NS"]
    return {name: f"sb_ed_{name}" for name in names}


def _sync_editor(sb: state.SandboxState) -> None:
    """Fill the editor's fields from the board, but only when the board changed.

    The fields have stable keys, so what the learner typed survives every
    rerun (a pit press elsewhere, a refused "Use these numbers") until the
    board itself changes.
    """
    ss = st.session_state
    pos = sb.game.position
    mark = (sb.sow_id, len(sb.game.results), pos.to_notation(), sb.rules.pits)
    if ss.get("sb_ed_synced") == mark:
        return
    ss["sb_ed_synced"] = mark
    sb.editor_error = None
    ss[EDITOR_TEXT_KEY] = pos.to_notation()
    keys = _editor_field_keys(sb.rules.pits)
    for k in range(1, sb.rules.pits + 1):
        ss[keys[f"S{k}"]] = pos.south[k - 1]
        ss[keys[f"N{k}"]] = pos.north[k - 1]
    ss[keys["SS"]] = pos.south_store
    ss[keys["NS"]] = pos.north_store
    ss[EDITOR_TO_MOVE_KEY] = pos.to_move


def _editor_text_go() -> None:
    apply_editor_notation(str(st.session_state.get(EDITOR_TEXT_KEY, "")))


def _editor_fields_go() -> None:
    ss = st.session_state
    n = state.sandbox().rules.pits
    keys = _editor_field_keys(n)
    south = [ss.get(keys[f"S{k}"], 0) for k in range(1, n + 1)]
    north = [ss.get(keys[f"N{k}"], 0) for k in range(1, n + 1)]
    apply_editor_fields(south, ss.get(keys["SS"], 0), north, ss.get(keys["NS"], 0),
                        ss.get(EDITOR_TO_MOVE_KEY, SOUTH))


def _editor(sb: state.SandboxState) -> None:
    n = sb.rules.pits
    _sync_editor(sb)
    keys = _editor_field_keys(n)
    st.caption(
        f"Set any position with the same rules: {n} pits a side and {sb.rules.total_seeds} seeds in all. "
        "Type the notation, or change the numbers."
    )
    if sb.editor_error:
        st.error(sb.editor_error, icon=":material/block:")
    with st.form("sb_editor_text", border=False):
        st.text_input("Position in notation", key=EDITOR_TEXT_KEY,
                      help="South's pits / South's store / North's pits / North's store / S or N")
        st.form_submit_button("Use this notation", key="sb_ed_text_go", on_click=_editor_text_go)
    with st.form("sb_editor_fields", border=False):
        st.markdown("North's pits (pit 1 on the right)")
        cols = st.columns(n + 1)
        cols[0].number_input("North store", step=1, key=keys["NS"])
        for k in range(n, 0, -1):
            cols[n - k + 1].number_input(f"N{k}", step=1, key=keys[f"N{k}"])
        st.markdown("South's pits (pit 1 on the left)")
        cols = st.columns(n + 1)
        for k in range(1, n + 1):
            cols[k - 1].number_input(f"S{k}", step=1, key=keys[f"S{k}"])
        cols[n].number_input("South store", step=1, key=keys["SS"])
        st.radio("To move", [SOUTH, NORTH], format_func=side_name, horizontal=True, key=EDITOR_TO_MOVE_KEY)
        st.form_submit_button("Use these numbers", key="sb_ed_fields_go", on_click=_editor_fields_go)


MOVE_COLUMNS = {
    "move": "Move",
    "player": "Player",
    "pit": "Pit",
    "extra_turn": "Extra turn",
    "captured": "Seeds captured",
    "rules": "Rules used",
    "before": "Position before",
    "after": "Position after",
}
"""``Game.rows()`` keys -> the headers shown in the table and written in the CSV, in this order."""


def moves_frame(game: Game) -> pd.DataFrame:
    """The moves of ``game`` as a table: one row per move, from ``Game.rows()``, with the
    friendly headers of :data:`MOVE_COLUMNS` ("Extra turn" is "yes"/"no"; positions in notation)."""
    frame = pd.DataFrame(game.rows(), columns=list(MOVE_COLUMNS))
    frame["extra_turn"] = frame["extra_turn"].map(lambda x: "yes" if x else "no")
    return frame.rename(columns=MOVE_COLUMNS)


def moves_csv(game: Game) -> bytes:
    """The move table as CSV (UTF-8), with a header line of the friendly headers."""
    return moves_frame(game).to_csv(index=False).encode("utf-8")


def _moves_table(sb: state.SandboxState) -> None:
    if not sb.game.results:
        st.caption("No moves yet.")
        return
    count = len(sb.game.results)
    st.caption(f"{count} move{'s' if count != 1 else ''} so far.")
    st.dataframe(moves_frame(sb.game), hide_index=True, key="sb_moves_table")
    st.download_button(
        "Download the moves (CSV)", moves_csv(sb.game),
        file_name="mancala-moves.csv", mime="text/csv", key="sb_download", icon=":material/download:",
    )


def _share(sb: state.SandboxState) -> None:
    query = share.link_query(sb.rules, sb.game.position)
    base = ""
    try:
        base = st.context.url or ""
    except Exception:  # noqa: BLE001 - no browser context (tests)
        base = ""
    st.caption("Anyone who opens this link sees this position with these rules.")
    st.code(f"{base}?{query}", language=None)


def render() -> None:
    """Draw the whole sandbox page (below the page title)."""
    sb = state.sandbox()
    st.caption(
        "Press a pit in the row of the player to move. Choose the rules, a friend or the computer "
        "under *Players, game and rules*."
    )
    # The board comes first and nothing is ever inserted above it, so it never
    # jumps: the computer's "thinking" spinner, notices and the words about the
    # last moves all go below it (the board slot is filled after the thinking).
    board_slot = st.container()
    thinking_slot = st.container()
    if sb.computer_to_move():
        with thinking_slot, st.spinner(opponent.thinking_text(sb.computer_side, sb.level)):
            try:
                computer_turns()
            except Exception as exc:  # noqa: BLE001 - never show a traceback to a learner
                sb.notice = (
                    "error",
                    "Sorry, the computer got stuck working out its move. The game goes on as two players: "
                    "you can move for both sides, or pick the computer again in Players, game and rules.",
                )
                sb.mode = "two"
                _log.warning("computer opponent failed on %s: %r", sb.game.position.to_notation(), exc)
    results = sb.game.results
    last = results[-1] if results else None
    sowing = None
    if sb.sow and sb.sow_start is not None:
        sowing = Sowing(sb.sow_start, tuple(sb.sow), str(sb.sow_id))
    with board_slot:
        board(
            sb.game.position, sb.rules, key=BOARD_KEY,
            path=last.path if last else (),
            origin=(last.mover, last.pit) if last else None,
            on_pit=click_pit,
            playable=sb.game.legal_moves() if not sb.computer_to_move() else (),
            sowing=sowing,
            current=lambda: state.sandbox().game.position,
            turn_text=_turn_line(sb),
        )
    _controls(sb)
    _notice(sb)
    _what_happened(sb)
    _result(sb)
    # Each expander keeps its open/closed state in st.session_state under a
    # stable key (label and arguments never change), so a pit press, a refused
    # editor entry or a new notice never closes it.
    with st.expander("Players, game and rules", icon=":material/settings:", key="sb_exp_settings",
                     on_change="rerun"):
        _settings(sb)
    with st.expander("Board editor", icon=":material/edit:", key="sb_exp_editor", on_change="rerun"):
        _editor(sb)
    with st.expander("Moves", icon=":material/list:", key="sb_exp_moves", on_change="rerun"):
        _moves_table(sb)
    # --- game story (issue 5, ui/charts.py): stores and evaluation per move, blunders to jump back to
    with st.expander("Game story", icon=":material/insights:", key="sb_exp_story", on_change="rerun"):
        from ui import charts

        charts.render_game_story(sb)
    # --- end game story
    with st.expander("Share this position", icon=":material/link:", key="sb_exp_share", on_change="rerun"):
        _share(sb)


def _turn_line(sb: state.SandboxState) -> str:
    end = sb.game.outcome()
    if end is not None:
        return f"Game over. {short_result(end)}"
    who = side_name(sb.game.position.to_move)
    if sb.computer_to_move():
        return f"{who} (computer) to move"
    if sb.mode == "computer":
        return f"{who} (you) to move"
    return f"{who} to move"
