"""The school's port: what the tutor asks of whatever keeps learners, classes, their teachers and
live questions (``store.school.StoredSchool`` implements it on the database; docs/architecture.md).

The types the two sides exchange live here, so ``ui`` needs nothing of ``store`` but the one place
that wires a :class:`School` (``ui/wiring.py``). A failure of the store is one exception,
:class:`StoreUnavailable`; :func:`guarded` turns it into a default value and a call of ``lost``
(the page then says progress is not being saved), so no page shows an error screen for it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:  # types only: Home's first run loads neither the content's models nor progress
    from .cards import CardStore
    from .classroom import PupilRecord, PupilReviews
    from .homework import FirstDone, Homework, Kind, ReviewWork
    from .kept_games import Kept
    from .progress import ProgressStore
    from .ratings import RatingStore


class StoreUnavailable(RuntimeError):
    """The store cannot be opened, read or written (the cause is chained)."""


@dataclass(frozen=True)
class Who:
    """Who tries something a guessing limit counts: ``device`` (a learner code or a teacher device's id)
    and ``client`` (the request's address). ``None`` is unknown (a device before its code, a request
    from the server's own machine): a limit of that kind does not count it."""

    device: str | None = None
    client: str | None = None


class NewClass(NamedTuple):
    """A class just made, or a PIN just set: its code, the PIN and the recovery code, said once."""

    code: str
    pin: str
    recovery: str


@dataclass(frozen=True)
class Device:
    """One of a class's teacher devices as its owner sees it: ``id`` (a few characters of its key's
    hash, enough to sign it out), whether it is the ``owner``, when it was added and last seen (UTC),
    and whether its view is ``open`` now."""

    id: str
    owner: bool
    added_at: dt.datetime
    last_seen: dt.datetime
    open: bool


@dataclass(frozen=True)
class Question:
    """An open live question: its ``id``, the ``link`` query of its position, and whether it is ``revealed``."""

    id: int
    link: str
    revealed: bool


Verdict = Literal["ok", "wrong", "locked"]
"""A PIN or recovery code: right, wrong (or no such class), or not judged (too many tries)."""
Answered = Literal["kept", "revealed", "closed"]
"""What became of a pupil's press: kept, refused as the answers are shown, or no open question."""


class School(Protocol):
    """Learners, classes, teachers and live questions, as the tutor uses them. Every method may raise
    :class:`StoreUnavailable`; those that take a person's typed text document what else they raise."""

    # learners: a code each, kept by their browser (tutor.codes)
    def new_learner(self) -> str: ...
    def learner_exists(self, code: str) -> bool: ...
    def progress(self, learner: str) -> ProgressStore: ...
    def ratings(self, learner: str) -> RatingStore: ...
    def cards(self, learner: str) -> CardStore: ...
    def class_of(self, learner: str) -> tuple[str, str] | None: ...

    # classes: join raises ValueError (a name's problem or "taken") or LookupError (why not)
    def class_name(self, code: str) -> str | None: ...
    def join(self, learner: str, code: str, name: str, client: str | None = None) -> None: ...
    def leave(self, learner: str) -> None: ...
    def pupils(self, code: str) -> list[PupilRecord]: ...
    def reviews(self, code: str) -> list[PupilReviews]: ...
    def pupil_count(self, code: str) -> int: ...
    def remove_pupil(self, code: str, name: str) -> bool: ...
    def set_open(self, code: str, open_to_join: bool) -> None: ...
    def is_open(self, code: str) -> bool: ...

    # homework (tutor.homework): set_homework gives the new one's id, None for no such class or a class
    # holding MAX_HOMEWORKS, and raises AlreadySet for one the class has already (homework.same_as); zone: the
    # teacher's IANA time zone, replay: reviews' mistakes played again;
    # solves: puzzle id -> the time of its latest solve; review_work: the reviewed games and replays;
    # first_done: when each lesson was first finished and each puzzle first solved (class_*: by pupil name)
    def set_homework(self, code: str, kind: Kind, lessons: Sequence[str], theme: str, count: int,
                     due: dt.date, replay: bool = False, zone: str | None = None) -> int | None: ...
    def homeworks(self, code: str) -> list[Homework]: ...
    def delete_homework(self, code: str, homework_id: int) -> bool: ...
    def solves(self, learner: str) -> dict[str, dt.datetime]: ...
    def class_solves(self, code: str) -> dict[str, dict[str, dt.datetime]]: ...
    def review_work(self, learner: str) -> ReviewWork: ...
    def class_review_work(self, code: str) -> dict[str, ReviewWork]: ...
    def first_done(self, learner: str) -> FirstDone: ...
    def class_first_done(self, code: str) -> dict[str, FirstDone]: ...

    # teachers: create_class raises ValueError for a bad name
    def create_class(self, name: str, key: str) -> NewClass: ...
    def open_with_pin(self, code_text: object, pin: object, key: str, who: Who) -> Verdict: ...
    def reset_with_recovery(self, code_text: object, recovery: object, key: str,
                            who: Who) -> NewClass | Literal["wrong", "locked"]: ...
    def view_of(self, key: object, code: str | None = None) -> tuple[str, bool] | None: ...
    def close_view(self, key: object, code: str) -> None: ...
    def forget_device(self, key: object) -> None: ...
    def devices(self, code: str, key: object) -> list[Device]: ...
    def device_id(self, key: str) -> str: ...
    def sign_out(self, code: str, key: object, device: str) -> bool: ...
    def change_pin(self, code: str, key: object) -> NewClass | None: ...
    def signed_out_why(self, key: object) -> str | None: ...

    # live questions
    def ask(self, code: str, link: str) -> int: ...
    def current(self, code: str) -> Question | None: ...
    def answer(self, question: int, learner: str, pit: int) -> Answered: ...
    def my_answer(self, question: int, learner: str) -> int | None: ...
    def tally(self, question: int) -> dict[int, int]: ...
    def answers_by_name(self, question: int, code: str) -> list[tuple[str, int | None]]: ...
    def reveal(self, question: int) -> None: ...
    def end_question(self, question: int) -> None: ...

    # sandbox games (tutor.kept_games.GameKeeper)
    def kept_game(self, learner: str) -> Kept | None: ...
    def keep_game(self, learner: str, record: str, seen: int) -> int | None: ...

    # the data's lifecycle (store.lifecycle): touch is False for a learner who is not there (erased,
    # expired); delete_class gives the deleted class's name, None for anybody but its owner (nothing
    # changes); erase_learner is False for no such learner; expire_idle raises ValueError for a bad
    # setting of how long a learner may be idle, and gives how many learners went
    def touch(self, learner: str) -> bool: ...
    # the learner's browser's time zone (an IANA name; an unknown one changes nothing): True when it changed
    def note_zone(self, learner: str, zone: str | None) -> bool: ...
    def delete_class(self, code: str, key: object) -> str | None: ...
    def erase_learner(self, learner: str) -> bool: ...
    def expire_idle(self) -> int: ...


T = TypeVar("T")


def guarded(school: School | None, ask: Callable[[School], T], default: T, lost: Callable[[], None]) -> T:
    """``ask(school)``, or ``default`` after calling ``lost()`` when there is no school or the store
    failed (:class:`StoreUnavailable`). Anything else ``ask`` raises goes on up."""
    if school is None:
        lost()
        return default
    try:
        return ask(school)
    except StoreUnavailable:
        lost()
        return default


__all__ = ["Answered", "Device", "NewClass", "Question", "School", "StoreUnavailable", "Verdict", "Who", "guarded"]
