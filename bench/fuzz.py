"""Drive every way in with 100,000 generated inputs and print the failures and the slowest input.

The checks are the fuzz tests' own (``tests/fuzz_support.py``); here the inputs come
from ``random`` (seeded), spread over notation, share links, board presses, editor
fields, new-game forms, typed codes and names, and search budgets. Prints the count
of inputs and failures per kind, the first failure of each kind, and the slowest
input with its time.

    python -m bench.fuzz [--count 100000] [--seed 15]
"""

from __future__ import annotations

import argparse
import math
import random
import string
import time
from collections.abc import Callable, Sequence

from engine import MAX_COUNT, OPTIONS, SIDES, Position, Rules
from tests import fuzz_support as fs
from tutor.links import LINK_KEYS
from tutor.sandbox import SandboxActivity

ODD = ["", " ", "4.0", "1e3", "٤", "+4", "-4", "**4**", "[x](http://e.x)", "<b>", "9" * 4301, "nan", "S", "N", "E"]


def number(rng: random.Random) -> object:
    return rng.choice([rng.randint(-5, 60), rng.randint(-(10**40), 10**40), 10**rng.randint(4299, 4400),
                       rng.uniform(-1e9, 1e9), math.nan, math.inf, -math.inf, rng.randint(0, 12)])


def anything(rng: random.Random) -> object:
    return rng.choice([None, True, False, number(rng), text(rng), [rng.randint(0, 9)], {"pit": 3}, b"\x00"])


def text(rng: random.Random, most: int = 30) -> str:
    pool = string.printable + "“”€٤\u2060\x00"
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, most)))


def count_text(rng: random.Random) -> str:
    return rng.choice([str(rng.randint(0, 12)), str(rng.randint(-3, 10**30)), rng.choice(ODD), text(rng, 5)])


def notation(rng: random.Random) -> str:
    n = rng.randint(0, 10)
    rows = [",".join(count_text(rng) for _ in range(n + rng.randint(0, 1))) for _ in range(2)]
    parts = [rows[0], count_text(rng), rows[1], count_text(rng), rng.choice(["S", "N", " n ", "E", "", "SN"])]
    if rng.random() < 0.3:
        parts = parts[: rng.randint(0, 6)]
    return "/".join(parts) if rng.random() < 0.95 else "/".join(parts) * rng.randint(2, 40000)


def gen_notation(rng: random.Random) -> tuple[object, ...]:
    return (rng.choice([notation(rng), text(rng, 80), anything(rng)]), rng.choice(fs.RULES))


def gen_round_trip(rng: random.Random) -> tuple[object, ...]:
    n = rng.randint(3, 8)

    def row() -> tuple[int, ...]:
        return tuple(rng.randint(0, MAX_COUNT) for _ in range(n))
    return (Position(row(), rng.randint(0, MAX_COUNT), row(), rng.randint(0, MAX_COUNT), rng.choice(SIDES)),)


def gen_link(rng: random.Random) -> tuple[object, ...]:
    keys = [rng.choice([*LINK_KEYS, text(rng, 5)]) for _ in range(rng.randint(0, 5))]

    def values() -> object:
        return rng.choice([notation(rng), count_text(rng), text(rng, 260), number(rng), None,
                           rng.choice(["kalah", "oware", "true", "stuck", "pit", "illegal"])])
    return ({k: values() for k in keys},)


def gen_press(rng: random.Random) -> tuple[object, ...]:
    return (rng.choice(fs.RULES), [rng.choice([rng.randint(1, 8), anything(rng)]) for _ in range(rng.randint(1, 6))])


def gen_fields(rng: random.Random) -> tuple[object, ...]:
    rules = rng.choice(fs.RULES)
    n = rules.pits
    values: list[object] = [*[rules.seeds] * n, 0, *[rules.seeds] * n, 0]
    for _ in range(rng.randint(0, 3)):
        values[rng.randrange(2 * n + 2)] = rng.choice([number(rng), anything(rng), rng.randint(0, 2 * rules.seeds)])
    return (rules, values, rng.choice(["S", "N", anything(rng)]))


def gen_settings(rng: random.Random) -> tuple[object, ...]:
    pool: dict[str, Sequence[object]] = {
        "game": ["kalah", "oware"], "first": ["S", "N", "nobody"], "clock": ["none", "3+2", "5+5", "custom"],
        "clock_minutes": [rng.uniform(0, 70)], "clock_increment": [rng.randint(0, 70)],
        **{o.name: list(o.values) for o in OPTIONS}}
    return ({k: rng.choice([*v, anything(rng)]) for k, v in pool.items() if rng.random() < 0.4},)


def gen_typed(rng: random.Random) -> tuple[object, ...]:
    return (rng.choice([text(rng, 60), "".join(rng.choice("ACDEFGHJKMNPQRTUVWXY34679 -acd") for _ in range(10)),
                        text(rng, 3000), anything(rng)]),)


def gen_budget(rng: random.Random) -> tuple[object, ...]:
    return (rng.choice(["time_ms", "max_nodes", "max_depth"]), rng.choice([number(rng), anything(rng), 0, 60_000]))


def run_press(rules: Rules, presses: list[object]) -> None:
    sb = SandboxActivity(rules)
    for pit in presses:
        fs.check_press(sb, pit)


KINDS: dict[str, tuple[Callable[[random.Random], tuple[object, ...]], Callable[..., object]]] = {
    "notation": (gen_notation, fs.check_notation),
    "round trip": (gen_round_trip, fs.check_round_trip),
    "link": (gen_link, fs.check_link),
    "press": (gen_press, run_press),
    "editor fields": (gen_fields, lambda rules, values, to_move: fs.check_fields(SandboxActivity(rules), values, to_move)),
    "new-game form": (gen_settings, lambda form: fs.check_settings(SandboxActivity(fs.RULES[0]), form)),
    "typed text": (gen_typed, fs.check_typed),
    "budget": (gen_budget, fs.check_budget_value),
}


def shown(args: tuple[object, ...]) -> str:
    parts = []
    for a in args:
        r = f"<int of {a.bit_length()} bits>" if isinstance(a, int) and a.bit_length() > 64 else repr(a)
        parts.append(r if len(r) <= 80 else f"{r[:80]}... ({len(r)} chars)")
    return ", ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    names = list(KINDS)
    done = {k: 0 for k in names}
    failed = {k: 0 for k in names}
    first: dict[str, str] = {}
    slowest = (0.0, "", "")
    t_all = time.perf_counter()
    for i in range(args.count):
        kind = names[i % len(names)]
        gen, check = KINDS[kind]
        inp = gen(rng)
        t0 = time.perf_counter()
        try:
            check(*inp)
        except Exception as exc:  # noqa: BLE001 - a failure is what we count
            failed[kind] += 1
            first.setdefault(kind, f"{shown(inp)} -> {type(exc).__name__}: {str(exc)[:200]}")
        dt = time.perf_counter() - t0
        done[kind] += 1
        if dt > slowest[0]:
            slowest = (dt, kind, shown(inp))
    total = time.perf_counter() - t_all
    print(f"inputs: {sum(done.values())} in {total:.1f} s; failures: {sum(failed.values())}")
    for kind in names:
        print(f"  {kind:14s} {done[kind]:7d} inputs  {failed[kind]:5d} failures")
    for kind, msg in first.items():
        print(f"  first failure ({kind}): {msg}")
    print(f"slowest input: {slowest[0] * 1000:.1f} ms ({slowest[1]}): {slowest[2]}")


if __name__ == "__main__":
    main()
