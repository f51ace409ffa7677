"""The board's data: a ``tutor.view.BoardView`` in the format ``ui/web/board.js`` reads.

Everything about that format lives here: places keyed ``"S1".."Sn"``, ``"S0"`` (South's store),
``"N1"..``, ``"N0"``; seed counts by place (:func:`counts_of`); a sowing's animation as frames
(:func:`sowing_steps`, made whole by :func:`sowing_frames` as ``board.js`` fillFrames does); the
clocks; what each press will show (``ahead``); and the words the board shows. :func:`board_data`
makes one board's whole data from its view, the learner's animation preferences and the presses
the board has sent; it asks nothing of the activity.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from engine import NORTH, SOUTH, MoveResult, Place, Position, Rules
from tutor import i18n, words
from tutor.clock import ClockView
from tutor.sowing import Sowing
from tutor.view import Ahead, BoardView
from ui.state import BoardPrefs


def counts_of(position: Position) -> dict[str, int]:
    """Seeds at every place, keyed ``"S1".."Sn"``, ``"S0"`` (store), ``"N1"..``, ``"N0"``, in that order."""
    return dict(zip(_place_keys(len(position.south)),
                    (*position.south, position.south_store, *position.north, position.north_store)))


@functools.cache
def _place_keys(pits: int) -> tuple[str, ...]:
    """The keys of :func:`counts_of` for ``pits`` pits a side, in its order."""
    return tuple(f"{side}{k}" for side in (SOUTH, NORTH) for k in (*range(1, pits + 1), 0))


@functools.cache
def place_key(place: Place) -> str:
    """A place's key in :func:`counts_of` (``"S3"``, ``"N0"``)."""
    return f"{place.side}{place.pit}"


def sowing_steps(sowing: Sowing, rules: Rules, base: Mapping[str, int] | None = None) -> list[dict[str, object]]:
    """The animation of ``sowing`` as the board is sent it, each frame saying only what it changes:
    a frame for each lift, one per sown seed, one for what follows (:func:`sowing_frames` gives
    every frame whole, as ``board.js`` fillFrames makes them). As many frames as
    ``tutor.sowing.frame_count`` counts.

    ``set`` (every frame) holds the places whose seeds differ from the frame before (the first
    frame's: from ``base``, ``counts_of``-like, or every place without one). A lift's frame is
    ``{"hi": [its pit], "hand": seeds lifted, "note": words, "sow": the seeds' words with "{n}",
    "set": ...}``; a sown seed's is ``{"set": {its place: seeds}}`` alone: it lights that place,
    holds one seed fewer, its words are the lift's ``sow`` with the seed's number, and the last
    seed is held longer. A last frame ``{"hi", "hand": 0, "note", "hold": true, "set"}`` shows
    ``result.position`` when it differs (a capture, a final sweep). The sown seeds follow
    ``result.path`` exactly. Made in one pass: a press sends every pit's foreseen sowing.
    """
    frames: list[dict[str, object]] = []
    before = sowing.start
    for res in sowing.results:
        counts = counts_of(before)
        origin = f"{res.mover}{res.pit}"
        lifted = len(res.path)
        counts[origin] = max(0, counts.get(origin, 0) - lifted)
        if frames:
            changed: dict[str, int] = {origin: counts[origin]}
        elif base is None:
            changed = dict(counts)
        else:
            changed = {place: n for place, n in counts.items() if base.get(place) != n}
        frames.append({"hi": [origin], "hand": lifted, "note": words.lift_note(res), "sow": words.sow_notes(res),
                       "set": changed})
        for place in res.path:
            key = place_key(place)
            counts[key] += 1
            frames.append({"set": {key: counts[key]}})
        after = counts_of(res.position)
        if after != counts:
            changed = {k: n for k, n in after.items() if n != counts.get(k)}
            frames.append({"hi": list(changed), "hand": 0, "note": words.after_note(res, rules), "hold": True,
                           "set": changed})
        before = res.position
    return frames


def sowing_frames(sowing: Sowing, rules: Rules) -> list[dict[str, object]]:
    """Every frame of :func:`sowing_steps` whole, as ``board.js`` fillFrames makes them:
    ``{"hi": [place keys], "hand": seeds still in hand, "note": words, "hold": bool, "counts":
    seeds at every place}`` (``counts_of``-like). The last frame's counts always equal
    ``counts_of(sowing.end)``.
    """
    frames: list[dict[str, object]] = []
    counts: dict[str, int] = {}
    sow, lifted, hand = "", 0, 0
    for step in sowing_steps(sowing, rules):
        changed: dict[str, int] = step["set"]  # type: ignore[assignment]
        counts = {**counts, **changed}
        if "note" in step:  # a lift, or what follows the sowing
            hand = step["hand"]  # type: ignore[assignment]
            if "sow" in step:
                sow, lifted = str(step["sow"]), hand
            frames.append({"hi": step["hi"], "hand": hand, "note": step["note"], "hold": bool(step.get("hold")),
                           "counts": counts})
        else:  # a sown seed
            hand -= 1
            frames.append({"hi": list(changed), "hand": hand, "note": sow.replace("{n}", str(lifted - hand)),
                           "hold": hand == 0, "counts": counts})
    return frames


