"""The game review, replaying mistakes and Home's review for today, in the app (AppTest).

Searches run inline (``MANCALA_INLINE_THINKING``) and exact on small boards (``ui.story.STORY_MS`` is
``None``); the cards' clock is ``ui.mistakes.CLOCK``, set by each test.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from engine import Game, KalahRules, analyse
from store import classes, learners, teachers
from store.cards import StoredCards
from tutor import words
from tutor.cards import MemoryCards, cards_from_review, game_id
from tutor.review import review_game
from ui import mistakes, story
from ui.state import Keys

GAME_AT = dt.datetime(2026, 12, 5, 16, 0, tzinfo=dt.UTC)


def sess(at):
    return at.session_state["mancala_tutor"]


def texts(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [s.value for s in at.success]
    return "\n".join(str(p) for p in parts)


def leftmost_cards():
    """The mistakes of both sides of a leftmost-pit game of Kalah 4x2 (two players on one device)."""
    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return cards_from_review(review_game(game, lambda p, r: analyse(p, r, time_ms=None)), ("S", "N"), GAME_AT)


@pytest.fixture
def clock(monkeypatch):
    """The cards' clock, a day after the game (every card of it is due)."""
    now = [GAME_AT + dt.timedelta(days=1, hours=1)]
    monkeypatch.setattr(mistakes, "CLOCK", lambda: now[0])
    return now


def finished_game(page_app, monkeypatch, pits: int = 4):
    """The sandbox page with a finished two-player game of Kalah ``pits``x2 (the leftmost pit each time)."""
    monkeypatch.setattr(story, "STORY_MS", None)
    at = page_app("pages/sandbox.py")
    at.query_params["pits"] = str(pits)
    at.query_params["seeds"] = "2"
    at.run()
    sb = sess(at).sandbox
    while not sb.game.is_over:
        sb.press(sb.game.legal_moves()[0])
    return at


@pytest.fixture
def reviewed(page_app, monkeypatch, clock):
    """The sandbox with a finished two-player game of Kalah 4x2 (the leftmost pit each time), its review open."""
    at = finished_game(page_app, monkeypatch)
    at.session_state[f"{Keys.EXPANDER}story"] = True
    at.run()
    at.toggle(key=f"{Keys.STORY}on").set_value(True).run()
    assert not at.exception, at.exception
    return at


def whole_copy(at) -> str:
    """The key suffix of the review's copy that counts every move (``ui.reveal.by_move`` draws one a
    move still being sown; the whole game's comes last)."""
    keys = [b.key for b in at.button if b.key.startswith(f"{Keys.STORY}replay_all")]
    return keys[-1][len(f"{Keys.STORY}replay_all"):]


def test_the_review_marks_every_move_counts_them_and_says_each_mistake(reviewed, clock):
    at = reviewed
    shown = texts(at)
    # the exact values (tests/test_review.py): South 1, 2, 3, 4 lose 18, 6, 2, 0; North 1, 1 lose 10, 0
    assert "South: 1 good move, 1 inaccuracy, 1 mistake, 1 blunder" in shown
    assert "North: 1 good move, 0 inaccuracies, 0 mistakes, 1 blunder" in shown
    assert "Each mark says how many seeds a move gave away compared with the best move." in shown
    assert ("Each move is marked by how much it lowers its player's final margin with best play, compared with the "
            "best move: good 0 or 1, inaccuracy 2 or 3, mistake 4 to 7, blunder 8 or more.") in shown  # folded
    # two players on one device: both sides' mistakes are the learner's, said by the coach (tutor.review.mistake_words)
    # ut46 #4: one sentence each, no fact said twice (the coach's, or the results when it knows no more)
    assert ("Move 1, South: **blunder**. Pit 1 lets North take 3 seeds from your pit 2; pit 4 was better: after it, "
            "North's best answer captures nothing.\n") in shown + "\n"
    assert ("Move 2, North: **blunder**. Pit 1 gives no extra turn; pit 3 was better: it ends in your store, so you "
            "move again.\n") in shown + "\n"
    assert ("Move 3, South: **mistake**. Pit 2 turned a loss by 2 seeds into a loss by 8 seeds; pit 4 was better.\n"
            in shown)
    assert "Every loss is proven to the end of the game." in shown
    chart = at.get("plotly_chart")[0]
    assert '"name":"blunder"' in chart.proto.spec.replace(" ", "")
    tag = whole_copy(at)
    assert [b.key for b in at.button if b.key.startswith(f"{Keys.STORY}replay") and b.key.endswith(tag)] == [
        f"{Keys.STORY}replay_{m}{tag}" for m in (1, 2, 3)] + [f"{Keys.STORY}replay_all{tag}"]
    # the game is over: its mistakes are the learner's cards now, due a day later
    kept = sess(at).memory_cards
    assert isinstance(kept, MemoryCards) and {c.id for c in kept.cards.values()} == {c.id for c in leftmost_cards()}
    assert all(dt.timedelta(hours=20) <= c.due - clock[0] <= dt.timedelta(days=2) for c in kept.cards.values())


