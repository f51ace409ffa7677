"""What a sandbox press costs the server, against the rerun of a one-button page.

Runs both through AppTest in the same process, one after the other, and
prints the median server CPU time (``time.process_time`` around ``run()``:
every thread of this process, the script thread included) of ``--runs``
runs each, and their ratio. Nothing is asserted.

- ``one-button``: a page that draws one button (written to a temp folder);
  each run is a click of it.
- ``sandbox, whole app``: the Sandbox page through the frame (``app.py``),
  two players, nothing to compute; each run follows one pit press (the
  activity's ``press``, what the board's click handler calls). AppTest
  always reruns the whole app, frame and sidebar included.
- ``sandbox, press``: the same press rerun the way the server runs it after
  a click on the board, which sits in a fragment: only the fragment keyed
  ``ui.sandbox.BOARD_FRAGMENT`` runs (printed only when the page has one;
  every panel closed, as a page opens).

The first 20 runs of each kind are not counted: they fill what a server that has served a few
games holds already (the board's captions per language, Python's own warm-up of each function).

    python -m bench.press            # medians of 40
    python -m bench.press --runs 80
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib import parse

from streamlit.proto.ClientState_pb2 import ContextInfo
from streamlit.proto.WidgetStates_pb2 import WidgetStates
from streamlit.runtime.scriptrunner import RerunData
from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequests
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1 import app_test as app_test_module
from streamlit.testing.v1.local_script_runner import LocalScriptRunner, require_widgets_deltas
from streamlit.testing.v1.element_tree import ElementTree, parse_tree_from_messages

ROOT = Path(__file__).resolve().parent.parent

ONE_BUTTON = 'import streamlit as st\n\nst.button("Press me", key="b")\n'

_FRAGMENTS: list[str] = []
"""Fragment ids the next AppTest run reruns alone (empty: the whole app)."""


class _FragmentRunner(LocalScriptRunner):
    """AppTest's script runner, able to rerun only the fragments in :data:`_FRAGMENTS`, as the
    server does after a click inside a fragment (AppTest itself always reruns the whole app)."""

    def run(self, widget_state: WidgetStates | None = None, query_params: dict[str, Any] | None = None,
            timeout: float = 3, page_hash: str = "", context_info: ContextInfo | None = None) -> ElementTree:
        if not _FRAGMENTS:
            return super().run(widget_state, query_params, timeout, page_hash, context_info)
        query = parse.urlencode(query_params, doseq=True) if query_params else ""
        # The runner starts with a whole-app request queued, which would absorb a fragment's.
        self._requests = ScriptRequests()
        self.request_rerun(RerunData(widget_states=widget_state, query_string=query, page_script_hash=page_hash,
                                     context_info=context_info, fragment_id_queue=list(_FRAGMENTS)))
        try:
            if not self._script_thread:
                self.start()
            require_widgets_deltas(self, timeout)
        finally:
            self.join()
        return parse_tree_from_messages(self.forward_msgs())


app_test_module.LocalScriptRunner = _FragmentRunner  # type: ignore[attr-defined]  # imported there, not exported: swapped


def timed(run: Callable[[], object]) -> float:
    """CPU seconds of this process spent in ``run()``."""
    start = time.process_time()
    run()
    return time.process_time() - start


class OneButton:
    """A page that draws one button; each run is a click of it."""

    def __init__(self, folder: Path) -> None:
        script = folder / "one_button.py"
        script.write_text(ONE_BUTTON, encoding="utf-8")
        self.at = AppTest.from_file(str(script), default_timeout=60)
        self.at.run()

    def run(self) -> float:
        self.at.button(key="b").click()
        return timed(self.at.run)


class SandboxPresses:
    """The Sandbox through the frame, two players; each run follows one press (the activity's
    ``press``, what the board's click handler calls), rerun whole or as the fragment alone."""

    def __init__(self, fragment: bool) -> None:
        self.at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        self.at.run()
        self.at.switch_page("pages/sandbox.py").run()
        assert not self.at.exception, self.at.exception
        self.ids = board_fragment(self.at) if fragment else []
        self.turn = 0

    def run(self) -> float:
        sb = self.at.session_state["mancala_tutor"].sandbox
        if sb.game.is_over:
            sb.new_game(sb.rules)
            self.at.run()
        legal = sb.game.legal_moves()
        sb.press(legal[self.turn % len(legal)])
        self.turn += 1
        _FRAGMENTS[:] = self.ids
        try:
            spent = timed(self.at.run)
        finally:
            _FRAGMENTS.clear()
        assert not self.at.exception, self.at.exception
        return spent


def board_fragment(at: AppTest) -> list[str]:
    """The ids of the sandbox's board fragment (keyed ``ui.sandbox.BOARD_FRAGMENT``), or ``[]``."""
    from ui import sandbox

    key = getattr(sandbox, "BOARD_FRAGMENT", None)
    ids = at._fragment_storage._ids_by_target_key.get(key, {}) if key else {}  # a bench may peek
    return list(ids)


def measure(runs: int, warmup: int = 20) -> dict[str, list[float]]:
    """CPU seconds per run of each kind, the kinds taking turns (a busy machine slows all alike)
    in a shuffled order each round: a run costs more right after a bigger one (the 6-ms whole-app
    rerun leaves the CPU's caches full of its own data), so a kind that always came after it would
    pay for it. In a fixed order one, whole, press, the press printed about 0.2x more (medians of
    ten A/B rounds: 1.89x fixed, 1.71x shuffled, the same code)."""
    with tempfile.TemporaryDirectory(prefix="press-bench-") as tmp:
        one, whole, press = OneButton(Path(tmp)), SandboxPresses(False), SandboxPresses(True)
        kinds: dict[str, OneButton | SandboxPresses] = {"one": one, "whole": whole, "press": press}
        if not press.ids:
            del kinds["press"]
        out: dict[str, list[float]] = {name: [] for name in kinds}
        turns = random.Random(14)  # the same order of turns every time the bench is run
        for i in range(runs + warmup):
            order = list(kinds.items())
            turns.shuffle(order)
            for name, kind in order:
                spent = kind.run()
                if i >= warmup:  # the first runs warm caches up, as a server's first games do
                    out[name].append(spent)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)  # pressing outside a run warns each time
    times = {name: statistics.median(values) for name, values in measure(args.runs).items()}
    base = times["one"]
    print(f"server CPU per run, medians of {args.runs} taking turns in a shuffled order (AppTest, time.process_time):")
    print(f"  one-button page rerun      {base * 1000:7.2f} ms")
    print(f"  sandbox, whole app rerun   {times['whole'] * 1000:7.2f} ms   ratio {times['whole'] / base:5.2f}x")
    if "press" not in times:
        print("  sandbox, press (fragment)  -- the page has no board fragment")
    else:
        frag = times["press"]
        print(f"  sandbox, press (fragment)  {frag * 1000:7.2f} ms   ratio {frag / base:5.2f}x   (target <= 2x)")


if __name__ == "__main__":
    main()
