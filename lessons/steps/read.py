"""A ``read`` step's model: read the text and look at the board (nothing to prove)."""

from __future__ import annotations

from typing import Literal

from .base import StepModel, step_kind


@step_kind
class ReadStep(StepModel):
    """Read the text and look at the board."""

    kind: Literal["read"]


__all__ = ["ReadStep"]