def anim_id(key: str, sowing: Sowing) -> str:
    """The id board ``key`` gives the animation of ``sowing`` (``"<key>:<sowing id>"``)."""
    return f"{key}:{sowing.id}"


def board_data(key: str, view: BoardView, prefs: BoardPrefs, presses: int = 0, session: str = "",
               fit_bar: bool = False) -> dict[str, Any]:
    """Board ``key``'s whole data for ``board.js``, from ``view`` alone: its words in the language of
    the moment (call it inside ``tutor.i18n.held()``: a board makes a hundred sentences), the
    animation as the learner's ``prefs`` want it, and ``presses``, how many presses this board has
    sent that the server has read (a board drawn by a run that began before a foreseen press was
    read has the count the press was made with); ``session``, the server session drawing it (a
    press a new session never read, after the page reconnected to another process, is sent again:
    ``board_ahead.js`` ``sendLost``); ``fit_bar``: the bar under the pits (Next seed, Skip) takes no room
    while it is empty (a page whose words below the board change with the sowing anyway: no gap there)."""
    rules, sowing = view.rules, view.sowing
    counts = counts_of(view.position)
    oware = rules.game == "oware"
    return {
        "key": key,
        "n": rules.pits,
        "game": rules.game,
        "names": {SOUTH: words.side_name(SOUTH), NORTH: words.side_name(NORTH)},
        # Awari's stores are not in the sowing (A1): they hold each player's captured seeds.
        "storeLabels": {SOUTH: words.store_label(SOUTH, oware), NORTH: words.store_label(NORTH, oware)},
        "storeCaption": words.captured_caption() if oware else "",
        "words": {**words.board_words(), **words.board_clock_words()},
        "lang": i18n.current(),
        "counts": counts,
        "to_move": view.position.to_move,
        "playable": list(view.playable),
        # The pits ringed as playable: the engine's legal moves (an Awari pit that does not feed, A5, is
        # pressable, to be explained, but not ringed).
        "legal": list(view.ringed),
        "interactive": view.interactive,
        "lit": [place_key(p) for p in view.lit],
        **_marks(view.last),
        "turn_text": view.turn_text,
        "aria_label": words.board_name(rules.game),
        "notation": view.notation,
        "anim": _anim(key, sowing, rules, prefs) if sowing is not None else None,
        "clock": _clock(view.clock) if view.clock is not None else None,
        # What the last action did, in plain words, for the board's live region (said once the
        # sowing has been shown); the id tells a new action from a redraw of the same one.
        "said": view.said,
        "said_id": anim_id(key, sowing) if sowing is not None else None,
        "presses": presses,
        "session": session,
        # What pressing each pit will show, drawn at once by board.js before the server answers.
        "ahead": {str(a.pit): _ahead(key, a, rules, counts, prefs) for a in view.ahead},
        "fit_bar": fit_bar,
    }


def _anim(key: str, sowing: Sowing, rules: Rules, prefs: BoardPrefs,
          base: dict[str, int] | None = None) -> dict[str, Any] | None:
    """The animation of ``sowing`` as board.js plays it with the learner's ``prefs`` (``None`` when
    they turned animation off); its frames say what changed from ``base`` on (:func:`sowing_steps`;
    board.js fillFrames makes each one's whole counts again)."""
    if not prefs.animate:
        return None
    return {"id": anim_id(key, sowing), "frames": sowing_steps(sowing, rules, base), "ms": prefs.ms_per_seed,
            "step": prefs.step, "skip": sowing.skip,
            "extends": f"{key}:{sowing.extends}" if sowing.extends is not None else None}


def _marks(move: MoveResult | None) -> dict[str, Any]:
    """The places the board marks for ``move`` (none without one): its path, the pit it came from, its last seed."""
    path = [place_key(p) for p in move.path] if move is not None else []
    return {"path": path, "origin": place_key(Place(move.mover, move.pit)) if move is not None else None,
            "last": path[-1] if path else None}


def _ahead(key: str, ahead: Ahead, rules: Rules, counts: dict[str, int], prefs: BoardPrefs) -> dict[str, Any]:
    """A foreseen press (``tutor.view.Ahead``): the board after its sowing, its animation (frames from
    the board's ``counts`` on) and the line above. Its counts are sent only without an animation
    (board.js takes them from the animation's last frame)."""
    sowing = ahead.sowing
    move = sowing.results[-1]
    anim = _anim(key, sowing, rules, prefs, counts)
    return {**({"counts": counts_of(sowing.end)} if anim is None else {}), "notation": ahead.notation,
            "to_move": sowing.end.to_move, **_marks(move), "note": words.played_note(move), "anim": anim}


def _clock(clock: ClockView) -> dict[str, object]:
    """The clocks as ``board_clock.js`` reads them: ``"S"``/``"N"`` ms left (``None`` untimed),
    ``"running"``, ``"startsIn"`` ms, ``"paused"``, ``"waiting"``, ``"flagged"``, ``"lowMs"``."""
    return {"S": clock.south_ms, "N": clock.north_ms, "running": clock.running, "startsIn": clock.starts_in_ms,
            "paused": clock.paused, "waiting": clock.waiting, "flagged": clock.flagged, "lowMs": clock.low_ms}


__all__ = ["anim_id", "board_data", "counts_of", "place_key", "sowing_frames", "sowing_steps"]
