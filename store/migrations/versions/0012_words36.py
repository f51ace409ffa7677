"""teacher_signouts: why somebody else ended a teacher device's open view (a new PIN, or the owner), said once

Revision ID: 0010_words36
Revises: 0009
Create Date: 2026-12-05 11:40:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'teacher_signouts',
        sa.Column('key_hash', sa.String(length=64), nullable=False),
        sa.Column('class_code', sa.String(length=6), nullable=False),
        sa.Column('reason', sa.String(length=8), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['class_code'], ['classes.code'], ),
        sa.PrimaryKeyConstraint('key_hash', 'class_code'),
    )
    op.create_index(op.f('ix_teacher_signouts_class_code'), 'teacher_signouts', ['class_code'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_teacher_signouts_class_code'), table_name='teacher_signouts')
    op.drop_table('teacher_signouts')
