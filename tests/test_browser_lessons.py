"""The lessons in a real browser (Debian's Chromium, Playwright).

A learner opens a lesson step by its link (``?step=k``), presses pits on the drawn board and
answers predictions; the feedback stands beside the board (above it on a phone) and is on the
first screen at 1366x768, 1920x1080 and 390x844; a press never moves the board; in step mode
nothing is said until the last seed is down. Steps are found by kind in the loaded lessons (the
content is rewritten separately). Screenshots go to ``tests/screenshots/lesson-*.png``
(git-ignored). Every test waits for states, never for a fixed time.
"""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from engine import Turn, legal_moves, misses, play, reached
from lessons.loader import load_lessons
from lessons.models import DoStep, GoalStep, PredictStep
from tests.browser_support import (
    open_expander,
    wait_board,
    board_html,
    no_error_box,
    pit_name,
    set_switch,
    settle,
    shot,
    sized,
    slow_sowing,
    wait_board_change,
    wait_idle,
    wait_known,
    while_sowing,
)
from tutor import i18n, words
from ui.lesson import LESSON_PAGES
from ui.lesson_panel import RIGHT_CSS, WRONG_CSS

pytestmark = pytest.mark.browser

LESSONS = load_lessons()
SIZES = [(1366, 768, "laptop"), (1920, 1080, "projector"), (390, 844, "phone")]


@pytest.fixture
def page(page, server):
    return sized(page, 1280, 1000)


def at_step(page, k: int, total: int) -> None:
    page.get_by_text(words.step_counter(k, total), exact=True).wait_for()


def next_step(page, k: int, total: int) -> None:
    """Press Next on step ``k`` (1-based) and wait for step ``k + 1``. The page is let finish its
    run first, so the button pressed is the one drawn last (as a learner sees it)."""
    wait_idle(page)
    nxt = page.get_by_role("button", name="Next", exact=True)
    expect(nxt).to_be_enabled()
    nxt.click()
    at_step(page, k + 1, total)


def open_step(page, server, lesson_id: str, k: int) -> None:
    """Open step ``k`` (1-based) of a lesson by its link and wait until its board is drawn."""
    lesson = LESSONS[lesson_id]
    page.goto(f"{server}/{LESSON_PAGES[lesson_id]}?step={k}")
    at_step(page, k, len(lesson.steps))
    step = lesson.steps[k - 1]
    page.wait_for_selector(f".mt-board[data-notation='{lesson.step_position(step).to_notation()}']")
    wait_idle(page)


def a_missed_try():
    """The first find or goal step of the lessons with a pit whose turn ends at once without the
    goal, that pit, and the sentence the page says for it (the step's why, else the engine's)."""
    for lesson_id, lesson in LESSONS.items():
        for k, step in enumerate(lesson.steps, 1):
            if not isinstance(step, GoalStep):
                continue
            start, rules = lesson.step_position(step), lesson.step_rules(step)
            for pit in legal_moves(start, rules):
                turn = Turn(start).then(pit, rules)
                if turn.complete and not reached(step.goal, turn, rules):
                    said = step.why.get(pit) or words.tried(turn.results, misses(step.goal, turn, rules), rules=rules)
                    return lesson_id, k, step, pit, turn.position, said
    pytest.skip("no find or goal step can be missed in one move")


def miss_once(page, start, pit: int, after) -> None:
    """A first missed try and Try again (one slip in the lesson: still three stars, ``tutor.progress.stars``),
    so the next missed try in the step is the one that costs a star."""
    side = start.to_move
    page.get_by_role("button", name=pit_name(side, pit, start.row(side)[pit - 1])).click()
    settle(page, after.to_notation())
    page.get_by_role("button", name=words.label("try_again")).click()
    settle(page, start.to_notation())
    expect(page.get_by_text(words.stars_so_far(3), exact=True).filter(visible=True)).to_have_count(1)


