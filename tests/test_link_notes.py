"""What a link's query cannot do is said under the page's heading, in the language in use (issue 36):
``?learner=`` with no learner code or an unknown one, ``?lang=`` with a language the app does not have.

The note is in the page itself, not the sidebar (a phone's sidebar is closed: the note was never
seen there), it stays on that page's runs and goes with the next page; the query's own text is
never shown (a code is shown only once read as one, letters and digits).
"""

from __future__ import annotations

import pytest

from tutor import i18n, words
from ui.frame import PAGES, page_file
from ui.lang import KEY as lang_key

from .test_hostile_inputs import fresh_app

LINKED_PAGES = ["", "sandbox", "lesson_1_setup", "puzzles", "class", "move_outcomes"]


def _page(url_path: str) -> str:
    return page_file(url_path or PAGES[0][0])


def _opened(url_path: str, in_lang: str | None, **query: str):
    """The app in ``in_lang`` (a first run with ``?lang=``), then ``url_path`` opened with ``query``."""
    at = fresh_app(**({"lang": in_lang} if in_lang else {}))
    at.query_params.clear()
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(_page(url_path)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture(autouse=True)
def unpinned():
    """Each test pins its language in its own thread too (AppTest names a menu's choice there); unpinned after."""
    yield
    i18n.use(None)


def _said(lang: str, make, *args) -> str:
    i18n.use(lang)
    return make(*args)


def _main_alerts(at, kind: str) -> list[str]:
    return [e.value for e in getattr(at.main, kind)]


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("url_path", LINKED_PAGES)
def test_a_language_the_app_does_not_have_is_said_and_changes_nothing(url_path, lang):
    i18n.use(lang)
    at = _opened(url_path, lang, lang="<b>xx</b>")
    assert at.session_state[lang_key] == lang  # the language in use stays
    assert _main_alerts(at, "warning") == [_said(lang, words.language_unavailable)]
    assert all("<b>" not in str(e.value) for e in (*at.main.warning, *at.main.markdown))
    at.run()  # every run of the page says it
    assert _main_alerts(at, "warning") == [_said(lang, words.language_unavailable)]
    other = "sandbox" if url_path != "sandbox" else "puzzles"
    at.switch_page(_page(other)).run()  # and the next page no more
    assert _said(lang, words.language_unavailable) not in _main_alerts(at, "warning")


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize(("code", "said"), [("garbage<i>", lambda: words.code_malformed()),
                                            ("acdefg34", lambda: words.code_unknown("ACDEFG34"))])
@pytest.mark.parametrize("url_path", ["", "sandbox", "puzzles"])
def test_a_learner_code_that_is_not_found_is_said_on_the_page(url_path, lang, code, said):
    i18n.use(lang)
    at = _opened(url_path, lang, learner=code)
    assert _main_alerts(at, "error") == [_said(lang, said)]
    assert not [e.value for e in at.sidebar.error]  # once, in the page: a phone's sidebar is closed
    assert at.session_state["mancala_tutor"].learner != "ACDEFG34"


def test_a_known_language_written_otherwise_is_used_with_no_note():
    at = _opened("sandbox", None, lang="el-GR")
    assert at.session_state[lang_key] == "el" and not _main_alerts(at, "warning")


def test_a_link_note_follows_the_language_chosen_after_it_was_made():
    """A new session says the note in the browser's language; the keeper's report may then bring back the
    language this browser chose before (here: the switch): the note on the page is then in that one."""
    at = _opened("lesson_1_setup", "en", lang="xx", learner="garbage")
    assert _main_alerts(at, "warning") == [_said("en", words.language_unavailable)]
    at.session_state[lang_key] = "el"
    at.run()
    assert not at.exception
    assert _main_alerts(at, "warning") == [_said("el", words.language_unavailable)]
    assert _main_alerts(at, "error") == [_said("el", words.code_malformed)]
