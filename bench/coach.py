"""What the coach costs: milliseconds per explanation (issue 32).

For each sample (a Kalah 6x4 midgame, an Awari midgame, a Kalah endgame), it analyses the position once
the way Move outcomes does (``tutor.analysis.same_depth_values``, ``--think`` ms) and then times, for every
legal pit:

- ``facts``: ``tutor.coach_facts.facts`` given those values (the pool's "coach" request does this for
  each pit): the move, the answer (from the values' best line, searched within ``REPLY_NODES`` nodes
  where the line stops), the best move and its answer;
- ``words``: ``tutor.words.coach_first`` and ``coach_details`` from the facts (the page's own thread),
  in English and in Greek;
- ``no values``: ``tutor.coach.explain`` without values (the puzzle's case: the position analysed within
  ``COACH_NODES`` nodes first).

Each figure is the median over ``--runs`` runs (the coach's caches cleared before each), in ms,
process CPU time (``time.process_time``), so other load on the machine does not count.

    python -m bench.coach               # 5 runs
    python -m bench.coach --runs 9 --think 1000
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine import KalahRules, OwareRules, Position, Rules, legal_moves
from tutor import coach_facts, i18n, words
from tutor.analysis import same_depth_values
from tutor.coach import explain

SAMPLES: list[tuple[str, str, Rules]] = [
    ("Kalah 6x4 midgame", "0,6,9,0,3,9/7/0,1,1,2,4,0/6/S", KalahRules()),
    ("Kalah 6x4 opening", "4,4,4,4,4,0/1/5,5,5,4,4,4/0/N", KalahRules()),
    ("Awari midgame", "7,0,7,2,4,5/12/0,5,0,0,3,3/0/S", OwareRules()),
    ("Kalah 6x4 endgame", "1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KalahRules()),
]


def _clear() -> None:
    coach_facts._facts.cache_clear()
    coach_facts._analysed.cache_clear()


def _ms(job: Callable[[], object]) -> float:
    start = time.process_time()
    job()
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--think", type=int, default=300, help="Move outcomes' thinking time, ms")
    args = parser.parse_args()
    print(f"{'sample':<20} {'pits':>4} {'facts ms/pit':>13} {'words en':>9} {'words el':>9} {'no values ms/pit':>17}")
    for name, notation, rules in SAMPLES:
        pos = Position.from_notation(notation, rules)
        values = same_depth_values(pos, rules, args.think)[0]
        pits = legal_moves(pos, rules)
        facts_ms: list[float] = []
        en_ms: list[float] = []
        el_ms: list[float] = []
        bare_ms: list[float] = []
        for _ in range(args.runs):
            _clear()
            facts_ms.append(_ms(lambda: [coach_facts.facts(pos, rules, p, values) for p in pits]) / len(pits))
            made = [coach_facts.facts(pos, rules, p, values) for p in pits]
            for lang, out in (("en", en_ms), ("el", el_ms)):
                i18n.use(lang)
                out.append(_ms(lambda: [(words.coach_first(f), words.coach_details(f)) for f in made]) / len(pits))
            i18n.use(None)
            _clear()
            bare_ms.append(_ms(lambda: [explain(pos, rules, p) for p in pits]) / len(pits))
        med = statistics.median
        print(f"{name:<20} {len(pits):>4} {med(facts_ms):>13.1f} {med(en_ms):>9.2f} {med(el_ms):>9.2f} "
              f"{med(bare_ms):>17.1f}")


if __name__ == "__main__":
    main()
