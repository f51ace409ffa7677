"""The lessons' behaviour (tutor/lesson.py) in plain pytest.

Most tests use small fixture lessons built here (checked by the loader like a real file), so
they do not depend on the content being rewritten: a wrong press in a find or goal step is
played out and stays on the board until "Try again"; a wrong answer keeps the board and says
its own why; "Show me" shows without completing; stars count the slips. Every real lesson is
also walked to its end, with a wrong try first, and no feedback names a rule id.
"""

from __future__ import annotations

import re

import pytest

from engine import Goal, Turn, legal_moves, misses, play, reached
from lessons.loader import load_lessons
from lessons.models import DoStep, FindStep, GameStep, GoalStep, Lesson, PredictStep, ReadStep
from tests.lesson_fixtures import STEPS, fixture
from tutor import i18n, words
from tutor.lesson import Feedback, LessonActivity
from tutor.progress import LessonProgress, Progress, stars, step_verdict

LESSONS = load_lessons()
RULE_ID = re.compile(r"\b[KAMT]1?\d\b")


def at(step_id: str, lesson: Lesson | None = None, progress: Progress | None = None) -> LessonActivity:
    lesson = lesson or fixture()
    index = [s.id for s in lesson.steps].index(step_id)
    run = LessonActivity(lesson, progress or Progress(), index)
    assert run.index == index and run.notice is None
    return run


def feedback(run: LessonActivity) -> Feedback:
    assert isinstance(run.notice, Feedback)
    return run.notice


# ------------------------------------------------------------------ find and goal steps


def test_a_wrong_find_press_plays_out_stays_on_the_board_and_try_again_restores_the_start():
    run = at("find-turn")
    start = run.position
    run.press(1)
    assert run.position.to_notation() == "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N"  # the whole position after pit 1
    assert run.sowing is not None and [r.pit for r in run.sowing.results] == [1]  # animated
    assert (run.failed, run.done, run.wrong) == (True, False, 1)
    note = feedback(run)
    assert (note.kind, note.text) == ("warning", "Pit 1 stops short of your store.")  # the step's own why
    assert words.account(run.turn.results, run.rules) in note.details and "Count the steps." in note.details
    assert run.playable() == () and not run.accepts_presses()
    run.press(3)  # the board waits for "Try again"
    assert run.position.to_notation() == "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N" and not run.done
    run.retry()
    assert run.position == start and not run.failed and run.notice is None and run.wrong == 1
    run.press(3)
    assert run.done and run.position.to_notation() == "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"
    assert feedback(run).text == "Found it! Another turn!"
    assert run.slips == {"find-turn": 1}


def test_a_wrong_find_press_without_words_is_said_from_the_engines_result():
    run = at("find-turn")
    run.press(2)
    assert run.position.to_notation() == "4,0,5,5,5,5/0/4,4,4,4,4,4/0/N"
    assert feedback(run).text == "Pit 2's last seed lands in your pit 6, not in your store: no extra turn."
    run.retry()
    run.press(4)
    assert feedback(run).text == "Pit 4's last seed lands in North's pit 1, not in your store: no extra turn."


def test_a_missed_capture_says_where_the_last_seed_landed():
    run = at("find-capture")
    run.press(3)
    assert run.position.to_notation() == "1,0,0,1,0,2/10/2,2,0,2,3,2/23/N"
    assert feedback(run).text == "Pit 3's last seed lands in your pit 4: no capture."
    assert "K11" not in feedback(run).details and feedback(run).rule_ids == ("K11",)
    run.retry()
    run.press(1)
    assert run.done and run.position.to_notation() == "0,0,1,0,0,2/14/2,2,0,2,0,2/23/N"


def test_a_goal_turn_goes_on_while_the_goal_can_still_be_reached():
    """Three in a row (4, 3, 4): after each extra turn that can still lead there, "Keep going"; the third
    reaches the goal."""
    run = at("chain")
    for pit in (4, 3):
        run.press(pit)
        assert not run.failed and not run.done and feedback(run).kind == "info"
        assert feedback(run).text == "Keep going: it is still your turn."
    run.press(4)
    assert run.done and run.position.south == (0, 0, 0, 0)
    assert feedback(run).text == "Goal reached! All three!"


