"""The one rule for a name people type: a pupil's name in a class, and a class's name.

A name is read with :func:`read_name`: spaces at the ends dropped, runs of
spaces made one, accents composed (Unicode NFC). It is refused when it is

- ``"empty"``: nothing left;
- ``"too_long"``: over :data:`NAME_MAX` characters;
- ``"hidden"``: it holds a control or format character (Unicode category C:
  tabs, zero-width and right-to-left marks...), except the zero-width joiner and
  non-joiner some scripts and emoji need;
- ``"markup"``: it holds one of :data:`MARKUP` (signs markup and paths are made of);
- ``"no_letter"``: no character is a letter or a digit (``str.isalnum``), e.g. only
  emoji or punctuation.

Every script's letters count (``"Νίκος"``, ``"Zoë"``, ``"李"``); spaces, hyphens,
apostrophes and emoji beside a letter are fine (``"Anne-Marie"``, ``"O'Neil"``).
"""

from __future__ import annotations

import unicodedata
from typing import Literal

NAME_MAX = 40
"""The longest name, in characters (after :func:`clean_name`)."""
MARKUP = frozenset("<>&\"`{}\\/")
"""Signs a name may not hold."""
NameProblem = Literal["empty", "too_long", "hidden", "markup", "no_letter"]
_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner: parts of words and emoji


def clean_name(text: object) -> str:
    """``text`` with spaces at the ends dropped, runs of spaces made one and accents composed
    (NFC); ``""`` for anything that is not a string."""
    if not isinstance(text, str):
        return ""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def name_problem(name: str) -> NameProblem | None:
    """Why the cleaned ``name`` (:func:`clean_name`) is refused, or ``None`` when it is fine
    (the checks in the order of the module's list)."""
    if not name:
        return "empty"
    if len(name) > NAME_MAX:
        return "too_long"
    if any(unicodedata.category(ch).startswith("C") and ch not in _JOINERS for ch in name):
        return "hidden"
    if any(ch in MARKUP for ch in name):
        return "markup"
    if not any(ch.isalnum() for ch in name):
        return "no_letter"
    return None


def read_name(text: object) -> tuple[str, NameProblem | None]:
    """A typed name as ``(cleaned name, problem)``; ``problem`` is ``None`` when the name may be used."""
    name = clean_name(text)
    return name, name_problem(name)


__all__ = ["MARKUP", "NAME_MAX", "NameProblem", "clean_name", "name_problem", "read_name"]
