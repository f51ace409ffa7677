"""Sums up a run log of ``bench/runlog/sitecustomize.py``: per kind of run, how many, their wall and CPU ms.

    python -m bench.runlog.summary /tmp/runs.log [--since EPOCH_S] [--until EPOCH_S]
"""

import argparse
import statistics
from collections import defaultdict

parser = argparse.ArgumentParser()
parser.add_argument("log")
parser.add_argument("--since", type=float, default=0.0)
parser.add_argument("--until", type=float, default=float("inf"))
args = parser.parse_args()
rows = defaultdict(list)
first, last = float("inf"), 0.0
for line in open(args.log):
    stamp, wall, cpu, kind, page, session = line.split()
    t = float(stamp)
    if not args.since <= t <= args.until:
        continue
    first, last = min(first, t), max(last, t)
    rows[kind].append((float(wall), float(cpu)))
span = max(last - first, 1e-9)
print(f"{sum(len(v) for v in rows.values())} runs over {span:.1f} s")
for kind, vals in sorted(rows.items()):
    walls, cpus = [w for w, _ in vals], [c for _, c in vals]
    print(f"  {kind:8s} {len(vals):5d} runs ({len(vals) / span:5.1f}/s)  wall p50 {statistics.median(walls):7.1f} "
          f"max {max(walls):8.1f} ms  cpu p50 {statistics.median(cpus):6.1f} sum {sum(cpus) / 1000:6.1f} s "
          f"({sum(cpus) / 10 / span:5.1f}% of a core)")
