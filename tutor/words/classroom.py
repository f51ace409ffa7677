"""The sentences and labels of learner codes, saved progress, classes and live class questions.

Codes and PINs named here are made by the app (letters of ``store.learners.ALPHABET``
and digits), never a user's text; names a user typed are only ever shown by
the page as plain text (a table cell, a caption), never inside these sentences' markup.
"""

from __future__ import annotations

from engine import Side

from ..i18n import gettext as _
from ..i18n import ngettext, per_language, pgettext
from ..names import NAME_MAX
from .basics import and_list, literal, of_total, or_list, side_name


@per_language
def classroom_labels() -> dict[str, str]:
    """The short labels of this part (merged into ``words.label``), keyed by stable ids."""
    return {
        "my_progress_saved": _("Your learner code"),
        "continue_elsewhere": _("Continue on another device"),
        "use_code": _("Use a learner code"),
        "use_code_go": _("Use this code"),
        "learner_code": _("Learner code"),
        "forget_me": _("Forget me on this device"),
        "forget_me_confirm": _("Yes, forget me here"),
        "reset_lesson": _("Reset this lesson"),
        "reset_all": _("Reset all my progress"),
        "reset_all_confirm": _("Yes, forget all my progress"),
        "my_class": _("My class"),
        "class_code": _("Class code"),
        "your_name": _("Your name"),
        "join_class": _("Join the class"),
        "leave_class": _("Leave the class"),
        "teacher": _("For teachers"),
        "create_class": _("Make a new class"),
        "class_name": _("Class name"),
        "create_class_go": _("Make the class"),
        "open_class": _("Open my class"),
        "teacher_class_code": _("Code of your class"),
        "teacher_pin": _("Teacher PIN"),
        "open_class_go": _("Open"),
        "close_class": _("Close the class view"),
        "class_table": _("Who did what"),
        "class_heatmap": _("Steps done per lesson"),
        "download_csv": _("Download the class table (CSV)"),
        "live_question": _("Live question"),
        "who_chose": _("Who chose what (for your screen)"),
        "ask_class": _("Ask my class"),
        "reveal": _("Show the answers"),
        "end_question": _("End the question"),
        # the class table's headings (also the CSV's): as short as its cells, so the table fits a
        # laptop's screen in every language (a heading is one line; a wide one widens its column)
        "col_name": pgettext("class table heading", "Name"),
        "col_puzzles_first_try": pgettext("class table heading", "Puzzles solved at the first try"),
        "col_puzzles_helped": pgettext("class table heading", "Puzzles solved after a wrong try or a hint"),
        "col_puzzles_solved": pgettext("class table heading", "Puzzles solved: at the first try + after a wrong try or a hint"),
        "col_puzzles_missed": pgettext("class table heading", "Puzzles missed"),
        # what the table on screen shows for its two puzzle columns (their full names: the tooltip)
        "col_solved_short": pgettext("class table heading", "Solved"),
        "col_missed_short": pgettext("class table heading", "Missed"),
        "none_missed": _("none"),
        "col_last_active": pgettext("class table heading", "Last active"),
        # the CSV's own columns (a spreadsheet's: numbers, and a time with its zone)
        "csv_which_missed": pgettext("class table heading", "Which puzzles were missed"),
        "csv_missed_then_solved": pgettext("class table heading", "Puzzles missed at the first try and solved later"),
        "missed_then_solved": pgettext("class table cell", "{puzzle}: missed at the first try, solved later"),
        "csv_last_active": pgettext("class table heading", "Last active (UTC)"),
        "col_stars": pgettext("class table heading", "Stars"),
        "axis_pit": _("Pit"),
        "axis_pupils": _("Pupils"),
        "axis_lesson": _("Lesson"),
        "axis_pupil": _("Pupil"),
        "stars_earned": _("Stars earned"),
        "games_played": _("Games finished"),
        "answer_link": _("Answer the question"),
        "open_class": _("Open Class"),
    }


def lesson_column(number: int) -> str:
    """A class table's column (and the heat map's) for lesson ``number``: a short heading."""
    return pgettext("class table heading", "Lesson {n}").format(n=number)


def csv_lesson_steps(number: int, total: int) -> str:
    """The class CSV's heading of lesson ``number``'s steps done (a number in each cell): ``"Lesson 2: steps
    done (of 9)"``."""
    return pgettext("class table heading", "Lesson {n}: steps done (of {total})").format(n=number, total=total)


