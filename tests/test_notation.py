"""Position notation: round trips and clear errors (docs/architecture.md)."""

import pytest

from engine import KalahRules, NotationError, OwareRules, Position

START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


def test_standard_start_reads_and_writes_back():
    pos = Position.from_notation(START, KalahRules())
    assert pos == Position((4,) * 6, 0, (4,) * 6, 0, "S")
    assert pos.to_notation() == START and str(pos) == START


def test_spaces_and_lowercase_side_are_accepted():
    assert Position.from_notation(" 4,4,4/0/4,4,4/0/n ") == Position((4, 4, 4), 0, (4, 4, 4), 0, "N")


@pytest.mark.parametrize(
    "text,words",
    [
        ("4,4,4,4,4,4/0/4,4,4,4,4,4/0", "wrong number of fields (4"),
        ("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S/1", "wrong number of fields (6"),
        ("4,4,4,4,-4,4/0/4,4,4,4,4,4/0/S", "South's pit 5 has a negative number of seeds (-4)"),
        ("4,4,4,4,4,4/-1/4,4,4,4,4,4/0/S", "South's store has a negative number of seeds (-1)"),
        ("4,4,4,4,4/0/4,4,4,4,4,4/0/S", "different lengths (South 5, North 6)"),
        ("4,4,x,4,4,4/0/4,4,4,4,4,4/0/S", "South's pit 3: 'x' is not a whole number"),
        ("4,4,4,4,4,4/0/4,4,4,4,4,2.5/0/S", "North's pit 6: '2.5' is not a whole number"),
        ("4,4,4,4,4,4/0/4,4,4,4,4,4/0/E", "unknown side to move 'E'"),
        ("4,4/0/4,4/0/S", "3 to 8 pits"),
        ("/0/4,4,4/0/S", "South's pits are missing"),
        ("4,4,4,4,4,4/0/4,4,4,4,4,4/1/S", "add up to 49 but these rules use 48"),
        ("4,4,4,4/16/4,4,4,4/0/S", "rows have 4 pits but these rules use 6"),
    ],
)
def test_malformed_notation_raises_a_clear_error_quoting_the_input(text, words):
    with pytest.raises(NotationError) as err:
        Position.from_notation(text, KalahRules())
    assert words in str(err.value)
    assert repr(text) in str(err.value)


def test_not_text_is_refused():
    with pytest.raises(NotationError, match="must be text"):
        Position.from_notation(None)


def test_oware_positions_must_hold_48_seeds():
    with pytest.raises(NotationError, match="add up to 47"):
        Position.from_notation("4,4,4,4,4,3/0/4,4,4,4,4,4/0/S", OwareRules())


def test_notation_error_is_a_value_error():
    assert issubclass(NotationError, ValueError)
