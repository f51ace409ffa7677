"""The lesson runner: walks a learner through one lesson of ``lessons/``.

A lesson page calls :func:`render` with a lesson id (``"setup"``, ``"sowing"``,
``"extra-turns"``, ``"captures"``, ``"ending"``, ``"awari"``). The runner keeps
one :class:`LessonRun` per lesson in ``st.session_state["lesson_runs"]`` and
writes the learner's progress through ``ui.state.lesson_record`` (Home and the
sidebar read it there).

Every action is a plain function that tests call directly, as the buttons do:

- :func:`click_pit` is the ONE click handler of the board (``ui.board.board``
  calls it with the pit pressed). A pit that is not the step's move changes
  nothing and is explained by the rule it breaks (``IllegalMoveError.rule_id``)
  or by what that move would do (``MoveResult.rules_fired``).
- :func:`answer` checks a prediction against the lesson file (whose answers
  the loader proved with the engine); a right answer plays the move.
- :func:`next_step`, :func:`back`, :func:`restart`, :func:`retry`, :func:`show_me`.

Nothing here decides a rule: moves come from ``engine.play``, words for rule
ids from ``lessons/rules.toml`` (via ``ui.announce``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from engine import IllegalMoveError, MoveResult, Position, Rules, play
from lessons.loader import (
    DoStep,
    GoalStep,
    Lesson,
    PredictStep,
    ReadStep,
    goal_failures,
    goal_reached,
    load_lessons,
)
from ui import frame, state
from ui.announce import (
    announcements,
    illegal_text,
    result_text,
    rule_text,
    rule_title,
    seeds_word,
    side_name,
)
from ui.board import Sowing, board, sowing_frames

RUNS_KEY = "lesson_runs"
STEP_PARAM = "step"
"""The URL keeps ``?step=k`` (1-based) so a reload (F5) opens the lesson at the same step."""
BOARD_MAX = "60rem"
"""Widest a lesson's board gets, so text, board and Next fit a 1920x1080 screen."""
WATCH = "Watch the seeds..."
"""What stands in for a move's verdict while the board animates it (:func:`after_sowing`)."""

LESSON_PAGES = {
    "setup": "pages/lesson_1_setup.py",
    "sowing": "pages/lesson_2_sowing.py",
    "extra-turns": "pages/lesson_3_extra_turns.py",
    "captures": "pages/lesson_4_captures.py",
    "ending": "pages/lesson_5_ending.py",
    "awari": "pages/lesson_6_awari.py",
}
"""Lesson id -> page file (the order of the lessons)."""


@st.cache_data(show_spinner=False)
def lessons() -> dict[str, Lesson]:
    """Every lesson, loaded and checked once (``lessons.loader.load_lessons``)."""
    return load_lessons()


@dataclass
class LessonRun:
    """Where a learner is in one lesson.

    ``index``: the step shown (0-based); ``finished``: the summary is shown.
    ``position``: the board now (the step's start until a move is played).
    ``results``: moves played in this step, in order (a goal's whole turn).
    ``done``: the step is complete, Next is open. ``failed``: a goal try
    missed (the board stays as it ended, "Try again" resets it).
    ``notice``: ``(kind, text)`` below the board, kind ``"success"``,
    ``"warning"`` or ``"info"``. ``sow_start``/``sow``/``sow_id``: what the
    board animates (``ui.board.Sowing``). ``shown_sow``: the sowing the page last drew. ``wrong``: wrong presses and
    answers in this step (a count, for tests and teachers). ``record``: this
    lesson's progress record in ``ui.state`` (``{"steps_done": set, "done": bool}``),
    fetched again on every page run, so the actions can write progress
    without a script run (tests call them directly).
    """

    lesson_id: str
    position: Position
    index: int = 0
    finished: bool = False
    results: list[MoveResult] = field(default_factory=list)
    done: bool = False
    failed: bool = False
    notice: tuple[str, str] | None = None
    sow_start: Position | None = None
    sow: list[MoveResult] = field(default_factory=list)
    sow_id: int = 0
    wrong: int = 0
    shown_sow: int = -1
    record: dict = field(default_factory=lambda: {"steps_done": set(), "done": False})

    @property
    def lesson(self) -> Lesson:
        return lessons()[self.lesson_id]

    @property
    def step(self) -> ReadStep | DoStep | PredictStep | GoalStep:
        return self.lesson.steps[self.index]

    @property
    def rules(self) -> Rules:
        return self.lesson.step_rules(self.step)


