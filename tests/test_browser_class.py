"""Saved progress and a live class question in a real browser (Debian's Chromium, Playwright).

Progress survives a reload and reaches another device through the learner
link; a teacher and two pupils (three browser contexts, three sessions) run
a live question end to end and the projector's bar chart counts them.
Every step waits for a state, never for a fixed time.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine import play
from lessons.loader import load_lessons, load_puzzles
from tests.browser_support import (
    COUNT_FINISHED,
    TIMEOUT_MS,
    no_error_box,
    open_expander,
    pit_name,
    settle,
    shot,
    wait_idle,
)
from tutor import i18n, words

pytestmark = pytest.mark.browser

PUZZLES = load_puzzles()
KEEPER = "mancala_tutor_learner"


def new_page(browser, width: int = 1366, height: int = 900):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(COUNT_FINISHED)  # as every test's own page (tests/conftest.py): wait_rerun reads it
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    return page


def known_learner(page) -> str:
    """Wait until the browser remembers a learner code (the keeper stored it) and return it."""
    handle = page.wait_for_function(f"() => window.localStorage.getItem('{KEEPER}')", timeout=TIMEOUT_MS)
    return str(handle.json_value())


def make_class(teacher, base: str, name: str) -> str:
    """On ``teacher``'s page, open the Class page as a known learner, make class ``name`` and return its code."""
    teacher.goto(f"{base}/class")
    known_learner(teacher)
    wait_idle(teacher)
    open_expander(teacher, words.label("teacher"))  # builds its fields on opening: a field filled before is lost
    teacher.get_by_label("Class name").fill(name)
    teacher.get_by_role("button", name="Make the class").click()
    return re.search(r"code is (\w{6})", teacher.get_by_text("Your class is made").inner_text()).group(1)


def sidebar_link(page, name: str) -> None:
    """Go to another page inside the app (the same session), as a learner clicks the sidebar."""
    page.locator("[data-testid='stSidebarNav']").get_by_role("link", name=name).click()
    wait_idle(page)


def test_progress_survives_a_reload_and_reaches_another_device(browser, server):
    pid = "capture-pick-the-pile"
    puzzle = PUZZLES[pid]
    page = new_page(browser)
    page.goto(f"{server}/puzzles?puzzle={pid}")
    code = known_learner(page)
    side = puzzle.start.to_move
    page.get_by_role("button", name=pit_name(side, 2, puzzle.start.row(side)[1]), exact=True).click()
    settle(page, play(puzzle.start, 2, puzzle.game_rules).position.to_notation())
    solved = words.progress_line(0, len(load_lessons()), 1, 0, 1)
    page.get_by_text(solved).wait_for()
    page.reload()
    wait_idle(page)
    page.get_by_text(solved).wait_for()
    assert known_learner(page) == code
    other = new_page(browser, 390, 844)
    other.goto(f"{server}/?learner={code}")
    other.get_by_text(f"The progress of {code} is loaded").wait_for(state="attached")  # in the folded sidebar
    expect(other.get_by_text(solved)).to_be_attached()
    assert "learner=" not in other.url
    assert known_learner(other) == code
    assert no_error_box(page) and no_error_box(other)
    shot(other, "class-other-device")


def open_with_pin(page, server, code: str, pin: str):
    """``page`` opens the Class page and types class ``code``'s teacher PIN (clicked once)."""
    page.goto(f"{server}/class")
    known_learner(page)
    wait_idle(page)
    open_expander(page, words.label("teacher"))
    page.locator(".st-key-class_open_code input").fill(code)
    page.locator(".st-key-class_pin input").fill(pin)
    page.locator(".st-key-class_open button").click()
    return page


def join(browser, server, code: str, name: str):
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/class")
    known_learner(page)
    page.get_by_label("Class code").fill(code)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join the class").click()
    page.get_by_text("You are in the class").wait_for()
    return page


