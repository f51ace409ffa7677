"""The sentences and labels of the data's lifecycle: a teacher deletes a class, a learner erases
everything kept under their code, a code the store no longer keeps (``store.lifecycle``).

Codes are made by the app (letters and digits of ``tutor.codes.ALPHABET``); a class's name is the
teacher's typed text, so it goes into a sentence only through ``literal`` (shown, never obeyed).
"""

from __future__ import annotations

from ..i18n import gettext as _
from .basics import literal


def delete_class_label() -> str:
    """The owner's button (a pop-up with the confirmation) under "For your screen"."""
    return _("Delete this class")


def delete_class_warning(name: str, code: str) -> str:
    """The confirmation that names the class: what goes, what stays, and that it is for good."""
    return _("Delete the class {name} (code {code}) for good? The pupils' names, the live questions and their "
             "answers, and the teacher devices are deleted, and nobody can open or join the class again. Each "
             "pupil's own progress (lessons, puzzles, games) stays theirs. This cannot be undone.").format(
        name=literal(name), code=code)


def delete_class_confirm() -> str:
    """The button that deletes the class, inside the confirmation."""
    return _("Yes, delete this class for good")


def class_deleted(name: str) -> str:
    """On the owner's device once the class is deleted."""
    return _("The class {name} is deleted. Each pupil's own progress stays theirs.").format(name=literal(name))


def class_not_deleted() -> str:
    """The deletion was refused (this device is not the class's main one any more, or its view closed)."""
    return _("The class was not deleted: only its main device can delete it, while the class is open there.")


def delete_owner_only() -> str:
    """Under "For your screen" on a teacher device that is not the class's main one."""
    return _("Only the class's main device can delete it: the one that made the class, or the one that last "
             "used the recovery code.")


def class_gone_teacher() -> str:
    """On another teacher device, once its main device deleted the class."""
    return _("This class was deleted on its main device.")


def class_gone_pupil() -> str:
    """On a pupil's page once their teacher deleted the class."""
    return _("Your class is gone: your teacher deleted it. Your own progress stays yours.")


def erase_label() -> str:
    """The sidebar's button (a pop-up with the confirmation), beside "Forget me on this device"."""
    return _("Erase everything about me")


def erase_warning(code: str) -> str:
    """Before a learner erases everything kept under their code: what goes, and that it is for good."""
    return _("This erases everything kept under the code **{code}**, on every device: your lessons and stars, "
             "your puzzles, your finished games, your Sandbox game, and your name and answers in a class. "
             "Nobody can get it back, not even your teacher. This device then starts afresh with a new "
             "code.").format(code=code)


def erase_confirm() -> str:
    """The button that erases, inside the confirmation."""
    return _("Yes, erase everything")


def erased(code: str) -> str:
    """After the erasure."""
    return _("Everything kept under {code} is erased. This device starts afresh with a new code.").format(code=code)


def erase_failed() -> str:
    """The store could not be reached: nothing was erased."""
    return _("Nothing was erased: your progress cannot be reached right now. Try again in a moment.")


def code_gone(code: str) -> str:
    """A session's learner code the store no longer keeps (erased on another device, or expired)."""
    return _("The code {code} is not kept any more: it was erased, or not used for a long time. This device "
             "starts afresh with a new code.").format(code=code)


__all__ = ["class_deleted", "class_gone_pupil", "class_gone_teacher", "class_not_deleted", "code_gone",
           "delete_class_confirm", "delete_class_label", "delete_class_warning", "delete_owner_only", "erase_confirm",
           "erase_failed", "erase_label", "erase_warning", "erased"]