def test_an_extra_turn_that_cannot_reach_the_goal_ends_the_try_at_once_bug():
    """Tester: "Keep going: it is still your turn" after pit 3, from where no order of moves makes three in
    a row. Now that extra turn ends the try at once (a slip, as the whole turn would have been), and says so."""
    run = at("chain")
    start = run.position
    run.press(3)
    assert run.failed and not run.done and run.wrong == 1
    assert run.position == Turn(start).then(3, run.rules).position
    assert feedback(run).kind == "warning"
    assert feedback(run).text == ("That gave you an extra turn, but from here you can't reach the goal any more. "
                                  "Press Try again to start again.")
    assert not run.accepts_presses()
    # where the last seed went is said once, by the store rule (issue 36: no doubled sentence)
    assert "Pit 3 sows 2 seeds. Last seed in South's store: South moves again!" in feedback(run).details
    run.next_step()  # Next is closed
    assert run.step.id == "chain"
    run.retry()
    assert run.position == start and run.accepts_presses() and run.wrong == 1


@pytest.mark.parametrize(("lesson_id", "step_id", "pit"), [
    ("extra-turns", "nearest-first", 5), ("extra-turns", "three-in-a-row", 3), ("extra-turns", "three-in-a-row", 2),
    ("extra-turns", "long-chain", 3), ("extra-turns", "long-chain", 5), ("strategy", "nearest-first", 5),
    ("strategy", "nearest-first", 3),
])
def test_a_wrong_move_that_still_gives_an_extra_turn_says_the_steps_why_bug(lesson_id, step_id, pit):
    """Tester (issue 36): a wrong first move that ends in the store (lesson 3 steps 8 to 10, lesson 7 step 1)
    was told only "That is an extra turn, but no way to go on reaches the goal from here". The learner now
    reads the step's own why first, then simply that the goal can't be reached from here, in both languages."""
    for lang, after in (("en", "From here you can't reach the goal any more: press Try again to start again."),
                        ("el", "Από εδώ δεν μπορείς πια να φτάσεις στον στόχο: πάτα «Δοκίμασε ξανά» για να "
                               "ξεκινήσεις από την αρχή.")):
        lesson = load_lessons(lang=lang)[lesson_id]
        run = at(step_id, lesson)
        run.press(pit)
        assert run.failed and not run.turn.complete, "the move earned an extra turn"
        i18n.use(lang)
        try:
            assert feedback(run).kind == "warning" and feedback(run).text == run.step.why[pit] + " " + after
        finally:
            i18n.use(None)


def test_show_me_shows_the_solution_but_the_learner_still_plays_it():
    run = at("chain")
    start = run.position
    run.press(3)
    run.press(4)
    run.show_me()
    assert run.showing and not run.done and not run.failed and run.shown == 1
    assert run.turn.pits == (4, 3, 4) and run.position.south == (0, 0, 0, 0)
    assert run.sowing is not None and [r.pit for r in run.sowing.results] == [4, 3, 4]
    assert feedback(run).text == "Here is one way: pits 4, 3 and 4. Now press Try again and play it yourself."
    run.next_step()
    assert run.step.id == "chain" and not run.accepts_presses()
    run.retry()
    assert run.position == start and not run.showing and (run.wrong, run.shown) == (1, 1)
    for pit in (4, 3, 4):
        run.press(pit)
    assert run.done and run.slips == {"chain": 2}
    assert run.progress.lesson("fixture").hints == 1


def test_a_refused_pit_changes_nothing_and_names_no_rule_id():
    run = at("find-capture")
    before = run.position
    run.press(2)  # empty: explained, and not a wrong try (a tester lost a star for trying what the text invited)
    assert run.position == before and not run.failed and run.wrong == 0 and run.stars_so_far == 3
    note = feedback(run)
    assert note.kind == "info"
    assert note.text == "Not that one: pick one of your own pits that has seeds in it."
    assert note.rule_ids == ("K5",) and not RULE_ID.search(note.text + note.details)


def test_a_do_steps_other_pit_changes_nothing_and_says_what_it_would_do():
    run = at("press-3")
    before = run.position
    run.press(4)
    assert run.position == before and not run.done and run.wrong == 0  # a do step teaches: no slip
    note = feedback(run)
    assert note.kind == "info" and note.text == "Not that one this time: press the lit pit 3, the one that glows."
    assert note.details.startswith("What pit 4 would do: Pit 4 sows 4 seeds; the last one lands in North's pit 1.")
    run.press(3)
    assert run.done and feedback(run).text == "In your store!" and "moves again" in feedback(run).details


# ------------------------------------------------------------------ predict steps