def test_a_finished_games_review_keeps_each_mistakes_kind_and_counts_the_game_once(reviewed):
    """What the teacher's class view counts: the cards keep the coach's kind; the game is reviewed once,
    however often the page runs."""
    at = reviewed
    kept = sess(at).memory_cards
    assert sorted((c.position, c.kind) for c in kept.cards.values()) == [
        ("0,3,3,2/0/0,3,3,2/0/S", "other"), ("0,3,3,2/0/2,2,2,2/0/N", "extra_turn_missed"),
        ("2,2,2,2/0/2,2,2,2/0/S", "capture_allowed")]
    sb = sess(at).sandbox
    game = game_id(sb.game, sb.serial)
    assert list(kept.games) == [game]
    # with the ids of the game's mistakes: a homework counts them played again (tutor.homework)
    assert sorted(kept.mistakes[game]) == sorted(c.id for c in kept.cards.values())
    at.run()
    at.run()
    assert list(kept.games) == [game] and len(kept.cards) == 3


def test_a_second_game_with_the_same_moves_is_a_second_game_reviewed(reviewed):
    """Report #11: two games played with the same moves on a small board, each reviewed, counted as one
    (games were known by their moves): "review 2 of your games" stayed at 1 of 2."""
    at = reviewed
    kept = sess(at).memory_cards
    first = sess(at).sandbox.serial
    at.button(key=f"{Keys.SANDBOX}new").click().run()  # New game, the same rules
    sb = sess(at).sandbox
    assert sb.serial != first and not sb.game.results
    while not sb.game.is_over:
        sb.press(sb.game.legal_moves()[0])
    at.run()
    at.button(key=f"{Keys.SANDBOX}review").click().run()  # "Review this game", as the pupil presses it
    assert not at.exception
    assert len(kept.games) == 2 and game_id(sb.game, sb.serial) in kept.games


def test_a_mistake_is_played_again_from_the_review(reviewed, clock):
    at = reviewed
    at.button(key=f"{Keys.STORY}replay_1{whole_copy(at)}").click().run()
    assert not at.exception, at.exception
    assert [b.key for b in at.button] == [f"{Keys.MISTAKES}show"]  # the Mistakes page, its board and Show me
    at.switch_page("pages/mistakes.py")  # AppTest's next runs stay on the page it last switched to
    queue = sess(at).mistakes
    assert queue is not None and len(queue.cards) == 1
    run = queue.current
    assert run.card.position == "2,2,2,2/0/2,2,2,2/0/S" and run.card.played == 1
    assert run.view().turn_text == "In your game you played pit 1 here. Find a better move."
    assert run.card.good == (4,)
    run.press(1)  # the same mistake again
    at.run()
    assert sess(at).memory_cards.replayed == {}  # a wrong press: not found again (a homework does not count it)
    assert "Not this one: pit 1 turns a win by 6 seeds into a loss by 12 seeds." in texts(at)
    at.button(key=f"{Keys.MISTAKES}retry").click().run()
    at.button(key=f"{Keys.MISTAKES}show").click().run()
    assert "Watch: pit 4 was best. Press Try again and play it yourself." in texts(at)
    at.button(key=f"{Keys.MISTAKES}retry").click().run()
    sess(at).mistakes.current.press(4)
    at.run()
    assert "Well found! Pit 4 is the best move here." in texts(at)
    at.button(key=f"{Keys.MISTAKES}next").click().run()
    assert not at.exception, at.exception
    assert words.replay_done(1) in texts(at)


