"""The one rule for a name people type: a pupil's name in a class, and a class's name.

A name is read with :func:`read_name`: compatibility forms folded (Unicode NFKC: fullwidth
``"Ａｎｎａ"`` is ``"Anna"``, an ideographic space is a space, accents are composed), spaces at
the ends dropped and runs of spaces made one. It is refused when it is

- ``"empty"``: nothing left;
- ``"too_long"``: over :data:`NAME_MAX` characters;
- ``"hidden"``: it holds a character that shows nothing (:func:`is_hidden`): a control or
  format character (Unicode category C: tabs, right-to-left marks...), or an invisible or filler
  one (Unicode's Default_Ignorable_Code_Point: zero-width spaces, the Hangul fillers U+3164,
  U+115F, U+1160, U+FFA0, variation selectors, tags...), or the blank Braille pattern U+2800.
  The zero-width joiner and non-joiner are refused too (they hide inside a name: ``"An\\u200dna"``),
  except a joiner between two emoji, which makes one emoji of them (``"👩\\u200d🏫"``), and the
  emoji style selectors U+FE0E and U+FE0F right after an emoji (phone keyboards add one after ❤️,
  which then shows red);
- ``"markup"``: it holds one of :data:`MARKUP` (signs markup and paths are made of);
- ``"no_letter"``: no character is a letter or a digit (``str.isalnum``), e.g. only
  emoji or punctuation.

Every script's letters count (``"Νίκος"``, ``"Zoë"``, ``"李"``); spaces, hyphens,
apostrophes and emoji beside a letter are fine (``"Anne-Marie"``, ``"O'Neil"``).

Two names that look alike are one name in a class (:func:`name_skeleton`, the Unicode TR39
confusable skeleton of the case-folded name, from the ``disarm`` package): Cyrillic ``"Аnna"``,
Cherokee ``"Ꭺnna"``, ``"ANNA"`` and ``"anna"`` are all ``"Anna"``.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from disarm import skeleton_key

NAME_MAX = 40
"""The longest name, in characters (after :func:`clean_name`)."""
MARKUP = frozenset("<>&\"`{}\\/")
"""Signs a name may not hold."""
NameProblem = Literal["empty", "too_long", "hidden", "markup", "no_letter"]

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 16), inclusive ranges,
# and the blank Braille pattern, which shows as a space but is a symbol.
_HIDDEN_RANGES = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner, joiner, left-to-right and right-to-left marks
    (0x202A, 0x202E),  # bidirectional embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidirectional isolates...
    (0x2800, 0x2800),  # Braille pattern blank (not Default_Ignorable, but shows nothing)
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space (byte order mark)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned specials
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags and variation selectors supplement
)


def is_hidden(ch: str) -> bool:
    """Whether the one character ``ch`` shows nothing or steers how others show: Unicode category C
    (controls, formats, surrogates, private use, unassigned), Default_Ignorable_Code_Point
    (zero-width joiner and non-joiner included) or the blank Braille pattern."""
    point = ord(ch)
    return unicodedata.category(ch).startswith("C") or any(lo <= point <= hi for lo, hi in _HIDDEN_RANGES)


_KERAIA = str.maketrans({"\u0384": "\u0374", "\u1ffd": "\u0374", "\u00b4": "\u0374"})
"""The Greek tonos, oxia and the acute accent typed alone (a Greek keyboard's «΄» in «Ε΄2»): NFKC
would make each a space and a floating accent; they become the Greek numeral sign, which NFKC makes
the modifier letter prime «ʹ» (one mark, no space)."""


def clean_name(text: object) -> str:
    """``text`` with compatibility forms folded and accents composed (NFKC; a lone Greek accent mark
    kept as one mark, :data:`_KERAIA`), spaces at the ends dropped and runs of spaces made one; ``""``
    for anything that is not a string."""
    if not isinstance(text, str):
        return ""
    return " ".join(unicodedata.normalize("NFKC", text.translate(_KERAIA)).split())


def _emoji(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk")


def _hidden_at(name: str, k: int) -> bool:
    """Whether ``name[k]`` hides (:func:`is_hidden`), apart from a joiner between two emoji and an
    emoji style selector right after an emoji (both belong to the emoji)."""
    ch = name[k]
    if ch == "\u200d" and 0 < k < len(name) - 1 and _emoji(name[k - 1]) and _emoji(name[k + 1]):
        return False
    if ch in "\ufe0e\ufe0f" and k > 0 and _emoji(name[k - 1]):
        return False
    return is_hidden(ch)


def name_problem(name: str) -> NameProblem | None:
    """Why the cleaned ``name`` (:func:`clean_name`) is refused, or ``None`` when it is fine
    (the checks in the order of the module's list)."""
    if not name:
        return "empty"
    if len(name) > NAME_MAX:
        return "too_long"
    if any(_hidden_at(name, k) for k in range(len(name))):
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


def name_skeleton(name: str) -> str:
    """What ``name`` looks like, as a string to compare: two names with the same skeleton are one
    name (a class refuses the second pupil's as ``"taken"``). Never raises.

    The name is folded (NFKC, then ``str.casefold``), then ``disarm.skeleton_key`` (with
    ``digit_policy="tr39"``) takes the Unicode TR39 skeleton: each character becomes the prototype
    of its look-alikes (Cyrillic ``"а"`` and Cherokee ``"Ꭺ"`` become ``"a"``, ``"1"`` becomes
    ``"l"``, ``"0"`` becomes ``"o"``), hidden characters are dropped, case is folded again. So
    ``"Anna"``, ``"ANNA"``, ``"Аnna"`` (Cyrillic А), ``"Ꭺnna"`` and ``"Ａｎｎａ"`` are ``"anna"``.
    Accents stay apart (``"Zoë"`` is not ``"Zoe"``) except where the letter looks the same
    without them in the table (``"Łukasz"`` is ``"Lukasz"``, ``"Νίκος"`` is ``"Νικος"``).

    Greek letters take their Latin look-alikes: ``"Νίκος"``, ``"Νικος"`` and ``"ΝΙΚΟΣ"`` are all
    ``"vikoo"`` (not ``"Nikos"``), ``"Βο"`` is ``"Bo"``, ``"Μια"`` is ``"uia"``. Case is folded
    first (so ``"ΝΙΚΟΣ"`` and ``"Νικος"`` stay one name), which leaves a capital ``"I"`` apart
    from ``"l"``: ``"Ian"`` and ``"lan"`` are two names.
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return skeleton_key(folded, digit_policy="tr39")


def look_alike(name: str, other: str) -> bool:
    """Whether two names look the same: their :func:`name_skeleton` agree, or their TR39 skeletons
    before case is folded do (a capital ``"I"`` looks like a small ``"l"``: ``"Ian"`` and ``"lan"``)."""
    return name_skeleton(name) == name_skeleton(other) or _cased_skeleton(name) == _cased_skeleton(other)


def name_order(name: str) -> tuple[str, str]:
    """The key that puts names in a teacher's alphabetical order, the same on every database: letters
    without their accents, case folded (``"anna"``, ``"Ben"``, ``"Émile"``, ``"zoe"``; Greek ``"Άννα"``
    before ``"Βάσω"``), then the name itself, so two names that differ only in case or accents keep
    one order. A database's own ``ORDER BY`` depends on its collation (SQLite's puts ``"Zoe"``
    before ``"anna"``, PostgreSQL's ``en_US`` does not)."""
    bare = "".join(ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare).casefold(), name


def _cased_skeleton(name: str) -> str:
    return skeleton_key(unicodedata.normalize("NFKC", name), digit_policy="tr39")


__all__ = ["MARKUP", "NAME_MAX", "NameProblem", "clean_name", "is_hidden", "look_alike", "name_order", "name_problem",
           "name_skeleton", "read_name"]
