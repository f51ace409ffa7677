"""Protocol-level learners: cheap, faithful Streamlit clients for the load benches (no browser).

A learner speaks Streamlit 1.67's websocket protocol to a running app (``/_stcore/stream``,
subprotocol ``streamlit``; ``BackMsg``/``ForwardMsg`` protobufs from ``streamlit.proto``) as the
browser does, and leaves out only the drawing:

- it opens a session and asks for a page (a first ``rerun_script`` with ``page_name``, the page's
  url path; then the page's script hash the server named in its ``navigation`` message, and the
  query string of its ``page_info_changed``), with the browser's context (locale, time zone, url);
- it reads every ``ForwardMsg`` (it keeps no forward-message cache: it sends no cached hashes, so
  the server sends every message whole, as to a browser on its first visit);
- it learns the widgets' ids from the deltas (``$$ID-<hash>-<key>``) and keeps every widget state it
  has set, sending them all with every rerun, as the browser's widget manager does;
- it keeps the fragments' ``run_every`` timers as 1.67's browser does (``App.handleAutoRerun``:
  one timer per fragment id, a repeat of the same interval keeps its countdown, another interval
  replaces it, a full run's ``new_session`` or a ``stop_auto_rerun`` clears it; each tick is a
  ``rerun_script`` with that ``fragment_id`` and ``is_auto_rerun``, sent whether a run is under way
  or not);
- it answers the app's learner keeper (``ui/keeper.js``, a components-v2 piece) as a browser with
  no stored code or language does: the trigger ``stored`` with ``{"code": "", "lang": ""}`` once,
  when the keeper asks.

Left out, besides drawing: the browser's forward-message cache (so the server never answers with a
``ref_hash``), the default values its widgets report when first drawn (the server uses the same
defaults), heartbeats and reconnection.

:func:`learner` drives Move outcomes as a pupil pasting position after position (``ui/outcomes.py``:
the radio ``mo_source``, "Paste a position", the text input ``mo_notation``), each next one once the
last one's chart (``mo_chart``) has come. Run alone, this module is its own check::

    python -m bench.learners http://127.0.0.1:8760 --learners 3 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Callable, Iterable

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection
from websockets.typing import Origin, Subprotocol

PAGE = "move_outcomes"
SOURCE_KEY, NOTATION_KEY, CHART_KEY = "mo_source", "mo_notation", "mo_chart"
PASTE_OPTION = "Paste a position"
"""The ``mo_source`` option a learner picks (English: a learner's locale is ``en-US``)."""
KEEPER_COMPONENT = "learner_keeper"
"""What the app's learner keeper's component name ends with (``ui/learner.py``)."""
INTERNAL_PREFIX, EVENT_DELIM = "$$STREAMLIT_INTERNAL_KEY", "__"
"""How Streamlit 1.67 names a components-v2 piece's trigger widget: ``{prefix}_{id}{delim}events``."""


class SessionClosed(ConnectionError):
    """The server closed the session's websocket (or it could not be opened)."""


def widget_key(widget_id: str) -> str | None:
    """The user key in a keyed widget's id: ``"$$ID-<hash>-mo_source"`` -> ``"mo_source"``; None unkeyed."""
    parts = widget_id.split("-", 2)
    return parts[2] if widget_id.startswith("$$ID-") and len(parts) == 3 else None


class Session:
    """One Streamlit session over the websocket, as a browser tab keeps it (everything but drawing).

    ``base_url``: the app's address (``http://host:port``); ``page``: the url path of the page
    asked for first; ``locale``/``timezone``: the browser context sent with every rerun.
    Counters (read by benches): ``runs`` full runs and ``fragment_runs`` fragment runs begun
    (``new_session`` messages), ``ticks`` auto-rerun requests sent, ``received`` messages and
    ``received_bytes`` their bytes.
    """

    def __init__(self, base_url: str, page: str = PAGE, locale: str = "en-US", timezone: str = "UTC") -> None:
        self.base_url = base_url.rstrip("/")
        self.page = page
        self.locale, self.timezone = locale, timezone
        self.page_hash = ""  # the server's, once its navigation message names it
        self.query_string = ""
        self.states: dict[str, WidgetState] = {}  # by widget id: every state this client has set
        self.ids: dict[str, str] = {}  # user key -> widget id, from the deltas
        self.running = False  # a run is under way (session_status_changed)
        self.full_finished = 0  # whole-page runs finished (not cut short by a rerun)
        self.runs = self.fragment_runs = self.ticks = self.received = self.received_bytes = 0
        self.charts = 0  # plotly charts keyed CHART_KEY received
        self.watch: str | None = None  # a text to look for in a full run's markdown (a caption)
        self.watch_charts: int | None = None  # charts received when :attr:`watch` was seen (None: not yet)
        self._fragment_run = False
        self._timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self._keeper_asks: str | None = None  # the keeper's trigger widget id while the last run's keeper asks
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self.closed = False

    @property
    def settled(self) -> bool:
        """A whole run has finished, none is under way and the learner keeper asks nothing more."""
        return self.full_finished >= 1 and not self.running and self._keeper_asks is None

    async def open(self) -> None:
        """Connect and ask for :attr:`page` (the browser's first rerun). Raises :class:`SessionClosed`."""
        ws_url = "ws" + self.base_url[len("http"):] + "/_stcore/stream"
        try:
            self._ws = await websockets.connect(ws_url, subprotocols=[Subprotocol("streamlit")],
                                                origin=Origin(self.base_url), max_size=None, ping_interval=None)
        except (OSError, websockets.WebSocketException) as exc:
            raise SessionClosed(f"cannot open {ws_url}: {exc!r}") from exc
        self._reader = asyncio.create_task(self._read())
        await self.rerun()

    async def close(self) -> None:
        """Stop the timers and close the websocket (the server then ends the session)."""
        for _, task in self._timers.values():
            task.cancel()
        self._timers.clear()
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        self.closed = True

    # Sending -----------------------------------------------------------------------------------

    def set_string(self, key: str, value: str) -> None:
        """Set the widget keyed ``key`` (its id seen in a delta) to the string ``value`` (radio options
        and text inputs are strings in 1.67); sent with this and every later rerun. KeyError if unseen."""
        widget_id = self.ids[key]
        self.states[widget_id] = WidgetState(id=widget_id, string_value=value)

    async def rerun(self, fragment_id: str = "", auto: bool = False,
                    triggers: Iterable[WidgetState] = ()) -> None:
        """Send a ``rerun_script``: every kept widget state plus one-run ``triggers``; a whole-page run,
        or ``fragment_id``'s alone (``auto``: a ``run_every`` tick)."""
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query_string
        if self.page_hash:
            cs.page_script_hash = self.page_hash
        else:
            cs.page_name = self.page
        cs.fragment_id = fragment_id
        cs.is_auto_rerun = auto
        cs.widget_states.widgets.extend([*self.states.values(), *triggers])
        info = cs.context_info
        info.locale, info.timezone, info.timezone_offset = self.locale, self.timezone, 0
        info.url, info.color_scheme = f"{self.base_url}/{self.page}", "light"
        assert self._ws is not None, "open() first"
        try:
            await self._ws.send(msg.SerializeToString())
        except websockets.WebSocketException as exc:
            raise SessionClosed(repr(exc)) from exc

    # Receiving ---------------------------------------------------------------------------------

    async def wait_for(self, ready: Callable[[], bool], timeout: float = 300.0) -> None:
        """Wait until ``ready()`` (checked after every message). Raises :class:`SessionClosed` when the
        session ends first and ``TimeoutError`` after ``timeout`` seconds."""
        async def until() -> None:
            async with self._changed:
                while not ready():
                    if self.closed:
                        raise SessionClosed("the server closed the session")
                    await self._changed.wait()
        await asyncio.wait_for(until(), timeout)

    async def _read(self) -> None:
        assert self._ws is not None, "open() first"
        try:
            async for data in self._ws:
                self.received += 1
                self.received_bytes += len(data)
                msg = ForwardMsg()
                msg.ParseFromString(data)
                await self._handle(msg)
                async with self._changed:
                    self._changed.notify_all()
        except websockets.WebSocketException:
            pass
        finally:
            self.closed = True
            async with self._changed:
                self._changed.notify_all()

    async def _handle(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self._fragment_run = bool(msg.metadata.run.fragment_ids)
            if self._fragment_run:
                self.fragment_runs += 1
            else:  # a full run: the browser drops every fragment timer (the run sends them again)
                self.runs += 1
                for _, task in self._timers.values():
                    task.cancel()
                self._timers.clear()
        elif kind == "navigation":
            self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "session_status_changed":
            self.running = msg.session_status_changed.script_is_running
        elif kind == "auto_rerun":
            self._start_timer(msg.auto_rerun.fragment_id, msg.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            for fragment_id in msg.stop_auto_rerun.fragment_ids:
                if fragment_id in self._timers:
                    self._timers.pop(fragment_id)[1].cancel()
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._element(msg.delta.new_element)
        elif kind == "script_finished":
            if msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:  # a whole run, not cut short
                self.full_finished += 1
                if self._keeper_asks:
                    # As keeper.js does once drawn: it reports "no code stored here" (a trigger, a rerun).
                    trigger = WidgetState(id=self._keeper_asks,
                                          json_trigger_value=json.dumps([{"event": "stored", "value": {"code": "", "lang": ""}}]))
                    await self.rerun(triggers=[trigger])

    def _element(self, element: Element) -> None:
        kind = element.WhichOneof("type")
        if kind == "markdown":
            if self.watch and not self._fragment_run and self.watch in element.markdown.body:
                self.watch_charts = self.charts
            return
        if kind == "plotly_chart":
            if widget_key(element.plotly_chart.id) == CHART_KEY:
                self.charts += 1
            return
        if kind == "bidi_component" and element.bidi_component.component_name.endswith(KEEPER_COMPONENT):
            data = json.loads(element.bidi_component.json or "null")
            asks = isinstance(data, list) and data and isinstance(data[0], dict) and data[0].get("ask")
            trigger_id = f"{INTERNAL_PREFIX}_{element.bidi_component.id}{EVENT_DELIM}events"
            self._keeper_asks = trigger_id if asks else None
            return
        widget_id = getattr(getattr(element, kind), "id", "") if kind else ""
        key = widget_key(widget_id) if isinstance(widget_id, str) else None
        if key:
            self.ids[key] = widget_id

    def _start_timer(self, fragment_id: str, interval: float) -> None:
        if not fragment_id:  # as 1.67's browser does: a page-wide auto rerun is not a thing it keeps
            return
        known = self._timers.get(fragment_id)
        if known and known[0] == interval:  # the same interval again keeps the countdown
            return
        if known:
            known[1].cancel()
        if interval > 0:
            self._timers[fragment_id] = (interval, asyncio.create_task(self._tick(fragment_id, interval)))

    async def _tick(self, fragment_id: str, interval: float) -> None:
        try:
            while not self.closed:
                await asyncio.sleep(interval)
                self.ticks += 1
                await self.rerun(fragment_id=fragment_id, auto=True)
        except SessionClosed:
            pass


async def learner(base_url: str, positions: Iterable[str], on_result: Callable[[str, float], None],
                  stop: asyncio.Event, on_asked: Callable[[str], None] | None = None,
                  timeout: float = 300.0) -> Session:
    """One pupil on Move outcomes until ``stop`` is set (or ``positions`` run out): open the page,
    pick "Paste a position", then paste each notation of ``positions`` (a text-input change, a
    rerun) and wait for its chart: the run that pasted it shows its caption with the notation,
    then a ``mo_chart`` plotly chart arrives (the poll's fragment rerun, or that run itself).
    ``on_asked(notation)`` once the run it started has drawn its caption (the search is asked for
    by then); ``on_result(notation, seconds)`` when its chart came (seconds since the paste was
    sent). Returns the closed :class:`Session` (its counters). Raises :class:`SessionClosed` and
    ``TimeoutError`` (``timeout`` seconds for any one step)."""
    session = Session(base_url)
    await session.open()
    try:
        await session.wait_for(lambda: SOURCE_KEY in session.ids and session.settled, timeout)
        session.set_string(SOURCE_KEY, PASTE_OPTION)
        await session.rerun()
        await session.wait_for(lambda: NOTATION_KEY in session.ids, timeout)
        for notation in positions:
            if stop.is_set():
                break
            # Its own run's caption names it; the first chart after that caption is its result (a chart
            # before it is the last position's; the caption comes in a full run, never a fragment's).
            session.watch, session.watch_charts = notation, None
            session.set_string(NOTATION_KEY, notation)
            await session.rerun()
            start = time.perf_counter()
            if on_asked:
                await _until(session, lambda: session.watch_charts is not None, stop, timeout)
                if not stop.is_set():
                    on_asked(notation)
            await _until(session, lambda: session.watch_charts is not None
                         and session.charts > session.watch_charts, stop, timeout)
            if not stop.is_set():
                on_result(notation, time.perf_counter() - start)
    finally:
        await session.close()
    return session


async def _until(session: Session, ready: Callable[[], bool], stop: asyncio.Event, timeout: float) -> None:
    """:meth:`Session.wait_for` ``ready()``, or return as soon as ``stop`` is set."""
    stopping = asyncio.create_task(stop.wait())
    waiting = asyncio.create_task(session.wait_for(lambda: ready() or stop.is_set(), timeout))
    done, _ = await asyncio.wait({stopping, waiting}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if waiting in done:
        waiting.result()
    else:
        waiting.cancel()


async def _check(base_url: str, count: int, seconds: float) -> None:
    """``count`` learners pasting :func:`bench.positions.notations` (mid-game positions) for
    ``seconds``; prints what each received."""
    from bench.positions import notations

    stop = asyncio.Event()
    results: list[list[float]] = [[] for _ in range(count)]

    def record(into: list[float]) -> Callable[[str, float], None]:
        return lambda _notation, seconds: into.append(seconds)

    tasks = [asyncio.create_task(learner(base_url, notations(i), record(results[i]), stop)) for i in range(count)]
    t0 = time.perf_counter()
    await asyncio.wait(tasks, timeout=seconds)
    took = time.perf_counter() - t0
    stop.set()
    for i, outcome in enumerate(await asyncio.gather(*tasks, return_exceptions=True)):
        if isinstance(outcome, BaseException):
            print(f"learner {i}: {outcome!r}"[:300])
            continue
        waits = results[i]
        mean = f", {sum(waits) / len(waits):.1f} s from paste to chart on average" if waits else ""
        print(f"learner {i}: {len(waits)} results{mean}; {outcome.runs} full runs, {outcome.fragment_runs} "
              f"fragment runs, {outcome.ticks} ticks sent, {outcome.received} messages "
              f"({outcome.received_bytes / 1e6:.1f} MB) received")
    total = sum(map(len, results))
    print(f"{total} results in {took:.1f} s ({total / took:.2f} a second)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Run protocol learners against a running app and print what they got.")
    parser.add_argument("base_url", help="the app's address, e.g. http://127.0.0.1:8760")
    parser.add_argument("--learners", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    asyncio.run(_check(args.base_url, args.learners, args.seconds))
