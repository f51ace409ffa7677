"""The app's own pages for what went wrong: an address with no page, and a page that failed.

:func:`render` is the hidden page at ``/not_found`` (``ui.frame.navigation``) that the server sends a
browser to when it asks for an address the app has no page at (``serve.py``: a mistyped or old
link, also one with more than one part, like ``/sandbox/extra``, which Streamlit alone draws as a
blank page). It says so and links home; it never repeats the address (a link's text is never put
into the page). :func:`failed` is what a page shows instead of a traceback (``serve.py``'s
``on_script_error``).
"""

from __future__ import annotations

import logging

import streamlit as st

from tutor import words

_log = logging.getLogger(__name__)


def render() -> None:
    """The "page not found" page: one sentence and a way home."""
    st.title(words.page_title("not_found"))
    st.info(words.page_not_found(), icon=":material/explore_off:")
    st.page_link("pages/home.py", label=words.page_title("home"), icon=":material/home:")


def failed(exc: Exception) -> bool:
    """Instead of a traceback: the error goes to the server's log, the page says one friendly
    sentence with a way home. Returns True (Streamlit then shows nothing of the error)."""
    _log.error("a page failed: %r", exc, exc_info=exc)
    try:
        st.error(words.page_failed(), icon=":material/sentiment_dissatisfied:")
        st.page_link("pages/home.py", label=words.page_title("home"), icon=":material/home:")
    except Exception:  # noqa: BLE001 - nothing more to say: the error is logged
        pass
    return True


__all__ = ["failed", "render"]
