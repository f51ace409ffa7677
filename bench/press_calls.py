"""How many engine calls one sandbox press costs the server: ``engine.play``, ``outcome``,
``legal_moves`` and ``Position.to_notation``, counted (not timed).

The presses are ``bench.press``'s: the Sandbox through the frame, two players; the activity's
``press`` with the position the board showed (what the board's click handler calls), then the
run that draws it: the board's fragment alone, as the server runs it after a click on the board,
or the whole app (AppTest's own rerun). Every call of the four functions is counted, however it
was imported, by a profile hook on the thread that presses and on the script thread
(``bench.calls.counting``). Printed for each: the calls of the first press of a game (pit 3 at the start),
those of a run after it with nothing pressed (the board as it was), and the mean per press of
``--presses`` presses (``bench.press``'s order of pits, new games as they end), each press split
into the press itself and the rerun that draws it. Nothing is asserted.

    python -m bench.press_calls               # 40 presses
    python -m bench.press_calls --presses 100
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from typing import Any

from bench.calls import COUNTED, counting, hook
from bench.press import _FRAGMENTS, SandboxPresses, _FragmentRunner

_plain_thread = _FragmentRunner._run_script_thread


def _hooked_thread(self: _FragmentRunner, *args: Any, **kwargs: Any) -> None:
    sys.setprofile(hook)
    try:
        return _plain_thread(self, *args, **kwargs)
    finally:
        sys.setprofile(None)


# The script thread counts into the same Counter (assigned on _FragmentRunner, as bench.outcomes_cost does).
_FragmentRunner._run_script_thread = _hooked_thread  # type: ignore[method-assign, assignment]


def idle_run(presses: SandboxPresses) -> Counter[str]:
    """The engine calls of a run with nothing pressed (the same fragment, or the whole app, again)."""
    _FRAGMENTS[:] = presses.ids
    try:
        with counting() as calls:
            presses.at.run()
    finally:
        _FRAGMENTS.clear()
    assert not presses.at.exception, presses.at.exception
    return calls


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
    seen = sb.position.to_notation()  # what the board sends with the pit (counted by the board's run before)
    with counting() as pressed:
        sb.press(pit, seen)
    return pressed, idle_run(presses)


def _line(label: str, counts: Counter[str], n: int = 1) -> str:
    cells = "  ".join(f"{name} {counts.get(name, 0) / n:5.1f}" for name in COUNTED.values())
    return f"  {label:<30}{cells}"


def report(presses: SandboxPresses, n: int) -> list[str]:
    """The lines printed for ``presses``: its first press (pit 3), a run after it with nothing
    pressed, then the mean of ``n`` more presses."""
    first = one_press(presses, 3)
    again = idle_run(presses)
    pressed_all: Counter[str] = Counter()
    rerun_all: Counter[str] = Counter()
    for _ in range(n):
        pressed, rerun = one_press(presses)
        pressed_all.update(pressed)
        rerun_all.update(rerun)
    mean = f"mean of {n} presses:"
    return [_line(f"{'first press, pit 3:':<22}press", first[0]), _line(f"{'':<22}rerun", first[1]),
            _line(f"{'':<22}both", first[0] + first[1]), _line(f"{'then no press:':<22}rerun", again),
            _line(f"{mean:<22}press", pressed_all, n),
            _line(f"{'':<22}rerun", rerun_all, n), _line(f"{'':<22}both", pressed_all + rerun_all, n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)  # pressing outside a run warns each time
    fragment = SandboxPresses(True)
    if fragment.ids:
        print("engine calls per sandbox press (two players), then the board's fragment rerun:")
        print("\n".join(report(fragment, args.presses)))
    else:
        print("the sandbox page has no board fragment: no fragment rerun to count")
    print("engine calls per sandbox press (two players), then the whole app's rerun:")
    print("\n".join(report(SandboxPresses(False), args.presses)))


if __name__ == "__main__":
    main()
