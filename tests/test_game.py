"""The Game record: moves, undo/redo, rows for a table."""

import pytest

from engine import Game, IllegalMoveError, KalahRules, Position

K = KalahRules()


def test_game_plays_undoes_and_redoes():
    game = Game(K)
    assert not game.can_undo and not game.can_redo
    game.play(3)  # extra turn
    game.play(6)
    assert game.position == Position.from_notation("4,4,0,5,5,0/2/5,5,5,5,4,4/0/N")
    assert game.undo() and game.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")
    assert game.can_redo
    assert game.redo() and game.position == Position.from_notation("4,4,0,5,5,0/2/5,5,5,5,4,4/0/N")
    assert not game.redo()
    game.undo()
    game.play(1)  # a new move clears the redo list
    assert not game.can_redo
    assert game.positions()[0] == K.initial_position()
    assert len(game.results) == 2


def test_undo_at_the_start_changes_nothing():
    game = Game(K)
    assert game.undo() is False
    assert game.position == K.initial_position()


def test_an_illegal_move_changes_nothing():
    game = Game(K)
    game.play(3)
    with pytest.raises(IllegalMoveError):
        game.play(3)  # now empty
    assert len(game.results) == 1 and game.position.to_notation() == "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"


def test_game_ends_and_refuses_more_moves():
    game = Game(K, Position.from_notation("0,0,0,0,0,1/23/1,1,1,1,1,1/18/S"))
    game.play(6)
    assert game.is_over and game.outcome().result == "draw"
    with pytest.raises(IllegalMoveError) as err:
        game.play(1)
    assert err.value.rule_id == "K14"


def test_a_start_that_does_not_fit_the_rules_is_refused():
    with pytest.raises(ValueError):
        Game(KalahRules(pits=4), Position.from_notation("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"))


def test_outcome_keeps_the_reason_the_move_ended_the_game_bug():
    """The sweep can push a store past half; the reason must stay the one that ended the game."""
    from engine import OwareRules

    oware = OwareRules()
    game = Game(oware, Position.from_notation("3,0,0,0,0,0/21/0,0,0,0,0,1/23/N", oware))
    game.play(6)  # North empties its row; South's 4 seeds in pit 1 cannot reach North: no move (A6)
    end = game.outcome()
    assert end.reason == "no_moves" and end.score == (25, 23)
    early = KalahRules(early_win=True)
    game = Game(early, Position.from_notation("0,0,0,0,0,1/20/0,0,0,0,0,5/22/S", early))
    game.play(6)
    assert game.outcome().reason == "row_empty"
    assert game.outcome().score == (21, 27)


def test_outcome_is_worked_out_once_for_each_state_of_the_game():
    """Asked again before a move, an undo or a redo, the outcome is known at once (one engine
    ``outcome`` a state); each of those gives the new state's own outcome."""
    from bench.calls import counting

    game = Game(K, Position.from_notation("0,0,0,0,0,1/23/1,1,1,1,1,1/18/S"))
    with counting() as calls:
        assert game.outcome() is None and game.outcome() is None and not game.is_over
    assert calls == {"outcome": 1}
    game.play(6)  # the last seed in the store, South's row empty: the game ends (K14)
    with counting() as calls:
        assert game.outcome().result == "draw" and game.is_over
    assert calls == {}  # the move says how it ended the game
    assert game.undo() and game.outcome() is None
    assert game.redo() and game.outcome().result == "draw"
    game = Game(K)
    game.play(1)
    assert game.outcome() is None and game.undo()
    game.play(2)  # another move from the same position, as many moves: another state
    with counting() as calls:
        assert game.outcome() is None and game.outcome() is None
    assert calls == {"outcome": 1}
