"""The small words everything else is built from: sides, seeds, pits, places, rules, levels.

Every function returns text a user reads, made through ``tutor.i18n``.
"""

from __future__ import annotations

import re

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine import NORTH, SOUTH, Option, OptionValue, Place, Rules, Side, option, options_for

from ..i18n import gettext as _
from ..i18n import current, ngettext, npgettext, per_language, pgettext
from .grammar import Word

if TYPE_CHECKING:
    from lessons.models import Theme

QUOTE_LIMIT = 60
"""The most characters of a user's own text that a message quotes back."""


def rule_entries() -> dict[str, dict[str, str]]:
    """``lessons/rules.toml`` in the session's language: rule id -> its texts (title, text, say...)."""
    from lessons.loader import rule_texts  # here: the loader imports pydantic, which most pages never need

    return rule_texts(lang=current())


def theme_entries() -> dict[str, Theme]:
    """The puzzle themes (``lessons/themes.toml``) in the session's language, in page order."""
    from lessons.loader import themes

    return themes(lang=current())


def clause_separator() -> str:
    """What joins clauses of one sentence: ``"; "`` in English (Greek: ``"· "``, its ";" is a question mark)."""
    return _("; ")


@per_language(maxsize=16)
def side_name(side: Side) -> Word:
    """``"S"`` -> ``"South"``, ``"N"`` -> ``"North"`` (a ``Word``: ``{side:gen}``, ``{side:acc}`` in a template)."""
    if side == SOUTH:
        return Word(_("South"), gen=pgettext("genitive", "South"), acc=pgettext("accusative", "South"))
    return Word(_("North"), gen=pgettext("genitive", "North"), acc=pgettext("accusative", "North"))


NAMES_AFTER_A_COLON = ("Kalah", "Awari", "Oware", "PIN")
"""Words that keep their capital letter after a colon in every language (besides the sides' names)."""


def after_colon(text: str) -> str:
    """``text`` (a sentence) as it stands after a colon. English keeps its capital letter; a language whose
    catalogue says ``"lower"`` here (Greek: no capital letter after a colon) writes its first letter small,
    unless its first word is a name (``South``, ``North`` in any case, ``Awari``...): ``"Ο Νότος κερδίζει"``
    -> ``"ο Νότος κερδίζει"``, ``"Νότος"`` stays."""
    rule = pgettext("typography: 'lower' when a sentence after a colon starts with a small letter", "keep")
    at = next((k for k, ch in enumerate(text) if ch.isalpha()), None)
    if rule != "lower" or at is None:
        return text
    first = re.match(r"\w+", text[at:])
    names = {form for side in (SOUTH, NORTH) for form in (str(side_name(side)), *side_name(side).forms.values())}
    if first is not None and (first.group(0) in names or first.group(0) in NAMES_AFTER_A_COLON):
        return text
    return text[:at] + text[at].lower() + text[at + 1:]


@per_language(maxsize=512)
def seeds_word(count: int) -> Word:
    """``1`` -> ``"1 seed"``, ``4`` -> ``"4 seeds"``, ``0`` -> ``"0 seeds"`` (a ``Word`` with its cases)."""
    return Word(ngettext("{n} seed", "{n} seeds", count).format(n=count),
                gen=npgettext("genitive", "{n} seed", "{n} seeds", count).format(n=count),
                acc=npgettext("accusative", "{n} seed", "{n} seeds", count).format(n=count))


def moves_word(count: int) -> str:
    """``1`` -> ``"1 move"``, ``3`` -> ``"3 moves"``."""
    return ngettext("{n} move", "{n} moves", count).format(n=count)


def extra_turns_word(count: int) -> str:
    """``1`` -> ``"1 extra turn"``, ``0`` -> ``"0 extra turns"``."""
    return ngettext("{n} extra turn", "{n} extra turns", count).format(n=count)


