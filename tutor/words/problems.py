"""Why a position, a link or a form can't be used: one friendly sentence each.

The engine is the judge (``Position.from_notation``, ``rules_from_params``,
the option table); its errors carry structured fields (``NotationError.field``,
``.problem``, ``.value``...), and this module turns them into words. Nothing
here parses notation. A user's own text is quoted cut to ``QUOTE_LIMIT``
characters.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import (
    NotationError,
    Option,
    Rules,
    game_name,
    ignored_params,
    options_for,
)

from ..i18n import gettext as _
from ..i18n import ngettext
from .basics import and_list, game_title, quote, seeds_word, short, side_name

def layout() -> str:
    """How notation is laid out, in words."""
    return _("South's pits / South's store / North's pits / North's store / S or N")


def _where(err: NotationError) -> str:
    side = side_name("S" if err.side == "S" else "N")
    if err.field == "pit":
        return _("{side}'s pit {pit}").format(side=side, pit=err.pit)
    return _("{side}'s store").format(side=side)


def notation_problem(err: NotationError, rules: Rules) -> str:
    """One sentence for a refused position (``err`` from ``Position.from_notation(text, rules)``)."""
    p = err.problem
    if p in ("not_text", "empty"):
        return _("The position is empty. Write it as {layout}.").format(layout=layout())
    if p == "too_long":
        return _("That is {count} characters long; a position has at most {limit}. Write it as {layout}.").format(
            count=err.value, limit=err.expected, layout=layout())
    if p == "parts":
        return _("A position has 5 parts separated by “/” ({layout}), but {text} has {n}.").format(
            layout=layout(), text=quote(err.text), n=err.value)
    if p == "missing":
        return _("{side}'s pits are missing: write {n} numbers separated by commas.").format(
            side=side_name("S" if err.side == "S" else "N"), n=rules.pits)
    if p == "not_a_number":
        if not str(err.value).strip():
            return _("{where} has no number.").format(where=_where(err))
        return _("{text} in {where} is not a number of seeds: use whole numbers like 0, 4 or 12.").format(
            text=quote(err.value), where=_where(err))
    if p == "negative":
        return _("{where} can't hold {value} seeds: use 0 or more.").format(where=_where(err), value=short(err.value))
    if p == "too_big":
        return field_too_big(_where(err), rules.total_seeds)
    if p == "side":
        return _("The last part says who moves next: S (South) or N (North), not {text}.").format(text=quote(err.value))
    if p == "row_lengths":
        return _("South has {south} pits but North has {north}: both rows need the same number.").format(
            south=err.value, north=err.expected)
    if p == "pit_count":
        return pit_count_problem(rules.pits, int(err.value))
    total = int(err.value)
    if total > rules.total_seeds:
        fix = _("take {seeds} away").format(seeds=seeds_word(total - rules.total_seeds))
    else:
        fix = _("add {seeds}").format(seeds=seeds_word(rules.total_seeds - total))
    return _("The seeds add up to {total}, but these rules always have {rules_total} "
             "({n} pits a side, {seeds} each): {fix}.").format(
        total=total, rules_total=rules.total_seeds, n=rules.pits, seeds=seeds_word(rules.seeds), fix=fix)


def _option_problem(opt: Option, text: object) -> str:
    value = short(text, 20)
    if opt.kind == "int":
        what = {"pits": _("pits a side"), "seeds": _("seeds per pit")}.get(opt.name, opt.name)
        return _("{name}={value} can't be used: {game} has {low} to {high} {what}.").format(
            name=opt.name, value=value, game=game_title(opt.game), low=opt.low, high=opt.high, what=what)
    if opt.kind == "bool":
        return _("{name}={value} can't be used: write true or false.").format(name=opt.name, value=value)
    return _("{name}={value} can't be used: write {choices}.").format(
        name=opt.name, value=value, choices=_(" or ").join(opt.choices))


def pasted_too_long(count: int, limit: int) -> str:
    """Text pasted into a position's box that is longer than any position (``count`` characters, at most
    ``limit``): refused whole, the box keeps what it held."""
    return _("That is {count} characters long; a position has at most {limit}, so nothing was changed. Write it "
             "as {layout}.").format(count=count, limit=limit, layout=layout())


def notation_problem_empty() -> str:
    """Nothing was pasted."""
    return _("paste a position first, e.g. 4,4,4,4,4,4/0/4,4,4,4,4,4/0/S")


def rules_problem(params: Mapping[str, str]) -> str | None:
    """Why a link's rules fields can't be read, in one sentence; ``None`` if they can."""
    try:
        game = game_name(params.get("game", "kalah"))
    except ValueError:
        return _("{text} is not a game here: use game=kalah or game=oware.").format(text=quote(params.get("game", ""), 20))
    for opt in options_for(game):
        if opt.name in params:
            try:
                opt.parse(params[opt.name])
            except ValueError:
                return _option_problem(opt, params[opt.name])
    return None


def ignored_settings(params: Mapping[str, str]) -> str | None:
    """A link setting that the chosen game has no use for, told in one sentence; ``None`` if none.

    Awari always has 6 pits of 4 seeds and none of Kalah's variants (A1);
    Kalah has no grand slam rule. ``engine.rules_from_params`` skips such
    fields (``engine.ignored_params`` names them), so the page says which.
    """
    names = ignored_params(params)
    if not names:
        return None
    shown = [f"{k}={short(params[k], 20)}" for k in names]
    verb = ngettext("was", "were", len(shown))
    if game_name(params.get("game", "kalah")) == "oware":
        return _("This link opens Awari, so {settings} {verb} ignored: Awari always has 6 pits of 4 seeds "
                 "and none of Kalah's house rules.").format(settings=and_list(shown), verb=verb)
    return _("This link opens Kalah, so {settings} {verb} ignored: grand slam is an Awari rule.").format(
        settings=and_list(shown), verb=verb)


def link_rules_refused(problem: str) -> str:
    """The sandbox's notice when a link's rules can't be read."""
    return _("This link did not work, so here is a new game of Kalah. (Its rules could not be read: {problem})").format(
        problem=problem)