def test_a_live_question_is_answered_by_two_pupils_and_counted(browser, server):
    teacher = new_page(browser, 1920, 1080)
    teacher.goto(f"{server}/class")
    known_learner(teacher)
    wait_idle(teacher)
    open_expander(teacher, words.label("teacher"))  # builds its fields on opening: a field filled before is lost
    teacher.get_by_label("Class name").fill("Year 5")
    teacher.get_by_role("button", name="Make the class").click()
    made = teacher.get_by_text("Your class is made").inner_text()
    code = re.search(r"code is (\w{6})", made).group(1)
    expect(teacher.get_by_text(re.compile(r"Teacher PIN: \d{6}"))).to_have_count(0)  # not on the projector
    shot(teacher, "class-made-projector")
    teacher.get_by_role("button", name=words.label("show_pin")).click()
    said = teacher.get_by_role("dialog").get_by_text(re.compile(r"Teacher PIN: \d{6}")).inner_text()
    pin = re.search(r"PIN: (\d{6})", said).group(1)
    shot(teacher, "class-pin-dialog")
    teacher.get_by_role("button", name=words.label("wrote_down")).click()
    expect(teacher.get_by_role("dialog")).to_have_count(0)
    expect(teacher.get_by_text(pin)).to_have_count(0)
    assert pin.isdigit()

    pupils = [join(browser, server, code, "Ada"), join(browser, server, code, "Bo")]
    for pupil in pupils:
        pupil.get_by_text("No question right now").wait_for()

    sidebar_link(teacher, "Sandbox")
    teacher.get_by_role("button", name="Ask my class").click()
    teacher.get_by_text("Sent to Year 5").wait_for()  # the question is open (not just the click made)
    sidebar_link(teacher, "Class")
    teacher.get_by_text(words.live_answers_of(0, 2)).wait_for()

    for pupil in pupils:  # their Class page asks for news by itself
        pupil.get_by_text(words.question_prompt("S")).first.wait_for()
        pupil.get_by_role("button", name=pit_name("S", 3, 4), exact=True).click()
        pupil.get_by_text("You chose pit 3").wait_for()
    teacher.get_by_text(words.live_answers_of(2, 2)).wait_for()
    # no bars on the projector while pupils still choose (they would steer the rest)
    expect(teacher.locator(".st-key-live_chart")).to_have_count(0)
    shot(teacher, "class-live-answers")

    teacher.get_by_role("button", name="Show the answers").click()
    teacher.get_by_text("Pit 3").first.wait_for()
    bars = teacher.locator(".st-key-live_chart .js-plotly-plot .bartext")
    expect(bars.filter(has_text=re.compile(r"^2$"))).to_have_count(1)
    teacher.get_by_text("Best move: pit 3").wait_for()  # the book's exact values at the start
    shot(teacher, "class-live-revealed-projector")  # no names on the projector: the table is closed
    open_expander(teacher, words.label("who_chose"))
    who = teacher.locator("[data-testid='stDataFrame']").first
    expect(who.get_by_role("gridcell", include_hidden=True).filter(has_text="✓")).to_have_count(2)
    shot(teacher, "class-live-revealed")
    for pupil in pupils:
        pupil.get_by_text("Your teacher showed the answers. You chose pit 3").wait_for()
    shot(pupils[0], "class-live-pupil-revealed")
    assert all(no_error_box(p) for p in [teacher, *pupils])


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_class_table_fits_a_laptop_screen(browser, server, lang):
    """At 1366x768 (sidebar open) the teacher's table needs no sideways scrolling, in either language, a
    long name too (ut46 #8: "Last a" was cut): its headings are short ("L1"), the stars' total is left to
    the CSV, and a pupil's missed puzzle wraps in its column (taller rows)."""
    from store import classes, learners, teachers
    from store.db import Database
    from store.progress import StoredProgress

    db = Database()  # the server's database (MANCALA_DB_URL, set by tests/conftest.py)
    code, pin, _ = teachers.create_class(db, "Ε2", teachers.new_key())
    first = next(iter(load_lessons().values()))
    for name in ("Ada", "Νίκος Παπαδάκης"):  # a name longer than class_page.NAME_CHARS: a narrow name column
        me = learners.new_learner(db)
        classes.join(db, me, code, name)
        progress = StoredProgress(db, me)
        for step in first.steps:
            progress.step_done(first.id, step.id)
        progress.lesson_done(first.id, 3)
        progress.puzzle_solved("capture-pick-the-pile")
        progress.puzzle_missed(list(PUZZLES)[-1])
    db.dispose()

    teacher = new_page(browser, 1366, 768)
    teacher.goto(f"{server}/class?lang={lang}")
    known_learner(teacher)
    wait_idle(teacher)
    i18n.use(lang)
    try:
        open_expander(teacher, words.label("teacher"))
        teacher.locator(".st-key-class_open_code input").fill(code)
        teacher.locator(".st-key-class_pin input").fill(pin)
        teacher.locator(".st-key-class_open button").click()
        teacher.get_by_text(words.pupils_now(2)).wait_for()
        open_expander(teacher, words.label("for_your_screen"))  # names and progress: the teacher's screen only
        teacher.get_by_text(words.class_heading("Ε2", 2)).wait_for()
        heads = [words.label(k) for k in ("col_name", "col_solved_short", "col_missed_short", "col_last_active")]
        heads += [words.lesson_column_short(1), words.lesson_column_short(8)]
        finished = words.lesson_cell(len(first.steps), len(first.steps), 3, True)
    finally:
        i18n.use(None)
    grid = teacher.locator("[data-testid='stDataFrame']")  # the page's one table (a keyed table has no st-key class)
    grid.wait_for()
    wait_idle(teacher)
    shot(teacher, f"class-table-{lang}-1366")
    cells = grid.get_by_role("gridcell", include_hidden=True)  # the grid's accessible table (drawn on a canvas)
    expect(cells.filter(has_text=finished)).to_have_count(2)
    expect(grid.get_by_role("columnheader", name=words.label("col_stars"), exact=True, include_hidden=True)
           ).to_have_count(0)  # each finished lesson's cell draws its stars; the total is the CSV's
    for head in heads:
        expect(grid.get_by_role("columnheader", name=head, exact=True, include_hidden=True)).to_have_count(1)
    sizes = grid.locator(".dvn-scroller").evaluate("s => [s.scrollWidth, s.clientWidth]")
    assert sizes[0] <= sizes[1], f"the class table ({lang}) scrolls sideways: {sizes[0]} px in {sizes[1]} px"


