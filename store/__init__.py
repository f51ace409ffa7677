"""The progress store: learners, their progress, classes and live questions in a database.

No Streamlit here. ``store.db`` opens the database (SQLite by default,
``MANCALA_DB_URL`` for any other) and migrates it with Alembic;
``store.learners`` makes and checks learner codes; ``store.progress`` keeps
one learner's progress (a ``tutor.progress.ProgressStore``);
``store.classes`` keeps classes, teacher PINs and the class table;
``store.live`` keeps live class questions and their answers; ``store.homework`` keeps a class's
homework and reads the puzzle solves it counts.
"""
