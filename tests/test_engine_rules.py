"""One test (or more) per rule id of docs/rules.md, each comparing whole positions.

Boards are drawn as they look on screen: North's row on top (pit n on the
left, pit 1 on the right), South's row below (pit 1 on the left); South's
store on the right, North's on the left.
"""

import pytest

from engine import (
    Game,
    IllegalMoveError,
    KalahRules,
    OwareRules,
    Place,
    Position,
    legal_moves,
    outcome,
    play,
)

K = KalahRules()
P = Position.from_notation


def after(notation, pit, rules=K):
    return play(P(notation, rules), pit, rules)


# ------------------------------------------------------------------ Kalah


def test_k1_board_two_rows_and_a_store_at_each_players_right():
    for n in (3, 4, 6, 8):
        rules = KalahRules(pits=n)
        assert rules.initial_position() == Position((4,) * n, 0, (4,) * n, 0, "S")
    # South's pit 6 is next to South's store: one seed goes straight in.
    r = after("1,0,0,0,0,1/0/8,8,8,8,7,7/0/S", 6)
    assert r.path == (Place("S", 0),)
    assert r.position == P("1,0,0,0,0,0/1/8,8,8,8,7,7/0/S")


@pytest.mark.parametrize("seeds,total", [(3, 36), (4, 48), (5, 60), (6, 72)])
def test_k2_setup_seeds_in_every_pit_and_total(seeds, total):
    rules = KalahRules(seeds=seeds)
    start = rules.initial_position()
    assert start.to_notation() == f"{seeds},{seeds},{seeds},{seeds},{seeds},{seeds}/0/{seeds},{seeds},{seeds},{seeds},{seeds},{seeds}/0/S"
    assert rules.total_seeds == total == start.total_seeds


def test_k3_pit_k_faces_opponent_pit_n_plus_1_minus_k():
    # 4 pits a side.      N:  4  3  2  1
    #                      [ 2  0  3  1 ]
    #                  [0]                [0]
    #                      [ 0  1  0  1 ]
    #                     S:  1  2  3  4
    # South pit 2 -> pit 3 (empty), facing North pit 4+1-3 = 2 (3 seeds).
    rules = KalahRules(pits=4, seeds=1)
    r = play(P("0,1,0,1/0/1,3,0,2/0/S", rules), 2, rules)
    assert r.captured_from == (Place("N", 2), Place("S", 3))
    assert r.position == P("0,0,0,1/4/1,0,0,2/0/N", rules)


def test_k4_who_moves_first_is_set_before_the_game():
    start = K.initial_position("N")
    assert start.to_move == "N"
    r = play(start, 3, K)
    assert r.position == P("4,4,4,4,4,4/0/4,4,0,5,5,5/1/N")


@pytest.mark.parametrize("pit", [0, 7, -1, 2.0, "3", None, True])
def test_k5_a_store_an_opponents_pit_or_a_bad_number_is_never_a_move(pit):
    pos = P("4,0,4,4,4,4/0/4,4,4,4,4,4/4/S")
    with pytest.raises(IllegalMoveError) as err:
        play(pos, pit, K)
    assert err.value.rule_id == "K5"
    assert "4,0,4,4,4,4/0/4,4,4,4,4,4/4/S" in str(err.value)


def test_k5_an_empty_pit_is_never_a_move():
    pos = P("4,0,4,4,4,4/0/4,4,4,4,4,4/4/S")
    assert legal_moves(pos, K) == (1, 3, 4, 5, 6)
    with pytest.raises(IllegalMoveError, match="pit 2 is empty") as err:
        play(pos, 2, K)
    assert err.value.rule_id == "K5"
    assert pos == P("4,0,4,4,4,4/0/4,4,4,4,4,4/4/S")  # nothing changed


def test_k6_every_seed_is_lifted():
    r = after("0,5,0,0,0,0/20/3,3,3,3,3,3/5/S", 2)
    assert r.position.south[1] == 0
    assert len(r.path) == 5
    assert r.position == P("0,0,1,1,1,1/21/3,3,3,3,3,3/5/S")  # last seed in the store


def test_k7_sowing_goes_round_and_skips_the_opponents_store():
    r = after("1,2,0,3,0,8/10/2,1,3,0,4,2/12/S", 6)
    assert r.position == P("2,2,0,3,0,0/11/3,2,4,1,5,3/12/N")
    assert Place("N", 0) not in r.path
    assert r.path == (Place("S", 0), *(Place("N", k) for k in range(1, 7)), Place("S", 1))
    assert "K7" in r.rules_fired