def link_value_refused(name: str, limit: int) -> str:
    """The sandbox's notice when a link's ``name`` field (one of ``tutor.links.LINK_KEYS``) is too
    long or not text."""
    return _("This link did not work, so here is a new game of Kalah. (Its {name} is longer than {limit} "
             "characters.)").format(name=name, limit=limit)


def settings_problem(game: str, values: Mapping[str, object]) -> str:
    """Why a form's rule settings (``values`` by option name) can't make ``game``'s rules, in one
    sentence: the first option whose value the option table does not allow (the value cut short)."""
    for opt in options_for(game_name(game)):
        if opt.name in values and not opt.allows(values[opt.name]):
            return _option_problem(opt, values[opt.name])
    return _("these settings do not go together.")


def link_position_refused(problem: str) -> str:
    """The sandbox's notice when a link's position can't be opened: what happens first (for a child),
    then why, for whoever made the link."""
    return _("This link did not work, so here is a new game. (Its position could not be opened: {problem})").format(
        problem=problem)


def page_not_found() -> str:
    """An address the app has no page at (a mistyped or old link): said on the app's own page."""
    return _("There is no page at this address. Maybe the link was typed wrong or is old.")


def page_failed() -> str:
    """Something unexpected went wrong while a page was drawn (a bug): never a traceback."""
    return _("Something went wrong on this page, sorry. Your progress is safe: reload the page to go on.")


def link_kept_game() -> str:
    """A share link that did not work, opened by a learner with a game under way: it goes on."""
    return _("This link did not work, so your game goes on.")


def editor_refused(problem: str) -> str:
    """The board editor's message when it refuses a position."""
    return _("That position can't be used. {problem}").format(problem=problem)


def pit_count_problem(pits: int, count: int) -> str:
    """A row of ``count`` pits where the rules have ``pits`` a side."""
    return _("These rules use {n} pits a side, but this position has {count}.").format(n=pits, count=count)


def field_too_big(where: str, total: int) -> str:
    """A pit or store (``where``, named) given more seeds than notation allows (``engine.MAX_COUNT``)."""
    return _("{where} can't hold that many seeds: this game has {total} in all.").format(where=where, total=total)


def language_unavailable() -> str:
    """A link asked for a language the app does not have (``?lang=xx``): said in the language in use."""
    return _("That language is not available here: the app speaks English and Greek.")


def to_move_missing() -> str:
    """The editor was sent nobody (or somebody unknown) to move next."""
    return _("Say who moves next: S (South) or N (North).")


def field_missing(where: str) -> str:
    """An editor field left empty: ``"South's pit 3 has no number."``"""
    return _("{where} has no number.").format(where=where)


def field_negative(where: str, value: float) -> str:
    """An editor field below zero: ``"South's pit 3 can't hold -4 seeds: use 0 or more."`` (the
    number as the field shows it, :func:`field_number`)."""
    return _("{where} can't hold {value} seeds: use 0 or more.").format(where=where, value=field_number(value))


def field_not_whole(where: str, value: float) -> str:
    """An editor field with a fraction: ``"South's pit 3 can't hold 2.5 seeds: use a whole number."``"""
    return _("{where} can't hold {value} seeds: use a whole number.").format(
        where=where, value=field_number(value))


def field_number(value: float) -> str:
    """A number field's value as the field shows it (its format ``"%g"``): ``-4``, ``2.5``, ``-1e+308``.

    >>> field_number(-4.0), field_number(2.5), field_number(-1e308), field_number(7)
    ('-4', '2.5', '-1e+308', '7')
    """
    return f"{value:g}"


def cannot_analyse(problem: str) -> str:
    """Move outcomes' message for a pasted position it can't read: two sentences, the second
    ``problem`` (its first letter made a capital, whichever message it is)."""
    return _("That position cannot be analysed. {problem}").format(problem=problem[:1].upper() + problem[1:])


def pasted_problem(err: ValueError, game: str) -> str:
    """Why a pasted position (its rules read from it, ``engine.rules_for_position``) can't be used."""
    from engine import MAX_PITS, MIN_PITS, KalahRules, OwareRules, option

    if not isinstance(err, NotationError):
        return _("these rules can't be used with it.")
    if err.problem == "pit_count":
        return _("a row has {low} to {high} pits, but this one has {count}.").format(
            low=MIN_PITS, high=MAX_PITS, count=err.value)
    if err.problem == "total":
        if game == "oware":
            return _("Awari always has {total} seeds, but these add up to {count}.").format(
                total=OwareRules().total_seeds, count=err.value)
        seeds = option("kalah", "seeds")
        return _("the seeds add up to {count}, but a Kalah board starts with the same number of seeds "
                 "({low} to {high}) in every pit.").format(count=err.value, low=seeds.low, high=seeds.high)
    return notation_problem(err, OwareRules() if game == "oware" else KalahRules())


__all__ = [
    "page_failed", "page_not_found",
    "cannot_analyse", "editor_refused", "field_missing", "field_negative", "field_not_whole", "field_number", "language_unavailable", "ignored_settings",
    "layout", "link_kept_game", "link_position_refused", "link_value_refused", "settings_problem",
    "field_too_big", "pit_count_problem", "to_move_missing", "notation_problem_empty", "pasted_too_long", "link_rules_refused", "notation_problem", "pasted_problem",
    "rules_problem"
]
