"""How many engine calls one sandbox press costs the server: ``engine.play``, ``outcome``,
``legal_moves`` and ``Position.to_notation``, counted (not timed).

The press is ``bench.press``'s ``sandbox, press (fragment)``: two players, the activity's
``press`` (what the board's click handler calls), then the board's fragment rerun alone, as the
server runs it after a click on the board. Every call of the four functions is counted, however it
was imported, by a profile hook on the thread that presses and on the script thread
(:func:`counting`). Printed: the calls of the first press of a game (pit 3 at the start), and the
mean per press of ``--presses`` presses (``bench.press``'s order of pits, new games as they end),
each split into the press itself and the rerun that draws it. Nothing is asserted.

    python -m bench.press_calls               # 40 presses
    python -m bench.press_calls --presses 100
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any

from bench.press import _FRAGMENTS, SandboxPresses, _FragmentRunner
from engine import Position, legal_moves, outcome, play

COUNTED: dict[CodeType, str] = {
    play.__code__: "play",
    outcome.__code__: "outcome",
    legal_moves.__code__: "legal_moves",
    Position.to_notation.__code__: "to_notation",
}
"""The engine functions counted, by their code (a call is counted whatever name it was imported as)."""

_COUNTS: list[Counter[str]] = []
"""Where the calls are counted now: empty while nothing is counted."""


def _hook(frame: FrameType, event: str, arg: Any) -> None:
    if event == "call" and _COUNTS:
        name = COUNTED.get(frame.f_code)
        if name is not None:
            _COUNTS[-1][name] += 1


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count the calls of :data:`COUNTED` made on this thread and on the AppTest script threads
    run meanwhile (by name: ``{"play": 7, ...}``)."""
    counts: Counter[str] = Counter()
    _COUNTS.append(counts)
    sys.setprofile(_hook)
    try:
        yield counts
    finally:
        sys.setprofile(None)
        _COUNTS.pop()


_plain_thread = _FragmentRunner._run_script_thread


def _hooked_thread(self: _FragmentRunner, *args: Any, **kwargs: Any) -> None:
    sys.setprofile(_hook)
    try:
        return _plain_thread(self, *args, **kwargs)
    finally:
        sys.setprofile(None)


# The script thread counts into the same Counter (assigned on _FragmentRunner, as bench.outcomes_cost does).
_FragmentRunner._run_script_thread = _hooked_thread  # type: ignore[method-assign, assignment]


def one_press(presses: SandboxPresses, pit: int | None = None) -> tuple[Counter[str], Counter[str]]:
    """The engine calls of one press (``pit``, else ``bench.press``'s next one) and of the board's
    fragment rerun after it: ``(press, rerun)``."""
    sb = presses.at.session_state["mancala_tutor"].sandbox
    if sb.game.is_over:
        sb.new_game(sb.rules)
        presses.at.run()
    legal = sb.game.legal_moves()
    if pit is None:
        pit = legal[presses.turn % len(legal)]
        presses.turn += 1
    with counting() as pressed:
        sb.press(pit)
    _FRAGMENTS[:] = presses.ids
    try:
        with counting() as rerun:
            presses.at.run()
    finally:
        _FRAGMENTS.clear()
    assert not presses.at.exception, presses.at.exception
    return pressed, rerun


def _line(label: str, counts: dict[str, float]) -> str:
    cells = "  ".join(f"{name} {counts.get(name, 0):5.1f}" for name in COUNTED.values())
    return f"  {label:<28}{cells}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)  # pressing outside a run warns each time
    presses = SandboxPresses(True)
    if not presses.ids:
        print("the sandbox page has no board fragment: nothing to count")
        return
    first = one_press(presses, 3)
    pressed_all: Counter[str] = Counter()
    rerun_all: Counter[str] = Counter()
    for _ in range(args.presses):
        pressed, rerun = one_press(presses)
        pressed_all.update(pressed)
        rerun_all.update(rerun)
    n = args.presses
    print("engine calls per sandbox press (two players; the press, then the board's fragment rerun):")
    print(_line("first press, pit 3: press", dict(first[0])))
    print(_line("                    rerun", dict(first[1])))
    print(_line("                    both", dict(first[0] + first[1])))
    print(_line(f"mean of {n} presses: press", {k: v / n for k, v in pressed_all.items()}))
    print(_line("                    rerun", {k: v / n for k, v in rerun_all.items()}))
    print(_line("                    both", {k: v / n for k, v in (pressed_all + rerun_all).items()}))


if __name__ == "__main__":
    main()
