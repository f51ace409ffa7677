"""The tables of the progress store (SQLAlchemy 2 declarative models).

Every row belongs to one learner (``learner_code``) or one class
(``class_code``); nothing is shared between learners. Times are UTC
(``datetime`` with tzinfo). The schema's versions are Alembic revisions in
``store/migrations/versions``; a change here needs a new revision.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, Date, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint, false, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from tutor.codes import CLASS_CODE_LENGTH, CODE_LENGTH  # noqa: F401 - the column sizes; importable from here too
from tutor.names import NAME_MAX  # the longest display or class name (its column size too)


def now() -> dt.datetime:
    """The time now, in UTC."""
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The declarative base of every table here."""


class SchoolClass(Base):
    """A teacher's class: its code, name and the teacher PIN's scrypt hash (hex) and salt (hex)."""

    __tablename__ = "classes"
    code: Mapped[str] = mapped_column(String(CLASS_CODE_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    pin_hash: Mapped[str] = mapped_column(String(128))
    pin_salt: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    recovery_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    """SHA-256 (hex) of the recovery code that sets a new PIN (``store.teachers``)."""
    open_to_join: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Whether new pupils may join (the teacher can close the class to newcomers)."""


class Learner(Base):
    """A learner known by a code; ``class_code`` and ``name`` once they joined a class."""

    __tablename__ = "learners"
    code: Mapped[str] = mapped_column(String(CODE_LENGTH), primary_key=True)
    class_code: Mapped[str | None] = mapped_column(ForeignKey("classes.code"), index=True, default=None)
    name: Mapped[str | None] = mapped_column(String(NAME_MAX), default=None)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_active: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
    """When the learner was last active (a session bound to the code, progress written, an answer):
    ``store.lifecycle.expire_idle`` erases learners idle too long (indexed for it)."""
    zone: Mapped[str] = mapped_column(String(64), default="", server_default="")
    """The IANA time zone of the learner's browser when they last opened Home (``""``: unknown): the
    teacher's homework table judges "late" by the pupil's own day (``tutor.days``)."""


class StepRow(Base):
    """A lesson step: the wrong tries and solutions shown in the lesson's current run, and whether
    it is ``done`` (a step under way has its slips saved as they happen, not done yet)."""

    __tablename__ = "lesson_steps"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    step_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    wrong: Mapped[int] = mapped_column(Integer, default=0)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    done_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    done: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class LessonRow(Base):
    """A lesson finished, with its best stars (1..3)."""

    __tablename__ = "lessons_done"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    stars: Mapped[int] = mapped_column(Integer)
    done_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    first_done_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=now)
    """When it was first finished (homework done late is told by it); a lesson finished before this was kept
    has its latest finish then (migration ``0019_late``). A lesson started over from scratch loses its row."""


class PuzzleRow(Base):
    """A puzzle tried: wrong turns, hints shown, solved, and solved at the first try (no miss and no
    hint before its first solve, ``tutor.progress.PuzzleProgress``)."""

    __tablename__ = "puzzles_tried"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    wrong: Mapped[int] = mapped_column(Integer, default=0)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[bool] = mapped_column(Boolean, default=False)
    first_try: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    last_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    solved_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When it was last solved (``None``: never, or solved before this was kept): homework counts it."""
    first_solved_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When it was first solved since solves had times (``None``: never); a puzzle solved before this was kept
    has its latest solve then (migration ``0019_late``): homework done late is told by it."""


class GameRow(Base):
    """A sandbox game finished (``tutor.progress.GameRecord``)."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), index=True)
    result: Mapped[str] = mapped_column(String(8))
    rules: Mapped[str] = mapped_column(String(200))
    mode: Mapped[str] = mapped_column(String(10))
    level: Mapped[str | None] = mapped_column(String(20), default=None)
    learner_side: Mapped[str | None] = mapped_column(String(1), default=None)
    finished_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class Attempt(Base):
    """A try that a guessing limit counts (``store.limits``): its ``kind`` (``"pin"``, ``"recovery"``,
    ``"code"``: an unknown class code, ``"join"``), the class it was about (``scope``, ``""`` for none),
    the device that tried (its learner code, or a teacher device's id) and the client's address."""

    __tablename__ = "attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(12), index=True)
    scope: Mapped[str] = mapped_column(String(CLASS_CODE_LENGTH), default="")
    device: Mapped[str | None] = mapped_column(String(64), default=None)
    client: Mapped[str | None] = mapped_column(String(64), default=None)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class AttemptGuard(Base):
    """One row: every count-and-record of a guessing limit first writes it, so two tries at once are
    counted one after the other (a row lock on PostgreSQL, the write lock on SQLite)."""

    __tablename__ = "attempt_guard"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class TeacherDevice(Base):
    """A browser that is one of a class's teacher devices: it made the class (``owner``), or opened it
    with the PIN, or set a new PIN with the recovery code (``owner`` again). The browser keeps a random
    key (localStorage); only its SHA-256 (hex) is stored. ``view_until``: the teacher's view is open on
    it until then (``None``: closed; the PIN opens it again). A teacher device is never locked out by
    others' wrong guesses; the owner sees the class's devices and can sign one out (its row goes)."""

    __tablename__ = "teacher_devices"
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    class_code: Mapped[str] = mapped_column(ForeignKey("classes.code"), primary_key=True, index=True)
    owner: Mapped[bool] = mapped_column(Boolean, default=False)
    added_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_seen: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    view_until: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class TeacherSignOut(Base):
    """A teacher device whose open view somebody else ended: its row in ``teacher_devices`` went, and this
    says why, once, to that browser (``store.teachers.signed_out_why``): ``reason`` is ``"pin"`` (a new
    PIN, or the recovery code) or ``"owner"`` (the class's main device signed it out)."""

    __tablename__ = "teacher_signouts"
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    class_code: Mapped[str] = mapped_column(ForeignKey("classes.code"), primary_key=True, index=True)
    reason: Mapped[str] = mapped_column(String(8))
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class QuestionRow(Base):
    """A live class question: a position (link notation) and rules (link settings), open or revealed."""

    __tablename__ = "live_questions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_code: Mapped[str] = mapped_column(ForeignKey("classes.code"), index=True)
    link: Mapped[str] = mapped_column(Text)
    revealed: Mapped[bool] = mapped_column(Boolean, default=False)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    opened_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class AnswerRow(Base):
    """One learner's answer to a live question (the pit pressed; a new press replaces it)."""

    __tablename__ = "live_answers"
    question_id: Mapped[int] = mapped_column(ForeignKey("live_questions.id"), primary_key=True)
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True, index=True)
    pit: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class KeptGameRow(Base):
    """A learner's sandbox game (``tutor.kept_record``: a JSON record) and its ``version``, one more
    with every change (``store.games``)."""

    __tablename__ = "kept_games"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)
    changed_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class ReviewCardRow(Base):
    """A position of a learner's own game to practise (``tutor.cards.Card``), kept by its ``card_id``;
    ``due`` (indexed) is when the spaced-repetition schedule (``schedule``: FSRS JSON) brings it back.
    ``rules`` is the rules' text fields as JSON, ``good`` the good pits (``"2 5"``), ``move_values``
    ``"pit:value"`` pairs (``"1:-4 2:6"``)."""

    __tablename__ = "review_cards"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    card_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    rules: Mapped[str] = mapped_column(String(400))
    position: Mapped[str] = mapped_column(String(200))
    played: Mapped[int] = mapped_column(Integer)
    good: Mapped[str] = mapped_column(String(60))
    move_values: Mapped[str] = mapped_column(String(200))
    exact: Mapped[bool] = mapped_column(Boolean)
    schedule: Mapped[str] = mapped_column(Text)
    due: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    kind: Mapped[str | None] = mapped_column(String(24), default=None)
    """The kind of mistake (``tutor.coach_facts.MISTAKES``); ``NULL`` for a card kept before kinds were."""
    replayed_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When a good move was last found in the card on the Mistakes page (homework counts it); ``NULL``: never."""
    first_replayed_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When a good move was first found in it (``NULL``: never); a card played again before this was kept has
    its latest replay then (migration ``0019_late``): homework done late is told by it."""


