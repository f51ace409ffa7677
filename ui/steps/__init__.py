"""The kinds of lesson step, how a lesson page draws what is particular to each: one module a kind
that needs its own drawing (a ``ui.steps.base.StepView`` registered with ``draws`` under the kind's
model); a kind without one is drawn the way every step is (``StepView`` itself: ``read``, ``find``
and ``goal`` steps).

Importing this package imports every module in it, so every kind's view is registered before a
lesson page is drawn (``ui.steps.base.view_for``): a new kind is a new module here, listed nowhere
else. Its model is ``lessons/steps/<kind>.py``, its behaviour ``tutor/steps/<kind>.py``
(docs/architecture.md, "A new lesson step kind").
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