def test_answers_speak_from_the_learners_view_as_the_lessons_do():
    """The learner plays South: an answer says "your pit 6" as the lesson's text does, never "South pit 6"."""
    tokens = ["South pit 6", "North pit 1", "South store", "North store", "South", "North", "Draw", "yes", "7"]
    assert [words.answer_label(t) for t in tokens] == [
        "Your pit 6", "North's pit 1", "Your store", "North's store", "You", "North", "Draw", "yes", "7"]
    assert [words.answer_label(t, in_sentence=True) for t in tokens[:5]] == [
        "your pit 6", "North's pit 1", "your store", "North's store", "you"]
    i18n.use("el")
    try:
        assert [words.answer_label(t) for t in tokens[:6]] == [
            "Το δικό σου λακκάκι 6", "Λακκάκι 1 του Βορρά", "Η αποθήκη σου", "Αποθήκη του Βορρά", "Εσύ", "Βορράς"]
    finally:
        i18n.use(None)
    options = [o for lesson in LESSONS.values() for step in lesson.steps if isinstance(step, PredictStep)
               for o in step.options]
    assert not [o for o in options if "South" in words.answer_label(o)]


def test_a_wrong_choice_keeps_the_board_says_its_why_and_stays_marked():
    run = at("where")
    start = run.position
    assert not run.answer("South pit 4")
    assert run.position == start and not run.done and run.wrong == 1 and run.chosen == ["South pit 4"]
    assert feedback(run).text == ("Not **your pit 4**. You sowed into pit 1 first.\n\n"
                                  "That is a common mistake: sowing into the pit you took the seeds from.")
    assert not run.answer("South pit 4") and run.wrong == 1  # the same wrong choice counts once
    assert not run.answer("South pit 6")
    assert feedback(run).text == "Not **your pit 6**. One seed too far." and run.wrong == 2
    assert run.answer("South pit 5")
    assert run.done and run.chosen == ["South pit 4", "South pit 6", "South pit 5"]
    assert run.position.to_notation() == "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N"
    assert feedback(run).text == "Right! Pit 5." and "Pit 1 sows 4 seeds" in feedback(run).details


def test_plain_string_choices_still_work():
    run = at("again")
    assert run.step.options == ["yes", "no"]
    assert not run.answer("no")
    assert feedback(run).text == "Not quite: it is not **no**. Have another go."
    assert run.answer("yes") and run.done


def test_an_answer_on_a_step_that_asks_none_changes_nothing():
    run = at("find-turn")
    assert not run.answer("yes")
    assert not run.done and run.notice is None and run.wrong == 0 and run.chosen == []


# ------------------------------------------------------------------ stars


def finish(run: LessonActivity, step) -> None:
    """Do one step the right way (no slip)."""
    if isinstance(step, DoStep):
        run.press(step.lit[0])
    elif isinstance(step, PredictStep):
        assert run.answer(step.answer)
    elif isinstance(step, GoalStep):
        for pit in step.solution:
            run.press(pit)
    assert run.done, (step.id, run.notice)


def _slip(run: LessonActivity, times: int) -> None:
    """``times`` wrong tries in the step shown (a wrong pit and Try again, or a wrong answer), saved at once."""
    step = run.step
    if not times:
        return
    if isinstance(step, PredictStep):
        for choice in [c for c in step.options if c != step.answer][:times]:
            run.answer(choice)
        return
    wrong = next(p for p in legal_moves(run.position, run.rules) if p != step.solution[0])
    for _ in range(times):
        run.press(wrong)
        assert run.failed
        run.retry()


@pytest.mark.parametrize(("plan", "earned"), [
    ({}, 3),
    ({"find-turn": 1}, 3),  # one misclick in the lesson costs nothing
    ({"find-turn": 1, "where": 1}, 2),
    ({"find-turn": 1, "find-capture": 1, "chain": 1, "where": 1, "again": 1}, 2),  # one slip a step: 2, not 1
    ({"find-turn": 2}, 2),  # one step that needed more tries
    ({"find-turn": 2, "where": 2}, 1),
    ({"find-turn": 2, "where": 1, "again": 1, "chain": 1}, 2),
])
def test_stars_judge_the_lesson_step_by_step(plan, earned):
    """The star rule (``tutor.progress.stars``): a step slipped once (one wrong try, then found) is forgiven
    once for 3 stars and always for 2; a step helped (more tries, or "Show me") costs the third star, two of
    them the second. Shown as the run goes, and saved with the lesson."""
    progress = Progress()
    run = LessonActivity(fixture(), progress)
    for step in run.lesson.steps:
        _slip(run, plan.get(step.id, 0))
        assert progress.lesson("fixture").tries.get(step.id, (0, 0)) == (plan.get(step.id, 0), 0)
        assert run.stars_so_far == stars(progress.lesson("fixture").tries)
        finish(run, step)
        run.next_step()
    assert run.finished and run.stars_so_far == earned
    rec = progress.lesson("fixture")
    assert (rec.done, rec.stars, rec.wrong, rec.hints) == (True, earned, sum(plan.values()), 0)


