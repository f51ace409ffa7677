"""Two languages, English and Greek: every interface string and every content text exists in Greek,
with the same placeholders and numbers; the Greek content passes the same engine checks; the app
shows no English on any page with ``?lang=el``; switching language mid-lesson keeps the step."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import pytest
from babel.messages.pofile import read_po

from lessons.loader import load_lessons, load_puzzles, rule_texts, themes
from lessons.translations import overlay_path, problems
from tools.content_translations import content_files
from tutor import i18n, words
from tutor.i18n import LOCALE_DIR, po_path
from ui.frame import PAGES

from .test_app_pages import PAGE_FILES

PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = {"Kalah", "Awari", "Oware", "Mancala", "Tutor", "English", "PIN", "CSV"}
"""Latin-letter words a Greek page may show: the games' and the app's names, the language switch, acronyms."""


def catalogue(lang: str = "el"):
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


# ------------------------------------------------------------------ the interface catalogue


def test_the_catalogue_template_holds_every_string_of_the_code(tmp_path):
    out = tmp_path / "messages.pot"
    from tools.translations import KEYWORDS

    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", *KEYWORDS,
                    "--no-location", "-o", str(out), "."], check=True, capture_output=True, cwd=LOCALE_DIR.parent)
    with out.open("rb") as f:
        fresh = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(f) if m.id}
    with (LOCALE_DIR / "messages.pot").open("rb") as f:
        kept = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(f) if m.id}
    assert fresh == kept, "run: python -m tools.translations"


def test_every_interface_string_has_a_greek_translation():
    with (LOCALE_DIR / "messages.pot").open("rb") as f:
        wanted = {(m.context, ids(m)[0]) for m in read_po(f) if m.id}
    greek = catalogue()
    have = {(m.context, ids(m)[0]): m for m in greek if m.id}
    assert sorted(wanted - set(have), key=str) == []
    assert sorted(set(have) - wanted, key=str) == []
    empty = [key for key, m in have.items() if m.fuzzy or not all(s.strip() for s in strings(m))]
    assert empty == []


def test_greek_strings_keep_the_placeholders_and_numbers():
    bad = []
    for m in catalogue():
        if not m.id:
            continue
        want = sorted(PLACEHOLDER.findall(ids(m)[-1]))
        for text in strings(m):
            if sorted(PLACEHOLDER.findall(text)) != want:
                bad.append((ids(m)[0], text))
            if sorted(re.findall(r"\d+", ids(m)[0])) != sorted(re.findall(r"\d+", text)) and len(strings(m)) == 1:
                bad.append((ids(m)[0], text))
    assert bad == []


def test_greek_words_take_their_cases_and_plurals():
    i18n.use("el")
    try:
        assert str(words.side_name("S")) == "Νότος" and f"{words.side_name('N'):gen}" == "του Βορρά"
        assert words.seeds_word(1) == "1 σπόρος" and words.seeds_word(4) == "4 σπόροι"
        assert f"{words.seeds_word(4):acc}" == "4 σπόρους"
    finally:
        i18n.use(None)
    assert words.seeds_word(4) == "4 seeds"


# ------------------------------------------------------------------ content


@pytest.mark.parametrize("path", content_files(), ids=lambda p: p.name)
def test_every_content_text_is_translated_with_the_same_numbers(path):
    english = tomllib.loads(path.read_text(encoding="utf-8"))
    greek = overlay_path(path, "el")
    assert greek.exists(), f"no Greek file for {path.name}"
    assert problems(english, tomllib.loads(greek.read_text(encoding="utf-8"))) == []


def test_the_greek_content_passes_the_same_engine_checks():
    lessons, puzzles = load_lessons(lang="el"), load_puzzles(lang="el")
    english_lessons, english_puzzles = load_lessons(), load_puzzles()
    assert list(lessons) == list(english_lessons) and list(puzzles) == list(english_puzzles)
    for lid, lesson in lessons.items():
        assert [s.id for s in lesson.steps] == [s.id for s in english_lessons[lid].steps]
        assert lesson.intro != english_lessons[lid].intro
    assert set(rule_texts(lang="el")) == set(rule_texts()) and list(themes(lang="el")) == list(themes())


# ------------------------------------------------------------------ the app in Greek


def english_words(at) -> list[str]:
    """Latin-letter words (3+ letters) of every text the page shows that are not names."""
    shown = [e.value for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success",
                                  "warning", "error") for e in getattr(at, kind)]
    shown += [e.label for kind in ("button", "expander", "radio", "toggle", "number_input", "text_input",
                                   "select_slider", "selectbox", "checkbox") for e in getattr(at, kind)]
    shown += [str(o) for e in at.radio for o in e.options]
    found = []
    for text in shown:
        clean = re.sub(r":material/\w+:|:\w+-badge\[[^\]]*\]|https?://\S+|`[^`]*`|/[\w/?=&.-]+", " ", str(text or ""))
        found += [w for w in LATIN_WORD.findall(clean) if w not in NAMES]
    return found


@pytest.mark.parametrize("page_file", PAGE_FILES)
def test_every_page_in_greek_shows_no_english(page_app, page_file):
    at = page_app(page_file)
    at.query_params["lang"] = "el"
    at.run(timeout=180)  # Move outcomes searches: a busy machine may take long
    assert not at.exception, at.exception
    assert english_words(at) == []


def test_switching_language_mid_lesson_keeps_the_step_and_the_board(page_app):
    at = page_app("pages/lesson_2_sowing.py").run()
    at.button(key="lesson_sowing_next").click().run()
    run = at.session_state["mancala_tutor"].lessons["sowing"]
    step, position = run.index, run.position
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    run = at.session_state["mancala_tutor"].lessons["sowing"]
    assert (run.index, run.position) == (step, position)
    assert run.lesson.title == load_lessons(lang="el")["sowing"].title
    assert [t.value for t in at.title] == [words.page_heading("lesson_2_sowing")] or at.title
    assert at.query_params.get("lang") in ("el", ["el"])


def test_pages_are_named_in_both_languages():
    for url_path, _icon, _section in PAGES:
        english = words.page_title(url_path)
        i18n.use("el")
        try:
            assert words.page_title(url_path) != english
        finally:
            i18n.use(None)


def test_move_outcomes_in_greek_after_english_shows_no_english(page_app):
    """The chart rows hold sentences: cached per language, never one language's rows in another."""
    at = page_app("pages/move_outcomes.py").run(timeout=180)
    assert not at.exception, at.exception
    at.radio(key="lang_switch").set_value("el").run(timeout=180)
    assert not at.exception, at.exception
    assert english_words(at) == []


