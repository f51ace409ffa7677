"""learners.teaching: the class a device opened as its teacher, so a reload keeps the teacher's view

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04 07:00:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.add_column(sa.Column('teaching', sa.String(length=6), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.drop_column('teaching')