def a_prediction():
    """The first predict step of the lessons: lesson id, its number (1-based), the step, a wrong choice."""
    for lesson_id, lesson in LESSONS.items():
        for k, step in enumerate(lesson.steps, 1):
            if isinstance(step, PredictStep):
                return lesson_id, k, step, next(c for c in step.options if c != step.answer)
    pytest.skip("no predict step")


def to_top(page) -> None:
    """Scroll the page back to its top (the first screen)."""
    page.evaluate("() => { for (const e of document.querySelectorAll('*')) if (e.scrollTop) e.scrollTop = 0; }")


def on_first_screen(page, locator) -> None:
    """``locator`` lies wholly inside the viewport with the page at its top (no scrolling needed)."""
    to_top(page)
    box, view = locator.bounding_box(), page.viewport_size
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (box, view)
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (box, view)


def alert(page, lesson_id: str):
    """The feedback's sentence (its coloured box) in the lesson's feedback slot."""
    return page.locator(f".st-key-lesson_{lesson_id}_feedback [data-testid='stAlert']").first


def board_top(page, lesson_id: str) -> float:
    """Where the board's top is on the page (not in the viewport): scrolling does not change it."""
    return page.locator(f".st-key-lesson_board_{lesson_id}").first.evaluate(
        "b => { let y = b.getBoundingClientRect().top;"
        " for (let e = b.parentElement; e; e = e.parentElement) y += e.scrollTop; return y; }")


def board_box(page, lesson_id: str) -> dict:
    return page.locator(f".st-key-lesson_board_{lesson_id}").first.bounding_box()


def background(locator) -> str:
    return locator.evaluate("b => getComputedStyle(b).backgroundColor")


def css_rgb(css: str) -> str:
    """The background of one of ``ui.lesson_panel``'s answer styles as the browser reports it."""
    hexa = re.search(r"background: #(\w{6})", css)[1]
    return "rgb({}, {}, {})".format(*(int(hexa[i:i + 2], 16) for i in (0, 2, 4)))


@pytest.mark.parametrize(("width", "height", "name"), SIZES)
def test_the_feedback_is_on_the_first_screen_and_the_board_stays_put(page, server, width, height, name):
    """A wrong press in a find/goal step and a wrong then right answer: each one's sentence is on
    the first screen without scrolling, Try again puts the board back. The board never moves beside
    the panel; on a phone the verdict's room opens above it once, after the seeds are down, and stays."""
    sized(page, width, height)
    lesson_id, k, step, pit, after, said = a_missed_try()
    open_step(page, server, lesson_id, k)
    start = LESSONS[lesson_id].step_position(step)
    side = start.to_move
    button = page.get_by_role("button", name=pit_name(side, pit, start.row(side)[pit - 1]))
    top = board_top(page, lesson_id)
    button.click()
    settle(page, after.to_notation())
    warning = page.get_by_text(said, exact=True)
    warning.wait_for(state="visible")
    phone = name == "phone"
    moved = board_top(page, lesson_id)
    assert moved > top if phone else moved == top  # beside the panel, the board did not move under the pointer
    shot(page, f"lesson-{name}-missed-try")
    on_first_screen(page, warning)
    page.get_by_role("button", name=words.lesson_label("why")).click()
    page.get_by_text(words.move_account(play(start, pit, LESSONS[lesson_id].step_rules(step)),
                                        LESSONS[lesson_id].step_rules(step))[:40]).first.wait_for(state="visible")
    shot(page, f"lesson-{name}-why")
    page.keyboard.press("Escape")
    page.get_by_role("button", name=words.label("try_again")).click()
    page.wait_for_selector(f".mt-board[data-notation='{start.to_notation()}']")
    expect(page.get_by_text(said, exact=True)).to_have_count(0)
    wait_idle(page)
    assert board_top(page, lesson_id) == moved  # Try again keeps the room: the board stays

    lesson_id, k, step, wrong = a_prediction()
    open_step(page, server, lesson_id, k)
    top = board_top(page, lesson_id)
    page.get_by_role("button", name=words.answer_label(wrong), exact=True).click()
    marked = page.locator(f".st-key-lesson_{lesson_id}_{step.id}_answer_{step.options.index(wrong)} button")
    expect(marked).to_be_disabled()
    expect(marked).to_have_css("background-color", css_rgb(WRONG_CSS))
    notice = alert(page, lesson_id)
    expect(notice).to_contain_text(step.why(wrong) or "Not quite")
    on_first_screen(page, notice)
    moved = board_top(page, lesson_id)
    assert moved > top if phone else moved == top
    page.get_by_role("button", name=words.answer_label(step.answer), exact=True).click()
    lesson = LESSONS[lesson_id]
    settle(page, play(lesson.step_position(step), step.pit, lesson.step_rules(step)).position.to_notation())
    right = alert(page, lesson_id)
    expect(right).to_contain_text("Right!")
    chosen = page.locator(f".st-key-lesson_{lesson_id}_{step.id}_answer_{step.options.index(step.answer)} button")
    expect(chosen).to_have_css("background-color", css_rgb(RIGHT_CSS))
    assert board_top(page, lesson_id) == moved
    assert no_error_box(page)
    shot(page, f"lesson-{name}-right-answer")
    on_first_screen(page, right)


