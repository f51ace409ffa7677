"""The sentences of lessons and puzzles: feedback on a press, goals missed, answers, hints, names."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import NORTH, SOUTH, Miss, MoveResult, Outcome, Side, other

from ..i18n import gettext as _
from ..i18n import ngettext, pgettext
from .basics import (
    and_list,
    clause_separator,
    extra_turns_word,
    pit_word,
    seeds_word,
    side_name,
)
from .margins import margin_clause


def to_move(side: Side, press: bool = False) -> str:
    """``"South to move"``, or ``"South to move: press a pit"``."""
    if press:
        return _("{side} to move: press a pit").format(side=side_name(side))
    return _("{side} to move").format(side=side_name(side))


def miss_words(miss: Miss, mover: Side = SOUTH, you: Side | None = None, again: bool = False,
               ended_after: bool = False, taken_from: Side | None = None) -> str:
    """One goal condition a turn missed (``engine.Miss``), in words. ``mover`` played the turn; ``you``
    is the side "you" means (``None``: the mover, as in a puzzle, "You are North"; a lesson's words are
    South's, so a step played for North passes ``SOUTH`` and North's store is called North's). A count
    of none is said as such ("no extra turn", "nothing"), never as a 0. ``again``: a clause after another
    about the same turn (it does not name "that turn" twice). ``ended_after``: the opponent's answer ended
    the game (a game that "goes on" is then said as "your turn did not end the game"). ``taken_from``: the
    side a Kalah capture into the store takes from (K10: a capture of N is that side's N - 1 seeds and the
    last seed), so a ``capture_at_least`` goal is said in seeds taken, as a puzzle's task names them
    ("Capture North's 6 seeds": the goal is to take 6 from North, 7 into the store; docs/rules.md "Words
    for results and captures")."""
    mine = you is None or you == mover
    f, got, wanted = miss.field, miss.got, miss.wanted
    if f == "extra_turns":
        need = extra_turns_word(int(wanted))
        if not got:
            return _("that turn earned no extra turn, and the goal asks for {wanted}").format(wanted=need)
        return _("that turn earned {got}, and the goal asks for {wanted}").format(
            got=extra_turns_word(int(got)), wanted=need)
    if f == "capture_at_least" and taken_from is not None:
        return taken_words(int(got or 0), int(wanted), taken_from)
    if f == "capture_at_least":
        need = seeds_word(int(wanted))
        if not got:
            return _("that turn captured nothing, and the goal asks for {wanted}").format(wanted=need)
        return _("that turn captured {got}, and the goal asks for {wanted}").format(got=seeds_word(int(got)),
                                                                                 wanted=need)
    if f == "capture":
        if wanted and again:
            return _("it captured nothing either")
        return _("that turn captured nothing") if wanted else _("that turn captured seeds")
    if f == "lap":
        if not wanted:
            return _("that turn sowed a full lap")
        if mine:
            return _("your seeds did not go all the way round the board")
        return _("{side}'s seeds did not go all the way round the board").format(side=side_name(mover))
    if f == "game_over":
        if wanted and ended_after:
            return _("your turn did not end the game")
        return _("the game goes on") if wanted else _("that ended the game")
    if f == "winner":
        if miss.score is None:
            return _("your turn did not end the game") if ended_after else _("the game goes on")
        return _("the game ends {south}-{north} (South-North), not the result the goal asks for").format(
            south=miss.score[0], north=miss.score[1])
    if f == "store_at_least":
        need = seeds_word(int(wanted))
        if mine:
            if not got:
                return _("your store is still empty, and you need {wanted} there").format(wanted=need)
            return _("your store ends with {got}, but you need {wanted} there").format(got=seeds_word(int(got)),
                                                                                     wanted=need)
        if not got:
            return _("{side}'s store is still empty, and the goal is {wanted} there").format(
                side=side_name(mover), wanted=need)
        return _("{side}'s store ends with {got}, and the goal is {wanted} there").format(
            side=side_name(mover), got=seeds_word(int(got)), wanted=need)
    if mine:
        return _("after it your opponent can capture {seeds}").format(seeds=seeds_word(int(got or 0)))
    return _("after it {side} can capture {seeds}").format(side=side_name(other(mover)), seeds=seeds_word(int(got or 0)))


def taken_words(got: int, wanted: int, side: Side) -> str:
    """A Kalah ``capture_at_least`` goal missed, in seeds taken from ``side`` (K10: a capture of ``got``
    takes ``got - 1``; the goal ``wanted`` asks for ``wanted - 1``):
    ``"that turn took no seeds from North, and the goal is to take 6 seeds from North: 7 seeds into your
    store with your last seed"``."""
    took, need = max(got - 1, 0), seeds_word(wanted - 1)
    if not took:
        return _("that turn took no seeds from {side}, and the goal is to take {taken} from {side}: {wanted} "
                 "into your store with your last seed").format(side=side_name(side), taken=need,
                                                                wanted=seeds_word(wanted))
    return _("that turn took {got} from {side}, and the goal is to take {taken}").format(
        got=seeds_word(took), side=side_name(side), taken=need)


def misses_words(missed: Sequence[Miss], mover: Side = SOUTH, you: Side | None = None) -> str:
    """Every missed condition (:func:`miss_words`), joined with semicolons, each said once (a goal that
    asks for the game's end and a winner misses both with "the game goes on": said once)."""
    return clauses([miss_words(m, mover, you, again=k > 0) for k, m in enumerate(missed)])


def clauses(parts: Sequence[str]) -> str:
    """``parts`` joined as clauses of one sentence (``"; "``, Greek ``"· "``), each said once, in order."""
    return clause_separator().join(dict.fromkeys(p for p in parts if p))


# ------------------------------------------------------------------ lessons


def answer_label(token: str, in_sentence: bool = False) -> str:
    """A predict step's choice, a content id (``"South pit 5"``, ``"North store"``, ``"yes"``, ``"South"``,
    ``"Draw"``, ``"Not over"``, ``"7"``), from the learner's view as the lessons' words are (the learner is
    South): ``"Your pit 5"``, ``"North's store"``, ``"You"``; ``in_sentence``: as it reads inside a
    sentence (``"your pit 5"``). Raises nothing: an unknown token is returned as it is."""
    pit = re.fullmatch(r"(South|North) pit (\d+)", token)
    if pit:
        if pit[1] == "North":
            return _("North's pit {pit}").format(pit=pit[2])
        mine = pgettext("in a sentence", "your pit {pit}") if in_sentence else _("Your pit {pit}")
        return mine.format(pit=pit[2])
    if token == "North store":
        return _("North's store")
    if token == "South store":
        return pgettext("in a sentence", "your store") if in_sentence else _("Your store")
    if token == "South":
        return pgettext("who wins, in a sentence", "you") if in_sentence else pgettext("who wins", "You")
    named = {"yes": _("yes"), "no": _("no"), "North": side_name(NORTH), "Draw": _("Draw"), "Not over": _("Not over")}
    return named.get(token, token)


def step_counter(k: int, total: int) -> str:
    """``"Step 3 of 10"``."""
    return _("Step {k} of {total}").format(k=k, total=total)


def steps_left(step: int, left: int) -> str:
    """Said when the last step is done but others were skipped: ``step`` is the first left (1-based)."""
    return ngettext("{n} step is still to do: here it is, step {step}.",
                    "{n} steps are still to do: here is the first of them, step {step}.", left).format(n=left, step=step)


def all_steps_done(total: int) -> str:
    return _("All {total} steps done").format(total=total)


def lesson_steps_done(done: int, total: int, finished: bool) -> str:
    """The sidebar's line about this lesson."""
    return _("This lesson: {done} of {total} steps done").format(done=done, total=total) + (" ✓" if finished else "")


def lessons_left(left: int, number: int) -> str:
    """After the last lesson, while ``left`` lessons are not finished: the link to the first of them,
    lesson ``number`` (never "All the lessons done" while some were never opened)."""
    return ngettext("{n} lesson is not finished yet: go to lesson {number}",
                    "{n} lessons are not finished yet: start with lesson {number}", left).format(n=left, number=number)


def home_lesson_link(number: int | None, title: str = "", begun: bool = False) -> str:
    """Home's link into the course: ``"Start lesson 1: Setting up"`` before anything is done, then the first
    lesson not finished, ``"Go on with lesson 3: Extra turns"``; ``number`` ``None`` (every lesson done):
    ``"All the lessons done: keep practising"``."""
    if number is None:
        return _("All the lessons done: keep practising")
    if not begun:
        return _("Start lesson {number}: {title}").format(number=number, title=title)
    return _("Go on with lesson {number}: {title}").format(number=number, title=title)


def lesson_line(number: int, title: str, done: int, total: int, finished: bool, stars: int = 0) -> str:
    """Home's line about one lesson: ``"Lesson 2, Sowing: 3 of 9 steps"``, finished
    ``"Lesson 2, Sowing: 9 of 9 steps ✓ ★★☆ (2 of 3 stars)"``."""
    from .classroom import stars_text, stars_words

    line = _("Lesson {number}, {title}: {done} of {total} steps").format(
        number=number, title=title, done=done, total=total)
    return line + (f" ✓ {stars_text(stars)} ({stars_words(stars)})" if finished else "")


# ------------------------------------------------------------------ puzzles


def most_extra_turns_missed(got: int, best: int) -> str:
    """A chain shorter than the longest: ``"that turn earned 1 extra turn; the most you can earn is 3"``
    (none said as "no extra turn")."""
    if not got:
        return _("that turn earned no extra turn; the most you can earn is {best}").format(best=best)
    return _("that turn earned {got}; the most you can earn is {best}").format(got=extra_turns_word(got), best=best)


def biggest_capture_missed(turn: Sequence[MoveResult], best: int) -> str:
    """A capture smaller than the biggest, ``turn`` the learner's moves: ``"that turn captured 4 seeds (3
    from North's pit 6 and the last seed); the most you can capture is 8"`` (every seed into the store, K10,
    and where they came from: ``tutor.words.coach.captured_seeds``)."""
    from .coach import captured_seeds

    if not any(r.captured for r in turn):
        return _("that turn captured nothing; the most you can capture is {best}").format(best=best)
    return _("that turn captured {got}; the most you can capture is {best}").format(
        got=captured_seeds(turn, turn[0].mover), best=best)


def not_best() -> str:
    return _("another move does better against best play")


def not_the_answer() -> str:
    return _("that is not the answer")


def not_this_time(reasons: Sequence[str]) -> str:
    """``"Not this time: the game goes on."``: the reasons a turn misses, each said once (:func:`clauses`)."""
    return _("Not this time: {reasons}.").format(reasons=clauses(reasons))


def also_works(pits: Sequence[int]) -> str:
    """After a solve, the other first moves that solve the puzzle too, simply (no count of answers, no
    list of moves): ``""`` for none, ``"Pit 5 works too."``, ``"Pits 2 and 5 work too."``"""
    nums = sorted(set(pits))
    if not nums:
        return ""
    if len(nums) == 1:
        return _("Pit {pit} works too.").format(pit=nums[0])
    return _("Pits {pits} work too.").format(pits=and_list([str(p) for p in nums]))


def best_play_finish(value: int) -> str:
    """A best-play puzzle's value as its final margin (``tutor.words.margins``): ``"With best play you win
    by 4 seeds."``, ``"With best play it is a draw."``"""
    return _("With best play {result}.").format(result=margin_clause(value))


def line_words(side: str, pits: Sequence[int]) -> str:
    return _("How it goes on with best play (from {side}): {pits}.").format(
        side=side, pits=", ".join(map(str, pits)))


def puzzle_name(theme_title: str, k: int, n: int, title: str = "") -> str:
    """``"The full lap · puzzle 3 of 5"`` (plus ``": title"``): never the id, which may name the answer."""
    name = _("{theme} · puzzle {k} of {n}").format(theme=theme_title, k=k, n=n)
    return f"{name}: {title}" if title else name


def puzzle_number(k: int) -> str:
    """A puzzle's name for a learner: ``"Puzzle 37"`` (its place among all puzzles, the same on the Puzzles
    page and My practice; neither its theme nor its id, which may tell the answer, nor how many there are,
    which daunts a child)."""
    return _("Puzzle {k}").format(k=k)


def no_such_puzzle(wanted: str, example: str) -> str:
    from .basics import quote

    return _("There is no puzzle with the code {wanted}. Puzzle codes look like {example}; "
             "here is the puzzle of the day instead.").format(wanted=quote(wanted, 40), example=quote(example))


def you_are(side: Side, task: str) -> str:
    return _("**You are {side}. {task}**").format(side=side_name(side), task=task)


def session_counts(first_try: int, helped: int, tried: int) -> str:
    """The puzzles page's count (the learner's progress, kept with their code): puzzles solved at the first
    try apart from those solved after a wrong try or a hint, of the ``tried`` puzzles, those the learner
    played a move in (``tutor.puzzle``): ``"Puzzles solved: 2 at the first try and 1 after a wrong try or a
    hint, of 4 tried."`` (never "with help" for a puzzle solved at a second try with no hint, ut46 #7)"""
    if not tried:
        return _("No puzzles tried yet: play a move to try this one.")
    return _("Puzzles solved: {first} at the first try and {helped} after a wrong try or a hint, of {tried} "
             "tried.").format(
        first=first_try, helped=helped, tried=tried)


def hint_line(k: int, text: str) -> str:
    return _("Hint {k}: {text}").format(k=k, text=text)


def outcome_winner(end: Outcome) -> str:
    return side_name(end.winner) if end.winner else _("nobody")


def plural_puzzles(n: int) -> str:
    return ngettext("{n} puzzle", "{n} puzzles", n).format(n=n)


__all__ = [
    "answer_label", "clauses",
    "all_steps_done", "also_works", "best_play_finish", "biggest_capture_missed", "hint_line",
    "home_lesson_link", "lesson_line", "lesson_steps_done", "lessons_left", "line_words", "miss_words", "misses_words", "most_extra_turns_missed", "taken_words",
    "no_such_puzzle", "not_best", "not_the_answer", "not_this_time", "outcome_winner", "plural_puzzles",
    "puzzle_name", "puzzle_number", "session_counts", "step_counter", "steps_left", "to_move",
    "you_are",
]
