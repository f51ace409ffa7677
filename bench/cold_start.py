"""Cold start: how long until a fresh server shows the Home page, against a one-line app.

For each run, starts ``streamlit run`` as a new process on a free port (the
same options as the browser tests), waits for ``/_stcore/health``, then opens
the app's first page in Debian's Chromium (one browser, launched before the
clock starts) and waits until it is ready:

- ``one-line app``: a script that writes one line (written to a temp folder);
  shown when that line is shown and the script has finished;
- ``Mancala Tutor``: ``serve.py``; shown when Home's heading and its board are
  shown and its first run has finished (as the browser saw it); settled when
  the learner keeper's first report has been answered (a new learner made in
  the database, its code remembered by the browser) and the script has
  finished.

Settled is told by the code in the browser's localStorage, not by counting
runs: when the keeper reports while the first run is still going (a busy
machine), Streamlit stops that run and starts the next one, and the page's
script state goes straight from running to running, so the browser sees one
finished run, not two.

The kinds take turns (a busy machine slows both alike). Prints the medians
of the times to health, to the page shown and to the page settled, from the
process start, and their ratios; and the server's CPU seconds (user and
system, from ``/proc``) once settled, which a shared machine's load changes
less than the times. Nothing is asserted.

    python -m bench.cold_start              # 3 starts of each
    python -m bench.cold_start --runs 5
    python -m bench.cold_start --port 8711  # every server on this port (else a free one each time)
    python -m bench.cold_start --app-dir /path/to/another/checkout
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser_support import wait_healthy

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ONE_LINE = 'import streamlit as st\n\nst.write("Hello from one line")\n'
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
TIMEOUT_MS = 300_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]  # (host, port) for an IPv4 socket
        return port


def start(script: str, cwd: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def wait_health(base: str, proc: subprocess.Popen[bytes]) -> None:
    if not wait_healthy(base, proc, seconds=TIMEOUT_MS / 1000, poll=0.05):
        raise RuntimeError("the server did not start")


COUNT_RUNS = """(() => {
  window.__runsDone = 0;
  const watch = () => {
    const app = document.querySelector("[data-testid='stApp']");
    if (!app) { requestAnimationFrame(watch); return; }
    // Every change of the attribute is a record: a run that starts and ends between two callbacks
    // (a one-line app) still leaves a record whose old value is "running".
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.oldValue !== "running") continue;
        window.__runsDone += 1;
        if (window.__firstRunDoneAt === undefined) window.__firstRunDoneAt = Date.now() / 1000;
      }
    }).observe(app, {attributes: true, attributeOldValue: true, attributeFilter: ["data-test-script-state"]});
  };
  watch();
})();"""
"""Counts the script runs the page has seen finish (``window.__runsDone``), from its first load, and
notes when the first one finished (``window.__firstRunDoneAt``, seconds of the system clock)."""


def wait_shown(page: Page, kind: str) -> float:
    """The system clock's time when the first page was drawn and its first run had finished: the
    later of the moment its content was seen and the moment the browser saw that run end (a
    second run starting right after it, the keeper's report, is not waited for)."""
    if kind == "one":
        page.get_by_text("Hello from one line").wait_for(timeout=TIMEOUT_MS)
    else:
        page.get_by_role("heading", name="Mancala Tutor", level=1).wait_for(timeout=TIMEOUT_MS)
        page.wait_for_selector(".mt-board", timeout=TIMEOUT_MS)
    seen = time.time()
    page.wait_for_function("() => window.__runsDone >= 1", timeout=TIMEOUT_MS)
    done: float = page.evaluate("() => window.__firstRunDoneAt")
    return max(seen, done)


KEEPER_KEY = "mancala_tutor_learner"
"""Where ``ui/keeper.js`` keeps the learner code in localStorage."""


def wait_settled(page: Page, kind: str) -> None:
    """Every run the first page asked for has finished. For Mancala Tutor: the learner keeper's
    report has been answered (a new learner is made in the database and the keeper, drawn again,
    has stored its code) and no run is going on. A run count cannot tell it: a report that comes
    while the first run is going stops that run, and the browser sees one finished run."""
    if kind == "one":
        page.wait_for_function(f"() => window.__runsDone >= 1 && document.querySelector({IDLE!r})",
                               timeout=TIMEOUT_MS)
        return
    page.wait_for_function(
        f"() => window.localStorage.getItem({KEEPER_KEY!r}) && window.__runsDone >= 1"
        f" && document.querySelector({IDLE!r})", timeout=TIMEOUT_MS)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds the process ``pid`` has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_start(browser: Browser, kind: str, app_dir: Path, tmp: Path, env: dict[str, str],
              port: int | None = None) -> tuple[float, float, float, float]:
    """(seconds to health, to the first page shown, to the first page settled, server CPU seconds
    once settled) of one fresh server, on ``port`` or a free one."""
    port = port or free_port()
    base = f"http://127.0.0.1:{port}"
    entry = "serve.py" if (app_dir / "serve.py").exists() else "app.py"  # an older checkout compared
    script, cwd = ("one_line.py", tmp) if kind == "one" else (entry, app_dir)
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB")
    context.add_init_script(COUNT_RUNS)
    page = context.new_page()
    t0 = time.time()  # the system clock, which the browser's Date.now() reads too
    proc = start(script, cwd, port, env)
    try:
        wait_health(base, proc)
        healthy = time.time() - t0
        page.goto(base, timeout=TIMEOUT_MS)
        shown = wait_shown(page, kind) - t0
        wait_settled(page, kind)
        settled = time.time() - t0
        cpu = cpu_seconds(proc.pid)
    finally:
        context.close()
        stop(proc)
    return healthy, shown, settled, cpu


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server started by :func:`start`: SIGTERM, then SIGKILL after 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--app-dir", type=Path, default=ROOT)
    parser.add_argument("--port", type=int, default=None, help="serve every start on this port")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cold-start-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "one_line.py").write_text(ONE_LINE, encoding="utf-8")
        # Progress goes to a throwaway database, never to the checkout's data/ folder.
        env = {**os.environ, "MANCALA_DB_URL": f"sqlite:///{tmp / 'progress.sqlite3'}", "PYTHONUNBUFFERED": "1"}
        times: dict[str, list[tuple[float, float, float, float]]] = {"one": [], "app": []}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for _ in range(args.runs):
                for kind in times:
                    times[kind].append(one_start(browser, kind, args.app_dir.resolve(), tmp, env, args.port))
            browser.close()
    med = {kind: [statistics.median(t[i] for t in v) for i in range(4)] for kind, v in times.items()}
    one, app = med["one"], med["app"]
    print(f"cold start, medians of {args.runs} fresh servers each, taking turns (seconds from process start):")
    print(f"  one-line app    health {one[0]:6.2f} s   page shown {one[1]:6.2f} s   settled {one[2]:6.2f} s"
          f"   server CPU {one[3]:5.2f} s")
    print(f"  Mancala Tutor   health {app[0]:6.2f} s   Home shown {app[1]:6.2f} s   settled {app[2]:6.2f} s"
          f"   server CPU {app[3]:5.2f} s")
    print(f"  ratio, Home shown / page shown:        {app[1] / one[1]:4.2f}x   (target <= 1.3x)")
    print(f"  ratio, Home settled (learner keeper's report run, database opened) / page: {app[2] / one[2]:4.2f}x")


if __name__ == "__main__":
    main()
