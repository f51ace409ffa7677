"""The sandbox's panels: players and rules, the board editor, the moves table, the share link.

Every form reads its choices and ranges from the engine's option table
(``engine.options``) and hands its values to the ``SandboxActivity``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from engine import (CLOCK_CHOICES, CLOCK_SIDES, GAMES, LEVELS, NORTH, SIDES, SOUTH, Option, Position, options_for,
                    time_control)
from engine.clock import CUSTOM, CUSTOM_INCREMENT_S, CUSTOM_MINUTES, NO_CLOCK
from tutor import i18n, words
from tutor.analysis import move_table
from tutor.links import link_query
from tutor.sandbox import SandboxActivity
from ui import lang, reveal, state

K = state.Keys.SANDBOX
ED = state.Keys.EDITOR


def _option_key(opt: Option) -> str:
    return f"{K}{opt.name}"


def settings_from_widgets(sb: SandboxActivity) -> dict[str, Any]:
    """The settings form's values (the current rules where a field was never shown)."""
    ss = st.session_state
    out: dict[str, Any] = {"game": ss.get(f"{K}game", sb.rules.game), "first": ss.get(f"{K}first", sb.first)}
    out.update(clock_from_widgets(sb))
    for game in GAMES:
        for opt in options_for(game):
            current = getattr(sb.rules, opt.name, opt.default) if sb.rules.game == game else opt.default
            out[opt.name] = ss.get(_option_key(opt), current)
    return out


def new_game() -> None:
    """New game with the rules chosen in the settings form."""
    sb = state.sandbox()
    sb.new_game_from(settings_from_widgets(sb))


def whole_page(action: Callable[[], object]) -> Callable[[], None]:
    """A panel's callback that changes the game: ``action``, then the whole app runs again (a
    panel's own rerun would leave the board behind: ``ui.sandbox.PANELS_FRAGMENT``)."""

    def run() -> None:
        action()
        st.rerun()

    return run


def _players_changed() -> None:
    ss = st.session_state
    state.sandbox().set_players(ss.get(f"{K}mode", "two"), ss.get(f"{K}computer_side", NORTH), ss.get(f"{K}level", "easy"))


def _option_widget(opt: Option, current: Any, where: Any) -> None:
    label, key, help_text = words.option_label(opt), _option_key(opt), words.option_help(opt)
    if opt.kind == "int":
        where.select_slider(label, options=list(opt.values), value=current, key=key, help=help_text)
    elif opt.kind == "bool":
        where.checkbox(label, value=bool(current), key=key, help=help_text)
    else:
        values = list(opt.values)
        where.radio(label, values, key=key, index=values.index(current) if current in values else 0,
                    format_func=lambda v, o=opt: words.option_value(o, v), help=help_text)


def settings(sb: SandboxActivity) -> None:
    """Who plays, and the game and rules of the next game."""
    # The players' widgets show the game's own players: the game may switch to two players by
    # itself (the computer failed, or "Go back" to a computer's move), and a keyed widget would
    # otherwise keep its old value (and choosing "computer" again would change nothing).
    ss = st.session_state
    ss[f"{K}mode"], ss[f"{K}computer_side"], ss[f"{K}level"] = sb.mode, sb.computer_side, sb.level
    st.markdown(f"**{words.label('players')}**")
    c1, c2, c3 = st.columns(3)
    c1.radio(words.label("who_plays"), ["two", "computer"], key=f"{K}mode",
             format_func=lambda m: words.label(f"mode_{m}"), on_change=whole_page(_players_changed))
    if sb.mode == "computer":
        c2.radio(words.label("computer_plays"), [NORTH, SOUTH], key=f"{K}computer_side",
                 format_func=words.side_name, on_change=whole_page(_players_changed))
        # Every level named, in order (a slider named only its ends: "Easy" and "Perfect", while its first
        # value was "Beginner").
        c3.radio(words.label("level"), list(LEVELS), key=f"{K}level",
                 format_func=words.level_name, on_change=whole_page(_players_changed))
    st.markdown(words.label("game_and_rules"))
    game = st.radio(words.label("game"), list(GAMES), key=f"{K}game", horizontal=True,
                    index=list(GAMES).index(sb.rules.game), format_func=words.game_title)
    cols = st.columns(2)
    for i, opt in enumerate(options_for(game)):
        current = getattr(sb.rules, opt.name) if sb.rules.game == game else opt.default
        _option_widget(opt, current, cols[i % 2] if game == "kalah" else st)
    st.radio(words.label("who_first"), list(SIDES), key=f"{K}first", horizontal=True,
             index=list(SIDES).index(sb.first), format_func=words.side_name)
    clock_settings(sb)
    st.button(words.label("start_with_rules"), key=f"{K}new_settings", on_click=whole_page(_new_game_told),
              type="primary")


