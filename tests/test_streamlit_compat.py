"""``ui/streamlit_compat.py``, the one module that reaches into Streamlit's internals.

On the release it was read against (``CHECKED``, the release ``requirements.txt`` pins) every internal
it uses is still where it looks: these tests fail first when an upgrade moves one. On any other release
each of its functions falls back to public behaviour without raising, and the board is still drawn
(its files inline).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import streamlit

from ui import board_files
from ui import streamlit_compat as compat

ROOT = Path(__file__).resolve().parent.parent


def fragment_registry(at):
    """AppTest's registry of fragments: ``(ids by key, parent id by id)``. AppTest shows no fragment
    scoping publicly; this reads Streamlit's private registry, on the checked release only."""
    if not compat.checked():
        pytest.skip(f"AppTest's fragment registry is read on Streamlit {compat.CHECKED} only")
    storage = at._fragment_storage
    return storage._ids_by_target_key, storage._parent_by_id


@pytest.fixture
def checked_release():
    if not compat.checked():
        pytest.skip(f"Streamlit {streamlit.__version__}: ui/streamlit_compat.py was read against {compat.CHECKED}")


@pytest.fixture
def other_release(monkeypatch):
    """Streamlit says it is a release ``ui/streamlit_compat.py`` was not read against."""
    monkeypatch.setattr(streamlit, "__version__", "99.0.0")
    assert not compat.checked()


def test_the_checked_release_is_the_pinned_one():
    pins = re.findall(r"^streamlit==([\w.]+)\s*$", (ROOT / "requirements.txt").read_text(encoding="utf-8"), re.M)
    assert pins == [compat.CHECKED]
    assert compat.checked() == (streamlit.__version__ == compat.CHECKED)


# ------------------------------------------------------------------ the internals, where compat reads them


class Storage:
    def __init__(self, ids):
        self.ids = ids

    def resolve_target(self, key):
        return self.ids[key]


class Ctx:
    """The parts of a script run context that ``rerun_fragment`` and ``fragment_run`` read."""

    def __init__(self, this_run):
        self.fragment_ids_this_run = this_run
        self.fragment_storage = Storage({"mo_result": ["result-id"]})
        self.query_string, self.page_script_hash = "q=1", "page-hash"
        self.cached_message_hashes, self.context_info = frozenset(), None


def test_the_run_context_is_what_the_fakes_stand_for(checked_release):
    from streamlit.runtime.fragment import MemoryFragmentStorage
    from streamlit.runtime.scriptrunner import RerunData, ScriptRunContext, get_script_run_ctx

    assert get_script_run_ctx(suppress_warning=True) is None  # a test's own thread: no session
    assert set(vars(Ctx([]))) - {f.name for f in dataclasses.fields(ScriptRunContext)} == {"page_script_hash"}
    assert isinstance(ScriptRunContext.page_script_hash, property)
    assert callable(MemoryFragmentStorage.resolve_target)
    assert {"query_string", "page_script_hash", "fragment_id_queue", "is_fragment_scoped_rerun",
            "cached_message_hashes", "context_info"} <= {f.name for f in dataclasses.fields(RerunData)}


def test_a_whole_app_run_is_told_from_a_fragment_run(checked_release, monkeypatch, page_app):
    assert compat.fragment_run() is None  # no session
    for this_run, expected in (([], False), (None, False), (["poll-id"], True)):
        monkeypatch.setattr(compat, "_run_context", lambda this_run=this_run: Ctx(this_run))
        assert compat.fragment_run() is expected
    monkeypatch.undo()

    from streamlit.testing.v1 import AppTest

    def script():
        import streamlit as st

        from ui import streamlit_compat

        st.text(repr(streamlit_compat.fragment_run()))

    at = AppTest.from_function(script).run()
    assert [t.value for t in at.text] == ["False"]  # a real whole-app run


def test_a_result_reruns_only_its_fragment_and_only_from_a_fragment_run(checked_release):
    """From a poll's tick (a fragment run) the result fragment runs next, alone, with any other fragment
    this run had queued; in a whole-app run nothing is narrowed (nothing asked)."""
    from streamlit.runtime.scriptrunner import RerunException

    assert compat.rerun_fragment("mo_result", Ctx([])) is None
    with pytest.raises(RerunException) as caught:
        compat.rerun_fragment("mo_result", Ctx(["poll-id", "banner-id"]))
    data = caught.value.rerun_data
    assert data.fragment_id_queue == ["result-id", "poll-id", "banner-id"]
    assert data.is_fragment_scoped_rerun and (data.query_string, data.page_script_hash) == ("q=1", "page-hash")


