"""Mine proven puzzles from games the engine plays against itself and from learners' games (issue 33).

    python -m tools.mine_puzzles --variant kalah-6x4 --target 150
    python -m tools.mine_puzzles --variant awari --target 100 --games 400
    python -m tools.mine_puzzles --variant kalah-4x3 --store            # learners' kept games too
    python -m tools.mine_puzzles --all --target 100                    # every board in lessons.mined.VARIANTS
    python -m tools.mine_puzzles --variant kalah-6x4 --target 190 --theme counting   # only these themes
    python -m tools.mine_puzzles --variant kalah-4x3 --built --each 14      # built lap positions (tools.mine_built)
    python -m tools.mine_puzzles --variant awari --built --each 12 --theme awari-feed

Every position of a game with few seeds in the pits (``--max-in-play``) is judged by
``lessons.mined_facts.judge``: one clearly best first move, proven exact, every other first move at least
``lessons.mined.MARGIN`` seeds worse; themed from what the best turn does; difficulty measured by the
decisions a learner makes (``lessons.proofs``). A position that is the same as a hand-written puzzle's, or
already mined, is skipped.

Resumable: each puzzle is appended to ``lessons/mined/<variant>.jsonl`` as soon as it is found, and the
games played are counted in ``lessons/mined/.<variant>.games``; a run can stop anywhere and the next one goes on
with the next game (the games are numbered; each is played from its own seed). A run stops when the file
holds ``--target`` puzzles or after ``--games`` games. It prints the puzzles found per CPU hour (this
process and the C prover it runs).

``--built``: instead of games, batches of positions built to hold a theme self-play seldom reaches
(``tools.mine_built``: a lap in Kalah; feeding, a grand slam, a lap in Awari), judged the same way; only
puzzles of those themes are kept (``--theme`` to choose), until the file holds ``--each`` of every one; the
batches are counted in ``lessons/mined/.<variant>.built``.

Positions are proven by ``tools.mine_sources``: the Kalah 6-pit endgame table (12 seeds or fewer in the
pits) and the exact search, the Oware prover with its 10-seed table for Awari. Run it under ``nice -n 10``.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from engine import OwareRules, Position, Rules, legal_moves, rules_from_params
from lessons.mined import MIN_MOVES, MINED_DIR, VARIANTS, Entry, append, read_file
from lessons.mined_facts import judge
from lessons.proofs import Difficulty
from tools.mine_built import built_positions, built_themes
from tools.mine_sources import awari_exact, kalah_exact, self_play, store_positions

BATCH = 60
"""Positions built in one ``--built`` batch."""
LEVEL_SHARE = 0.5
"""No difficulty level takes more than this share of a built theme's ``--each`` puzzles."""
MAX_IN_PLAY = {"kalah-4x3": 14, "kalah-5x3": 14, "awari": 12}
"""The most seeds in the pits of a position the miner judges, by board (default :data:`DEFAULT_IN_PLAY`):
the 6-pit table answers 12 at once, small boards are proven fast a little above, Awari's prover from 12."""
DEFAULT_IN_PLAY = 12
THEME_SHARE = 0.4
"""No theme takes more than this share of a Kalah board's ``--target`` (a spread over themes); Awari's
endings are mostly quiet ones, so its themes are not capped."""


