"""Rule sets: Kalah with its variants (K1-K18) and Awari/Oware (A1-A6).

Rules objects are frozen dataclasses that check their fields when built; a bad
value raises ``ValueError`` naming the field and the allowed values.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping, Union

from .position import NORTH, SOUTH, Position

END_RULES = ("row_empty", "stuck")
CAPTURE_TO = ("store", "pit")
GRAND_SLAM = ("no_capture", "illegal", "capture_all")


def _check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}")


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")


@dataclass(frozen=True)
class KalahRules:
    """Kalah rules (RULES.md K1-K18) with the variants users ask for.

    Fields:
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

    game = "kalah"

    def __post_init__(self) -> None:
        _check_int("pits", self.pits, 3, 8)
        _check_int("seeds", self.seeds, 1, 10)
        _check_bool("empty_capture", self.empty_capture)
        _check_choice("end_rule", self.end_rule, END_RULES)
        _check_choice("capture_to", self.capture_to, CAPTURE_TO)
        _check_bool("early_win", self.early_win)

    @property
    def total_seeds(self) -> int:
        """All seeds on the board, 2 * pits * seeds (K2)."""
        return 2 * self.pits * self.seeds

    @property
    def lap(self) -> int:
        """Seeds that take a sowing all the way round back to its own pit: 2 * pits + 1 (K8)."""
        return 2 * self.pits + 1

    def initial_position(self, to_move: str = SOUTH) -> Position:
        """The start position (K2): every pit holds ``seeds``, both stores empty."""
        row = (self.seeds,) * self.pits
        return Position(row, 0, row, 0, to_move)

    def to_params(self) -> dict[str, str]:
        """The rules as text fields for a share link; ``rules_from_params`` reads them back."""
        out = {"game": "kalah"}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = str(value).lower() if isinstance(value, bool) else str(value)
        return out

    def describe(self) -> str:
        """A short human description, e.g. ``"Kalah, 6 pits, 4 seeds, empty capture"``."""
        parts = [f"Kalah, {self.pits} pits, {self.seeds} seeds"]
        if self.empty_capture:
            parts.append("empty capture")
        if self.end_rule == "stuck":
            parts.append("ends when stuck")
        if self.capture_to == "pit":
            parts.append("capture into pit")
        if self.early_win:
            parts.append("early win")
        return ", ".join(parts)


@dataclass(frozen=True)
class OwareRules:
    """Awari/Oware rules, Abapa (RULES.md A1-A6).

    Fields:
        grand_slam: what a move that would capture every seed on the
            opponent's side does (A4): ``"no_capture"`` (default, allowed but
            captures nothing), ``"illegal"`` (not allowed while another move
            exists), ``"capture_all"`` (captures them all).

    The board is fixed (A1): 6 pits a side, 4 seeds each, 48 seeds; 25 wins.
    Raises ``ValueError`` naming the field and the allowed values.
    """

    grand_slam: str = "no_capture"

    game = "oware"
    pits = 6
    seeds = 4

    def __post_init__(self) -> None:
        _check_choice("grand_slam", self.grand_slam, GRAND_SLAM)

    @property
    def total_seeds(self) -> int:
        """All seeds in the game: 48 (A1)."""
        return 48

    @property
    def lap(self) -> int:
        """Pits one lap of sowing fills: 11, as the origin pit is skipped (A2)."""
        return 11

    @property
    def winning_score(self) -> int:
        """More than half the seeds: 25 (A6)."""
        return 25

    def initial_position(self, to_move: str = SOUTH) -> Position:
        """The start position (A1): 4 seeds in each of the 12 pits, nothing captured."""
        row = (4,) * 6
        return Position(row, 0, row, 0, to_move)

    def to_params(self) -> dict[str, str]:
        """The rules as text fields for a share link; ``rules_from_params`` reads them back."""
        out = {"game": "oware"}
        if self.grand_slam != "no_capture":
            out["grand_slam"] = self.grand_slam
        return out

    def describe(self) -> str:
        """A short human description, e.g. ``"Awari (Oware), grand slam captures nothing"``."""
        text = {
            "no_capture": "grand slam captures nothing",
            "illegal": "grand slam not allowed",
            "capture_all": "grand slam captures all",
        }[self.grand_slam]
        return f"Awari (Oware), {text}"


Rules = Union[KalahRules, OwareRules]


def _parse_bool(name: str, text: str) -> bool:
    low = str(text).strip().lower()
    if low in ("true", "1", "yes", "on"):
        return True
    if low in ("false", "0", "no", "off"):
        return False
    raise ValueError(f"{name} must be true or false, not {text!r}")


def _parse_int(name: str, text: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None


def rules_for_position(position: Position, game: str = "kalah", **options: Any) -> Rules:
    """The rules that fit ``position``: Kalah's pits and seeds per pit read from it (K1, K2).

    ``game`` is ``"kalah"`` or ``"oware"``; ``options`` are the other fields
    (``empty_capture=True``, ``grand_slam="illegal"``, ...).

    Raises:
        NotationError: the seeds are not 2 x pits x a whole number from 1 to
            10 (Kalah), or not 48 in 6 pits a side (Oware).
        ValueError: a bad option (as the rules objects raise).
    """
    from .errors import NotationError

    text = position.to_notation()
    if game in ("oware", "awari"):
        rules: Rules = OwareRules(**options)
    else:
        n, total = position.pits_per_side, position.total_seeds
        if total % (2 * n) or not 1 <= total // (2 * n) <= 10:
            raise NotationError(
                f"the seeds add up to {total}, which is not 2 x {n} pits x a whole number of seeds "
                f"from 1 to 10, in {text!r}"
            )
        rules = KalahRules(pits=n, seeds=total // (2 * n), **options)
    Position.from_notation(text, rules)  # checks pits and total against the rules
    return rules


def rules_from_params(params: Mapping[str, str]) -> Rules:
    """Build rules from text fields such as a share link's query (``to_params`` output).

    ``game`` is ``"kalah"`` (default) or ``"oware"``; other keys are the rules'
    field names. Unknown keys are ignored (a link may carry ``pos`` and others).
    Raises ``ValueError`` with a clear message on a bad value.
    """
    game = str(params.get("game", "kalah")).strip().lower()
    if game in ("awari", "oware"):
        gs = params.get("grand_slam", "no_capture")
        return OwareRules(grand_slam=str(gs).strip().lower())
    if game != "kalah":
        raise ValueError(f"game must be 'kalah' or 'oware', not {game!r}")
    kwargs: dict[str, Any] = {}
    for name in ("pits", "seeds"):
        if name in params:
            kwargs[name] = _parse_int(name, params[name])
    for name in ("empty_capture", "early_win"):
        if name in params:
            kwargs[name] = _parse_bool(name, params[name])
    for name in ("end_rule", "capture_to"):
        if name in params:
            kwargs[name] = str(params[name]).strip().lower()
    return KalahRules(**kwargs)


__all__ = ["NORTH", "SOUTH", "KalahRules", "OwareRules", "Rules", "rules_for_position", "rules_from_params"]
