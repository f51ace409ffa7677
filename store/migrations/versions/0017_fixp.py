"""fixp: a rated try solved after a hint with no wrong move (scored half a solve, tutor.ratings.HINTED_SCORE)

Revision ID: 0017_fixp
Revises: 0016_prac
Create Date: 2026-12-05 17:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0017_fixp'
down_revision = '0016_prac'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('rated_tries') as batch:
        batch.add_column(sa.Column('hinted', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('rated_tries') as batch:
        batch.drop_column('hinted')
