"""The field types every content model shares: ids, rule ids, texts, rule changes, and the strict base.

``lessons.models`` (lessons, puzzles) and each step kind's model (``lessons.steps``) are built on these.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from engine import Rules, rules_from_params

RuleId = Annotated[str, Field(pattern=r"^(K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7])$")]
ContentId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
Text = Annotated[str, Field(min_length=1)]
RuleParams = dict[str, str | int | bool]
Turn = tuple[int, ...]
"""The pits of one turn, in order (a move and the extra turns it earned, K9)."""


def rules_of(params: RuleParams) -> Rules:
    """Rules from a content file's ``rules`` table (``engine.rules_from_params`` fields)."""
    return rules_from_params({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in params.items()})


def int_keys(value: Any) -> Any:
    """TOML keys are text: ``{"2": "..."}`` -> ``{2: "..."}`` for the ``wrong`` and ``why`` tables."""
    if isinstance(value, dict):
        out = {}
        for key, text in value.items():
            try:
                out[int(key)] = text
            except (TypeError, ValueError):
                out[key] = text
        return out
    return value


class Strict(BaseModel):
    """A content model: unknown fields are refused, and a model once made never changes."""

    # defer_build: the validators are built when a file is first validated (the tests, the tools, a
    # snapshot that is not fresh), not when a server imports the models to read the snapshot.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


__all__ = ["ContentId", "RuleId", "RuleParams", "Strict", "Text", "Turn", "int_keys", "rules_of"]