@pytest.mark.parametrize(("wrong", "shown", "verdict"), [
    (0, 0, "clean"), (1, 0, "slipped"), (2, 0, "helped"), (1, 1, "helped"), (0, 1, "helped"), (5, 0, "helped")])
def test_a_step_is_clean_slipped_once_or_helped(wrong, shown, verdict):
    assert step_verdict(wrong, shown) == verdict
    with pytest.raises(ValueError):
        step_verdict(-1, 0)


def test_show_me_is_a_slip_and_the_best_stars_are_kept():
    progress = Progress()
    run = LessonActivity(fixture(), progress)
    for step in run.lesson.steps:
        if isinstance(step, GoalStep):
            run.show_me()
            assert not run.done
            run.retry()
        finish(run, step)
        run.next_step()
    shown = sum(isinstance(s, GoalStep) for s in run.lesson.steps)
    assert shown == 3  # three steps helped by "Show me": one star
    assert (progress.lesson("fixture").stars, progress.lesson("fixture").hints) == (1, shown)
    run.restart()
    for step in run.lesson.steps:
        finish(run, step)
        run.next_step()
    assert progress.lesson("fixture").stars == 3
    progress.lesson_done("fixture", 1)
    assert progress.lesson("fixture").stars == 3
    progress.reset_lesson("fixture")
    assert progress.lesson("fixture") == LessonProgress()


# ------------------------------------------------------------------ game steps, navigation


def test_a_game_step_shows_and_waits_without_crashing():
    game = {"id": "play", "kind": "game", "title": "Play", "text": "Beat the computer.", "cites": ["K16"],
            "level": "easy", "done": "Well played."}
    lesson = fixture([*STEPS[:5], game])
    run = at("play", lesson)
    before = run.position
    run.press(3)
    run.show_me()
    assert not run.answer("yes")
    assert run.position == before and not run.done and run.notice is None
    assert run.playable() == () and run.lit() == () and run.turn_text() == ""


def test_back_and_restart():
    run = LessonActivity(fixture(), Progress())
    run.next_step()
    assert run.index == 1
    run.press(3)
    assert run.done
    run.back()
    assert run.index == 0
    run.next_step()
    assert run.index == 1 and not run.done  # the step starts fresh
    run.restart()
    assert run.index == 0
    run.back()
    assert run.index == 0


def test_back_from_the_summary_returns_to_the_last_step():
    run = at("again")
    for step in run.lesson.steps[:-1]:  # the steps before, done earlier (a lesson finishes only with all done)
        run.progress.step_done(run.lesson.id, step.id)
    run.answer("yes")
    run.next_step()
    assert run.finished
    run.back()
    assert not run.finished and run.index == len(run.lesson.steps) - 1 and not run.done


def test_a_bad_step_index_opens_step_1():
    for index in (-1, 99):
        assert LessonActivity(fixture(), Progress(), index).index == 0
    assert LessonActivity(fixture(), Progress(), 3).index == 3


# ------------------------------------------------------------------ every real lesson


def walk(run: LessonActivity) -> bool:
    """Every step of a real lesson, a wrong try first where one can be made; False at a game step."""
    lesson = run.lesson
    for k, step in enumerate(lesson.steps):
        assert run.index == k and not run.finished
        rules, start = lesson.step_rules(step), lesson.step_position(step)
        assert run.rules == rules and run.position == start
        if isinstance(step, GameStep):
            return False
        if isinstance(step, FindStep):
            wrong = next(p for p in legal_moves(start, rules)
                         if not reached(step.goal, Turn(start).then(p, rules), rules))
            run.press(wrong)
            assert run.failed and run.position == play(start, wrong, rules).position
            assert feedback(run).text == (step.why.get(wrong) or words.tried(run.turn.results, misses(step.goal, run.turn, rules),
                                                                             rules=rules))
            run.retry()
            assert run.position == start
        elif isinstance(step, DoStep):
            other = next((p for p in legal_moves(start, rules) if p not in step.lit), None)
            if other is not None:
                run.press(other)
                assert run.position == start and not run.done
        elif isinstance(step, PredictStep):
            wrong = next(c for c in step.options if c != step.answer)
            assert not run.answer(wrong)
            assert run.position == start and not run.done and feedback(run).kind == "warning"
            assert step.why(wrong) in feedback(run).text
        if run.notice is not None:
            assert not RULE_ID.search(feedback(run).text + feedback(run).details), (step.id, run.notice.text)
        finish(run, step)
        if isinstance(step, ReadStep):
            assert run.notice is None
        else:
            first, rest = words.first_sentence(step.done)  # the rest of the step's words is under "Why?"
            assert first in feedback(run).text and rest in feedback(run).details
            assert not RULE_ID.search(feedback(run).text + feedback(run).details), (step.id, run.notice.text)
        assert step.id in run.progress.lesson(lesson.id).steps_done
        run.next_step()
    assert run.finished and run.share == 1.0
    return True


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_learner_walks_each_lesson_to_the_end(lesson_id):
    progress = Progress()
    run = LessonActivity(LESSONS[lesson_id], progress)
    if walk(run):
        rec = progress.lesson(lesson_id)
        assert rec.done and rec.steps_done == {s.id for s in LESSONS[lesson_id].steps}


