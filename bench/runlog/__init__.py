"""A log of every script run of a Streamlit server: ``sitecustomize.py`` (this folder on ``PYTHONPATH``)
writes it, ``python -m bench.runlog.summary FILE`` sums it up."""
