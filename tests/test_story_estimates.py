"""The game review's "go back to that move" menu marks what the search did not prove (issue 31): "about"
in its words, in English and Greek."""

from __future__ import annotations

from tutor import i18n, words


def row(exact: bool, lost: int = 14) -> dict:
    return {"move": 2, "player": "S", "player_name": words.side_name("S"), "pit": 1, "south_store": 1,
            "north_store": 0, "evaluation": -1, "best": 6, "played": -1, "lost": lost, "best_pit": 6, "exact": exact}


def test_an_estimated_loss_says_so_and_a_proven_one_does_not():
    assert words.blunder_line(row(False)) == ("move 2, South: pit 1 turned a win by about 6 seeds into a loss by "
                                              "about 1 seed (pit 6 was best)")
    assert words.blunder_line(row(True)) == ("move 2, South: pit 1 turned a win by 6 seeds into a loss by 1 seed "
                                             "(pit 6 was best)")


def test_the_greek_menu_says_estimated_too():
    i18n.use("el")
    try:
        assert words.blunder_line(row(False)) == ("κίνηση 2, Νότος: με το λακκάκι 1, αντί για νίκη με περίπου 6 "
                                                  "σπόρους διαφορά, βγαίνει ήττα με περίπου 1 σπόρο διαφορά "
                                                  "(καλύτερο ήταν το λακκάκι 6)")
    finally:
        i18n.use(None)
