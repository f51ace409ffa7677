"""No error screen from any address, query value, widget value or press (issue 36): property tests.

A hostile generator (Hypothesis) feeds every page its query parameters, the sandbox editor and the
clock settings any number (NaN, infinities, huge, negative, fractions), every text field any text,
and every kind of board any trigger value a browser could send (nested JSON included). Each run must
end without an exception; a value the app cannot use changes nothing. ``TRIED`` counts what was fed
(``python -m pytest tests/test_hostile_inputs.py -s`` prints it at the end).
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine import CUSTOM_INCREMENT_S, CUSTOM_MINUTES, KalahRules, make_rules, time_control
from tests.conftest import ROOT
from tutor import i18n
from tutor.links import LINK_KEYS
from tutor.sandbox import SandboxActivity
from tutor.words import clock_refused
from ui.board import read_press
from ui.frame import PAGES, page_file

TRIED: Counter[str] = Counter()
"""What the generators fed, by kind (printed once the module's tests have run)."""
SLOW = settings(max_examples=100, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

QUERY_KEYS = (*LINK_KEYS, "step", "puzzle", "learner", "class", "x")
"""Every query key a page reads, and one no page reads; ``lang`` has a test of its own (a fresh session each
time: AppTest re-sends a menu's choice by its label, which a switch of language changes under it)."""
HOSTILE_TEXT = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", " ", "0", "-1", "1e309", "NaN", "inf", "9" * 4301, "<script>alert(1)</script>",
                     "<b>x</b>", "**x**", "[a](javascript:alert(1))", "\u202e1", "\u0000", "el", "en", "4/0/4/0/S",
                     "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "%00", "../../etc/passwd", "Ε΄2", "ΑΒΓΔ", "🥜" * 50]),
)
NUMBERS = st.one_of(st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([math.nan, math.inf, -math.inf, -1.0, 0.5, 1e300, 48.0, 4.0, 2.0**63]))
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=40)


@pytest.fixture(scope="module", autouse=True)
def say_what_was_tried():
    yield
    print("\nhostile inputs tried: " + ", ".join(f"{kind} {n}" for kind, n in sorted(TRIED.items())))


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """One AppTest of the whole app, searches inline (every page is opened in it in turn)."""
    import os

    os.chdir(ROOT)
    os.environ["MANCALA_INLINE_THINKING"] = "1"
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    assert not at.exception
    return at


