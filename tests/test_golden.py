"""Golden playthroughs: seeded random games of every variant, played again and compared line by line.

``tests/data/golden/<variant>.txt`` holds two seeded random games of each
rule variant, move by move (``tests/golden_support.py`` plays and writes
them). The engine plays them again here and the text must be the same
exactly, so a rule change that nobody meant fails with the first line that
differs. When a change is intended, regenerate with
``python -m tools.golden_playthroughs`` and review the diff.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest

from tests.golden_support import (
    GOLDEN_DIR,
    MAX_MOVES,
    REGENERATE,
    ROOT,
    VARIANTS,
    Playthrough,
    Variant,
    first_difference,
    play_random_game,
    variant_text,
)

BY_NAME = {v.name: v for v in VARIANTS}


@cache
def engine_text(name: str) -> str:
    """The golden text the engine writes now for the variant ``name`` (once per test run)."""
    return variant_text(BY_NAME[name])


@cache
def games(name: str) -> tuple[Playthrough, ...]:
    """The variant's seeded games as played now."""
    variant = BY_NAME[name]
    return tuple(play_random_game(variant.rules, seed) for seed in variant.seeds)


def stored_text(variant: Variant) -> str:
    """The golden file as stored, byte for byte (no newline translation)."""
    return (GOLDEN_DIR / variant.filename).read_bytes().decode("utf-8")


def test_every_listed_variant_has_its_golden_file() -> None:
    missing = [v.filename for v in VARIANTS if not (GOLDEN_DIR / v.filename).is_file()]
    assert not missing, f"missing in {GOLDEN_DIR.relative_to(ROOT)}: {missing}; write them with {REGENERATE}"


def test_golden_folder_has_no_file_for_an_unlisted_variant() -> None:
    listed = {v.filename for v in VARIANTS}
    extra = sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in listed)
    assert not extra, f"golden files that no variant in tests/golden_support.py writes: {extra}"


def test_variant_names_are_unique() -> None:
    assert len(BY_NAME) == len(VARIANTS)


@pytest.mark.parametrize("name", list(BY_NAME))
def test_golden_file_matches_the_games_the_engine_plays_now(name: str) -> None:
    variant = BY_NAME[name]
    path = GOLDEN_DIR / variant.filename
    if not path.is_file():
        pytest.fail(f"{path.relative_to(ROOT)} is missing; write it with {REGENERATE}", pytrace=False)
    diff = first_difference(stored_text(variant), engine_text(name))
    if diff is not None:
        line, stored, now = diff
        pytest.fail(
            f"{path.relative_to(ROOT).as_posix()} differs from the engine's games at line {line}:\n"
            f"  file:   {stored}\n"
            f"  engine: {now}\n"
            "A rule's behaviour changed. Only if the change is intended (check it against the rules "
            f"first), regenerate the golden files with `{REGENERATE}` and review the diff "
            "(`git diff tests/data/golden`).",
            pytrace=False,
        )


@pytest.mark.parametrize("name", list(BY_NAME))
def test_every_golden_game_ends_by_the_rules_not_by_the_move_limit(name: str) -> None:
    for record in games(name):
        assert not record.cut_short, f"{name} seed {record.seed} is still going after {MAX_MOVES} moves"


@pytest.mark.parametrize("name", list(BY_NAME))
def test_each_variant_has_a_golden_game_where_its_own_rule_makes_a_difference(name: str) -> None:
    variant = BY_NAME[name]
    assert any(variant.shows(record) for record in games(name)), (
        f"no game of {name} (seeds {variant.seeds}) shows {variant.feature!r}: choose another seed"
    )


def test_the_same_seed_gives_the_same_game_text() -> None:
    variant = VARIANTS[0]
    assert variant_text(variant) == engine_text(variant.name)


def test_first_difference_names_the_first_differing_line() -> None:
    text = "a\nb\nc\n"
    assert first_difference(text, text) is None
    assert first_difference(text, "a\nB\nc\n") == (2, "b", "B")
    assert first_difference(text, "a\nb\n") == (3, "c", "<end of file>")
    assert first_difference(text, "a\r\nb\r\nc\r\n") is not None


def test_golden_tool_check_passes_on_the_stored_files() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tools.golden_playthroughs", "--check"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    head = "\n".join((run.stdout + run.stderr).splitlines()[:40])
    assert run.returncode == 0, f"`python -m tools.golden_playthroughs --check` failed; its output begins:\n{head}"
