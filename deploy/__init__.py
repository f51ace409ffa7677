"""The school set-up: several app processes behind nginx (docs/deployment.md)."""
