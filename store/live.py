"""Live class questions: the teacher sends a position, pupils press a pit, the class sees the count.

A question holds a share link's query (``tutor.links.link_query``: the
position and the rules). A class has at most one open question: asking a
new one closes the others. A pupil's new press replaces their answer.
"""

from __future__ import annotations


from sqlalchemy import func, select, update

from tutor.names import name_order
from tutor.school import Answered, Question

from .db import Database
from .schema import AnswerRow, Learner, QuestionRow, now


def ask(db: Database, class_code: str, link: str) -> int:
    """Send a new question to class ``class_code`` (earlier ones close); returns its id."""
    with db.session() as s:
        s.execute(update(QuestionRow).where(QuestionRow.class_code == class_code, QuestionRow.closed.is_(False))
                  .values(closed=True))
        row = QuestionRow(class_code=class_code, link=link, revealed=False, closed=False)
        s.add(row)
        s.flush()
        return int(row.id)


def current(db: Database, class_code: str) -> Question | None:
    """The open question of class ``class_code``, or ``None``."""
    with db.session() as s:
        row = s.scalars(select(QuestionRow).where(QuestionRow.class_code == class_code,
                                                  QuestionRow.closed.is_(False))
                        .order_by(QuestionRow.id.desc()).limit(1)).first()
        return None if row is None else Question(row.id, row.link, row.revealed)


def answer(db: Database, question_id: int, learner: str, pit: int) -> Answered:
    """Record ``learner``'s pit for an open question of their own class: ``"kept"``; ``"revealed"``:
    the teacher has shown the answers, so no answer is taken or changed any more, whatever the pupil's
    page still shows; ``"closed"``: no such open question for this pupil (nothing kept)."""
    with db.session() as s:
        # The answer is taken only while the question is open and not revealed, checked by the write
        # that locks its row: a reveal committed a moment before is seen, one after waits for this.
        still = s.execute(update(QuestionRow).where(QuestionRow.id == question_id, QuestionRow.closed.is_(False),
                                                    QuestionRow.revealed.is_(False))
                          .values(revealed=False)).rowcount  # type: ignore[attr-defined]
        q = s.get(QuestionRow, question_id)
        who = s.get(Learner, learner)
        if q is None or q.closed or who is None or who.class_code != q.class_code:
            return "closed"
        if not still or q.revealed:
            return "revealed"
        row = s.get(AnswerRow, (question_id, learner))
        if row is None:
            s.add(AnswerRow(question_id=question_id, learner_code=learner, pit=pit))
        else:
            row.pit, row.at = pit, now()
        who.last_active = now()
        return "kept"


def my_answer(db: Database, question_id: int, learner: str) -> int | None:
    """The pit ``learner`` pressed for the question, or ``None``."""
    with db.session() as s:
        row = s.get(AnswerRow, (question_id, learner))
        return None if row is None else int(row.pit)


def tally(db: Database, question_id: int) -> dict[int, int]:
    """Pit -> how many pupils pressed it, for one question (pits nobody pressed are absent); only the
    pupils in the question's class now count (one who left or was removed does not)."""
    with db.session() as s:
        rows = s.execute(select(AnswerRow.pit, func.count()).select_from(AnswerRow)
                         .join(QuestionRow, QuestionRow.id == AnswerRow.question_id)
                         .join(Learner, (Learner.code == AnswerRow.learner_code)
                               & (Learner.class_code == QuestionRow.class_code))
                         .where(AnswerRow.question_id == question_id)
                         .group_by(AnswerRow.pit)).all()
    return {int(pit): int(n) for pit, n in rows}


def answers_by_name(db: Database, question_id: int, class_code: str) -> list[tuple[str, int | None]]:
    """``(name, pit)`` for every pupil of class ``class_code``, by name (``tutor.names.name_order``); ``pit`` is ``None`` for a
    pupil who has not answered question ``question_id``."""
    with db.session() as s:
        rows = s.execute(select(Learner.name, AnswerRow.pit).select_from(Learner)
                         .outerjoin(AnswerRow, (AnswerRow.learner_code == Learner.code)
                                    & (AnswerRow.question_id == question_id))
                         .where(Learner.class_code == class_code)).all()
    return sorted(((name or "", None if pit is None else int(pit)) for name, pit in rows), key=lambda row: name_order(row[0]))


def reveal(db: Database, question_id: int) -> None:
    """Show the class what each pit does (the question stays open)."""
    with db.session() as s:
        s.execute(update(QuestionRow).where(QuestionRow.id == question_id).values(revealed=True))


def close(db: Database, question_id: int) -> None:
    """End a question: pupils go back to what they were doing."""
    with db.session() as s:
        s.execute(update(QuestionRow).where(QuestionRow.id == question_id).values(closed=True))


__all__ = ["Answered", "Question", "answer", "answers_by_name", "ask", "close", "current", "my_answer", "reveal", "tally"]