def test_the_tabs_icon_is_an_emoji_in_streamlits_catalogue_and_set_page_config_still_asks_is_emoji(checked_release):
    """``trust_emoji_icon`` lets ``st.set_page_config`` take ``ICON`` as an emoji without loading
    Streamlit's catalogue: the icon must be in that catalogue, any other text is still checked by it,
    and the check must still be the name ``set_page_config``'s module calls."""
    from streamlit import string_util
    from streamlit.commands import page_config

    from ui import frame

    assert string_util.is_emoji(frame.ICON)
    assert "is_emoji" in page_config._get_favicon_string.__code__.co_names
    compat.trust_emoji_icon(frame.ICON)
    compat.trust_emoji_icon(frame.ICON)  # the check is not wrapped twice
    assert frame.ICON in page_config.is_emoji.trusted
    assert not hasattr(page_config.is_emoji.__defaults__[0], "trusted")
    assert page_config.is_emoji(frame.ICON)
    assert page_config.is_emoji("\N{FIRE}") and not page_config.is_emoji("seed")
    assert page_config._get_favicon_string(frame.ICON) == f"emoji:{frame.ICON}"


def test_the_first_element_skips_streamlits_shell_check(checked_release, monkeypatch):
    """The flag ``skip_shell_check`` sets is still the one Streamlit's first element reads."""
    from streamlit import delta_generator

    assert "_use_warning_has_been_displayed" in delta_generator._maybe_print_use_warning.__code__.co_names
    monkeypatch.setattr(delta_generator, "_use_warning_has_been_displayed", False)
    compat.skip_shell_check()
    assert delta_generator._use_warning_has_been_displayed is True


def test_the_boards_folder_is_served(checked_release):
    assert compat.serve_component_assets(board_files.NAME, board_files.WEB)
    assert (board_files.js(), board_files.css()) == ("board.js", "board.css")
    assert board_files.module_links().count('rel="modulepreload"') == len(board_files.modules())
    assert compat.element_scripts(("Radio",))[0].startswith("static/js/Radio.")


# ------------------------------------------------------------------ another release: public behaviour


def test_every_function_falls_back_without_raising(other_release, monkeypatch):
    from streamlit import delta_generator
    from streamlit.commands import page_config

    reruns = []
    monkeypatch.setattr(streamlit, "rerun", lambda *a, **k: reruns.append((a, k)))
    assert compat.fragment_run() is None
    compat.rerun_fragment("mo_result", Ctx(["poll-id"]))
    assert reruns == [((), {"scope": "app"})]  # the whole app draws the result
    before = page_config.is_emoji
    compat.trust_emoji_icon("\N{CHESTNUT}")
    assert page_config.is_emoji is before
    monkeypatch.setattr(delta_generator, "_use_warning_has_been_displayed", False)
    compat.skip_shell_check()
    assert delta_generator._use_warning_has_been_displayed is False
    assert compat.serve_component_assets(board_files.NAME, board_files.WEB) is False
    assert compat.element_scripts(board_files.FIRST_PAGE_ELEMENTS) == ()


def test_the_boards_files_go_inline_when_they_are_not_served(other_release):
    assert board_files.js() == board_files.inline_js() and "import " not in board_files.js()
    assert board_files.css() == (board_files.WEB / "board.css").read_text(encoding="utf-8")
    assert board_files.module_links() == ""
    assert board_files.BASE not in board_files.preload_script() and "static/js" not in board_files.preload_script()


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to parse the script")
def test_the_inline_board_script_is_one_module_exporting_the_board(tmp_path):
    script = tmp_path / "board.mjs"
    script.write_text(board_files.inline_js(), encoding="utf-8")
    subprocess.run(["node", "--check", str(script)], check=True, timeout=60)
    text = board_files.inline_js()
    assert text.count("export ") == 1 and "export default function" in text
    for module in board_files.modules():
        assert f"const __mt_{module.removesuffix('.js')} = " in text


def test_the_sandbox_draws_its_board_inline_with_another_release(other_release, page_app):
    from tests.test_sandbox import open_sandbox
    from ui import board

    board._declared.cache_clear()
    try:
        at = open_sandbox(page_app)
        assert not at.exception, at.exception
        (drawn,) = [e.proto for e in at.get("bidi_component") if e.proto.component_name == board_files.NAME]
        assert drawn.js_content == board_files.inline_js() and not drawn.js_source_path
        assert drawn.css_content and board_files.BASE not in drawn.html_content
    finally:
        board._declared.cache_clear()