def test_k7_north_skips_souths_store():
    r = after("2,1,3,0,4,2/12/1,2,0,3,0,8/10/N", 6)
    assert r.position == P("3,2,4,1,5,3/12/2,2,0,3,0,0/11/S")


def test_k8_thirteen_seeds_put_the_last_one_back_in_the_origin_pit():
    # 13 seeds from South pit 1: one in every pit but North's store, last in pit 1.
    r = after("13,1,1,1,1,1/12/1,1,1,1,1,1/12/S", 1)
    assert r.path[-1] == Place("S", 1)
    assert len(r.path) == 13
    # pit 1 was emptied, so the lap's last seed captures (K13): 1 + North pit 6 (1+1).
    assert r.position == P("0,2,2,2,2,2/16/2,2,2,2,2,0/12/N")
    assert r.rules_fired == ("K7", "K8", "K13", "K10")


@pytest.mark.parametrize("seeds,pit", [(3, 4), (4, 3), (5, 2), (6, 1)])
def test_k9_opening_extra_turn_pit_for_each_seed_count(seeds, pit):
    rules = KalahRules(seeds=seeds)
    start = rules.initial_position()
    for p in legal_moves(start, rules):
        r = play(start, p, rules)
        assert r.extra_turn == (p == pit)
    r = play(start, pit, rules)
    assert r.position.to_move == "S"
    assert r.position.south_store == 1
    assert r.rules_fired == ("K7", "K9")


def test_k9_extra_turns_chain():
    pos = P("0,0,0,3,2,1/9/4,4,4,4,4,4/9/S")
    expected = [
        (6, "0,0,0,3,2,0/10/4,4,4,4,4,4/9/S"),
        (5, "0,0,0,3,0,1/11/4,4,4,4,4,4/9/S"),
        (6, "0,0,0,3,0,0/12/4,4,4,4,4,4/9/S"),
        (4, "0,0,0,0,1,1/13/4,4,4,4,4,4/9/S"),
    ]
    for pit, notation in expected:
        r = play(pos, pit, K)
        assert r.extra_turn and r.position == P(notation)
        pos = r.position


def test_k10_capture_takes_the_opposite_seeds_and_the_last_seed_and_ends_the_turn():
    r = after("0,0,1,0,4,4/10/4,4,4,4,4,4/5/S", 3)
    assert r.position == P("0,0,0,0,4,4/15/4,4,0,4,4,4/5/N")
    assert r.captured == 5
    assert r.extra_turn is False
    assert r.rules_fired == ("K10",)


def test_k11_no_capture_when_opposite_pit_empty():
    r = after("2,0,1,0,3,1/15/3,2,0,4,1,2/14/S", 3)
    assert r.position == P("2,0,0,1,3,1/15/3,2,0,4,1,2/14/N")
    assert r.captured == 0 and r.rules_fired == ("K11",)


def test_k11_empty_capture_variant_banks_the_lone_seed():
    rules = KalahRules(empty_capture=True)
    r = play(P("2,0,1,0,3,1/15/3,2,0,4,1,2/14/S", rules), 3, rules)
    assert r.position == P("2,0,0,0,3,1/16/3,2,0,4,1,2/14/N")
    assert r.captured == 1


def test_k12_last_seed_in_an_empty_pit_on_the_opponents_side_does_nothing():
    r = after("1,0,0,0,0,2/20/0,4,4,4,4,3/6/S", 6)
    assert r.position == P("1,0,0,0,0,0/21/1,4,4,4,4,3/6/N")
    assert r.captured == 0 and r.rules_fired == ("K7", "K12")


def test_k13_a_pit_that_got_a_seed_earlier_in_the_sowing_is_not_empty():
    # 14 seeds from South pit 1 (South pit 2 empty before): lap of 13 then pit 2 gets its 2nd seed.
    r = after("14,0,1,1,1,1/14/1,1,1,1,1,1/10/S", 1)
    assert r.path[-1] == Place("S", 2)
    assert r.position == P("1,2,2,2,2,2/15/2,2,2,2,2,2/10/N")
    assert r.captured == 0 and "K13" in r.rules_fired


def test_k14_game_ends_when_a_row_is_empty_even_mid_chain():
    r = after("2,0,3,0,1,0/17/0,0,0,0,0,1/24/N", 6)
    assert r.game_over and not r.extra_turn
    assert r.position == P("0,0,0,0,0,0/23/0,0,0,0,0,0/25/N")
    assert outcome(r.position, K).winner == "N"


