"""A ``do`` step on the page: drawn as every step is, but its Next opens at once (its move was given:
nothing to give away; pressing Next skips the rest of the sowing)."""

from __future__ import annotations

from lessons.steps.do import DoStep
from ui.steps.base import StepView, draws


@draws(DoStep)
class DoView(StepView):
    next_waits = False


__all__ = ["DoView"]
