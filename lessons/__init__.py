"""Lesson and puzzle content (data files) and the loader that checks them against the engine."""
