"""Mine candidate puzzles from self-play with the search; print them for review.

    python -m tools.mine_puzzles --games 40 --seed 1
    python -m tools.mine_puzzles --theme extra-turns --game kalah --pits 4 --seeds 3
    python -m tools.mine_puzzles --game oware --games 60

Self-play games (a mix of the search's best move and random moves, so the
positions are varied) are played under small rule sets; every position
with few seeds in play is examined and tagged with the themes it fits
(``lessons/themes.toml``):

- ``endgame``: exactly one first move keeps the best exact value and it beats
  every other move by ``--margin`` seeds or more (exact search);
- ``extra-turns``: the best turn chains 2+ extra turns and few turns do;
- ``capture``: the biggest capture this turn is 4+ seeds and few turns get it;
- ``lap``: a full lap (K8) that captures through the emptied origin (K13);
- ``threat``: the opponent threatens 3+ seeds and few moves stop it all;
- ``counting``: a move ends the game now and the final sweep decides it;
- ``awari-chains`` / ``awari-grand-slam`` / ``awari-feed`` / ``awari-lap``.

Each candidate is printed as a ready-to-edit TOML block (notation, rules,
check, answers, value); the words (goal, hints, explanation) are written by
a person when a candidate is curated into ``lessons/puzzles/*.toml``. The
tests then prove every curated puzzle again from scratch.

Exact values come from ``engine.analyse`` (``engine/search/``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from typing import Any

from engine import KalahRules, MoveResult, OwareRules, Position, Rules, all_turns, analyse, legal_moves, play
from engine import best_capture as best_reply_capture


def turn_extra(results: list[MoveResult]) -> int:
    """Moves of a turn that earned another move (K9)."""
    return sum(r.extra_turn for r in results)


def turn_captured(results: list[MoveResult]) -> int:
    """Seeds captured over a turn (K10, A3)."""
    return sum(r.captured for r in results)


# ------------------------------------------------------------------ exact values


def exact_values(pos: Position, rules: Rules, time_ms: int = 3000) -> dict[int, int] | None:
    """``{pit: exact value}`` for every legal pit (``engine.analyse``), or ``None`` when not proven exact in time."""
    mvs = analyse(pos, rules, time_ms=time_ms)
    if not mvs or not all(mv.exact for mv in mvs):
        return None
    return {mv.pit: mv.value for mv in mvs}


# ------------------------------------------------------------------ self-play


def self_play(rules: Rules, rng: random.Random, explore: float = 0.35) -> Iterator[Position]:
    """Positions of one game: random moves with probability ``explore``, else a greedy-capture move."""
    pos = rules.initial_position()
    for _ in range(200):
        moves = legal_moves(pos, rules)
        if not moves:
            return
        yield pos
        if rng.random() < explore:
            pit = rng.choice(moves)
        else:
            vals = exact_values(pos, rules, time_ms=300) if pos.seeds_in_play <= 14 else None
            if vals:
                pit = max(vals, key=lambda p: (vals[p], rng.random()))
            else:
                pit = max(moves, key=lambda p: (play(pos, p, rules).captured, play(pos, p, rules).extra_turn, rng.random()))
        pos = play(pos, pit, rules).position


# ------------------------------------------------------------------ detectors


def _few(turns: list[tuple[int, ...]], n: int = 2) -> bool:
    return 0 < len(turns) <= n


def candidates(pos: Position, rules: Rules, margin: int = 2) -> Iterator[dict[str, Any]]:
    """The themes ``pos`` fits, each as a dict ready to print."""
    turns = [(t.pits, list(t.results)) for t in all_turns(pos, rules, limit=5000)]
    base = {"position": pos.to_notation(), "rules": rules.to_params()}
    if isinstance(rules, KalahRules):
        top_x = max(turn_extra(r) for _, r in turns)
        best_x = [t for t, r in turns if turn_extra(r) == top_x]
        if top_x >= 2 and _few(best_x) and len({t[0] for t, _ in turns}) >= 3:
            yield {**base, "theme": "extra-turns", "check": "most_extra_turns", "answers": best_x, "note": f"{top_x} extra turns"}
        top_c = max(turn_captured(r) for _, r in turns)
        best_c = [t for t, r in turns if turn_captured(r) == top_c]
        if top_c >= 4 and _few(best_c) and sum(1 for _, r in turns if turn_captured(r)) >= 2:
            yield {**base, "theme": "capture", "check": "biggest_capture", "answers": best_c, "note": f"captures {top_c}"}
        laps = [t for t, r in turns if any("K8" in x.rules_fired and x.captured for x in r)]
        if laps:
            yield {**base, "theme": "lap", "check": "goal", "answers": laps, "note": "full-lap capture"}
        threat = best_reply_capture(pos.with_to_move("N" if pos.to_move == "S" else "S"), rules)
        if threat >= 3:
            safe = [t for t, r in turns if not r[-1].game_over and best_reply_capture(r[-1].position, rules) == 0]
            if _few(safe, 2) and len(turns) >= 3:
                yield {**base, "theme": "threat", "check": "goal", "answers": safe, "note": f"threat of {threat}"}
        enders = [(t, r) for t, r in turns if r[-1].game_over]
        if enders and len(enders) < len(turns):
            wins = [t for t, r in enders if r[-1].outcome and r[-1].outcome.winner == pos.to_move]
            if _few(wins) and len(enders) >= 2:
                yield {**base, "theme": "counting", "check": "goal", "answers": wins, "note": "ends the game and wins"}
        if pos.seeds_in_play <= 16:
            vals = exact_values(pos, rules)
            if vals and len(vals) >= 3:
                ranked = sorted(vals.values(), reverse=True)
                if ranked[0] - ranked[1] >= margin and ranked[0] > 0:
                    top = max(vals, key=lambda pit: vals[pit])
                    yield {**base, "theme": "endgame", "check": "best", "answers": [(top,)], "value": ranked[0],
                           "note": f"values {vals}"}
    else:
        for t, r in turns:
            res = r[0]
            if "A4" in res.rules_fired:
                yield {**base, "theme": "awari-grand-slam", "check": "biggest_capture", "note": f"grand slam at pit {t[0]}",
                       "answers": [u for u, q in turns if turn_captured(q) == max(turn_captured(x) for _, x in turns)]}
            if "A2" in res.rules_fired and res.captured:
                yield {**base, "theme": "awari-lap", "check": "goal", "answers": [t], "note": f"12+ lap captures {res.captured}"}
            if res.captured and len(res.captured_from) >= 2:
                yield {**base, "theme": "awari-chains", "check": "biggest_capture", "answers": [t],
                       "note": f"chain of {len(res.captured_from)} pits, {res.captured} seeds"}
        if not any(pos.row("N" if pos.to_move == "S" else "S")):
            yield {**base, "theme": "awari-feed", "check": "goal", "answers": [t for t, _ in turns], "note": "must feed"}


def _toml(c: dict[str, Any]) -> str:
    rules = ", ".join(f"{k} = {v!r}".replace("'", '"') for k, v in c["rules"].items())
    answers = ", ".join("[" + ", ".join(map(str, t)) + "]" for t in c["answers"])
    lines = [
        f"# {c['theme']}: {c['note']}",
        "[[puzzles]]",
        'id = "TODO"',
        f"rules = {{ {rules} }}",
        f'position = "{c["position"]}"',
        f'check = "{c["check"]}"',
        f"answers = [{answers}]",
    ]
    if "value" in c:
        lines.append(f"value = {c['value']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("kalah", "oware"), default="kalah")
    ap.add_argument("--pits", type=int, default=4)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--theme", default=None, help="only this theme")
    ap.add_argument("--max-in-play", type=int, default=16, help="only positions with at most this many seeds in pits")
    ap.add_argument("--margin", type=int, default=2)
    ap.add_argument("--limit", type=int, default=30, help="stop after this many candidates")
    args = ap.parse_args(argv)
    rules: Rules = OwareRules() if args.game == "oware" else KalahRules(pits=args.pits, seeds=args.seeds)
    rng = random.Random(args.seed)
    seen: set[str] = set()
    found = 0
    for _ in range(args.games):
        for pos in self_play(rules, rng):
            if pos.seeds_in_play > args.max_in_play or pos.to_notation() in seen:
                continue
            seen.add(pos.to_notation())
            try:
                for c in candidates(pos, rules, args.margin):
                    if args.theme and c["theme"] != args.theme:
                        continue
                    print(_toml(c), end="\n\n")
                    found += 1
                    if found >= args.limit:
                        return 0
            except ValueError:
                continue
    print(f"# {found} candidates from {len(seen)} positions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
