"""Is a position a puzzle? The facts of a mined puzzle, worked out with the engine (issue 33).

:func:`judge` takes a position and a function giving the exact value of every legal pit (``engine.analyse``
where it proves them, the Kalah endgame table, the Oware prover...) and returns the puzzle's
``lessons.mined.Entry`` when the position has one clearly best first move (:data:`lessons.mined.MARGIN`
seeds or more ahead of every other, proven exact), or ``None``. Its theme comes from what the best turn
does (:func:`theme_of`), its difficulty from the decisions a learner makes (``lessons.proofs``).

The miner (``tools/mine_puzzles.py``) and the tests (``tests/test_mined.py``, which prove every shipped
puzzle again from scratch) both use it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import KalahRules, Position, Rules, Side, Turn, all_turns, best_capture, legal_moves

from .mined import MARGIN, MIN_MOVES, Entry, entry_id
from .proofs import _measured

ExactFn = Callable[[Position, Rules], "dict[int, int] | None"]
"""``exact(pos, rules) -> {pit: exact final store difference for the mover}`` of every legal pit, or
``None`` when they are not all proven."""

MAX_ANSWERS = 8
"""A position whose best turns branch into more answers than this is left out (too many ways to be right)."""

THEME_RULES: dict[str, list[str]] = {
    "capture": ["K10"], "extra-turns": ["K9"], "lap": ["K8"], "threat": ["K10"], "counting": ["K14", "K15"],
    "endgame": ["K16"], "awari-chains": ["A3"], "awari-grand-slam": ["A4"], "awari-feed": ["A5"],
    "awari-lap": ["A2"],
}
"""The rule ids a mined Kalah puzzle of each theme practises (``docs/rules.md``): its ``cites``."""
AWARI_RULES: dict[str, list[str]] = {"capture": ["A3"], "endgame": ["A6"]}
"""The rule ids of the Awari puzzles of the themes both games share."""


def cites(theme: str, game: str) -> list[str]:
    """The rule ids a mined puzzle of ``theme`` in ``game`` (``"kalah"``, ``"oware"``) practises."""
    if game == "oware" and theme in AWARI_RULES:
        return AWARI_RULES[theme]
    return THEME_RULES[theme]


def best_turns(pos: Position, rules: Rules, values: dict[int, int], exact: ExactFn) -> list[tuple[int, ...]] | None:
    """Every turn whose every move keeps the best value (the answers of a ``best`` puzzle, as
    ``lessons.proofs.accepted_turns`` works them out), in pit order; ``None`` when a position in the
    middle of a turn (after an extra turn, K9) is not proven or there are more than :data:`MAX_ANSWERS`."""
    out: list[tuple[int, ...]] = []

    def walk(turn: Turn, vals: dict[int, int]) -> bool:
        top = max(vals.values())
        for pit in sorted(p for p, v in vals.items() if v == top):
            nxt = turn.then(pit, rules)
            if nxt.complete:
                out.append(nxt.pits)
            else:
                more = exact(nxt.position, rules)
                if more is None or not walk(nxt, more):
                    return False
            if len(out) > MAX_ANSWERS:
                return False
        return True

    return sorted(out) if walk(Turn(pos), values) else None


def _other(side: Side) -> Side:
    return "N" if side == "S" else "S"


def theme_of(pos: Position, rules: Rules, answer: tuple[int, ...]) -> tuple[str, dict[str, int]]:
    """The theme of a puzzle whose best turn is ``answer``, and the facts its hints say.

    Kalah, the first that fits: ``lap`` (a move sows a lap or more, K8; fact ``pit``: the pit of the
    turn's biggest sowing), ``counting`` (the turn ends the game, K14), ``extra-turns`` (2+ extra turns, the most of any turn, K9), ``threat`` (the opponent
    threatens 2+ seeds now and the turn takes no seeds but leaves them at most half of it, K10),
    ``capture`` (the biggest capture of any turn, K10), else ``endgame``. Awari: ``awari-feed`` (the
    opponent has no seeds, A5), ``awari-grand-slam`` (a first move would take every seed of the
    opponent's row, A4; fact ``pit``: the lowest such pit), ``awari-lap`` (12+ seeds, A2; fact ``pit``),
    ``awari-chains`` (a capture from 2+ pits, A3), ``capture`` (the biggest capture, A3), else ``endgame``.
    """
    turns = list(all_turns(pos, rules))
    turn = next(t for t in turns if t.pits == answer)
    me = pos.to_move
    assert me is not None
    sown, here, biggest = 0, pos, answer[0]
    for r in turn.results:
        if here.row(me)[r.pit - 1] > sown:
            sown, biggest = here.row(me)[r.pit - 1], r.pit
        here = r.position
    facts = {"captured": turn.captured, "extra": turn.moves_again, "sown": sown}
    most_captured = max(t.captured for t in turns)
    if isinstance(rules, KalahRules):
        threat = best_capture(pos.with_to_move(_other(me)), rules)
        left = 0 if turn.game_over else best_capture(turn.position, rules)
        if sown >= rules.lap:
            return "lap", {**facts, "pit": biggest}
        if turn.game_over:
            return "counting", facts
        if turn.moves_again >= 2 and turn.moves_again == max(t.moves_again for t in turns):
            return "extra-turns", facts
        if threat >= 2 and turn.captured == 0 and left * 2 <= threat:
            return "threat", {**facts, "threat": threat, "left": left}
        if turn.captured >= 2 and turn.captured == most_captured:
            return "capture", facts
        return "endgame", facts
    first = turn.results[0]
    if not any(pos.row(_other(me))):
        return "awari-feed", facts
    slams = [t.pits[0] for t in turns if "A4" in t.results[0].rules_fired]
    if slams:
        return "awari-grand-slam", {**facts, "pit": slams[0]}
    if "A2" in first.rules_fired:
        return "awari-lap", {**facts, "pit": first.pit}
    if first.captured and len(first.captured_from) >= 2:
        return "awari-chains", {**facts, "pits": len(first.captured_from)}
    if first.captured and first.captured == most_captured:
        return "capture", facts
    return "endgame", facts


def judge(pos: Position, rules: Rules, variant: str, exact: ExactFn, margin: int = MARGIN) -> Entry | None:
    """The mined puzzle at ``pos`` (``lessons.mined.Entry``), or ``None`` when it is none: the game is over,
    fewer than :data:`lessons.mined.MIN_MOVES` legal pits, a value not proven, no first move ``margin``
    seeds ahead of every other, or too many answers."""
    if pos.to_move is None or len(legal_moves(pos, rules)) < MIN_MOVES:
        return None
    values = exact(pos, rules)
    if values is None or len(values) < MIN_MOVES:
        return None
    ranked = sorted(values.values(), reverse=True)
    if ranked[0] - ranked[1] < margin:
        return None
    answers = best_turns(pos, rules, values, exact)
    if not answers:
        return None
    theme, facts = theme_of(pos, rules, answers[0])
    notation = pos.to_notation()
    params = rules.to_params()
    d = _measured(notation, tuple(sorted(params.items())), tuple(answers), "best", None)
    return Entry(id=entry_id(variant, notation), variant=variant, rules=params, position=notation, theme=theme,
                 answers=tuple(answers), values=values, measured=(d.decisions, d.right, d.depth), facts=facts)


__all__ = ["AWARI_RULES", "ExactFn", "MAX_ANSWERS", "THEME_RULES", "best_turns", "cites", "judge", "theme_of"]
