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
  ``ui.sandbox.FRAGMENT`` runs (printed only when the page has one).

    python bench/press.py            # medians of 40
    python bench/press.py --runs 80
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib import parse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.runtime.scriptrunner import RerunData  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from streamlit.testing.v1 import app_test as app_test_module  # noqa: E402
from streamlit.testing.v1.local_script_runner import LocalScriptRunner, require_widgets_deltas  # noqa: E402
from streamlit.testing.v1.element_tree import parse_tree_from_messages  # noqa: E402

ONE_BUTTON = 'import streamlit as st\n\nst.button("Press me", key="b")\n'

_FRAGMENTS: list[str] = []
"""Fragment ids the next AppTest run reruns alone (empty: the whole app)."""


class _FragmentRunner(LocalScriptRunner):
    """AppTest's script runner, able to rerun only the fragments in :data:`_FRAGMENTS`, as the
    server does after a click inside a fragment (AppTest itself always reruns the whole app)."""

    def run(self, widget_state=None, query_params=None, timeout=3, page_hash="", context_info=None):
        if not _FRAGMENTS:
            return super().run(widget_state, query_params, timeout, page_hash, context_info)
        query = parse.urlencode(query_params, doseq=True) if query_params else ""
        self.request_rerun(RerunData(widget_states=widget_state, query_string=query, page_script_hash=page_hash,
                                     context_info=context_info, fragment_id_queue=list(_FRAGMENTS)))
        try:
            if not self._script_thread:
                self.start()
            require_widgets_deltas(self, timeout)
        finally:
            self.join()
        return parse_tree_from_messages(self.forward_msgs())


app_test_module.LocalScriptRunner = _FragmentRunner


def timed(run) -> float:
    """CPU seconds of this process spent in ``run()``."""
    gc.collect()
    start = time.process_time()
    run()
    return time.process_time() - start


def one_button(runs: int, folder: Path) -> list[float]:
    script = folder / "one_button.py"
    script.write_text(ONE_BUTTON, encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=60)
    at.run()
    out = []
    for i in range(runs + 5):
        at.button(key="b").click()
        spent = timed(at.run)
        if i >= 5:  # the first runs warm caches up
            out.append(spent)
    return out


def sandbox_app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page("pages/sandbox.py").run()
    assert not at.exception, at.exception
    return at


def board_fragment(at: AppTest) -> list[str]:
    """The ids of the sandbox's fragment (keyed ``ui.sandbox.FRAGMENT``), or ``[]``."""
    from ui import sandbox

    key = getattr(sandbox, "FRAGMENT", None)
    ids = at._fragment_storage._ids_by_target_key.get(key, {}) if key else {}  # a bench may peek
    return list(ids)


def sandbox_presses(runs: int, fragment: bool) -> list[float] | None:
    at = sandbox_app()
    ids = board_fragment(at)
    if fragment and not ids:
        return None
    out = []
    for i in range(runs + 5):
        sb = at.session_state["mancala_tutor"].sandbox
        if sb.game.is_over:
            sb.new_game(sb.rules)
            at.run()
        sb.press(sb.game.legal_moves()[i % len(sb.game.legal_moves())])
        _FRAGMENTS[:] = ids if fragment else []
        try:
            spent = timed(at.run)
        finally:
            _FRAGMENTS.clear()
        assert not at.exception, at.exception
        if i >= 5:
            out.append(spent)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="press-bench-") as tmp:
        base = statistics.median(one_button(args.runs, Path(tmp)))
    whole = statistics.median(sandbox_presses(args.runs, fragment=False))
    press = sandbox_presses(args.runs, fragment=True)
    print(f"server CPU per run, medians of {args.runs} (AppTest, time.process_time):")
    print(f"  one-button page rerun      {base * 1000:7.1f} ms")
    print(f"  sandbox, whole app rerun   {whole * 1000:7.1f} ms   ratio {whole / base:5.1f}x")
    if press is None:
        print("  sandbox, press (fragment)  -- the page has no board fragment")
    else:
        frag = statistics.median(press)
        print(f"  sandbox, press (fragment)  {frag * 1000:7.1f} ms   ratio {frag / base:5.1f}x   (target <= 2x)")


if __name__ == "__main__":
    main()