def test_home_shows_the_review_for_today_and_opens_it(page_app, clock):
    at = page_app("pages/home.py")
    at.run()
    assert "Your review for today" not in texts(at)
    store = MemoryCards()
    store.keep(leftmost_cards())
    sess(at).memory_cards = store
    clock[0] = GAME_AT + dt.timedelta(hours=2)  # the same day: nothing due yet
    at.run()
    assert "Your review for today" not in texts(at)
    clock[0] = GAME_AT + dt.timedelta(days=1, hours=1)
    at.run()
    n = len(store.cards)
    assert words.review_today(n) in texts(at) == texts(at) and f"Your review for today: {n} positions" in texts(at)
    at.button(key=Keys.HOME_REVIEW).click().run()
    assert not at.exception, at.exception
    assert len(sess(at).mistakes.cards) == n
    assert [b.key for b in at.button if b.key.startswith(Keys.MISTAKES)] == [f"{Keys.MISTAKES}show"]
    assert words.replay_count(1, n) in texts(at)


def test_home_says_the_review_in_greek(page_app, clock):
    at = page_app("pages/home.py")
    at.run()
    store = MemoryCards()
    store.keep(leftmost_cards())
    sess(at).memory_cards = store
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    assert f"Η επανάληψή σου για σήμερα: {len(store.cards)} θέσεις" in texts(at)


def test_a_pupil_in_a_class_meets_their_cards_from_the_store(page_app, db, clock):
    """The same for a learner in a class: the cards are kept under their learner code."""
    class_code, _pin, _recovery = teachers.create_class(db, "5B", teachers.new_key())
    code = learners.new_learner(db)
    classes.join(db, code, class_code, "Ada")
    StoredCards(db, code).keep(leftmost_cards())
    at = page_app("pages/home.py")
    at.query_params["learner"] = code
    at.run()
    assert not at.exception, at.exception
    assert sess(at).learner == code
    n = len(leftmost_cards())
    assert f"Your review for today: {n} positions" in texts(at)
    at.button(key=Keys.HOME_REVIEW).click().run()
    at.switch_page("pages/mistakes.py")
    run = sess(at).mistakes.current
    run.press(run.card.best)
    at.run()
    assert not at.exception, at.exception
    assert run.rated == "good"
    assert StoredCards(db, code).get(run.card.id).due == run.card.due > clock[0] + dt.timedelta(days=1)


def test_a_finished_game_offers_its_review_under_the_result(page_app, monkeypatch, clock):
    at = finished_game(page_app, monkeypatch)
    at.run()
    assert not at.get("plotly_chart")
    at.button(key=f"{Keys.SANDBOX}review").click().run()
    assert not at.exception, at.exception
    assert at.session_state[f"{Keys.EXPANDER}story"] and at.toggle(key=f"{Keys.STORY}on").value
    assert "South: 1 good move, 1 inaccuracy, 1 mistake, 1 blunder" in texts(at) and at.get("plotly_chart")


def test_the_review_shows_how_far_it_has_come_while_the_pool_works(page_app, monkeypatch, clock):
    """The first request answered, the second still running: a progress bar of the positions done, and
    nothing of the review yet (the poll draws it when the rest has come)."""
    from tutor.thinking import Answer, run_request
    from ui import thinking

    asked = []

    def ask(request):
        asked.append(request)
        if len({r.positions for r in asked}) == 1:
            return Answer("done", run_request(request))
        return Answer("running")

    at = finished_game(page_app, monkeypatch)
    monkeypatch.setattr(thinking, "ask", ask)
    at.session_state[f"{Keys.EXPANDER}story"] = True
    at.session_state[f"{Keys.STORY}on"] = True
    at.run()
    assert not at.exception, at.exception
    bars = at.get("progress")
    assert len(bars) == 1 and bars[0].proto.text == "Reviewing the moves: 4 of 6" and bars[0].proto.value == 66
    assert not at.get("plotly_chart")
    assert [len(r.positions) for r in asked] == [4, 2] and all(r.kind == "review" for r in asked)
    at.run()  # the poll's next look: the answer in is not asked again (the pool would drop the pending one)
    assert [len(r.positions) for r in asked] == [4, 2, 2]


