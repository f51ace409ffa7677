"""Homework of reviewing one's own games in a real browser (Debian's Chromium, Playwright): a teacher whose
browser is in Athens sets it on the Class page (the homework keeps her browser's time zone, read through
``st.context.timezone``), and a pupil whose browser is in Los Angeles sees it first on Home and follows its
link to the Sandbox. Every step waits for a state, never for a fixed time; nothing asserted depends on the
day the test runs (the due day is the form's own, a week ahead).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_support import COUNT_FINISHED, TIMEOUT_MS, no_error_box, open_expander, shot, wait_idle
from tests.test_browser_class import open_with_pin
from tutor import words

pytestmark = pytest.mark.browser


def page_in(browser, zone: str):
    """A new browser (its own context and session) whose clock is in time zone ``zone``."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, timezone_id=zone)
    context.add_init_script(COUNT_FINISHED)  # as every test's own page (tests/conftest.py): wait_rerun reads it
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    return page


def open_class(teacher, server: str, code: str, pin: str, pupils: int) -> None:
    """The teacher's browser opens class ``code`` with its PIN on the Class page and waits for its ``pupils``."""
    open_with_pin(teacher, server, code, pin)
    teacher.get_by_text(words.pupils_now(pupils)).wait_for()


def test_a_teacher_in_athens_sets_reviews_and_a_pupil_in_los_angeles_sees_it_first_on_home(browser, server):
    from store import classes, homework as stored, learners, teachers
    from store.db import Database

    db = Database()  # the server's database
    try:
        code, pin, _ = teachers.create_class(db, "6Z", teachers.new_key())
        me = learners.new_learner(db)
        classes.join(db, me, code, "Zoe")

        teacher = page_in(browser, "Europe/Athens")
        open_class(teacher, server, code, pin, pupils=1)
        open_expander(teacher, words.label("for_your_screen"))
        # the form's panel sits inside "For your screen" (open_expander would find the outer one): one click
        teacher.locator("summary").filter(has_text=words.homework_label("set")).click()
        reviews = teacher.get_by_text(words.homework_label("kind_reviews"))
        expect(reviews).to_be_visible()
        reviews.click()
        expect(teacher.get_by_role("radio", name=words.homework_label("kind_reviews"))).to_be_checked()
        teacher.get_by_text(words.homework_label("replay")).wait_for()  # drawn by the run the choice made
        wait_idle(teacher)
        teacher.get_by_text(words.homework_label("replay")).click()
        expect(teacher.get_by_role("checkbox", name=words.homework_label("replay"))).to_be_checked()
        wait_idle(teacher)
        teacher.locator(".st-key-class_hw_set button").click()
        teacher.get_by_text("Homework set: review 2 of their own games and play their mistakes again, due").wait_for()
        assert no_error_box(teacher)
        shot(teacher, "homework-reviews-set")
        [set_] = stored.homeworks(db, code)
        assert (set_.kind, set_.count, set_.replay, set_.zone) == ("reviews", 2, True, "Europe/Athens")

        pupil = page_in(browser, "America/Los_Angeles")
        pupil.goto(f"{server}/?learner={me}")
        line = pupil.get_by_text(re.compile(r"^Homework: review 2 of your own games and play your mistakes again by "
                                            r".* — 0 of 2 games reviewed\.$"))
        line.wait_for()
        assert no_error_box(pupil)
        shot(pupil, "homework-reviews-home")
        wait_idle(pupil)
        pupil.get_by_role("link", name=words.homework_label("go_play")).click()
        expect(pupil).to_have_url(re.compile(r"/sandbox(\?|$)"))
        expect(pupil.locator("[data-testid='stSidebarNavLink'][aria-current='page']")).to_have_text(
            re.compile(words.page_title("sandbox")))
    finally:
        db.dispose()


SCROLLER = """() => {
  const tables = document.querySelectorAll("[data-testid='stDataFrame']");
  const scroller = tables[tables.length - 1].querySelector('.dvn-scroller');
  return scroller ? [scroller.scrollWidth, scroller.clientWidth] : null;
}"""
"""The homework table's (the page's last) scroller: its content's width and its own, in px."""


@pytest.mark.parametrize("width,height,fits", [(1366, 768, True), (1920, 1080, True), (390, 844, False)])
def test_six_homeworks_fit_a_1366_px_laptop_with_no_sideways_scroll(browser, server, width, height, fits):
    """At 1366 px the homework table scrolled sideways from the fourth or fifth homework: six now fit (narrow
    columns headed by number and due day); a phone scrolls, the names pinned. Screenshots of each size."""
    import datetime as dt

    from store import classes, homework as stored, learners, teachers
    from store.db import Database

    db = Database()  # the server's database
    try:
        code, pin, _ = teachers.create_class(db, "6W", teachers.new_key())
        for name in ("Anna", "Katerina Papadopoulou", "Lia"):
            classes.join(db, learners.new_learner(db), code, name)
        soon = dt.datetime.now(dt.UTC)  # the due days only head the columns: nothing asserted depends on them
        for n in range(6):
            stored.set_homework(db, code, "reviews", [], "", n + 1, soon.date() + dt.timedelta(days=n), at=soon,
                                replay=n % 2 == 1, zone="Europe/Athens")
        teacher = page_in(browser, "Europe/Athens")
        teacher.set_viewport_size({"width": width, "height": height})
        open_class(teacher, server, code, pin, pupils=3)
        open_expander(teacher, words.label("for_your_screen"))
        teacher.get_by_text(words.homework_label("download")).wait_for()
        wait_idle(teacher)
        sizes = teacher.wait_for_function(SCROLLER).json_value()
        teacher.locator("[data-testid='stDataFrame']").last.scroll_into_view_if_needed()
        shot(teacher, f"homework-six-{width}x{height}")
        assert (sizes[0] <= sizes[1]) is fits, sizes
        assert no_error_box(teacher)
    finally:
        db.dispose()