def times_word(count: int) -> str:
    """``1`` -> ``"once"``, ``2`` -> ``"twice"``, ``3`` -> ``"3 times"``."""
    if count == 1:
        return _("once")
    if count == 2:
        return _("twice")
    return ngettext("{n} time", "{n} times", count).format(n=count)


@per_language(maxsize=512)
def place_name(place: Place | tuple[Side, int]) -> Word:
    """``("S", 3)`` -> ``"South's pit 3"``; pit 0 is the store: ``"North's store"`` (a ``Word``:
    ``{place:acc}``, ``{place:at}`` in a template)."""
    side, pit = place[0], int(place[1])
    name = side_name(side)
    if pit == 0:
        return Word(_("{side}'s store").format(side=name),
                    acc=pgettext("accusative", "{side}'s store").format(side=name),
                    at=pgettext("at", "{side}'s store").format(side=name))
    return Word(_("{side}'s pit {pit}").format(side=name, pit=pit),
                acc=pgettext("accusative", "{side}'s pit {pit}").format(side=name, pit=pit),
                at=pgettext("at", "{side}'s pit {pit}").format(side=name, pit=pit))


@per_language(maxsize=64)
def pit_field_label(side: Side, pit: int) -> str:
    """The board editor's short label of one pit's field (1..pits, the owner's numbering):
    ``("S", 3)`` -> ``"S3"``, ``("N", 1)`` -> ``"N1"``; the side's initial is the session
    language's (Greek: ``"Νό3"`` for Νότος, ``"Βο1"`` for Βορράς: a lone «Ν» read as the notation's
    Latin N, which is North)."""
    if side == SOUTH:
        return pgettext("editor field", "S{pit}").format(pit=int(pit))
    return pgettext("editor field", "N{pit}").format(pit=int(pit))


def of_total(done: int, total: int) -> str:
    """``"3 of 8"``."""
    return _("{done} of {total}").format(done=done, total=total)


def and_list(items: list[str]) -> str:
    """``["a"]`` -> ``"a"``, ``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def or_list(items: list[str]) -> str:
    """``["pit 2", "pit 5"]`` -> ``"pit 2 or pit 5"``."""
    return _(" or ").join(items)


def pit_word(pit: int) -> str:
    """``3`` -> ``"pit 3"``."""
    return _("pit {pit}").format(pit=pit)


def pits_list(pits: Iterable[int]) -> str:
    """A set of pits, ascending: ``[3]`` -> ``"pit 3"``, ``[4, 3]`` -> ``"pits 3 and 4"``."""
    nums = sorted({int(p) for p in pits})
    if len(nums) == 1:
        return pit_word(nums[0])
    return _("pits {list}").format(list=and_list([str(p) for p in nums]))


def pits_in_order(pits: Iterable[int]) -> str:
    """Pits played one after another: ``[6]`` -> ``"pit 6"``, ``[6, 5, 6]`` -> ``"pits 6, 5 and 6"``."""
    nums = [int(p) for p in pits]
    if len(nums) == 1:
        return pit_word(nums[0])
    return _("pits {list}").format(list=and_list([str(p) for p in nums]))


LONG_CHAIN = 3
"""A turn of more moves than this (extra turns, K9) is said by its first pit and how often it moves again."""


def pit_chain(pits: Sequence[int]) -> str:
    """Pits of one turn, one after another (an extra turn each time, K9): ``[6]`` -> ``"pit 6"``,
    ``[6, 5, 2]`` -> ``"pit 6, then pit 5, then pit 2"`` (Greek: «λακκάκι 6, μετά το 5, το 2»)."""
    return pit_word(pits[0]) + then_pits(pits[1:])


def then_pits(pits: Sequence[int]) -> str:
    """The pits that follow a first one in a turn, each joined on: ``[5, 2]`` -> ``", then pit 5, then
    pit 2"``; ``[]`` -> ``""``."""
    return "".join((pgettext("second pit of a turn", ", then pit {pit}") if i == 0 else
                    pgettext("later pit of a turn", ", then pit {pit}")).format(pit=p) for i, p in enumerate(pits))


