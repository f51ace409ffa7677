"""Where the puzzle miner finds positions, and how it proves their values (``tools/mine_puzzles.py``).

- :func:`self_play`: a game the engine plays against itself, each side at one of the sandbox's computer
  levels (``engine.LEVELS``, with a node budget so a run does not depend on the machine's speed), now and
  then a random move so the games differ;
- :func:`store_positions`: the positions of learners' sandbox games kept in the store
  (``store.games.kept_records``, read through the store, never with SQL here);
- :func:`kalah_exact`: every pit's exact value by ``engine.analyse`` (the 6-pit endgame table for 12 seeds
  or fewer in the pits, else the exact search within a node budget);
- :func:`awari_exact`: every pit's exact value by the C prover (``tools/oware_proofs.prove``, the Oware
  endgame table of 10 seeds at its leaves), many positions in one call;
- :func:`prove_entries`: shipped mined puzzles proven again from scratch (the tests, ``tools.taught_report``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from engine import LEVELS, Position, Rules, analyse, choose_move, legal_moves, play, rules_from_params
from lessons.mined import Entry
from lessons.mined_facts import judge

PLAY_LEVELS = tuple(level for level in LEVELS if level != "perfect")
"""The levels the engine plays itself at (``perfect`` thinks too long for mining)."""
MOVE_NODES = 4000
"""The node budget of one self-play move (the level's own depth or less)."""
EXPLORE = 0.12
"""The share of self-play moves chosen at random."""
KALAH_NODES = 400_000
"""The node budget of one Kalah proof (``kalah_exact``) beyond the tables."""
AWARI_NODES = 200_000
"""The C prover's node budget for one move of one Awari position while mining."""
PROOF_NODES = 2_000_000
"""The budget when a mined Awari puzzle is proven again (:func:`prove_entries`): its values are exact, so any
budget that proves them gives the same; a larger one never fails where the miner's succeeded."""


def self_play(rules: Rules, rng: random.Random, plies: int = 400) -> Iterator[Position]:
    """The positions of one game (each with a player to move), South and North each at a level of
    :data:`PLAY_LEVELS` drawn from ``rng``."""
    levels = {"S": rng.choice(PLAY_LEVELS), "N": rng.choice(PLAY_LEVELS)}
    pos = rules.initial_position()
    for _ in range(plies):
        moves = legal_moves(pos, rules)
        if not moves or pos.to_move is None:
            return
        yield pos
        if rng.random() < EXPLORE:
            pit = rng.choice(moves)
        else:
            pit = choose_move(pos, rules, levels[pos.to_move], rng=rng, max_nodes=MOVE_NODES)
        pos = play(pos, pit, rules).position


def record_positions(record: str) -> tuple[Rules, list[Position]] | None:
    """The rules and the positions (a player to move) of one kept game record (``tutor.kept_record``);
    ``None`` when the record is no game."""
    from tutor.kept_record import read_record, restore

    model = read_record(record)
    state = None if model is None else restore(model)
    if state is None:
        return None
    game = state.game
    pos, out = game.start, []
    for result in game.results:
        if pos.to_move is not None:
            out.append(pos)
        pos = result.position
    return game.rules, out


def store_positions(records: Iterable[str], rules: Rules) -> Iterator[Position]:
    """The positions under ``rules`` (same parameters) of the learners' kept games ``records``."""
    want = rules.to_params()
    for record in records:
        found = record_positions(record)
        if found is not None and found[0].to_params() == want:
            yield from found[1]


def kalah_exact(pos: Position, rules: Rules, nodes: int = KALAH_NODES) -> dict[int, int] | None:
    """``{pit: exact value}`` of every legal pit (``engine.analyse``, no time limit, ``nodes`` nodes), or
    ``None`` when one is not proven."""
    mvs = analyse(pos, rules, time_ms=None, max_nodes=nodes)
    if not mvs or not all(mv.exact for mv in mvs):
        return None
    return {mv.pit: mv.value for mv in mvs}


def awari_exact(positions: list[Position], rules: Rules, nodes: int = AWARI_NODES) -> dict[str, dict[int, int] | None]:
    """``{notation: {pit: exact value} or None}`` of each position (no history, A6) by the C prover with the
    shipped endgame table (``tools.oware_proofs.prove``); ``None`` where a pit is not proven exact."""
    from tools.oware_proofs import prove

    out: dict[str, dict[int, int] | None] = {}
    if not positions:
        return out
    variant = getattr(rules, "grand_slam", "no_capture")
    for pos, (values, _) in zip(positions, prove([(p, 0) for p in positions], variant, nodes, 10)):
        exact = all(lo == hi for lo, hi in values.values()) and bool(values)
        out[pos.to_notation()] = {p: lo for p, (lo, _) in values.items()} if exact else None
    return out


def prove_entries(entries: Iterable[Entry]) -> dict[str, str]:
    """Prove mined puzzles again from scratch: each entry's position judged anew (``lessons.mined_facts.judge``:
    every pit's exact value, the answers, the theme and its facts, the measured difficulty) must give the
    entry itself. Returns ``{id: what differs}`` for those that do not (``{}``: all proven). Awari positions
    are proven together by one run of the C prover (gcc needed)."""
    entries = list(entries)
    bad: dict[str, str] = {}
    awari: dict[str, list[Entry]] = {}
    for e in entries:
        if e.rules.get("game") == "oware":
            awari.setdefault(str(sorted(e.rules.items())), []).append(e)
    proven: dict[str, dict[int, int] | None] = {}
    for group in awari.values():
        rules = rules_from_params(dict(group[0].rules))
        proven.update(awari_exact([Position.from_notation(e.position, rules) for e in group], rules, PROOF_NODES))
    for e in entries:
        rules = rules_from_params(dict(e.rules))
        pos = Position.from_notation(e.position, rules)
        if e.rules.get("game") == "oware":
            def exact(p: Position, r: Rules) -> dict[int, int] | None:
                return proven.get(p.to_notation())
        else:
            def exact(p: Position, r: Rules) -> dict[int, int] | None:
                return kalah_exact(p, r)
        again = judge(pos, rules, e.variant, exact)
        if again != e:
            bad[e.id] = f"mined {e.line()} but judged again {again.line() if again else None}"
    return bad


__all__ = ["AWARI_NODES", "PROOF_NODES", "EXPLORE", "KALAH_NODES", "MOVE_NODES", "PLAY_LEVELS", "awari_exact", "kalah_exact",
           "prove_entries", "record_positions", "self_play", "store_positions"]
