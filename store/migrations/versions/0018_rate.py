"""rate: the learner's rating deviation after each rated try, so the rating chart marks a provisional rating

Revision ID: 0018_rate
Revises: 0017_fixp
Create Date: 2026-12-05 19:45:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0018_rate'
down_revision = '0017_fixp'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('rated_tries') as batch:  # NULL for the tries kept before: not known
        batch.add_column(sa.Column('deviation', sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('rated_tries') as batch:
        batch.drop_column('deviation')
