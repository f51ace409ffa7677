"""Rule sets: Kalah with its variants (K1-K18) and Awari/Oware (A1-A6).

Rules objects are frozen dataclasses that check their fields when built
against the option table (``engine.options``); a bad value raises
``ValueError`` naming the field and the allowed values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Union

from .errors import NotationError
from .options import OWARE_CAPTURE_COUNTS, OWARE_PITS, OWARE_SEEDS, GameName, game_name, option, options_for
from .position import SOUTH, Position, Side


def _check_fields(rules: Any, game: GameName) -> None:
    for opt in options_for(game):
        value = getattr(rules, opt.name)
        if not opt.allows(value):
            raise ValueError(opt.refusal(value))


def _params(rules: Any, game: GameName) -> dict[str, str]:
    out: dict[str, str] = {"game": game}
    for opt in options_for(game):
        value = getattr(rules, opt.name)
        if value != opt.default:
            out[opt.name] = str(value).lower() if isinstance(value, bool) else str(value)
    return out


@dataclass(frozen=True)
class KalahRules:
    """Kalah rules (docs/rules.md K1-K18) with the variants users ask for.

    Fields (allowed values and defaults in ``engine.options.OPTIONS``):
        pits: pits per side, 3..8 (K1; standard 6).
        seeds: seeds per pit at the start, 1..10 (K2; standard 4).
        empty_capture: K11 variant - a lone last seed facing an empty pit is banked.
        end_rule: ``"row_empty"`` (K14 default: either row empty ends the game)
            or ``"stuck"`` (ends only when the player to move has no seeds).
        capture_to: ``"store"`` (K10 default) or ``"pit"`` (K18 house variant:
            captured seeds go into the mover's landing pit and stay in play).
        early_win: K17 variant - the game ends as soon as a store holds more
            than half of all seeds.

    Raises ``ValueError`` naming the field and the allowed values.
    """

    pits: int = 6
    seeds: int = 4
    empty_capture: bool = False
    end_rule: str = "row_empty"
    capture_to: str = "store"
    early_win: bool = False

    game: ClassVar[GameName] = "kalah"

    def __post_init__(self) -> None:
        _check_fields(self, "kalah")

    @property
    def total_seeds(self) -> int:
        """All seeds on the board, 2 * pits * seeds (K2)."""
        return 2 * self.pits * self.seeds

    @property
    def lap(self) -> int:
        """Seeds that take a sowing all the way round back to its own pit: 2 * pits + 1 (K8)."""
        return 2 * self.pits + 1

    @property
    def lap_seeds(self) -> int:
        """The fewest seeds whose sowing goes all the way round the board (``MoveResult.laps`` 1):
        2 * pits + 1, the last one back in the emptied pit (K8)."""
        return self.lap

    @property
    def winning_score(self) -> int:
        """A store with more than half of all seeds has won (K16, K17): total // 2 + 1."""
        return self.total_seeds // 2 + 1

    def initial_position(self, to_move: Side = SOUTH) -> Position:
        """The start position (K2): every pit holds ``seeds``, both stores empty."""
        row = (self.seeds,) * self.pits
        return Position(row, 0, row, 0, to_move)

    def to_params(self) -> dict[str, str]:
        """The rules as text fields for a share link; ``rules_from_params`` reads them back."""
        return _params(self, "kalah")

    def describe(self) -> str:
        """A short developer's label, e.g. ``"kalah pits=4 seeds=3 empty_capture=true"`` (test ids, logs)."""
        return " ".join([self.game, *(f"{k}={v}" for k, v in self.to_params().items() if k != "game")])


@dataclass(frozen=True)
class OwareRules:
    """Awari/Oware rules, Abapa (docs/rules.md A1-A6).

    Fields:
        grand_slam: what a move that would capture every seed on the
            opponent's side does (A4): ``"no_capture"`` (default, allowed but
            captures nothing), ``"illegal"`` (not allowed while another move
            exists), ``"capture_all"`` (captures them all).

    The board is fixed (A1): 6 pits a side, 4 seeds each, 48 seeds; 25 wins.
    Raises ``ValueError`` naming the field and the allowed values.
    """

    grand_slam: str = "no_capture"

    game: ClassVar[GameName] = "oware"
    pits: ClassVar[int] = OWARE_PITS
    seeds: ClassVar[int] = OWARE_SEEDS
    capture_counts: ClassVar[tuple[int, ...]] = OWARE_CAPTURE_COUNTS
    """A pit of the opponent's row is captured when the sowing leaves 2 or 3 seeds in it (A3)."""

    def __post_init__(self) -> None:
        _check_fields(self, "oware")

    @property
    def total_seeds(self) -> int:
        """All seeds in the game: 48 (A1)."""
        return 2 * self.pits * self.seeds

    @property
    def lap(self) -> int:
        """Pits one lap of sowing fills: 11, as the origin pit is skipped (A2)."""
        return 2 * self.pits - 1

    @property
    def lap_seeds(self) -> int:
        """The fewest seeds whose sowing goes all the way round the board (``MoveResult.laps`` 1): 12, the
        last one skipping the emptied pit (A2)."""
        return self.lap + 1

    @property
    def winning_score(self) -> int:
        """More than half the seeds: 25 (A6)."""
        return self.total_seeds // 2 + 1

    def initial_position(self, to_move: Side = SOUTH) -> Position:
        """The start position (A1): 4 seeds in each of the 12 pits, nothing captured."""
        row = (self.seeds,) * self.pits
        return Position(row, 0, row, 0, to_move)

    def to_params(self) -> dict[str, str]:
        """The rules as text fields for a share link; ``rules_from_params`` reads them back."""
        return _params(self, "oware")

    def describe(self) -> str:
        """A short developer's label, e.g. ``"oware grand_slam=illegal"`` (test ids, logs)."""
        return " ".join([self.game, *(f"{k}={v}" for k, v in self.to_params().items() if k != "game")])


Rules = Union[KalahRules, OwareRules]


def make_rules(game: GameName, **options: Any) -> Rules:
    """The rules object of ``game`` with ``options`` (field names of ``engine.options``).

    Raises ``ValueError`` for an unknown option of that game or a bad value.
    """
    known = {o.name for o in options_for(game)}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(f"{game} has no option {unknown[0]!r}")
    if game == "oware":
        return OwareRules(**options)
    return KalahRules(**options)


def rules_for_position(position: Position, game: str = "kalah", **options: Any) -> Rules:
    """The rules that fit ``position``: Kalah's pits and seeds per pit read from it (K1, K2).

    ``game`` is ``"kalah"`` or ``"oware"``; ``options`` are the other fields
    (``empty_capture=True``, ``grand_slam="illegal"``, ...).

    Raises:
        NotationError: (problem ``"total"``) the seeds are not 2 x pits x a
            whole number of seeds per pit that Kalah allows, or not 48 in 6
            pits a side (Oware).
        ValueError: a bad option (as the rules objects raise).
    """
    name = game_name(game)
    text = position.to_notation()
    if name == "kalah":
        n, total = position.pits_per_side, position.total_seeds
        seeds = option("kalah", "seeds")
        if total % (2 * n) or not seeds.allows(total // (2 * n)):
            raise NotationError(
                f"the seeds add up to {total}, which is not 2 x {n} pits x a whole number of seeds "
                f"from {seeds.low} to {seeds.high}, in {text!r}",
                field="position", problem="total", value=total, text=text,
            )
        options = {"pits": n, "seeds": total // (2 * n), **options}
    rules = make_rules(name, **options)
    Position.from_notation(text, rules)  # checks pits and total against the rules
    return rules


def rules_from_params(params: Mapping[str, str]) -> Rules:
    """Build rules from text fields such as a share link's query (``to_params`` output).

    ``game`` is ``"kalah"`` (default), ``"oware"`` or ``"awari"``; other keys
    that are options of that game are read with ``Option.parse``. Other keys
    are ignored (a link may carry ``pos`` and others; see :func:`ignored_params`).
    Raises ``ValueError`` with a clear message on a bad value.
    """
    game = game_name(params.get("game", "kalah"))
    values = {o.name: o.parse(params[o.name]) for o in options_for(game) if o.name in params}
    return make_rules(game, **values)


def ignored_params(params: Mapping[str, str]) -> tuple[str, ...]:
    """Option names in ``params`` that belong to another game than the one chosen (ignored by
    :func:`rules_from_params`), in option order; ``()`` when none or the game is unknown."""
    try:
        game = game_name(params.get("game", "kalah"))
    except ValueError:
        return ()
    mine = {o.name for o in options_for(game)}
    from .options import OPTIONS

    return tuple(dict.fromkeys(o.name for o in OPTIONS if o.name in params and o.name not in mine))


__all__ = [
    "KalahRules", "OwareRules", "Rules", "ignored_params", "make_rules", "rules_for_position", "rules_from_params",
]
