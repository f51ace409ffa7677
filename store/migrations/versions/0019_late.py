"""late: when each lesson was first finished, each puzzle first solved and each card first played again

Homework finished after its due day is told by these (``tutor.homework``: "done late"). Rows kept before
have only their latest time: the new column is filled with it (the time we have), so their work is judged
by its latest finish, solve or replay. Nothing is dropped; the downgrade drops the new columns only.

Revision ID: 0019_late
Revises: 0018_rate
Create Date: 2026-12-05 19:50:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0019_late'
down_revision = '0018_rate'
branch_labels = None
depends_on = None

COLUMNS = (('lessons_done', 'first_done_at', 'done_at'), ('puzzles_tried', 'first_solved_at', 'solved_at'),
           ('review_cards', 'first_replayed_at', 'replayed_at'))
"""Each table, its new first time and the latest time it is filled from."""


def upgrade() -> None:
    for table, first, latest in COLUMNS:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column(first, sa.DateTime(timezone=True), nullable=True))
        op.execute(sa.text(f'UPDATE {table} SET {first} = {latest} WHERE {first} IS NULL'))


def downgrade() -> None:
    for table, first, _latest in reversed(COLUMNS):
        with op.batch_alter_table(table) as batch:
            batch.drop_column(first)