def test_every_game_ending_move_of_the_lessons_is_told_by_its_outcome_reason():
    """Each lesson move that ends the game is explained (under "Why?") by ``words.end_reason``."""
    for lesson in LESSONS.values():
        for step in lesson.steps:
            pits = [step.pit] if isinstance(step, PredictStep) else list(getattr(step, "lit", []) or [])
            pits += list(getattr(step, "solution", []) or [])[:1]
            for pit in pits:
                pos, rules = lesson.step_position(step), lesson.step_rules(step)
                if pit not in legal_moves(pos, rules):
                    continue
                res = play(pos, pit, rules)
                if res.outcome is None:
                    continue
                assert words.end_reason(res.outcome, rules, res) in words.account([res], rules), (lesson.id, step.id)


def test_a_goal_waits_for_the_end_of_the_turn_only_when_it_must():
    """The engine's goal check on a find goal: reached mid-chain; a goal asking for no capture waits."""
    lesson = fixture()
    step = next(s for s in lesson.steps if s.id == "find-turn")
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    turn = Turn(pos).then(3, rules)
    assert not turn.complete and reached(step.goal, turn, rules)
    assert not reached(Goal(extra_turns=1, capture=False), turn, rules)


def test_show_me_names_the_pits_in_good_english():
    assert words.pits_in_order([6]) == "pit 6"
    assert words.pits_in_order([6, 5, 6]) == "pits 6, 5 and 6"
    assert words.pits_in_order([3, 6]) == "pits 3 and 6"


def test_an_empty_pit_in_a_do_step_says_it_is_empty_then_which_pit_to_press():
    """Lesson 4's first step (a tester pressed its empty pit 4 and was told only to press the lit pit):
    nothing is played, no slip; the sentence is the K5 refusal, the details name the lit pit."""
    from lessons.loader import load_lessons

    lesson = load_lessons()["captures"]
    run = at("first-capture", lesson)
    before = run.position
    assert before.row(before.to_move)[3] == 0
    run.press(4)
    note = feedback(run)
    assert run.position == before and run.wrong == 0 and not run.done
    assert (note.kind, note.text) == ("info", "Not that one: pick one of your own pits that has seeds in it.")
    assert note.details == "Not that one this time: press the lit pit 1, the one that glows."


def test_a_press_is_foreseen_only_where_it_is_played_as_it_is():
    """The board shows a foreseen press at once: a do step foresees only its lit pit (another pit is
    explained, not played), a find step every legal pit; each is the sowing the press then makes."""
    from ui.board_data import sowing_frames

    do = at("press-3")
    ahead = do.foreseen()
    assert list(ahead) == [3]
    do.press(3)
    assert do.sowing == ahead[3] and sowing_frames(do.sowing, do.rules)[0]["counts"]["S3"] == 0
    find = at("find-turn")
    ahead = find.foreseen()
    assert sorted(ahead) == [1, 2, 3, 4, 5, 6]
    find.press(1)
    assert find.sowing == ahead[1] and find.position == ahead[1].end
    assert find.foreseen() == {}  # the board waits for Try again
    assert at("where").foreseen() == {}  # a predict step takes no press


def test_show_me_on_a_step_played_for_north_names_north():
    """Lesson 1 has goal steps played for North: "Show me" names the side whose pits it gives (a tester
    read "pit 4" as their own South pit 4)."""
    lesson = LESSONS["setup"]
    north = [s for s in lesson.steps if isinstance(s, GoalStep) and s.solution
             and lesson.step_position(s).to_move == "N"]
    assert north, "lesson 1 has a goal step played for North"
    step = north[0]
    run = at(step.id, lesson)
    run.show_me()
    pits = words.pits_in_order(step.solution)
    assert feedback(run).text == f"Here is one way, playing for North: {pits}. Now press Try again and play it yourself."
