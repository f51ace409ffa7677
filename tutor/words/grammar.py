"""Words that change with their place in a sentence (Greek cases), for the translation templates.

English needs one form of "South" or "4 seeds"; Greek needs three: ο Νότος
(who does it), του Νότου (whose), τον Νότο (to whom it is done). A
:class:`Word` is the plain text (the first form) and carries the others, so a
translated template picks the form it needs with a format spec:
``"{side}"``, ``"{side:gen}"`` (genitive), ``"{side:acc}"`` (accusative).
``"{place:at}"`` (a place where something lands). English templates never need a spec. The forms are catalogue entries with a
context (``pgettext("genitive", "South")``); a form nobody translated is the
plain text.

>>> w = Word("South", gen="of South", acc="South")
>>> "{w} / {w:gen}".format(w=w)
'South / of South'
"""

from __future__ import annotations

CASES = ("gen", "acc", "at")
"""The format specs a template may use: genitive, accusative, and ``at`` (a place after "in/at/to":
Greek "στο λακκάκι 2", "στην αποθήκη")."""


class Word(str):
    """Text with its other grammatical forms (``gen``, ``acc``) for ``str.format`` specs."""

    forms: dict[str, str]

    def __new__(cls, text: str, **forms: str) -> Word:
        word = super().__new__(cls, text)
        word.forms = {case: form for case, form in forms.items() if case in CASES and form}
        return word

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return self.forms.get(spec, str(self))
        return str.__format__(str(self), spec)


__all__ = ["CASES", "Word"]
