"""Mined puzzles from positions built to hold a theme (``tools/mine_built.py``, issue 33): laps on every Kalah
board, feeding, grand slams and laps in Awari. Their proofs are those of every mined puzzle
(``tests/test_mined.py``); here: they ship, the builders build what they say, and the words of these themes
state facts of the position (the pit sown and its seeds, the empty row, the grand slam's pit)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import OwareRules, Position, all_turns, legal_moves, play, rules_from_params
from lessons.mined import VARIANTS, read_entries
from tools.mine_built import BUILDERS, KALAH_IN_PLAY, built_positions, built_themes
from tutor import i18n

ENTRIES = read_entries()
BUILT = ("lap", "awari-feed", "awari-grand-slam", "awari-lap")


def _start(e) -> tuple[Position, object]:
    rules = rules_from_params(dict(e.rules))
    return Position.from_notation(e.position, rules), rules


def test_laps_ship_on_every_kalah_board_and_feeding_grand_slams_and_laps_in_awari():
    counts = Counter((e.variant, e.theme) for e in ENTRIES if e.theme in BUILT)
    kalah = [v for v in VARIANTS if v.startswith("kalah")]
    assert all(counts[v, "lap"] >= 12 for v in kalah), counts
    assert sum(counts[v, "lap"] for v in kalah) >= 40, counts
    assert all(counts["awari", t] >= 10 for t in ("awari-feed", "awari-grand-slam", "awari-lap")), counts


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_builders_keep_the_seeds_and_no_store_past_half(variant):
    rules = rules_from_params(VARIANTS[variant])
    positions = built_positions(rules, built_themes(rules), random.Random(variant), 90)
    assert len(positions) >= 30
    for pos in positions:
        assert pos.total_seeds == rules.total_seeds
        assert max(pos.south_store, pos.north_store) <= rules.total_seeds // 2
        assert pos.to_move in ("S", "N")
        if not isinstance(rules, OwareRules):
            assert pos.seeds_in_play <= KALAH_IN_PLAY[rules.pits]
            assert max(pos.row(pos.to_move)) >= rules.lap  # a pile of a lap or more (K8)


def test_each_awari_builder_builds_its_theme():
    rules = OwareRules()
    rng = random.Random(33)
    feed = [p for p in (BUILDERS["awari-feed"](rules, rng) for _ in range(40)) if p]
    assert feed and all(not any(p.row("N" if p.to_move == "S" else "S")) for p in feed)
    slam = [p for p in (BUILDERS["awari-grand-slam"](rules, rng) for _ in range(40)) if p]
    assert slam and all(any("A4" in t.results[0].rules_fired for t in all_turns(p, rules)) for p in slam)
    lap = [p for p in (BUILDERS["awari-lap"](rules, rng) for _ in range(40)) if p]
    assert lap and all(max(p.row(p.to_move)) >= 12 and p.store(p.to_move) >= 20 for p in lap)


def _built(theme: str) -> list:
    return [e for e in ENTRIES if e.theme == theme]


def test_a_lap_puzzles_best_turn_sows_its_pit_all_the_way_round():
    """The hint says: in the best turn you sow ``sown`` seeds from ``pit``, round and back into it (K8)."""
    for e in _built("lap"):
        pos, rules = _start(e)
        sown = []
        for pit in e.answers[0]:
            sown.append((pit, pos.row(pos.to_move)[pit - 1]))
            pos = play(pos, pit, rules).position
        assert (e.facts["pit"], e.facts["sown"]) in sown and e.facts["sown"] == max(n for _, n in sown), e.id
        assert e.facts["sown"] >= rules.lap, e.id


def test_an_awari_lap_is_the_best_move_and_feeding_and_grand_slams_are_what_they_say():
    for e in _built("awari-lap"):
        pos, rules = _start(e)
        assert e.best == e.facts["pit"] and pos.row(pos.to_move)[e.best - 1] == e.facts["sown"] >= 12, e.id
    for e in _built("awari-feed"):
        pos, rules = _start(e)
        them = "N" if pos.to_move == "S" else "S"
        assert not any(pos.row(them)), e.id
        assert all(any(play(pos, pit, rules).position.row(them)) for pit in legal_moves(pos, rules)), e.id
    for e in _built("awari-grand-slam"):
        pos, rules = _start(e)
        assert "A4" in play(pos, e.facts["pit"], rules).rules_fired, e.id


@pytest.mark.parametrize("lang", ["en", "el"])
def test_their_words_name_the_pit_and_the_seeds(lang):
    from tutor.mined import build

    i18n.use(lang)
    try:
        for theme in BUILT:
            for e in _built(theme)[:4]:
                p = build(e)
                first = p.hints[0]
                if theme in ("lap", "awari-lap"):
                    assert f" {e.facts['pit']}" in first and f"{e.facts['sown']} " in first, first
                if theme == "awari-grand-slam":
                    assert f" {e.facts['pit']} " in first, first
                if theme == "awari-feed":
                    assert {"en": "must give them some", "el": "πρέπει να του δώσει"}[lang] in p.task, p.task
    finally:
        i18n.use(None)
