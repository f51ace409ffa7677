"""homework: a class's homework (tutor.homework), and when each puzzle was last solved (homework counts it)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 12:30:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'homework',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('class_code', sa.String(length=6), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('lessons', sa.String(length=400), nullable=False),
        sa.Column('theme', sa.String(length=80), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('due', sa.Date(), nullable=False),
        sa.Column('set_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['class_code'], ['classes.code'], ),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_homework_class_code'), 'homework', ['class_code'], unique=False)
    with op.batch_alter_table('puzzles_tried') as batch:
        batch.add_column(sa.Column('solved_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('puzzles_tried') as batch:
        batch.drop_column('solved_at')
    op.drop_index(op.f('ix_homework_class_code'), table_name='homework')
    op.drop_table('homework')
