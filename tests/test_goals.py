"""engine.turns and engine.goals: one turn (a move and its extra turns, K9) and one goal model."""

from __future__ import annotations

import pytest

from engine import Goal, KalahRules, Miss, OwareRules, Position, Turn, all_turns, misses, play_turn, reached

K = KalahRules()


def test_k9_a_turn_goes_on_after_an_extra_turn_and_ends_after_a_plain_move():
    start = K.initial_position()
    turn = Turn(start).then(3, K)  # last seed in the store: South moves again
    assert not turn.complete and turn.pits == (3,) and turn.extra_turns == 1 and turn.moves_again == 1
    turn = turn.then(6, K)
    assert turn.complete and turn.pits == (3, 6)
    assert turn.position == Position.from_notation("4,4,0,5,5,0/2/5,5,5,5,4,4/0/N")
    with pytest.raises(ValueError, match="is over"):
        turn.then(1, K)


def test_play_turn_refuses_a_turn_that_stops_while_the_mover_is_still_to_move():
    with pytest.raises(ValueError, match="still to move"):
        play_turn(K.initial_position(), [3], K)


def test_all_turns_from_the_start_follow_every_chain():
    turns = list(all_turns(K.initial_position(), K))
    assert [t.pits for t in turns[:3]] == [(1,), (2,), (3, 1)]
    assert len(turns) == 10 and all(t.complete for t in turns)


def test_a_goal_is_reached_mid_chain_when_it_asks_only_for_growth():
    goal = Goal(extra_turns=1)
    turn = Turn(K.initial_position()).then(3, K)
    assert not turn.complete and reached(goal, turn, K)


def test_a_goal_that_asks_for_no_capture_waits_for_the_end_of_the_turn():
    goal = Goal(extra_turns=1, capture=False)
    turn = Turn(K.initial_position()).then(3, K)
    assert goal.waits_for_the_end and not reached(goal, turn, K)
    assert reached(goal, turn.then(6, K), K)


def test_misses_are_values_not_words():
    turn = play_turn(K.initial_position(), [1], K)
    assert misses(Goal(extra_turns=2, store_at_least=3, game_over=True), turn, K) == (
        Miss("extra_turns", 2, 0), Miss("game_over", True, False), Miss("store_at_least", 3, 0))


def test_t2_the_reply_condition_counts_the_opponents_best_capture():
    pos = Position.from_notation("1,2,6,0/4/0,0,0,7/4/S", KalahRules(pits=4, seeds=3))
    rules = KalahRules(pits=4, seeds=3)
    goal = Goal(reply_capture_at_most=0)
    assert misses(goal, play_turn(pos, [3], rules), rules) == ()
    assert misses(goal, play_turn(pos, [1], rules), rules) == (Miss("reply_capture_at_most", 0, 8),)


def test_a2_a_lap_counts_in_awari_too():
    rules = OwareRules()
    pos = Position.from_notation("12,0,0,0,0,0/10/2,2,2,2,2,2/14/S", rules)
    turn = play_turn(pos, [1], rules)
    assert turn.lapped and misses(Goal(lap=True), turn, rules) == ()


@pytest.mark.parametrize("bad", [{}, {"extra_turns": 0}, {"store_at_least": -1}, {"winner": "east"}])
def test_a_goal_without_conditions_or_with_bad_values_is_refused(bad):
    with pytest.raises(ValueError):
        Goal(**bad)
