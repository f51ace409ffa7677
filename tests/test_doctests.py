"""The examples in the docstrings of engine/ run and give what they say."""

import doctest
import importlib
import pkgutil

import engine


def test_engine_docstring_examples():
    attempted_all = 0
    modules = [engine] + [
        importlib.import_module(info.name) for info in pkgutil.walk_packages(engine.__path__, "engine.")
    ]
    for module in modules:
        failed, attempted = doctest.testmod(module)
        assert failed == 0, module.__name__
        attempted_all += attempted
    assert attempted_all >= 5
