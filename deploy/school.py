"""A school's set-up on one machine: several app processes behind nginx, on one PostgreSQL.

    MANCALA_DB_URL=postgresql+psycopg://mancala:PASSWORD@localhost/mancala python -m deploy.school --processes 2

starts ``--processes`` app processes (``streamlit run serve.py`` on 127.0.0.1, on ports ``--first-port``,
``--first-port`` + 1, …; 8501 and up by default) and Debian's nginx in front of them on ``--host``:``--port``
(0.0.0.0:8080 by default: every device of the school's network reaches it). ``deploy/nginx.conf.template``:
session affinity by the browser's whole address, the live connection passed through, a process that is
gone given up on in 2 s. Every process uses the one database of ``MANCALA_DB_URL`` (one process may use
the default SQLite file): a browser whose process dies is sent to another one and goes on where it was.

The script supervises what it started: an app process (or nginx) that dies is started again on its port,
said with its exit status and the time on the console and in ``--logs``/school.log, while the others go on
serving; one that dies again within 30 s of its start waits 1, 2, 4 … up to 60 s before the next start. Only Ctrl+C
or SIGTERM stops the whole set-up. The logs (school.log, app-PORT.log for each process, nginx's
error.log and access.log) are kept in ``--logs`` (``school-logs/`` in the checkout by default), which
survives the set-up. docs/deployment.md "A school's set-up". :class:`SchoolSetUp` is the same as a
context manager (the failover test, the bench), unsupervised unless :meth:`SchoolSetUp.check` is called.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
LOGS = ROOT / "school-logs"
"""Where ``python -m deploy.school`` keeps its logs unless told ``--logs``."""
QUICK_DEATH = 30.0
"""Seconds: a process that dies sooner after its start than this waits before the next start."""


def free_port() -> int:
    """A TCP port nobody listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_taken(host: str, port: int) -> bool:
    """Whether something listens on ``host``:``port`` already (binding it fails)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


def healthy(url: str, seconds: float = 120.0) -> bool:
    """Wait (polling) until ``url`` answers ``/_stcore/health`` with 200, at most ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            pass
        if time.monotonic() >= end:
            return False
        time.sleep(0.2)


def address(host: str) -> str:
    """The address other devices open for ``host``: for 0.0.0.0 (every interface) this machine's address
    on its network (the interface its default route uses; nothing is sent), else ``host`` itself."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # a documentation address: connecting a UDP socket sends nothing
            return str(s.getsockname()[0])
        except OSError:
            return socket.gethostname()


def ended(code: int) -> str:
    """How a process ended, from its ``Popen.returncode``: "exit status 1", "killed by signal 9 (SIGKILL)"."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            return f"killed by signal {-code}"
        return f"killed by signal {-code} ({name})"
    return f"exit status {code}"


def nginx_conf(listen: int, app_ports: list[int], prefix: Path, host: str = "127.0.0.1",
               logs: Path | None = None) -> str:
    """The nginx configuration: ``deploy/nginx.conf.template`` filled in for ``host``:``listen``, the app
    ports, the folder of its working files ``prefix`` and of its logs ``logs`` (``prefix`` when None)."""
    upstreams = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in app_ports)
    where = f"[{host}]" if ":" in host else host
    return string.Template(TEMPLATE.read_text(encoding="utf-8")).safe_substitute(
        LISTEN=f"{where}:{listen}", UPSTREAMS=upstreams, PREFIX=str(prefix), LOGS=str(logs or prefix))


