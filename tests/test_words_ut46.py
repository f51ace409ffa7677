"""ut46 #7 and #10: words a child and a Greek teacher read, pinned whole in English and Greek."""

from __future__ import annotations

from lessons.loader import load_lessons, load_puzzles
from tutor import i18n, words
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity


def test_a_puzzle_solved_at_a_second_try_is_not_said_with_help(both_languages):
    """ut46 #7: a wrong try, no hint, then solved: "1 after a wrong try or a hint", never "with help"."""
    run = PuzzleActivity(load_puzzles(lang=both_languages)["capture-pick-the-pile"], Progress())
    run.press(3)
    run.reset()
    run.press(2)
    assert run.solved and run.progress.puzzles()["capture-pick-the-pile"].hints == 0
    summary = run.progress.summary(8)
    assert (summary.puzzles_first_try, summary.puzzles_helped) == (0, 1)
    assert words.session_counts(0, 1, 1) == {
        "en": "Puzzles solved: 0 at the first try and 1 after a wrong try or a hint, of 1 tried.",
        "el": "Γρίφοι που έλυσες: 0 με την πρώτη προσπάθεια και 1 μετά από λάθος προσπάθεια ή υπόδειξη, από 1 που "
              "δοκίμασες."}[both_languages]
    assert words.progress_line(1, 8, 0, 1, 1) == {
        "en": "Lessons done: 1 of 8 · Puzzles solved: 0 at the first try, 1 after a wrong try or a hint, of 1 tried",
        "el": "Μαθήματα που τελείωσες: 1 από 8 · Γρίφοι που έλυσες: 0 με την πρώτη, 1 μετά από λάθος ή υπόδειξη, "
              "από 1 που δοκίμασες"}[both_languages]


def test_the_stars_are_said_simply(both_languages):
    """ut46 #7: the lesson's end says how stars are earned in a child's words."""
    assert words.stars_earned(2) == {
        "en": "You earned ★★☆ (2 of 3 stars). Three stars: no more than one wrong try in the whole lesson. Two "
              "stars: no more than one step where you went wrong twice or pressed \"Show me\".",
        "el": "Κέρδισες ★★☆ (2 από 3 αστέρια). Τρία αστέρια: το πολύ μία λάθος προσπάθεια σε όλο το μάθημα. Δύο "
              "αστέρια: το πολύ ένα βήμα όπου έκανες δύο λάθη ή πάτησες «Δείξε μου»."}[both_languages]


def test_lesson_1_lists_its_rules_and_its_mistake_apart_and_no_who_starts(both_languages):
    """ut46 #7: "Rules you learnt" listed "Mistake: leaving seeds" and "Who starts" (a sentence of step 7
    that opened off the subject). Now the rules are rules, the mistake says what to do instead, and who
    starts is said where a game is won (lesson 5)."""
    lessons = load_lessons(lang=both_languages)
    said = words.learnt(lessons["setup"].cited)
    assert said == {
        "en": [("**Rules you learnt in this lesson:**",
                [("K1", "The board"), ("K2", "Setting up"), ("K16", "Who wins"), ("K5", "Choosing a pit"),
                 ("K6", "Lift them all"), ("K7", "Sowing"), ("K3", "Distances")]),
               ("**Mistakes to avoid:**", [("M7", "Sowing only some of the seeds: lift every seed in the pit.")])],
        "el": [("**Οι κανόνες που έμαθες σε αυτό το μάθημα:**",
                [("K1", "Το ταμπλό"), ("K2", "Στήσιμο"), ("K16", "Ποιος κερδίζει"), ("K5", "Διάλεξε λακκάκι"),
                 ("K6", "Πάρ' τους όλους"), ("K7", "Σπορά"), ("K3", "Αποστάσεις")]),
               ("**Λάθη που πρέπει να αποφεύγεις:**",
                [("M7", "Σπέρνεις μόνο μερικούς από τους σπόρους: πάρε όλους τους σπόρους από το λακκάκι.")])]}[both_languages]
    assert "K4" not in lessons["setup"].cited and "K4" in lessons["ending"].cited
    step = next(s for s in lessons["setup"].steps if s.id == "north-side")
    assert step.text.startswith({"en": "Here it is **North's** turn, and you play for North.",
                                 "el": "Εδώ παίζει ο **Βορράς**, και τις κινήσεις του τις κάνεις εσύ."}[both_languages])


def el_lessons():
    return load_lessons(lang="el")


def test_greek_wordings_of_ut46_item_10():
    """ut46 #10, each Greek suggestion checked: lesson 4's extra turn is «παίζεις ξανά», never «Παίξε ξανά»
    (a new game); its order is still the learner's to find; «σωρό σου»; M5's title; a theme's title
    without the article; a turn that goes on says so without «Συνέχισε» and without «σειρά»."""
    lesson = {s.id: s for s in el_lessons()["captures"].steps}
    assert lesson["capture-ends-turn"].text == ("Κέρδισε ένα «παίζεις ξανά» **και** κάνε μια αιχμαλωσία, και τα δύο "
                                                "στον ίδιο γύρο σου. Σκέψου ποια κίνηση πάει πρώτη!")
    assert [s.id for s in el_lessons()["captures"].steps].index("capture-ends-turn") == 4  # step 5
    assert [s.id for s in el_lessons()["captures"].steps].index("guard") == 8  # step 9
    assert lesson["guard"].text == ("Τα άδεια λακκάκια είναι ευκαιρίες και για τον Βορρά: στον επόμενο γύρο του μπορεί "
                                    "να αιχμαλωτίσει έναν μεγάλο σωρό σου. Βρες την κίνηση που δεν αφήνει στον Βορρά "
                                    "τίποτα να αιχμαλωτίσει.")
    i18n.use("el")
    try:
        assert words.rule_title("M5") == "Λάθος: αιχμαλωσία χωρίς σπόρους απέναντι"
        assert words.theme_entries()["lap"].title == "Ολόκληρος γύρος"
        # not «είναι ακόμα η σειρά σου», as suggested: «σειρά» is a row of pits (issue 36)
        assert words.keep_going_short("S") == "Παίζεις ξανά: ο γύρος σου δεν τελείωσε."
        assert words.keep_going_short("N") == "Ο Βορράς παίζει ξανά: ο γύρος του δεν τελείωσε."
        assert words.extra_turn_goes_on() == "Παίζεις ξανά: ο γύρος σου δεν τελείωσε."
    finally:
        i18n.use(None)


def test_greek_sandbox_and_review_words_of_ut46_item_10():
    """Undo/Redo a clear pair, neither the review's «ανάλυση» nor the day's «επανάληψη» (a card review);
    the clock's own choice names the clock; an estimate is the computer's, in a child's words."""
    i18n.use("el")
    try:
        assert (words.label("undo"), words.label("redo")) == ("Αναίρεση", "Επαναφορά")
        assert words.clock_label("custom") == "Δικό σου ρολόι"
        assert words.compare_margins(2, 10, 6, exact=False) == (
            "Απ' ό,τι μπορεί να υπολογίσει ο υπολογιστής, με αυτή την κίνηση κερδίζεις με περίπου 2 σπόρους "
            "διαφορά· με το λακκάκι 6 κερδίζεις με περίπου 10 σπόρους διαφορά.")
    finally:
        i18n.use(None)
