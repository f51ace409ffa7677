"""review_cards: a learner's own mistakes kept as puzzles, each with its spaced-repetition schedule (tutor.cards)

Revision ID: 0010_review_cards
Revises: 0009
Create Date: 2026-12-05 12:00:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'review_cards',
        sa.Column('learner_code', sa.String(length=8), nullable=False),
        sa.Column('card_id', sa.String(length=16), nullable=False),
        sa.Column('rules', sa.String(length=400), nullable=False),
        sa.Column('position', sa.String(length=200), nullable=False),
        sa.Column('played', sa.Integer(), nullable=False),
        sa.Column('good', sa.String(length=60), nullable=False),
        sa.Column('move_values', sa.String(length=200), nullable=False),
        sa.Column('exact', sa.Boolean(), nullable=False),
        sa.Column('schedule', sa.Text(), nullable=False),
        sa.Column('due', sa.DateTime(timezone=True), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
        sa.PrimaryKeyConstraint('learner_code', 'card_id'),
    )
    op.create_index(op.f('ix_review_cards_due'), 'review_cards', ['due'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_review_cards_due'), table_name='review_cards')
    op.drop_table('review_cards')
