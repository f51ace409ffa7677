"""The sentences and labels of a class's teacher: the PIN and recovery code said once, teacher devices,
who may join, taking a pupil out, and the projector's view.

The PIN, the recovery code and the class code are made by the app (digits and letters of
``store.learners.ALPHABET``), never a user's text; a pupil's name is never put into these sentences.
"""

from __future__ import annotations

from ..i18n import gettext as _
from ..i18n import ngettext, per_language


@per_language
def teacher_labels() -> dict[str, str]:
    """The short labels of this part (merged into ``words.label``), keyed by stable ids."""
    return {
        "show_pin": _("Show my PIN (not on the projector)"),
        "pin_dialog": _("Your teacher PIN"),
        "wrote_down": _("I wrote them down"),
        "for_your_screen": _("For your screen: pupils, PIN and devices"),
        "open_to_join": _("New pupils may join"),
        "remove_pupil": _("Take a pupil out of the class"),
        "remove_go": _("Take out"),
        "teacher_devices": _("Teacher devices"),
        "sign_out_device": _("Sign out"),
        "change_pin": _("Make a new PIN"),
        "forgot_pin": _("Forgot the PIN?"),
        "recovery_code": _("Recovery code"),
        "reset_pin_go": _("Make a new PIN"),
        "col_added": _("Added"),
        "col_seen": _("Last seen"),
        "leave_confirm": _("Yes, leave the class"),
        "choose_pupil": _("Choose a pupil"),
        "col_view": _("Class view"),
    }


def class_ready(code: str) -> str:
    """A class just made: its code, for the pupils (the PIN is never said here: a projector may show it)."""
    return _("Your class is made. Its code is **{code}**: pupils type it on the Class page.").format(code=code)


def secrets_waiting() -> str:
    """The PIN and recovery code of a class just made, or just changed, wait behind a button (shown once: a
    reload loses them, so it says where a new PIN is made, ut48b #3)."""
    return _("Your PIN and recovery code are ready. They are shown only once: open them now on your own screen, "
             "not on the projector, and write them down. Lost them? Make a new PIN under “{panel}”.").format(
        panel=_("For your screen: pupils, PIN and devices"))


def secrets_text(pin: str, recovery: str) -> str:
    """The PIN and recovery code, said once, in the dialog only the teacher opens."""
    grouped = "-".join(recovery[k:k + 4] for k in range(0, len(recovery), 4))
    return _("Teacher PIN: **{pin}**\n\nRecovery code: **{recovery}**\n\n"
             "The PIN opens this class on another device. The recovery code makes a new PIN if you forget it. "
             "They are shown only now: write them down and keep them away from pupils.").format(pin=pin,
                                                                                              recovery=grouped)


def pin_refused(verdict: str) -> str:
    """Why a class could not be opened: ``"wrong"`` (a wrong PIN or no such class: the same words,
    so the form does not tell which codes exist), ``"locked"`` or ``"empty"`` (the code or the PIN
    not typed)."""
    if verdict == "empty":
        return _("Type your class code and PIN.")
    if verdict == "locked":
        return _("Too many tries. Wait a minute, then try again. If this is your class, open it on its main "
                 "device, or use your recovery code under \"Forgot the PIN?\".")
    return _("That class code and PIN do not match.")


def recovery_refused(verdict: str) -> str:
    """Why a recovery code was refused: ``"wrong"`` or ``"locked"``."""
    if verdict == "locked":
        return _("Too many tries. Wait a minute, then try again.")
    return _("That class code and recovery code do not match.")


def pin_changed(recovered: bool = False) -> str:
    """A new PIN and recovery code were made (``recovered``: with the recovery code, so this device became
    the class's main device): what else changed."""
    if recovered:
        return _("Your class has a new PIN and recovery code. This device is now the class's main device, "
                 "and every other teacher device was signed out.")
    return _("Your class has a new PIN and recovery code. Every other teacher device was signed out.")