def test_an_empty_language_choice_keeps_the_language(page_app):
    at = page_app("pages/home.py")
    at.query_params["lang"] = "el"
    at.run()
    at.session_state["lang"] = "xx"  # a forged language
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["lang"] == "el" and at.radio(key="lang_switch").value == "el"
    assert at.query_params.get("lang") in ("el", ["el"])
    assert english_words(at) == []


def test_a_lesson_notice_follows_a_language_switch(page_app):
    at = page_app("pages/lesson_1_setup.py").run()
    run = at.session_state["mancala_tutor"].lessons["setup"]
    k = next(i for i, s in enumerate(run.lesson.steps) if s.kind == "do")
    run.start_step(k)
    run.press(run.lesson.steps[k].lit[0])
    english = run.notice.text
    at.radio(key="lang_switch").set_value("el").run()
    assert not at.exception, at.exception
    run = at.session_state["mancala_tutor"].lessons["setup"]
    greek = run.notice.text
    done = load_lessons(lang="el")["setup"].steps[k].done
    assert greek != english and words.first_sentence(done)[0] in greek  # the rest is under "Why?"
    assert english_words(at) == []


def test_a_page_opened_without_the_language_in_its_url_gets_it_back(page_app):
    """The sidebar's page links carry no query: the session's language is written back into the
    URL, so a reload (F5) of that page opens in Greek again."""
    at = page_app("pages/home.py").run()
    at.radio(key="lang_switch").set_value("el").run()
    assert at.query_params.get("lang") in ("el", ["el"])
    del at.query_params["lang"]  # what a sidebar link does
    at.run()
    assert not at.exception, at.exception
    assert at.query_params.get("lang") in ("el", ["el"])
    assert at.session_state["lang"] == "el"


def _greek_texts() -> list[tuple[str, str]]:
    """Every Greek text a user reads: the catalogue's strings and the content files' (``lessons/el``)."""
    out = [(ids(m)[0], s) for m in catalogue() if m.id for s in strings(m)]
    for path in sorted((LOCALE_DIR.parent / "lessons" / "el").rglob("*.toml")):
        out += [(str(path.name), line) for line in path.read_text(encoding="utf-8").splitlines()]
    return out


def test_greek_says_seira_only_for_a_row_of_pits_bug():
    """Tester (issue 36): «σειρά» meant both a turn and a row, so «η σειρά σου» confused children. A turn is
    «γύρος» (or who plays: «παίζεις εσύ»), an order is said in words («ποιο παίζεις πρώτο»), and «σειρά» is
    only a row of pits («σειρά από δυάρια και τριάρια»). Counts are words, not "5 2άρια"."""
    seira = re.compile(r"σειρ\w*(?! από)", re.IGNORECASE)
    bad = [(where, text) for where, text in _greek_texts() if seira.search(text.replace("σειρά από", "")
                                                                             .replace("σειράς από", "")
                                                                             .replace("σειρές από", ""))]
    assert not bad, bad[:5]
    digits = [(where, text) for where, text in _greek_texts() if re.search(r"\d(?:άρι|αρι)", text)]
    assert not digits, digits[:5]