def cpu_seconds() -> float:
    """CPU seconds used by this process and the children it waited for (the C prover)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def taken_positions(folder: Path = MINED_DIR) -> set[tuple[str, str]]:
    """``(rules, position)`` of every puzzle there is: the hand-written ones and every mined one."""
    from lessons.loader import load_puzzles
    from lessons.mined import read_entries

    def key(params: Mapping[str, object], position: str) -> str:
        return str(sorted(rules_from_params({k: str(v).lower() for k, v in params.items()}).to_params().items()))

    out = {(key(p.rules, p.position), p.position) for p in load_puzzles(prove=False).values()}
    out |= {(key(dict(e.rules), e.position), e.position) for e in read_entries(folder)}
    return out


def rules_key(rules: Rules) -> str:
    """The rules as :func:`taken_positions` names them."""
    return str(sorted(rules.to_params().items()))


class Miner:
    """One board's mining run: the file it appends to, what it skips, and what it found."""

    def __init__(self, variant: str, folder: Path = MINED_DIR, taken: set[tuple[str, str]] | None = None,
                 themes: tuple[str, ...] = ()) -> None:
        self.variant = variant
        self.themes = themes
        self.rules = rules_from_params(VARIANTS[variant])
        self.path = folder / f"{variant}.jsonl"
        self.have = read_file(self.path) if self.path.exists() else []
        self.taken = taken if taken is not None else taken_positions(folder)
        self.seen: set[str] = set()
        self.found: list[Entry] = []
        self.in_play = MAX_IN_PLAY.get(variant, DEFAULT_IN_PLAY)
        self.counter = folder / f".{variant}.games"

    @property
    def count(self) -> int:
        """Puzzles in the file now."""
        return len(self.have) + len(self.found)

    def games_done(self) -> int:
        """Games played by earlier runs (``.<variant>.games`` next to the file)."""
        return int(self.counter.read_text()) if self.counter.exists() else 0

    def fresh(self, positions: list[Position], in_play: int | None = None) -> list[Position]:
        """The positions worth judging: few seeds in the pits (``in_play`` or the board's most), not seen in
        this run, no puzzle there yet."""
        out = []
        key = rules_key(self.rules)
        most = self.in_play if in_play is None else in_play
        for pos in positions:
            notation = pos.to_notation()
            if pos.seeds_in_play > most or notation in self.seen or (key, notation) in self.taken:
                continue
            if len(legal_moves(pos, self.rules)) < MIN_MOVES:  # no puzzle: not worth a proof
                continue
            self.seen.add(notation)
            out.append(pos)
        return out

    def judge_all(self, positions: list[Position], target: int, each: int = 0) -> int:
        """Judge ``positions``, append each puzzle found at once; returns how many were found. With ``each``
        (built positions) a puzzle is kept while its theme, one of ``self.themes``, has fewer than ``each``."""
        if isinstance(self.rules, OwareRules):
            proven = awari_exact(positions, self.rules)

            def exact(p: Position, r: Rules) -> dict[int, int] | None:
                return proven.get(p.to_notation())
        else:
            def exact(p: Position, r: Rules) -> dict[int, int] | None:
                return kalah_exact(p, r)
        got = 0
        for pos in positions:
            if self.count >= target or (each and self.built_done(each)):
                break
            try:
                entry = judge(pos, self.rules, self.variant, exact)
            except ValueError:  # too many turns to list
                continue
            if entry is None or (self.themes and entry.theme not in self.themes):
                continue
            if each and (self.have_of(entry.theme) >= each or self.level_full(entry, each)):
                continue
            if not each and self.full(entry.theme, target):
                continue
            append(self.path, [entry])
            self.found.append(entry)
            self.taken.add((rules_key(self.rules), entry.position))
            got += 1
        return got

    def have_of(self, theme: str) -> int:
        """Puzzles of ``theme`` in the file now."""
        return sum(e.theme == theme for e in (*self.have, *self.found))

    def full(self, theme: str, target: int) -> bool:
        """The theme has its share (:data:`THEME_SHARE`) of a Kalah board's target already."""
        if isinstance(self.rules, OwareRules):
            return False
        return self.have_of(theme) >= max(1, int(target * THEME_SHARE))

    def level_full(self, entry: Entry, each: int) -> bool:
        """``entry``'s theme has its share (:data:`LEVEL_SHARE` of ``each``) of puzzles of ``entry``'s level
        (``lessons.proofs.Difficulty.level``) already: built puzzles spread over the levels."""
        level = Difficulty(*entry.measured).level
        have = sum(e.theme == entry.theme and Difficulty(*e.measured).level == level for e in (*self.have, *self.found))
        return have >= math.ceil(each * LEVEL_SHARE)

    def built_done(self, each: int) -> bool:
        """Every built theme (``self.themes``) has ``each`` puzzles in the file."""
        return all(self.have_of(t) >= each for t in self.themes)

    def run_built(self, each: int, batches: int, seed: int) -> None:
        """Judge up to ``batches`` more batches of :data:`BATCH` built positions (``tools.mine_built``,
        numbered on from the earlier runs in ``.<variant>.built``) until every theme of ``self.themes``
        (default: the game's built themes) has ``each`` puzzles in the file."""
        self.themes = self.themes or built_themes(self.rules)
        counter = self.counter.with_suffix(".built")
        start = int(counter.read_text()) if counter.exists() else 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for k in range(start, start + batches):
            if self.built_done(each):
                break
            rng = random.Random(f"{seed}-{self.variant}-built-{k}")
            wanted = tuple(t for t in self.themes if self.have_of(t) < each)
            self.judge_all(self.fresh(built_positions(self.rules, wanted, rng, BATCH), in_play=48), 10 ** 6, each)
            counter.write_text(str(k + 1))

    def run(self, target: int, games: int, seed: int, records: list[str] | None = None) -> None:
        """Play up to ``games`` more games (numbered on from the earlier runs) and judge their positions
        until the file holds ``target`` puzzles; first the learners' ``records`` when given."""
        if records:
            self.judge_all(self.fresh(list(store_positions(records, self.rules))), target)
        start = self.games_done()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for k in range(start, start + games):
            if self.count >= target:
                break
            rng = random.Random(f"{seed}-{self.variant}-{k}")
            self.judge_all(self.fresh(list(self_play(self.rules, rng))), target)
            self.counter.write_text(str(k + 1))


