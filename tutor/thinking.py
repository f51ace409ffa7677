"""Heavy thinking off the script thread: one process pool of searches for the whole server.

Move outcomes (``engine.analyse``, through ``tutor.analysis.same_depth_values``), the game story
(``engine.analyse`` of every position of a game) and the computer's moves (``engine.choose_move``)
are :class:`Request` s run in a
``concurrent.futures.ProcessPoolExecutor`` shared by every session. The pool is made once, when
first needed, with the ``forkserver`` start method (``spawn`` where there is none: a server's
threads are never forked), ``os.cpu_count()`` workers, each at the lowest priority (Linux's
``SCHED_IDLE`` policy, and ``WORKER_NICE``), so a light press in any session is served before a
search: a search only has the CPU the server leaves (its time budget is on the clock, so it then
looks less deep, never longer).

Each ``(owner, purpose)`` (a session, and what it asks: ``"outcomes"``, ``"sandbox"``,
``"lesson"``) has at most one pending request. :meth:`ThinkingService.ask` hands back an
:class:`Answer` for exactly the request asked (the same position, rules and arguments); a new
request for the same owner and purpose abandons the old one (cancelled if it has not started; its
result is never handed out). The time budget inside the request bounds a search that has started.
If a worker dies, the pool is made again and the request run once more; a second failure is an
``Answer`` with ``state == "failed"`` (the caller says so in words). A search that has not answered
:data:`STALL_MARGIN_S` seconds past its budget (a stopped worker) is abandoned: the workers are
ended, the pool made again, and the computer plays a quick move at once (``Answer.stalled``). Each
worker ends with the server, also after a ``kill -9`` of it.

``ThinkingService(inline=True)`` (or ``MANCALA_INLINE_THINKING=1`` for :func:`service`) runs every
request at once on the caller's thread: AppTest stays deterministic.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from engine import Position, Rules

from .thinking_pool import context, end_workers, worker_start

Kind = Literal["outcomes", "story", "choose", "coach", "review"]
State = Literal["running", "done", "failed"]

INLINE_ENV = "MANCALA_INLINE_THINKING"
"""Environment variable: ``1`` makes :func:`service` run every search inline (tests)."""
CACHED = 256
"""Finished Move outcomes and game stories kept for every session (by request), oldest dropped first."""
KEPT = ("outcomes", "story", "coach", "review")
"""The kinds of search whose answers are kept (:data:`CACHED`) and shared: the same question for anyone."""
STALE_S = 600.0
"""A finished request nobody asked for again in this many seconds is forgotten (a closed tab)."""
STALL_MARGIN_S = 10.0
"""A search still running this many seconds past its time budget has stalled (a worker stopped or
starved): it is abandoned, its workers are ended and the pool made again (:meth:`ThinkingService.ask`)."""
QUICK_LEVEL = "easy"
"""The level of the quick move the computer plays when its search stalled (greedy: microseconds)."""


class SearchStalled(RuntimeError):
    """A search that did not answer within its time budget plus :data:`STALL_MARGIN_S`."""


@dataclass(frozen=True)
class Request:
    """One search: ``kind`` ``"outcomes"`` (every legal pit's value, ``list[engine.MoveValue]``,
    estimates at one depth), ``"story"`` (``engine.analyse`` of each of ``positions`` within
    ``time_ms`` each, ``list[list[engine.MoveValue]]`` in their order: a game's story), ``"review"``
    (the same with every position's estimates at one depth, ``tutor.analysis.same_depth_values``: part of
    a game's review, ``tutor.review``) or ``"choose"`` (the computer's pit at ``level``, an ``int``), of
    ``position`` under ``rules``, within ``time_ms`` milliseconds (``None``: no limit), or ``"coach"``
    (the coach's facts of every legal pit, ``tuple[tutor.coach_facts.Facts, ...]`` in pit order, from
    ``values``, the outcomes' ``engine.MoveValue`` s of ``position``: only the answers their best lines
    leave out are searched, within ``tutor.coach_facts.REPLY_NODES`` nodes each).

    Two requests are the same when kind, position, rules, level and time agree (``rng`` is not
    compared: it only breaks ties at the Beginner and Easy levels).
    """

    kind: Kind
    position: Position
    rules: Rules
    time_ms: int | None
    level: str = ""
    rng: Any = field(default=None, compare=False, hash=False)
    positions: tuple[Position, ...] = ()
    values: tuple[Any, ...] = ()


def run_request(request: Request) -> Any:
    """Do the search of ``request`` (in a worker, or inline); returns what its kind says (see
    :class:`Request`). Raises what the engine raises (``ValueError`` for an unknown level)."""
    if request.kind == "outcomes":
        from .analysis import same_depth_values

        return same_depth_values(request.position, request.rules, request.time_ms)[0]
    if request.kind == "story":
        from engine import analyse

        return [list(analyse(p, request.rules, time_ms=request.time_ms)) for p in request.positions]
    if request.kind == "coach":
        from .coach_facts import facts

        return tuple(facts(request.position, request.rules, v.pit, request.values) for v in request.values)
    if request.kind == "review":
        from .analysis import same_depth_values

        return [same_depth_values(p, request.rules, request.time_ms)[0] for p in request.positions]
    if request.kind == "choose":
        from engine import choose_move  # here: the search's import is no first page's cost

        return int(choose_move(request.position, request.rules, request.level, rng=request.rng,
                               time_ms=request.time_ms))
    raise ValueError(f"unknown kind of search: {request.kind!r}")


@dataclass
class Answer:
    """Where a request is: ``state`` ``"running"``, ``"done"`` (``value`` is its result) or
    ``"failed"`` (``error``: the exception; the pool broke twice, or the engine refused)."""

    state: State
    value: Any = None
    error: BaseException | None = None
    started: float = 0.0
    """``time.monotonic()`` when the request was first asked (for a progress sign)."""
    stalled: bool = False
    """The search stalled: a ``"choose"`` answer is then the quick move (:data:`QUICK_LEVEL`), made at once."""


@dataclass
class _Pending:
    request: Request
    future: Future[Any]
    started: float
    pool: ProcessPoolExecutor | None = None
    retried: bool = False
    touched: float = 0.0


class ThinkingService:
    """The searches of a whole server (see the module's words).

    Args:
        workers: processes in the pool (``os.cpu_count()`` by default, at least 1).
        inline: run every request at once on the asking thread (no pool).
        clock: the monotonic clock in seconds the stall check reads (tests give a fake one).
    """

    def __init__(self, workers: int | None = None, inline: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.inline = inline
        self.clock = clock
        self.stalls = 0
        """How many searches were abandoned as stalled."""
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.RLock()
        self._pending: dict[tuple[str, str], _Pending] = {}
        self._cache: OrderedDict[Request, Any] = OrderedDict()
        self.rebuilt = 0
        """How many times a broken pool was made again."""

    # -- the pool -------------------------------------------------------------

    def pool(self) -> ProcessPoolExecutor:
        """The process pool, made on first use (and again after it broke)."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context(), initializer=worker_start)
            return self._pool

    def _rebuild(self, broken: ProcessPoolExecutor | None) -> None:
        with self._lock:
            if broken is not None and self._pool is broken:
                self._pool = None
                self.rebuilt += 1
                broken.shutdown(wait=False, cancel_futures=True)

    def _submit(self, request: Request) -> tuple[Future[Any], ProcessPoolExecutor | None]:
        """Start ``request``: its future, and the pool it runs in (``None`` inline)."""
        if self.inline:
            future: Future[Any] = Future()
            try:
                future.set_result(run_request(request))
            except Exception as exc:  # noqa: BLE001 - handed to the asker as a failed answer
                future.set_exception(exc)
            return future, None
        pool = self.pool()
        try:
            try:
                future = pool.submit(run_request, request)
            except (BrokenProcessPool, RuntimeError):  # broken, or shut down by a rebuild meanwhile
                self._rebuild(pool)
                pool = self.pool()
                future = pool.submit(run_request, request)
        except Exception as exc:  # noqa: BLE001 - no worker could start: a failed answer, said in words
            future = Future()
            future.set_exception(exc)
        return future, pool

    def shutdown(self) -> None:
        """Stop the workers (searches under way are abandoned) and forget every request."""
        with self._lock:
            pool, self._pool = self._pool, None
            for pending in self._pending.values():
                pending.future.cancel()
            self._pending.clear()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    # -- asking ---------------------------------------------------------------

    def ask(self, owner: str, purpose: str, request: Request) -> Answer:
        """The answer to ``request`` for ``owner``'s ``purpose``: started now if it is not pending
        (a different request pending there is abandoned), else how it stands.

        A ``"done"`` answer is handed out once for a ``"choose"`` request (the next ask starts a
        new search); Move outcomes are kept (:data:`CACHED`) and handed to any asker at once, and
        sessions asking the same Move outcomes while it runs share one search.
        """
        key = (owner, purpose)
        now = self.clock()
        with self._lock:
            if request.kind in KEPT and request in self._cache:
                self._cache.move_to_end(request)
                self._drop(key)
                return Answer("done", self._cache[request], started=now)
            pending = self._pending.get(key)
            if pending is None or pending.request != request:
                self._drop(key)
                self._forget_stale(now)
                same = next((p for p in self._pending.values() if p.request == request), None) \
                    if request.kind in KEPT else None  # a class on one position: one search for all
                future, pool = (same.future, same.pool) if same is not None else self._submit(request)
                pending = _Pending(request, future, now, pool)
                self._pending[key] = pending
            pending.touched = now
            future = pending.future
            if not future.done():
                if now - pending.started > _allowed_s(request):
                    return self._give_up(key, pending)
                return Answer("running", started=pending.started)
            try:
                value = future.result()
            except (BrokenProcessPool, CancelledError) as exc:
                self._rebuild(pending.pool)
                if pending.retried:
                    del self._pending[key]
                    return Answer("failed", error=exc, started=pending.started)
                (pending.future, pending.pool), pending.retried = self._submit(request), True
                return Answer("running", started=pending.started) if not pending.future.done() \
                    else self.ask(owner, purpose, request)
            except Exception as exc:  # noqa: BLE001 - the engine refused: the asker says so
                del self._pending[key]
                return Answer("failed", error=exc, started=pending.started)
            del self._pending[key]
            if request.kind in KEPT:
                self._cache[request] = value
                while len(self._cache) > CACHED:
                    self._cache.popitem(last=False)
            return Answer("done", value, started=pending.started)

    def _give_up(self, key: tuple[str, str], pending: _Pending) -> Answer:
        """``pending`` stalled: its workers are ended (the pool is made again for the next search)
        and the request dropped; the computer gets its quick move at once, anything else fails."""
        self.stalls += 1
        self._drop(key)
        end_workers()
        self._rebuild(pending.pool)
        request = pending.request
        if request.kind != "choose":
            return Answer("failed", error=SearchStalled(f"no answer in {_allowed_s(request):.0f} s"),
                          started=pending.started, stalled=True)
        quick = Request("choose", request.position, request.rules, None, QUICK_LEVEL, request.rng)
        return Answer("done", run_request(quick), started=pending.started, stalled=True)

    def forget(self) -> None:
        """Forget every finished Move outcomes result (tests that replace the search)."""
        with self._lock:
            self._cache.clear()

    def pending(self, owner: str, purpose: str) -> Request | None:
        """The request pending for ``owner``'s ``purpose``, if any."""
        with self._lock:
            pending = self._pending.get((owner, purpose))
            return None if pending is None else pending.request

    def cancel(self, owner: str, purpose: str | None = None, keep: tuple[str, ...] = ()) -> int:
        """Abandon ``owner``'s pending request for ``purpose`` (every purpose when ``None``, except
        those in ``keep``: the learner left their page); returns how many were abandoned."""
        with self._lock:
            keys = [k for k in self._pending if k[0] == owner and (purpose is None or k[1] == purpose)
                    and k[1] not in keep]
            for k in keys:
                self._drop(k)
            return len(keys)

    def _drop(self, key: tuple[str, str]) -> None:
        pending = self._pending.pop(key, None)
        if pending is not None and not any(p.future is pending.future for p in self._pending.values()):
            pending.future.cancel()  # a search under way ends within its budget; its result is dropped

    def _forget_stale(self, now: float) -> None:
        for k in [k for k, p in self._pending.items() if now - p.touched > STALE_S]:
            self._drop(k)


def _allowed_s(request: Request) -> float:
    """How long ``request`` may run before it counts as stalled: its budget (each position's, for
    a game story) plus :data:`STALL_MARGIN_S`; no limit for a search without a time budget."""
    if request.time_ms is None:
        return float("inf")
    return request.time_ms / 1000 * max(1, len(request.positions)) + STALL_MARGIN_S


_SERVICES: dict[bool, ThinkingService] = {}
_SERVICE_LOCK = threading.Lock()


def service() -> ThinkingService:
    """The one :class:`ThinkingService` of this process: the pool's, or the inline one while
    ``MANCALA_INLINE_THINKING=1`` (read at every call: a test may set it for its own run)."""
    inline = os.environ.get(INLINE_ENV) == "1"
    with _SERVICE_LOCK:
        if inline not in _SERVICES:
            _SERVICES[inline] = ThinkingService(inline=inline)
        return _SERVICES[inline]


__all__ = ["Answer", "INLINE_ENV", "QUICK_LEVEL", "Request", "STALL_MARGIN_S", "SearchStalled", "ThinkingService",
           "end_workers", "run_request", "service"]
