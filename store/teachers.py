"""A class's teacher: the PIN, the recovery code, and the teacher devices whose view is open.

A class is made on a browser that becomes its *owner* device. The teacher PIN (6 digits) and the
recovery code (12 characters of ``store.learners.ALPHABET``) are made with ``secrets`` and returned
once; the PIN is kept only as a ``hashlib.scrypt`` hash with its own salt (n=2**14, r=8, p=1), the
recovery code (60 bits: far beyond guessing) only as its SHA-256. Both are compared in constant time.

A browser is known by a random key it keeps (localStorage, :func:`new_key`), stored only as its
SHA-256. Another browser that gives the right PIN becomes one of the class's teacher devices; the
owner sees them all (:func:`devices`) and signs one out (:func:`sign_out`). The view on a device
stays open for :data:`VIEW_HOURS` (a school day) through reloads; closing it (:func:`close_view`)
asks for the PIN again, and forgetting the device (:func:`forget_device`) drops it from every class.
A new PIN (:func:`change_pin`, the owner) or the recovery code (:func:`reset_with_recovery`) signs
out every other device; a device signed out with its view open is told why once (:func:`signed_out_why`).

Guessing (``store.limits``): a PIN is judged at most :data:`PIN_LIMITS` (per device, per client
address, per class) a minute; the class's own teacher devices count only their own tries, so
nobody else's wrong guesses lock the teacher out. An unknown class code counts as a class-code
guess (``store.classes.CODE_LIMITS``) and gets the answer a wrong PIN gets: the form does not tell
which codes exist.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from typing import Literal

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from tutor.codes import ALPHABET, CLASS_CODE_LENGTH, LOOK_ALIKES, make_code, new_key, normalise_class
from tutor.names import clean_name, name_problem
from tutor.school import Device, NewClass, Verdict, Who

from .db import Database
from .limits import Limit, release, reserve
from .schema import SchoolClass, TeacherDevice, TeacherSignOut, now

PIN_DIGITS = 6
"""Digits in a teacher PIN."""
RECOVERY_LENGTH = 12
"""Characters in a recovery code (shown in groups of four)."""
VIEW_HOURS = 12
"""Hours a teacher device's view stays open through reloads (a school day), from the PIN."""
PIN_LIMITS = (Limit("device", 5), Limit("client", 10), Limit("scope", 30))
"""Wrong PINs judged in a minute: per device, per client address, per class (from all devices)."""
OWN_LIMITS = (Limit("device", 5),)
"""Wrong PINs judged in a minute from one of the class's own teacher devices (nobody else's count)."""
RECOVERY_LIMITS = (Limit("device", 5),)
"""Wrong recovery codes judged in a minute, per device: a recovery code (60 bits) is beyond guessing,
so nobody else's tries (an address a school shares) may keep its teacher out."""
CODE_LIMITS = (Limit("device", 10), Limit("client", 300))
"""Unknown class codes tried in a minute, per device and per client address (the join and teacher forms).
An address may be a whole school's: one pupil mistyping codes must not stop a class joining, so its
limit is high; guessing one of 25**6 codes at 300 a minute stays out of reach (days per class)."""
def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _pin_hash(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32).hex()


def _utc(t: dt.datetime) -> dt.datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=dt.UTC)


def _secrets(row: SchoolClass) -> tuple[str, str]:
    """A new PIN and recovery code for ``row``, its hashes written; returns ``(pin, recovery)``."""
    pin = "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))
    recovery = make_code(RECOVERY_LENGTH)
    salt = secrets.token_bytes(16)
    row.pin_hash, row.pin_salt, row.recovery_hash = _pin_hash(pin, salt), salt.hex(), _sha(recovery)
    return pin, recovery


