"""Mined puzzles in the app (issue 33): My practice serves them next to the hand-written ones (plain pytest of
``tutor.practice`` and ``tutor.puzzle``), their ratings start from their measured difficulty, the coach says
why a wrong move is wrong and why the answer works from the exact values they carry, and the Practice page
plays one in English and in Greek (AppTest).

AppTest cannot click the drawn board: a pit is pressed by calling the session's ``PuzzleActivity.press``.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lessons.loader import load_puzzles
from lessons.models import MinedPuzzle
from lessons.proofs import Difficulty, difficulty
from tutor import i18n, words
from tutor.mined import mined_puzzles, practice_pool
from tutor.practice import Streak, rating_of, serve, themes_of, variant_of
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity
from tutor.ratings import MemoryRatings, Rating, puzzle_start

WRITTEN = load_puzzles(prove=False)
POOL = practice_pool(WRITTEN)
MINED = mined_puzzles()
T0 = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)


def test_the_practice_pool_is_the_written_puzzles_then_every_mined_one():
    assert list(POOL)[: len(WRITTEN)] == list(WRITTEN)
    assert len(POOL) == len(WRITTEN) + len(MINED) and len(MINED) >= 600
    assert all(isinstance(POOL[pid], MinedPuzzle) for pid in list(POOL)[len(WRITTEN):])
    assert POOL["chain-right-to-left"] is WRITTEN["chain-right-to-left"]  # the written keep their own words


def test_a_mined_puzzles_rating_starts_from_its_measured_difficulty():
    for p in list(MINED.values())[::50]:
        assert rating_of(p, {}) == puzzle_start(Difficulty(*p.measured).score)


def test_once_the_written_puzzles_are_tried_practice_serves_mined_ones_near_the_rating():
    ratings = MemoryRatings(learner={"kalah": Rating(1500, 300), "oware": Rating(1500, 300)})  # rated before
    for variant in ("kalah", "oware"):
        newcomer = serve(POOL, variant, (), MemoryRatings(), tried=set(WRITTEN), at=T0)  # an easy one first
        assert newcomer is not None and newcomer.startswith("m-") and difficulty(POOL[newcomer]).level == 1
        pid = serve(POOL, variant, (), ratings, tried=set(WRITTEN), at=T0)
        assert pid is not None and pid.startswith("m-") and variant_of(POOL[pid]) == variant
        mined = [p for p in MINED.values() if variant_of(p) == variant]
        best = min(abs(rating_of(p, {}).rating - 1500) for p in mined)
        assert abs(rating_of(POOL[pid], {}).rating - 1500) == best


def test_awari_endgames_are_mined_only_and_served_by_theme():
    assert "endgame" in themes_of(POOL, "oware") and "endgame" not in themes_of(WRITTEN, "oware")
    pid = serve(POOL, "oware", ["endgame"], MemoryRatings(), tried=set(), at=T0)
    assert pid is not None and isinstance(POOL[pid], MinedPuzzle) and POOL[pid].theme == "endgame"


def test_a_streak_runs_through_mined_puzzles_too():
    streak = Streak("kalah")
    served = [streak.next(POOL, {}, 1500.0)]
    for _ in range(30):
        streak.judged(True, True)
        served.append(streak.next(POOL, {}, 1500.0))
    assert any(pid is not None and pid.startswith("m-") for pid in served)


def _one_move(variant: str = "kalah-6x4") -> MinedPuzzle:
    """A mined puzzle whose answer is one move, with a wrong pit that is not the last legal one."""
    return next(p for p in MINED.values() if p.id.startswith("m-k64-") and all(len(t) == 1 for t in p.turns)
                and p.theme == "capture")


def test_a_wrong_move_in_a_mined_puzzle_is_told_by_the_coach_from_its_exact_values():
    p = _one_move()
    wrong = min((pit for pit in p.values if pit != p.turns[0][0]), key=lambda pit: p.values[pit])
    run = PuzzleActivity(p, Progress())
    run.press(wrong)
    assert run.missed is not None and not run.solved
    assert run.headline().startswith(words.best_missed(p.values[wrong], p.value))
    details = "\n".join(run.details())
    assert f"Pit {wrong} " in details and "**" in details  # the coach's sentence, in bold
    assert f"pit {p.turns[0][0]} was better" not in details  # the answer stays hidden


def test_solving_a_mined_puzzle_shows_its_explanation_and_the_coach_on_the_best_move():
    p = _one_move()
    run = PuzzleActivity(p, Progress())
    run.press(p.turns[0][0])
    assert run.solved
    details = "\n".join(run.details())
    assert p.explanation in details
    assert f"Pit {p.turns[0][0]} is the best move" in details


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_coach_speaks_the_learners_language_in_a_mined_puzzle(lang):
    i18n.use(lang)
    try:
        p = mined_puzzles()[_one_move().id]
        run = PuzzleActivity(p, Progress())
        run.press(p.turns[0][0])
        said = "\n".join(run.details())
        assert ("είναι η καλύτερη κίνηση" in said) if lang == "el" else ("is the best move" in said)
    finally:
        i18n.use(None)


# ------------------------------------------------------------------ the Practice page (AppTest)

PAGE = "pages/practice.py"


def _ran(at):
    at.run()
    assert not at.exception, at.exception
    return at


def _shown(at) -> str:
    texts = [e.value for kind in ("subheader", "markdown", "caption", "info", "success", "warning", "error")
             for e in getattr(at, kind)]
    return "\n".join(map(str, texts))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_practice_plays_a_mined_awari_endgame(page_app, lang):
    at = page_app(PAGE)
    at.query_params.update({"lang": lang})
    _ran(at)
    at.selectbox(key="practice_game").set_value("oware").run()
    at.multiselect(key="practice_themes").set_value(["endgame"]).run()
    assert not at.exception, at.exception
    run = at.session_state["mancala_tutor"].practice
    p = run.puzzle
    assert isinstance(p, MinedPuzzle) and p.theme == "endgame" and variant_of(p) == "oware"
    assert p.task in _shown(at)
    wrong = next(pit for pit in p.values if pit != p.turns[0][0])
    run.press(wrong)
    _ran(at)
    assert run.missed is not None and run.rated is not None and not run.rated.solved
    said = _shown(at)
    assert ("Όχι η καλύτερη κίνηση" in said) if lang == "el" else ("Not the best" in said)
    run.reset()
    run.press(p.turns[0][0])
    _ran(at)
    assert run.solved
    title = at.metric[-1].label
    assert "Awari" in title and (("βαθμολογία" in title) if lang == "el" else title.startswith("Your Awari"))


# ------------------------------------------------------------------ learners' games in the store


def test_the_miner_reads_learners_kept_games_through_the_store(database):
    """``--store``: the positions of learners' kept games (``store.games.kept_records``) are judged too."""
    from engine import KalahRules
    from store import games, learners
    from tools.mine_puzzles import Miner
    from tools.mine_sources import store_positions
    from tutor.kept_record import record_of
    from tutor.sandbox import SandboxActivity

    sb = SandboxActivity(KalahRules(pits=4, seeds=3))
    for pit in (1, 2, 3, 4):
        if sb.position.to_move is not None and pit in sb.position.pits_with_seeds():
            sb.press(pit)
    code = learners.new_learner(database)
    record = record_of(sb.kept_state())
    assert games.keep_game(database, code, record, 0) == 1
    records = games.kept_records(database)
    assert record in records  # a shared PostgreSQL database may hold other tests' games too
    seen = list(store_positions([record], KalahRules(pits=4, seeds=3)))
    assert seen[0] == KalahRules(pits=4, seeds=3).initial_position() and len(seen) == len(sb.game.results)
    assert list(store_positions([record], KalahRules())) == []  # another board's games are not read
    miner = Miner("kalah-4x3", taken=set())
    assert miner.fresh(seen) == [p for p in seen if p.seeds_in_play <= miner.in_play and len(p.pits_with_seeds()) >= 3]


def test_the_must_feed_awari_puzzle_rings_only_the_pits_that_feed():
    """Your opponent has no seeds (A5): South's pit 1 holds a seed but feeds nobody, so it is pressable (to
    be explained) and not ringed as playable; the ring follows the engine's legal moves."""
    from engine import legal_moves
    from ui.board_data import board_data
    from ui.state import BoardPrefs

    p = MINED["m-awari-e9fffe1e"]
    run = PuzzleActivity(p, Progress())
    view = run.view()
    assert run.position.south[0] == 1
    with i18n.held():
        data = board_data("b", view, BoardPrefs())
    assert 1 in data["playable"] and data["legal"] == list(legal_moves(run.position, run.rules)) == [4, 5, 6]
    run.press(1)
    assert not run.moved and run.notice is not None and "1" in run.notice.text