def lit_words(pits: Iterable[int]) -> str:
    """``[2]`` -> ``"pit 2"``, ``[2, 5]`` -> ``"pit 2 or pit 5"`` (the pits a step lights)."""
    return or_list([pit_word(p) for p in pits])


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """A user's own text in the language's quote marks (“…”, Greek «…»), cut to ``limit`` characters plus "…"
    when longer."""
    return pgettext("quote marks", "“{text}”").format(text=short(text, limit))


def short(text: object, limit: int = QUOTE_LIMIT) -> str:
    """A user's own text cut to ``limit`` characters plus "…" when longer (never echoed in full),
    made literal for markdown (:func:`literal`)."""
    s = str(text).strip() if not isinstance(text, int) or -10**9 < text < 10**9 else "…"
    return literal(s[:limit] + "…" if len(s) > limit else s)


WORD_JOINER = "\u2060"
"""Invisible, zero-width: it keeps ``literal`` text from being read as a web address."""
_AUTOLINK = re.compile(r"(?=[:@])|(?i:(?<=www)(?=\.))")
_MARKDOWN_SIGNS = frozenset("\\`*_{}[]()#+.!|<>~:$&^@")


def literal(text: object) -> str:
    """``text`` as markdown that shows exactly those characters: every ASCII sign markdown or
    Streamlit could read (links, images, emphasis, ``:red[...]``, ``:icon:``, ``$math$``, HTML)
    gets a backslash, line breaks become spaces, and an invisible word joiner (U+2060) goes
    before ``:`` and ``@`` and inside ``www.`` so no web or mail address becomes a link (GFM
    autolinks ignore backslashes). Every sentence that quotes what a user typed or linked goes
    through here (or :func:`short`), so the text is shown, never obeyed."""
    flat = " ".join(str(text).splitlines())
    flat = _AUTOLINK.sub(WORD_JOINER, flat)
    return "".join("\\" + ch if ch in _MARKDOWN_SIGNS else ch for ch in flat)


# ------------------------------------------------------------------ rules


def rule_title(rule_id: str) -> str:
    """The short title of ``rule_id`` from ``rules.toml``; the id itself if unknown."""
    return rule_entries().get(rule_id, {}).get("title", rule_id)


def rule_text(rule_id: str) -> str:
    """The one-sentence explanation of ``rule_id`` (e.g. ``"K10"``); ``""`` if unknown."""
    return rule_entries().get(rule_id, {}).get("text", "")


def rule_badge(rule_id: str) -> str:
    """A rule id as a small grey badge (markdown), e.g. ``:gray-badge[K6]``."""
    return f":gray-badge[{rule_id}]"


def game_title(game: str) -> str:
    """``"kalah"`` -> ``"Kalah"``, ``"oware"`` -> ``"Awari (Oware)"``."""
    return _("Awari (Oware)") if game == "oware" else _("Kalah")


def board_name(game: str) -> str:
    """The board's accessible name: ``"Kalah board"`` or ``"Awari board"``."""
    return _("Awari board") if game == "oware" else _("Kalah board")


def option_label(opt: Option) -> str:
    """The question a form asks for ``opt`` (e.g. ``"Pits per side"``)."""
    return _option_labels().get(opt.name, opt.name)


@per_language
def _option_labels() -> dict[str, str]:
    return {
        "pits": _("Pits per side"),
        "seeds": _("Seeds per pit"),
        "empty_capture": _("Empty capture"),
        "end_rule": _("The game ends"),
        "capture_to": _("Captured seeds go"),
        "early_win": _("Early win"),
        "grand_slam": _("Grand slam"),
    }


def option_help(opt: Option) -> str | None:
    """What ``opt`` means, for the help beside its short label (``None``: the label says it all)."""
    return _option_helps().get(opt.name)


