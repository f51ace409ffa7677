"""pin_failures.learner: wrong PINs are counted per device, so one pupil's guesses do not lock the teacher out

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03 08:20:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('pin_failures', schema=None) as batch_op:
        batch_op.add_column(sa.Column('learner', sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('pin_failures', schema=None) as batch_op:
        batch_op.drop_column('learner')