class ReviewedGameRow(Base):
    """A finished sandbox game whose review the learner opened, by its ``game_id`` (``tutor.cards.game_id``):
    the teacher's class view counts them."""

    __tablename__ = "reviewed_games"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    reviewed_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    mistakes: Mapped[str | None] = mapped_column(Text, default=None)
    """The ids of the cards of the learner's mistakes in the game, space-separated (``""``: none); ``NULL``
    for a game reviewed before they were kept."""


class AppliedWrite(Base):
    """A progress write the database has taken, by its id (``store.journal.Write``): a write kept while
    the database was away and written back is never written twice."""

    __tablename__ = "applied_writes"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), index=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class LearnerRating(Base):
    """A learner's Glicko-2 rating in one variant (``tutor.ratings``: ``"kalah"``, ``"oware"``), the rated
    tries it counts, and the learner's longest streak in that variant."""

    __tablename__ = "learner_ratings"
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(10), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    tries: Mapped[int] = mapped_column(Integer, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    changed_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class PuzzleRating(Base):
    """A puzzle's Glicko-2 rating, moved by every learner's first try of it (shared by all learners,
    as a puzzle is), and how many first tries moved it."""

    __tablename__ = "puzzle_ratings"
    puzzle_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    tries: Mapped[int] = mapped_column(Integer, default=0)


class RatedTryRow(Base):
    """A learner's rated first try of a puzzle (``tutor.ratings.RatedTry``): one a learner and puzzle (the
    unique pair), with the learner's rating after it and its change: the rating chart's points."""

    __tablename__ = "rated_tries"
    __table_args__ = (UniqueConstraint("learner_code", "puzzle_id", name="uq_rated_tries_learner_puzzle"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_code: Mapped[str] = mapped_column(ForeignKey("learners.code"))  # the unique pair's index begins with it
    puzzle_id: Mapped[str] = mapped_column(String(80))
    variant: Mapped[str] = mapped_column(String(10))
    solved: Mapped[bool] = mapped_column(Boolean)
    rating: Mapped[float] = mapped_column(Float)
    change: Mapped[float] = mapped_column(Float)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    hinted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # solved after a hint
    deviation: Mapped[float | None] = mapped_column(Float, nullable=True)  # the learner's after it; NULL: kept before 0018


class HomeworkRow(Base):
    """A homework a class's teacher set (``tutor.homework.Homework``): ``kind`` (``"lessons"``,
    ``"puzzles"``, ``"reviews"``), the lesson ids (space-separated, course order), or a puzzle ``theme``
    and ``count`` (puzzles, or games to review); the ``due`` day and when it was ``set_at``. Deleted with its class (``store.lifecycle``)."""

    __tablename__ = "homework"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_code: Mapped[str] = mapped_column(ForeignKey("classes.code"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    lessons: Mapped[str] = mapped_column(String(400), default="")
    theme: Mapped[str] = mapped_column(String(80), default="")
    count: Mapped[int] = mapped_column(Integer, default=0)
    due: Mapped[dt.date] = mapped_column(Date)
    set_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    replay: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Reviews only: the games' mistakes are to be played again too."""
    zone: Mapped[str] = mapped_column(String(64), default="", server_default="")
    """The IANA time zone the homework was set in (the teacher's browser's; ``""``: unknown)."""
