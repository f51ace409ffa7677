"""The coach (tutor/coach.py, tutor/coach_facts.py): every fact a sentence says is checked against the
engine (the seeds captured are captured, the answer is the best answer, the values are exact or
estimated as the search says), and whole sentences are pinned for a sample of positions in English and
Greek."""

from __future__ import annotations

import pytest

from engine import KalahRules, OwareRules, Place, Position, analyse, legal_moves, play
from tutor import i18n, words
from tutor.coach import KINDS, explain
from tutor.coach_facts import COACH_NODES, MISTAKES, facts, reply

KALAH = KalahRules()
OWARE = OwareRules()

# (notation, rules, pit, main kind): positions small enough for the search to prove every value
SAMPLES = [
    ("1,1,0,2,5,0/28/1,0,0,0,0,3/7/S", KALAH, 1, "capture_allowed"),
    ("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH, 1, "extra_turn_missed"),  # before the capture it allows (K9 first)
    ("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH, 2, "extra_turn_missed"),
    ("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH, 5, "best"),
    ("0,2,3,0,0,4/13/0,1,1,1,1,3/19/N", KALAH, 3, "other"),
    ("1,5,0,1,0,2/25/1,0,2,0,0,0/11/N", KALAH, 1, "capture_missed"),
    ("0,2,0,1,1,0/16/1,0,1,1,0,2/23/N", OWARE, 1, "capture_missed"),
    ("0,0,2,2,0,1/10/2,1,3,0,0,5/22/N", KALAH, 6, "extra_turn_allowed"),
    ("0,0,0,2,0,2/21/1,1,0,0,0,0/21/S", OWARE, 6, "grand_slam"),
    ("0,0,0,2,0,2/21/1,1,0,0,0,0/21/S", OWARE, 4, "best"),
    ("2,0,0,0,2,2/20/1,1,0,0,0,0/20/S", OWARE, 5, "best"),
]


def _values(pos: Position, rules) -> dict[int, object]:
    return {v.pit: v for v in analyse(pos, rules, time_ms=None, max_nodes=COACH_NODES)}


@pytest.mark.parametrize("notation,rules,pit,kind", SAMPLES)
def test_coach_facts_agree_with_the_engine(notation, rules, pit, kind):
    """What the move does, the answer, the values and the kind, each recomputed with the engine."""
    pos = Position.from_notation(notation, rules)
    f = facts(pos, rules, pit)
    assert f.kind == kind and (f.kinds[0] == kind if kind != "best" else f.kinds == ())
    res = play(pos, pit, rules)
    opp = "N" if pos.to_move == "S" else "S"
    # the seeds captured from the other side are gone from those pits, and no other of their pits lost any
    for k in range(1, rules.pits + 1):
        before = pos.row(opp)[k - 1] + sum(1 for p in res.path if (p.side, p.pit) == (opp, k))
        after = res.position.row(opp)[k - 1] if not res.game_over else 0
        if k in f.deed.taken_from:
            assert after == 0
    if not res.game_over:
        lost_opp = sum(pos.row(opp)) + sum(1 for p in res.path if p.side == opp and not p.is_store) - sum(res.position.row(opp))
        assert f.deed.taken == lost_opp
    assert f.deed.extra_turn == res.extra_turn
    # the values are the search's, said exact as the search says
    values = _values(pos, rules)
    assert f.value.value == values[pit].value and f.value.exact == values[pit].exact
    top = max(v.value for v in values.values())
    assert f.best.value == top and f.lost == top - values[pit].value
    assert f.exact == (values[pit].exact and values[f.best.pit].exact)
    assert set(f.best_pits) == {p for p, v in values.items() if v.value == top}
    assert (f.kind == "best") == (f.lost == 0)
    # the answer is the other side's best pit by the search (exact where every value is proven)
    if f.reply is not None:
        after = f.more.deeds[-1].result.position if f.more is not None else res.position
        assert f.reply.side == after.to_move
        first = f.reply.pits[0]
        answers = {v.pit: v for v in analyse(after, rules, time_ms=None, max_nodes=COACH_NODES)}
        if all(v.exact for v in answers.values()) and f.reply.exact:
            assert answers[first].value == max(v.value for v in answers.values())
        taken = 0
        position = after
        for p in f.reply.pits:
            r = play(position, p, rules)
            taken += r.captured - sum(1 for q in r.captured_from if q.side == after.to_move)
            position = r.position
        assert taken == f.reply.taken


def test_every_kind_is_a_known_kind():
    assert set(MISTAKES) < set(KINDS) and KINDS[0] == "best"
    for notation, rules, pit, kind in SAMPLES:
        f = facts(Position.from_notation(notation, rules), rules, pit)
        assert set(f.kinds) <= set(MISTAKES)


def test_capture_allowed_is_more_than_after_the_best_move():
    """``capture_allowed``: the answer to the move captures more of the mover's seeds than the answer to the best."""
    pos = Position.from_notation("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH)
    f = facts(pos, KALAH, 1)
    assert f.reply is not None and f.reply.pits == (2,) and f.reply.taken == 3 and f.reply.taken_from == (2,)
    assert (f.best_reply.taken if f.best_reply else 0) < f.reply.taken


def test_capture_missed_means_the_best_move_captures_more():
    pos = Position.from_notation("1,5,0,1,0,2/25/1,0,2,0,0,0/11/N", KALAH)
    f = facts(pos, KALAH, 1)
    assert f.best_deed.taken > f.deed.taken
    res = play(pos, f.best.pit, KALAH)
    assert res.captured - 1 == f.best_deed.taken  # K10: the facing pit's seeds and the mover's own last seed


def test_awari_grand_slam_captures_nothing_and_the_words_say_so():
    """A4 (grand slam captures nothing): South's pit 6 would take both of North's pits."""
    pos = Position.from_notation("0,0,0,2,0,2/21/1,1,0,0,0,0/21/S", OWARE)
    f = facts(pos, OWARE, 6)
    assert f.deed.grand_slam and f.deed.taken == 0 and play(pos, 6, OWARE).captured == 0
    i18n.use("en")
    try:
        assert explain(pos, OWARE, 6).first.startswith("Pit 6 is a grand slam, so it captures nothing; pit 4 was better")
    finally:
        i18n.use(None)


def test_awari_feed_error_when_another_feed_was_better():
    """A5: North has no seeds; both pits 5 and 6 feed them, and pit 5 is better."""
    pos = Position.from_notation("0,0,1,0,3,3/20/0,0,0,0,0,0/21/S", OWARE)
    assert legal_moves(pos, OWARE) == (5, 6)
    f = facts(pos, OWARE, 6)
    assert f.kind == "feed_error" and f.deed.fed and f.best.pit == 5


def test_estimates_are_said_as_estimates():
    """Values the search only estimates are never said as proven: "looks best (an estimate)", "about"."""
    pos = Position.from_notation("0,6,9,0,3,9/7/0,1,1,2,4,0/6/S", KALAH)
    values = analyse(pos, KALAH, time_ms=None, max_depth=4)
    assert not any(v.exact for v in values)
    i18n.use("en")
    try:
        for v in values:
            e = explain(pos, KALAH, v.pit, values)
            assert not e.facts.exact
            text = " ".join((e.first, *e.details))
            assert "best play wins by" not in text and "best play loses by" not in text
            if e.kind == "best":
                assert e.first.startswith(f"Pit {v.pit} looks best (an estimate)")
            else:
                assert "about" in text
    finally:
        i18n.use(None)


def test_given_values_are_used_not_searched_again():
    """Given the page's values (here a made-up depth-2 estimate), the coach compares those values."""
    pos = Position.from_notation("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH)
    values = analyse(pos, KALAH, time_ms=None, max_depth=2)
    f = facts(pos, KALAH, 1, values)
    assert f.value in values and f.best in values


def test_the_game_over_has_no_explanation():
    pos = Position.from_notation("0,0,0,0,0,0/24/0,0,0,0,0,0/24/S", KALAH)
    with pytest.raises(ValueError):
        explain(pos, KALAH, 1)


PINNED = {
    ("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", 1): {  # the best move's main gain is its extra turn: said first (K9)
        "en": "Pit 1 gives no extra turn, and then North can take 3 seeds from your pit 2; pit 5 was better: it "
              "ends in your store, so you move again.",
        "el": "Το λακκάκι 1 δεν σε αφήνει να παίξεις ξανά, και μετά ο Βορράς μπορεί να πάρει 3 σπόρους από "
              "το δικό σου λακκάκι 2· καλύτερο ήταν το λακκάκι 5: ο τελευταίος σπόρος πέφτει στην αποθήκη σου, "
              "οπότε παίζεις ξανά.",
    },
    ("1,1,0,2,5,0/28/1,0,0,0,0,3/7/S", 1): {  # the capture allowed is the main reason: the best move earns no turn
        "en": "Pit 1 lets North take 5 seeds from your pit 5; pit 4 was better: it takes 1 seed from North's "
              "pit 1.",
        "el": "Το λακκάκι 1 αφήνει τον Βορρά να πάρει 5 σπόρους από το δικό σου λακκάκι 5· καλύτερο ήταν το "
              "λακκάκι 4: παίρνει 1 σπόρο από το λακκάκι 1 του Βορρά.",
    },
    ("0,0,0,0,6,3/11/0,6,1,4,1,1/15/S", 5): {  # only the values tell: both margins (K16, ut44 #1)
        "en": "Pit 5 is not the best move; pit 6 was better: with best play, with pit 6 you lose by 20 seeds, with "
              "pit 5 you lose by 22 seeds.",
        "el": "Το λακκάκι 5 δεν ήταν η καλύτερη κίνηση· καλύτερο ήταν το λακκάκι 6: αν παίξετε και οι δύο όσο "
              "καλύτερα γίνεται, με το λακκάκι 6 χάνεις με 20 σπόρους διαφορά, ενώ με το λακκάκι 5 χάνεις με 22 "
              "σπόρους διαφορά.",
    },
    ("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", 5): {
        "en": "Pit 5 is the best move: it ends in your store, so you move again.",
        "el": "Το λακκάκι 5 είναι η καλύτερη κίνηση: ο τελευταίος σπόρος πέφτει στην αποθήκη σου, οπότε παίζεις ξανά.",
    },
}


@pytest.mark.parametrize("key", list(PINNED))
@pytest.mark.parametrize("lang", ["en", "el"])
def test_first_sentences_pinned(key, lang):
    notation, pit = key
    pos = Position.from_notation(notation, KALAH)
    i18n.use(lang)
    try:
        assert explain(pos, KALAH, pit).first == PINNED[key][lang]
    finally:
        i18n.use(None)


def test_details_pinned_in_english_and_greek():
    pos = Position.from_notation("1,5,0,1,0,2/25/1,0,2,0,0,0/11/N", KALAH)
    i18n.use("en")
    try:
        e = explain(pos, KALAH, 1)
        assert e.first == "Pit 1 captures nothing; pit 3 was better: it takes 5 seeds from South's pit 2."
        assert e.details == (
            "Pit 1 sows 1 seed; it lands in North's pit 2. The last seed landed in North's empty pit 2, but South's "
            "pit 5 opposite is empty too: no capture.",
            "Then South plays pit 2, moves again, then plays pit 5.",
            "With best play, with this move you lose by 18 seeds; with pit 3 you lose by 6 seeds.",
            "Pit 3 sows 2 seeds; the last one lands in North's pit 5. Capture! North takes the 5 seeds in South's "
            "pit 2 and the last seed: 6 seeds into North's store.",
            "Then South's best answer is pit 1.",
        )
        i18n.use("el")
        e = explain(pos, KALAH, 1)
        assert e.first == ("Το λακκάκι 1 δεν αιχμαλωτίζει τίποτα· καλύτερο ήταν το λακκάκι 3: παίρνει 5 "
                           "σπόρους από το λακκάκι 2 του Νότου.")
        assert e.details[1:3] == (  # ut44 #1: both results as margins, never "seeds fewer"
            "Μετά ο Νότος παίζει το λακκάκι 2, ξαναπαίζει και μετά παίζει το λακκάκι 5.",
            "Αν παίξετε και οι δύο όσο καλύτερα γίνεται, με αυτή την κίνηση χάνεις με 18 σπόρους διαφορά· με το "
            "λακκάκι 3 χάνεις με 6 σπόρους διαφορά.",
        )
    finally:
        i18n.use(None)


def test_hide_best_never_names_the_better_pit():
    pos = Position.from_notation("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH)
    i18n.use("en")
    try:
        e = explain(pos, KALAH, 1, hide_best=True)
        assert e.first == "Pit 1 gives no extra turn, and then North can take 3 seeds from your pit 2."
        assert not any("pit 5" in d.lower() for d in e.details)
        assert e.details == ("With best play, with this move you lose by 12 seeds; with the best move it is a draw.",)
    finally:
        i18n.use(None)


def test_the_reply_follows_the_best_line_then_the_search():
    """``reply`` plays the given line while it is legal, then searches; a line that is not legal is left."""
    pos = Position.from_notation("1,2,0,1,2,0/16/1,3,0,2,0,0/20/S", KALAH)
    after = play(pos, 1, KALAH).position
    searched = reply(after, KALAH)
    assert reply(after, KALAH, (6,)).pits[0] == searched.pits[0]  # North's pit 6 is empty: not legal
    assert reply(after, KALAH, (searched.pits[0],), exact=True).pits == searched.pits


# the extra turn followed on (K9): (notation, pit, the mover's next pits, the answer's pits, seeds it captures)
EXTRA = [
    ("2,0,1,2,2,1/24/1,1,0,1,0,0/13/S", 5, (3,), (2,), 3),
    ("2,1,1,0,1,1/26/0,2,2,1,0,0/11/S", 6, (3,), (4,), 1),
]


@pytest.mark.parametrize("notation,pit,more,answer,taken", EXTRA)
def test_an_extra_turn_is_followed_to_the_answer_after_the_whole_turn(notation, pit, more, answer, taken):
    """K9: after a move that earns an extra turn the mover's best continuation comes first (each pit proven
    best by the engine), and the answer is the other side's best turn after it, its captures the engine's."""
    pos = Position.from_notation(notation, KALAH)
    f = facts(pos, KALAH, pit)
    assert f.deed.extra_turn and f.more is not None and f.reply is not None
    assert (f.more.side, f.more.pits, f.more.exact) == ("S", more, True)
    assert (f.reply.side, f.reply.pits, f.reply.taken, f.reply.exact) == ("N", answer, taken, True)
    position = play(pos, pit, KALAH).position
    for side, pits in (("S", more), ("N", answer)):
        for k, p in enumerate(pits):
            assert position.to_move == side
            values = analyse(position, KALAH, time_ms=None, max_nodes=COACH_NODES)
            assert all(v.exact for v in values)
            assert {v.pit: v.value for v in values}[p] == max(v.value for v in values)  # a best pit
            r = play(position, p, KALAH)
            assert r.extra_turn == (k < len(pits) - 1)  # the turn goes on exactly while it earns extra turns
            position = r.position
    assert position == f.reply.deeds[-1].result.position
    start = f.more.deeds[-1].result.position
    assert sum(start.row("S")) - sum(position.row("S")) == taken  # North's captures are South's seeds gone


EXTRA_WORDS = {
    "en": (
        "Pit 5 gives you another turn, but after your best next move North can take 3 seeds from your pit 4; "
        "pit 6 was better: after it, North's best answer captures nothing.",
        "You move again: your best next move is pit 3.",
        "Then North's best answer is pit 2. North takes 3 seeds from your pit 4.",
        "You move again: your best next move is pit 3. That takes 2 seeds from North's pit 3.",
        "Then North's best answer is pit 4. North takes 1 seed from your pit 2.",
    ),
    "el": (
        "Το λακκάκι 5 σου δίνει κι άλλη κίνηση, αλλά μετά την καλύτερη επόμενη κίνησή σου ο Βορράς μπορεί να "
        "πάρει 3 σπόρους από το δικό σου λακκάκι 4· καλύτερο ήταν το λακκάκι 6: μετά από αυτό, η καλύτερη "
        "απάντηση του Βορρά δεν αιχμαλωτίζει τίποτα.",
        "Παίζεις ξανά: η καλύτερη επόμενη κίνησή σου είναι το λακκάκι 3.",
        "Μετά, η καλύτερη απάντηση του Βορρά είναι το λακκάκι 2. Ο Βορράς παίρνει 3 σπόρους από το δικό σου "
        "λακκάκι 4.",
        "Παίζεις ξανά: η καλύτερη επόμενη κίνησή σου είναι το λακκάκι 3. Έτσι παίρνεις 2 σπόρους από το "
        "λακκάκι 3 του Βορρά.",
        "Μετά, η καλύτερη απάντηση του Βορρά είναι το λακκάκι 4. Ο Βορράς παίρνει 1 σπόρο από το δικό σου "
        "λακκάκι 2.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_extra_turn_sentences_pinned(lang):
    """The coach says the rest of the turn after an extra turn, then the answer to the whole turn."""
    first, more, answer, more2, answer2 = EXTRA_WORDS[lang]
    i18n.use(lang)
    try:
        e = explain(Position.from_notation(EXTRA[0][0], KALAH), KALAH, 5)
        assert e.first == first and e.kind == "capture_allowed"
        assert e.details[1:3] == (more, answer)
        e = explain(Position.from_notation(EXTRA[1][0], KALAH), KALAH, 6)
        assert e.details[1:3] == (more2, answer2) and e.kind == "best"
    finally:
        i18n.use(None)


def _chain(pits, taken=0, extra=None, exact=True):
    from tutor.coach_facts import Reply

    return Reply("N", tuple(pits), taken, (2,) if taken else (), len(pits) - 1 if extra is None else extra, False,
                 None, exact, ())


def test_a_turn_of_extra_turns_is_said_as_it_is_played():
    from tutor import i18n
    from tutor.words.coach import reply_words

    assert reply_words(_chain([2, 1])) == ["Then North plays pit 2, moves again, then plays pit 1."]
    assert reply_words(_chain([6, 5, 1], taken=4)) == [
        "Then North plays pit 6, moves again, then plays pit 5, moves again, then plays pit 1. "
        "North takes 4 seeds from your pit 2."]
    assert reply_words(_chain([6, 5, 6, 1, 6, 5], taken=7)) == [
        "Then North plays pit 6 and moves again 5 times. North takes 7 seeds from your pit 2."]
    assert reply_words(_chain([2, 1], exact=False)) == [
        "Then, as far as the search can tell, North plays pit 2, moves again, then plays pit 1."]
    i18n.use("el")
    try:
        assert reply_words(_chain([2, 1])) == ["Μετά ο Βορράς παίζει το λακκάκι 2, ξαναπαίζει και μετά παίζει το "
                                               "λακκάκι 1."]
    finally:
        i18n.use(None)


def test_an_answer_of_more_than_three_moves_says_how_often_it_moves_again():
    from types import SimpleNamespace

    def moves(pits, last_captures=0):  # the answer's moves as words.reply_line reads them (K9: one turn; the
        # last one's capture, K10: South's pit 2 and North's last seed in North's pit 5)
        took = (Place("S", 2), Place("N", 5))
        return [SimpleNamespace(pit=p, mover="N", captured=last_captures if k == len(pits) - 1 else 0, outcome=None,
                                captured_from=took if last_captures and k == len(pits) - 1 else ())
                for k, p in enumerate(pits)]

    assert words.reply_line("N", moves([6, 5, 6, 1, 6, 5], 7)) == (
        "North answers with pit 6 and moves again 5 times, then captures 7 seeds (6 from your pit 2 and the last seed).")
    assert words.reply_line("N", moves([6, 5, 6, 1])) == "North answers with pit 6 and moves again 3 times."
    assert words.reply_line("N", moves([6, 5, 6], 2)) == (
        "North answers with pit 6, then pit 5, then pit 6 and captures 2 seeds (1 from your pit 2 and the last seed).")
    i18n.use("el")
    try:
        assert words.reply_line("N", moves([6, 5, 6])) == "Ο Βορράς απαντά με το λακκάκι 6, μετά το 5, το 6."
        assert words.reply_line("N", moves([6, 5, 6, 1, 6, 5], 7)) == (
            "Ο Βορράς απαντά με το λακκάκι 6 και ξαναπαίζει 5 φορές και μετά αιχμαλωτίζει 7 σπόρους (6 από το δικό "
            "σου λακκάκι 2 και τον τελευταίο σπόρο).")
    finally:
        i18n.use(None)
