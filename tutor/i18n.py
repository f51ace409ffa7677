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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, overload

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
LANGUAGES: tuple[str, ...] = ("en", "el")
"""The languages of the app: English (the msgids) and Greek."""
DEFAULT = "en"

_ENGLISH = _gettext.NullTranslations()
_PINNED: ContextVar[_gettext.NullTranslations | None] = ContextVar("mancala_tutor_translation", default=None)
_resolver: Callable[[], str | None] | None = None


@lru_cache(maxsize=64)
def _language(text: str) -> str:
    text = text.strip().lower().replace("_", "-")
    if text in LANGUAGES:
        return text
    base = text.split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def language(code: object) -> str:
    """``code`` if it is one of :data:`LANGUAGES`, else the language it starts with (``"el-GR"`` -> ``"el"``),
    else English."""
    if code in LANGUAGES:
        return str(code)
    return _language(str(code or "")[:100])


def offered(code: object) -> bool:
    """True when ``code`` names one of :data:`LANGUAGES` as :func:`language` reads it (``"el"``,
    ``" EL"``, ``"el-GR"``, ``"en_GB"``); False for anything else (``"xx"``, ``""``, text of any length).

    >>> offered("el-GR"), offered("EN"), offered("xx"), offered("<b>el</b>")
    (True, True, False, False)
    """
    text = str(code or "")[:100].strip().lower().replace("_", "-")
    return text in LANGUAGES or text.split("-")[0] in LANGUAGES


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


@contextmanager
def held() -> Iterator[None]:
    """Keep the language in use now for the texts made inside the block (a board's data makes a
    hundred sentences: each asks the resolver otherwise)."""
    token = _PINNED.set(_active())
    try:
        yield
    finally:
        _PINNED.reset(token)


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


P = ParamSpec("P")
R = TypeVar("R")


@overload
def per_language(build: Callable[P, R], *, maxsize: int | None = None) -> Callable[P, R]: ...


@overload
def per_language(build: None = None, *, maxsize: int | None = None) -> Callable[[Callable[P, R]], Callable[P, R]]: ...


def per_language(build: Callable[P, R] | None = None, *,
                 maxsize: int | None = None) -> Callable[P, R] | Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorator: ``build(*args)`` (texts made from hashable positional arguments) made once per
    catalogue and arguments.

    The value is made with the catalogue of the first call pinned, and kept for every later call
    with the same arguments in the same language (at most ``maxsize`` kept, least recently used
    dropped; ``None``: all, for a table). So a function that looks one label up in a table of many
    does not translate all of them each time. Callers must not change what is returned (it is
    shared by every session in that language).
    """

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize=maxsize)
        def made(catalogue: _gettext.NullTranslations, *args: Any) -> R:
            token = _PINNED.set(catalogue)
            try:
                return func(*args)  # type: ignore[call-arg]
            finally:
                _PINNED.reset(token)

        @wraps(func)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            if kwargs:  # keyword arguments are not cached (none of the tables takes any)
                return func(*args, **kwargs)
            return made(_active(), *args)

        return call

    return decorate(build) if build is not None else decorate


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