def csv_lesson_stars(number: int) -> str:
    """The class CSV's heading of lesson ``number``'s stars (0 until the lesson is finished)."""
    return pgettext("class table heading", "Lesson {n}: stars").format(n=number)


def solves_cell(first_try: int, helped: int) -> str:
    """The class table's puzzles-solved cell: those solved at the first try, then those solved with help
    (after a miss or a hint), ``"3 + 1"`` (one column on screen, so the table fits a laptop; the CSV has
    the two as numbers)."""
    return f"{first_try} + {helped}"


def stars_text(stars: int) -> str:
    """Stars as symbols, e.g. ``"★★☆"`` for 2 (0..3)."""
    return "★" * stars + "☆" * (3 - stars)


def stars_words(stars: int) -> str:
    """Stars in words, for screen readers and tables: ``"2 of 3 stars"``."""
    return ngettext("{n} of 3 stars", "{n} of 3 stars", stars).format(n=stars)


def stars_earned(stars: int) -> str:
    """A lesson's summary: the stars of this run, and how stars are earned (``tutor.progress.stars``)."""
    return _("You earned {symbols} ({words}).").format(symbols=stars_text(stars), words=stars_words(stars)) + " " + \
        stars_rule()


def stars_rule() -> str:
    """How stars are earned, for a child (``tutor.progress.stars``: step by step)."""
    return _("Three stars: no more than one wrong try in the whole lesson. Two stars: no more than one step "
             "where you went wrong twice or pressed \"Show me\".")


def lesson_cell(steps: int, total: int, stars: int, done: bool) -> str:
    """A class table cell: steps done of all, and the stars once finished (``"6 of 6 ★★☆"``). Never
    ``"1/8"``: a spreadsheet opening the class CSV would read that as a date."""
    cell = of_total(steps, total)
    return f"{cell} {stars_text(stars)}" if done else cell


def your_code(code: str) -> str:
    """The learner's code, said once in the sidebar."""
    return _("Your learner code is **{code}**.").format(code=code)


def code_help() -> str:
    """Why the code matters, in one sentence."""
    return _("With this code your progress follows you: type it on another device, or open the link below.")


def continue_link_words() -> str:
    """The line before the link that carries the code."""
    return _("Open this link on the other device:")


def code_malformed() -> str:
    """A typed or linked learner code that cannot be one."""
    return _("A learner code has 8 letters and digits, like ACDEFG34 (never O, 0, I, 1, L, S or B). "
             "Check it and try again.")


def code_unknown(code: str) -> str:
    """A well-formed learner code nobody has (``code`` is app letters only)."""
    return _("No learner has the code {code}. Check it and try again; your progress here is unchanged.").format(
        code=code)


def code_loaded(code: str, before: str | None = None) -> str:
    """A code from a link or the field was found: its progress is shown now (and the code this
    device used ``before``, if another, keeps its own)."""
    text = _("Welcome back! The progress of {code} is loaded on this device.").format(code=code)
    if before and before != code:
        text += " " + _("The progress of {before} stays under that code.").format(before=before)
    return text


def forget_warning(code: str) -> str:
    """Before "Forget me on this device" is confirmed."""
    return _("Write down your code **{code}** first: you need it to get this progress back. "
             "This device then starts afresh with a new code.").format(code=code)


def forgotten(code: str) -> str:
    """After "Forget me on this device"."""
    return _("This device has forgotten {code}: its progress stays under that code, on any device. "
             "A fresh start begins here.").format(code=code)


def code_coming() -> str:
    """A first visit before the browser has said who the learner is (a moment after the page)."""
    return _("One moment: getting your place ready.")


def game_coming() -> str:
    """The Sandbox on a session's first run, before the browser has said who the learner is: the
    learner's game (kept by the server) is drawn a moment later, never a start board first."""
    return _("One moment: getting your game.")


def progress_coming() -> str:
    """Home's progress on a first visit, before the browser has said who the learner is (a moment)."""
    return _("One moment: getting your progress.")


def class_puzzle(number: str, name: str) -> str:
    """A puzzle in the class table: what the pupil saw (``"Puzzle 30 of 93"``), then the teacher's
    name for it (its theme and place there)."""
    return _("{number} ({name})").format(number=number, name=name)


def not_saved() -> str:
    """The database cannot be reached."""
    return _("Your progress is not being saved right now (the database cannot be reached). "
             "You can still learn and play.")


