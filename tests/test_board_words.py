"""The board's pieces that need no browser: sowing frames, words for rule ids, share links."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    KalahRules,
    MoveResult,
    OwareRules,
    Position,
    Rules,
    legal_moves,
    play,
)
from lessons.loader import rule_texts
from tutor import words
from tutor.activity import Sowing
from tutor.sowing import frame_count
from ui.board_data import counts_of, sowing_steps
from ui.board_data import sowing_frames as activity_frames
from tutor.links import link_query, read_link

IDS = [f"K{i}" for i in range(1, 20)] + [f"A{i}" for i in range(1, 7)]
IDS += [f"T{i}" for i in range(1, 4)] + [f"M{i}" for i in range(1, 8)]


def sowing_frames(start: Position, res: MoveResult, rules: Rules) -> list[dict[str, object]]:
    """The board's frames for one move ``res`` played from ``start``."""
    return activity_frames(Sowing(start, (res,), 1), rules)


def test_rules_toml_says_every_rule_tip_and_mistake_in_one_short_sentence():
    data = rule_texts()
    assert set(IDS) <= set(data)
    for rule_id in IDS:
        text = data[rule_id]["text"]
        assert text.endswith(".") and len(text) < 200, rule_id
        assert data[rule_id]["title"], rule_id


def test_k9_frames_follow_the_path_seed_by_seed():
    rules = KalahRules()
    start = rules.initial_position()
    res = play(start, 3, rules)
    frames = sowing_frames(start, res, rules)
    assert len(frames) == 1 + 4
    assert frames[0]["counts"]["S3"] == 0 and frames[0]["hand"] == 4
    assert [f["hi"] for f in frames[1:]] == [["S4"], ["S5"], ["S6"], ["S0"]]
    assert frames[-1]["counts"] == counts_of(res.position)


def test_k10_capture_gets_a_last_frame_with_the_capture_and_words():
    rules = KalahRules()
    start = Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,5,4/0/S")
    res = play(start, 1, rules)
    assert res.captured
    frames = sowing_frames(start, res, rules)
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
        frames = sowing_frames(pos, res, rules)
        for f in frames:
            assert sum(f["counts"].values()) + f["hand"] == rules.total_seeds
        assert frames[-1]["counts"] == counts_of(res.position)
        assert frame_count(Sowing(pos, (res,), 1)) == (len(frames), sum(1 for f in frames if f["hold"]))
        pos = res.position


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=80), st.sampled_from([KalahRules(), OwareRules(),
                                                                            KalahRules(pits=3, seeds=1)]))
def test_frame_count_counts_the_frames_the_board_is_sent_and_those_it_holds(choices, rules):
    """``tutor.sowing.frame_count`` (the time a timed game gives back, the frames a continued sowing
    skips) is the number of frames ``ui.board_data.sowing_steps`` makes, and of those held, for
    sowings of several moves too (a move, its extra turns, the replies), captures and sweeps included."""
    pos = rules.initial_position()
    results = []
    for c in choices:
        moves = legal_moves(pos, rules)
        if not moves:
            break
        results.append(play(pos, moves[c % len(moves)], rules))
        pos = results[-1].position
    for k in range(0, len(results), 3):
        sowing = Sowing(results[k - 1].position if k else rules.initial_position(), tuple(results[k:k + 3]), 1)
        frames = activity_frames(sowing, rules)
        assert frame_count(sowing) == (len(sowing_steps(sowing, rules)), sum(1 for f in frames if f["hold"]))
        assert len(frames) == frame_count(sowing)[0]


def test_frame_count_of_a_sowing_and_of_a_capture():
    """Pit 3 at the start: its lift and 4 seeds, the last one held. South pit 1 (1 seed) lands in empty
    pit 2 and captures North pit 5's 5 seeds (K10): lift, seed (held), the capture (held)."""
    rules = KalahRules()
    start = rules.initial_position()
    assert frame_count(Sowing(start, (play(start, 3, rules),), 1)) == (5, 1)
    capture = Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,5,4/0/S")
    assert frame_count(Sowing(capture, (play(capture, 1, rules),), 1)) == (3, 2)


def test_place_keys():
    """Places are keyed f"{side}{pit}" (pit 0 is the store): "S3", "N0", "N2"."""
    keys = set(counts_of(KalahRules().initial_position()))
    assert {"S3", "N0", "N2"} <= keys
    assert keys == {f"{side}{pit}" for side in "SN" for pit in range(7)}


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
    said = dict(words.announcements(res, rules))
    assert expected_ids <= set(said)
    assert all(text and "{" not in text for text in said.values())


def test_empty_capture_variant_says_the_seed_is_banked():
    rules = KalahRules(empty_capture=True)
    res = play(Position.from_notation("1,0,4,4,4,4/0/4,4,4,4,0,9/0/S"), 1, rules)
    assert "banks" in dict(words.announcements(res, rules))["K11"]


def test_result_text_names_the_winner_and_the_score():
    rules = KalahRules()
    res = play(Position.from_notation("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S"), 6, rules)
    text = words.result_text(res.outcome, rules)
    assert "North wins 27 to 21" in text


@pytest.mark.parametrize(
    "rules",
    [KalahRules(), KalahRules(pits=4, seeds=3, empty_capture=True, end_rule="stuck", capture_to="pit", early_win=True),
     OwareRules(), OwareRules(grand_slam="illegal")],
)
def test_share_links_round_trip(rules):
    pos = rules.initial_position(to_move="N")
    got_rules, got_pos, error, warning = read_link(dict(parse_qsl(link_query(rules, pos))))
    assert error is None and warning is None and got_rules == rules and got_pos == pos


