"""The sentences and labels of the sandbox, the computer, Home and the frame.

:func:`label` holds the short labels of buttons, fields and headings, keyed
by a stable id (widgets are keyed by ids, never by these words).
"""

from __future__ import annotations

from engine import Outcome, Rules, Side, TimeControl

from ..i18n import gettext as _
from ..i18n import per_language
from .classroom import classroom_labels
from .teachers import teacher_labels
from .clock import new_game_clock
from .basics import level_name, moves_word, of_total, rule_badge, rules_description, side_name
from .moves import score_words


def label(key: str) -> str:
    """The label with id ``key`` (a button, a field, an expander, a heading); the id if unknown."""
    return _labels().get(key) or classroom_labels().get(key) or teacher_labels().get(key, key)


@per_language
def _labels() -> dict[str, str]:
    """Every label of :func:`label` by id, in the session's language (made once per language)."""
    return {
        # frame
        "app_name": _("Mancala Tutor"),
        "language": _("Language"),
        "board_settings": _("Board settings"),
        "for_teachers": _("For teachers"),
        "animate": _("Animate sowing"),
        "animate_help": _("Show the seeds going round one by one."),
        "speed": _("Speed"),
        "speed_slow": _("slow"),
        "speed_normal": _("normal"),
        "speed_fast": _("fast"),
        "step_mode": _("Step mode (one seed per click)"),
        "step_mode_help": _("For teaching: press 'Next seed' to drop each seed."),
        "section_start": _("Start"),
        "section_class": _("Class"),
        "section_lessons": _("Lessons"),
        "section_practice": _("Practice"),
        # sandbox
        "undo": _("Undo"),
        "redo": _("Redo"),
        "new_game": _("New game"),
        "new_game_help": _("Start again with the rules chosen below."),
        "new_game_ask": _("Start a new game? The moves of this game will be lost."),
        "new_game_confirm": _("Yes, start a new game"),
        "last_moves_help": _("What the last moves did, and the rule each one used."),
        "players_rules": _("Players, game and rules"),
        "board_editor": _("Board editor"),
        "moves": _("Moves"),
        "game_story": _("Game review"),
        "share_position": _("Share this position"),
        "players": _("Players"),
        "who_plays": _("Who plays"),
        "mode_two": _("Two players, one device"),
        "mode_computer": _("Against the computer"),
        "computer_plays": _("The computer plays"),
        "level": _("Level"),
        "game_and_rules": _("**Game and rules** (used when you press *New game*)"),
        "game": _("Game"),
        "who_first": _("Who moves first"),
        "start_with_rules": _("Start a new game with these rules"),
        "notation": _("Position in notation"),
        "use_notation": _("Use this notation"),
        "north_row": _("North's pits (pit 1 on the right)"),
        "south_row": _("South's pits (pit 1 on the left)"),
        "north_store": _("North store"),
        "south_store": _("South store"),
        "to_move": _("To move"),
        "use_numbers": _("Use these numbers"),
        "download_moves": _("Download the moves (CSV)"),
        "story_toggle": _("Show the game story (analyses every move; takes a moment)"),
        "go_back_to": _("Go back to before one of these moves"),
        "go_back": _("Go back to that move"),
        "worst_moves": _("**Moves that threw away the most**"),
        # lessons
        "back": _("Back"),
        "next": _("Next"),
        "finish": _("Finish"),
        "finish_first": _("Finish this step first"),
        "restart": _("Restart"),
        "try_again": _("Try again"),
        "show_me": _("Show me"),
        "lesson_complete": _("Lesson complete!"),
        "try_puzzles": _("All the lessons done: try the puzzles"),
        # puzzles
        "theme": _("Theme"),
        "all_themes": _("All themes"),
        "difficulty": _("Difficulty"),
        "any": _("Any"),
        "choose_puzzle": _("Choose a puzzle"),
        "next_puzzle": _("Next puzzle"),
        "puzzle_of_the_day": _("Puzzle of the day"),
        "start_again": _("Start again"),
        "share_puzzle": _("Share this puzzle:"),
        "no_puzzle_here": _("No puzzle has this theme and difficulty."),
        "why": _("**Why:**"),
        # home
        "play_sandbox": _("Play in the Sandbox"),
        "how_to_use": _("How to use Mancala Tutor"),
        "your_progress": _("Your progress"),
        "lessons_done": _("Lessons done"),
        "puzzles_first_try": _("Puzzles solved at the first try"),
        "puzzles_helped": _("Puzzles solved after a wrong try or a hint"),
        "puzzles_tried": _("Puzzles tried"),
        # the board
        "watch": _("Watch the seeds..."),
    }


def page_title(page: str) -> str:
    """The title of a page by its url path (``"sandbox"`` -> ``"Sandbox"``)."""
    return _page_titles().get(page, page)


