"""The kinds of lesson step, one module each: its model (a ``lessons.steps.base.StepModel`` registered
with ``step_kind``) with its engine checks.

Importing this package imports every module in it, so every kind is registered before a lesson is
read: a new kind is a new module here, listed nowhere else. The same kind's behaviour is
``tutor/steps/<kind>.py`` and its drawing, if it needs its own, ``ui/steps/<kind>.py``
(docs/architecture.md, "A new lesson step kind").
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