def _signed_out(s: Session, code: str, reason: str, at: dt.datetime, keep: str | None = None,
                device: str | None = None) -> None:
    """Note why class ``code``'s devices whose view is open (all but the browser of ``keep``; only ``device``,
    an id of :func:`devices`, when given) are being signed out, for :func:`signed_out_why`."""
    rows = select(TeacherDevice).where(TeacherDevice.class_code == code, TeacherDevice.view_until.is_not(None))
    for row in s.scalars(rows).all():
        if (keep is None or row.key_hash != _sha(keep)) and (device is None or row.key_hash.startswith(device)) \
                and row.view_until is not None and _utc(row.view_until) > at:
            s.merge(TeacherSignOut(key_hash=row.key_hash, class_code=code, reason=reason, at=at))


def signed_out_why(db: Database, key: object) -> str | None:
    """Why somebody else ended the teacher view the browser of ``key`` had open, said once (the note goes):
    ``"pin"`` (the class got a new PIN, or the recovery code was used) or ``"owner"`` (the class's main
    device signed it out); ``None`` when nobody did (or it was said already). Views of several classes
    ended at the same instant: the reason of the least class code (the same on every database)."""
    if not isinstance(key, str):
        return None
    with db.session() as s:
        rows = s.scalars(select(TeacherSignOut).where(TeacherSignOut.key_hash == _sha(key))
                         .order_by(TeacherSignOut.at.desc(), TeacherSignOut.class_code)).all()
        s.execute(delete(TeacherSignOut).where(TeacherSignOut.key_hash == _sha(key)))
        return rows[0].reason if rows else None


def _device(s: Session, key: str, code: str, at: dt.datetime, owner: bool) -> None:
    """Make ``key``'s browser a teacher device of ``code`` with its view open (an owner stays one; a note
    of an earlier sign-out goes: it is old news)."""
    s.execute(delete(TeacherSignOut).where(TeacherSignOut.key_hash == _sha(key), TeacherSignOut.class_code == code))
    row = s.get(TeacherDevice, (_sha(key), code))
    until = at + dt.timedelta(hours=VIEW_HOURS)
    if row is None:
        s.add(TeacherDevice(key_hash=_sha(key), class_code=code, owner=owner, added_at=at, last_seen=at,
                            view_until=until))
    else:
        row.owner, row.last_seen, row.view_until = row.owner or owner, at, until


def create_class(db: Database, name: str, key: str, at: dt.datetime | None = None) -> NewClass:
    """Make a class called ``name`` whose owner device is the browser of ``key`` (its view open).

    Raises ``ValueError`` with a ``tutor.names`` problem for a bad name; then nothing changes.
    """
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    at = at or now()
    with db.session() as s:
        while True:
            code = make_code(CLASS_CODE_LENGTH)
            if s.get(SchoolClass, code) is None:
                break
        row = SchoolClass(code=code, name=name, created_at=at)
        pin, recovery = _secrets(row)
        s.add(row)
        s.flush()
        _device(s, key, code, at, owner=True)
    return NewClass(code, pin, recovery)


def class_to_try(s: Session, code: str | None, who: Who, at: dt.datetime,
                 key: str | None = None) -> SchoolClass | Literal["wrong", "locked"]:
    """The class of ``code`` for a try by ``who``: every class code typed counts against
    :data:`CODE_LIMITS` first (so a device over them is refused for a real code too: the lock tells
    nothing), and a code that names a class is then taken back. ``"wrong"``: no such class. One of the
    class's own teacher devices (the browser of ``key``) is never counted."""
    own = code is not None and key is not None and s.get(TeacherDevice, (_sha(key), code)) is not None
    tried = reserve(s, "code", () if own else CODE_LIMITS, who, at)
    if tried is None:
        return "locked"
    row = s.get(SchoolClass, code) if code is not None else None
    if row is None:
        return "wrong"
    release(s, tried)
    return row


def _device_id(key: str | None) -> str | None:
    return None if key is None else "t:" + _sha(key)[:40]


