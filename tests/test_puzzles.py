"""The puzzle files: every one loads, every answer is proved by the engine, the loader names bad puzzles.

A puzzle's ``answers`` must be *exactly* the turns that reach its goal:
``accepted_turns`` works them out again from scratch (every turn of the
position for goal puzzles; exact move values from ``engine.analyse`` for
"best move" puzzles) and the test compares the two sets.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest

from engine import Position, Rules, Turn, all_turns, analyse, legal_moves, outcome, play, play_turn
from lessons.loader import (
    ContentError,
    load_puzzle_file,
    load_puzzles,
    puzzle_files,
    themes,
)
from lessons.models import Puzzle
from lessons.proofs import Difficulty, accepted_turns, choices, difficulty, task_done

def _final(score: tuple[int, int], side: str) -> int:
    return score[0] - score[1] if side == "S" else score[1] - score[0]


@functools.cache
def exact_values(pos: Position, rules: Rules) -> dict[int, int]:
    """``{pit: exact value}`` for the player to move, from ``engine.analyse`` with no time limit
    (puzzle positions are small: every value is proven, on any machine)."""
    mvs = analyse(pos, rules, time_ms=None)
    assert mvs, f"the game is over in {pos}"
    assert all(mv.exact for mv in mvs), f"analyse could not prove {pos} exactly: {mvs}"
    return {mv.pit: mv.value for mv in mvs}


PUZZLES = load_puzzles()


def test_puzzle_files_load() -> None:
    assert puzzle_files(), "no puzzle files"
    for path in puzzle_files():
        assert load_puzzle_file(path)


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_answers_are_exactly_the_turns_that_reach_the_goal(pid: str) -> None:
    puzzle = PUZZLES[pid]
    assert accepted_turns(puzzle, exact_values) == set(puzzle.turns)


@pytest.mark.parametrize("pid", [p.id for p in PUZZLES.values() if p.check == "best"])
def test_best_move_value_and_line_are_exact(pid: str) -> None:
    """The stated value is the exact best, and the line (the replies included) keeps it."""
    puzzle = PUZZLES[pid]
    rules, pos = puzzle.game_rules, puzzle.start
    values = exact_values(pos, rules)
    assert max(values.values()) == puzzle.value
    mover = pos.to_move
    here = pos
    for pit in [*puzzle.turns[0], *puzzle.line]:
        vals = exact_values(here, rules)
        assert vals[pit] == max(vals.values()), f"{pit} is not a best move in {here}"
        here = play(here, pit, rules).position
    end = outcome(here, rules)
    if end is not None:
        assert _final(end.score, mover) == puzzle.value


def test_at_least_60_puzzles_in_at_least_8_themes() -> None:
    used = Counter(p.theme for p in PUZZLES.values())
    assert len(PUZZLES) >= 60, f"only {len(PUZZLES)} puzzles"
    assert len(used) >= 8, used
    assert set(used) <= set(themes())


def _is_awari(p: Puzzle) -> bool:
    return p.game_rules.game == "oware"


def test_both_games_and_several_seed_settings() -> None:
    assert any(_is_awari(p) for p in PUZZLES.values())
    kalah = {(p.game_rules.pits, p.game_rules.seeds) for p in PUZZLES.values() if not _is_awari(p)}
    assert len({s for _, s in kalah}) >= 3, kalah


def test_every_puzzle_has_hints_and_words() -> None:
    for p in PUZZLES.values():
        assert 2 <= len(p.hints) <= 3
        assert p.task.strip() and p.explanation.strip()


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_a_puzzle_is_solved_the_moment_its_task_is_done_and_only_then(pid: str) -> None:
    """``task_done`` on every moment of every turn the position allows (``engine.all_turns``, each move of
    it): once it says done, every way to finish that turn is an answer (the moves still to press choose
    nothing); every answer is done at some move of it; a turn that is done before it is complete is
    done by the move where its verdict was settled (``choices``), or later only when the task is about the
    end of the turn (the game's end, the opponent's reply, a best-move turn)."""
    puzzle = PUZZLES[pid]
    answers = set(puzzle.turns)
    settled = {pits for pits, ok in choices(puzzle).items() if ok}
    for turn in all_turns(puzzle.start, puzzle.game_rules):
        prefix = Turn(puzzle.start)
        done_at = None
        for pit in turn.pits:
            prefix = prefix.then(pit, puzzle.game_rules)
            if task_done(puzzle, prefix):
                done_at = prefix.pits
                break
        if done_at is None:
            assert turn.pits not in answers, (pid, turn.pits)
            continue
        below = [t.pits for t in all_turns(puzzle.start, puzzle.game_rules) if t.pits[:len(done_at)] == done_at]
        assert set(below) <= answers, (pid, done_at)
        assert any(done_at[:len(s)] == s for s in settled), (pid, done_at, settled)
        if done_at != turn.pits:
            assert done_at in settled or puzzle.check == "goal", (pid, done_at)


def test_the_tasks_that_need_the_whole_turn_say_so() -> None:
    """A best-move puzzle whose answer is more than one move is solved only by the whole turn: its task says
    "...and finish your turn" (in both languages); no other task says it."""
    greek = load_puzzles(lang="el")
    for pid, p in PUZZLES.items():
        whole = p.check == "best" and max(len(t) for t in p.turns) > 1
        assert p.task.endswith("and finish your turn.") == whole, (pid, p.task)
        assert greek[pid].task.endswith("Αν ξαναπαίξεις, συνέχισε μέχρι να τελειώσει ο γύρος σου.") == whole, (pid, greek[pid].task)


# ------------------------------------------------------------------ the loader names bad puzzles

GOOD = """
theme = "capture"
[[puzzles]]
id = "demo"
cites = ["K10"]
rules = { pits = 3, seeds = 2 }
position = "0,1,0/0/1,3,0/7/S"
task = "Capture."
check = "biggest_capture"
answers = [2]
hints = ["a", "b"]
explanation = "c"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_good_demo_file_loads(tmp_path: Path) -> None:
    (puzzle,) = load_puzzle_file(_write(tmp_path, GOOD))
    assert puzzle.turns == [(2,)]
    assert accepted_turns(puzzle) == {(2,)}