def test_in_step_mode_nothing_is_said_until_the_last_seed(page, server):
    """A teacher clicks through the seeds of a missed try: no sentence, no Try again, and the
    stars unchanged until the last seed is down; then all of them. The same for a right answer:
    no "Right!", no green and no open Next until the last seed (an open Next would tell it was right)."""
    lesson_id, k, step, pit, after, said = a_missed_try()
    open_step(page, server, lesson_id, k)
    start = LESSONS[lesson_id].step_position(step)
    miss_once(page, start, pit, after)
    open_expander(page, words.label("board_settings"))
    set_switch(page, words.label("step_mode"), True)
    side = start.to_move
    page.get_by_role("button", name=pit_name(side, pit, start.row(side)[pit - 1])).click()
    nxt = page.get_by_role("button", name="Next seed")
    nxt.wait_for()
    clicks = 0
    while page.locator(".mt-next").count():
        wait_idle(page)
        expect(page.get_by_text(words.label("watch"))).to_be_visible()
        assert not page.get_by_text(said, exact=True).first.is_visible()
        assert not page.get_by_role("button", name=words.label("try_again")).is_visible()
        expect(page.get_by_text(words.stars_so_far(3), exact=True).filter(visible=True)).to_have_count(1)
        before = board_html(page)
        nxt.click()
        clicks += 1
        wait_board_change(page, before)
    assert clicks >= 1
    settle(page, after.to_notation())
    page.get_by_text(said, exact=True).wait_for(state="visible")
    expect(page.get_by_role("button", name=words.label("try_again"))).to_be_visible()
    expect(page.get_by_text(words.stars_so_far(2), exact=True).filter(visible=True)).to_have_count(1)
    expect(page.get_by_text(words.stars_so_far(3), exact=True).filter(visible=True)).to_have_count(0)
    expect(page.get_by_text(words.label("watch"))).to_be_hidden()

    # the right answer of a prediction: no "Right!", no green and no open Next before the last seed
    lesson_id, k, step, _wrong = a_prediction()
    open_step(page, server, lesson_id, k)  # a new page: a new session, step mode off again
    open_expander(page, words.label("board_settings"))
    set_switch(page, words.label("step_mode"), True)
    lesson = LESSONS[lesson_id]
    page.get_by_role("button", name=words.answer_label(step.answer), exact=True).click()
    chosen = page.locator(f".st-key-lesson_{lesson_id}_{step.id}_answer_{step.options.index(step.answer)} button")
    nxt.wait_for()
    while page.locator(".mt-next").count():
        wait_idle(page)
        expect(page.get_by_text(words.label("watch"))).to_be_visible()
        expect(alert(page, lesson_id)).to_be_hidden()
        assert background(chosen) != css_rgb(RIGHT_CSS)
        expect(page.get_by_role("button", name="Next", exact=True).filter(visible=True)).to_be_disabled()
        before = board_html(page)
        nxt.click()
        wait_board_change(page, before)
    settle(page, play(lesson.step_position(step), step.pit, lesson.step_rules(step)).position.to_notation())
    expect(alert(page, lesson_id)).to_contain_text("Right!")
    expect(chosen).to_have_css("background-color", css_rgb(RIGHT_CSS))
    expect(page.get_by_role("button", name="Next", exact=True).filter(visible=True)).to_be_enabled()


