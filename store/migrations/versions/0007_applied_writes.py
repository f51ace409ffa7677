"""applied_writes: the ids of progress writes the database has taken (a write kept while it was away is written back once)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05 05:30:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'applied_writes',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('learner_code', sa.String(length=8), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('applied_writes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_applied_writes_learner_code'), ['learner_code'], unique=False)
        batch_op.create_index(batch_op.f('ix_applied_writes_at'), ['at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('applied_writes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_applied_writes_at'))
        batch_op.drop_index(batch_op.f('ix_applied_writes_learner_code'))
    op.drop_table('applied_writes')
