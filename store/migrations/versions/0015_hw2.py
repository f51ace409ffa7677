"""hw2: homework of reviewing one's own games (and playing their mistakes again), judged by the learner's day

The homework's ``replay`` flag and the time ``zone`` it was set in; each reviewed game's ``mistakes``
(its cards' ids); each card's ``replayed_at`` (when it was last played again).

Revision ID: 0015_hw2
Revises: 0014
Create Date: 2026-12-05 14:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0015_hw2'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('homework') as batch:
        batch.add_column(sa.Column('replay', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch.add_column(sa.Column('zone', sa.String(length=64), server_default='', nullable=False))
    with op.batch_alter_table('reviewed_games') as batch:
        batch.add_column(sa.Column('mistakes', sa.Text(), nullable=True))
    with op.batch_alter_table('review_cards') as batch:
        batch.add_column(sa.Column('replayed_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('review_cards') as batch:
        batch.drop_column('replayed_at')
    with op.batch_alter_table('reviewed_games') as batch:
        batch.drop_column('mistakes')
    with op.batch_alter_table('homework') as batch:
        batch.drop_column('zone')
        batch.drop_column('replay')
