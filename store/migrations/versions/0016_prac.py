"""prac: each learner's time zone (their browser's, noted on Home): the teacher's homework table judges by the pupil's day

Revision ID: 0016_prac
Revises: 0015_hw2
Create Date: 2026-12-05 17:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0016_prac'
down_revision = '0015_hw2'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('learners') as batch:
        batch.add_column(sa.Column('zone', sa.String(length=64), server_default='', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('learners') as batch:
        batch.drop_column('zone')