@pytest.mark.parametrize("lang,words_", [
    ("en", ("Who is ahead with best play", "seeds", "↑ South ahead", "↓ North ahead")),
    ("el", ("Ποιος προηγείται με τέλειο παιχνίδι", "σπόροι", "↑ μπροστά ο Νότος", "↓ μπροστά ο Βορράς")),
])
def test_the_review_chart_says_who_is_ahead_in_words_clear_of_its_points(lang, words_):
    """Tried on a phone: "South - North" and "South minus North" said nothing to a child. The chart says
    "South ahead" above 0 and "North ahead" below it, at the plot's edges, where no point can be."""
    from tutor import i18n
    from ui.review_figure import review_figure

    game = Game(KalahRules(pits=4, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    rows = review_game(game, lambda p, r: analyse(p, r, time_ms=None)).rows
    i18n.use(lang)
    try:
        fig = review_figure(rows)
    finally:
        i18n.use(None)
    title, axis, south, north = words_
    assert (fig.layout.title.text, fig.layout.yaxis.title.text) == (title, axis)
    lo, hi = fig.layout.yaxis.range
    notes = [(a.text, a.y, a.yanchor) for a in fig.layout.annotations]
    assert notes == [(south, hi, "top"), (north, lo, "bottom")]
    span = max(abs(r["evaluation"]) for r in rows)
    assert span == 12 and hi == -lo >= span * 1.5  # the words' band (a few seeds high) stays clear of every point
    # tried on a phone in Greek: the legend's four rows ran over the move axis's title; now it hangs below it
    assert (fig.layout.legend.yanchor, fig.layout.legend.y) == ("top", -0.3)


def chain_card():
    """South's mistake in a leftmost-pit game of Kalah 5x2: pit 2 played where pit 4 was best, whose
    turn goes on (an extra turn, K9) with pit 3, then pit 2."""
    game = Game(KalahRules(pits=5, seeds=2))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    cards = cards_from_review(review_game(game, lambda p, r: analyse(p, r, time_ms=None)), ("S",), GAME_AT)
    return next(c for c in cards if c.position == "0,3,3,2,2/0/0,3,3,2,2/0/S")


@pytest.mark.parametrize("lang, watch", [
    ("en", "Watch: pit 4, you move again, then pit 3, then pit 2. Press Try again and play these moves yourself."),
    ("el", ("Δες: το λακκάκι 4, ξαναπαίζεις, μετά το 3, το 2. Πάτησε «Δοκίμασε ξανά» και παίξε αυτές τις "
            "κινήσεις εσύ."))])
def test_show_me_says_the_whole_turn_and_the_heading_says_what_the_board_shows(page_app, clock, lang, watch):
    card = chain_card()
    assert (card.played, card.good) == (2, (4,))
    at = page_app("pages/home.py")
    at.run()
    store = MemoryCards()
    store.keep([card])
    sess(at).memory_cards = store
    at.radio(key="lang_switch").set_value(lang).run()
    at.button(key=Keys.HOME_REVIEW).click().run()
    at.switch_page("pages/mistakes.py")
    run = sess(at).mistakes.current
    task = words.replay_task(2)
    assert run.view().turn_text == task
    at.button(key=f"{Keys.MISTAKES}show").click().run()
    assert not at.exception, at.exception
    assert watch in texts(at)
    assert [r.pit for r in run.shown.results] == [4, 3, 2]  # what the board plays: the whole turn
    assert run.view().turn_text == words.replay_board("shown")
    at.button(key=f"{Keys.MISTAKES}retry").click().run()
    assert run.view().turn_text == task
    run.press(2)  # the game's move again: the board shows it and North's answer
    at.run()
    assert run.view().turn_text == words.replay_board("missed")
    at.button(key=f"{Keys.MISTAKES}retry").click().run()
    run.press(4)
    at.run()
    assert run.view().turn_text == words.replay_board("found", 2)


def test_the_board_headings_of_a_replay_in_english_and_greek():
    from tutor import i18n

    assert words.replay_board("found", 5) == "You found a better move than pit 5."
    assert words.replay_board("missed") == "The board shows your move and the answer to it. Press Try again to go back."
    i18n.use("el")
    try:
        assert words.replay_board("found", 5) == "Βρήκες καλύτερη κίνηση από το λακκάκι 5."
        assert words.replay_board("shown") == "Στον πίνακα φαίνεται η καλύτερη κίνηση."
    finally:
        i18n.use(None)


def test_a_reload_mid_review_keeps_the_review_on(page_app, db, monkeypatch, clock):
    """The review's toggle is kept in the page's address (``?review=1``), as the Mistakes page keeps its
    sitting: a reload (a new session with that address and the learner's kept game) opens the review again;
    switched off, the address forgets it."""
    monkeypatch.setattr(story, "STORY_MS", None)
    code = learners.new_learner(db)
    at = page_app("pages/sandbox.py")
    at.query_params.update({"learner": code, "pits": "4", "seeds": "2"})
    at.run()
    sb = sess(at).sandbox
    while not sb.game.is_over:
        sb.press(sb.game.legal_moves()[0])
    at.run()
    at.button(key=f"{Keys.SANDBOX}review").click().run()
    assert not at.exception, at.exception
    assert at.query_params["review"] == "1"

    again = page_app("pages/sandbox.py")  # the reload: a new session with the page's address
    again.query_params.update({"learner": code, "review": "1"})
    again.run()
    if not again.get("toggle"):  # a reload's first run waits for the learner's kept game
        again.run()
    assert not again.exception, again.exception
    assert sess(again).sandbox.game.is_over and len(sess(again).sandbox.game.results) == len(sb.game.results)
    assert again.session_state[story.PANEL] and again.toggle(key=story.TOGGLE).value
    assert "South: 1 good move, 1 inaccuracy, 1 mistake, 1 blunder" in texts(again)
    again.toggle(key=story.TOGGLE).set_value(False).run()
    assert "review" not in again.query_params


def test_a_replay_opened_from_the_review_stays_through_a_reload(page_app, db, clock):
    code = learners.new_learner(db)
    StoredCards(db, code).keep(leftmost_cards())
    at = page_app("pages/home.py")
    at.query_params["learner"] = code
    at.run()
    at.button(key=Keys.HOME_REVIEW).click().run()
    at.switch_page("pages/mistakes.py")
    queue = sess(at).mistakes
    at.button(key=f"{Keys.MISTAKES}show").click().run()
    at.button(key=f"{Keys.MISTAKES}next").click().run()
    assert not at.exception, at.exception
    ids = [c.id for c in queue.cards]
    assert at.query_params["cards"] == ".".join(ids) and at.query_params["at"] == "2"

    again = page_app("pages/mistakes.py")  # the reload: a new session with the page's address
    again.query_params["learner"] = code
    again.query_params["cards"] = ".".join(ids)
    again.query_params["at"] = "2"
    again.run()
    assert not again.exception, again.exception
    restored = sess(again).mistakes
    assert restored is not None and [c.id for c in restored.cards] == ids and restored.index == 1
    assert words.replay_count(2, len(ids)) in texts(again) and words.replay_empty() not in texts(again)
    assert [b.key for b in again.button if b.key.startswith(Keys.MISTAKES)] == [f"{Keys.MISTAKES}show"]


@pytest.mark.parametrize("cards, at", [("not-a-card", "1"), ("0123456789abcdef", "x"), ("", "")])
def test_an_odd_or_unknown_sitting_in_the_address_shows_what_waits(page_app, clock, cards, at):
    page = page_app("pages/mistakes.py")
    page.query_params["cards"] = cards
    page.query_params["at"] = at
    page.run()
    assert not page.exception, page.exception
    assert sess(page).mistakes is None and words.replay_empty() in texts(page)


def test_the_mistakes_page_offers_the_reviewed_games_mistakes_at_once(reviewed, clock):
    """ut46 #3: after a game's review the Mistakes page said "No position is waiting for you now" (the cards are
    due a day later). It offers the mistakes of the game reviewed last that were not found again yet; one found
    there is no longer offered (as a homework of reviews counts it, ``tutor.homework.still_to_find``)."""
    at = reviewed
    at.switch_page("pages/mistakes.py").run()
    assert not at.exception, at.exception
    shown = texts(at)
    assert "From the game you reviewed: 3 mistakes are waiting for you. Find a better move!" in shown
    assert words.replay_empty() not in shown and "Your review for today" not in shown
    at.button(key=f"{Keys.MISTAKES}from_review").click().run()
    queue = sess(at).mistakes
    assert [c.position for c in queue.cards] == ["2,2,2,2/0/2,2,2,2/0/S", "0,3,3,2/0/2,2,2,2/0/N", "0,3,3,2/0/0,3,3,2/0/S"]
    assert words.replay_count(1, 3) in texts(at)
    queue.current.press(4)  # the best pit of the first position, found at the first press
    at.run()
    assert "Well found! Pit 4 is the best move here." in texts(at)
    at.button(key=f"{Keys.MISTAKES}next").click().run()
    sess(at).mistakes.next()  # the other two passed over, not found
    sess(at).mistakes.next()
    at.run()
    shown = texts(at)
    assert words.replay_done(3) in shown
    assert "From the game you reviewed: 2 mistakes are waiting for you. Find a better move!" in shown


def test_the_mistakes_page_says_where_mistakes_come_from_in_greek_and_english(page_app, clock):
    at = page_app("pages/mistakes.py")
    at.run()
    assert ("No position is waiting for you now. Play a game in the Sandbox, press “Review this game” under the "
            "board at its end, and your mistakes wait for you here.") in texts(at)
    at.radio(key="lang_switch").set_value("el").run()
    assert ("Καμία θέση δεν σε περιμένει τώρα. Παίξε ένα παιχνίδι στο Ελεύθερο παιχνίδι, πάτα «Ανάλυσε αυτό το "
            "παιχνίδι» κάτω από το ταμπλό όταν τελειώσει, και τα λάθη σου θα σε περιμένουν εδώ.") in texts(at)
    from tutor import i18n

    i18n.use("el")
    try:
        assert words.replay_from_review(1) == ("Από το παιχνίδι που ανέλυσες: 1 λάθος σου σε περιμένει. "
                                               "Βρες καλύτερη κίνηση!")
        assert words.replay_from_review(3) == ("Από το παιχνίδι που ανέλυσες: 3 λάθη σου σε περιμένουν. "
                                               "Βρες καλύτερη κίνηση!")
    finally:
        i18n.use(None)


def open_review(at):
    at.session_state[f"{Keys.EXPANDER}story"] = True
    at.run()
    at.toggle(key=f"{Keys.STORY}on").set_value(True).run()
    assert not at.exception, at.exception
    return at


def mistake_lines(at) -> list[str]:
    """The review's lines of mistakes, as drawn (the whole game's copy: the last of each)."""
    lines = [str(m.value) for m in at.markdown if str(m.value).startswith(("Move ", "Κίνηση "))]
    return list(dict.fromkeys(lines))


def expander_labels(at) -> list[str]:
    return [e.label for e in at.expander]


# Kalah 5x2, the leftmost pit each time (exact): South's moves 1, 3, 5 lose 10, 16, 8 seeds; North's move 2 loses 14,
# biggest first.
BIGGEST_TWO = [
    "Move 3, South: **blunder**. Pit 2 gives no extra turn; pit 4 was better: it ends in your store, so you move again.",
    "Move 2, North: **blunder**. Pit 1 gives no extra turn; pit 4 was better: it ends in your store, so you move again.",
    ("Move 1, South: **blunder**. Pit 1 gives no extra turn, and then North can take 3 seeds from your pit 2; pit 4 "
     "was better: it ends in your store, so you move again."),
    ("Move 5, South: **blunder**. Pit 3 lets North take 4 seeds from your pit 4; pit 5 was better: after it, North's "
     "best answer captures nothing."),
]


def test_the_review_shows_the_learners_three_biggest_mistakes_first_and_folds_the_rest(page_app, monkeypatch, clock):
    """ut46 #4: 22 entries, North's (the computer's) among them, each saying one fact twice. Now: the learner's
    own biggest mistakes first, at most 3, one sentence each; the rest folded; the legend one short sentence."""
    at = open_review(finished_game(page_app, monkeypatch, pits=5))  # two players on one device: both are "you"
    lines = mistake_lines(at)
    assert lines == BIGGEST_TWO  # the fourth folded under "1 more mistake" (two players: not "yours")
    labels = expander_labels(at)
    assert "1 more mistake" in labels and "How the marks are given" in labels
    assert not any(label.endswith("'s mistakes: 1") for label in labels)
    shown = texts(at)
    counts = re.search(r"^South: \d+ good moves?, ", shown, re.MULTILINE)
    assert counts is not None and shown.index("**The biggest mistakes of both players**") < counts.start()  # the mistakes first
    assert "Each mark says how many seeds a move gave away compared with the best move." in shown


def test_against_the_computer_its_mistakes_are_folded_away(page_app, monkeypatch, clock):
    at = finished_game(page_app, monkeypatch, pits=5)
    sb = sess(at).sandbox
    sb.mode, sb.computer_side = "computer", "N"  # the same game, North the computer's
    open_review(at)
    lines = mistake_lines(at)
    assert lines == [BIGGEST_TWO[0], BIGGEST_TWO[2], BIGGEST_TWO[3],
                     ("Move 2, North: **blunder**. For North, pit 1 turned a win by 8 seeds into a loss by 6 seeds; "
                      "pit 4 was best.")]  # the last folded under "North's mistakes: 1"
    labels = expander_labels(at)
    assert "North's mistakes: 1" in labels and not any("more mistake" in label for label in labels)
    # the cards are South's alone, as the teacher's class reviews count them
    assert len(sess(at).memory_cards.cards) == 3


def test_the_childs_review_in_greek(page_app, monkeypatch, clock):
    at = finished_game(page_app, monkeypatch, pits=5)
    sb = sess(at).sandbox
    sb.mode, sb.computer_side = "computer", "N"
    at.radio(key="lang_switch").set_value("el").run()
    open_review(at)
    assert mistake_lines(at)[0] == (
        "Κίνηση 3, Νότος: **σοβαρό λάθος**. Το λακκάκι 2 δεν σε αφήνει να παίξεις ξανά· καλύτερο ήταν το λακκάκι 4: "
        "ο τελευταίος σπόρος πέφτει στην αποθήκη σου, οπότε παίζεις ξανά.")
    assert "Τα λάθη του Βορρά: 1" in expander_labels(at) and "Πώς δίνονται οι χαρακτηρισμοί" in expander_labels(at)
    shown = texts(at)
    assert "**Τα μεγαλύτερα λάθη σου**" in shown
    assert ("Κάθε χαρακτηρισμός λέει πόσους σπόρους έχασε μια κίνηση σε σύγκριση με την καλύτερη κίνηση."
            in shown)
    from tutor import i18n

    i18n.use("el")
    try:  # a mistake the coach knows no more of than the results (4x2, move 3)
        assert words.review_cost_you(2, -8, -2, 4, True) == (
            "Με το λακκάκι 2, αντί για ήττα με 2 σπόρους διαφορά, βγαίνει ήττα με 8 σπόρους διαφορά· καλύτερο ήταν "
            "το λακκάκι 4.")
        assert words.review_more_yours(2) == "Ακόμα 2 λάθη σου"
    finally:
        i18n.use(None)


def test_the_review_stays_open_when_the_language_changes(reviewed):
    """Streamlit knows an expander by its label too: the language switch made the review's panel a new,
    closed one, and its switch was dropped (``ui.lang.panel`` hands the state on). Back again as well."""
    at = reviewed
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    assert at.session_state[story.PANEL] and at.toggle(key=story.TOGGLE).value
    assert "**Τα μεγαλύτερα λάθη και των δύο παικτών**" in texts(at)
    at.run()
    at.radio(key="lang_switch").set_value("en").run()
    assert at.session_state[story.PANEL] and at.toggle(key=story.TOGGLE).value
    assert "**The biggest mistakes of both players**" in texts(at)
    at.session_state[story.PANEL] = False  # closed by the learner: it stays closed across a switch
    at.run()
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.session_state[story.PANEL]
    assert "**Τα μεγαλύτερα λάθη και των δύο παικτών**" not in texts(at)
