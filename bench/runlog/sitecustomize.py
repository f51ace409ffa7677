"""Logs every Streamlit script run of a server started with this folder on ``PYTHONPATH`` (a bench's tool).

With ``MANCALA_RUNLOG=/path/file`` set, each run (whole app or fragments) appends one line:
``start_s wall_ms cpu_ms kind page session`` (``kind`` ``app`` or ``frag:<n ids>``; ``cpu_ms`` is the
script thread's own CPU time, so ``wall_ms - cpu_ms`` is time spent waiting: for the GIL, mostly).
``python -m bench.runlog.summary FILE`` sums it up. Nothing is logged without the variable.
"""

import os
import threading
import time

_PATH = os.environ.get("MANCALA_RUNLOG")
if _PATH:
    _lock = threading.Lock()

    def _install(path: str) -> None:
        from streamlit.runtime.scriptrunner import script_runner
        from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

        plain = script_runner.ScriptRunner._run_script

        def run(self: script_runner.ScriptRunner, rerun_data: RerunData) -> None:
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                return plain(self, rerun_data)
            finally:
                wall = (time.perf_counter() - start) * 1000
                used = (time.thread_time() - cpu) * 1000
                queue = rerun_data.fragment_id_queue or ([rerun_data.fragment_id] if rerun_data.fragment_id else [])
                kind = f"frag:{len(queue)}" if queue else "app"
                line = (f"{time.time():.3f} {wall:.1f} {used:.1f} {kind} {rerun_data.page_script_hash[:8] or '-'} "
                        f"{getattr(self, '_session_id', '-')[:8]}\n")
                with _lock, open(path, "a") as out:
                    out.write(line)

        script_runner.ScriptRunner._run_script = run  # type: ignore[method-assign]  # this probe times every run

    _install(_PATH)