def test_a_reload_keeps_the_teachers_view_until_the_class_is_closed(browser, server):
    """Teacher: a reload of the projector's page asked for the PIN again. The browser that gave the
    PIN keeps a teacher key: after a reload the class is there; after "Close the class", it is not."""
    from store import teachers
    from store.db import Database

    db = Database()  # the server's database (MANCALA_DB_URL, set by tests/conftest.py)
    code, pin, _ = teachers.create_class(db, "4A", teachers.new_key())
    db.dispose()
    teacher = open_with_pin(new_page(browser, 1366, 768), server, code, pin)
    heading = teacher.get_by_text(words.pupils_now(0))
    heading.wait_for()
    wait_idle(teacher)
    teacher.reload()
    heading.wait_for()  # no PIN asked
    wait_idle(teacher)
    teacher.get_by_role("button", name=words.label("close_class")).click()
    expect(heading).to_have_count(0)
    wait_idle(teacher)
    teacher.reload()
    known_learner(teacher)
    wait_idle(teacher)
    expect(heading).to_have_count(0)
    assert no_error_box(teacher)


def test_a_pupil_who_read_the_pin_is_listed_and_signed_out_by_the_teacher(browser, server):
    """Hostile tester: a pupil typed the PIN (read off the shared screen) and got the teacher's view.
    The PIN is no longer drawn unasked; one that leaked lists the pupil's browser among the teacher
    devices on the owner's screen, and *Sign out* ends that view within a poll."""
    teacher = new_page(browser, 1366, 768)
    code = make_class(teacher, server, "6C")
    teacher.get_by_role("button", name=words.label("show_pin")).click()
    pin = re.search(r"PIN: (\d{6})", teacher.get_by_role("dialog").get_by_text("Teacher PIN:").inner_text()).group(1)
    teacher.get_by_role("button", name=words.label("wrote_down")).click()
    expect(teacher.get_by_role("dialog")).to_have_count(0)

    pupil = open_with_pin(new_page(browser, 390, 844), server, code, pin)
    pupil.get_by_text(words.pupils_now(0)).wait_for()

    open_expander(teacher, words.label("for_your_screen"))
    teacher.get_by_text(words.device_name(2, False, False), exact=False).wait_for()
    shot(teacher, "class-teacher-devices")
    teacher.get_by_role("button", name=words.label("sign_out_device")).click()
    expect(teacher.get_by_text(words.device_name(2, False, False), exact=False)).to_have_count(0)
    pupil.get_by_text(words.signed_out("owner")).wait_for()  # its projector panel asks the store each poll
    expect(pupil.get_by_text(words.pupils_now(0))).to_have_count(0)
    assert no_error_box(teacher) and no_error_box(pupil)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_on_a_phone_the_question_pop_up_opens_class_with_the_sidebar_closed(browser, server, lang):
    """A pupil on a phone (390x844, the sidebar closed) playing in the Sandbox: the teacher's question
    comes as a pop-up whose "Open Class" opens the Class page in the same tab, at the question (the
    pop-up said "Open Class" with nothing to press; the sidebar's link was behind the closed sidebar)."""
    from store import classes, learners, live, teachers
    from store.db import Database

    db = Database()  # the server's database (MANCALA_DB_URL, set by tests/conftest.py)
    code, _, _ = teachers.create_class(db, "5B", teachers.new_key())
    me = learners.new_learner(db)
    classes.join(db, me, code, "Ada")
    pupil = new_page(browser, 390, 844)
    pupil.goto(f"{server}/sandbox?learner={me}&lang={lang}")
    wait_idle(pupil)
    live.ask(db, code, "/sandbox?pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")
    db.dispose()
    i18n.use(lang)
    try:
        title, link, prompt = words.question_open(), words.label("open_class"), words.question_prompt("S")
    finally:
        i18n.use(None)
    sidebar = pupil.locator("[data-testid='stSidebar']")
    assert sidebar.evaluate("e => e.getBoundingClientRect().right") <= 0  # closed: off the screen
    popup = pupil.get_by_role("dialog")
    expect(popup).to_contain_text(title)  # the banner polls every 10 s
    shot(pupil, f"class-question-popup-phone-{lang}")
    popup.get_by_role("link", name=link).click()
    expect(pupil).to_have_url(re.compile(rf"^{re.escape(server)}/class(\?.*)?$"))
    pupil.get_by_text(prompt).first.wait_for()
    expect(pupil.get_by_role("dialog")).to_have_count(0)
    assert len(pupil.context.pages) == 1 and no_error_box(pupil)
