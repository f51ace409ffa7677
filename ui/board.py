"""The drawn board: a Streamlit components-v2 widget with real pit buttons.

Public entry point: :func:`board`. Lessons, puzzles and the sandbox all call
it; it draws a position and reports pit presses to one Python callback.

Layout (DESIGN.md "Board on screen"): South's row along the bottom, pit 1 at
the left; North's row along the top, pit 1 at the right; South's store on the
right, North's on the left. Every pit shows its seeds as dots and as a
number. A pit the player to move may play is an enabled ``<button>`` with an
accessible name such as ``"South pit 3, 4 seeds"``; other pits are disabled
buttons with the same kind of name; stores are labelled ``"South store, 0 seeds"``
(Awari: ``"South's captured seeds, 0 seeds"``, with a small "captured" caption).

Sowing is animated in the browser seed by seed from ``MoveResult.path``
(frames built here by :func:`sowing_frames`), at the speed in
``ui.state.board_prefs()``, or not at all when animation is off; in step
mode a "Next seed" button advances one seed per click.

Nothing here decides a rule: playable pits come from ``engine.legal_moves``
(or the caller), end of game from ``engine.outcome`` (or the caller's text).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st

from engine import NORTH, SOUTH, MoveResult, Position, Rules, legal_moves, outcome
from ui import state
from ui.announce import announcements, short_result, side_name

_HERE = Path(__file__).resolve().parent
_COMPONENT = st.components.v2.component(
    "mancala_tutor_board",
    html='<div class="mt-root"></div>',
    css=(_HERE / "board.css").read_text(encoding="utf-8"),
    js=(_HERE / "board.js").read_text(encoding="utf-8"),
)

PlaceLike = Any  # engine.Place, a ("S", 3) pair, or a bare pit number (side to move)


@dataclass(frozen=True)
class Sowing:
    """Moves to animate: ``start`` is the position before ``results[0]``.

    ``results`` are consecutive ``MoveResult``s (a move, its extra turns, a
    computer reply...). ``id`` must change for every new action: the board
    animates each id once, and never on a page's first drawing.
    """

    start: Position
    results: tuple[MoveResult, ...]
    id: str


def place_key(place: PlaceLike, to_move: str = SOUTH) -> str:
    """``Place("S", 3)`` / ``("S", 3)`` / ``3`` -> ``"S3"``; pit 0 is the store (``"S0"``)."""
    if isinstance(place, int):
        return f"{to_move}{place}"
    side, pit = place[0], place[1]
    return f"{side}{int(pit)}"


def counts_of(position: Position) -> dict[str, int]:
    """Seeds at every place, keyed ``"S1".."Sn"``, ``"S0"`` (store), ``"N1"..``, ``"N0"``."""
    out: dict[str, int] = {}
    for side in (SOUTH, NORTH):
        for k, seeds in enumerate(position.row(side), 1):
            out[f"{side}{k}"] = seeds
        out[f"{side}0"] = position.store(side)
    return out


def sowing_frames(start: Position, results: Iterable[MoveResult]) -> list[dict[str, Any]]:
    """Frames for the animation: one for the lift, one per sown seed, one for what follows.

    Each frame is ``{"counts": counts_of-like dict, "hi": [place keys], "hand":
    seeds still in hand, "note": words, "hold": bool}``. The sown seeds follow
    ``result.path`` exactly; a last frame shows ``result.position`` when it
    differs (a capture, a final sweep). The last frame of the last result
    always equals ``counts_of(results[-1].position)``.
    """
    frames: list[dict[str, Any]] = []
    before = start
    for res in results:
        counts = counts_of(before)
        origin = f"{res.mover}{res.pit}"
        lifted = len(res.path)
        counts[origin] = max(0, counts.get(origin, 0) - lifted)
        who = side_name(res.mover)
        frames.append(
            {
                "counts": dict(counts),
                "hi": [origin],
                "hand": lifted,
                "note": f"{who} lifts {lifted} seed{'s' if lifted != 1 else ''} from pit {res.pit}",
                "hold": False,
            }
        )
        for n, place in enumerate(res.path, 1):
            key = place_key(place)
            counts[key] = counts.get(key, 0) + 1
            frames.append(
                {
                    "counts": dict(counts),
                    "hi": [key],
                    "hand": lifted - n,
                    "note": f"{who} sows seed {n} of {lifted}",
                    "hold": n == lifted,
                }
            )
        after = counts_of(res.position)
        if after != counts:
            changed = [k for k in after if after[k] != counts.get(k)]
            words = " ".join(text for _, text in announcements(res)) or "After the sowing"
            frames.append({"counts": after, "hi": changed, "hand": 0, "note": words, "hold": True})
        before = res.position
    return frames


def _turn_text(position: Position, rules: Rules) -> str:
    end = outcome(position, rules)
    if end is not None:
        return f"Game over. {short_result(end)}"
    return f"{side_name(position.to_move)} to move"


def _dispatch(key: str, on_pit: Callable[[int], Any], current: Callable[[], Position] | None) -> None:
    """The component's trigger callback: read the pressed pit and call ``on_pit`` once."""
    value = st.session_state.get(key)
    try:
        payload = value["pit"] if value is not None else None
    except (KeyError, TypeError):
        payload = getattr(value, "pit", None)
    if payload is None:
        return
    if isinstance(payload, dict):
        pit, seen = payload.get("pit"), payload.get("pos")
    else:
        pit, seen = payload, None
    try:
        pit = int(pit)
    except (TypeError, ValueError):
        return
    if current is not None and seen is not None and seen != current().to_notation():
        return  # a press on a board that has changed since it was drawn
    on_pit(pit)