def lesson_reset_done() -> str:
    return _("This lesson starts afresh: its steps and stars are forgotten.")


def all_reset_done() -> str:
    return _("All your progress is forgotten. A fresh start!")


def stars_line(stars: int, lessons_total: int) -> str:
    """Home: stars earned of all possible."""
    return _("{stars} of {all}").format(stars=stars, all=3 * lessons_total)


def joined(class_name: str) -> str:
    """The pupil is in a class (the name is the teacher's, shown as plain text by the caller)."""
    return _("You are in the class {name}.").format(name=literal(class_name))


def joined_as(name: str) -> str:
    return _("Your name in the class: {name}").format(name=literal(name))


def join_problem(problem: str) -> str:
    """Why joining or making a class was refused: ``"class"``, ``"code"``, ``"taken"``, a join problem of
    ``store.classes`` (``"locked"``, ``"closed"``, ``"full"``, ``"busy"``), or a typed
    name's problem (``tutor.names``: ``"empty"``, ``"too_long"``, ``"hidden"``, ``"markup"``, ``"no_letter"``)."""
    return {
        "class": _("There is no class with this code. Ask your teacher for it."),
        "locked": _("Too many wrong class codes. Wait a minute, then try again."),
        "closed": _("This class is not taking new pupils now. Ask your teacher."),
        "full": _("This class is full. Ask your teacher."),
        "busy": _("Many pupils are joining right now. Wait a minute, then try again."),
        "code": _("A class code has 6 letters and digits, like ACDE34."),
        "empty": _("Please type a name."),
        "too_long": _("A name can have up to {n} characters.").format(n=NAME_MAX),
        "markup": _("A name can't have these signs: < > & \" ` { } \\ /. Letters, digits, spaces, - and ' are fine."),
        "hidden": _("This name has a hidden sign in it (was it copied from somewhere?). Please type it again."),
        "no_letter": _("A name needs at least one letter or digit: emoji or signs alone are not a name."),
        "taken": _("Someone in this class already has that name: add a letter, like Sam B. If it is you on "
                   "another device, use your code from \"{panel}\" there.").format(panel=_("Continue on another device")),
    }.get(problem, _("That did not work. Please try again."))


def join_code_line(code: str) -> str:
    """The teacher's view, large: the code pupils type to join (letters and digits of the store)."""
    return _("Class code: **{code}**").format(code=code)


def class_heading(name: str, count: int) -> str:
    """The teacher's view: the class name and how many pupils joined."""
    return ngettext("{name}: {n} pupil", "{name}: {n} pupils", count).format(name=literal(name), n=count)


def no_pupils(code: str) -> str:
    return _("No pupils yet. Give them the class code {code}: they join on the Class page.").format(code=code)