@per_language
def _page_titles() -> dict[str, str]:
    return {
        "home": _("Home"),
        "sandbox": _("Sandbox"),
        "lesson_1_setup": _("1. Setting up"),
        "lesson_2_sowing": _("2. Sowing"),
        "lesson_3_extra_turns": _("3. Extra turns"),
        "lesson_4_captures": _("4. Captures"),
        "lesson_5_ending": _("5. Ending the game"),
        "lesson_6_awari": _("6. Awari"),
        "lesson_7_strategy": _("7. Strategy"),
        "lesson_8_awari_strategy": _("8. Awari strategy"),
        "puzzles": _("Puzzles"),
        "practice": _("My practice"),
        "move_outcomes": _("Move outcomes"),
        "mistakes": _("Learn from your mistakes"),
        "class": _("Class"),
        "not_found": _("Page not found"),
    }


def page_heading(page: str) -> str:
    """The heading at the top of a page (``"lesson_1_setup"`` -> ``"Lesson 1: Setting up"``)."""
    return {
        "home": _("Mancala Tutor"),
        "lesson_1_setup": _("Lesson 1: Setting up"),
        "lesson_2_sowing": _("Lesson 2: Sowing"),
        "lesson_3_extra_turns": _("Lesson 3: Extra turns"),
        "lesson_4_captures": _("Lesson 4: Captures"),
        "lesson_5_ending": _("Lesson 5: Ending the game"),
        "lesson_6_awari": _("Lesson 6: Awari"),
        "lesson_7_strategy": _("Lesson 7: Strategy"),
        "lesson_8_awari_strategy": _("Lesson 8: Awari strategy"),
    }.get(page) or page_title(page)


def you_are_on(title: str) -> str:
    return _("You are on: **{page}**").format(page=title)


def progress_line(lessons_done: int, lessons_total: int, first_try: int, helped: int, tried: int) -> str:
    """The sidebar's progress line: lessons done, and the puzzles solved at the first try apart from
    those solved after a wrong try or a hint, of those tried."""
    if not tried:
        return _("Lessons done: {done} of {total} · No puzzles tried yet").format(done=lessons_done, total=lessons_total)
    return _("Lessons done: {done} of {total} · Puzzles solved: {first} at the first try, {helped} after a "
             "wrong try or a hint, of {tried} tried").format(done=lessons_done, total=lessons_total,
                                                             first=first_try, helped=helped, tried=tried)


# ------------------------------------------------------------------ sandbox


def wait_for_computer() -> str:
    return _("Wait a moment: it is the computer's turn.")


def game_moved_on() -> str:
    """A press or button on a tab that showed an older state of the game (another tab, or another
    device with the same learner code, changed it since): it was not done; the board now shows the game."""
    return _("This game went on in another tab, so that was not done. Here is the game as it is now.")


def computer_hurried() -> str:
    """The computer's search did not answer in time (the server was too busy), so it played a quick move."""
    return _("The computer took too long to think, so it played a quick move.")


def busy_refused() -> str:
    """A press or button that came while the computer was thinking (it was not done)."""
    return _("The computer was still thinking, so that was not done. Try again now if you still want it.")


def computer_failed() -> str:
    return _("Sorry, the computer got stuck working out its move. The game goes on as two players: "
             "you can move for both sides, or pick the computer again in Players, game and rules.")


def thinking(side: Side, level: str) -> str:
    """The spinner's words while the computer thinks: ``"North (computer, Perfect) is thinking…"``."""
    text = _("{side} (computer, {level}) is thinking…").format(side=side_name(side), level=level_name(level))
    if level in ("hard", "perfect"):
        text += " " + _("It takes a few seconds at this level.")
    return text


def game_over_line(end: Outcome, you: Side | None = None) -> str:
    """The line above a finished game's board: ``"Game over. South wins 30 to 18"``; ``you``: the learner's
    side in a game against the computer (``"Game over. You won 30 to 18"``, ``words.score_words``)."""
    return _("Game over. {score}").format(score=score_words(end, you))


def sandbox_to_move(side: Side, mode: str, computer: bool) -> str:
    """The line above the sandbox's board."""
    if computer:
        return _("{side} (computer) to move").format(side=side_name(side))
    if mode == "computer":
        return _("{side} (you) to move").format(side=side_name(side))
    return _("{side} to move").format(side=side_name(side))


def jumped_back(move: int, switched: bool, review_waits: bool = False) -> str:
    """"Go back to that move" done: ``switched`` (the computer was to move there: two players now),
    ``review_waits`` (a game the computer played in: its review comes back only when the game ends)."""
    text = _("Back to before move {move}: try a better pit. Redo brings the moves back.").format(move=move)
    if switched:
        text += " " + _("Switched to two players so you can play that move yourself.")
    if review_waits:
        text += " " + _("The game's review comes back when the game ends, so the game stays fair.")
    return text


def rules_refused(reason: str) -> str:
    return _("Those rules cannot be used: {reason}").format(reason=reason)


