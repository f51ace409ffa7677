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
