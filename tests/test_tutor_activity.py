"""The one Activity (tutor/activity.py): a press is checked, played, judged; words go through i18n."""

from __future__ import annotations

import gettext
import re
import threading

import pytest

from engine import Game, KalahRules, Position, play
from tutor import i18n, words
from tutor.analysis import move_table
from tutor.progress import Progress, Summary
from tutor.sandbox import SandboxActivity

START = "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


FORGED = [True, False, 1.7, 3.0, "3", None, [3], {"pit": 3}, 0, 7, -1, 10**5000]


@pytest.mark.parametrize("forged", FORGED, ids=[f"forged{i}" for i in range(len(FORGED))])
def test_only_a_whole_number_of_the_boards_pits_is_ever_played(forged):
    """A forged press (a bool, a float, text, out of range, a huge number) changes nothing and says nothing."""
    sb = SandboxActivity(KalahRules())
    sb.press(forged)
    assert sb.position == Position.from_notation(START)
    assert sb.game.results == [] and sb.notice is None and sb.sowing is None


def test_a_press_on_a_board_that_showed_another_position_is_ignored():
    """A double click: the second press was made on the board before the first move."""
    sb = SandboxActivity(KalahRules())
    sb.press(1, seen=START)
    after = sb.position
    sb.press(2, seen=START)
    assert sb.position == after and len(sb.game.results) == 1


def test_a_legal_press_is_played_and_animated_once():
    sb = SandboxActivity(KalahRules())
    sb.press(3, seen=START)
    assert sb.position == Position.from_notation("4,4,0,5,5,5/1/4,4,4,4,4,4/0/S")
    assert sb.sowing is not None and sb.sowing.start == Position.from_notation(START)
    assert [r.pit for r in sb.sowing.results] == [3] and sb.action == 1 and sb.sowing.id == sb.first_id + 1
    assert sb.last is not None and sb.last.pit == 3


def test_k5_an_empty_pit_is_refused_in_words_and_nothing_changes():
    sb = SandboxActivity(KalahRules(), Position.from_notation("0,4,4,4,4,4/0/4,4,4,4,4,5/0/S"))
    sb.press(1)
    assert sb.game.results == [] and sb.sowing is None
    assert sb.notice is not None and sb.notice.kind == "warning"
    assert sb.notice.text == "Not that one: pick one of your own pits that has seeds in it. (K5)"


def test_the_move_table_has_one_row_per_move_in_words():
    game = Game(KalahRules())
    game.play(3)
    game.play(6)
    assert move_table(game) == [
        {"move": 1, "player": "South", "pit": 3, "extra_turn": "yes", "captured": 0, "rules": "K7 K9",
         "before": "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "after": "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"},
        {"move": 2, "player": "South", "pit": 6, "extra_turn": "no", "captured": 0, "rules": "K7",
         "before": "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S", "after": "4,4,0,5,5,0/2/5,5,5,5,4,4/0/N"},
    ]


def test_progress_counts_lessons_finished_and_puzzles_solved_and_tried():
    p = Progress()
    p.step_done("setup", "the-board")
    p.lesson_done("setup", 3)
    p.puzzle_tried("a")
    p.puzzle_missed("a")
    p.puzzle_solved("b")
    s = p.summary(6)
    assert s == Summary(lessons_done=1, lessons_total=6, puzzles_solved=1, puzzles_tried=2, stars=3,
                        puzzles_missed=1, games=0, puzzles_first_try=1)
    assert p.lesson("setup").steps_done == {"the-board"} and p.lesson("sowing").steps_done == set()


def _shout(text):
    """Upper case outside {placeholders}."""
    return re.sub(r"(\{\w*\})|([^{]+)", lambda m: m.group(1) or m.group(2).upper(), text)


class Shouting(gettext.NullTranslations):
    """A stand-in catalogue: every message in capitals (placeholders kept)."""

    def gettext(self, message):
        return _shout(message)

    def ngettext(self, singular, plural, n):
        return _shout(singular if n == 1 else plural)


def test_words_go_through_the_translation_chosen_for_this_thread_only():
    """Each session (thread) picks its own translation; another thread still reads English."""
    seen = {}

    def other_session():
        seen["other"] = words.seeds_word(2)

    i18n.use(Shouting())
    try:
        assert words.seeds_word(2) == "2 SEEDS"
        assert words.side_name("N") == "NORTH"
        t = threading.Thread(target=other_session)
        t.start()
        t.join()
    finally:
        i18n.use(None)
    assert seen["other"] == "2 seeds"
    assert words.seeds_word(1) == "1 seed"


def test_announcements_need_no_guessing_of_the_game():
    """The sweep of an Awari game is told by A6 from the rules object, not from rule-id prefixes."""
    from engine import OwareRules

    rules = OwareRules()
    res = play(Position.from_notation("0,0,0,0,0,1/24/0,0,0,0,1,0/22/S"), 6, rules)
    assert words.sweep_rule(rules) == "A6" and words.sweep_rule(KalahRules()) == "K15"
    assert res.game_over


def test_two_activities_never_give_two_sowings_one_id():
    """Tester: in lesson 8 the game step's "You won!" showed while North's reply was still sowing. The
    step's game counted its sowings from 1 like the step before it on the same board, whose ids' verdicts
    the board had already revealed. Each activity now has its own range of ids."""
    first, second = SandboxActivity(KalahRules()), SandboxActivity(KalahRules())
    first.press(1)
    second.press(1)
    assert first.sowing.results == second.sowing.results and first.sowing.id != second.sowing.id
    assert abs(first.first_id - second.first_id) >= 1_000_000
