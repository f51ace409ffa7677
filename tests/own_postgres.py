"""A PostgreSQL server of a test's own, to stop and start in the middle of a test (issue 34's outage tests).

The shared server (``MANCALA_DB_URL``, started by ``.ci/run``) is never stopped: other tests run on it
at the same time. :class:`OwnPostgres` makes a throwaway cluster with Debian's ``initdb`` in a temp
folder, on a free port, run by the ``postgres`` user when the tests run as root (PostgreSQL refuses
to run as root), with trust authentication on 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def _bin() -> Path | None:
    """The folder of Debian's newest PostgreSQL programs, or ``None``."""
    root = Path("/usr/lib/postgresql")
    versions = sorted((p for p in root.glob("*/bin") if (p / "initdb").exists()),
                      key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    return versions[-1] if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class OwnPostgres:
    """A private PostgreSQL: :meth:`start`, :meth:`stop` (fast shutdown: connections are cut), ``url``."""

    def __init__(self) -> None:
        found = _bin()
        if found is None:
            raise RuntimeError("no PostgreSQL programs in /usr/lib/postgresql (.ci/run installs them)")
        self.bin = found
        self.folder = Path(tempfile.mkdtemp(prefix="mancala-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def start(self) -> None:
        """Start the server and wait until it takes connections."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w",
                  "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.1)
        raise RuntimeError("the private PostgreSQL did not start")

    def stop(self) -> None:
        """Stop the server at once (``-m fast``: every connection is cut, as a crash or a blink would)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def own_postgres() -> Iterator[OwnPostgres]:
    """A started private PostgreSQL, removed afterwards."""
    server = OwnPostgres()
    try:
        server.start()
        yield server
    finally:
        server.remove()
