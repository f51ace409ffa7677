"""A school's set-up survives a crashed process (issue 34, the tester's item 1): ``deploy.school`` starts a
process that died again on its port, says so with its exit status, and nginx goes on answering; only
SIGTERM (or Ctrl+C) stops the whole set-up, and the logs stay in their folder. The app processes use a
SQLite file of the test's own (two processes on one machine share it; the failover test does the same on
PostgreSQL in Chromium). Needs Debian's nginx (.ci/run installs it); every step waits for a state.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from deploy.school import NGINX, ROOT, SchoolSetUp, free_port, healthy, nginx_conf

needs_nginx = pytest.mark.skipif(not os.path.exists(NGINX) and shutil.which("nginx") is None,
                                 reason="nginx is not installed (.ci/run installs Debian's)")


def answers(url: str) -> int:
    """The HTTP status of ``url``'s health check."""
    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=10) as answer:
        return int(answer.status)


def test_the_configuration_listens_where_it_is_told_and_balances_by_the_whole_address(tmp_path):
    conf = nginx_conf(8080, [8501, 8502], tmp_path, "0.0.0.0", tmp_path / "logs")
    assert "listen 0.0.0.0:8080;" in conf
    assert "hash $remote_addr consistent;" in conf and "ip_hash;" not in conf
    assert "server 127.0.0.1:8501 " in conf and "server 127.0.0.1:8502 " in conf
    assert f"error_log {tmp_path / 'logs'}/error.log" in conf and f"access_log {tmp_path / 'logs'}/access.log" in conf
    assert "listen [::]:80;" in nginx_conf(80, [8501], tmp_path, "::")
    assert "listen 127.0.0.1:8080;" in nginx_conf(8080, [8501], tmp_path)  # the tests' set-up: this machine only


@needs_nginx
def test_a_process_killed_is_started_again_on_its_port_while_nginx_goes_on(tmp_path):
    env = {"MANCALA_DB_URL": f"sqlite:///{tmp_path / 'school.sqlite3'}"}
    said: list[str] = []
    with SchoolSetUp(2, env=env, logs=tmp_path / "logs", say=said.append) as school:
        victim, port = school.apps[0][0], school.ports[0]
        school.kill(0)
        assert [answers(school.url) for _ in range(5)] == [200] * 5  # the other process serves meanwhile

        school.check()  # the supervisor's round: it sees the dead process and starts it again
        again = school.apps[0][0]
        assert again.pid != victim.pid and again.poll() is None
        assert re.search(rf"the app process on port {port} \(pid {victim.pid}\) stopped: killed by signal 9 "
                         r"\(SIGKILL\); starting it again$", said[0])
        assert said[1].endswith(f"the app process on port {port} started again (pid {again.pid})")
        assert healthy(f"http://127.0.0.1:{port}")  # on its own port
        school.check()
        assert said[2].endswith(f"the app process on port {port} answers again") and len(said) == 3
        assert answers(school.url) == 200 and school.nginx is not None and school.nginx.poll() is None
        assert school.apps[1][0].poll() is None  # the other process was never touched
    log = (tmp_path / "logs" / "school.log").read_text(encoding="utf-8").splitlines()
    assert [line.split("] ", 1)[1] for line in log] == [line.split("] ", 1)[1] for line in said]
    assert (tmp_path / "logs" / f"app-{port}.log").stat().st_size > 0  # both runs' output, kept
    assert (tmp_path / "logs" / "access.log").exists()


@needs_nginx
def test_the_script_says_its_ports_and_logs_survives_a_kill_and_stops_on_sigterm(tmp_path):
    port, first = free_port(), free_port()
    logs = tmp_path / "kept-logs"
    env = {**os.environ, "MANCALA_DB_URL": f"sqlite:///{tmp_path / 'school.sqlite3'}", "PYTHONUNBUFFERED": "1"}
    script = subprocess.Popen(
        [sys.executable, "-m", "deploy.school", "--processes", "1", "--host", "127.0.0.1", "--port", str(port),
         "--first-port", str(first), "--logs", str(logs)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert script.stdout is not None
    lines: list[str] = []

    def until(ending: str) -> str:
        for line in script.stdout:  # type: ignore[union-attr]
            lines.append(line.rstrip("\n"))
            if ending in line:
                return line
        raise AssertionError(f"the script ended ({script.wait()}) before saying {ending!r}: {lines}")

    try:
        until("Ctrl+C stops it")
        said = [line.split("] ", 1)[1] for line in lines]
        assert said[0] == (f"starting 1 app process on ports {first} (127.0.0.1) and nginx on 127.0.0.1:{port}; "
                           f"logs in {logs}")
        pid = int(re.fullmatch(rf"the app process on port {first} \(pid (\d+)\) answers; its log: app-{first}.log",
                               said[1]).group(1))
        assert said[2] == f"Mancala Tutor for a school: open http://127.0.0.1:{port} (Ctrl+C stops it)"
        os.kill(pid, signal.SIGKILL)
        assert f"(pid {pid}) stopped: killed by signal 9 (SIGKILL); starting it again" in until("stopped: killed")
        until(f"port {first} answers again")
        assert answers(f"http://127.0.0.1:{port}") == 200 and script.poll() is None
        script.send_signal(signal.SIGTERM)
        assert script.wait(timeout=60) == 0
        until("stopped")
    finally:
        if script.poll() is None:
            script.kill()
            script.wait()
    with pytest.raises(OSError):
        answers(f"http://127.0.0.1:{first}")
    with pytest.raises(OSError):
        answers(f"http://127.0.0.1:{port}")
    assert (logs / "school.log").read_text(encoding="utf-8").count("\n") == len(lines)
    assert (logs / f"app-{first}.log").exists() and (logs / "error.log").exists()


def test_several_processes_need_postgresql(tmp_path, capsys, monkeypatch):
    from deploy.school import main

    monkeypatch.setenv("MANCALA_DB_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with pytest.raises(SystemExit) as stopped:
        main(["--processes", "2", "--logs", str(tmp_path / "logs")])
    assert stopped.value.code == 2 and "PostgreSQL" in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def test_a_port_in_use_is_said_before_anything_starts(tmp_path, capsys, monkeypatch):
    import socket

    from deploy.school import main

    monkeypatch.setenv("MANCALA_DB_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        with pytest.raises(SystemExit) as stopped:
            main(["--processes", "1", "--host", "127.0.0.1", "--port", str(free_port()),
                  "--first-port", str(taken), "--logs", str(tmp_path / "logs")])
    assert stopped.value.code == 2
    assert f"Already in use: 127.0.0.1:{taken}." in capsys.readouterr().err
    assert not Path(tmp_path / "logs").exists()


def test_the_docs_list_every_option_and_show_the_service_file():
    from deploy.school import arguments

    docs = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    options = {"--" + name.replace("_", "-") for name in vars(arguments([]))}
    assert options == {"--processes", "--host", "--port", "--first-port", "--logs"}
    assert all(f"| `{option} " in docs for option in options)
    unit = (ROOT / "deploy" / "mancala-school.service").read_text(encoding="utf-8")
    assert unit.split("\n", 1)[1] in docs  # the example unit, as the docs show it
    assert "KillMode=mixed" in unit and "ExecStart=" in unit
    assert "--first-port" in (ROOT / "deploy" / "school.py").read_text(encoding="utf-8").split('"""')[1]
