"""One measure for every result the tutor says: the final margin (docs/rules.md, K16/A6).

A position's value is the final store difference for the mover (your store minus the opponent's with
best play). Every sentence that says a result says it as that margin — "you win by 10 seeds", "you win
by only 2 seeds", "you lose by 4 seeds", "it is a draw" — and a sentence that compares two moves says
both margins, never "N seeds fewer/more" (own seeds, half of a margin's change: a child reads 10 - 4 = 6
where the margin is 2).
"""

from __future__ import annotations

from ..i18n import gettext as _
from .basics import seeds_word


def margin_clause(value: int, exact: bool = True, only: bool = False) -> str:
    """A result as a clause with its subject: ``value`` the final store difference for you (K16/A6),
    ``exact`` proven (else the search's estimate: "about"), ``only`` a win or a loss that is worse
    than another the sentence names ("only" before a win's margin, none for a loss):
    ``10`` -> ``"you win by 10 seeds"``, ``(2, only=True)`` -> ``"you win by only 2 seeds"``,
    ``-4`` -> ``"you lose by 4 seeds"``, ``0`` -> ``"it is a draw"``."""
    if not exact:
        if value > 0:
            return _("you win by about {seeds}").format(seeds=seeds_word(value))
        if value < 0:
            return _("you lose by about {seeds}").format(seeds=seeds_word(-value))
        return _("it is likely a draw")
    if value > 0:
        if only:
            return _("you win by only {seeds}").format(seeds=seeds_word(value))
        return _("you win by {seeds}").format(seeds=seeds_word(value))
    if value < 0:
        return _("you lose by {seeds}").format(seeds=seeds_word(-value))
    return _("it is a draw")


def result_noun(value: int, exact: bool = True) -> str:
    """A result as a noun phrase, for "turned ... into ...": ``12`` -> ``"a win by 12 seeds"``, ``-6`` ->
    ``"a loss by 6 seeds"``, ``0`` -> ``"a draw"``; an estimate says "about"."""
    if value > 0:
        return (_("a win by {seeds}") if exact else _("a win by about {seeds}")).format(seeds=seeds_word(value))
    if value < 0:
        return (_("a loss by {seeds}") if exact else _("a loss by about {seeds}")).format(seeds=seeds_word(-value))
    return _("a draw") if exact else _("about a draw")


def compare_margins(now: int, best: int, best_pit: int | None, exact: bool = True) -> str:
    """A move worse than the best, both results as margins (K16/A6), one sentence: ``now`` this move's
    value, ``best`` the best move's, ``best_pit`` its pit (``None``: "the best move", a puzzle that does
    not tell the answer), ``exact`` both proven: ``"With best play, with this move you win by only 2 seeds;
    with pit 6 you win by 10 seeds."``"""
    then = margin_clause(best, exact)
    said = margin_clause(now, exact, only=True)
    if best_pit is None:
        if exact:
            return _("With best play, with this move {now}; with the best move {then}.").format(now=said, then=then)
        return _("As far as the search can tell, with this move {now}; with the best move {then}.").format(
            now=said, then=then)
    if exact:
        return _("With best play, with this move {now}; with pit {best} {then}.").format(
            now=said, best=best_pit, then=then)
    return _("As far as the search can tell, with this move {now}; with pit {best} {then}.").format(
        now=said, best=best_pit, then=then)


def better_by_margins(pit: int, now: int, best_pit: int, best: int, exact: bool = True) -> str:
    """Why ``best_pit`` is better than ``pit`` when only the values tell, a clause with both margins:
    ``"with best play, with pit 6 you win by 4 seeds, with pit 5 you win by only 2 seeds"``."""
    if exact:
        return _("with best play, with pit {best} {then}, with pit {pit} {now}").format(
            best=best_pit, then=margin_clause(best), pit=pit, now=margin_clause(now, only=True))
    return _("as far as the search can tell, with pit {best} {then}, with pit {pit} {now}").format(
        best=best_pit, then=margin_clause(best, False), pit=pit, now=margin_clause(now, False))


def others_at_most(value: int) -> str:
    """What every other move gets at best, ``value`` the next best move's margin (K16/A6): ``"With any other
    move you win by 8 seeds at most."``, ``"With any other move it is a draw at best."``, ``"With any other
    move you lose by at least 2 seeds."``"""
    if value > 0:
        return _("With any other move you win by {seeds} at most.").format(seeds=seeds_word(value))
    if value < 0:
        return _("With any other move you lose by at least {seeds}.").format(seeds=seeds_word(-value))
    return _("With any other move it is a draw at best.")


__all__ = ["better_by_margins", "compare_margins", "margin_clause", "others_at_most", "result_noun"]