def _step_from_link(lesson: Lesson) -> int:
    """The 0-based step index named by ``?step=k`` (1-based) in the URL, else 0 (bad values too)."""
    try:
        k = int(st.query_params.get(STEP_PARAM, "1"))
    except Exception:  # noqa: BLE001 - no script context, or not a number
        return 0
    return k - 1 if 1 <= k <= len(lesson.steps) else 0


def run_for(lesson_id: str) -> LessonRun:
    """The session's run of ``lesson_id``, created at the step of ``?step=k`` (after a reload) or the first."""
    state.init()
    runs = st.session_state.setdefault(RUNS_KEY, {})
    if lesson_id not in runs:
        start = lessons()[lesson_id]
        run = LessonRun(lesson_id, start.step_position(start.steps[0]), record=state.lesson_record(lesson_id))
        _start_step(run, _step_from_link(start))
        runs[lesson_id] = run
    run = runs[lesson_id]
    run.record = state.lesson_record(lesson_id)
    return run


# ----------------------------------------------------------------- actions


def _start_step(run: LessonRun, index: int) -> None:
    run.index = index
    run.finished = False
    run.position = run.lesson.step_position(run.step)
    run.results = []
    run.failed = False
    run.notice = None
    run.sow_start, run.sow = None, []
    run.sow_id += 1
    run.done = False
    if isinstance(run.step, ReadStep):
        _complete(run)


def _complete(run: LessonRun) -> None:
    run.done = True
    run.record["steps_done"].add(run.step.id)


def _played(run: LessonRun, before: Position, results: list[MoveResult]) -> None:
    run.sow_start, run.sow = before, list(results)
    run.sow_id += 1


def move_words(result: MoveResult) -> str:
    """What a move did, from the engine's result: where the last seed went, the rules it used.

    Every rule sentence comes from ``ui.announce`` (``lessons/rules.toml``);
    the end of the game is told by ``announce.result_text`` from
    ``result.outcome.reason`` (row empty, stuck, early win...), never guessed here.
    """
    seeds = len(result.path)
    if seeds == 1:
        words = [f"Pit {result.pit} sows 1 seed; it lands in {result.last}."]
    else:
        words = [f"Pit {result.pit} sows {seeds_word(seeds)}; the last one lands in {result.last}."]
    words += [f"{text} ({rule_id})" for rule_id, text in announcements(result)]
    if result.outcome is not None:
        words.append(result_text(result.outcome, result))
    return " ".join(words)


def pits_in_order(pits: list[int]) -> str:
    """Pits played one after another: ``[6]`` -> ``"pit 6"``, ``[6, 5, 6]`` -> ``"pits 6, 5 and 6"``."""
    if len(pits) == 1:
        return f"pit {pits[0]}"
    return "pits " + ", ".join(str(p) for p in pits[:-1]) + f" and {pits[-1]}"


def lit_words(pits: list[int]) -> str:
    """``[2]`` -> ``"pit 2"``, ``[2, 5]`` -> ``"pit 2 or pit 5"`` (the pits a step lights)."""
    return " or ".join(f"pit {p}" for p in pits)


def rule_badge(rule_id: str) -> str:
    """A rule id as a small grey badge (markdown), e.g. ``:gray-badge[K6]``."""
    return f":gray-badge[{rule_id}]"


def about_words(ids: list[str]) -> str:
    """What a step teaches, in words: each cited rule's sentence from ``lessons/rules.toml`` with its id as a badge."""
    lines = [f"- **{rule_title(r)}.** {rule_text(r)} {rule_badge(r)}" for r in ids]
    return "This step is about:\n" + "\n".join(lines)


def _with_hint(text: str, hint: str) -> str:
    return f"{text}\n\n{hint}" if hint else text


