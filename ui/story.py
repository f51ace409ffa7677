"""The sandbox's game review: every move marked by the seeds it threw away, an advantage chart, a
count per side, the mistakes in words, and a way back to each (``tutor.review``).

The values come from the server's process pool (``tutor.thinking``, ``"review"`` requests of
``tutor.review.CHUNK`` positions each, asked one after another): a progress bar shows how far the
review has come, polled by a fragment, so the page never waits for it and a press is served at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import streamlit as st

from engine import MoveValue, Position, Rules, Side
from tutor import words
from tutor.analysis import blunders
from tutor.cards import Card, cards_from_review, game_id
from tutor.review import (
    MARKS,
    REVIEW_MS,
    SHOWN,
    Review,
    before_moves,
    biggest,
    chunks,
    mistake_words,
    review_game,
    review_ms,
)
from tutor.sandbox import SandboxActivity
from tutor.thinking import Request
from ui import mistakes, reveal, review_figure, sandbox_panels, state, thinking

STORY_MS: int | None = REVIEW_MS
"""Thinking time per position of the review on a board of more than ``tutor.review.EXACT_SEEDS`` seeds, in
milliseconds (``None``: no limit, exact; a test's setting)."""


ANSWERS = f"{state.Keys.STORY}answers"
"""Session State: the review's requests answered so far (request -> its values), this game's only."""
REVIEW_PARAM = "review"
"""The query parameter that keeps the review on through a reload (``?review=1``), as the Mistakes page
keeps its sitting (``?cards=…&at=…``): the panel and its review open again in the new session."""
TOGGLE = f"{state.Keys.STORY}on"
"""The review's toggle (its Session State key)."""
PANEL = f"{state.Keys.EXPANDER}story"
"""The review's panel below the board (its expander's Session State key)."""
SCROLL = f"{state.Keys.STORY}scroll"
"""Session State: "Review this game" was pressed; the next run of the panels brings the review into view."""
SCROLL_JS = ("<style>[data-testid='stElementContainer']:has(script[data-mt-scroll]) { display: none; } "
             ".st-key-%s { scroll-margin-top: 3.75rem; }</style>"
             "<script data-mt-scroll>(() => { const t0 = performance.now(); let mine = true; "
             "const stop = () => { mine = false; }; "
             "for (const e of ['wheel', 'touchstart', 'keydown']) addEventListener(e, stop, {once: true, capture: true}); "
             "let held = null, want = null; const go = () => { const now = performance.now(); "
             "const el = document.querySelector('.st-key-%s'); "
             "if (el && want === null) want = parseFloat(getComputedStyle(el).scrollMarginTop) || 0; "
             "if (el && Math.abs(el.getBoundingClientRect().top - want) > 2) { el.scrollIntoView({block: 'start'}); held = null; } "
             "else if (el && held === null) held = now; "
             "if (mine && now - t0 < 15000 && (held === null || now - held < 1500)) requestAnimationFrame(go); }; "
             "go(); })();</script>")
"""Scrolls the review's panel to the top of the window at once (just below the app's header, which a phone
shows), and keeps it there while the review below it is drawn and the page grows, until it has stayed
there 1.5 s (15 s at most; the learner's own wheel, touch or key ends it at once); its element takes no room."""
FROM_ADDRESS = f"{state.Keys.STORY}from_address"
"""Session State: the page's address was read for :data:`REVIEW_PARAM` (once a session)."""


def from_address() -> None:
    """A session's first run of the sandbox whose address keeps the review on (a reload mid-review): its
    panel and its review open again. Before the panel is drawn; once a session."""
    ss = st.session_state
    if FROM_ADDRESS in ss:
        return
    ss[FROM_ADDRESS] = True
    if state.query(REVIEW_PARAM) == "1":
        ss[PANEL] = True
        ss[TOGGLE] = True


def scroll_once() -> None:
    """After "Review this game" (:data:`SCROLL`), once: the page scrolls to the review's panel, so the screen
    changes where the learner looks (the panel opens far below the button on a laptop)."""
    if st.session_state.pop(SCROLL, False):
        st.html(SCROLL_JS % (PANEL, PANEL), unsafe_allow_javascript=True)


def address(on: bool) -> None:
    """Keep the review's toggle in the page's address: ``?review=1`` while it is on, nothing when off."""
    if on:
        state.set_query(REVIEW_PARAM, "1")
    else:
        state.drop_query(REVIEW_PARAM)


def requests(sb: SandboxActivity) -> list[Request]:
    """The searches of ``sb``'s review: the positions its moves were played from, a few per request
    (``tutor.review.chunks``), :data:`STORY_MS` each (no limit on a small board: ``tutor.review.review_ms``),
    in the server's process pool."""
    ms = STORY_MS if review_ms(sb.rules) is not None else None
    return [Request("review", sb.game.start, sb.rules, ms, positions=part)
            for part in chunks(before_moves(sb.game))]


def request(sb: SandboxActivity) -> Request:
    """The first of :func:`requests` (a bench or a test that asks one)."""
    return requests(sb)[0]


def _answered(part: Request) -> Callable[[], bool]:
    """Whether ``part`` has answered (the poll's question)."""
    return lambda: thinking.ask(part).state != "running"


def gather(sb: SandboxActivity) -> Review | None:
    """``sb``'s review when every request has answered; else ``None`` after drawing how far it has
    come (a progress bar, polled) or why it failed."""
    asked = requests(sb)
    found: dict[Position, list[MoveValue]] = {}
    total = len(sb.game.results)
    # The answers in already: asked again, a finished request would be handed out from the pool's cache
    # and the one pending for this page dropped (one request per session and page, tutor.thinking).
    kept: dict[Request, list[list[MoveValue]]] = st.session_state.setdefault(ANSWERS, {})
    for old in [r for r in kept if r not in asked]:
        del kept[old]
    for part in asked:
        if part in kept:
            found.update(zip(part.positions, kept[part], strict=True))
            continue
        answer = thinking.ask(part)
        if answer.state == "running":
            done = len(found)
            st.progress(done / max(total, 1), text=words.review_progress(done, total))
            thinking.wait(words.analysing(), _answered(part), slowly=True, then=state.Keys.SANDBOX_PANELS)
            return None
        if answer.state == "failed":
            st.error(words.outcomes_failed(), icon=":material/error:")
            return None
        kept[part] = answer.value
        found.update(zip(part.positions, answer.value, strict=True))

    def values(position: Position, _rules: Rules) -> list[MoveValue]:
        return found[position]

    return review_game(sb.game, values)


def render(sb: SandboxActivity) -> None:
    """The review, and "Go back to that move" (undo to before it; Redo brings the moves back); while
    a game against the computer or on a clock goes on, only why it waits (``SandboxActivity.analysis_allowed``).
    Like the moves table, it follows the board move by move (``ui.reveal.by_move``): never a move ahead of
    the seeds the board is still sowing."""
    K = state.Keys.STORY
    if not sb.game.results and (sb.analysis_allowed() or not sb.game.can_redo):  # nothing played, or gone back
        st.caption(words.story_empty())
        return
    if not sb.analysis_allowed():  # fair play (issue 35): the engine's values wait for the game's end
        st.caption(words.fair_play_wait("story", sb.waits_for() == "computer"))
        return
    on = st.toggle(words.review_labels("toggle"), key=TOGGLE)
    address(on)
    if not on:
        return
    review = gather(sb)
    if review is None:
        return
    reveal.by_move(f"{K}v", sb, lambda k: _review(sb, review, k))


def _review(sb: SandboxActivity, whole: Review, k: int | None) -> None:
    """The review of the first moves the board shows (``k`` of its sowing, ``None``: all; ``whole``: the
    whole game's review), each copy's widgets keyed apart."""
    K = state.Keys.STORY
    shown = sandbox_panels.moves_shown(sb, k)
    if not shown:
        st.caption(words.story_empty())
        return
    if shown < len(whole.rows) and sb.waits_under_way() is not None:  # the game's end is still being sown
        st.caption(words.fair_play_wait("story", sb.waits_under_way() == "computer"))
        return
    review = replace(whole, rows=whole.rows[:shown], values=whole.values[:shown])
    tag = "" if k is None else f"_{k}"
    mistakes_list(sb, review, tag)  # the learner's own biggest mistakes first (ut46 #4)
    counts = review.counts()
    st.markdown("  \n".join(words.review_counts(side, counts[side]) for side in ("S", "N")))
    st.caption(words.marks_short())
    with st.expander(words.review_labels("marks_more"), icon=":material/help:"):
        st.caption(words.marks_help(MARKS))
        st.caption(words.review_estimates(all(r["exact"] for r in review.rows)))
    st.plotly_chart(review_figure.review_figure(review.rows), key=f"{K}chart{tag}", width="stretch",
                    config={"displayModeBar": False})  # its tools covered the title on a phone
    with st.expander(words.review_labels("moves"), icon=":material/table:"):
        st.table(review_figure.review_table(review.rows), hide_index=True)
    go_back(sb, list(review.rows), tag)


def learner_sides(sb: SandboxActivity) -> tuple[Side, ...]:
    """Whose mistakes are the learner's: their side against the computer, both on one device."""
    you = sb.you()
    return (you,) if you is not None else ("S", "N")


def mistakes_list(sb: SandboxActivity, review: Review, tag: str = "") -> None:
    """The mistakes and blunders of the game, one sentence each (``tutor.review.mistake_words``): the learner's
    own biggest first (:data:`tutor.review.SHOWN` of them, the rest folded, each position once as their cards
    count), each with "Find a better move" (the Mistakes page on that position), then "Practise these
    mistakes" (all of them); the other side's (the computer's) folded away. Once the
    game is over, the learner's mistakes are kept as their cards (``tutor.cards``, each with its kind) and
    the game counted as reviewed (the teacher's class view), once per game (``tag`` keys the widgets of one copy of :func:`render` apart)."""
    K = state.Keys.STORY
    bad = review.mistakes()
    sides = learner_sides(sb)
    cards = {c.position: c for c in cards_from_review(review, sides, mistakes.CLOCK())} if bad else {}
    if sb.over() and len(review.rows) == len(sb.game.results):  # the whole finished game: kept once
        kept = game_id(sb.game, sb.serial)
        if st.session_state.get(f"{K}kept") != kept:
            mistakes.keep(list(cards.values()))
            mistakes.reviewed(kept, [c.id for c in cards.values()])
            st.session_state[f"{K}kept"] = kept
    yours = biggest([r for r in bad if r["player"] in sides])
    others = [r for r in bad if r["player"] not in sides]
    if not yours:
        st.caption(words.no_mistakes_yours() if others else words.no_mistakes())
    else:
        both = len(sides) > 1  # two players on one device: not "yours" (ut48a, ut48b #5)
        st.markdown(words.review_labels("mistakes_both" if both else "mistakes"))
        for row in yours[:SHOWN]:
            _mistake_row(review, row, cards, tag)
        if len(cards) > 1 and st.button(words.review_labels("replay_all"), key=f"{K}replay_all{tag}", type="primary",
                                        icon=":material/fitness_center:"):
            mistakes.go_practise(list(cards.values()))
        if yours[SHOWN:]:
            with st.expander(words.review_more_yours(len(yours) - SHOWN, both), icon=":material/expand_more:"):
                for row in yours[SHOWN:]:
                    _mistake_row(review, row, cards, tag)
    if others:  # the computer's: folded away
        with st.expander(words.review_others(others[0]["player"], len(others)), icon=":material/smart_toy:"):
            for row in others:
                st.markdown(words.review_line(row, mistake_words(review, row)))


def _mistake_row(review: Review, row: Mapping[str, Any], cards: dict[str, Card], tag: str) -> None:
    """One of the learner's mistakes in one sentence, with "Find a better move" (its card on the Mistakes page)."""
    K = state.Keys.STORY
    line, button = st.columns([5, 2], vertical_alignment="center")
    line.markdown(words.review_line(row, mistake_words(review, row, True)))
    card = cards.get(row["position"])
    if card is not None and button.button(words.review_labels("replay"), key=f"{K}replay_{row['move']}{tag}",
                                          help=words.review_labels("replay_help"), icon=":material/replay:"):
        mistakes.go_practise([card])


def go_back(sb: SandboxActivity, rows: list[dict[str, object]], tag: str = "") -> None:
    """A menu of the moves that threw away the most, and a button back to before the one chosen (``tag``
    keys the widgets of one copy of :func:`render` apart)."""
    K = state.Keys.STORY
    bad = blunders(rows)
    if not bad:
        return
    labels = {r["move"]: words.blunder_line(r) for r in bad}
    pick = st.selectbox(words.label("go_back_to"), list(labels), format_func=labels.__getitem__, key=f"{K}pick{tag}")

    def jump() -> None:
        sb.jump_to_before(int(st.session_state.get(f"{K}pick{tag}", pick)))

    st.button(words.label("go_back"), key=f"{K}jump{tag}", on_click=sandbox_panels.whole_page(jump), icon=":material/undo:")