def _new_game_told() -> None:
    """"Start a new game with these rules", far below the board: what it did (the new game, or why the rules
    were refused) is said in a toast as well as above the board, which the panel's page has scrolled away
    from, so a child does not press it again (ut48a #6)."""
    new_game()
    st.session_state[TOAST] = True


TOAST = f"{K}new_settings_told"
"""Session State: the next run says the settings' new game (or its refusal) in a toast (:func:`told`)."""


def told(sb: SandboxActivity) -> None:
    """Once, after "Start a new game with these rules": the sandbox's notice in a toast."""
    if st.session_state.pop(TOAST, False) and sb.notice is not None:
        st.toast(sb.notice.text, icon=":material/error:" if sb.notice.kind == "error" else ":material/restart_alt:")


def _control_choice(sb: SandboxActivity) -> tuple[str, float, int]:
    """The settings that give the sandbox's time control: (choice, custom minutes, custom seconds)."""
    control = sb.control
    lo_min, _hi = CUSTOM_MINUTES
    if control is None:
        return NO_CLOCK, 1.0, 0
    for name in CLOCK_CHOICES:
        if name != CUSTOM and time_control(name) == control:
            return name, control.base_ms / 60_000, control.increment_ms // 1000
    return CUSTOM, max(lo_min, control.base_ms / 60_000), control.increment_ms // 1000


def clock_from_widgets(sb: SandboxActivity) -> dict[str, Any]:
    """The clock fields of the settings form (the current control where a field was never shown)."""
    ss = st.session_state
    choice, minutes, inc = _control_choice(sb)
    sides = "both" if len(sb.clock_sides) == 2 else sb.clock_sides[0]
    return {"clock": ss.get(f"{K}clock", choice), "clock_minutes": ss.get(f"{K}clock_minutes", minutes),
            "clock_increment": ss.get(f"{K}clock_increment", inc), "clock_sides": ss.get(f"{K}clock_sides", sides)}


def _refuse_unusable(sb: SandboxActivity) -> list[str]:
    """Put the value it had back in a clock field that holds none it can use, and say which
    (``"minutes"``, ``"increment"``): an emptied field, or a value the browser could not have sent
    (Streamlit gives a number field's value outside its range or not finite as the field's
    ``value``, which is ``None`` here, so it is told from a number). A "Start" pressed with such a
    value is refused by the activity (``SandboxActivity.new_game_from``), before this runs."""
    ss = st.session_state
    _choice, minutes, inc = _control_choice(sb)
    refused = []
    for key, part, (lo, hi), had in ((f"{K}clock_minutes", "minutes", CUSTOM_MINUTES, minutes),
                                     (f"{K}clock_increment", "increment", CUSTOM_INCREMENT_S, inc)):
        if key in ss and not _number_within(ss[key], lo, hi):
            refused.append(part)
        if key not in ss or not _number_within(ss[key], lo, hi):
            ss[key] = float(had)
    return refused


def clock_settings(sb: SandboxActivity) -> None:
    """The time control of the next game (K19): none, 3+2, 5+5 or your own, and who plays on it.

    Each field shows what it holds ("%g": 2.5 seconds is 2.5, refused on "Start"); a field left
    empty, or sent a value no field can hold, gets the value it had back and a line says why
    (:func:`_refuse_unusable`)."""
    ss = st.session_state
    refused = _refuse_unusable(sb)
    values = clock_from_widgets(sb)
    choices = list(CLOCK_CHOICES)
    choice = st.radio(words.clock_label("clock"), choices, key=f"{K}clock", horizontal=True,
                      index=choices.index(values["clock"]) if values["clock"] in choices else 0,
                      format_func=words.clock_label)
    if choice == NO_CLOCK:
        return
    if choice == CUSTOM:
        c1, c2 = st.columns(2)
        lo, hi = CUSTOM_MINUTES
        ilo, ihi = CUSTOM_INCREMENT_S
        c1.number_input(words.clock_label("minutes"), min_value=float(lo), max_value=float(hi), step=0.5,
                        format="%g", value=None, key=f"{K}clock_minutes")
        c2.number_input(words.clock_label("increment"), min_value=float(ilo), max_value=float(ihi), step=1.0,
                        format="%g", value=None, key=f"{K}clock_increment")
        notice = sb.notice.text if sb.notice is not None else None
        for part in refused:
            if words.clock_refused(part) != notice:  # a refused "Start" says it below the board already
                st.error(words.clock_refused(part), icon=":material/block:")
    sides = list(CLOCK_SIDES)
    st.radio(words.clock_label("sides"), sides, key=f"{K}clock_sides", horizontal=True,
             index=sides.index(values["clock_sides"]) if values["clock_sides"] in sides else 0,
             format_func=words.clock_label)
    st.caption(words.clock_help())