def test_greek_says_aichmalosia_and_the_user_tests_wordings_bug():
    """User test 43: «αιχμαλώτιση» is not standard Greek («αιχμαλωσία»); «τη μία καλύτερη κίνηση», «καθαρά η
    καλύτερη», «Μέτρα το τέλος», «μόνη καλύτερη», «τελειώνει ισόπαλο», «μέτρα το τελικό μάζεμα» are gone, and
    the teacher's wordings are there."""
    texts = _greek_texts()
    gone = ("αιχμαλώτιση", "αιχμαλώτισης", "τη μία καλύτερη κίνηση", "τη μία κίνηση", "καθαρά η καλύτερη",
            "Μέτρα το τέλος", "μόνη καλύτερη", "τελειώνει ισόπαλο", "μέτρα το τελικό μάζεμα", "πιο αδύναμο θέμα σου",
            "Μια καινούργια βαθμολογία", "χάνεις μόνο με διαφορά", "Με τον καλύτερο γύρο")
    bad = [(where, text) for where, text in texts if any(g.lower() in text.lower() for g in gone)]
    assert not bad, bad[:5]
    every = "\n".join(text for _, text in texts)
    for said in ("Βρες την καλύτερη κίνηση· υπάρχει μόνο μία.", "Η μεγαλύτερη αιχμαλωσία τώρα",
                 "Μέτρημα στο τέλος του παιχνιδιού", "καμία άλλη δεν είναι τόσο καλή",
                 "αν παίξετε και οι δύο όσο καλύτερα γίνεται, το παιχνίδι βγαίνει ισοπαλία", "χάνεις μόνο με",
                 "Ο αντίπαλός σου ετοιμάζεται να σου πάρει σπόρους.", "Το βρήκες με την πρώτη! Μπράβο!",
                 "Γρίφοι από το θέμα που σε δυσκολεύει περισσότερο",
                 "στους πρώτους γρίφους ανεβοκατεβαίνει πολύ· μετά αλλάζει λιγότερο.",  # the provisional rating (ut43)
                 "μέτρησε και τους σπόρους που μαζεύονται στο τέλος!"):
        assert said in every, said


def test_greek_has_the_ut48_teachers_wordings():
    """ut48b: «ξαναπαιξιά» is not a word a teacher writes (the turn "παίζεις ξανά" instead), a name's
    forbidden marks are «σύμβολα», and a choice names the learner's pit as «Το δικό σου λακκάκι»."""
    texts = _greek_texts()
    bad = [(where, text) for where, text in texts if "ξαναπαιξιά" in text or "σημάδια" in text]
    assert not bad, bad[:5]


def test_greek_has_the_ut44_teachers_wordings():
    """ut44: a primary teacher's Greek list (items 1-13) is in the catalogue and the lessons, the old
    wordings gone; capture is «αιχμαλωτίζω», never «πιάνει σπόρους»."""
    texts = _greek_texts()
    every = "\n".join(text for _, text in texts)
    gone = ("όταν ο Βορράς απαντά όσο καλύτερα", "Αν ξαναπαίζεις, συνέχισε", "πιάνει σπόρους", "το ίδιο καλή",
            "Πάρε ένα δωρεάν", "πριν έγινε λάθος κίνηση", "σταθεροποιείται", "πάνω από τους μισούς από όλους",
            "μοιράζει {seeds", "με τέλειο παιχνίδι κερδίζεις με διαφορά {seeds", "φέρνει το καλύτερο αποτέλεσμα",
            "τελειώνεις με 1 σπόρο", "σπόρους λιγότερους")
    bad = [(where, text) for where, text in texts if any(g in text for g in gone)]
    assert not bad, bad[:5]
    for said in ("Βρες την καλύτερη κίνηση, αν ο Βορράς απαντήσει όσο καλύτερα μπορεί. Αν ξαναπαίξεις, συνέχισε "
                 "μέχρι να τελειώσει ο γύρος σου.", "Αν παίξεις ξανά, συνέχισε μέχρι να τελειώσει ο γύρος σου.",
                 "Μόνο μία κίνηση είναι η καλύτερη: αιχμαλωτίζει σπόρους. Βρες την.",
                 "αν παίξετε και οι δύο όσο καλύτερα γίνεται, κερδίζεις με {seeds:acc} διαφορά",
                 "καμία άλλη δεν είναι τόσο καλή",
                 "Πρώτα κάνε μια κίνηση που σε αφήνει να παίξεις ξανά, και μετά ξανακοίτα: ίσως άδειασε κάποιο λακκάκι.",
                 "αλλά πρώτα έκανες λάθος κίνηση", "μετά αλλάζει λιγότερο.",
                 "Στην αποθήκη {player:gen} υπάρχουν πια πάνω από τους μισούς σπόρους (από τους {total})",
                 "Το λακκάκι {pit} σπέρνει {seeds:acc}.",
                 "Πρόσεξε το «γκραν σλαμ» (όταν παίρνεις όλους τους σπόρους του αντιπάλου).",
                 "Έμειναν λίγοι σπόροι. Ποια κίνηση βγάζει το καλύτερο αποτέλεσμα, αν παίξετε και οι δύο τέλεια;"):
        assert said in every, said