def open_with_pin(db: Database, code_text: object, pin: object, key: str, who: Who,
                  at: dt.datetime | None = None) -> Verdict:
    """Judge a PIN for the class ``code_text`` (as typed) from the browser of ``key``, tried by
    ``who`` at ``at`` (default: now). ``"ok"``: that browser is now a teacher device with its view
    open; ``"wrong"``: a wrong PIN or no such class (recorded); ``"locked"``: too many tries
    (:data:`PIN_LIMITS`, :data:`OWN_LIMITS`, :data:`CODE_LIMITS`; not judged)."""
    at = at or now()
    code = normalise_class(code_text)
    with db.session() as s:
        row = class_to_try(s, code, who, at, key)
        if isinstance(row, str):
            return row
        own = s.get(TeacherDevice, (_sha(key), row.code)) is not None
        tried = reserve(s, "pin", OWN_LIMITS if own else PIN_LIMITS,
                        Who(_device_id(key), None) if own else who, at, scope=row.code)
        salt, stored = bytes.fromhex(row.pin_salt), row.pin_hash
    if tried is None:
        return "locked"
    text = pin.strip() if isinstance(pin, str) else ""
    if not (len(text) == PIN_DIGITS and text.isdigit() and hmac.compare_digest(_pin_hash(text, salt), stored)):
        return "wrong"
    with db.session() as s:
        release(s, tried)
        older = row.recovery_hash is None and s.scalar(  # a class made before devices and recovery codes
            select(TeacherDevice.key_hash).where(TeacherDevice.class_code == row.code).limit(1)) is None
        _device(s, key, row.code, at, owner=older)  # its first device after the upgrade owns it
    return "ok"


def reset_with_recovery(db: Database, code_text: object, recovery: object, key: str, who: Who,
                        at: dt.datetime | None = None) -> NewClass | Literal["wrong", "locked"]:
    """A lost PIN: the class's recovery code sets a new PIN and recovery code (returned, said once),
    makes the browser of ``key`` the class's owner with its view open, and signs out every other
    device. ``"wrong"`` / ``"locked"`` as :func:`open_with_pin` (:data:`RECOVERY_LIMITS`)."""
    at = at or now()
    code = normalise_class(code_text)
    text = "".join(ch for ch in recovery.upper().translate(LOOK_ALIKES) if ch.isalnum()) if isinstance(recovery, str) else ""
    with db.session() as s:
        row = class_to_try(s, code, who, at, key)
        if isinstance(row, str):
            return row
        tried = reserve(s, "recovery", RECOVERY_LIMITS, who, at, scope=row.code)
        if tried is None:
            return "locked"
        good = (len(text) == RECOVERY_LENGTH and all(ch in ALPHABET for ch in text) and row.recovery_hash is not None
                and hmac.compare_digest(_sha(text), row.recovery_hash))
        if not good:
            return "wrong"
        release(s, tried)
        pin, new_recovery = _secrets(row)
        _signed_out(s, row.code, "pin", at, keep=key)
        s.execute(delete(TeacherDevice).where(TeacherDevice.class_code == row.code))
        s.flush()
        _device(s, key, row.code, at, owner=True)
        return NewClass(row.code, pin, new_recovery)


def view_of(db: Database, key: object, code: str | None = None, at: dt.datetime | None = None) -> tuple[str, bool] | None:
    """``(class code, owner)`` of the teacher view open on the browser of ``key`` at ``at`` (default:
    now): of class ``code``, or the one opened last (of those opened at the same instant, the least class
    code); ``None`` when none is (signed out, closed, or older than :data:`VIEW_HOURS`). Notes the device as seen."""
    if not isinstance(key, str) or not 20 <= len(key) <= 100:
        return None
    at = at or now()
    with db.session() as s:
        rows = select(TeacherDevice).where(TeacherDevice.key_hash == _sha(key), TeacherDevice.view_until.is_not(None))
        if code is not None:
            rows = rows.where(TeacherDevice.class_code == code)
        for row in s.scalars(rows.order_by(TeacherDevice.view_until.desc(), TeacherDevice.class_code)):
            if row.view_until is not None and _utc(row.view_until) > at:
                row.last_seen = at
                return row.class_code, row.owner
    return None


