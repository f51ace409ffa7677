"""``ui.lang.session_language``: each thread reads its session's language once (a thread serves one
session), and the main thread, which never runs a session's script, is English without reading
Session State (outside a session Streamlit would warn), whatever it was told."""

from __future__ import annotations

import threading

from ui import lang


class CountingState(dict):
    def __init__(self, *args):
        super().__init__(*args)
        self.reads = 0

    def get(self, key, default=None):
        self.reads += 1
        return super().get(key, default)


class Stub:
    def __init__(self, state):
        self.session_state = state


def in_thread(fn):
    out = []
    thread = threading.Thread(target=lambda: out.append(fn()))
    thread.start()
    thread.join()
    return out[0]


def test_a_thread_reads_its_sessions_language_once_and_the_main_thread_never(monkeypatch):
    state = CountingState({lang.KEY: "el"})
    monkeypatch.setattr(lang, "st", Stub(state))
    assert in_thread(lambda: [lang.session_language(), lang.session_language()]) == ["el", "el"]
    assert state.reads == 1
    state[lang.KEY] = "en"
    assert in_thread(lang.session_language) == "en" and state.reads == 2  # a new thread reads again
    assert threading.current_thread() is threading.main_thread()  # pytest's (and a tool's) own thread
    assert lang.session_language() is None and state.reads == 2


def test_the_main_thread_stays_english_whatever_it_was_told(monkeypatch):
    """A test that calls a session's callback on its own thread (``ui.learner._on_stored`` with a
    remembered Greek) leaves every later test's sentences English."""
    monkeypatch.setattr(lang, "st", Stub(CountingState({lang.KEY: "el"})))
    lang._remember("el")
    assert lang.session_language() is None


def test_a_language_chosen_in_a_thread_is_that_threads_answer(monkeypatch):
    state = CountingState({lang.KEY: "en"})
    monkeypatch.setattr(lang, "st", Stub(state))

    def choose():
        first = lang.session_language()
        lang._remember("el")
        return first, lang.session_language()

    assert in_thread(choose) == ("en", "el") and state.reads == 1
