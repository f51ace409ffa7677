"""The translation layer every sentence goes through (gettext catalogues, chosen per session).

``tutor.words`` calls :func:`gettext` and :func:`ngettext` for every text it
makes. The catalogues are Babel-managed ``.po`` files under ``locale/``
(``locale/<lang>/LC_MESSAGES/messages.po``, extracted from ``tutor/`` into
``locale/messages.pot``; see the README), compiled in memory when first used.

Which language a text is made in is decided per call, never process-wide
(no ``gettext.install``): the app registers a *resolver* (:func:`set_resolver`,
``ui.lang`` reads the Streamlit session's choice), so each session gets its
own language, in its script runs and in its widget callbacks alike. Tests and
tools may pin a language for the current thread with :func:`use`. A message
with no translation is English (the msgid itself).
"""

from __future__ import annotations

import gettext as _gettext
import io
import weakref
from collections.abc import Callable
from contextvars import ContextVar
from functools import lru_cache, wraps
from pathlib import Path
from typing import TypeVar

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
LANGUAGES: tuple[str, ...] = ("en", "el")
"""The languages of the app: English (the msgids) and Greek."""
DEFAULT = "en"

_ENGLISH = _gettext.NullTranslations()
_PINNED: ContextVar[_gettext.NullTranslations | None] = ContextVar("mancala_tutor_translation", default=None)
_resolver: Callable[[], str | None] | None = None


def language(code: object) -> str:
    """``code`` if it is one of :data:`LANGUAGES`, else the language it starts with (``"el-GR"`` -> ``"el"``),
    else English."""
    text = str(code or "").strip().lower().replace("_", "-")
    if text in LANGUAGES:
        return text
    base = text.split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives: ``locale/<lang>/LC_MESSAGES/messages.po``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def translation(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (English, or a missing catalogue: the messages as written).

    Reads the ``.po`` with Babel and compiles it in memory; empty and fuzzy
    entries are left out, so they fall back to English.
    """
    path = po_path(lang)
    if lang == DEFAULT or not path.exists():
        return _ENGLISH
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def set_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Register how to find the language of the running session (``None``: English everywhere)."""
    global _resolver
    _resolver = resolver


def use(lang: str | _gettext.NullTranslations | None) -> None:
    """Pin a language code (or a ready catalogue) for the current thread (tests, tools);
    ``None`` unpins (the resolver decides again)."""
    if lang is None or isinstance(lang, _gettext.NullTranslations):
        _PINNED.set(lang)
    else:
        _PINNED.set(translation(language(lang)))


def current() -> str:
    """The language of texts made now: the pinned one, else the resolver's, else English."""
    pinned = _PINNED.get()
    if pinned is not None:
        return next((code for code in LANGUAGES if translation(code) is pinned), DEFAULT)
    return language(_resolver()) if _resolver is not None else DEFAULT


def _active() -> _gettext.NullTranslations:
    pinned = _PINNED.get()
    if pinned is not None:
        return pinned
    if _resolver is None:
        return _ENGLISH
    return translation(language(_resolver()))


T = TypeVar("T")


def per_language(build: Callable[[], T]) -> Callable[[], T]:
    """Decorator: ``build()`` (a table of translated labels, no arguments) made once per catalogue.

    The table is built in the language of the first call (with that catalogue pinned while it is
    built) and kept for every later call in the same language, so a function that looks one label
    up in a table of many does not translate all of them each time. Callers must not change the
    table returned (it is shared by every session in that language).
    """
    made: weakref.WeakKeyDictionary[_gettext.NullTranslations, T] = weakref.WeakKeyDictionary()

    @wraps(build)
    def table() -> T:
        catalogue = _active()
        try:
            return made[catalogue]
        except KeyError:
            pass
        token = _PINNED.set(catalogue)
        try:
            value = made[catalogue] = build()
        finally:
            _PINNED.reset(token)
        return value

    return table


def gettext(message: str) -> str:
    """``message`` in the language of the session (English when untranslated)."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for the count ``n``, in the language of the session."""
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in a ``context`` (a grammatical case: ``"genitive"``, ``"accusative"``)."""
    return _active().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in a ``context``."""
    return _active().npgettext(context, singular, plural, n)


__all__ = ["DEFAULT", "LANGUAGES", "LOCALE_DIR", "current", "gettext", "language", "ngettext", "npgettext", "per_language",
           "pgettext", "po_path",
           "set_resolver", "translation", "use"]
