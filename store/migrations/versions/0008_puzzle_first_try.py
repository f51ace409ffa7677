"""puzzles_tried.first_try: a puzzle solved at the first try (no miss and no hint before its first solve)

Rows written before this revision get it from their counts: solved with no miss and no hint.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05 06:00:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN (no batch copy of a table other rows point at, as in 0005).
    op.add_column('puzzles_tried', sa.Column('first_try', sa.Boolean(), server_default=sa.false(), nullable=False))
    puzzles = sa.table('puzzles_tried', sa.column('first_try', sa.Boolean()), sa.column('solved', sa.Boolean()),
                       sa.column('wrong', sa.Integer()), sa.column('hints', sa.Integer()))
    op.execute(puzzles.update()
               .where(puzzles.c.solved == sa.true(), puzzles.c.wrong == 0, puzzles.c.hints == 0)
               .values(first_try=True))


def downgrade() -> None:
    with op.batch_alter_table('puzzles_tried', schema=None) as batch_op:
        batch_op.drop_column('first_try')
