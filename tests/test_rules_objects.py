"""Rules objects: frozen, validated, and round-tripped through share-link params."""

import dataclasses

import pytest

from engine import KalahRules, OwareRules, rules_from_params


@pytest.mark.parametrize(
    "kwargs,field",
    [
        ({"pits": 2}, "pits"), ({"pits": 9}, "pits"), ({"seeds": 0}, "seeds"), ({"seeds": 11}, "seeds"),
        ({"pits": 6.0}, "pits"), ({"empty_capture": "yes"}, "empty_capture"),
        ({"end_rule": "never"}, "end_rule"), ({"capture_to": "hand"}, "capture_to"),
        ({"early_win": 1}, "early_win"),
    ],
)
def test_kalah_rules_refuse_bad_values_naming_the_field(kwargs, field):
    with pytest.raises(ValueError, match=f"^{field} must be"):
        KalahRules(**kwargs)


def test_end_rule_error_lists_the_allowed_values():
    with pytest.raises(ValueError, match="'row_empty', 'stuck'"):
        KalahRules(end_rule="x")


def test_oware_grand_slam_choices():
    with pytest.raises(ValueError, match="grand_slam must be one of 'no_capture', 'illegal', 'capture_all'"):
        OwareRules(grand_slam="maybe")


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        KalahRules().pits = 4


@pytest.mark.parametrize(
    "rules",
    [KalahRules(), KalahRules(pits=4, seeds=3, empty_capture=True, end_rule="stuck", capture_to="pit", early_win=True),
     OwareRules(), OwareRules(grand_slam="illegal")],
)
def test_params_round_trip(rules):
    assert rules_from_params(rules.to_params()) == rules


def test_params_text():
    assert KalahRules(seeds=5, early_win=True).to_params() == {"game": "kalah", "seeds": "5", "early_win": "true"}
    assert rules_from_params({"game": "awari"}) == OwareRules()


@pytest.mark.parametrize(
    "params,words",
    [({"game": "chess"}, "game must be"), ({"pits": "six"}, "pits must be a whole number"),
     ({"seeds": "40"}, "seeds must be a whole number from 1 to 10"), ({"early_win": "maybe"}, "early_win must be True or False")],
)
def test_bad_params_give_clear_messages(params, words):
    with pytest.raises(ValueError, match=words):
        rules_from_params(params)


def test_rules_for_position_reads_pits_and_seeds_from_the_position():
    from engine import NotationError, Position, rules_for_position

    pos = Position.from_notation("3,3,3,3/0/3,3,3,3/0/S")
    assert rules_for_position(pos) == KalahRules(pits=4, seeds=3)
    assert rules_for_position(pos, "kalah", empty_capture=True) == KalahRules(pits=4, seeds=3, empty_capture=True)
    start = Position.from_notation("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    assert rules_for_position(start, "oware", grand_slam="illegal") == OwareRules(grand_slam="illegal")
    with pytest.raises(NotationError, match="seeds add up to 25, which is not 2 x 4 pits"):
        rules_for_position(Position.from_notation("3,3,3,3/1/3,3,3,3/0/S"))
    with pytest.raises(NotationError, match="these rules use 6"):
        rules_for_position(pos, "oware")


def test_lap_lengths_k8_and_a2():
    assert KalahRules().lap == 13 and KalahRules(pits=4).lap == 9
    assert OwareRules().lap == 11