def test_on_a_projector_the_verdict_waits_for_the_sowing_and_next_stays_in_view(page, server):
    """1920x1080, a do step: the step's words wait for the sowing (Next opens at once: the step is
    done), then stand beside the board; the board never moves; Next is on screen."""
    sized(page, 1920, 1080)
    lesson_id, k, step = next(((lid, k, s) for lid, lesson in LESSONS.items()
                               for k, s in enumerate(lesson.steps, 1) if isinstance(s, DoStep)), (None, 0, None))
    if step is None:
        pytest.skip("no do step")
    open_step(page, server, lesson_id, k)
    slow_sowing(page)
    top = board_box(page, lesson_id)["y"]
    pos = LESSONS[lesson_id].step_position(step)
    side, pit = pos.to_move, step.lit[0]
    page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1])).click()
    page.get_by_text(words.label("watch")).wait_for(state="visible")
    assert while_sowing(page, [words.label("watch"), words.first_sentence(step.done)[0][:40]]) == [True, False]
    expect(page.get_by_role("button", name="Next", exact=True)).to_be_enabled()
    done = page.get_by_text(words.first_sentence(step.done)[0][:40]).first
    done.wait_for(state="visible")
    box = board_box(page, lesson_id)
    assert box["y"] == top
    said = done.bounding_box()
    assert said["x"] > box["x"] + box["width"] / 2 and said["y"] < box["y"] + box["height"]  # beside the board
    nxt = page.get_by_role("button", name="Next", exact=True)
    expect(nxt).to_be_enabled()
    assert nxt.bounding_box()["y"] + nxt.bounding_box()["height"] <= 1080
    shot(page, "lesson-projector-done")


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_learner_presses_the_lit_pit_of_each_lesson(page, server, lesson_id):
    """Open each lesson at its first do step (by its link), press the lit pit: the board and the words
    change and Next opens; Next leads to the following step."""
    lesson = LESSONS[lesson_id]
    total = len(lesson.steps)
    found = next((k for k, s in enumerate(lesson.steps, 1) if isinstance(s, DoStep)), None)
    if found is None:
        pytest.skip(f"lesson {lesson_id} has no do step")
    open_step(page, server, lesson_id, found)
    shot(page, f"lesson-{lesson.number}-start")
    step = lesson.steps[found - 1]
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    pit, side = step.lit[0], pos.to_move
    button = page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1]))
    expect(button).to_have_class(re.compile(r"\bmt-lit\b"))  # the do step's board has arrived
    button.click()
    after = play(pos, pit, rules).position
    settle(page, after.to_notation())
    page.get_by_role("button", name=pit_name(side, pit, after.row(side)[pit - 1])).wait_for()
    page.get_by_text(words.first_sentence(step.done)[0][:40]).first.wait_for(state="visible")
    assert no_error_box(page)
    shot(page, f"lesson-{lesson.number}-after-{step.id}")
    if found < total:
        next_step(page, found, total)


def test_a_lesson_page_loads_no_missing_resource_of_ours(page, server):
    """Opening a lesson by its URL: the only 404s are Streamlit's own probes of
    ``/<page>/_stcore/health`` and ``/<page>/_stcore/host-config`` (streamlit/streamlit#7074,
    made by its frontend on every deep link, then retried at the root); nothing of ours is missing."""
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    lesson_id = list(LESSONS)[-1]
    page.goto(f"{server}/{LESSON_PAGES[lesson_id]}")
    at_step(page, 1, len(LESSONS[lesson_id].steps))
    wait_idle(page)
    ours = [u for u in missing if not u.endswith(("/_stcore/health", "/_stcore/host-config"))]
    assert ours == [], ours



