"""learners, progress, classes and live questions

Revision ID: 0001
Revises: (none)
Create Date: 2026-12-01 18:04:13.539209
"""

from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('classes',
    sa.Column('code', sa.String(length=6), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('pin_hash', sa.String(length=128), nullable=False),
    sa.Column('pin_salt', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('code')
    )
    op.create_table('pin_failures',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('class_code', sa.String(length=6), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('pin_failures', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pin_failures_class_code'), ['class_code'], unique=False)

    op.create_table('learners',
    sa.Column('code', sa.String(length=8), nullable=False),
    sa.Column('class_code', sa.String(length=6), nullable=True),
    sa.Column('name', sa.String(length=40), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_active', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['class_code'], ['classes.code'], ),
    sa.PrimaryKeyConstraint('code')
    )
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_learners_class_code'), ['class_code'], unique=False)

    op.create_table('live_questions',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('class_code', sa.String(length=6), nullable=False),
    sa.Column('link', sa.Text(), nullable=False),
    sa.Column('revealed', sa.Boolean(), nullable=False),
    sa.Column('closed', sa.Boolean(), nullable=False),
    sa.Column('opened_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['class_code'], ['classes.code'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('live_questions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_questions_class_code'), ['class_code'], unique=False)

    op.create_table('games',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('result', sa.String(length=8), nullable=False),
    sa.Column('rules', sa.String(length=200), nullable=False),
    sa.Column('mode', sa.String(length=10), nullable=False),
    sa.Column('level', sa.String(length=20), nullable=True),
    sa.Column('learner_side', sa.String(length=1), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_games_learner_code'), ['learner_code'], unique=False)

    op.create_table('lesson_steps',
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('lesson_id', sa.String(length=80), nullable=False),
    sa.Column('step_id', sa.String(length=80), nullable=False),
    sa.Column('wrong', sa.Integer(), nullable=False),
    sa.Column('hints', sa.Integer(), nullable=False),
    sa.Column('done_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.PrimaryKeyConstraint('learner_code', 'lesson_id', 'step_id')
    )
    op.create_table('lessons_done',
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('lesson_id', sa.String(length=80), nullable=False),
    sa.Column('stars', sa.Integer(), nullable=False),
    sa.Column('done_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.PrimaryKeyConstraint('learner_code', 'lesson_id')
    )
    op.create_table('live_answers',
    sa.Column('question_id', sa.Integer(), nullable=False),
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('pit', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.ForeignKeyConstraint(['question_id'], ['live_questions.id'], ),
    sa.PrimaryKeyConstraint('question_id', 'learner_code')
    )
    op.create_table('puzzles_tried',
    sa.Column('learner_code', sa.String(length=8), nullable=False),
    sa.Column('puzzle_id', sa.String(length=80), nullable=False),
    sa.Column('wrong', sa.Integer(), nullable=False),
    sa.Column('hints', sa.Integer(), nullable=False),
    sa.Column('solved', sa.Boolean(), nullable=False),
    sa.Column('last_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_code'], ['learners.code'], ),
    sa.PrimaryKeyConstraint('learner_code', 'puzzle_id')
    )


def downgrade() -> None:
    op.drop_table('puzzles_tried')
    op.drop_table('live_answers')
    op.drop_table('lessons_done')
    op.drop_table('lesson_steps')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_learner_code'))

    op.drop_table('games')
    with op.batch_alter_table('live_questions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_questions_class_code'))

    op.drop_table('live_questions')
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_learners_class_code'))

    op.drop_table('learners')
    with op.batch_alter_table('pin_failures', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pin_failures_class_code'))

    op.drop_table('pin_failures')
    op.drop_table('classes')