def test_k14_stuck_variant_plays_on_until_the_mover_has_no_seeds():
    rules = KalahRules(end_rule="stuck")
    pos = P("0,0,0,0,0,1/20/1,1,1,1,1,1/21/S", rules)
    r = play(pos, 6, rules)  # South empties the row with an extra turn: stuck now.
    assert r.game_over
    assert r.position == P("0,0,0,0,0,0/21/0,0,0,0,0,0/27/S", rules)
    pos = P("0,0,0,0,0,2/20/1,1,1,1,1,1/20/S", rules)
    r = play(pos, 6, rules)  # South's row empties but North can move: play on.
    assert not r.game_over
    assert r.position == P("0,0,0,0,0,0/21/2,1,1,1,1,1/20/N", rules)
    assert play(pos, 6, K).game_over  # the default rule ends it here
    assert legal_moves(r.position, rules) == (1, 2, 3, 4, 5, 6)


def test_k15_final_sweep_moves_each_row_into_its_own_store():
    r = after("0,0,0,0,0,2/20/3,0,2,0,1,3/17/S", 6)
    assert r.position == P("0,0,0,0,0,0/21/0,0,0,0,0,0/27/N")
    assert r.swept == (0, 10)
    assert r.rules_fired == ("K7", "K14", "K15", "K16")


def test_k16_equal_stores_are_a_draw_more_seeds_wins():
    r = after("0,0,0,0,0,1/23/1,1,1,1,1,1/18/S", 6)
    assert r.outcome.winner is None and r.outcome.result == "draw"
    assert r.outcome.score == (24, 24)
    r = after("0,0,0,0,1,0/19/2,3,0,0,4,0/19/S", 5)
    assert r.outcome.result == "north" and r.outcome.score == (22, 26)


def test_k17_more_than_half_decides_and_early_win_ends_the_game():
    pos = P("1,0,0,0,0,1/24/3,3,3,3,3,3/4/S")
    r = play(pos, 6, K)  # 25 in South's store: decided, but the default plays on
    assert "K17" in r.rules_fired and not r.game_over
    rules = KalahRules(early_win=True)
    r = play(pos, 6, rules)
    assert r.game_over and r.outcome.reason == "early_win"
    assert r.position == P("0,0,0,0,0,0/26/0,0,0,0,0,0/22/S", rules)
    assert r.outcome.score == (26, 22)


def test_k18_capture_into_pit_keeps_the_seeds_in_play():
    rules = KalahRules(capture_to="pit")
    r = play(P("0,0,1,0,4,4/10/4,4,4,4,4,4/5/S", rules), 3, rules)
    assert r.position == P("0,0,0,5,4,4/10/4,4,0,4,4,4/5/N", rules)
    assert r.captured == 4 and r.rules_fired == ("K10", "K18")


# ------------------------------------------------------------------- Oware

O = OwareRules()


