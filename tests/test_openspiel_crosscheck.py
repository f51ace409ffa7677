"""Our rules against OpenSpiel's ``mancala`` and ``oware`` games (docs/rules.md names them as a source).

Both engines play the same random games in lockstep; every position, legal
move list, end and final score must agree. Needs the dev-only extra
``open_spiel`` (requirements-bench.txt); skipped where it is not installed.
"""

import random

import pytest

from engine import Game, KalahRules, OwareRules, Position

pyspiel = pytest.importorskip("pyspiel")


def spiel_kalah_position(state):
    b = [int(v) for v in state.observation_tensor(0)[:14]]
    # OpenSpiel's board: 0 = player 1's store, 1..6 player 0's pits, 7 player 0's store, 8..13 player 1's pits
    to_move = "S" if state.current_player() == 0 else "N"
    return Position(tuple(b[1:7]), b[7], tuple(b[8:14]), b[0], to_move)


def spiel_oware_position(state):
    v = [round(x * 48) for x in state.observation_tensor(0)]
    to_move = "S" if state.current_player() == 0 else "N"
    return Position(tuple(v[0:6]), v[12], tuple(v[6:12]), v[13], to_move)


def test_kalah_agrees_with_openspiel_mancala_on_random_games():
    rules, game = KalahRules(), pyspiel.load_game("mancala")
    rng = random.Random(11)
    for _ in range(300):
        ours, theirs = Game(rules), game.new_initial_state()
        while not theirs.is_terminal():
            assert spiel_kalah_position(theirs) == ours.position
            offset = 0 if ours.position.to_move == "S" else 7
            assert tuple(a - offset for a in theirs.legal_actions()) == ours.legal_moves()
            pit = rng.choice(ours.legal_moves())
            ours.play(pit)
            theirs.apply_action(pit + offset)
        end = ours.outcome()
        assert end is not None
        assert (theirs.returns()[0] > 0, theirs.returns()[0] < 0) == (end.winner == "S", end.winner == "N")


def test_oware_agrees_with_openspiel_oware_on_random_games():
    rules, game = OwareRules(), pyspiel.load_game("oware")
    rng = random.Random(12)
    for _ in range(150):
        ours, theirs = Game(rules), game.new_initial_state()
        while not theirs.is_terminal():
            assert spiel_oware_position(theirs) == ours.position
            assert tuple(a + 1 for a in theirs.legal_actions()) == ours.legal_moves()
            pit = rng.choice(ours.legal_moves())
            ours.play(pit)
            theirs.apply_action(pit - 1)
        end = ours.outcome()
        assert end is not None, ours.position
        assert (theirs.returns()[0] > 0, theirs.returns()[0] < 0) == (end.winner == "S", end.winner == "N")
