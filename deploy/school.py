"""A school's set-up on one machine: several app processes behind nginx, on one PostgreSQL.

    MANCALA_DB_URL=postgresql+psycopg://user:password@host/db python -m deploy.school --processes 2 --port 8080

starts ``--processes`` app processes (``streamlit run serve.py``, each on its own port from
``--first-port``) and Debian's nginx in front of them on ``--port`` (``deploy/nginx.conf.template``:
session affinity by the browser's address, the live connection passed through, a process that is
gone given up on in 2 s). Every process uses the one database of ``MANCALA_DB_URL``: a browser whose
process dies is sent to another one and goes on where it was (docs/deployment.md). Stops everything
on Ctrl+C. :class:`SchoolSetUp` is the same as a context manager (the failover test, the bench).
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
import time
import urllib.request
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    """A TCP port nobody listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthy(url: str, seconds: float = 120.0) -> bool:
    """Wait (polling) until ``url`` answers ``/_stcore/health`` with 200, at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


def nginx_conf(listen: int, app_ports: list[int], prefix: Path) -> str:
    """The nginx configuration: ``deploy/nginx.conf.template`` filled in for ``listen`` and the app ports."""
    upstreams = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in app_ports)
    return string.Template(TEMPLATE.read_text(encoding="utf-8")).safe_substitute(
        LISTEN=f"127.0.0.1:{listen}", UPSTREAMS=upstreams, PREFIX=str(prefix))


class SchoolSetUp:
    """``processes`` app processes and nginx in front of them on ``port`` (a free one when 0).

    Attributes:
        url: nginx's address, the one browsers open.
        apps: each process's ``Popen`` and address, in order.
    """

    def __init__(self, processes: int = 2, port: int = 0, env: dict[str, str] | None = None) -> None:
        self.env = {**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"}
        self.ports = [free_port() for _ in range(processes)]
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = Path(tempfile.mkdtemp(prefix="mancala-school-"))
        self.apps: list[tuple[subprocess.Popen[bytes], str]] = []
        self.nginx: subprocess.Popen[bytes] | None = None

    def start_app(self, index: int) -> None:
        """Start app process ``index`` (again, after :meth:`kill`) and wait until it answers."""
        port = self.ports[index]
        log = open(self.folder / f"app-{port}.log", "ab")  # noqa: SIM115 - kept open with the process
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "serve.py", "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1", "--server.fileWatcherType", "none",
             "--browser.gatherUsageStats", "false"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        if index < len(self.apps):
            self.apps[index] = (proc, url)
        else:
            self.apps.append((proc, url))
        if not healthy(url):
            raise RuntimeError(f"app process on {port} did not start: see {self.folder}")

    def start(self) -> SchoolSetUp:
        for index in range(len(self.ports)):
            self.start_app(index)
        conf = self.folder / "nginx.conf"
        conf.write_text(nginx_conf(self.port, self.ports, self.folder), encoding="utf-8")
        self.nginx = subprocess.Popen([NGINX, "-p", str(self.folder), "-c", str(conf)],
                                      stdout=subprocess.DEVNULL, stderr=open(self.folder / "nginx.out", "ab"))  # noqa: SIM115
        if not healthy(self.url, 30):
            raise RuntimeError(f"nginx did not start: see {self.folder}")
        return self

    def serving(self, port: int) -> int:
        """The index of the app process on ``port``."""
        return self.ports.index(port)

    def kill(self, index: int) -> None:
        """``kill -9`` app process ``index`` (a crash: nothing is saved on the way out)."""
        proc, _ = self.apps[index]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)

    def stop(self) -> None:
        if self.nginx is not None:
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

    def __enter__(self) -> SchoolSetUp:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="Several app processes behind nginx, on one PostgreSQL.")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    if not os.environ.get("MANCALA_DB_URL", "").startswith("postgresql"):
        print("Set MANCALA_DB_URL to a PostgreSQL database: several processes share one (docs/deployment.md).")
        raise SystemExit(2)
    with SchoolSetUp(args.processes, args.port) as school:
        print(f"Mancala Tutor for a school: {school.url} ({args.processes} processes; Ctrl+C stops it)", flush=True)
        try:
            while all(proc.poll() is None for proc, _ in school.apps):
                time.sleep(1)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
