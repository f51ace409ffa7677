"""Properties that hold for every position and move (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, OwareRules, Position, legal_moves, outcome, play
from tests.test_cases import kalah_case, oware_case

any_case = st.one_of(kalah_case(), oware_case())


@settings(max_examples=300, deadline=None)
@given(any_case)
def test_seeds_are_conserved_by_every_move(case):
    rules, pos = case
    for pit in legal_moves(pos, rules):
        assert play(pos, pit, rules).position.total_seeds == rules.total_seeds


@settings(max_examples=300, deadline=None)
@given(any_case)
def test_a_position_that_is_not_over_has_a_legal_move(case):
    rules, pos = case
    assert (outcome(pos, rules) is None) == bool(legal_moves(pos, rules))


@settings(max_examples=300, deadline=None)
@given(any_case)
def test_the_path_has_one_entry_per_seed_lifted(case):
    rules, pos = case
    row = pos.row(pos.to_move)
    for pit in legal_moves(pos, rules):
        r = play(pos, pit, rules)
        assert len(r.path) == row[pit - 1]
        # no seed ever lands in the opponent's store, nor (Oware) in the origin pit
        assert all(not (p.is_store and p.side != pos.to_move) for p in r.path)
        if isinstance(rules, OwareRules):
            assert all(not p.is_store for p in r.path)
            assert (pos.to_move, pit) not in r.path


@settings(max_examples=300, deadline=None)
@given(any_case)
def test_mirroring_the_board_mirrors_the_result(case):
    rules, pos = case
    mirror = pos.mirrored()
    assert legal_moves(mirror, rules) == legal_moves(pos, rules)
    for pit in legal_moves(pos, rules):
        a, b = play(pos, pit, rules), play(mirror, pit, rules)
        assert b.position == a.position.mirrored()
        assert (b.extra_turn, b.captured, b.game_over, b.rules_fired) == (
            a.extra_turn, a.captured, a.game_over, a.rules_fired)
        assert [p.side for p in b.path] == ["S" if p.side == "N" else "N" for p in a.path]


@settings(max_examples=300, deadline=None)
@given(any_case)
def test_notation_round_trips(case):
    rules, pos = case
    text = pos.to_notation()
    assert Position.from_notation(text, rules) == pos
    assert Position.from_notation(text).to_notation() == text


@settings(max_examples=40, deadline=None)
@given(st.one_of(kalah_case(), oware_case()), st.integers(0, 2**32))
def test_random_games_end(case, seed):
    """Kalah always ends; Oware ends too once the Game record applies the repetition rule (A6)."""
    rules, _ = case
    rng = random.Random(seed)
    game = Game(rules, rules.initial_position(rng.choice("SN")))
    for _ in range(5000):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    end = game.outcome()
    assert end is not None
    assert sum(end.score) == rules.total_seeds