def test_next_is_usable_while_the_seeds_are_sown_and_skips_the_rest(page, server):
    """1366x768, a do step at slow speed: right after the lit pit is pressed (the board still sowing,
    "Watch the seeds..." shown), Next is enabled; pressing it opens the next step at once."""
    sized(page, 1366, 768)
    lesson_id, k, step = next(((lid, k, s) for lid, lesson in LESSONS.items()
                               for k, s in enumerate(lesson.steps, 1) if isinstance(s, DoStep)), (None, 0, None))
    if step is None:
        pytest.skip("no do step")
    lesson = LESSONS[lesson_id]
    open_step(page, server, lesson_id, k)
    slow_sowing(page)
    pos = lesson.step_position(step)
    side, pit = pos.to_move, step.lit[0]
    page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1])).click()
    page.get_by_text(words.label("watch")).wait_for(state="visible")
    nxt = page.get_by_role("button", name="Next", exact=True)
    expect(nxt).to_be_enabled()
    assert page.locator(".mt-board[data-animating='true']").count() == 1  # still sowing
    shot(page, "lesson-next-while-sowing")
    nxt.click()
    at_step(page, k + 1, len(lesson.steps))
    assert no_error_box(page)


def test_a_reload_keeps_the_star_a_wrong_try_cost(page, server):
    """A second missed try in a step costs a star; F5 (a new session, the learner's code kept by the browser)
    shows the same stars, at the same step."""
    lesson_id, k, step, pit, after, said = a_missed_try()
    open_step(page, server, lesson_id, k)
    start = LESSONS[lesson_id].step_position(step)
    miss_once(page, start, pit, after)
    side = start.to_move
    page.get_by_role("button", name=pit_name(side, pit, start.row(side)[pit - 1])).click()
    settle(page, after.to_notation())
    page.get_by_role("button", name=words.label("try_again")).wait_for(state="visible")
    expect(page.get_by_text(words.stars_so_far(2), exact=True).filter(visible=True)).to_have_count(1)
    page.reload()
    at_step(page, k, len(LESSONS[lesson_id].steps))
    wait_idle(page)
    expect(page.get_by_text(words.stars_so_far(2), exact=True).filter(visible=True)).to_have_count(1)
    expect(page.get_by_text(words.stars_so_far(3), exact=True).filter(visible=True)).to_have_count(0)


def test_on_a_phone_no_empty_gap_stands_between_the_prompt_and_the_board(page, server):
    """390x844, a find step freshly opened: "Your move..." stands right above the board (no room kept
    for a verdict not yet given), and the whole board is on the first screen."""
    sized(page, 390, 844)
    lesson_id, k, step = next((lid, k, s) for lid, lesson in LESSONS.items()
                              for k, s in enumerate(lesson.steps, 1) if s.kind == "find")
    open_step(page, server, lesson_id, k)
    prompt = page.get_by_text(words.lesson_label("your_move"), exact=True)
    to_top(page)
    said, board = prompt.bounding_box(), board_box(page, lesson_id)
    gap = board["y"] - (said["y"] + said["height"])
    assert 0 <= gap <= 64, gap  # the row's gap and the board's "South to move" line
    assert board["y"] + board["height"] <= 844, board
    shot(page, "lesson-phone-find-no-gap")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_on_a_laptop_a_missed_try_of_the_longest_step_is_on_the_first_screen(page, server, lang):
    """1366x768: the find or goal step with the most text (its board lowest): after a missed try its
    sentence and Try again stand beside the board, wholly on the first screen."""
    sized(page, 1366, 768)
    lessons = load_lessons(lang=lang)
    found = []
    for lesson_id, lesson in lessons.items():
        for k, step in enumerate(lesson.steps, 1):
            if not isinstance(step, GoalStep):
                continue
            start, rules = lesson.step_position(step), lesson.step_rules(step)
            pit = next((p for p in legal_moves(start, rules) if Turn(start).then(p, rules).complete
                        and not reached(step.goal, Turn(start).then(p, rules), rules)), None)
            if pit is not None:
                found.append((len(step.title) + len(step.text), lesson_id, k, step, pit))
    _, lesson_id, k, step, pit = max(found, key=lambda f: f[0])
    lesson = lessons[lesson_id]
    start = lesson.step_position(step)
    page.goto(f"{server}/{LESSON_PAGES[lesson_id]}?step={k}&lang={lang}")
    page.wait_for_selector(f".mt-board[data-notation='{start.to_notation()}']")
    wait_idle(page)
    page.locator(f".mt-pit[data-place='{start.to_move}{pit}']").first.click()
    settle(page, Turn(start).then(pit, lesson.step_rules(step)).position.to_notation())
    retry = page.locator(f".st-key-lesson_{lesson_id}_retry button").first
    retry.wait_for(state="visible")
    on_first_screen(page, alert(page, lesson_id))
    on_first_screen(page, retry)
    said, board = alert(page, lesson_id).bounding_box(), board_box(page, lesson_id)
    assert said["x"] >= board["x"] + board["width"]  # beside the board
    assert no_error_box(page)
    shot(page, f"lesson-laptop-longest-missed-try-{lang}")


