"""lesson_steps.done: a step under way keeps its slips (wrong tries, solutions shown) before it is done

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02 07:45:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('lesson_steps', schema=None) as batch_op:
        batch_op.add_column(sa.Column('done', sa.Boolean(), server_default=sa.true(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('lesson_steps', schema=None) as batch_op:
        batch_op.drop_column('done')
