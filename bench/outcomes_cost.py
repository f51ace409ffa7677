"""What Move outcomes costs the server per run: where a loaded server's time goes (issue 14).

Runs the Move outcomes page through AppTest in this process (the pool replaced by a stand-in
that answers at once with a fixed-depth search, or not yet), and prints the median server CPU
time (``time.process_time`` around ``run()``) of ``--runs`` runs of each kind:

- ``whole app, searching``: the run after a paste (frame, sidebar, page, a "working out" sign);
- ``whole app, result``: the run that draws the result through the frame (what a result
  arriving cost when the poll reran the whole app; also a revisit);
- ``poll tick``: the polling fragment alone, the search still running (one a second a session);
- ``result fragment``: the result area alone (``ui.outcomes.RESULT_FRAGMENT``), what a result
  arriving costs when only that fragment reruns (printed when the page has one).

``--profile`` also prints the functions taking most of the ``whole app, result`` runs
(cProfile inside the script thread, cumulative seconds).

    python -m bench.outcomes_cost               # medians of 30
    python -m bench.outcomes_cost --profile
"""

from __future__ import annotations

import argparse
import cProfile
import io
import logging
import os
import pstats
import statistics
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)

from bench.press import _FRAGMENTS, _FragmentRunner  # noqa: E402  (AppTest able to rerun fragments alone)
from engine import MoveValue, analyse  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from tutor.thinking import Answer, Request  # noqa: E402
from ui import outcomes, thinking  # noqa: E402

PROFILER = cProfile.Profile()
PROFILING = [False]
"""Whether the next runs are profiled (inside the script thread)."""
_plain_thread = _FragmentRunner._run_script_thread


def _profiled_thread(self: _FragmentRunner, *args: Any, **kwargs: Any) -> None:
    if not PROFILING[0]:
        return _plain_thread(self, *args, **kwargs)
    PROFILER.enable()
    try:
        return _plain_thread(self, *args, **kwargs)
    finally:
        PROFILER.disable()


# Profiled when asked. Assigned on _FragmentRunner, so ``self`` is one (mypy types the slot with its base).
_FragmentRunner._run_script_thread = _profiled_thread  # type: ignore[method-assign, assignment]


class Stand:
    """The pool's stand-in: ``running`` until told, then a depth-6 search's values (made once)."""

    def __init__(self) -> None:
        self.done = True
        self.values: dict[Request, list[MoveValue]] = {}

    def ask(self, owner: str, purpose: str, request: Request) -> Answer:
        if not self.done:
            return Answer("running")
        if request not in self.values:
            self.values[request] = list(analyse(request.position, request.rules, time_ms=None, max_depth=6))
        return Answer("done", self.values[request])

    def cancel(self, *args: object, **kwargs: object) -> int:
        return 0


def keyed(at: AppTest, key: str | None) -> list[str]:
    """The ids of the fragment keyed ``key`` (a bench may peek into AppTest)."""
    return list(at._fragment_storage._ids_by_target_key.get(key, {})) if key else []


def timed(at: AppTest, fragments: list[str]) -> float:
    _FRAGMENTS[:] = fragments
    try:
        start = time.process_time()
        at.run()
        spent = time.process_time() - start
    finally:
        _FRAGMENTS.clear()
    assert not at.exception, at.exception
    return spent


def measure(runs: int, profile: bool) -> dict[str, list[float]]:
    stand = Stand()
    # This process is the bench's: the stand-in answers ui.thinking's asks (it has the service's ask and
    # cancel, not its type); ui.thinking reads ``service`` from its own globals, not exported.
    thinking.service = lambda: stand  # type: ignore[attr-defined, return-value, assignment]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page("pages/move_outcomes.py").run()
    result_key = getattr(outcomes, "RESULT_FRAGMENT", None)
    poll_key = getattr(outcomes, "POLL_FRAGMENT", None)
    out: dict[str, list[float]] = {"searching": [], "whole": [], "poll": [], "fragment": []}
    for i in range(runs + 3):
        warm = i < 3  # the first runs warm caches up

        def record(kind: str, fragments: list[str], profiled: bool = False) -> None:
            PROFILING[0] = profiled and profile and not warm
            try:
                spent = timed(at, fragments)
            finally:
                PROFILING[0] = False
            if not warm:
                out[kind].append(spent)

        stand.done = False
        record("searching", [])
        if keyed(at, poll_key):
            record("poll", keyed(at, poll_key))
        stand.done = True
        record("whole", [], profiled=True)
        if keyed(at, result_key):
            record("fragment", keyed(at, result_key))
    assert at.get("plotly_chart"), "no chart drawn"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    times = measure(args.runs, args.profile)
    names = {"searching": "whole app, searching", "whole": "whole app, result", "poll": "poll tick",
             "fragment": "result fragment"}
    print(f"Move outcomes: server CPU per run, medians of {args.runs} (AppTest, time.process_time):")
    for kind, label in names.items():
        if times[kind]:
            print(f"  {label:22s} {statistics.median(times[kind]) * 1000:7.1f} ms")
        else:
            print(f"  {label:22s}      -- (no such fragment on the page)")
    if args.profile:
        text = io.StringIO()
        stats = pstats.Stats(PROFILER, stream=text).sort_stats("cumulative")
        stats.print_stats(r"(ui|tutor|plotly|pandas|streamlit/elements)/", 30)
        print(f"\nwhere the 'whole app, result' runs went ({args.runs} runs, cumulative seconds):")
        print("\n".join(line for line in text.getvalue().splitlines()[6:] if line.strip()))


if __name__ == "__main__":
    main()
