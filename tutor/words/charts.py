"""The words of Move outcomes and the game story: values, depths, summaries, titles and axes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import MoveResult

from ..i18n import gettext as _
from ..i18n import ngettext
from .basics import clause_separator, or_list, pit_word, side_name
from .review import turned_words


def ahead_words(depth: int) -> str:
    """How far an estimate looks, the same words everywhere (depth counts single moves, plies)."""
    return _("looks {depth} moves ahead (both players' moves counted)").format(depth=depth)


def value_words(value: int, exact: bool, depth: int) -> str:
    """``"best play wins by 4"`` when proven, or ``"likely wins by about 4, an estimate that looks 13 moves
    ahead (...)"`` (an estimate never says "best play": a tester read that as a contradiction); one bracket at most."""
    if not exact:
        if value > 0:
            text = _("likely wins by about {n}").format(n=value)
        elif value < 0:
            text = _("likely loses by about {n}").format(n=-value)
        else:
            text = _("likely a draw")
        return text + ", " + _("an estimate that {ahead}").format(ahead=ahead_words(depth))
    if value > 0:
        return _("best play wins by {n}").format(n=value)
    if value < 0:
        return _("best play loses by {n}").format(n=-value)
    return _("best play draws")


def move_summary(pit: int, res: MoveResult, value: int, exact: bool, depth: int) -> str:
    """The move in words: ``"pit 3: last seed in your store, move again; best play wins by 4"``."""
    now = []
    last = res.last
    if res.extra_turn:
        now.append(_("last seed in your store, move again"))
    if res.captured:
        now.append(_("captures {n} seeds").format(n=res.captured))
    if res.game_over:
        now.append(_("ends the game"))
    if not now:
        if last.side == res.mover and last.is_store:
            now.append(_("last seed in your store"))
        elif last.side == res.mover:
            now.append(_("last seed in your pit {pit}").format(pit=last.pit))
        else:
            now.append(_("last seed in the opponent's pit {pit}").format(pit=last.pit))
    return _("{pit}: {now}; {value}").format(pit=pit_word(pit), now=", ".join(now),
                                             value=value_words(value, exact, depth))


def best_sentence(rows: Sequence[Mapping[str, Any]]) -> str:
    """The summary under the chart, without nested brackets, e.g.
    ``"**Best:** pit 3. Best play wins by 6, an estimate that looks 13 moves ahead (...)."``"""
    best = max(r["value"] for r in rows)
    tops = [r for r in rows if r["value"] == best]
    said = value_words(best, all(r["exact"] for r in tops), min(r["depth"] for r in tops))
    text = _("**Best:** {pits}. {value}.").format(pits=or_list([pit_word(r["pit"]) for r in tops]),
                                                   value=said[0].upper() + said[1:])
    if all(r["exact"] for r in rows):
        return text + " " + _("Every value is proven to the end of the game.")
    return text + " " + _("Values marked *est.* are the search's estimates and may be wrong; *exact* ones are proven.")


def depth_warning(rows: Sequence[Mapping[str, Any]]) -> str | None:
    """A warning when the estimates come from different depths (so they are not comparable), else ``None``."""
    depths = sorted({r["depth"] for r in rows if not r["exact"]})
    if len(depths) < 2:
        return None
    parts = [_("pit {pits} looks {depth}").format(
        pits=", ".join(str(r["pit"]) for r in rows if not r["exact"] and r["depth"] == d), depth=d) for d in depths]
    return (_("Estimates at different depths: {parts} moves ahead (both players' moves counted). A pit searched "
              "deeper can look better or worse than the rest only because of that: compare them with care, or "
              "give the search more time.").format(parts=clause_separator().join(parts)))


def same_depth_note(depth: int) -> str:
    return _("Every *est.* value {ahead}, so they compare fairly.").format(ahead=ahead_words(depth))


def value_label(row: Mapping[str, Any]) -> str:
    """The text on a value bar: the value, then "exact" or "est." on a second line."""
    return f"{row['value']:+d}<br>" + (_("exact") if row["exact"] else _("est."))


def outcome_titles(exact: bool = True) -> tuple[str, str]:
    """The two plots' titles; the second says "estimated" unless every value is proven (``exact``)."""
    return _("What happens now"), _("Where it leads (best play)") if exact else _("Where it leads (estimated)")


def now_bar_names(game: str) -> list[tuple[str, str]]:
    """The "what happens now" bars: (row key, legend name); Awari has no sowing into a store (A1)."""
    bars = [
        ("into_store", _("Seeds into your store")),
        ("captured", _("Seeds captured")),
        ("handed_to_opponent", _("Seeds handed to the opponent")),
    ]
    return bars[1:] if game == "oware" else bars


def chart_words(key: str) -> str:
    """Short words of the figures (axis titles, legend names, flags)."""
    return {
        "seeds": _("seeds"),
        # the value axis in plain words for a child, never "you minus them" (the last user test); two lines fit its height
        "you_ahead": _("how many seeds you<br>end ahead (or behind)"),
        "value": _("Value with best play"),
        "value_win": _("Best play wins"),
        "value_draw": _("Best play draws"),
        "value_loss": _("Best play loses"),
        "value_estimate": _("An estimate, not proven"),
        "flags": _("Extra turn / game end"),
        "extra_turn": _("extra<br>turn"),
        "game_ends": _("game<br>ends"),
        "move": _("move"),
        "pit": _("pit"),
        "depth_help": _("Moves looked ahead, both players' moves counted (plies); 1000 means exact."),
    }.get(key, key)