@pytest.mark.parametrize(
    "change, problem",
    [
        (('position = "0,1,0/0/1,3,0/7/S"', 'position = "0,1,1/0/1,3,0/7/S"'), "seeds add up to 13"),
        (("answers = [2]", "answers = [1]"), "South's pit 1 is empty"),
        (('check = "biggest_capture"', 'check = "goal"\ngoal = { capture = false }'), "misses the goal"),
        (('cites = ["K10"]', 'cites = ["K99"]'), "cites"),
        (('theme = "capture"', 'theme = "nope"'), "unknown theme"),
        (('hints = ["a", "b"]', 'hints = ["a"]'), "hints"),
        (('id = "demo"', 'id = "demo"\nstars = 1'), "stars: Extra inputs are not permitted"),
    ],
)
def test_a_bad_puzzle_is_named_with_file_id_and_problem(tmp_path: Path, change: tuple[str, str], problem: str) -> None:
    text = GOOD.replace(*change)
    with pytest.raises(ContentError) as err:
        load_puzzle_file(_write(tmp_path, text))
    msg = str(err.value)
    assert msg.startswith("bad.toml")
    assert problem in msg
    if "theme" not in change[0]:
        assert "'demo'" in msg


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    _write(tmp_path, GOOD)
    (tmp_path / "other.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(ContentError, match="id already used"):
        load_puzzles(tmp_path)


def test_play_turn_refuses_an_unfinished_turn() -> None:
    puzzle: Puzzle = next(p for p in PUZZLES.values() if len(p.turns[0]) > 1)
    with pytest.raises(ValueError, match="still to move"):
        play_turn(puzzle.start, puzzle.turns[0][:1], puzzle.game_rules)


def test_common_mistakes_m1_to_m7_each_have_a_puzzle() -> None:
    cited = {c for p in PUZZLES.values() if p.theme == "mistakes" for c in p.cites}
    assert {f"M{k}" for k in range(1, 8)} <= cited, cited


def test_must_feed_has_at_least_5_puzzles() -> None:
    assert sum(p.theme == "awari-feed" for p in PUZZLES.values()) >= 5


def test_house_rules_use_every_variant_the_engine_has() -> None:
    """Empty capture (K11), end when stuck (K14), capture into pit (K18), grand slam illegal / capture all (A4)."""
    rules = [p.game_rules for p in PUZZLES.values() if p.theme == "house-rules"]
    assert any(getattr(r, "empty_capture", False) for r in rules)
    assert any(getattr(r, "end_rule", "") == "stuck" for r in rules)
    assert any(getattr(r, "capture_to", "") == "pit" for r in rules)
    assert {getattr(r, "grand_slam", None) for r in rules} >= {"illegal", "capture_all"}


def test_puzzle_ids_are_descriptive_not_numbered() -> None:
    """Ids say what the puzzle is about (``threat-lift-the-target``), not ``threat-3``."""
    assert not [pid for pid in PUZZLES if pid.rsplit("-", 1)[-1].isdigit()]


# ------------------------------------------------------------------ hints, difficulty, no coin flips

GREEK = load_puzzles(lang="el")
FIRST_HINT_NAMES_A_PIT = {"en": re.compile(r"\b[Pp]its? \d"), "el": re.compile(r"λακκ(?:άκι|άκια|ακιού|ακιών) \d")}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_first_hint_is_a_nudge_that_names_no_pit(lang: str) -> None:
    """Hints go from a nudge to the answer: the first never says "pit 3" ("λακκάκι 3")."""
    pool = PUZZLES if lang == "en" else GREEK
    named = {pid: p.hints[0] for pid, p in pool.items() if FIRST_HINT_NAMES_A_PIT[lang].search(p.hints[0])}
    assert named == {}


# Descriptions that pick out one of the mover's pits by where it stands (the learner sees it at a glance).
WHERE = {
    "en": [(re.compile(r"(?<!ready )(?:pit|pile)s? (?:that )?(?:sits? )?(?:next to|nearest(?: to)?|closest to|beside) "
                       r"your store|rightmost", re.I), "last"),
           (re.compile(r"(?:pit|pile) (?:farthest|furthest) (?:from your store|away)|leftmost|far pit", re.I), "first")],
    "el": [(re.compile(r"(?<!έτοιμο )λακκάκι (?:που είναι )?(?:δίπλα στην|πιο κοντά στην) αποθήκη σου|"
                       r"σωρός σου (?:είναι )?δίπλα στην αποθήκη|δεξιότερο", re.I), "last"),
           (re.compile(r"λακκάκι (?:που είναι )?πιο μακριά|το πιο μακρινό|αριστερότερο", re.I), "first")],
}
BIGGEST = {"en": re.compile(r"your (?:biggest|largest|big) (?:pile|pit)(?!s)|one big pile", re.I),
           "el": re.compile(r"μεγαλύτερ\w* σωρ\w* σου|μεγάλ\w* σωρ\w* σου|έχεις έναν μεγάλο σωρό", re.I)}
SEEDS = {"en": re.compile(r"\b(\d+) seeds?\b"), "el": re.compile(r"\b(\d+) σπόρ\w*")}
THEIRS = {"en": re.compile(r"North|\d+ to \d+"), "el": re.compile(r"Βορρ|\d+ (?:προς|με) \d+")}


def singled_out(hint: str, puzzle: Puzzle, lang: str) -> dict[int, str]:
    """``{pit: words}``: the mover's pits ``hint`` picks out by a description that fits that pit only: where it
    stands (next to your store, the farthest...), your biggest pile (when one pile is biggest), or a count of seeds
    only one of your pits holds (in a clause that is not about North)."""
    row = puzzle.start.row(puzzle.start.to_move)
    out = {}
    for pattern, end in WHERE[lang]:
        if m := pattern.search(hint):
            out[len(row) if end == "last" else 1] = m.group(0)
    if (m := BIGGEST[lang].search(hint)) and row.count(max(row)) == 1:
        out[row.index(max(row)) + 1] = m.group(0)
    for clause in re.split(r"[.,:;?!·]", hint):
        for m in SEEDS[lang].finditer("" if THEIRS[lang].search(clause) else clause):
            if row.count(int(m.group(1))) == 1:
                out[row.index(int(m.group(1))) + 1] = m.group(0)
    return out


def test_singled_out_finds_a_pit_by_its_place_size_or_count() -> None:
    p = PUZZLES["endgame-keep-the-ten"]
    assert p.start.row(p.start.to_move) == (1, 2, 0, 1, 0, 10)
    assert singled_out("Your biggest pile sits next to your store.", p, "en") == {6: "Your biggest pile"}
    assert singled_out("Your pit with 2 seeds is ready.", p, "en") == {2: "2 seeds"}
    assert singled_out("A pit with 1 seed is ready.", p, "en") == {}  # two pits hold 1
    assert singled_out("North's 10 seeds are ready.", p, "en") == {}
    assert singled_out("Count every pit, even the pit farthest away.", p, "en") == {1: "pit farthest away"}
    assert singled_out("Play the ready pit nearest your store.", p, "en") == {}  # a method: which pits are ready?
    assert singled_out("Ο μεγαλύτερος σωρός σου είναι δίπλα στην αποθήκη σου.", p, "el") == {
        6: "μεγαλύτερος σωρός σου"}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_first_hint_does_not_single_out_the_answer(lang: str) -> None:
    """A first hint nudges: it picks out no pit the answer starts with by a description only that pit fits (next to
    your store, your biggest pile, the pit with 5 seeds...), and no pit at all by where it stands (the learner sees
    which one that is at a glance)."""
    pool = PUZZLES if lang == "en" else GREEK
    found = {}
    for pid, p in pool.items():
        picked = singled_out(p.hints[0], p, lang)
        where = [m.group(0) for pattern, _end in WHERE[lang] if (m := pattern.search(p.hints[0]))]
        if where or set(picked) & {turn[0] for turn in p.turns}:
            found[pid] = (picked, p.hints[0])
    assert found == {}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_last_hint_gives_the_answer(lang: str) -> None:
    """The last hint names the first pit of every accepted decision and all the pits of one of them."""
    pool = PUZZLES if lang == "en" else GREEK
    for pid, p in pool.items():
        numbers = {int(n) for n in re.findall(r"\d+", p.hints[-1])}
        answers = [pits for pits, ok in choices(p).items() if ok]
        assert {pits[0] for pits in answers} <= numbers, (pid, p.hints[-1])
        assert any(set(pits) <= numbers for pits in answers), (pid, p.hints[-1])


def test_choices_cut_a_turn_where_its_verdict_is_settled() -> None:
    """After the extra turn of pit 5 every pit finishes an answer: one decision (5,), not six turns."""
    puzzle = PUZZLES["mistake-every-seed"]
    assert len(puzzle.turns) == 6
    assert choices(puzzle) == {(1,): False, (3,): False, (4,): False, (5,): True}


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_no_puzzle_is_a_coin_flip_or_cannot_be_failed(pid: str) -> None:
    """At least 3 legal first moves, at least one wrong decision, and fewer than half of the decisions
    right; unless ``choice = true`` says the one choice between few moves is the point (with a comment)."""
    puzzle = PUZZLES[pid]
    decisions = choices(puzzle)
    right = sum(decisions.values())
    assert right < len(decisions), f"{pid} cannot be failed"
    if puzzle.choice:
        return
    assert len(legal_moves(puzzle.start, puzzle.game_rules)) >= 3, pid
    assert 2 * right < len(decisions), (pid, decisions)


def test_choice_puzzles_are_few_and_say_why() -> None:
    chosen = [pid for pid, p in PUZZLES.items() if p.choice]
    assert chosen == ["mistake-forgot-the-sweep"]
    text = (Path(__file__).resolve().parent.parent / "lessons" / "puzzles" / "kalah_mistakes.toml").read_text("utf-8")
    assert 'id = "mistake-forgot-the-sweep"\n# choice:' in text


@pytest.mark.parametrize(
    "pid, facts, level",
    [
        ("capture-pick-the-pile", Difficulty(decisions=3, right=1, depth=1), 1),
        ("capture-two-ways", Difficulty(decisions=6, right=2, depth=1), 1),  # one capture, two ways to it
        ("mistake-their-side", Difficulty(decisions=4, right=1, depth=1), 2),
        ("mistake-their-store", Difficulty(decisions=3, right=1, depth=2), 2),  # a 10-seed lap to count
        ("must-feed-close-to-home", Difficulty(decisions=3, right=1, depth=2), 2),
        ("threat-one-seed-attack", Difficulty(decisions=4, right=1, depth=2), 3),
        ("endgame-take-two", Difficulty(decisions=3, right=1, depth=1), 1),  # one ply shows it
        ("house-end-when-stuck", Difficulty(decisions=3, right=1, depth=3), 3),
        ("endgame-keep-the-pile", Difficulty(decisions=3, right=1, depth=8), 3),
        ("chain-seven-pits", Difficulty(decisions=18, right=1, depth=7), 3),
    ],
)
def test_difficulty_is_measured(pid: str, facts: Difficulty, level: int) -> None:
    """Decisions (``choices``), the right ones, and how deep the point lies: a best-move puzzle's depth is the
    look-ahead at which a searching learner sees it; another's the moves of its shortest right decision, +1 for a
    reply goal, +1 for a lap to count."""
    assert difficulty(PUZZLES[pid]) == facts
    assert facts.level == level
    assert difficulty(GREEK[pid]) == facts  # the same facts in every language


def test_difficulty_has_three_levels_and_no_puzzle_writes_its_own() -> None:
    levels = Counter(difficulty(p).level for p in PUZZLES.values())
    assert set(levels) == {1, 2, 3} and min(levels.values()) >= 10, levels
    assert "stars" not in Puzzle.model_fields
    for path in puzzle_files():
        assert not re.search(r"^stars\s*=", path.read_text("utf-8"), re.M), path.name


@pytest.mark.parametrize("pid", [p.id for p in PUZZLES.values() if p.check == "best"])
def test_a_best_line_plays_to_the_end_of_the_game(pid: str) -> None:
    """The difficulty counts a best puzzle's line as the play that shows it is best: it must reach the end."""
    puzzle = PUZZLES[pid]
    here = play_turn(puzzle.start, puzzle.turns[0], puzzle.game_rules).position
    for pit in puzzle.line:
        here = play(here, pit, puzzle.game_rules).position
    assert outcome(here, puzzle.game_rules) is not None


# ------------------------------------------------------------------ texts checked with the engine


def test_grand_slam_near_the_win_leaves_north_four_seeds() -> None:
    puzzle = PUZZLES["grand-slam-near-the-win"]
    after = play(puzzle.start, 4, puzzle.game_rules).position
    assert sum(after.row("N")) == 4
    assert "North keeps 4 seeds" in puzzle.explanation and "κρατά 4 σπόρους" in GREEK[puzzle.id].explanation


def test_capture_the_attacker_tells_what_pits_4_and_5_leave() -> None:
    """Pit 4 leaves North's 4-seed capture; pit 5 breaks it, but North's pit 1 then captures 2."""
    puzzle = PUZZLES["threat-capture-the-attacker"]
    rules = puzzle.game_rules
    best = {pit: max(t.captured for t in all_turns(play(puzzle.start, pit, rules).position, rules)) for pit in (4, 5)}
    assert best == {4: 4, 5: 2}
    after5 = play(puzzle.start, 5, rules).position
    assert [t.pits for t in all_turns(after5, rules) if t.captured == 2] == [(1,)]
    assert "Pit 5 breaks it" in puzzle.explanation and "pits 4 and 5 leave" not in puzzle.explanation


def test_the_m4_puzzle_tempts_with_an_empty_pit_on_norths_side() -> None:
    """mistake-their-side: the wrong pit 4 ends in an empty North pit (K12: nothing happens, M4)."""
    puzzle = PUZZLES["mistake-their-side"]
    assert "M4" in puzzle.cites
    result = play(puzzle.start, 4, puzzle.game_rules)
    assert result.last.side == "N" and puzzle.start.row("N")[result.last.pit - 1] == 0
    assert "K12" in result.rules_fired and result.captured == 0
    assert (4,) not in puzzle.turns and "empty pit" in puzzle.wrong[4]  # the rule id is a badge (cites), not text


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_capture_goal_verdict_names_the_number_the_task_names(lang: str) -> None:
    """ut45 #3: a Kalah puzzle's task names the seeds taken from North ("Capture North's 6 seeds", K10) and its
    goal counts them with the last seed (capture_at_least = 7); a wrong turn's verdict says the same number
    taken, and the store count with the last seed (docs/rules.md "Words for results and captures")."""
    from tutor import i18n
    from tutor.puzzle_miss import reasons

    pool = PUZZLES if lang == "en" else GREEK
    with_goal = {pid: p for pid, p in pool.items() if p.goal is not None and p.goal.capture_at_least is not None}
    assert {"capture-extra-turn-first", "mistake-capture-ends-turn"} <= set(with_goal)
    take = {"en": "the goal is to take {n} seeds from North", "el": "ο στόχος είναι να πάρεις {n} σπόρους από τον Βορρά"}
    i18n.use(lang)
    try:
        for pid, p in with_goal.items():
            n = p.goal.capture_at_least - 1
            assert re.search(rf"\b{n}\b", p.task), (pid, p.task)
            wrong = [t for t in all_turns(p.start, p.game_rules) if t.captured < p.goal.capture_at_least]
            assert wrong, pid
            for t in wrong:
                said = " ".join(reasons(p, t))
                assert take[lang].format(n=n) in said, (pid, t.pits, said)
        p = with_goal["capture-extra-turn-first"]
        turn = next(t for t in all_turns(p.start, p.game_rules) if t.pits == (1,))
        assert reasons(p, turn) == [{
            "en": "that turn took no seeds from North, and the goal is to take 6 seeds from North: 7 seeds into "
                  "your store with your last seed",
            "el": "σε αυτόν τον γύρο δεν πήρες κανέναν σπόρο από τον Βορρά, ενώ ο στόχος είναι να πάρεις 6 σπόρους "
                  "από τον Βορρά: 7 σπόρους στην αποθήκη σου μαζί με τον τελευταίο σου σπόρο"}[lang]]
    finally:
        i18n.use(None)
