"""Learner and class codes: their alphabet and sizes, made and read back.

A code is :data:`CODE_LENGTH` (a learner) or :data:`CLASS_CODE_LENGTH` (a class) characters from
:data:`ALPHABET`, which leaves out look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B), so it can be read
aloud and typed from a projector. Codes are made with ``secrets``; :func:`normalise` accepts lower
case, spaces and dashes.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
"""The characters of learner and class codes (25: no look-alikes)."""
CODE_LENGTH = 8
"""Characters in a learner code."""
CLASS_CODE_LENGTH = 6
"""Characters in a class code."""


def make_code(length: int = CODE_LENGTH) -> str:
    """A random code of ``length`` characters from :data:`ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


LOOK_ALIKES = str.maketrans("ΑΕΗΚΜΝΡΤΥΧАЕНКМРТХУ", "AEHKMNPTYXAEHKMPTXY")
"""Greek and Cyrillic capitals that look like a code's Latin letters: a phone that starts on a Greek
keyboard types «Τ» for T (the code is read as it looks)."""


def normalise(text: object, length: int = CODE_LENGTH) -> str | None:
    """``text`` as a code (upper case, spaces and dashes dropped, Greek and Cyrillic look-alikes read
    as the Latin letters they look like, :data:`LOOK_ALIKES`), or ``None`` if it cannot be one.

    >>> normalise("τvtg-dj", 6), normalise("ACD E34", 6), normalise("ACDE3", 6)
    ('TVTGDJ', 'ACDE34', None)
    """
    if not isinstance(text, str) or len(text) > 4 * length:
        return None
    code = re.sub(r"[\s-]", "", text).upper().translate(LOOK_ALIKES)
    if len(code) != length or any(ch not in ALPHABET for ch in code):
        return None
    return code


def code_sized(text: object, length: int = CLASS_CODE_LENGTH) -> bool:
    """Whether ``text`` has ``length`` characters once spaces and dashes are dropped (the shape of a
    code, whatever its characters: a look-alike such as Z or 0 can still be a mistyped code)."""
    return isinstance(text, str) and len(re.sub(r"[\s-]", "", text)) == length


def new_key() -> str:
    """A new random browser key for a teacher device: 43 URL-safe characters (256 bits), kept by the
    browser and stored only as its SHA-256 (``store.teachers``); never a learner code."""
    return secrets.token_urlsafe(32)


def normalise_class(text: object) -> str | None:
    """``text`` as a class code, or ``None`` (as :func:`normalise`)."""
    return normalise(text, CLASS_CODE_LENGTH)


__all__ = ["ALPHABET", "CLASS_CODE_LENGTH", "CODE_LENGTH", "LOOK_ALIKES", "code_sized", "make_code", "new_key", "normalise", "normalise_class"]