def pit_label(pit: int) -> str:
    return pit_word(pit)


def blunder_line(row: Mapping[str, Any]) -> str:
    """One move of the review's "go back" menu, both results as its player's final margins
    (``tutor.words.turned_words``): ``"move 2, South: pit 1 turned a win by 12 seeds into a loss by 6 seeds
    (pit 6 was best)"``; an estimate says "about"."""
    return _("move {move}, {player}: {turned} (pit {best} was best)").format(
        move=row["move"], player=row["player_name"], best=row["best_pit"],
        turned=turned_words(row["pit"], row["played"], row["best"], row["exact"]))


def story_empty() -> str:
    return _("Play some moves: the review of the game appears here.")


def analysing() -> str:
    return _("Analysing the moves...")


def outcomes_intro() -> str:
    return _("For every pit the player to move may play: what the move does now, and what it leads to "
             "if both players then play their best. Values are the final store difference from the "
             "mover's view: +4 means the mover ends 4 seeds ahead.")


def outcomes_heading(rules_words: str, notation: str, side: str) -> str:
    return _("{rules} · `{notation}` · {side} to move").format(rules=rules_words, notation=notation,
                                                               side=side_name("S" if side == "S" else "N"))


def nothing_to_analyse() -> str:
    return _("The game is over in this position: there is no move to analyse.")


def working_out() -> str:
    return _("Working out what every pit leads to...")


def outcomes_failed() -> str:
    """Move outcomes could not be worked out (the server's thinking stopped twice)."""
    return _("Sorry, working out these moves went wrong. Reload the page to try again.")


def fair_play_wait(where: str, computer: bool) -> str:
    """Why the engine's values of the sandbox's game wait for its end (``SandboxActivity.analysis_allowed``):
    ``where`` is ``"outcomes"`` (Move outcomes) or ``"story"`` (the game review); ``computer``: the game is
    against the computer (else it is on a clock)."""
    if where == "story":
        if computer:
            return _("Your game against the computer is still going: its review comes when the game ends, "
                     "so the game stays fair.")
        return _("Your game on a clock is still going: its review comes when the game ends, so the game stays fair.")
    if computer:
        return _("Your game against the computer is still going: Move outcomes shows its moves when the game ends, "
                 "so the game stays fair.")
    return _("Your game on a clock is still going: Move outcomes shows its moves when the game ends, "
             "so the game stays fair.")


def back_to_sandbox() -> str:
    """The link from Move outcomes back to the game under way."""
    return _("Back to your game in the Sandbox")


def game_moment(move: int, side: str, pit: int) -> str:
    """A position of a finished sandbox game, named by the move played from it (1-based)."""
    return _("Before move {move} ({player} played pit {pit})").format(
        move=move, player=side_name("S" if side == "S" else "N"), pit=pit)


def source_names() -> dict[str, str]:
    """Move outcomes' choice of position: id -> words."""
    return {"sandbox": _("The sandbox position"), "lesson": _("A lesson position"), "paste": _("Paste a position")}


def think_names() -> dict[int, str]:
    """Move outcomes' thinking times: milliseconds -> words."""
    return {300: _("quick (0.3 s)"), 1000: _("normal (1 s)"), 3000: _("deep (3 s)")}


def outcomes_labels(key: str) -> str:
    return {
        "position": _("Position"),
        "thinking": _("Thinking time"),
        "lesson": _("Lesson"),
        "step": _("Step"),
        "paste": _("Position (notation)"),
        "paste_help": _("SOUTH_PITS/SOUTH_STORE/NORTH_PITS/NORTH_STORE/TO_MOVE, pits in each owner's numbering."),
        "download": _("Download the analysis (CSV)"),
        "moment": _("Position in the finished game"),
        "moment_help": _("The game is over: pick any position of it to see what every pit would have done there."),
    }.get(key, key)


def outcome_columns() -> dict[str, str]:
    """Move outcomes' table and CSV: row key (``tutor.analysis.OUTCOME_KEYS``) -> header."""
    return {
        "pit": _("Pit"), "seeds": _("Seeds"), "into_store": _("Into your store"), "captured": _("Captured"),
        "handed_to_opponent": _("Given to the opponent"), "extra_turn": _("Move again"),
        "game_end": _("Ends the game"), "value": _("Value"), "result": _("Result"), "exact": _("Exact"),
        "depth": _("Moves looked ahead"), "best_line": _("Best line"), "summary": _("In words"),
    }


def outcome_result(result: str) -> str:
    """A row's ``result`` in words: win, draw, loss or estimate."""
    return {"win": _("win"), "draw": _("draw"), "loss": _("loss"), "estimate": _("estimate")}.get(result, result)


__all__ = [
    "ahead_words", "analysing", "back_to_sandbox", "best_sentence", "blunder_line", "chart_words", "depth_warning",
    "fair_play_wait", "game_moment", "move_summary", "nothing_to_analyse", "now_bar_names", "outcome_columns",
    "outcome_result", "outcome_titles", "outcomes_failed", "outcomes_heading", "outcomes_intro", "outcomes_labels",
    "pit_label", "same_depth_note", "source_names", "story_empty", "think_names", "value_label", "value_words",
    "working_out",
]