def test_a1_board_and_stores_not_in_the_sowing_path():
    assert O.initial_position() == P("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    r = play(O.initial_position(), 6, O)
    assert r.position == P("4,4,4,4,4,0/0/5,5,5,5,4,4/0/N")
    assert r.path == tuple(Place("N", k) for k in (1, 2, 3, 4))


def test_a2_twelve_or_more_seeds_skip_the_origin_pit():
    r = play(P("12,1,1,1,1,1/10/1,1,1,1,1,1/15/S", O), 1, O)
    assert r.path[-1] == Place("S", 2)
    assert Place("S", 1) not in r.path
    assert r.position == P("0,3,2,2,2,2/10/2,2,2,2,2,2/15/N", O)
    assert "A2" in r.rules_fired


def test_a3_capture_two_or_three_and_walk_back_the_chain():
    # South pit 6 (3 seeds) -> North 1, 2, 3: North 3 has 2, North 2 has 3, North 1 has 2.
    r = play(P("1,1,1,1,1,3/10/1,2,1,4,0,0/22/S", O), 6, O)
    assert r.captured == 7
    assert r.captured_from == (Place("N", 3), Place("N", 2), Place("N", 1))
    assert r.position == P("1,1,1,1,1,0/17/0,0,0,4,0,0/22/N", O)


def test_a3_chain_stops_at_a_pit_that_does_not_hold_two_or_three():
    r = play(P("1,1,1,1,1,3/10/3,2,1,4,0,0/20/S", O), 6, O)
    assert r.captured == 5  # North 3 (2) and North 2 (3); North 1 now 4 stops it
    assert r.position == P("1,1,1,1,1,0/15/4,0,0,4,0,0/20/N", O)


def test_a4_grand_slam_captures_nothing_by_default():
    r = play(P("1,0,3,0,0,2/18/1,2,0,0,0,0/21/S", O), 6, O)
    assert r.position == P("1,0,3,0,0,0/18/2,3,0,0,0,0/21/N", O)
    assert r.captured == 0 and r.rules_fired == ("A4",)


def test_a4_grand_slam_variants_illegal_and_capture_all():
    pos = "1,0,3,0,0,2/18/1,2,0,0,0,0/21/S"
    illegal = OwareRules(grand_slam="illegal")
    assert legal_moves(P(pos, illegal), illegal) == (1, 3)
    with pytest.raises(IllegalMoveError) as err:
        play(P(pos, illegal), 6, illegal)
    assert err.value.rule_id == "A4"
    every = OwareRules(grand_slam="capture_all")
    r = play(P(pos, every), 6, every)
    # North's row is now empty and North cannot move: South takes its 4 seeds (A6).
    assert r.position == P("0,0,0,0,0,0/27/0,0,0,0,0,0/21/N", every)
    assert r.captured == 5 and r.game_over


def test_a5_must_feed_an_empty_opponent():
    pos = P("3,0,0,0,2,0/20/0,0,0,0,0,0/23/S", O)
    assert legal_moves(pos, O) == (5,)
    with pytest.raises(IllegalMoveError) as err:
        play(pos, 1, O)
    assert err.value.rule_id == "A5"
    r = play(pos, 5, O)
    assert r.position == P("3,0,0,0,0,1/20/1,0,0,0,0,0/23/N", O)
    assert "A5" in r.rules_fired


def test_a6_twenty_five_wins_and_each_side_takes_its_row():
    r = play(P("0,0,0,0,1,1/23/1,1,4,1,0,0/16/S", O), 6, O)
    # South pit 6 (1) -> North 1 (2): capture 2 -> 25 wins; rows go to their owners.
    assert r.game_over and r.outcome.reason == "over_half"
    assert r.position == P("0,0,0,0,0,0/26/0,0,0,0,0,0/22/N", O)
    assert r.outcome.winner == "S"


def test_a6_no_move_ends_the_game_with_the_mover_taking_their_row():
    pos = P("2,1,0,1,0,0/20/0,0,0,0,0,0/24/S", O)
    assert legal_moves(pos, O) == ()
    end = outcome(pos, O)
    assert end.score == (24, 24) and end.result == "draw" and end.reason == "no_moves"
    with pytest.raises(IllegalMoveError) as err:
        play(pos, 1, O)
    assert err.value.rule_id == "A6"


def test_a6_a_repeated_position_since_the_last_capture_ends_the_game():
    start = P("0,0,0,0,0,2/22/0,0,0,0,0,2/22/S", O)
    game = Game(O, start)
    cycle = (6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5)
    for pit in cycle:
        game.play(pit)
        assert game.outcome() is None
    game.play(5)  # back to the start position, no capture on the way
    assert game.position == start
    end = game.outcome()
    assert end.reason == "repetition" and end.score == (24, 24) and end.result == "draw"
    assert game.legal_moves() == ()
    with pytest.raises(IllegalMoveError) as err:
        game.play(6)
    assert err.value.rule_id == "A6"
    assert game.undo() and game.outcome() is None
    assert game.position == P("0,0,0,0,0,2/22/0,0,0,0,1,1/22/N", O)
    assert game.legal_moves() == (5, 6)


def test_k3_opposite_pit_helper():
    from engine import opposite_pit

    assert [opposite_pit(k, 6) for k in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    assert [opposite_pit(k, 4) for k in range(1, 5)] == [4, 3, 2, 1]


@pytest.mark.parametrize("seeds,laps", [(12, 0), (13, 1), (14, 1), (25, 1), (26, 2), (30, 2)])
def test_k8_laps_counted_in_the_result(seeds, laps):
    rest = 48 - seeds
    pos = P(f"{seeds},0,0,0,0,0/{rest}/0,0,0,0,0,0/0/S")
    # North's row is empty but the game goes on only under the stuck rule; use it to reach any count
    rules = KalahRules(end_rule="stuck")
    assert play(pos, 1, rules).laps == laps


@pytest.mark.parametrize("seeds,laps", [(11, 0), (12, 1), (22, 1), (23, 2)])
def test_a2_skips_counted_in_the_result(seeds, laps):
    rest = 48 - seeds - 1
    pos = P(f"{seeds},0,0,0,0,0/{rest // 2}/1,0,0,0,0,0/{rest - rest // 2}/S", O)
    assert play(pos, 1, O).laps == laps