def first_refused() -> str:
    """A new game whose form names nobody (or somebody unknown) to move first."""
    return _("A new game needs South or North to move first.")


def new_game(rules: Rules, first: Side, control: TimeControl | None = None) -> str:
    """The notice of a new game: its rules, who moves first and its clock (if timed)."""
    text = _("New game: {rules}. {side} moves first.").format(rules=rules_description(rules), side=side_name(first))
    clock = new_game_clock(control)
    return f"{text} {clock}" if clock else text


def board_set() -> str:
    return _("The board is set. Play on from here.")


def game_over_box(result: str) -> str:
    return _("**Game over.** {result}").format(result=result)


def sweep_box(rule_id: str, sweep: str, ids: bool = False) -> str:
    """The game-over box's line about the final sweep; the rule's id as a badge only when ``ids`` (a
    teacher's "Show rule ids": a child reading "K15" learns nothing from it)."""
    line = _("**Final sweep**: {sweep}.").format(sweep=sweep)
    return f"{line} {rule_badge(rule_id)}" if ids else line


def sandbox_intro() -> str:
    return _("Press a pit in the row of the player to move. Choose the rules, a friend or the computer "
             "under *Players, game and rules*.")


def rules_and_players(rules: Rules, players: str) -> str:
    return f"{rules_description(rules)} · {players}"


def editor_intro(pits: int, total: int) -> str:
    return _("Set any position with the same rules: {pits} pits a side and {total} seeds in all. "
             "Type the notation, or change the numbers.").format(pits=pits, total=total)


def no_moves_yet() -> str:
    return _("No moves yet.")


def moves_so_far(count: int) -> str:
    return _("{moves} so far.").format(moves=moves_word(count))


def share_intro() -> str:
    return _("Anyone who opens this link sees this position with these rules.")


def move_columns() -> dict[str, str]:
    """The sandbox's move table: row key -> header (shown and written in the CSV), in order."""
    return {
        "move": _("Move"),
        "player": _("Player"),
        "pit": _("Pit"),
        "extra_turn": _("Extra turn"),
        "captured": _("Seeds captured"),
        "rules": _("Rules used"),
        "before": _("Position before"),
        "after": _("Position after"),
    }


def yes_no(flag: bool) -> str:
    return _("yes") if flag else _("no")


def puzzle_caption(rules: Rules, of_the_day: bool) -> str:
    """The line under a puzzle's heading: the rules in play (never the rules the puzzle practises,
    which would tell the answer): ``"Kalah, 6 pits, 4 seeds · puzzle of the day"``."""
    return rules_description(rules) + (" · " + _("puzzle of the day") if of_the_day else "")


def solved_turn_line() -> str:
    return _("Solved! Open “Why?” to read why.")


def hint_button(shown: int, total: int) -> str:
    return _("Hint ({shown}/{total})").format(shown=shown, total=total)


def puzzles_menu(count: int) -> str:
    return _("Puzzle ({n})").format(n=count)


def store_label(side: Side, oware: bool) -> str:
    """A store's name on the board: ``"South store"``, or Awari's ``"South's captured seeds"``."""
    if oware:
        return _("{side}'s captured seeds").format(side=side_name(side))
    return _("{side} store").format(side=side_name(side))


def board_words() -> dict[str, str]:
    """The board's own words as templates its script fills in: ``seed``/``seeds`` ({n}),
    a pit's accessible name ({side}, {pit}, {seeds}), a store's ({label}, {seeds}),
    the seeds in hand ({seeds}), its two buttons, and the mark under the pit a move came from."""
    from ..i18n import ngettext

    return {
        "seed": ngettext("{n} seed", "{n} seeds", 1),
        "seeds": ngettext("{n} seed", "{n} seeds", 2),
        "pit": _("{side} pit {pit}, {seeds}"),
        "store": _("{label}, {seeds}"),
        "hand": _("In hand: {seeds}"),
        "next": _("Next seed"),
        "skip": _("Show the result"),
        "from": _("from"),  # under the pit the last move was sown from
    }


def captured_caption() -> str:
    """The small caption in an Awari store (it holds captured seeds, A1)."""
    return _("captured")


__all__ = [
    "computer_hurried",
    "game_moved_on",
    "page_heading",
    "board_words",
    "captured_caption",
    "board_set", "busy_refused", "computer_failed", "editor_intro", "game_over_box", "game_over_line", "hint_button",
    "jumped_back", "label", "move_columns", "moves_so_far", "new_game",
    "no_moves_yet", "of_total", "page_title", "progress_line", "puzzle_caption", "puzzles_menu", "rules_and_players",
    "first_refused", "rules_refused", "sandbox_intro", "sandbox_to_move", "share_intro", "solved_turn_line", "store_label",
    "sweep_box", "thinking", "wait_for_computer", "yes_no", "you_are_on",
]
