"""The coach's facts: what a move does, what the opponent's best answer then does, and what the best move
does better, all read from the engine (``engine.play``, ``engine.analyse``); no words here.

:func:`facts` gives one :class:`Facts` for a position, its rules and a pit. The words are made from it by
``tutor.coach`` (through ``tutor.words.coach``); the game review and the class view count mistakes by
:attr:`Facts.kind`.

- What a move does (:class:`Deed`, from the ``MoveResult``): an extra turn (K9), the seeds it captures
  from the opponent's pits (K10/K18, Awari A3 with its chains), a lap (K8, A2), a feed (A5), a grand slam
  that captures nothing (A4), the end of the game (K14/K15, A6), the seeds sown into the opponent's row.
- After a move that earns an extra turn (K9), the rest of the mover's turn (:class:`Reply` too): the
  mover's best continuation, read and searched as the answer is; the answer then comes after the whole turn.
- The opponent's best answer (:class:`Reply`): their whole turn (K9 chains followed). Its pits are read
  from the analysis' best line (``MoveValue.pv``: the line the value was found with) as far as it goes,
  and found by the search for the rest (``engine.analyse`` within :data:`REPLY_NODES` nodes, no time
  budget, so the same on every machine; the book and tables answer at once where they know the position).
- The values (``engine.MoveValue``): the pit's value and the best one, each exact or an estimate at a
  depth, as the search knows them. Given ``values`` (a page has them) nothing is searched again but the
  answer where the line stops; without them :func:`facts` analyses within :data:`COACH_NODES` nodes.

Kinds of mistake (:data:`KINDS`), decided from the played move against the best one (the main one is the
one of most seeds, but a missed extra turn comes first when it is the best move's main gain,
:func:`extra_turn_gain`):
``capture_allowed`` (the answer captures more of your seeds than after the best move),
``capture_missed`` (the best move captures more), ``extra_turn_missed`` (the best move gives an extra
turn, K9), ``extra_turn_allowed`` (the answer gets an extra turn the best move does not give),
``feed_error`` (Awari: the opponent's row was empty and another feed was better, A5), ``grand_slam``
(a grand slam that captures nothing, A4), ``game_end`` (the move ends the game worse than the best),
``other`` (only the values say why); ``best`` when the move loses nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from engine import MoveResult, MoveValue, Outcome, Position, Rules, Side, analyse, legal_moves, other, play

REPLY_NODES = 20_000
"""Nodes the search may use for each move of an answer the best line does not give (about 40 ms)."""
COACH_NODES = 60_000
"""Nodes :func:`facts` may use to analyse the position when no ``values`` are given."""
KINDS = ("best", "capture_allowed", "capture_missed", "extra_turn_missed", "extra_turn_allowed", "feed_error",
         "grand_slam", "game_end", "other")
"""Every :attr:`Facts.kind`, ``best`` first; the others are kinds of mistake."""
MISTAKES = KINDS[1:]
"""The kinds of mistake (every kind but ``best``)."""


@dataclass(frozen=True)
class Deed:
    """What one move does (from its ``MoveResult``).

    Attributes:
        pit: the pit played, 1..n in the mover's numbering; mover: ``"S"`` or ``"N"``.
        seeds: seeds lifted; handed: seeds sown into the opponent's row.
        extra_turn: the mover moves again (K9).
        taken: seeds captured from the opponent's pits (K10/K18: the facing pit; A3: every pit of the
            chain); the mover's own last seed banked by a Kalah capture is not counted.
        taken_from: those pits, ascending, in the opponent's numbering.
        lapped: the sowing went round the board (K8, A2).
        fed: the opponent's row was empty and this move sows into it (A5).
        grand_slam: the move would take every seed of the opponent's row (A4) and captures nothing.
        game_over: the move ends the game; outcome: how (after the final sweep, K15/A6).
        result: the engine's ``MoveResult`` of the move (the words tell the move from it).
    """

    pit: int
    mover: Side
    seeds: int
    handed: int
    extra_turn: bool
    taken: int
    taken_from: tuple[int, ...]
    lapped: bool
    fed: bool
    grand_slam: bool
    game_over: bool
    outcome: Outcome | None
    result: MoveResult


def deed(position: Position, pit: int, rules: Rules) -> Deed:
    """What ``pit`` (1..n, the mover's numbering) does in ``position``. Raises ``IllegalMoveError`` as
    ``engine.play`` does."""
    res = play(position, pit, rules)
    return deed_of(res)


def deed_of(res: MoveResult) -> Deed:
    """The :class:`Deed` of a played move's ``MoveResult``."""
    opp = other(res.mover)
    fired = set(res.rules_fired)
    own = sum(1 for p in res.captured_from if p.side == res.mover)  # a Kalah capture banks its own last seed (K10)
    taken = res.captured - own if any(p.side == opp for p in res.captured_from) else 0
    return Deed(
        pit=res.pit, mover=res.mover, seeds=len(res.path),
        handed=sum(1 for p in res.path if p.side == opp and not p.is_store),
        extra_turn=res.extra_turn, taken=taken,
        taken_from=tuple(sorted(p.pit for p in res.captured_from if p.side == opp)),
        lapped="K8" in fired or "A2" in fired, fed="A5" in fired,
        grand_slam="A4" in fired and res.captured == 0, game_over=res.game_over, outcome=res.outcome, result=res,
    )


@dataclass(frozen=True)
class Reply:
    """One side's best whole turn (K9 chains followed): the opponent's answer, or the rest of the mover's
    own turn after a move that earned an extra turn.

    Attributes:
        side: who plays it; pits: the pits of the turn, each 1..n in their numbering.
        taken: seeds they capture from the other side's pits over the turn; taken_from: those pits
            (the owner's numbering, ascending).
        extra_turns: moves of the turn that earned another move (K9).
        game_over: the turn ends the game; outcome: how.
        exact: every pit of the turn is proven best (exact values); else a search's choice.
        deeds: one :class:`Deed` per pit.
    """

    side: Side
    pits: tuple[int, ...]
    taken: int
    taken_from: tuple[int, ...]
    extra_turns: int
    game_over: bool
    outcome: Outcome | None
    exact: bool
    deeds: tuple[Deed, ...]


def _searched(position: Position, rules: Rules) -> MoveValue:
    """The best pit of the player to move by the search (:data:`REPLY_NODES`); ties: the most
    captured now, then the lowest pit."""
    values = _analysed(position, rules, REPLY_NODES)
    top = max(v.value for v in values)
    best = [v for v in values if v.value == top]
    return max(best, key=lambda v: (play(position, v.pit, rules).captured, -v.pit))


@functools.lru_cache(maxsize=1024)
def _analysed(position: Position, rules: Rules, nodes: int) -> tuple[MoveValue, ...]:
    return analyse(position, rules, time_ms=None, max_nodes=nodes)


def reply(after: Position, rules: Rules, line: Sequence[int] = (), exact: bool = False) -> Reply:
    """The whole turn the player to move in ``after`` plays: the pits of ``line`` while they are legal
    and the turn goes on (the best line the analysis found, ``exact`` when it is proven), then the
    search's choices (:data:`REPLY_NODES` nodes each). Raises ``ValueError`` when the game is over."""
    side = after.to_move
    if not legal_moves(after, rules):
        raise ValueError(f"the game is over in {after.to_notation()}: there is no answer")
    deeds: list[Deed] = []
    position = after
    proven = True
    rest = list(line)
    while True:
        pit = rest.pop(0) if rest else None
        if pit is None or pit not in legal_moves(position, rules):
            rest = []
            chosen = _searched(position, rules)
            pit, proven = chosen.pit, proven and chosen.exact
        else:
            proven = proven and exact
        d = deed(position, pit, rules)
        deeds.append(d)
        position = d.result.position
        if not d.extra_turn:
            break
    return Reply(side=side, pits=tuple(d.pit for d in deeds), taken=sum(d.taken for d in deeds),
                 taken_from=tuple(sorted({p for d in deeds for p in d.taken_from})),
                 extra_turns=sum(d.extra_turn for d in deeds), game_over=deeds[-1].game_over,
                 outcome=deeds[-1].outcome, exact=proven, deeds=tuple(deeds))


@dataclass(frozen=True)
class Facts:
    """Everything the coach says about one move, as engine facts.

    Attributes:
        position, rules: where the move is played; pit: the pit (1..n, the mover's numbering).
        deed: what the move does; more: the rest of the mover's turn when the move earns an extra turn
            (K9: the mover's best continuation, its own best line followed), else ``None``.
        reply: the opponent's best answer after the whole turn (``None`` when the turn ends the game).
        value: the move's ``MoveValue`` (final store difference, the mover's view, K16/A6).
        best: the ``MoveValue`` of the best move the coach compares with (the move itself when it is
            among the best); best_pits: every pit of the top value, ascending.
        best_deed, best_more, best_reply: what the best move does, the rest of its turn, and the answer to it.
        lost: seeds the move loses against the best (``best.value - value.value``, >= 0).
        exact: both values are proven (else at least one is the search's estimate).
        kind: one of :data:`KINDS`; kinds: every kind of mistake that applies, the main one first.
    """

    position: Position
    rules: Rules
    pit: int
    deed: Deed
    more: Reply | None
    reply: Reply | None
    value: MoveValue
    best: MoveValue
    best_pits: tuple[int, ...]
    best_deed: Deed
    best_more: Reply | None
    best_reply: Reply | None
    lost: int
    exact: bool
    kind: str
    kinds: tuple[str, ...]

    @property
    def mover(self) -> Side:
        """Who plays the move."""
        return self.position.to_move

    @property
    def is_best(self) -> bool:
        """The move is among the best (it loses nothing, as far as the values know)."""
        return self.lost == 0


def _turn_of(position: Position, rules: Rules, d: Deed, value: MoveValue, answer: tuple[int, ...] | None = None,
             answer_exact: bool = False) -> tuple[Reply | None, Reply | None]:
    """The rest of the mover's turn after ``d`` (``None`` unless it earns an extra turn, K9) and the other
    side's answer after the whole turn (``None`` when the turn ends the game). Both follow the value's best
    line (``value.pv``) as far as it goes; a given ``answer`` (to a move that ends its turn) is said instead."""
    if d.game_over:
        return None, None
    line, at, more = tuple(value.pv[1:]), d.result.position, None
    if d.extra_turn:
        more = reply(at, rules, line, value.exact)
        line = line[len(more.pits):] if line[:len(more.pits)] == more.pits else ()
        if more.game_over:
            return more, None
        at, answer = more.deeds[-1].result.position, None
    if answer is not None:
        return more, reply(at, rules, answer, answer_exact)
    return more, reply(at, rules, line, value.exact)


def _allowed(r: Reply | None) -> int:
    return r.taken if r is not None else 0


def _kinds(d: Deed, r: Reply | None, b: Deed, br: Reply | None, lost: int) -> tuple[str, ...]:
    """The kinds of mistake a move that loses ``lost`` seeds makes, the main one first (see the module)."""
    if lost <= 0:
        return ()
    found: list[tuple[int, int, str]] = []  # (seeds, order, kind): more seeds first, then the order here
    if d.fed:
        found.append((1000, 0, "feed_error"))
    allowed = _allowed(r) - _allowed(br)
    missed = b.taken - d.taken
    if allowed > 0:
        found.append((allowed, 1, "capture_allowed"))
    if missed > 0:
        found.append((missed, 2, "capture_missed"))
    if b.extra_turn and not d.extra_turn:
        found.append((0, 3, "extra_turn_missed"))
    if r is not None and r.extra_turns > (br.extra_turns if br is not None else 0):
        found.append((0, 4, "extra_turn_allowed"))
    if d.grand_slam:
        found.append((0, 5, "grand_slam"))
    if d.game_over:
        found.append((0, 6, "game_end"))
    found.sort(key=lambda f: (-f[0], f[1]))
    kinds = [k for _, _, k in found]
    if extra_turn_gain(d, b) and kinds[0] != "feed_error":  # the best move's main gain is its extra turn (K9)
        kinds.remove("extra_turn_missed")
        kinds.insert(0, "extra_turn_missed")
    return tuple(kinds) or ("other",)


def extra_turn_gain(d: Deed, b: Deed) -> bool:
    """The best move ``b``'s main gain over the move ``d`` is an extra turn (K9): ``b`` earns one, ``d`` does
    not, and ``b`` captures no more than ``d`` (a bigger capture would be its main gain). Then the missed
    extra turn is said first, before a capture the answer makes (``extra_turn_missed`` is the main kind)."""
    return b.extra_turn and not d.extra_turn and b.taken <= d.taken


def facts(position: Position, rules: Rules, pit: int, values: Sequence[MoveValue] | None = None,
          answer: Sequence[int] | None = None, answer_exact: bool = False) -> Facts:
    """The coach's :class:`Facts` about ``pit`` (1..n, the mover's numbering) in ``position``.

    ``values``: the analysis of ``position`` (``engine.analyse``, one ``MoveValue`` per legal pit); without
    them the position is analysed within :data:`COACH_NODES` nodes (no time budget: the same on every
    machine). ``answer``: the other side's answer to the move as a page already shows it (a puzzle's
    refutation, ``tutor.reply``; ``answer_exact`` when it was searched to the end), said instead of the
    one the values' best line gives. The best move compared with is the top value's pit that captures the
    most, then gives an extra turn, then the lowest. Raises ``IllegalMoveError`` for a pit that cannot be played (K5, A4,
    A5) and ``ValueError`` when the game is over or ``values`` lack the pit.
    """
    d = deed(position, pit, rules)
    vals = tuple(values) if values is not None else _analysed(position, rules, COACH_NODES)
    return _facts(position, rules, pit, vals, d, None if answer is None else tuple(answer), answer_exact)


@functools.lru_cache(maxsize=1024)
def _facts(position: Position, rules: Rules, pit: int, vals: tuple[MoveValue, ...], d: Deed,
           answer: tuple[int, ...] | None, answer_exact: bool) -> Facts:
    by_pit = {v.pit: v for v in vals}
    if pit not in by_pit:
        raise ValueError(f"no value for pit {pit} in {position.to_notation()}")
    value = by_pit[pit]
    top = max(v.value for v in vals)
    best_pits = tuple(sorted(v.pit for v in vals if v.value == top))
    if pit in best_pits:
        best, b = value, d
    else:
        deeds = {p: deed(position, p, rules) for p in best_pits}
        chosen = max(best_pits, key=lambda p: (deeds[p].taken, deeds[p].extra_turn, -p))
        best, b = by_pit[chosen], deeds[chosen]
    more, r = _turn_of(position, rules, d, value, answer, answer_exact)
    best_more, br = (more, r) if best is value else _turn_of(position, rules, b, best)
    lost = best.value - value.value
    kinds = _kinds(d, r, b, br, lost)
    return Facts(position=position, rules=rules, pit=pit, deed=d, more=more, reply=r, value=value,
                 best=best, best_pits=best_pits, best_deed=b, best_more=best_more, best_reply=br, lost=lost,
                 exact=value.exact and best.exact, kind=kinds[0] if kinds else "best", kinds=kinds)


__all__ = ["COACH_NODES", "Deed", "Facts", "KINDS", "MISTAKES", "REPLY_NODES", "Reply", "deed", "deed_of",
           "extra_turn_gain", "facts", "reply"]