def fresh_app(**query: str) -> AppTest:
    """A new AppTest of the whole app (searches inline), run once with ``query`` in its address."""
    import os

    os.chdir(ROOT)
    os.environ["MANCALA_INLINE_THINKING"] = "1"
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    return at


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The test's own thread in ``lang`` too: AppTest names a menu's choice with its ``format_func``
    there, and the expected sentences are made there."""
    i18n.use(lang)
    try:
        yield
    finally:
        i18n.use(None)


def no_error_screen(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("url_path", [p for p, _, _ in PAGES])
@SLOW
@given(query=st.dictionaries(st.sampled_from(QUERY_KEYS), HOSTILE_TEXT, max_size=4))
def test_every_page_takes_any_query(session, url_path, query):
    session.query_params.clear()
    for key, value in query.items():
        session.query_params[key] = value
    session.switch_page(page_file(url_path)).run()
    TRIED["page queries"] += 1
    no_error_screen(session)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(url_path=st.sampled_from([p for p, _, _ in PAGES]), lang=HOSTILE_TEXT)
def test_every_page_takes_any_language_value(url_path, lang):
    at = fresh_app(lang=lang)
    at.switch_page(page_file(url_path)).run()
    TRIED["language values"] += 1
    no_error_screen(at)


@SLOW
@given(values=st.lists(NUMBERS, min_size=14, max_size=14), text=HOSTILE_TEXT)
def test_the_board_editor_takes_any_number_and_any_text(session, values, text):
    session.query_params.clear()
    session.switch_page(page_file("sandbox")).run()
    session.session_state["sb_exp_editor"] = True
    session.run()
    sb = session.session_state["mancala_tutor"].sandbox
    before = sb.position
    names = [f"S{k}" for k in range(1, 7)] + [f"N{k}" for k in range(1, 7)] + ["SS", "NS"]
    for name, value in zip(names, values):
        session.number_input(key=f"sb_ed_{name}").set_value(value)
    session.button(key="sb_ed_fields_go").click().run()
    TRIED["editor numbers"] += len(values)
    no_error_screen(session)
    after = session.session_state["mancala_tutor"].sandbox.position
    usable = all(isinstance(v, float) and v.is_integer() and 0 <= v <= 1000 for v in values) and sum(values) == 48
    assert after == before or usable
    session.text_input(key="sb_ed_text").set_value(text)
    session.button(key="sb_ed_text_go").click().run()
    TRIED["editor texts"] += 1
    no_error_screen(session)


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@example(minutes=0.0, increment=-3.5e16, lang="en")
@example(minutes=0.0, increment=-3.5e16, lang="el")
@example(minutes=2.5, increment=0.5, lang="el")
@example(minutes=math.nan, increment=3.0, lang="en")
@given(minutes=NUMBERS, increment=NUMBERS, lang=st.sampled_from(["en", "el"]))
def test_the_clock_settings_take_any_number(minutes, increment, lang):
    """A fresh session each time (a shared one passed or failed by the order of examples). Sent
    alone, an unusable value puts the field's value back and a line says why; sent with "Start", the
    pair starts the clock it names, or is refused with its reason and changes nothing."""
    with speaking(lang):
        _clock_settings_take(minutes, increment, lang)


def _clock_settings_take(minutes: float, increment: float, lang: str) -> None:
    at = fresh_app(lang=lang)
    at.switch_page(page_file("sandbox")).run()
    at.session_state["sb_exp_settings"] = True
    at.session_state["sb_clock"] = "custom"
    at.run()
    at.session_state["sb_clock_minutes"] = minutes
    at.session_state["sb_clock_increment"] = increment
    at.run()
    no_error_screen(at)
    (lo, hi), (ilo, ihi) = CUSTOM_MINUTES, CUSTOM_INCREMENT_S
    kept = [lo <= minutes <= hi, ilo <= increment <= ihi]
    shown = [at.number_input(key="sb_clock_minutes").value, at.number_input(key="sb_clock_increment").value]
    assert shown == [v if ok else had for v, ok, had in zip((minutes, increment), kept, (1.0, 0.0))]
    assert [e.value for e in at.error] == [clock_refused(p)
                                           for p, ok in zip(("minutes", "increment"), kept) if not ok]
    at.session_state["sb_clock_minutes"] = minutes
    at.session_state["sb_clock_increment"] = increment
    at.button(key="sb_new_settings").click().run()
    TRIED["clock numbers"] += 2
    no_error_screen(at)
    sb = at.session_state["mancala_tutor"].sandbox
    if all(kept) and float(increment).is_integer():
        assert sb.control == time_control("custom", minutes, increment)
        return
    assert sb.control is None and sb.notice.kind == "error"  # nothing changed: still no clock
    assert sb.notice.text == clock_refused("minutes" if not kept[0] else "increment")


TEXT_FIELDS = {"move_outcomes": ["mo_notation"], "class": ["class_code", "class_name", "class_new_name",
                                                          "class_open_code", "class_pin"]}


@pytest.mark.parametrize("url_path", list(TEXT_FIELDS))
@SLOW
@given(text=HOSTILE_TEXT)
def test_every_text_field_takes_any_text(session, url_path, text):
    session.query_params.clear()
    session.switch_page(page_file(url_path)).run()
    for key in TEXT_FIELDS[url_path]:
        fields = [t for t in session.text_input if t.key == key]
        if fields:
            fields[0].set_value(text)
            TRIED["texts"] += 1
    session.run()
    no_error_screen(session)
    for element in (*session.markdown, *session.caption, *session.error, *session.info, *session.warning):
        assert "<script" not in str(element.value).lower() or "&lt;script" in str(element.value).lower()


@given(value=st.one_of(JSON, st.fixed_dictionaries({"pit": st.fixed_dictionaries({"pit": JSON, "pos": JSON})})))
@settings(max_examples=400, deadline=None, database=None)
def test_any_trigger_value_is_a_press_or_nothing(value):
    TRIED["board triggers"] += 1
    press = read_press(value)
    if press is None:
        return
    pit, seen = press
    assert seen is None or isinstance(seen, str)
    for rules in (KalahRules(), make_rules("oware")):
        sb = SandboxActivity(rules)
        before = sb.position
        sb.press(pit, seen)
        legal = isinstance(pit, int) and not isinstance(pit, bool) and 1 <= pit <= rules.pits
        assert sb.position == before or legal


def test_a_trigger_nested_deeper_than_json_can_read_is_no_press():
    deep: object = 3
    for _ in range(5000):
        deep = [deep]
    assert read_press({"pit": {"pit": deep, "pos": deep}}) == (deep, None)
    sb = SandboxActivity(KalahRules())
    sb.press(deep, None)
    assert sb.position == KalahRules().initial_position()
