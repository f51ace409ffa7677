"""The data's lifecycle in a real browser (Debian's Chromium, Playwright): a teacher deletes a class while
a pupil has it open, the pupil's page says the class is gone by itself, and the pupil then erases
everything kept under their code, and their browser keeps a new one. Two browser contexts, two
sessions; every step waits for a state, never for a fixed time, and no click is made twice.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_support import no_error_box, open_expander, shot, wait_idle
from tests.test_browser_class import KEEPER, known_learner, make_class, new_page
from tutor import words

pytestmark = pytest.mark.browser


def confirm(page, opener: str, yes: str) -> None:
    """Open the pop-up of the button ``opener`` and press its button ``yes`` (each clicked once)."""
    wait_idle(page)
    page.get_by_role("button", name=opener).click()
    body = page.locator("[data-testid='stPopoverBody']")
    body.get_by_role("button", name=yes).click()


def test_a_teacher_deletes_the_class_its_pupil_is_told_and_erases_their_own_data(browser, server):
    teacher = new_page(browser)
    code = make_class(teacher, server, "Year 6")

    pupil = new_page(browser)
    pupil.goto(f"{server}/class")
    old = known_learner(pupil)
    pupil.get_by_label("Class code").fill(code)
    pupil.get_by_label("Your name").fill("Ada")
    pupil.get_by_role("button", name="Join the class").click()
    pupil.get_by_text("No question right now").wait_for()

    open_expander(teacher, words.label("for_your_screen"))
    teacher.get_by_text(words.class_heading("Year 6", 1)).wait_for()
    wait_idle(teacher)
    teacher.get_by_role("button", name=words.delete_class_label()).click()
    body = teacher.locator("[data-testid='stPopoverBody']")
    expect(body.get_by_text("Delete the class Year 6 (code " + code + ") for good?")).to_be_visible()
    shot(teacher, "lifecycle-delete-confirm")
    body.get_by_role("button", name=words.delete_class_confirm()).click()
    teacher.get_by_text(words.class_deleted("Year 6")).wait_for()
    expect(teacher.get_by_text(words.join_code_line(code))).to_have_count(0)

    pupil.get_by_text(words.class_gone_pupil()).wait_for()  # its page asks for news by itself
    expect(pupil.get_by_label("Class code")).to_be_visible()
    shot(pupil, "lifecycle-class-gone")

    open_expander(pupil, words.label("continue_elsewhere"))
    pupil.get_by_text(f"Your learner code is {old}").wait_for()
    confirm(pupil, words.erase_label(), words.erase_confirm())
    pupil.get_by_text(f"Everything kept under {old} is erased").wait_for()
    expect(pupil.locator("[data-testid='stPopoverBody']")).to_have_count(0)  # closed: it would name the new code
    handle = pupil.wait_for_function(
        f"(old) => {{ const c = window.localStorage.getItem('{KEEPER}'); return c && c !== old ? c : null; }}", arg=old)
    new = str(handle.json_value())
    assert len(new) == 8 and new != old
    pupil.get_by_text(f"Your learner code is {new}").wait_for()
    shot(pupil, "lifecycle-erased")
    assert no_error_box(teacher) and no_error_box(pupil)
