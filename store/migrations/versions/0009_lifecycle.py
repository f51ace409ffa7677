"""lifecycle: indexes for erasing a learner and expiring idle ones (store.lifecycle)

``learners.last_active`` is what the daily expiry looks up (only the idle learners are read), and
``live_answers.learner_code`` what erasing a learner deletes by (the primary key begins with the
question, so without it every answer of every class would be read).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05 09:00:00
"""

from alembic import op


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(op.f('ix_learners_last_active'), 'learners', ['last_active'], unique=False)
    op.create_index(op.f('ix_live_answers_learner_code'), 'live_answers', ['learner_code'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_live_answers_learner_code'), table_name='live_answers')
    op.drop_index(op.f('ix_learners_last_active'), table_name='learners')
