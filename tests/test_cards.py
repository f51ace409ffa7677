"""A learner's own mistakes as puzzles (``tutor.cards``, ``tutor.mistakes``): made from a review, played
again as a find step, and brought back by FSRS on an injected clock."""

from __future__ import annotations

import datetime as dt

from engine import Game, KalahRules, analyse, play
from tutor.cards import MemoryCards, card_id, cards_from_review, rate
from tutor.mistakes import MistakeActivity, MistakeQueue
from tutor.reply import best_reply
from tutor.review import review_game

GAME_AT = dt.datetime(2026, 12, 5, 16, 0, tzinfo=dt.UTC)


def exact(pos, rules):
    return list(analyse(pos, rules, time_ms=None))


class Clock:
    """A clock the test moves."""

    def __init__(self, at: dt.datetime) -> None:
        self.at = at

    def __call__(self) -> dt.datetime:
        return self.at


def leftmost_review():
    rules = KalahRules(pits=3, seeds=2)
    game = Game(rules)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return review_game(game, exact)


def south_cards():
    return cards_from_review(leftmost_review(), ("S",), GAME_AT)


def test_a_card_for_each_mistake_of_the_learner_with_the_engine_values():
    review = leftmost_review()
    cards = cards_from_review(review, ("S",), GAME_AT)
    south = [r for r in review.mistakes(("S",))]
    assert [c.position for c in cards] == list(dict.fromkeys(r["position"] for r in south))
    first = cards[0]
    assert (first.played, first.good, first.best, first.lost(first.played)) == (1, (2,), 2, 12)
    assert first.id == card_id(review.rules, first.position)
    rules = first.game_rules()
    assert rules == KalahRules(pits=3, seeds=2)
    from engine import Position
    assert first.values == tuple((m.pit, m.value) for m in exact(Position.from_notation(first.position), rules))
    assert first.exact


def test_a_mistake_is_due_about_a_day_after_the_game():
    card = south_cards()[0]
    assert dt.timedelta(hours=20) <= card.due - GAME_AT <= dt.timedelta(days=2)
    store = MemoryCards()
    assert store.keep([card]) == 1 and store.keep([card]) == 0
    assert store.due(GAME_AT + dt.timedelta(hours=1)) == []
    assert store.due(card.due) == [card]


def test_a_card_missed_comes_back_tomorrow_and_a_card_found_later():
    card = south_cards()[0]
    day = card.due
    missed, found = rate(card, "again", day), rate(card, "good", day)
    assert dt.timedelta(hours=20) <= missed.due - day <= dt.timedelta(days=2)
    assert found.due - day >= dt.timedelta(days=2) and found.due > missed.due
    again = rate(found, "good", found.due)  # found again: a longer wait still
    assert again.due - found.due > found.due - day


def test_replaying_finds_a_good_pit_and_rates_the_card_good():
    clock = Clock(GAME_AT + dt.timedelta(days=1))
    store = MemoryCards()
    card = south_cards()[0]
    store.keep([card])
    run = MistakeActivity(card, store, clock)
    assert run.turn_text() == "In your game you played pit 1 here. Find a better move."
    assert run.playable() == (1, 2, 3)
    run.press(2)
    assert run.solved and run.rated == "good"
    assert run.notice.text == "Well found! Pit 2 is the best move here."
    assert store.get(card.id).due == run.card.due and run.card.due - clock() >= dt.timedelta(days=2)
    assert run.playable() == ()


def test_a_wrong_press_is_played_with_the_answer_and_rated_again_once():
    clock = Clock(GAME_AT + dt.timedelta(days=1))
    store = MemoryCards()
    card = south_cards()[0]
    run = MistakeActivity(card, store, clock)
    run.press(1)
    assert not run.solved and run.rated == "again" and run.missed is not None
    assert run.missed.results[0].pit == 1 and run.missed.results[0].mover == "S"
    assert run.missed.results[-1].mover == "N"  # North's answer is on the board
    answer = run.missed.results[1:]
    assert [r.pit for r in answer] == list(best_reply(run.missed.results[0].position, run.rules).pits) == [2, 1]
    assert run.notice.text == "Not this one: pit 1 turns a win by 4 seeds into a loss by 8 seeds. North answers with pit 2, then pit 1."
    due = store.get(card.id).due
    assert dt.timedelta(hours=20) <= due - clock() <= dt.timedelta(days=2)
    run.reset()
    assert run.position.to_notation() == card.position
    run.press(2)
    assert run.solved and run.rated == "again" and store.get(card.id).due == due  # rated once a sitting


def test_show_me_plays_the_best_pit():
    store = MemoryCards()
    card = south_cards()[0]
    run = MistakeActivity(card, store, Clock(GAME_AT))
    run.show_me()
    assert run.rated == "again" and run.shown is not None and run.shown.results[0].pit == card.best
    assert run.position == run.shown.position and run.playable() == ()
    assert [r.pit for r in run.shown.results] == [2, 3]  # pit 2 ends in the store (K9): the turn goes on
    assert run.notice.text == "Watch: pit 2, you move again, then pit 3. Press Try again and play these moves yourself."
    run.reset()
    assert run.playable() == (1, 2, 3)


def test_the_queue_goes_through_its_cards():
    cards = south_cards()
    queue = MistakeQueue(cards, MemoryCards(), Clock(GAME_AT))
    seen = []
    while not queue.done:
        seen.append(queue.current.card.id)
        queue.next()
    assert seen == [c.id for c in cards]
    assert MistakeQueue([], MemoryCards()).done


def test_the_good_pits_really_are_within_a_seed_of_the_best():
    for card in south_cards():
        rules = card.game_rules()
        from engine import Position
        start = Position.from_notation(card.position)
        values = dict(card.values)
        for pit in card.good:
            play(start, pit, rules)  # legal
            assert max(values.values()) - values[pit] <= 1
        assert card.played not in card.good