def store_records() -> list[str]:
    """The learners' kept games in the store (``store.games.kept_records``; the database of
    ``MANCALA_DB_URL`` or the default SQLite file)."""
    from store.db import Database
    from store.games import kept_records

    db = Database()
    try:
        return kept_records(db)
    finally:
        db.dispose()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=list(VARIANTS), action="append", help="a board (again for more)")
    ap.add_argument("--all", action="store_true", help="every board")
    ap.add_argument("--target", type=int, default=100, help="stop when the board's file holds this many puzzles")
    ap.add_argument("--games", type=int, default=200, help="at most this many more games a board")
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--theme", action="append", default=[], help="keep only puzzles of this theme (again for more)")
    ap.add_argument("--store", action="store_true", help="judge the positions of learners' kept games first")
    ap.add_argument("--built", action="store_true", help="judge built positions (tools.mine_built), not games")
    ap.add_argument("--each", type=int, default=12, help="--built: stop when every built theme has this many")
    ap.add_argument("--out", type=Path, default=MINED_DIR, help="the folder of the mined files")
    args = ap.parse_args(argv)
    variants = list(VARIANTS) if args.all else (args.variant or ["kalah-6x4"])
    records = store_records() if args.store else None
    taken = taken_positions(args.out)
    for variant in variants:
        t0 = cpu_seconds()
        miner = Miner(variant, args.out, taken, tuple(args.theme))
        before = miner.games_done()
        if args.built:
            miner.run_built(args.each, args.games, args.seed)
        else:
            miner.run(args.target, args.games, args.seed, records)
        spent = cpu_seconds() - t0
        themes = Counter(e.theme for e in miner.found)
        rate = len(miner.found) / spent * 3600 if spent > 0 else 0.0
        done = f"{miner.games_done() - before} games" if not args.built else "built positions"
        print(f"{variant}: {len(miner.found)} puzzles found in {done}, "
              f"{spent:.0f} CPU s = {rate:.0f} puzzles per CPU hour; file holds {miner.count}; "
              f"themes {dict(themes)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