@per_language
def _option_helps() -> dict[str, str]:
    return {
        "empty_capture": _("A lone last seed is banked even if the pit opposite is empty."),
        "early_win": _("The game stops when a store holds more than half the seeds."),
        "grand_slam": _("A move that would take every seed on the other side."),
    }


def option_value(opt: Option, value: OptionValue) -> str:
    """One value of ``opt`` in words (``"stuck"`` -> ``"When the player to move is stuck"``)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return _option_values().get((opt.name, str(value)), str(value))


@per_language
def _option_values() -> dict[tuple[str, str], str]:
    return {
        ("end_rule", "row_empty"): _("When a row is empty"),
        ("end_rule", "stuck"): _("When the player to move is stuck"),
        ("capture_to", "store"): _("Into the store"),
        ("capture_to", "pit"): _("Into the landing pit (house rule)"),
        ("grand_slam", "no_capture"): _("Allowed, captures nothing"),
        ("grand_slam", "illegal"): _("Not allowed"),
        ("grand_slam", "capture_all"): _("Captures everything"),
    }


def rules_description(rules: Rules) -> str:
    """The rules in a few words: ``"Kalah, 6 pits, 4 seeds, empty capture"``,
    ``"Awari (Oware), grand slam captures nothing"``."""
    if rules.game == "oware":
        gs = {
            "no_capture": _("grand slam captures nothing"),
            "illegal": _("grand slam not allowed"),
            "capture_all": _("grand slam captures all"),
        }[str(getattr(rules, "grand_slam", "no_capture"))]
        return _("{game}, {grand_slam}").format(game=game_title("oware"), grand_slam=gs)
    parts = [_("{game}, {pits} pits, {seeds}").format(game=game_title("kalah"), pits=rules.pits,
                                                        seeds=seeds_word(rules.seeds))]
    changed = {o.name for o in options_for("kalah") if getattr(rules, o.name) != o.default}
    for name, text in (("empty_capture", _("empty capture")), ("end_rule", _("ends when stuck")),
                       ("capture_to", _("capture into pit")), ("early_win", _("early win"))):
        if name in changed:
            parts.append(text)
    return ", ".join(parts)


def level_name(level: str) -> str:
    """A computer level's name (``"perfect"`` -> ``"Perfect"``)."""
    return {
        "beginner": _("Beginner"), "easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard"),
        "perfect": _("Perfect"),
    }.get(level, level)


def players_words(mode: str, level: str) -> str:
    """``"two players"`` or ``"against the computer (Easy)"``."""
    if mode == "computer":
        return _("against the computer ({level})").format(level=level_name(level))
    return _("two players")


def stars_word(count: int, top: int = 3) -> str:
    """``2`` -> ``"★★☆"``."""
    return "★" * count + "☆" * (top - count)


def side_choice(side: Side) -> str:
    """A side as a choice in a form (same as :func:`side_name`)."""
    return side_name(side)


def csv_separator() -> str:
    """The field separator of a CSV file made now: ``";"`` where the language writes decimals with a
    comma (Greek: its spreadsheets read ``;``-separated files), else ``","`` (Babel's locale data)."""
    from babel.numbers import get_decimal_symbol

    return ";" if get_decimal_symbol(current()) == "," else ","


__all__ = [
    "LONG_CHAIN", "NAMES_AFTER_A_COLON", "after_colon", "clause_separator", "csv_separator", "rule_entries", "theme_entries",
    "QUOTE_LIMIT", "and_list", "board_name", "extra_turns_word", "game_title", "level_name",
    "WORD_JOINER", "lit_words", "literal", "moves_word", "option", "option_help", "option_label", "option_value", "or_list", "pit_chain", "pit_word", "pits_in_order",
    "pit_field_label", "pits_list", "then_pits", "place_name", "players_words", "quote", "rule_badge", "rule_text", "rule_title",
    "rules_description", "seeds_word", "short", "side_choice", "side_name", "stars_word", "times_word",
    "NORTH", "SOUTH",
]