class SchoolSetUp:
    """``processes`` app processes and nginx in front of them on ``host``:``port`` (a free port when 0).

    The app processes listen on 127.0.0.1, on ``first_port``, ``first_port`` + 1, … (free ports when 0).
    ``logs``: the folder kept for the logs (made if missing); None keeps them in a temporary folder that
    goes with the set-up. ``say``: where the supervisor's lines go besides ``logs``/school.log (none when
    None).

    Attributes:
        url: nginx's address on this machine.
        apps: each process's ``Popen`` and address, in order (``ports`` in the same order).
        logs: the folder of the logs.
    """

    def __init__(self, processes: int = 2, port: int = 0, env: dict[str, str] | None = None,
                 host: str = "127.0.0.1", first_port: int = 0, logs: Path | None = None,
                 say: Callable[[str], None] | None = None) -> None:
        self.env = {**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"}
        self.ports = [first_port + i if first_port else free_port() for i in range(processes)]
        self.port = port or free_port()
        self.host = host
        self.url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else address(host)}:{self.port}"
        self.folder = Path(tempfile.mkdtemp(prefix="mancala-school-"))
        self.logs = Path(logs) if logs is not None else self.folder
        self.logs.mkdir(parents=True, exist_ok=True)
        self.say_to = say
        self.apps: list[tuple[subprocess.Popen[bytes], str]] = []
        self.nginx: subprocess.Popen[bytes] | None = None
        self.started: dict[int, float] = {}   # app index (-1: nginx) -> when it was last started (monotonic)
        self.failures: dict[int, int] = {}    # -> how many times in a row it died soon after its start
        self.due: dict[int, float] = {}       # a dead one -> when it is started again (monotonic)
        self.waiting: set[int] = set()        # app indexes started again that have not answered yet
        self.files: list[IO[bytes]] = []

    def say(self, line: str) -> None:
        """Write ``line`` with the time to ``logs``/school.log, and to ``say`` when given."""
        stamped = f"[{time.strftime('%Y-%m-%d %H:%M:%S')}] {line}"
        with open(self.logs / "school.log", "a", encoding="utf-8") as log:
            log.write(stamped + "\n")
        if self.say_to is not None:
            self.say_to(stamped)

    def _log(self, name: str) -> IO[bytes]:
        file = open(self.logs / name, "ab")  # noqa: SIM115 - kept open with the process
        self.files.append(file)
        return file

    def start_app(self, index: int, wait: bool = True) -> None:
        """Start app process ``index`` (again, after :meth:`kill`); with ``wait``, until it answers (raises
        RuntimeError when it does not within 2 minutes)."""
        port = self.ports[index]
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "serve.py", "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1", "--server.fileWatcherType", "none",
             "--browser.gatherUsageStats", "false"],
            cwd=ROOT, env=self.env, stdout=self._log(f"app-{port}.log"), stderr=subprocess.STDOUT,
            start_new_session=True)  # Ctrl+C reaches the supervisor only, which stops everything in order
        url = f"http://127.0.0.1:{port}"
        if index < len(self.apps):
            self.apps[index] = (proc, url)
        else:
            self.apps.append((proc, url))
        self.started[index] = time.monotonic()
        if wait and not healthy(url):
            raise RuntimeError(f"the app process on port {port} did not start: see {self.logs / f'app-{port}.log'}")

    def start_nginx(self) -> None:
        """Write nginx's configuration and start it (again)."""
        conf = self.folder / "nginx.conf"
        conf.write_text(nginx_conf(self.port, self.ports, self.folder, self.host, self.logs), encoding="utf-8")
        self.nginx = subprocess.Popen([NGINX, "-p", str(self.folder), "-c", str(conf)],
                                      stdout=subprocess.DEVNULL, stderr=self._log("nginx.out"),
                                      start_new_session=True)
        self.started[-1] = time.monotonic()

    def start(self) -> SchoolSetUp:
        for index in range(len(self.ports)):
            self.start_app(index)
        self.start_nginx()
        if not healthy(self.url, 30):
            raise RuntimeError(f"nginx did not start: see {self.logs / 'error.log'} and {self.logs / 'nginx.out'}")
        return self

    def check(self) -> None:
        """One round of supervision: say and start again every app process (and nginx) that has died,
        after its wait when it keeps dying (``QUICK_DEATH``); say when one started again answers."""
        now = time.monotonic()
        watched = [(index, proc, f"the app process on port {self.ports[index]}")
                   for index, (proc, _) in enumerate(self.apps)]
        if self.nginx is not None:
            watched.append((-1, self.nginx, f"nginx on port {self.port}"))
        for index, proc, name in watched:
            code = proc.poll()
            if code is None:
                continue
            if index not in self.due:
                quick = now - self.started.get(index, now) < QUICK_DEATH
                self.failures[index] = self.failures.get(index, 0) + 1 if quick else 0
                delay = min(60, 2 ** (self.failures[index] - 2)) if self.failures[index] > 1 else 0
                self.due[index] = now + delay
                self.waiting.discard(index)
                self.say(f"{name} (pid {proc.pid}) stopped: {ended(code)}; "
                         + (f"starting it again in {delay} s" if delay else "starting it again"))
            if self.due[index] <= now:
                del self.due[index]
                if index < 0:
                    self.start_nginx()
                    assert self.nginx is not None
                    self.say(f"{name} started again (pid {self.nginx.pid})")
                else:
                    self.start_app(index, wait=False)
                    self.waiting.add(index)
                    self.say(f"{name} started again (pid {self.apps[index][0].pid})")
        for index in sorted(self.waiting):
            if self.apps[index][0].poll() is None and healthy(self.apps[index][1], 0):
                self.waiting.discard(index)
                self.say(f"the app process on port {self.ports[index]} answers again")

    def supervise(self, stop: threading.Event, every: float = 0.5) -> None:
        """:meth:`check` every ``every`` seconds until ``stop`` is set."""
        while not stop.wait(every):
            self.check()

    def serving(self, port: int) -> int:
        """The index of the app process on ``port``."""
        return self.ports.index(port)

    def kill(self, index: int) -> None:
        """``kill -9`` app process ``index`` (a crash: nothing is saved on the way out)."""
        proc, _ = self.apps[index]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)

    def stop(self) -> None:
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.terminate()
            self.nginx.wait(timeout=30)
        for proc, _ in self.apps:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=15)
        for file in self.files:
            file.close()

    def __enter__(self) -> SchoolSetUp:
        try:
            return self.start()
        except BaseException:
            self.__exit__(None, None, None)
            raise

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.school",
        description="A school's set-up: app processes behind nginx, on one PostgreSQL (docs/deployment.md).")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 2,
                        help="how many app processes (default: one per CPU)")
    parser.add_argument("--host", default="0.0.0.0",
                        help="the address nginx listens on (default 0.0.0.0: every device on the network; "
                             "127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8080, help="the port nginx listens on (default 8080)")
    parser.add_argument("--first-port", type=int, default=8501,
                        help="the first app process's port on 127.0.0.1; the next ones follow (default 8501)")
    parser.add_argument("--logs", type=Path, default=LOGS,
                        help=f"the folder kept for the logs (default {LOGS})")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    url = os.environ.get("MANCALA_DB_URL", "")
    if args.processes < 1 or (args.processes > 1 and not url.startswith("postgresql")):
        print("Set MANCALA_DB_URL to a PostgreSQL database: several processes share one (docs/deployment.md). "
              "One process (--processes 1) may use the default SQLite file.", file=sys.stderr)
        raise SystemExit(2)
    ports = [(args.host, args.port)] + [("127.0.0.1", args.first_port + i) for i in range(args.processes)]
    taken = [f"{host}:{port}" for host, port in ports if port_taken(host, port)]
    if taken:
        print(f"Already in use: {', '.join(taken)}. Choose other ports (--port, --first-port) or stop what "
              "uses them.", file=sys.stderr)
        raise SystemExit(2)
    stop = threading.Event()

    def stopping(signum: int, _frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, stopping)
    signal.signal(signal.SIGINT, stopping)
    school = SchoolSetUp(args.processes, args.port, host=args.host, first_port=args.first_port,
                         logs=args.logs.resolve(), say=lambda line: print(line, flush=True))
    school.say(f"starting {args.processes} app process{'es' if args.processes > 1 else ''} on ports "
               f"{', '.join(map(str, school.ports))} (127.0.0.1) and nginx on {args.host}:{args.port}; "
               f"logs in {school.logs}")
    try:
        with school:
            for (proc, _), port in zip(school.apps, school.ports):
                school.say(f"the app process on port {port} (pid {proc.pid}) answers; its log: app-{port}.log")
            school.say(f"Mancala Tutor for a school: open http://{address(args.host)}:{args.port} "
                       "(Ctrl+C stops it)")
            school.supervise(stop)
            school.say("stopping (Ctrl+C or SIGTERM)")
    except RuntimeError as exc:
        school.say(f"stopped: {exc}")
        raise SystemExit(1) from None
    school.say("stopped")


if __name__ == "__main__":
    main()
