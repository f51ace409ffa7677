"""Mancala Tutor's behaviour, in pure Python (no Streamlit): what happens when a learner
presses a pit in a lesson, a puzzle or the sandbox, and every sentence a user reads.

- ``tutor.activity``: the one ``Activity`` (a position, the last action's
  results, the sowing to animate, the notice, and ``press(pit)``).
- ``tutor.lesson``, ``tutor.puzzle``, ``tutor.sandbox``: what each activity adds.
- ``tutor.progress``: what a learner has done.
- ``tutor.analysis``: the rows behind the charts (what each move does and leads to).
- ``tutor.words``: the one place that makes the sentences, through ``tutor.i18n``.

Layers: ``tutor`` imports ``engine`` and the content package ``lessons``,
never ``streamlit`` or ``ui`` (a test enforces it).
"""