# ------------------------------------------------------------------ the board editor


def field_keys(n: int) -> dict[str, str]:
    """Widget keys of the editor's number fields: ``"S1".."Sn"``, ``"N1"..``, ``"SS"``/``"NS"`` (stores)."""
    names = [f"S{k}" for k in range(1, n + 1)] + [f"N{k}" for k in range(1, n + 1)] + ["SS", "NS"]
    return {name: f"{ED}{name}" for name in names}


def _number_within(value: object, lo: float, hi: float) -> bool:
    """Whether a number field holds a finite number from ``lo`` to ``hi`` (not NaN, text or a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and lo <= value <= hi


def _sync_editor(sb: SandboxActivity) -> None:
    """Fill the editor's fields from the board, but only when the board changed, or a field was never
    drawn (Streamlit forgets the values of widgets not drawn: a closed editor opened again): what the
    learner typed survives every other rerun, a refused entry included, and stays shown as typed.

    The fields hold floats shown as typed ("%g": 2.5 is 2.5, 1e308 is 1e+308) and have no value of
    their own (``value=None``): Streamlit gives a value no field can hold (a forged NaN or infinity)
    as the field's value, so it reads as an empty field, which the activity refuses by name."""
    ss = st.session_state
    pos = sb.position
    mark = (sb.action, len(sb.game.results), pos.to_notation(), sb.rules.pits)
    keys = field_keys(sb.rules.pits)
    if ss.get(f"{ED}synced") == mark and all(k in ss for k in keys.values()):
        return
    ss[f"{ED}synced"] = mark
    sb.editor_error = None
    ss[f"{ED}text"] = pos.to_notation()
    for k in range(1, sb.rules.pits + 1):
        ss[keys[f"S{k}"]] = float(pos.south[k - 1])
        ss[keys[f"N{k}"]] = float(pos.north[k - 1])
    ss[keys["SS"]] = float(pos.south_store)
    ss[keys["NS"]] = float(pos.north_store)
    ss[f"{ED}to_move"] = pos.to_move


def _use_text() -> None:
    state.sandbox().apply_notation(str(st.session_state.get(f"{ED}text", "")))


def _use_fields() -> None:
    ss = st.session_state
    sb = state.sandbox()
    n = sb.rules.pits
    keys = field_keys(n)
    sb.apply_fields([ss.get(keys[f"S{k}"]) for k in range(1, n + 1)], ss.get(keys["SS"]),
                    [ss.get(keys[f"N{k}"]) for k in range(1, n + 1)], ss.get(keys["NS"]), ss.get(f"{ED}to_move", SOUTH))


def editor(sb: SandboxActivity) -> None:
    """Set any position with the same rules: as notation, or pit by pit."""
    if sb.timed_game_running():
        st.info(words.editor_off_on_clock(), icon=":material/timer:")
        return
    n = sb.rules.pits
    _sync_editor(sb)
    keys = field_keys(n)
    st.caption(words.editor_intro(n, sb.rules.total_seeds))
    if sb.editor_error:
        st.error(sb.editor_error, icon=":material/block:")
    with st.form(f"{ED}text_form", border=False):
        # No max_chars: a too-long paste is refused with its reason (tutor.editor), never cut short silently.
        st.text_input(words.label("notation"), key=f"{ED}text", help=words.layout())
        st.form_submit_button(words.label("use_notation"), key=f"{ED}text_go", on_click=whole_page(_use_text))
    with st.form(f"{ED}fields_form", border=False):
        st.markdown(words.label("north_row"))
        cols = st.columns(n + 1)
        cols[0].number_input(words.label("north_store"), step=1.0, format="%g", value=None, key=keys["NS"])
        for k in range(n, 0, -1):
            cols[n - k + 1].number_input(words.pit_field_label(NORTH, k), step=1.0, format="%g", value=None,
                                         key=keys[f"N{k}"])
        st.markdown(words.label("south_row"))
        cols = st.columns(n + 1)
        for k in range(1, n + 1):
            cols[k - 1].number_input(words.pit_field_label(SOUTH, k), step=1.0, format="%g", value=None,
                                     key=keys[f"S{k}"])
        cols[n].number_input(words.label("south_store"), step=1.0, format="%g", value=None, key=keys["SS"])
        st.radio(words.label("to_move"), list(SIDES), format_func=words.side_name, horizontal=True, key=f"{ED}to_move")
        st.form_submit_button(words.label("use_numbers"), key=f"{ED}fields_go", on_click=whole_page(_use_fields))


