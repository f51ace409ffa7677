"""The board's pieces that need no browser: sowing frames, words for rule ids, share links."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import KalahRules, OwareRules, Position, legal_moves, play
from ui import announce, share
from ui.board import counts_of, place_key, sowing_frames

ROOT = Path(__file__).resolve().parent.parent
IDS = [f"K{i}" for i in range(1, 20)] + [f"A{i}" for i in range(1, 7)]
IDS += [f"T{i}" for i in range(1, 4)] + [f"M{i}" for i in range(1, 8)]


def test_rules_toml_says_every_rule_tip_and_mistake_in_one_short_sentence():
    data = tomllib.loads((ROOT / "lessons" / "rules.toml").read_text())
    assert set(IDS) <= set(data)
    for rule_id in IDS:
        text = data[rule_id]["text"]
        assert text.endswith(".") and len(text) < 200, rule_id
        assert data[rule_id]["title"], rule_id


def test_k9_frames_follow_the_path_seed_by_seed():
    rules = KalahRules()
    start = rules.initial_position()
    res = play(start, 3, rules)
    frames = sowing_frames(start, [res])
    assert len(frames) == 1 + 4
    assert frames[0]["counts"]["S3"] == 0 and frames[0]["hand"] == 4
    assert [f["hi"] for f in frames[1:]] == [["S4"], ["S5"], ["S6"], ["S0"]]
    assert frames[-1]["counts"] == counts_of(res.position)


def test_k10_capture_gets_a_last_frame_with_the_capture_and_words():
    rules = KalahRules()
    start = Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,5,4/0/S")
    res = play(start, 1, rules)
    assert res.captured
    frames = sowing_frames(start, [res])
    assert frames[-1]["counts"] == counts_of(res.position)
    assert "Capture" in frames[-1]["note"]
    assert set(frames[-1]["hi"]) >= {"S2", "N5", "S0"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=60), st.sampled_from(["kalah", "oware"]))
def test_frames_conserve_seeds_and_end_on_the_engine_position(choices, game):
    """Seeds on the board plus seeds in hand stay the total in every frame."""
    rules = KalahRules() if game == "kalah" else OwareRules()
    pos = rules.initial_position()
    for c in choices:
        moves = legal_moves(pos, rules)
        if not moves:
            break
        res = play(pos, moves[c % len(moves)], rules)
        frames = sowing_frames(pos, [res])
        for f in frames:
            assert sum(f["counts"].values()) + f["hand"] == rules.total_seeds
        assert frames[-1]["counts"] == counts_of(res.position)
        pos = res.position


def test_place_keys():
    assert place_key(("S", 3)) == "S3"
    assert place_key(("N", 0)) == "N0"
    assert place_key(2, "N") == "N2"


@pytest.mark.parametrize(
    "notation,pit,expected_ids",
    [
        ("4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", 3, {"K9"}),
        ("1,0,4,4,4,4/0/4,4,4,4,5,4/0/S", 1, {"K10"}),
        ("1,0,4,4,4,4/0/4,4,4,4,0,9/0/S", 1, {"K11"}),
        ("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", 6, {"K9", "K14", "K15"}),
    ],
)
def test_announcements_come_from_the_rule_ids(notation, pit, expected_ids):
    rules = KalahRules()
    res = play(Position.from_notation(notation), pit, rules)
    said = dict(announce.announcements(res))
    assert expected_ids <= set(said)
    assert all(text and "{" not in text for text in said.values())


def test_empty_capture_variant_says_the_seed_is_banked():
    rules = KalahRules(empty_capture=True)
    res = play(Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,0,9/0/S"), 1, rules)
    assert "banks" in dict(announce.announcements(res))["K11"]


def test_result_text_names_the_winner_and_the_score():
    rules = KalahRules()
    res = play(Position.from_notation("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S"), 6, rules)
    text = announce.result_text(res.outcome)
    assert "North wins 27 to 21" in text


@pytest.mark.parametrize(
    "rules",
    [KalahRules(), KalahRules(pits=4, seeds=3, empty_capture=True, end_rule="stuck", capture_to="pit", early_win=True),
     OwareRules(), OwareRules(grand_slam="illegal")],
)
def test_share_links_round_trip(rules):
    pos = rules.initial_position(to_move="N")
    got_rules, got_pos, error = share.read_link(share.link_params(rules, pos))
    assert error is None and got_rules == rules and got_pos == pos


def test_no_link_means_standard_kalah():
    rules, pos, error = share.read_link({})
    assert rules == KalahRules() and pos == rules.initial_position() and error is None


# ----------------------------------------------------------------- exact words (tester's report)


def said(notation, pit, rules=None):
    rules = rules or KalahRules()
    res = play(Position.from_notation(notation), pit, rules)
    return res, dict(announce.announcements(res))


def test_k8_exactly_2n_plus_1_seeds_come_back_to_the_emptied_pit():
    res, words = said("13,0,0,0,0,1/0/4,4,4,4,4,4/10/S", 1)
    assert res.path[-1] == ("S", 1)
    assert "came back to pit 1" in words["K8"]
    assert "13 seeds" in words["K8"]


def test_k8_more_than_2n_plus_1_seeds_land_further_on():
    """14 seeds: the start pit got one seed on the way and the last seed lands in pit 2, not pit 1."""
    res, words = said("14,0,0,0,0,0/0/4,4,4,4,4,4/10/S", 1)
    assert res.path[-1] == ("S", 2)
    assert "came back" not in words["K8"]
    assert "pit 1 got 1 seed back" in words["K8"]
    assert "South's pit 2" in words["K8"]


def test_k8_two_whole_laps_say_so():
    res, words = said("26,0,0,0,0,0/0/4,4,4,4,4,2/0/S", 1)
    assert res.path[-1] == ("S", 1)
    assert "twice" in words["K8"] and "2 seeds" in words["K8"]


def test_k10_names_the_pits_and_pluralises_one_seed():
    _, words = said("1,0,4,4,4,4/0/4,4,4,4,1,4/0/S", 1)
    assert words["K10"] == (
        "Capture! South takes the 1 seed in North's pit 5 and the last seed: 2 seeds into South's store."
    )


def test_k18_one_seed_is_a_seed():
    _, words = said("1,0,4,4,4,4/0/4,4,4,4,1,4/0/S", 1, KalahRules(capture_to="pit"))
    assert "the 1 seed from North's pit 5" in words["K18"]
    assert "1 seeds" not in words["K18"]


def test_k14_says_which_row_is_empty_and_k15_omits_an_empty_row():
    res, words = said("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", 6)
    assert res.outcome.reason == "row_empty"
    assert words["K14"] == "South's row is empty, so the game is over."
    assert "0 seeds" not in words["K15"]
    assert "South's row was already empty" in words["K15"]
    assert "North puts the 3 seeds left in their row" in words["K15"]
    assert "because South's row is empty" in announce.result_text(res.outcome, res)


def test_k14_end_when_stuck_says_the_player_has_no_seeds_not_a_row_is_empty():
    res, words = said("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", 6, KalahRules(end_rule="stuck"))
    assert res.outcome.reason == "stuck"
    assert "row is empty" not in words["K14"]
    assert words["K14"].startswith("South has no seeds to sow")
    assert "South, the player to move, has no seeds to sow" in announce.result_text(res.outcome, res)


def test_k17_early_win_says_the_game_stops():
    res, words = said("0,0,0,0,1,1/24/0,0,0,0,1,1/20/S", 6, KalahRules(early_win=True))
    assert res.outcome.reason == "early_win"
    assert "early win" in words["K17"]
    assert "K14" not in words
    _, words = said("0,0,0,0,1,1/24/0,0,0,0,1,1/20/S", 6)
    assert "can't be caught" in words["K17"]


def test_a2_counts_the_skips_and_a3_names_the_pits():
    _, words = said("0,0,0,0,0,23/0/1,1,0,0,0,0/23/S", 6, OwareRules())
    assert "skipped twice" in words["A2"] and "North's pit 1" in words["A2"]
    _, words = said("0,0,0,0,0,12/0/1,1,4,4,4,4/18/S", 6, OwareRules())
    assert "skipped once" in words["A2"]
    assert words["A3"] == "Capture! South takes 3 seeds from North's pit 1."


def test_a4_grand_slam_words_follow_what_it_captured():
    _, words = said("0,0,0,0,0,2/22/1,1,0,0,0,0/22/S", 6, OwareRules())
    assert "captures nothing" in words["A4"]
    res, words = said("0,0,0,0,0,2/22/1,1,0,0,0,0/22/S", 6, OwareRules(grand_slam="capture_all"))
    assert "takes every seed" in words["A4"]
    assert "pits 1 and 2" in words["A3"]
    assert words["A6"] == "The game is over."  # nothing left to sweep
    assert "South has captured 25 or more" in announce.result_text(res.outcome, res)


def test_a6_no_moves_says_who_cannot_move_and_why():
    res, words = said("0,0,0,0,0,2/22/1,1,0,0,0,0/22/S", 6, OwareRules())
    assert res.outcome.reason == "no_moves"
    assert "North keeps the 4 seeds" in words["A6"]
    assert "South has no seeds and no move of North's can give them any" in announce.result_text(res.outcome, res)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=80),
       st.sampled_from([KalahRules(), KalahRules(end_rule="stuck", capture_to="pit", empty_capture=True),
                        KalahRules(pits=4, seeds=3, early_win=True), OwareRules(grand_slam="capture_all")]))
def test_words_never_say_one_seeds_or_zero_seeds_or_leave_a_placeholder(choices, rules):
    pos = rules.initial_position()
    for c in choices:
        moves = legal_moves(pos, rules)
        if not moves:
            break
        res = play(pos, moves[c % len(moves)], rules)
        words = " ".join(t for _, t in announce.announcements(res))
        if res.outcome is not None:
            words += " " + announce.result_text(res.outcome, res)
        assert " 1 seeds" not in words and " 0 seeds" not in words and "{" not in words, words
        pos = res.position
