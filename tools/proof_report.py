"""Which taught moves exact search proves best: every puzzle and every find and goal step of the strategy
lessons (lesson 7, Kalah strategy; lesson 8, Awari strategy).

    python -m tools.proof_report [--ms 3000] [--max-nodes N] [--no-oware-table] [--compare]

For each item, every position of its taught turn (the puzzle's answers, the step's solution; a Kalah turn
goes on after an extra turn, K9) is proven as the app would: the shipped data first (the Kalah opening book
and endgame tables, ``engine.search.book``), else every move's exact value by ``engine.search.prove_all``
within the budget (``--ms`` milliseconds a position, default 3000; ``--max-nodes`` too, or alone with
``--ms 0``, to make it independent of the machine); a value not proven is estimated by ``engine.analyse``
(the deep search the app shows) within the same budget again. An item is

- ``best``: every move's value there is proven exact and each taught pit has the best value;
- ``NOT best``: every value is proven and some taught pit's value is below the best (the values are shown);
- ``unproven``: some value is only an estimate (how many of the moves are proven is shown, and whether
  the estimates agree that the taught pit is best).

It prints one line an item, then the unproven share and the list of unproven items. ``--no-oware-table``
turns off the Awari endgame table (``engine.search.oware_table``); ``--compare`` then judges the Awari items
again without it and prints both counts and what changed. A report, never asserted: with a time budget it
depends on the machine's speed (and load); ``--ms 0 --max-nodes N`` makes it repeatable.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine and the lessons are imported inside the functions that use them
    from engine import Position, Rules


@dataclass(frozen=True)
class Item:
    """One taught turn: ``key`` (``puzzle/<id>`` or ``lesson/<lesson>/<step>``), its start, rules, and the
    taught turns (each a sequence of pits, the mover's own numbering)."""

    key: str
    start: Position
    rules: Rules
    turns: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Verdict:
    """What the search proved of one item: ``status`` (``"best"``, ``"NOT best"``, ``"unproven"``), a short
    ``detail``, the ``seconds`` it took and the most ``seeds`` in play at its positions."""

    status: str
    detail: str
    seconds: float
    seeds: int


STRATEGY = ("strategy", "awari-strategy")
"""The strategy lessons' ids (lessons 7 and 8)."""


def items() -> list[Item]:
    """Every puzzle (its answers) and every find and goal step of the strategy lessons (its solution)."""
    from lessons.loader import load_lessons, load_puzzles
    from lessons.steps.goal import GoalStep

    out = []
    for puzzle in load_puzzles(prove=False).values():
        out.append(Item(f"puzzle/{puzzle.id}", puzzle.start, puzzle.game_rules, tuple(tuple(t) for t in puzzle.turns)))
    for lesson in load_lessons(prove=False).values():
        if lesson.id not in STRATEGY:
            continue
        for step in lesson.steps:
            if isinstance(step, GoalStep):
                out.append(Item(f"lesson/{lesson.id}/{step.id}", lesson.step_position(step), lesson.step_rules(step),
                                (tuple(step.solution),)))
    return out


def values(pos: Position, rules: Rules, ms: int | None, max_nodes: int | None) -> dict[int, tuple[int, bool]]:
    """``{pit: (value, exact)}`` of every legal pit: the shipped data's, else what ``prove_all`` proves
    within the budget; a pit it did not prove gets ``engine.analyse``'s estimate within the same budget
    again (the deep search the app would show, marked estimated)."""
    from engine import legal_moves
    from engine.search import analyse, clear_tables, prove_all
    from engine.search.book import lookup

    known = lookup(pos, rules)
    if known is not None:
        return {p: (v, True) for p, v in known.items()}
    clear_tables()
    got = prove_all(pos, rules, time_ms=ms, max_nodes=max_nodes)["values"]
    if len(got) == len(legal_moves(pos, rules)):
        return {p: (v, True) for p, v in got.items()}
    clear_tables()
    return {m.pit: (got[m.pit], True) if m.pit in got else (m.value, m.exact)
            for m in analyse(pos, rules, time_ms=ms, max_nodes=max_nodes)}


def judge(item: Item, ms: int | None, max_nodes: int | None) -> Verdict:
    """Prove every position of the item's taught turns (each once) and say what is proven; where some
    value is only estimated, whether the estimates agree that the taught pit is best."""
    from engine import play

    t0 = time.perf_counter()
    seen: dict[Position, dict[int, tuple[int, bool]]] = {}
    status, details, seeds = "best", [], 0
    for turn in item.turns:
        pos = item.start
        for pit in turn:
            if pos not in seen:
                seen[pos] = values(pos, item.rules, ms, max_nodes)
                seeds = max(seeds, pos.seeds_in_play)
            found = seen[pos]
            proven = sum(exact for _, exact in found.values())
            top = max(v for v, _ in found.values())
            if proven < len(found):
                status = "unproven"
                agree = "estimated best" if found[pit][0] == top else f"estimated {found[pit][0]}, the best {top}"
                details.append(f"{proven} of {len(found)} moves proven, pit {pit} {agree}")
            elif status != "unproven" and found[pit][0] < top:
                status = "NOT best"
                details.append(f"pit {pit} is worth {found[pit][0]}, the best {top}")
            res = play(pos, pit, item.rules)
            if res.game_over or res.position.to_move != pos.to_move:
                break
            pos = res.position
    return Verdict(status, "; ".join(dict.fromkeys(details)), time.perf_counter() - t0, seeds)


def report(table: bool, ms: int | None, max_nodes: int | None, game: str | None = None) -> dict[str, Verdict]:
    """Judge every item (only those of ``game``, ``"kalah"`` or ``"oware"``, when given) with the Awari
    endgame table on or off; prints a line an item, the unproven share and the unproven items."""
    from engine.search import clear_tables, oware_table

    oware_table.ENABLED = table
    clear_tables()
    verdicts = {}
    try:
        for item in items():
            if game is not None and item.rules.game != game:
                continue
            v = judge(item, ms, max_nodes)
            verdicts[item.key] = v
            print(f"{item.key:<48} {item.rules.game:<5} {v.seeds:>2} seeds  {v.status:<8} {v.seconds:5.1f} s  "
                  f"{v.detail}", flush=True)
    finally:
        oware_table.ENABLED = True
        clear_tables()
    unproven = [k for k, v in verdicts.items() if v.status == "unproven"]
    wrong = [k for k, v in verdicts.items() if v.status == "NOT best"]
    print(f"{game or 'all'} items, Oware endgame table {'on' if table else 'off'}, {ms or 'no'} ms, "
          f"{max_nodes or 'no limit of'} nodes a position: {len(unproven)} of {len(verdicts)} unproven "
          f"({100 * len(unproven) / max(1, len(verdicts)):.1f}%), {len(wrong)} proven not best")
    for k in unproven:
        print(f"  unproven: {k} ({verdicts[k].detail})")
    for k in wrong:
        print(f"  NOT best: {k} ({verdicts[k].detail})")
    return verdicts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ms", type=int, default=3000, help="milliseconds a position (0: no time limit)")
    ap.add_argument("--max-nodes", type=int, default=None, help="nodes a position (default: no limit)")
    ap.add_argument("--no-oware-table", action="store_true", help="the search alone")
    ap.add_argument("--compare", action="store_true",
                    help="then the Awari items again without the table, and what changed")
    a = ap.parse_args(argv)
    ms = a.ms or None
    after = report(not a.no_oware_table, ms, a.max_nodes)
    if not a.compare:
        return 0
    before = report(False, ms, a.max_nodes, game="oware")
    changed = [k for k in before if before[k].status != after[k].status]
    print(f"Awari items unproven: {sum(v.status == 'unproven' for v in before.values())} of {len(before)} "
          f"without the table, {sum(after[k].status == 'unproven' for k in before)} with it")
    for k in changed:
        print(f"  {k}: {before[k].status} without the table, {after[k].status} with it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
