"""The examples in the engine's docstrings run and give what they say."""

import doctest

import engine
import engine.core


def test_engine_docstring_examples():
    for module in (engine, engine.core):
        failed, attempted = doctest.testmod(module)
        assert attempted > 0 and failed == 0, module.__name__