def board(
    position: Position,
    rules: Rules,
    key: str,
    lit: Iterable[PlaceLike] = (),
    path: Iterable[PlaceLike] = (),
    on_pit: Callable[[int], Any] | None = None,
    *,
    playable: Sequence[int] | None = None,
    origin: PlaceLike | None = None,
    sowing: Sowing | None = None,
    current: Callable[[], Position] | None = None,
    turn_text: str | None = None,
    animate: bool | None = None,
) -> None:
    """Draw ``position`` under ``rules`` as a clickable board.

    Args:
        position: what to draw (``engine.Position``).
        rules: ``KalahRules`` or ``OwareRules`` (pits per side, game name).
        key: a unique Streamlit key for this board on the page.
        lit: places to light up (the pits a lesson wants pressed): ``Place``,
            ``("S", 3)`` or a bare pit number meaning the side to move.
        path: places to mark as the last move's path (e.g. ``result.path``).
        on_pit: ``on_pit(pit)`` is called with a pit number (1..n, the
            mover's own numbering) when the player to move presses a pit.
            ``None`` draws a board that cannot be pressed.
        playable: pits of the side to move that can be pressed; default
            ``engine.legal_moves(position, rules)``. Lessons may pass every
            non-empty pit so that a wrong press can be explained.
        origin: the pit the last move was played from (marked "from").
        sowing: moves to animate (see :class:`Sowing`); the animation ends
            on ``position``, so pass ``position == sowing.results[-1].position``.
        current: returns the position the caller holds now; a press made on
            a board drawn for another position is ignored (double clicks).
        turn_text: the line above the board; default "South to move" or the
            result from ``engine.outcome``.
        animate: override ``ui.state.board_prefs()["animate"]``.

    Returns ``None``; presses arrive through ``on_pit``.
    """
    if playable is None:
        playable = legal_moves(position, rules) if on_pit is not None else ()
    prefs = state.board_prefs()
    do_anim = prefs["animate"] if animate is None else animate
    anim = None
    if sowing is not None and sowing.results and do_anim:
        anim = {
            "id": f"{key}:{sowing.id}",
            "frames": sowing_frames(sowing.start, sowing.results),
            "ms": state.SPEEDS.get(prefs["speed"], 350),
            "step": bool(prefs["step"]),
        }
    path_keys = [place_key(p, position.to_move) for p in path]
    names = {SOUTH: "South", NORTH: "North"}
    data = {
        "key": key,
        "n": rules.pits,
        "game": rules.game,
        "names": names,
        "storeWord": "store",
        # Awari's stores are not in the sowing (A1): they hold each player's captured seeds.
        "storeLabels": (
            {SOUTH: "South's captured seeds", NORTH: "North's captured seeds"} if rules.game == "oware"
            else {SOUTH: "South store", NORTH: "North store"}
        ),
        "storeCaption": "captured" if rules.game == "oware" else "",
        "counts": counts_of(position),
        "to_move": position.to_move,
        "playable": [int(p) for p in playable],
        "interactive": on_pit is not None,
        "lit": [place_key(p, position.to_move) for p in lit],
        "path": path_keys,
        "origin": place_key(origin, position.to_move) if origin is not None else None,
        "last": path_keys[-1] if path_keys else None,
        "turn_text": turn_text or _turn_text(position, rules),
        "aria_label": f"{'Kalah' if rules.game == 'kalah' else 'Awari'} board",
        "notation": position.to_notation(),
        "anim": anim,
    }
    callback = (lambda: _dispatch(key, on_pit, current)) if on_pit is not None else (lambda: None)
    _COMPONENT(key=key, data=data, on_pit_change=callback)