def pin_note() -> str:
    """Beside the PIN field: how long the class stays open on this device."""
    return _("This device keeps the class open for a school day, also after a reload. "
             "\"Close the class view\" ends it.")


def devices_note() -> str:
    """Above the owner's list of teacher devices."""
    return _("Every device that opened this class with your PIN is listed here. Sign out any you do not know, "
             "then make a new PIN.")


def device_name(number: int, mine: bool, owner: bool) -> str:
    """A teacher device in the owner's list: this one, the class's first, or the n-th."""
    if mine:
        return _("This device")
    if owner:
        return _("The class's main device")
    return _("Device {n}").format(n=number)


def view_state(open_now: bool) -> str:
    """Whether a teacher device has the class open now."""
    return _("open") if open_now else _("closed")


def signed_out(why: str | None = None) -> str:
    """This device lost the teacher's view, in one sentence: ``why`` ``"pin"`` (the class got a new PIN),
    ``"owner"`` (the class's main device signed it out), else not known."""
    if why == "pin":
        return _("The PIN of this class was changed, so this device was signed out. Sign in with the new PIN.")
    if why == "owner":
        return _("The class's main device signed this device out. Type the PIN to open the class again.")
    return _("This device was signed out of the class. Type the PIN to open it again.")


def open_to_join_help() -> str:
    """Beside the switch: what closing the class to newcomers does."""
    return _("Switch this off once everyone has joined: nobody else can join, even with the code.")


def pupil_removed() -> str:
    """A pupil was taken out (their name is not repeated here: it is shown only as plain text)."""
    return _("Done: that pupil is out of the class. Their own progress stays theirs.")


def change_pin_note() -> str:
    """Beside "Make a new PIN"."""
    return _("A new PIN and recovery code, shown only on your screen. Every other teacher device is signed out.")


def recovery_note() -> str:
    """Above the recovery form."""
    return _("Type your class code and the recovery code you wrote down: you get a new PIN, this device "
             "becomes the class's main device, and every other device is signed out.")


def answers_closed() -> str:
    """A pupil pressed after the teacher showed the answers."""
    return _("The answers are shown now, so your answer stays as it was.")


def pupils_now(count: int) -> str:
    """The projector's line under the class code: how many pupils are in the class now."""
    if count == 0:
        return _("Nobody has joined yet.")
    return ngettext("{n} pupil in the class", "{n} pupils in the class", count).format(n=count)


def owner_only() -> str:
    """On a teacher device that is not the class's main one (the device that made the class, or the one
    that last set a new PIN with the recovery code): where the devices and a new PIN are."""
    return _("Only the class's main device sees the teacher devices and makes a new PIN. The main device is "
             "the one that made the class, or the one that last used the recovery code.")


def taken_out() -> str:
    """A pupil whose teacher took them out of the class (or who left it on another device)."""
    return _("You are not in the class any more. Ask your teacher if you should join again.")


def leave_warning() -> str:
    """Before a pupil leaves their class: what it means."""
    return _("You leave the class. Your own progress stays yours. If your teacher has closed the class to "
             "newcomers, you can't join again without them.")


def choose_pupil_first() -> str:
    """"Take out" pressed with no pupil chosen."""
    return _("Choose a pupil first.")


def class_no_lessons() -> str:
    """In place of the class's heat map of lesson steps while no pupil has done a step (one sentence)."""
    return _("No pupil has started a lesson yet.")


__all__ = ["answers_closed", "change_pin_note", "choose_pupil_first", "class_no_lessons", "leave_warning", "owner_only", "taken_out", "class_ready", "device_name", "devices_note", "open_to_join_help",
           "pin_changed", "pin_note", "pin_refused", "pupil_removed", "pupils_now", "recovery_note",
           "recovery_refused", "secrets_text", "secrets_waiting", "signed_out", "teacher_labels", "view_state"]