def last_active(minutes: int) -> str:
    """How long ago, in words: ``"now"``, ``"5 min ago"``, ``"3 h ago"``, ``"2 days ago"``."""
    if minutes < 2:
        return _("now")
    if minutes < 60:
        return _("{n} min ago").format(n=minutes)
    if minutes < 48 * 60:
        return _("{n} h ago").format(n=minutes // 60)
    return _("{n} days ago").format(n=minutes // (24 * 60))


def question_sent(class_name: str) -> str:
    return _("Sent to {name}. Open the Class page to see the answers come in.").format(name=literal(class_name))


def no_question() -> str:
    """A pupil with no open question."""
    return _("No question right now. When your teacher asks one, it shows here.")


def question_open() -> str:
    """The sidebar, while the class has an open question."""
    return _("Your teacher has a question for you!")


def question_prompt(side: Side) -> str:
    """Above the pupil's board: whose turn it is (the pupil plays that side) and what to do."""
    return _("{side} to move: which pit would you play?").format(side=side_name(side))


def answered(pit: int) -> str:
    return _("You chose pit {pit}. You can change your mind until your teacher shows the answers.").format(pit=pit)


def revealed(pit: int | None, told: str, best: list[int] | None = None, puzzle: bool = False,
             sure: bool = True) -> str:
    """The pupil's view once the teacher showed the answers; ``told``: what their pit ``pit`` does, said to
    them (``tutor.words.yourmove.chosen_move``: "You chose pit 3: ..."); ``best``:
    the best pits, once the engine's analysis is known, or with ``puzzle`` the pits that start the
    puzzle's answer (then whether theirs is one, or which were); not ``sure``: the analysis only
    estimated them (said as the computer's best guess, never as a fact)."""
    if pit is None:
        text = _("Your teacher showed the answers. Look at the board at the front.")
    else:
        text = _("Your teacher showed the answers. {told}").format(told=told)
    if not best:
        return text
    if puzzle:
        if pit in best:
            return text + " " + _("That is the puzzle's answer!")
        return text + " " + _("The puzzle's answer starts with pit {pits}.").format(pits=or_list([str(p) for p in best]))
    if not sure and pit in best:
        return text + " " + _("That is the computer's best guess too!")
    if not sure:
        return text + " " + ngettext("The computer's best guess was pit {pits}.",
                                     "The computer's best guesses were pits {pits}.",
                                     len(best)).format(pits=and_list([str(p) for p in best]))
    if pit in best:
        return text + " " + ngettext("That is the best move!", "That is one of the best moves!", len(best))
    return text + " " + ngettext("The best move was pit {pits}.", "The best moves were pits {pits}.",
                                 len(best)).format(pits=and_list([str(p) for p in best]))


def live_answers_of(count: int, pupils: int) -> str:
    """How many of the class's pupils have answered the open question."""
    return ngettext("{n} of {total} pupil has answered", "{n} of {total} pupils have answered", pupils).format(
        n=count, total=pupils)


def live_best(pits: list[int], sure: bool = True) -> str:
    """The best pit(s) of a revealed question, from the engine's analysis (not ``sure``: estimated)."""
    if not sure:
        return ngettext("Probably the best move: pit {pits} (estimated)", "Probably the best moves: pits {pits} (estimated)",
                        len(pits)).format(pits=and_list([str(p) for p in pits]))
    return ngettext("Best move: pit {pits}", "Best moves: pits {pits}", len(pits)).format(
        pits=and_list([str(p) for p in pits]))


def live_puzzle_answer(pits: list[int]) -> str:
    """The pit(s) that start the answer of a revealed puzzle question."""
    return _("The puzzle's answer starts with pit {pits}").format(pits=or_list([str(p) for p in pits]))


def question_task(task: str) -> str:
    """Above a puzzle question's board (pupils' and projector's): the puzzle's task."""
    return _("**Puzzle:** {task}").format(task=task)


def live_answer_columns(puzzle: bool = False) -> dict[str, str]:
    """Headers of the revealed question's table of pupils: name, the pit pressed, whether it is a
    best move (with ``puzzle``: whether it starts the puzzle's answer)."""
    return {"name": _("Pupil"), "pit": _("Pit pressed"), "best": _("Right") if puzzle else _("A best move")}


def live_no_answer() -> str:
    return _("no answer")


def answers_title() -> str:
    return _("Which pit the class would play")


def answer_hover(pit: int, count: int) -> str:
    return ngettext("Pit {pit}: {n} pupil", "Pit {pit}: {n} pupils", count).format(pit=pit, n=count)


def no_teacher_class() -> str:
    """Why "Ask my class" is not offered."""
    return _("To ask your class, open it on the Class page first.")


def teacher_intro() -> str:
    return _("Make a class, give pupils its code, and see their progress here. "
             "You can send any position to the class as a live question.")


def pupil_intro() -> str:
    return _("Join your class with the code your teacher gives you.")


__all__ = ["answer_hover", "join_code_line", "live_answers_of", "live_best", "live_puzzle_answer", "question_task", "live_answer_columns", "live_no_answer", "class_puzzle", "code_coming", "game_coming", "progress_coming", "answered", "answers_title", "class_heading",
           "classroom_labels", "code_help", "code_loaded", "code_malformed", "code_unknown", "continue_link_words",
           "forget_warning", "forgotten", "no_question_teacher", "join_problem", "joined", "joined_as", "last_active", "lesson_cell", "lesson_column", "csv_lesson_stars", "csv_lesson_steps", "solves_cell",
           "lesson_reset_done", "all_reset_done", "no_pupils", "no_question", "no_teacher_class", "not_saved",
           "pupil_intro", "question_open", "question_prompt", "question_sent", "revealed",
           "stars_earned", "stars_line", "stars_rule", "stars_text", "stars_words", "teacher_intro", "your_code"]


def no_question_teacher() -> str:
    """The teacher's live panel with no open question."""
    return _("No question open. Press \"Ask my class\" under a board in the Sandbox, a lesson or a puzzle.")