def click_pit(pit: int, run: LessonRun | None = None) -> None:
    """The board's one click handler: the learner pressed ``pit`` (1..n, the mover's numbering).

    ``do`` step: the lit pit is played; any other pit changes nothing and
    is explained. ``goal`` step: any legal pit is played; when the goal
    is reached (``lessons.loader.goal_reached``, checked after every move,
    also in the middle of a chain of extra turns) the step is done at once,
    and the message describes the move that reached it.
    ``read``/``predict`` steps and finished steps ignore presses.
    ``run`` defaults to the run of the page's lesson; tests pass
    ``AppTest.session_state["lesson_runs"][lesson_id]``.
    """
    run = run or run_for(st.session_state["lesson_page"])
    step = run.step
    if run.finished or run.done or run.failed or not isinstance(step, (DoStep, GoalStep)):
        return
    pos, rules = run.position, run.rules
    try:
        result = play(pos, pit, rules)
    except IllegalMoveError as exc:
        run.wrong += 1
        run.notice = ("warning", _with_hint(illegal_text(exc.rule_id, str(exc)), step.hint))
        return
    if isinstance(step, DoStep):
        if pit not in step.lit:
            run.wrong += 1
            text = (
                f"Pit {pit} is a real move, but not this step's: press the lit {lit_words(step.lit)}.\n\n"
                f"{about_words(step.cites)}\n\n"
                f"(What pit {pit} would do: {move_words(result)})"
            )
            run.notice = ("warning", _with_hint(text, step.hint))
            return
        run.position = result.position
        run.results = [result]
        _played(run, pos, [result])
        _complete(run)
        run.notice = ("success", f"{step.done}\n\n{move_words(result)}")
        return
    # goal step: one turn of free moves, the goal checked after every move (also mid-chain)
    run.results.append(result)
    run.position = result.position
    _played(run, pos, [result])
    learner = run.lesson.step_position(step).to_move
    if goal_reached(step.goal, learner, run.results):
        _complete(run)
        run.notice = ("success", f"Goal reached! {step.done}\n\n{move_words(result)}")
        return
    if result.extra_turn:
        run.notice = ("info", f"{move_words(result)} Keep going: it is still your turn.")
        return
    missed = goal_failures(step.goal, learner, run.results)
    run.wrong += 1
    run.failed = True
    text = f"{move_words(result)}\n\nNot yet: {'; '.join(missed)}. Press **Try again**."
    run.notice = ("warning", _with_hint(text, step.hint))


def answer(choice: str, run: LessonRun | None = None) -> bool:
    """The learner answers a ``predict`` step with ``choice``; returns whether it is right.

    Right: the step's move is played (and animated), the step is done.
    Wrong: nothing changes; the notice says so, with the step's hint.
    """
    run = run or run_for(st.session_state["lesson_page"])
    step = run.step
    if not isinstance(step, PredictStep) or run.done or run.finished:
        return False
    if choice != step.answer:
        run.wrong += 1
        run.notice = ("warning", _with_hint(f"Not quite: it is not **{choice}**. Have another go.", step.hint))
        return False
    pos = run.position
    result = play(pos, step.pit, run.rules)
    run.position = result.position
    run.results = [result]
    _played(run, pos, [result])
    _complete(run)
    run.notice = ("success", f"Right! {step.done}\n\n{move_words(result)}")
    return True


def _answer_button(choice: str, run: LessonRun) -> None:
    answer(choice, run)


def retry(run: LessonRun | None = None) -> None:
    """Start the current step again from its position (after a missed goal)."""
    run = run or run_for(st.session_state["lesson_page"])
    _start_step(run, run.index)


def show_me(run: LessonRun | None = None) -> None:
    """Play a goal step's solution from the lesson file (animated) and finish the step."""
    run = run or run_for(st.session_state["lesson_page"])
    step = run.step
    if not isinstance(step, GoalStep):
        return
    _start_step(run, run.index)
    start = pos = run.position
    results = []
    for pit in step.solution:
        results.append(play(pos, pit, run.rules))
        pos = results[-1].position
    run.results, run.position = results, pos
    _played(run, start, results)
    _complete(run)
    run.notice = ("info", f"Here is one way: {pits_in_order([r.pit for r in results])}. {step.done}")


def next_step(run: LessonRun | None = None) -> None:
    """Go to the next step (only when this one is done); after the last, show the summary."""
    run = run or run_for(st.session_state["lesson_page"])
    if run.finished or not run.done:
        return
    if run.index + 1 < len(run.lesson.steps):
        _start_step(run, run.index + 1)
    else:
        run.finished = True
        run.notice = None
        run.record["done"] = True


def back(run: LessonRun | None = None) -> None:
    """Go back one step (it starts fresh); from the summary, back to the last step."""
    run = run or run_for(st.session_state["lesson_page"])
    if run.finished:
        _start_step(run, run.index)
    elif run.index > 0:
        _start_step(run, run.index - 1)


def restart(run: LessonRun | None = None) -> None:
    """Start the lesson again from step 1 (progress already made is kept)."""
    run = run or run_for(st.session_state["lesson_page"])
    _start_step(run, 0)


# ----------------------------------------------------------------- drawing


