"""class_mistakes: a review card's kind of mistake, and the games each learner reviewed (the teacher's class view)

Revision ID: 0013_class_mistakes
Revises: 0012
Create Date: 2026-12-05 12:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('review_cards') as batch:
        batch.add_column(sa.Column('kind', sa.String(length=24), nullable=True))
    op.create_table(
        'reviewed_games',
        sa.Column('learner_code', sa.String(length=8), nullable=False),
        sa.Column('game_id', sa.String(length=16), nullable=False),
        sa.Column('reviewed_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
        sa.PrimaryKeyConstraint('learner_code', 'game_id'),
    )


def downgrade() -> None:
    op.drop_table('reviewed_games')
    with op.batch_alter_table('review_cards') as batch:
        batch.drop_column('kind')
