"""ratings: Glicko-2 ratings of learners (one a variant) and puzzles, and each learner's rated first tries

``learner_ratings`` also keeps the learner's best streak in each variant; ``rated_tries`` is the rating's
history (the Practice page's chart), one row a learner and puzzle.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 11:00:34.957225
"""

from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('puzzle_ratings',
    sa.Column('puzzle_id', sa.String(length=80), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('deviation', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('tries', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('puzzle_id')
    )
    op.create_table('learner_ratings',
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('variant', sa.String(length=10), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('deviation', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('tries', sa.Integer(), nullable=False),
    sa.Column('best_streak', sa.Integer(), nullable=False),
    sa.Column('changed_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.PrimaryKeyConstraint('learner_code', 'variant')
    )
    op.create_table('rated_tries',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('puzzle_id', sa.String(length=80), nullable=False),
    sa.Column('variant', sa.String(length=10), nullable=False),
    sa.Column('solved', sa.Boolean(), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('change', sa.Float(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('learner_code', 'puzzle_id', name='uq_rated_tries_learner_puzzle')
    )


def downgrade() -> None:
    op.drop_table('rated_tries')
    op.drop_table('learner_ratings')
    op.drop_table('puzzle_ratings')