def close_view(db: Database, key: object, code: str) -> None:
    """Close class ``code``'s view on the browser of ``key``: the PIN opens it again (the browser stays
    one of the class's devices, so others' wrong guesses never lock it out; "Forget me on this device"
    drops it, :func:`forget_device`)."""
    if isinstance(key, str):
        with db.session() as s:
            s.execute(update(TeacherDevice).where(TeacherDevice.key_hash == _sha(key), TeacherDevice.class_code == code)
                      .values(view_until=None))


def forget_device(db: Database, key: object) -> None:
    """The browser of ``key`` is no teacher device of any class any more ("Forget me on this device")."""
    if isinstance(key, str):
        with db.session() as s:
            s.execute(delete(TeacherDevice).where(TeacherDevice.key_hash == _sha(key)))
            s.execute(delete(TeacherSignOut).where(TeacherSignOut.key_hash == _sha(key)))


def owns(s: Session, key: object, code: str, at: dt.datetime) -> bool:
    """Whether the browser of ``key`` is class ``code``'s owner device with its view open at ``at``
    (read in the session ``s``); False for any other key or value."""
    if not isinstance(key, str):
        return False
    row = s.get(TeacherDevice, (_sha(key), code))
    return row is not None and row.owner and row.view_until is not None and _utc(row.view_until) > at


def devices(db: Database, code: str, key: object, at: dt.datetime | None = None) -> list[Device]:
    """Class ``code``'s teacher devices, oldest first (the owner's first among equals), for its owner (the browser of ``key`` with its
    view open); ``[]`` for anybody else. The owner's own device is the one whose id is :func:`device_id`."""
    at = at or now()
    with db.session() as s:
        if not owns(s, key, code, at):
            return []
        rows = s.scalars(select(TeacherDevice).where(TeacherDevice.class_code == code)
                         .order_by(TeacherDevice.added_at, TeacherDevice.owner.desc(),
                                   TeacherDevice.key_hash)).all()
        return [Device(r.key_hash[:10], r.owner, _utc(r.added_at), _utc(r.last_seen),
                       r.view_until is not None and _utc(r.view_until) > at) for r in rows]


def device_id(key: str) -> str:
    """The id :func:`devices` gives the browser of ``key``."""
    return _sha(key)[:10]


def sign_out(db: Database, code: str, key: object, device: str, at: dt.datetime | None = None) -> bool:
    """The owner (browser of ``key``) signs out class ``code``'s device ``device`` (an id of
    :func:`devices`; never the owner's own): True when one went."""
    at = at or now()
    with db.session() as s:
        if not owns(s, key, code, at) or not isinstance(key, str) or device == device_id(key) or not device:
            return False
        _signed_out(s, code, "owner", at, device=device)
        gone = s.execute(delete(TeacherDevice).where(TeacherDevice.class_code == code,
                                                     TeacherDevice.key_hash.startswith(device, autoescape=True)))
        return bool(gone.rowcount)  # type: ignore[attr-defined]


def change_pin(db: Database, code: str, key: object, at: dt.datetime | None = None) -> NewClass | None:
    """The owner (browser of ``key``) gives class ``code`` a new PIN and recovery code (returned, said
    once) and signs out every other device; ``None`` for anybody else (nothing changes)."""
    at = at or now()
    with db.session() as s:
        row = s.get(SchoolClass, code)
        if row is None or not owns(s, key, code, at) or not isinstance(key, str):
            return None
        pin, recovery = _secrets(row)
        _signed_out(s, code, "pin", at, keep=key)
        s.execute(delete(TeacherDevice).where(TeacherDevice.class_code == code, TeacherDevice.key_hash != _sha(key)))
        return NewClass(code, pin, recovery)


__all__ = ["CODE_LIMITS", "Device", "NewClass", "OWN_LIMITS", "PIN_DIGITS", "PIN_LIMITS", "RECOVERY_LENGTH",
           "RECOVERY_LIMITS", "VIEW_HOURS", "Verdict", "change_pin", "class_to_try", "close_view", "create_class", "device_id",
           "devices", "forget_device", "new_key", "open_with_pin", "owns", "reset_with_recovery", "sign_out", "signed_out_why", "view_of"]
