"""The one rule for typed names (``tutor.names``): a pupil's name and a class's name."""

from __future__ import annotations

import pytest

from tutor import i18n, words
from tutor.names import NAME_MAX, is_hidden, name_skeleton, read_name

ACCEPTED = [
    ("Νίκος", "Νίκος"),
    ("«Νίκος»", "«Νίκος»"),
    ("  Anne-Marie  ", "Anne-Marie"),
    ("O'Neil", "O'Neil"),
    ("D’Souza", "D’Souza"),
    ("José  María", "José María"),
    ("Zoe\u0308", "Zo\u00eb"),  # a decomposed accent is composed (NFKC): one name, however typed
    ("\uff21\uff4e\uff4e\uff41", "Anna"),  # fullwidth letters are folded (NFKC)
    ("\U0001d400\U0001d427\U0001d427\U0001d41a", "Anna"),  # mathematical bold letters too
    ("Anna\u3000B", "Anna B"),  # an ideographic space is a space
    ("\ufb01ona", "fiona"),  # a ligature is its letters
    ("\u0410nna", "\u0410nna"),  # Cyrillic А: accepted, but the same name as "Anna" in a class
    ("Ann\tB", "Ann B"),
    ("李小龙", "李小龙"),
    ("Sam 🎉", "Sam 🎉"),
    ("2", "2"),
    ("x" * NAME_MAX, "x" * NAME_MAX),
    ("**Ada**", "**Ada**"),  # shown literally (tests/test_user_text.py)
]
REFUSED = [
    ("", "", "empty"),
    ("   ", "", "empty"),
    (None, "", "empty"),
    (42, "", "empty"),
    ("x" * (NAME_MAX + 1), "x" * (NAME_MAX + 1), "too_long"),
    ("Bo\u200b", "Bo\u200b", "hidden"),  # zero-width space
    ("Bo\u202eoB", "Bo\u202eoB", "hidden"),  # right-to-left override
    ("Bo\x00", "Bo\x00", "hidden"),
    ("<b>Bo</b>", "<b>Bo</b>", "markup"),
    ("Bo <3", "Bo <3", "markup"),
    ("Tom & Jerry", "Tom & Jerry", "markup"),
    ("a/b", "a/b", "markup"),
    ("{Bo}", "{Bo}", "markup"),
    ("<🎉>", "<🎉>", "markup"),
    ("🎉🎉", "🎉🎉", "no_letter"),
    ("An\u200dna", "An\u200dna", "hidden"),  # zero-width joiner
    ("An\u200cna", "An\u200cna", "hidden"),  # zero-width non-joiner
    ("👩\u200d🏫 Ms Li", "👩\u200d🏫 Ms Li", None),  # a joiner between two emoji makes one emoji
    ("👩\u200d🏫", "👩\u200d🏫", "no_letter"),
    ("A\u200d🏫", "A\u200d🏫", "hidden"),  # beside a letter it hides
    ("Sam ❤\ufe0f", "Sam ❤\ufe0f", None),  # a phone keyboard's emoji style after an emoji: kept (red heart)
    ("Ε\u03842 Δημοτικού", "Ε\u02b92 Δημοτικού", None),  # a Greek keyboard's keraia: one mark, no space
    ("ΣΤ\u00b41", "ΣΤ\u02b91", None),
    ("Anna\u3164", "Anna\u1160", "hidden"),  # Hangul filler (a letter to Unicode; NFKC makes it U+1160)
    ("Anna\u115f", "Anna\u115f", "hidden"),  # Hangul choseong filler
    ("An\u1160na", "An\u1160na", "hidden"),  # Hangul jungseong filler
    ("Anna\uffa0", "Anna\u1160", "hidden"),  # halfwidth Hangul filler
    ("\u3164\u3164\u3164", "\u1160\u1160\u1160", "hidden"),  # a name made only of fillers
    ("\u115f\u1160\uffa0", "\u115f\u1160\u1160", "hidden"),
    ("Bo\u2800", "Bo\u2800", "hidden"),  # Braille pattern blank
    ("\u2800", "\u2800", "hidden"),
    ("An\u00adna", "An\u00adna", "hidden"),  # soft hyphen
    ("An\u034fna", "An\u034fna", "hidden"),  # combining grapheme joiner
    ("Anna\ufe0f", "Anna\ufe0f", "hidden"),  # an emoji style selector after a letter hides
    ("Anna\ufe01", "Anna\ufe01", "hidden"),  # another variation selector
    ("Anna\U000e0100", "Anna\U000e0100", "hidden"),  # variation selector supplement
    ("Anna\U000e0041", "Anna\U000e0041", "hidden"),  # tag letter
    ("\ufeffAnna", "\ufeffAnna", "hidden"),  # byte order mark
    ("Anna\u2060", "Anna\u2060", "hidden"),  # word joiner
    ("\u17b4Anna", "\u17b4Anna", "hidden"),  # Khmer inherent vowel
    ("Anna\u180e", "Anna\u180e", "hidden"),  # Mongolian vowel separator
    ("\uff1cb\uff1e", "<b>", "markup"),  # fullwidth signs are the signs themselves (NFKC)
    ("---", "---", "no_letter"),
    ("' ' '", "' ' '", "no_letter"),
    ("«»", "«»", "no_letter"),
]


@pytest.mark.parametrize(("typed", "name"), ACCEPTED)
def test_a_name_with_a_letter_or_digit_is_accepted_cleaned(typed, name):
    assert read_name(typed) == (name, None)


