"""The one rule for typed names (``tutor.names``): a pupil's name and a class's name."""

from __future__ import annotations

import pytest

from tutor import i18n, words
from tutor.names import NAME_MAX, read_name

ACCEPTED = [
    ("Νίκος", "Νίκος"),
    ("«Νίκος»", "«Νίκος»"),
    ("  Anne-Marie  ", "Anne-Marie"),
    ("O'Neil", "O'Neil"),
    ("D’Souza", "D’Souza"),
    ("José  María", "José María"),
    ("Zoe\u0308", "Zo\u00eb"),  # a decomposed accent is composed (NFC): one name, however typed
    ("Ann\tB", "Ann B"),
    ("李小龙", "李小龙"),
    ("Sam 🎉", "Sam 🎉"),
    ("👩\u200d🏫 Ms Li", "👩\u200d🏫 Ms Li"),  # the zero-width joiner of an emoji
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
    ("👩\u200d🏫", "👩\u200d🏫", "no_letter"),
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
    assert greek[4] == "Ένα όνομα χρειάζεται τουλάχιστον ένα γράμμα ή ψηφίο: μόνο φατσούλες ή σημάδια δεν κάνουν όνομα."
    assert len(set(english)) == len(set(greek)) == len(problems)
    assert not set(english) & set(greek)
