"""The kinds of lesson step, what each does: one module a kind, holding its handler
(a ``tutor.steps.base.StepHandler`` registered with ``handles`` under the kind's model).

Importing this package imports every module in it, so every kind's handler is registered before a
lesson runs (``tutor.steps.base.handler_for``): a new kind is a new module here, listed nowhere
else. Its model is ``lessons/steps/<kind>.py``, its drawing (if it needs its own)
``ui/steps/<kind>.py`` (docs/architecture.md, "A new lesson step kind").
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
