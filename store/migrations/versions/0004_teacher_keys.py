"""teacher_keys: a browser that opened a class with its PIN keeps the teacher's view through a reload

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04 09:00:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'teacher_keys',
        sa.Column('key_hash', sa.String(length=64), nullable=False),
        sa.Column('class_code', sa.String(length=6), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['class_code'], ['classes.code'], ),
        sa.PrimaryKeyConstraint('key_hash'),
    )
    with op.batch_alter_table('teacher_keys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_teacher_keys_class_code'), ['class_code'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('teacher_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_teacher_keys_class_code'))
    op.drop_table('teacher_keys')