def test_no_link_means_standard_kalah():
    rules, pos, error, warning = read_link({})
    assert rules == KalahRules() and pos == rules.initial_position() and error is None and warning is None


# ----------------------------------------------------------------- exact words (tester's report)


def said(notation, pit, rules=None):
    rules = rules or KalahRules()
    res = play(Position.from_notation(notation), pit, rules)
    return res, dict(words.announcements(res, rules))


def test_k8_exactly_2n_plus_1_seeds_come_back_to_the_emptied_pit():
    res, told = said("13,0,0,0,0,1/0/4,4,4,4,4,4/10/S", 1)
    assert res.path[-1] == ("S", 1)
    assert "came back to pit 1" in told["K8"]
    assert "13 seeds" in told["K8"]


def test_k8_more_than_2n_plus_1_seeds_land_further_on():
    """14 seeds: the start pit got one seed on the way and the last seed lands in pit 2, not pit 1."""
    res, told = said("14,0,0,0,0,0/0/4,4,4,4,4,4/10/S", 1)
    assert res.path[-1] == ("S", 2)
    assert "came back" not in told["K8"]
    assert "pit 1 got 1 seed back" in told["K8"]
    assert "South's pit 2" in told["K8"]


def test_k8_two_whole_laps_say_so():
    res, told = said("26,0,0,0,0,0/0/4,4,4,4,4,2/0/S", 1)
    assert res.path[-1] == ("S", 1)
    assert "twice" in told["K8"] and "2 seeds" in told["K8"]


def test_k10_names_the_pits_and_pluralises_one_seed():
    _, told = said("1,0,4,4,4,4/0/4,4,4,4,1,4/0/S", 1)
    assert told["K10"] == (
        "Capture! South takes the 1 seed in North's pit 5 and the last seed: 2 seeds into South's store."
    )


def test_k18_one_seed_is_a_seed():
    _, told = said("1,0,4,4,4,4/0/4,4,4,4,1,4/0/S", 1, KalahRules(capture_to="pit"))
    assert "the 1 seed from North's pit 5" in told["K18"]
    assert "1 seeds" not in told["K18"]


def test_k14_says_which_row_is_empty_and_k15_omits_an_empty_row():
    rules = KalahRules()
    res, told = said("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", 6, rules)
    assert res.outcome.reason == "row_empty"
    assert told["K14"] == "South's row is empty, so the game is over."
    assert "0 seeds" not in told["K15"]
    assert "South's row was already empty" in told["K15"]
    assert "North puts the 3 seeds left in their row" in told["K15"]
    assert "because South's row is empty" in words.result_text(res.outcome, rules, res)


def test_k14_end_when_stuck_says_the_player_has_no_seeds_not_a_row_is_empty():
    rules = KalahRules(end_rule="stuck")
    res, told = said("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S", 6, rules)
    assert res.outcome.reason == "stuck"
    assert "row is empty" not in told["K14"]
    assert told["K14"].startswith("South has no seeds to sow")
    assert "South, the player to move, has no seeds to sow" in words.result_text(res.outcome, rules, res)


def test_k17_early_win_says_the_game_stops():
    res, told = said("0,0,0,0,1,1/24/0,0,0,0,1,1/20/S", 6, KalahRules(early_win=True))
    assert res.outcome.reason == "early_win"
    assert "early win" in told["K17"]
    assert "K14" not in told
    _, told = said("0,0,0,0,1,1/24/0,0,0,0,1,1/20/S", 6)
    assert "can't be caught" in told["K17"]


def test_a2_counts_the_skips_and_a3_names_the_pits():
    _, told = said("0,0,0,0,0,23/0/1,1,0,0,0,0/23/S", 6, OwareRules())
    assert "skipped twice" in told["A2"] and "North's pit 1" in told["A2"]
    _, told = said("0,0,0,0,0,12/0/1,1,4,4,4,4/18/S", 6, OwareRules())
    assert "skipped once" in told["A2"]
    assert told["A3"] == "Capture! South takes 3 seeds from North's pit 1."


def test_a4_grand_slam_words_follow_what_it_captured():
    _, told = said("0,0,0,0,0,2/22/1,1,0,0,0,0/22/S", 6, OwareRules())
    assert "captures nothing" in told["A4"]
    rules = OwareRules(grand_slam="capture_all")
    res, told = said("0,0,0,0,0,2/22/1,1,0,0,0,0/22/S", 6, rules)
    assert "takes every seed" in told["A4"]
    assert "pits 1 and 2" in told["A3"]
    assert told["A6"] == "The game is over."  # nothing left to sweep
    assert "South has captured 25 or more" in words.result_text(res.outcome, rules, res)


def test_a6_no_moves_says_who_cannot_move_and_why():
    rules = OwareRules()
    res, told = said("0,0,0,0,0,2/22/1,1,0,0,0,0/22/S", 6, rules)
    assert res.outcome.reason == "no_moves"
    assert "North keeps the 4 seeds" in told["A6"]
    assert "South has no seeds and no move of North's can give them any" in words.result_text(
        res.outcome, rules, res)


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
        text = " ".join(t for _, t in words.announcements(res, rules))
        if res.outcome is not None:
            text += " " + words.result_text(res.outcome, rules, res)
        assert " 1 seeds" not in text and " 0 seeds" not in text and "{" not in text, text
        pos = res.position
