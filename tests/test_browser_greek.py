"""The app in Greek in the real browser: a lesson step pressed through to its feedback, with the
board's accessible names in Greek (the names Python makes for the board, filled in by board.js)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine import play
from lessons.loader import load_lessons
from lessons.models import DoStep
from tests.browser_support import no_error_box, settle, shot, wait_idle, sized
from tutor import i18n, words

pytestmark = pytest.mark.browser


@pytest.fixture
def page(page, server):
    return sized(page)


def greek(make):
    """What ``make()`` says in Greek."""
    i18n.use("el")
    try:
        return make()
    finally:
        i18n.use(None)


def pit_name(side: str, pit: int, seeds: int) -> str:
    return greek(lambda: words.board_words()["pit"].format(side=words.side_name(side), pit=pit,
                                                           seeds=words.seeds_word(seeds)))


def test_a_greek_lesson_step_pressed_through_to_its_feedback(page, server):
    lesson = load_lessons(lang="el")["setup"]
    k, step = next((k, s) for k, s in enumerate(lesson.steps, 1) if isinstance(s, DoStep))
    page.goto(f"{server}/lesson_1_setup?lang=el&step={k}")
    # the learner keeper has reported the browser's code (its run binds the progress), then the page is still
    page.wait_for_function("() => window.localStorage.getItem('mancala_tutor_learner')")
    wait_idle(page)
    expect(page.locator("h1").first).to_have_text(greek(lambda: words.page_heading("lesson_1_setup")))
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    pit = step.lit[0]
    name = pit_name(pos.to_move, pit, pos.row(pos.to_move)[pit - 1])
    assert "λακκάκι" in name and "σπόρ" in name
    button = page.get_by_role("button", name=name)
    expect(button).to_have_class(re.compile(r"\bmt-lit\b"))
    store = greek(lambda: words.board_words()["store"].format(label=words.store_label("S", False),
                                                             seeds=words.seeds_word(pos.south_store)))
    expect(page.get_by_role("img", name=store)).to_have_count(1)
    button.click()
    after = play(pos, pit, rules).position
    settle(page, after.to_notation())
    page.get_by_text(words.first_sentence(step.done)[0][:40]).first.wait_for(state="visible")
    expect(page.get_by_role("button", name=pit_name(pos.to_move, pit, after.row(pos.to_move)[pit - 1]))).to_have_count(1)
    assert no_error_box(page)
    shot(page, "greek-lesson-step-feedback")


def test_the_language_chosen_is_remembered_by_the_browser_for_the_next_visit(page, server):
    """Tester: a Greek teacher opened the app again the next day and it was in English. A language
    chosen (a link's ``?lang=``, the switch) is kept by the browser's learner keeper; a later visit
    without one opens in it, and a link's own language still wins."""
    page.goto(f"{server}/sandbox?lang=el")
    page.wait_for_function("() => window.localStorage.getItem('mancala_tutor_lang') === 'el'")
    page.goto(f"{server}/sandbox")
    expect(page.locator("h1").first).to_have_text(greek(lambda: words.page_heading("sandbox")))
    page.wait_for_url(re.compile(r"[?&]lang=el\b"))
    wait_idle(page)
    page.goto(f"{server}/sandbox?lang=en")
    expect(page.locator("h1").first).to_have_text(words.page_heading("sandbox"))
    page.wait_for_function("() => window.localStorage.getItem('mancala_tutor_lang') === 'en'")
    page.goto(f"{server}/sandbox")
    wait_idle(page)
    expect(page.locator("h1").first).to_have_text(words.page_heading("sandbox"))
    assert no_error_box(page)


def _inside(inner: dict, outer: dict) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def _apart(a: dict, b: dict) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("width,height,name", [(1366, 768, "laptop"), (390, 844, "phone")])
def test_the_greek_awari_store_words_fit_on_the_board(page, server, width, height, name):
    """Awari's store caption in Greek ("αιχμάλωτοι") and the stores' names lie wholly on the board
    (never cut by its edge) and clear of the pit numbers, on a laptop and on a phone."""
    sized(page, width, height)
    lesson = load_lessons(lang="el")["awari"]
    k, step = next((k, s) for k, s in enumerate(lesson.steps, 1) if s.kind in ("find", "do", "predict"))
    page.goto(f"{server}/lesson_6_awari?lang=el&step={k}")
    page.wait_for_selector(f".mt-board[data-notation='{lesson.step_position(step).to_notation()}']")
    wait_idle(page)
    grid = page.locator(".mt-grid").first
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    caption = greek(words.captured_caption)
    store_words = page.locator(".mt-store-name, .mt-store-caption")
    expect(store_words).to_have_count(4)
    assert store_words.all_text_contents().count(caption) == 2 and len(caption) >= 10
    numbers = [n.bounding_box() for n in page.locator(".mt-label").all()]
    for word in store_words.all():
        where = word.bounding_box()
        assert _inside(where, box), (word.text_content(), where, box)
        assert all(_apart(where, n) for n in numbers), (word.text_content(), where)
    assert no_error_box(page)
    shot(page, f"greek-awari-store-words-{name}")


def test_the_puzzle_menus_follow_the_language_switch_and_keep_the_choice(page, server):
    """ut48a #3: a menu's choice lives in the browser as its words, so after the switch the theme and the
    difficulty still read "Biggest capture now" and "Any" beside Greek options; now they are said in Greek and
    the theme chosen stays chosen (``ui.lang._hand_on_choices``)."""
    page.goto(f"{server}/puzzles")
    theme = page.locator(".st-key-puzzle_theme input[role='combobox']")
    level = page.locator(".st-key-puzzle_level input[role='combobox']")
    expect(level).to_have_value(words.label("any"))
    theme.click()
    title = words.theme_entries()["capture"].title
    page.get_by_role("option", name=title, exact=True).click()
    expect(theme).to_have_value(title)
    wait_idle(page)
    page.get_by_text("Ελληνικά", exact=True).click()
    expect(page.locator("h1").first).to_have_text(greek(lambda: words.page_heading("puzzles")))
    expect(theme).to_have_value(greek(lambda: words.theme_entries()["capture"].title))
    expect(level).to_have_value(greek(lambda: words.label("any")))
    assert no_error_box(page)
