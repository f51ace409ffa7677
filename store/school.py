"""The school on the database: ``tutor.school.School`` implemented by this package's modules.

Each method is the module function of the same job with this school's :class:`~store.db.Database`;
their docstrings say what each does and raises. The one place that opens a database and builds a
school for the app is ``ui/wiring.py``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from tutor.cards import CardStore
from tutor.classroom import PupilRecord, PupilReviews
from tutor.homework import FirstDone, Homework, Kind, ReviewWork
from tutor.kept_games import Kept
from tutor.progress import ProgressStore
from tutor.ratings import RatingStore
from tutor.school import Answered, Device, NewClass, Question, Verdict, Who

from . import classes, games, homework, learners, lifecycle, live, teachers
from .cards import StoredCards
from .db import Database
from .progress import StoredProgress
from .ratings import StoredRatings


class StoredSchool:
    """Learners, classes, teachers, live questions and sandbox games kept in ``db`` (``tutor.school.School``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # learners
    def new_learner(self) -> str:
        return learners.new_learner(self.db)

    def learner_exists(self, code: str) -> bool:
        return learners.exists(self.db, code)

    def progress(self, learner: str) -> ProgressStore:
        return StoredProgress(self.db, learner)

    def ratings(self, learner: str) -> RatingStore:
        return StoredRatings(self.db, learner)
    def cards(self, learner: str) -> CardStore:
        return StoredCards(self.db, learner)

    def class_of(self, learner: str) -> tuple[str, str] | None:
        return learners.class_of(self.db, learner)

    # classes
    def class_name(self, code: str) -> str | None:
        return classes.class_name(self.db, code)

    def join(self, learner: str, code: str, name: str, client: str | None = None) -> None:
        classes.join(self.db, learner, code, name, client)

    def leave(self, learner: str) -> None:
        classes.leave(self.db, learner)

    def pupils(self, code: str) -> list[PupilRecord]:
        return list(classes.pupils(self.db, code))

    def reviews(self, code: str) -> list[PupilReviews]:
        return classes.reviews(self.db, code)

    def pupil_count(self, code: str) -> int:
        return classes.pupil_count(self.db, code)

    def remove_pupil(self, code: str, name: str) -> bool:
        return classes.remove_pupil(self.db, code, name)

    def set_open(self, code: str, open_to_join: bool) -> None:
        classes.set_open(self.db, code, open_to_join)

    def is_open(self, code: str) -> bool:
        return classes.is_open(self.db, code)

    # homework (store.homework)
    def set_homework(self, code: str, kind: Kind, lessons: Sequence[str], theme: str, count: int,
                     due: dt.date, replay: bool = False, zone: str | None = None) -> int | None:
        return homework.set_homework(self.db, code, kind, lessons, theme, count, due, replay=replay, zone=zone)

    def homeworks(self, code: str) -> list[Homework]:
        return homework.homeworks(self.db, code)

    def delete_homework(self, code: str, homework_id: int) -> bool:
        return homework.delete_homework(self.db, code, homework_id)

    def solves(self, learner: str) -> dict[str, dt.datetime]:
        return homework.solves(self.db, learner)

    def class_solves(self, code: str) -> dict[str, dict[str, dt.datetime]]:
        return homework.class_solves(self.db, code)

    def review_work(self, learner: str) -> ReviewWork:
        return homework.review_work(self.db, learner)

    def class_review_work(self, code: str) -> dict[str, ReviewWork]:
        return homework.class_review_work(self.db, code)

    def first_done(self, learner: str) -> FirstDone:
        return homework.first_done(self.db, learner)

    def class_first_done(self, code: str) -> dict[str, FirstDone]:
        return homework.class_first_done(self.db, code)

    # teachers
    def create_class(self, name: str, key: str) -> NewClass:
        return teachers.create_class(self.db, name, key)

    def open_with_pin(self, code_text: object, pin: object, key: str, who: Who) -> Verdict:
        return teachers.open_with_pin(self.db, code_text, pin, key, who)

    def reset_with_recovery(self, code_text: object, recovery: object, key: str,
                            who: Who) -> NewClass | Literal["wrong", "locked"]:
        return teachers.reset_with_recovery(self.db, code_text, recovery, key, who)

    def view_of(self, key: object, code: str | None = None) -> tuple[str, bool] | None:
        return teachers.view_of(self.db, key, code)

    def close_view(self, key: object, code: str) -> None:
        teachers.close_view(self.db, key, code)

    def forget_device(self, key: object) -> None:
        teachers.forget_device(self.db, key)

    def devices(self, code: str, key: object) -> list[Device]:
        return teachers.devices(self.db, code, key)

    def device_id(self, key: str) -> str:
        return teachers.device_id(key)

    def sign_out(self, code: str, key: object, device: str) -> bool:
        return teachers.sign_out(self.db, code, key, device)

    def change_pin(self, code: str, key: object) -> NewClass | None:
        return teachers.change_pin(self.db, code, key)

    def signed_out_why(self, key: object) -> str | None:
        return teachers.signed_out_why(self.db, key)

    # live questions
    def ask(self, code: str, link: str) -> int:
        return live.ask(self.db, code, link)

    def current(self, code: str) -> Question | None:
        return live.current(self.db, code)

    def answer(self, question: int, learner: str, pit: int) -> Answered:
        return live.answer(self.db, question, learner, pit)

    def my_answer(self, question: int, learner: str) -> int | None:
        return live.my_answer(self.db, question, learner)

    def tally(self, question: int) -> dict[int, int]:
        return live.tally(self.db, question)

    def answers_by_name(self, question: int, code: str) -> list[tuple[str, int | None]]:
        return live.answers_by_name(self.db, question, code)

    def reveal(self, question: int) -> None:
        live.reveal(self.db, question)

    def end_question(self, question: int) -> None:
        live.close(self.db, question)

    # sandbox games (tutor.kept_games.GameKeeper)
    def kept_game(self, learner: str) -> Kept | None:
        return games.kept_game(self.db, learner)

    def keep_game(self, learner: str, record: str, seen: int) -> int | None:
        return games.keep_game(self.db, learner, record, seen)

    # the data's lifecycle
    def touch(self, learner: str) -> bool:
        return learners.touch(self.db, learner)

    def note_zone(self, learner: str, zone: str | None) -> bool:
        return learners.note_zone(self.db, learner, zone)

    def delete_class(self, code: str, key: object) -> str | None:
        return lifecycle.delete_class(self.db, code, key)

    def erase_learner(self, learner: str) -> bool:
        return lifecycle.erase_learner(self.db, learner)

    def expire_idle(self) -> int:
        return lifecycle.expire_idle(self.db)


__all__ = ["StoredSchool"]


if TYPE_CHECKING:  # mypy checks that a StoredSchool is a tutor.school.School
    from tutor.school import School

    def _is_school(school: StoredSchool) -> School:
        return school

    from tutor.kept_games import GameKeeper

    def _is_keeper(school: StoredSchool) -> GameKeeper:
        return school
