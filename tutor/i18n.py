"""The translation layer every sentence goes through (gettext, chosen per session).

``tutor.words`` calls :func:`gettext` and :func:`ngettext` for every text it
makes. The translation in use is held in a context variable, so each
Streamlit session (each script run's thread) can pick its own language with
:func:`use` and no process-wide ``gettext.install`` is ever made. Until a
catalogue is installed, English text passes through unchanged.
"""

from __future__ import annotations

import gettext as _gettext
from contextvars import ContextVar

_CURRENT: ContextVar[_gettext.NullTranslations] = ContextVar("mancala_tutor_translation")
_ENGLISH = _gettext.NullTranslations()


def use(translation: _gettext.NullTranslations | None) -> None:
    """Make ``translation`` the one used by this thread's words (``None``: English)."""
    _CURRENT.set(translation if translation is not None else _ENGLISH)


def gettext(message: str) -> str:
    """``message`` in the language in use (English when none is set)."""
    return _CURRENT.get(_ENGLISH).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for the count ``n``, in the language in use."""
    return _CURRENT.get(_ENGLISH).ngettext(singular, plural, n)


__all__ = ["gettext", "ngettext", "use"]