def sowing_ms(sowing: Sowing | None) -> int:
    """How long the board's animation of ``sowing`` lasts, in ms (``ui.board`` timing).

    One frame per ``ui.board.sowing_frames`` entry at the speed of
    ``ui.state.board_prefs()``, a held frame twice as long. 0 when nothing
    plays by itself: no sowing, animation off, or step mode (the teacher
    clicks "Next seed").
    """
    if sowing is None or not sowing.results:
        return 0
    prefs = state.board_prefs()
    if not prefs["animate"] or prefs["step"]:
        return 0
    ms = state.SPEEDS.get(prefs["speed"], 350)
    return sum(2 * ms if f["hold"] else ms for f in sowing_frames(sowing.start, sowing.results))


def after_sowing(key: str, sowing: Sowing | None, fresh: bool):
    """A container for a move's verdict that appears only when the board's animation is over.

    "Solved!", "Goal reached!" or "Not yet" must not give away how the
    sowing ends. When ``fresh`` (this run draws the action for the first
    time) and the board animates ``sowing``, a line "Watch the seeds..."
    stands where the verdict will be, and the verdict fades in after
    :func:`sowing_ms` (pure CSS, keyed by the sowing's id). Returns the
    container (use it with ``with``).
    """
    ms = sowing_ms(sowing) if fresh else 0
    if not ms or sowing is None:
        return st.container(key=key)
    tag = "".join(ch if ch.isalnum() else "_" for ch in f"{key}_{sowing.id}")
    st.html(
        "<style>"
        f".st-key-{tag}, .st-key-{tag} * {{ animation: mt-reveal-{tag} .3s ease-out {ms}ms both; }}"
        f"@keyframes mt-reveal-{tag} {{ from {{ opacity: 0; visibility: hidden; }}"
        " to { opacity: 1; visibility: visible; } }"
        f".st-key-{tag}_watch {{ overflow: hidden; }}"
        f".st-key-{tag}_watch, .st-key-{tag}_watch * {{ animation: mt-gone-{tag} 1ms linear {ms}ms forwards; }}"
        f"@keyframes mt-gone-{tag} {{ from, to {{ max-height: 0; visibility: hidden; }} }}"
        "</style>"
    )
    st.container(key=f"{tag}_watch").caption(WATCH)
    return st.container(key=tag)



def _rule_badges(ids: list[str]) -> str:
    return " · ".join(f"**{rule_id}** {rule_title(rule_id)}" for rule_id in ids)


def _sowing(run: LessonRun) -> Sowing | None:
    """What the board animates now (the step's last action), ``None`` when nothing."""
    return Sowing(run.sow_start, tuple(run.sow), str(run.sow_id)) if run.sow and run.sow_start else None


def _board(run: LessonRun) -> None:
    step, rules, pos = run.step, run.rules, run.position
    n = rules.pits
    lit: list = []
    on_pit = None
    if not run.done and not run.failed:
        if isinstance(step, DoStep):
            lit, on_pit = list(step.lit), click_pit
        elif isinstance(step, PredictStep):
            lit = [step.pit]
        elif isinstance(step, GoalStep):
            on_pit = click_pit
    last = run.results[-1] if run.results else None
    sowing = _sowing(run)
    if isinstance(step, ReadStep) or on_pit is None:
        turn = None
        if run.done and last is None:
            turn = f"{side_name(pos.to_move)} to move"
    else:
        turn = f"{side_name(pos.to_move)} to move: press a pit"
    board(
        pos, rules, key=f"lesson_board_{run.lesson_id}",
        lit=lit,
        path=last.path if last else (),
        origin=(last.mover, last.pit) if last else None,
        on_pit=on_pit,
        playable=list(range(1, n + 1)) if on_pit else (),
        sowing=sowing,
        current=lambda: run_for(run.lesson_id).position,
        turn_text=turn,
    )
    if step.caption:
        st.caption(step.caption)


def _notice(run: LessonRun) -> None:
    if run.notice:
        kind, text = run.notice
        getattr(st, kind)(text)


def _predict_choices(run: LessonRun, step: PredictStep) -> None:
    st.markdown(f"**{step.question}**")
    cols = st.columns(len(step.options))
    for i, (col, choice) in enumerate(zip(cols, step.options)):
        col.button(
            choice, key=f"lesson_{run.lesson_id}_{step.id}_answer_{i}", on_click=_answer_button,
            args=(choice, run), disabled=run.done, width="stretch",
        )


