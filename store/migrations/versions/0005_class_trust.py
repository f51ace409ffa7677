"""class trust: guessing limits per kind, teacher devices, a recovery code, closing a class to newcomers

Replaces ``pin_failures`` with ``attempts`` (PIN, recovery code, class code and join tries, per device,
client and class, counted under ``attempt_guard``) and ``teacher_keys`` with ``teacher_devices``
(teacher views open before this revision need the PIN once more).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05 02:00:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN (no batch copy of the table: on SQLite that drops ``classes``,
    # which the pupils' rows point at, and foreign keys are on).
    op.add_column('classes', sa.Column('recovery_hash', sa.String(length=64), nullable=True))
    op.add_column('classes', sa.Column('open_to_join', sa.Boolean(), server_default=sa.true(), nullable=False))
    op.create_table(
        'attempts',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('scope', sa.String(length=6), nullable=False),
        sa.Column('device', sa.String(length=64), nullable=True),
        sa.Column('client', sa.String(length=64), nullable=True),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attempts_kind'), ['kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_at'), ['at'], unique=False)
    guard = op.create_table(
        'attempt_guard',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.bulk_insert(guard, [{'id': 1, 'at': None}])
    op.create_table(
        'teacher_devices',
        sa.Column('key_hash', sa.String(length=64), nullable=False),
        sa.Column('class_code', sa.String(length=6), nullable=False),
        sa.Column('owner', sa.Boolean(), nullable=False),
        sa.Column('added_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('last_seen', sa.DateTime(timezone=True), nullable=False),
        sa.Column('view_until', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['class_code'], ['classes.code'], ),
        sa.PrimaryKeyConstraint('key_hash', 'class_code'),
    )
    with op.batch_alter_table('teacher_devices', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_teacher_devices_class_code'), ['class_code'], unique=False)
    with op.batch_alter_table('teacher_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_teacher_keys_class_code'))
    op.drop_table('teacher_keys')
    with op.batch_alter_table('pin_failures', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pin_failures_class_code'))
    op.drop_table('pin_failures')


def downgrade() -> None:
    op.create_table(
        'pin_failures',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('class_code', sa.String(length=6), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('learner', sa.String(length=8), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('pin_failures', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pin_failures_class_code'), ['class_code'], unique=False)
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
    with op.batch_alter_table('teacher_devices', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_teacher_devices_class_code'))
    op.drop_table('teacher_devices')
    op.drop_table('attempt_guard')
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_attempts_at'))
        batch_op.drop_index(batch_op.f('ix_attempts_kind'))
    op.drop_table('attempts')
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.drop_column('open_to_join')
        batch_op.drop_column('recovery_hash')
