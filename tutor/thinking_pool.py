"""The search pool's processes (``tutor.thinking``): how a worker starts, at the lowest priority,
without running the server's ``__main__``, and ending with the server; and ending them all.

Workers start with the ``forkserver`` method (``spawn`` where there is none: a server's threads are
never forked). Under Streamlit, ``__main__`` is the app's script: a worker never runs it
(:class:`_QuietStart`). Each worker ends when the process that started it ends (the fork server,
which ends with the server), also after a ``kill -9`` of the server.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context as mp_context
import os
import sys
import threading
import time
import types

WORKER_NICE = 19
"""How much lower a worker's scheduling priority is than the server's (``os.nice``; where the
``SCHED_IDLE`` policy is missing, the only step down)."""


def worker_start() -> None:
    """In each new worker: the lowest priority (``SCHED_IDLE`` where there is one, and ``WORKER_NICE``
    lower), and the engine imported before the first search."""
    try:
        os.nice(WORKER_NICE)
    except OSError:  # pragma: no cover - not allowed here: run at the same priority
        pass
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        try:
            os.sched_setscheduler(0, idle, os.sched_param(0))
        except OSError:  # pragma: no cover - not allowed here: the nice value alone
            pass
    _end_with_parent(signal_too="forkserver" in multiprocessing.get_all_start_methods())  # see there
    from . import analysis  # noqa: F401 - import now, not during the first search


def _end_with_parent(signal_too: bool = True) -> None:
    """This process ends when its parent does, also after a ``kill -9`` of it: a thread that sees
    the process handed to another parent; and (``signal_too``) Linux's parent-death signal, which
    fires when the parent *thread* ends, so only for a process started by a thread that lives as
    long as its process (a worker, started by the fork server's one thread; not the fork server,
    started by whichever script thread first needed the pool)."""
    parent = os.getppid()
    if signal_too:
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - not Linux: the thread alone
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _in_fork_server() -> bool:
    """Whether this process is the fork server (it imports this module first, as its preload)."""
    return any("multiprocessing.forkserver import main" in arg for arg in getattr(sys, "orig_argv", ()))


if _in_fork_server():  # the fork server ends with the server; its workers then end with it
    _end_with_parent(signal_too=False)


_MAIN_SWAP = threading.Lock()


class _QuietStart:
    """A worker process that never runs the server's ``__main__`` when it starts.

    Under Streamlit, ``sys.modules["__main__"]`` is the app's script (``app.py``): a new process
    would run the whole app again to rebuild it. While a worker starts, ``__main__`` is an empty
    module (nothing to import); the fork server preloads this module instead of ``__main__``.
    """

    def start(self) -> None:
        with _MAIN_SWAP:
            real = sys.modules.get("__main__")
            blank = types.ModuleType("__main__")
            sys.modules["__main__"] = blank
            try:
                super().start()  # type: ignore[misc]
            finally:
                if real is not None and sys.modules.get("__main__") is blank:
                    sys.modules["__main__"] = real


class _ForkServerProcess(_QuietStart, mp_context.ForkServerProcess):
    pass


class _SpawnProcess(_QuietStart, mp_context.SpawnProcess):
    pass


class _ForkServerContext(mp_context.ForkServerContext):
    Process = _ForkServerProcess


class _SpawnContext(mp_context.SpawnContext):
    Process = _SpawnProcess


def context() -> mp_context.BaseContext:
    """``forkserver`` where there is one, else ``spawn`` (never ``fork``: a server's threads are never forked)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.set_forkserver_preload([__name__, "tutor.thinking"])
        return _ForkServerContext()
    return _SpawnContext()


def end_workers() -> int:
    """End every worker process this server started (``multiprocessing.active_children``: the pool's
    workers; the fork server is not one of them); returns how many were ended."""
    children = multiprocessing.active_children()
    for child in children:
        child.kill()
    for child in children:
        child.join(timeout=5)
    return len(children)


__all__ = ["WORKER_NICE", "context", "end_workers", "worker_start"]
