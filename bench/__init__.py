"""Benchmarks that print figures (never asserted in tests). Run each from the repo root as
``python -m bench.NAME``."""
