"""A move's verdict that appears only when the board has finished animating the move.

"Solved!", "Goal reached!" or "Not yet" must not give away how a sowing
ends: while the board animates an action (on its own or seed by seed in
step mode), a line "Watch the seeds..." stands where the verdict will be.
The board itself says when the sowing has ended: the containers are keyed
by the sowing (:func:`ui.board.reveal_keys`), a page-wide rule of
``board.js`` hides every waiting verdict from its first frame, and the board
adds the rule that swaps the line for the verdict when the last seed lands.
No timer: a rerun, a busy machine, "Skip" or a teacher clicking through the
seeds all show the verdict exactly then.

A figure the action changed (a progress count) is drawn twice by :func:`until_sown`: as it was,
shown while the seeds are sown, and as it is now, shown once the board adds the class of
:func:`pending` to ``<html>``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import streamlit as st

from tutor import words
from tutor.activity import Activity
from ui import board, state


def after_sowing(key: str, activity: Activity, board_key: str, *, watch: bool = True) -> Any:
    """A container (use it with ``with``) for what follows ``activity``'s last action, shown
    once the board ``board_key`` has animated it (at once when animations are off). ``watch``:
    the line "Watch the seeds..." stands in its place meanwhile (a verdict, which the learner
    waits for); without it the place stays empty (words that only retell the move, which the
    board is showing)."""
    sowing = activity.sowing
    if sowing is None or not state.session().prefs.animate:
        return st.container(key=key)
    verdict, watch_key = board.reveal_keys(board_key, sowing)
    if watch:
        st.container(key=watch_key).caption(words.label("watch"))
    return st.container(key=verdict)


def notice(activity: Activity) -> None:
    """The activity's notice in its colour (markdown; never HTML)."""
    if activity.notice is not None:
        getattr(st, activity.notice.kind)(activity.notice.text)


def pending(activity: Activity, board_key: str) -> str | None:
    """The class ``board.js`` gives ``<html>`` once board ``board_key`` has sown ``activity``'s last
    action (``ui.board.sown_class``), or ``None`` when nothing waits for a sowing (no sowing,
    animations off)."""
    if activity.sowing is None or not state.session().prefs.animate:
        return None
    return board.sown_class(board_key, activity.sowing)


def swap_css(wait: str, after: str, sown: str) -> str:
    """The CSS rule that shows the containers whose keys begin with ``wait`` until ``<html>`` has the
    class ``sown``, and those whose keys begin with ``after`` from then on (each with the wrapper
    Streamlit puts around a container: its place in a row)."""
    def gone(scope: str, prefix: str) -> str:
        return (f'{scope} [class*="st-key-{prefix}"], '
                f'{scope} [data-testid="stLayoutWrapper"]:has(> [class*="st-key-{prefix}"])')

    return f"{gone(f'html:not(.{sown})', after)}, {gone(f'html.{sown}', wait)} {{ display: none !important; }}"


def until_sown(key: str, sown: str | None, before: Callable[[], object], after: Callable[[], object], *,
               keys: tuple[str, str] | None = None, width: Literal["stretch", "content"] = "stretch") -> None:
    """Draw ``after()``; while a sowing may still be under way (``sown``, the class of :func:`pending`,
    is not ``None``), draw ``before()`` too, in the container ``<key>_wait``, and ``after()`` in
    ``<key>_after`` (both ``width`` wide), with the CSS (:func:`swap_css`) that shows ``before`` until
    the seeds are down. ``keys``: the two containers' keys, where the page's own style has that CSS
    already (``key`` is then not used)."""
    if sown is None:
        after()
        return
    if keys is None:
        st.html(f"<style>{swap_css(f'{key}_wait', f'{key}_after', sown)}</style>")
        keys = (f"{key}_wait", f"{key}_after")
    with st.container(key=keys[0], width=width):
        before()
    with st.container(key=keys[1], width=width):
        after()


def _moving(activity: Activity) -> bool:
    """True when ``activity``'s last action is a sowing the board animates and the position is where it ends."""
    sowing = activity.sowing
    return sowing is not None and state.session().prefs.animate and sowing.end == activity.position


def by_move_style(activity: Activity, board_key: str) -> None:
    """The CSS for every :func:`by_move` of ``activity``'s sowing on the page (draw it once, before them,
    where an element of its own shows nothing: above a fragment's panels, not inside one): the
    version for ``k`` moves shows only while board ``board_key`` shows the first ``k`` moves whole
    (``ui.board.moved_class``, given by ``board_turns.js``); nothing when no sowing waits."""
    if not _moving(activity):
        return
    sowing = activity.sowing
    assert sowing is not None
    n = len(sowing.results)
    moved = [board.moved_class(board_key, sowing, k) for k in range(1, n + 1)]
    rules = []
    for k in range(n + 1):
        hidden = [f"html.{moved[k]}"] if k < n else []  # the next move is drawn: this one goes
        if k > 0:
            hidden.append(f"html:not(.{moved[k - 1]})")  # not yet drawn
        tag = f"mtmv{k}_{sowing.id}_"
        rules += [f'{scope} [class*="st-key-{tag}"], {scope} [data-testid="stLayoutWrapper"]:has(> [class*="st-key-{tag}"])'
                  for scope in hidden]
    st.html(f"<style>{', '.join(rules)} {{ display: none !important; }}</style>")


def by_move(key: str, activity: Activity, draw: Callable[[int | None], object]) -> None:
    """Draw what follows the board move by move (the sandbox's moves table and link): ``draw(k)`` for
    each ``k`` from 0 to the moves of ``activity``'s sowing (``k``: how many of them to count; ``None``:
    all, drawn alone when nothing is being sown or animations are off), each in a container of its
    own (keyed with ``key``) that :func:`by_move_style` shows only while the board shows the first
    ``k`` moves whole: a panel never shows the computer's reply before the board has sown it."""
    if not _moving(activity):
        draw(None)
        return
    sowing = activity.sowing
    assert sowing is not None
    for k in range(len(sowing.results) + 1):
        with st.container(key=f"mtmv{k}_{sowing.id}_{key}"):
            draw(k)