@pytest.mark.parametrize(("typed", "name", "problem"), REFUSED)
def test_a_name_is_refused_for_exactly_one_reason(typed, name, problem):
    assert read_name(typed) == (name, problem)


def test_every_refusal_has_its_own_sentence_in_english_and_greek():
    problems = ["empty", "too_long", "hidden", "markup", "no_letter"]
    english = [words.join_problem(p) for p in problems]
    assert english[1] == f"A name can have up to {NAME_MAX} characters."
    assert english[4] == "A name needs at least one letter or digit: emoji or signs alone are not a name."
    i18n.use("el")
    try:
        greek = [words.join_problem(p) for p in problems]
    finally:
        i18n.use(None)
    assert greek[1] == f"Ένα όνομα μπορεί να έχει έως {NAME_MAX} χαρακτήρες."
    assert greek[4] == "Ένα όνομα χρειάζεται τουλάχιστον ένα γράμμα ή ψηφίο: μόνο φατσούλες ή σύμβολα δεν κάνουν όνομα."
    assert len(set(english)) == len(set(greek)) == len(problems)
    assert not set(english) & set(greek)


def test_cleaning_is_idempotent_and_hidden_characters_are_the_listed_ones():
    for _typed, name in ACCEPTED:
        assert read_name(name) == (name, None)
    for _typed, name, _ in REFUSED:
        assert read_name(name)[0] == name
    hidden = [0xAD, 0x34F, 0x115F, 0x1160, 0x17B4, 0x17B5, *range(0x180B, 0x1810), *range(0x200B, 0x2010),
              *range(0x2060, 0x2070), 0x2800, 0x3164, *range(0xFE00, 0xFE10), 0xFEFF, 0xFFA0,
              *range(0xE0000, 0xE0080), *range(0xE0100, 0xE01F0), 0x00, 0x09, 0x202E, 0xE000]
    assert [hex(p) for p in hidden if not is_hidden(chr(p))] == []
    shown = "Aa1 -'’.ΝίκοςZoë李Ж한글😀\u0301"
    assert [ch for ch in shown if is_hidden(ch)] == []


SAME = [
    ("Anna", "anna"),
    ("ANNA", "anna"),
    ("\u0410nna", "anna"),  # Cyrillic capital A
    ("\u0430nn\u0430", "anna"),  # Cyrillic small a
    ("\u13aanna", "anna"),  # Cherokee letter GO, which looks like A
    ("\uff21\uff4e\uff4e\uff41", "anna"),  # fullwidth
    ("An\u200dna", "anna"),  # a hidden joiner is no part of the look (and is refused anyway)
    ("B0b", "bob"),  # zero and O
    ("Sam 1", "sam l"),  # one and l
    ("\u0392\u03bf", "bo"),  # Greek Βο looks like Bo
    ("Νίκος", "vikoo"),  # Greek letters take their Latin look-alikes: ν is v, ς is o
    ("Νικος", "vikoo"),  # the accent on ι is not kept: the same name as Νίκος
    ("ΝΙΚΟΣ", "vikoo"),  # case is folded first, so capitals are the same name
    ("Łukasz", "lukasz"),  # the stroke is not kept
    ("Lukasz", "lukasz"),
]
APART = [
    ("Zoë", "Zoe"),  # accents stay
    ("Άννα", "Αννα"),  # the accent on α stays
    ("Νίκος", "Nikos"),  # Greek Νίκος is not the Latin transliteration
    ("Ian", "lan"),  # the case is folded before the look-alikes: capital I and l stay apart
    ("Anne-Marie", "Anne Marie"),
    ("李", "季"),
    ("O'Neil", "ONeil"),
    ("Sam", "Sam B"),
]


@pytest.mark.parametrize(("name", "skeleton"), SAME)
def test_names_that_look_alike_share_one_skeleton(name, skeleton):
    assert name_skeleton(name) == skeleton


@pytest.mark.parametrize(("one", "other"), APART)
def test_names_that_look_different_keep_their_own_skeleton(one, other):
    assert read_name(one)[1] is None and read_name(other)[1] is None
    assert name_skeleton(one) != name_skeleton(other)


def test_names_of_every_script_are_accepted_with_a_skeleton_of_their_own():
    names = ["Νίκος", "Zoë", "李", "Anne-Marie", "O'Neil", "Олег", "محمد", "יעל", "हरि", "김민준", "さくら",
             "Nguyễn", "Ayşe", "José María"]
    assert [read_name(n) for n in names] == [(n, None) for n in names]
    assert len({name_skeleton(n) for n in names}) == len(names)
    assert name_skeleton("李") == "李" and name_skeleton("Zoë") == "zoë"


@pytest.mark.parametrize(("one", "other", "alike"), [
    ("Ian", "lan", True),  # hostile tester: a capital I and a small l looked the same in the teacher's table
    ("Al", "AI", True),
    ("Anna", "\u0410nna", True),
    ("\u039d\u0399\u039a\u039f\u03a3", "\u039d\u03b9\u03ba\u03bf\u03c2", True),
    ("Ian", "Ivan", False),
    ("Bob", "Rob", False),
])
def test_names_that_look_alike_with_or_without_case(one, other, alike):
    from tutor.names import look_alike

    assert look_alike(one, other) is alike and look_alike(other, one) is alike
