"""One-off builders: the puzzle miner, the golden playthroughs, the opening book, the translation
scripts and the content snapshot. Run each from the repo root as ``python -m tools.NAME``."""
