"""kept_games: each learner's sandbox game is kept in the database (every tab and server shows one game)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05 05:00:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'kept_games',
        sa.Column('learner_code', sa.String(length=8), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('record', sa.Text(), nullable=False),
        sa.Column('changed_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
        sa.PrimaryKeyConstraint('learner_code'),
    )


def downgrade() -> None:
    op.drop_table('kept_games')