def test_a_do_step_rings_only_its_lit_pit(page, server):
    """Tester (a child): "press the lit pit 1", but pits 2-6 wore the green ring of a pit to play and
    looked lit too. On a board that lights a pit, the other pits (still pressable, to be explained)
    wear no ring; elsewhere (the sandbox) every pit to play does."""
    lesson_id, k, step = next(((lid, k, s) for lid, lesson in LESSONS.items()
                               for k, s in enumerate(lesson.steps, 1) if isinstance(s, DoStep)))
    open_step(page, server, lesson_id, k)
    wait_board(page)
    ring = "0px 0px 0px 3px"
    other = page.locator(".mt-board[data-lit='true'] .mt-pit.mt-playable:not(.mt-lit)").first
    lit = page.locator(".mt-board[data-lit='true'] .mt-pit.mt-lit").first
    assert ring not in other.evaluate("e => getComputedStyle(e).boxShadow")
    assert "0px 0px 0px 4px" in lit.evaluate("e => getComputedStyle(e).boxShadow")  # the lit pit's glow
    page.goto(f"{server}/sandbox")
    wait_board(page)
    playable = page.locator(".mt-board:not([data-lit]) .mt-pit.mt-playable").first
    assert ring in playable.evaluate("e => getComputedStyle(e).boxShadow")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_one_back_leaves_a_lesson_opened_from_the_sidebar(page, server, lang):
    """Tester: Back from a lesson just opened in the sidebar showed the same lesson again (the page had
    written ``?step=1``, and in Greek ``?lang=el``, each a new entry in the browser's history): one
    Back now returns to the page before (ui/address.py). Next still makes an entry: Back returns to
    the step before, then to the page before."""
    page.goto(f"{server}/?lang={lang}")
    wait_known(page)
    lesson_id = list(LESSONS)[0]
    total = len(LESSONS[lesson_id].steps)
    page.locator(f"[data-testid='stSidebarNav'] a[href$='/{LESSON_PAGES[lesson_id]}']").click()
    page.wait_for_url(re.compile(rf"/{LESSON_PAGES[lesson_id]}\?(.*&)?step=1"))
    wait_idle(page)
    if lang == "en":
        next_step(page, 1, total)
        page.wait_for_url(re.compile(r"step=2"))
        page.go_back()
        page.wait_for_url(re.compile(rf"/{LESSON_PAGES[lesson_id]}\?(.*&)?step=1"))
        at_step(page, 1, total)
        wait_idle(page)
    page.go_back()
    page.wait_for_url(re.compile(rf"{re.escape(server)}/(\?.*)?$"))
    i18n.use(lang)
    try:
        home = words.page_heading("home")
    finally:
        i18n.use(None)
    expect(page.locator("h1").first).to_have_text(home)
    wait_idle(page)
    assert urlparse(page.url).path == "/"