def _nav(run: LessonRun, stacked: bool = False) -> None:
    """Back / Next (or Finish) / Restart: in a row, or one above the other (Next first) beside the feedback."""
    lid = run.lesson_id
    if stacked:
        slots = [st.container(), st.container(), st.container()]
        back_slot, next_slot, restart_slot = slots[1], slots[0], slots[2]
    else:
        cols = st.columns([1, 1, 1, 2])
        back_slot, next_slot, restart_slot = cols[0], cols[1], cols[2]
    back_slot.button(
        "Back", key=f"lesson_{lid}_back", icon=":material/arrow_back:", on_click=back, args=(run,),
        disabled=run.index == 0 and not run.finished, width="stretch",
    )
    if not run.finished:
        last = run.index + 1 == len(run.lesson.steps)
        next_slot.button(
            "Finish" if last else "Next", key=f"lesson_{lid}_next", icon=":material/arrow_forward:",
            on_click=next_step, args=(run,), disabled=not run.done, type="primary",
            width="stretch",
            help=None if run.done else "Finish this step first",
        )
    restart_slot.button(
        "Restart", key=f"lesson_{lid}_restart", icon=":material/restart_alt:", on_click=restart,
        args=(run,), width="stretch",
    )


def _summary(run: LessonRun) -> None:
    lesson = run.lesson
    st.subheader("Lesson complete!")
    st.success(lesson.summary)
    st.markdown("**Rules you learnt in this lesson:**")
    st.markdown("\n".join(f"- **{rule_id}** {rule_title(rule_id)}" for rule_id in lesson.cited))
    ids = list(LESSON_PAGES)
    pos = ids.index(lesson.id)
    if pos + 1 < len(ids):
        frame.link(LESSON_PAGES[ids[pos + 1]], f"Next: lesson {pos + 2}", ":material/school:")
    else:
        frame.link("pages/puzzles.py", "All six lessons done: try the puzzles", ":material/extension:")


def _sidebar(run: LessonRun) -> None:
    rec = state.lesson_record(run.lesson_id)
    total = len(run.lesson.steps)
    with st.sidebar:
        st.caption(f"This lesson: {len(rec['steps_done'])} of {total} steps done" + (" ✓" if rec["done"] else ""))


def progress_overview() -> None:
    """One line per lesson: steps done of all steps, and a tick when finished (for Home)."""
    state.init()
    lines = []
    for number, (lesson_id, lesson) in enumerate(lessons().items(), 1):
        rec = state.progress()["lessons"].get(lesson_id, {"steps_done": set(), "done": False})
        done = len(rec["steps_done"])
        mark = " ✓" if rec["done"] else ""
        lines.append(f"- Lesson {number}, {lesson.title}: {done} of {len(lesson.steps)} steps{mark}")
    st.markdown("\n".join(lines))


def render(lesson_id: str) -> None:
    """Draw the lesson page below its title: step k of n, text, board, answers, navigation."""
    st.session_state["lesson_page"] = lesson_id
    run = run_for(lesson_id)
    # On a wide screen (a 1920x1080 projector) the board would grow to its largest size
    # and push Next below the fold: lesson boards stay at most BOARD_MAX wide.
    st.html(f"<style>.st-key-lesson_board_{lesson_id} {{ max-width: {BOARD_MAX}; margin-inline: auto; }}</style>")
    lesson = run.lesson
    total = len(lesson.steps)
    _sidebar(run)
    st.caption(lesson.intro)
    if run.finished:
        st.progress(1.0, text=f"All {total} steps done")
        _summary(run)
        _nav(run)
        return
    step = run.step
    if st.query_params.get(STEP_PARAM) != str(run.index + 1):
        st.query_params[STEP_PARAM] = str(run.index + 1)
    st.progress((run.index + (1 if run.done else 0)) / total, text=f"Step {run.index + 1} of {total}")
    st.subheader(step.title)
    st.markdown(step.text)
    st.caption(f"Rules: {_rule_badges(step.cites)}")
    if isinstance(step, PredictStep):
        _predict_choices(run, step)
    _board(run)
    # Below the board, so a press never moves the board under the pointer:
    # the feedback (after the sowing animation) beside Next / Back / Restart.
    left, right = st.columns([3, 1], gap="medium")
    with right:
        _nav(run, stacked=True)
    with left:
        sowing = _sowing(run)
        fresh = run.shown_sow != run.sow_id
        run.shown_sow = run.sow_id
        with after_sowing(f"lesson_{lesson_id}_verdict", sowing, fresh):
            _notice(run)
            if isinstance(step, GoalStep) and run.failed:
                row = st.container(horizontal=True)
                row.button("Try again", key=f"lesson_{lesson_id}_retry", on_click=retry, args=(run,),
                           icon=":material/replay:")
                row.button("Show me", key=f"lesson_{lesson_id}_show", on_click=show_me, args=(run,),
                           icon=":material/visibility:")