# ------------------------------------------------------------------ moves and sharing


def moves_frame(sb: SandboxActivity) -> pd.DataFrame:
    """The moves as a table with the headers of ``tutor.words.move_columns`` (shown and in the CSV)."""
    columns = words.move_columns()
    marks = sb.clock_marks()
    if marks is not None:
        columns = {**columns, **words.clock_columns()}
    return pd.DataFrame(move_table(sb.game, marks), columns=list(columns)).rename(columns=columns)


@st.cache_data(show_spinner=False, max_entries=512)
def _moves(key: tuple[object, ...], _sb: SandboxActivity) -> tuple[pd.DataFrame, bytes]:
    """The moves table and its CSV, cached by ``key`` (:func:`moves_key`; ``_sb`` is not hashed)."""
    frame = moves_frame(_sb)
    return frame, frame.to_csv(index=False, sep=words.csv_separator()).encode("utf-8-sig")


def moves_key(sb: SandboxActivity) -> tuple[object, ...]:
    """What the moves table depends on: language, rules, start, the pits played and the clocks' marks."""
    marks = sb.clock_marks()
    return (i18n.current(), tuple(sorted(sb.rules.to_params().items())), sb.game.start.to_notation(),
            tuple(r.pit for r in sb.game.results), tuple(marks) if marks is not None else None)


def moves_shown(sb: SandboxActivity, k: int | None) -> int:
    """How many of the game's moves a panel drawn for ``k`` moves of the sowing counts (``None``: all)."""
    total = len(sb.game.results)
    if k is None or sb.sowing is None:
        return total
    return max(0, total - len(sb.sowing.results) + k)


def _position_shown(sb: SandboxActivity, k: int | None) -> Position:
    """The position after ``k`` moves of the sowing (``None``: the game's own)."""
    if k is None or sb.sowing is None:
        return sb.position
    return sb.sowing.results[k - 1].position if k else sb.sowing.start


def moves_table(sb: SandboxActivity) -> None:
    """The moves so far, and a CSV download of them (both made once per game state, ``moves_key``),
    as far as the board has sown them (``ui.reveal.by_move``; its style: ``ui.sandbox`` panels)."""
    reveal.by_move(f"{K}moves_v", sb, lambda k: _moves_table(sb, k))


def _moves_table(sb: SandboxActivity, k: int | None) -> None:
    shown = moves_shown(sb, k)
    if not shown:
        st.caption(words.no_moves_yet())
        return
    st.caption(words.moves_so_far(shown))
    frame, csv = _moves(moves_key(sb), sb)
    whole = shown == len(sb.game.results)
    if not whole:
        frame = frame.iloc[:shown]
        csv = frame.to_csv(index=False, sep=words.csv_separator()).encode("utf-8-sig")
    suffix = "" if whole else f"_{shown}"
    st.dataframe(frame, hide_index=True, key=f"{K}moves_table{suffix}")
    st.download_button(words.label("download_moves"), csv, file_name="mancala-moves.csv", mime="text/csv",
                       key=f"{K}download{suffix}", icon=":material/download:")


def share(sb: SandboxActivity) -> None:
    """A link that reopens this position with these rules (the position the board has sown to)."""
    st.caption(words.share_intro())
    reveal.by_move(f"{K}share_v", sb, lambda k: _share_code(sb, k))


def _share_code(sb: SandboxActivity, k: int | None) -> None:
    st.code(f"{state.app_url()}?{link_query(sb.rules, _position_shown(sb, k))}{lang.link_suffix()}", language=None)
