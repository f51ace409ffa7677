"""What makes a sandbox press cheap, through AppTest: the panels below the board build nothing
while closed and work when opened; the moves table is made once per game state; label tables
are made once per language; the app loads the same content the tests prove, without the proofs.

A press is the activity's ``press`` then a run (``tests/test_sandbox.py``); the page's fragments
are tested in the browser (``tests/test_browser_press.py``): AppTest always runs the whole app.
"""

from __future__ import annotations

import json

import re

import pytest

from engine import MAX_PITS, MIN_PITS, KalahRules, Position
from lessons.loader import load_lessons, load_puzzles
from tutor import i18n, words
from tutor.sandbox import SandboxActivity
from ui import sandbox, sandbox_panels

from .test_sandbox import START, open_panels, open_sandbox, press, sb


def test_closed_panels_build_nothing(page_app):
    """As a page opens, every panel is closed: its header is there, none of its widgets or tables."""
    at = open_sandbox(page_app)
    assert [e.label for e in at.expander][:5] == [
        "Players, game and rules", "Board editor", "Moves", "Game review", "Share this position"]
    assert not any(e.proto.expanded for e in at.expander if e.key and e.key.startswith("sb_exp_"))
    keys = {w.key for kind in (at.radio, at.text_input, at.number_input, at.toggle, at.select_slider) for w in kind}
    assert not keys & {"sb_mode", "sb_game", "sb_ed_text", "sb_ed_S1", "sb_story_on", "sb_pits"}
    assert not at.dataframe and not at.code


def test_the_moves_table_opened_after_two_presses_shows_both_moves(page_app):
    at = open_sandbox(page_app)
    press(at, 3)
    press(at, 1)
    assert not at.dataframe
    open_panels(at, "moves")
    frame = at.dataframe[-1].value  # the whole table (one per move of the last sowing before it: ui.reveal.by_move)
    assert list(frame["Move"]) == [1, 2]
    assert list(frame["Pit"]) == [3, 1]
    assert list(frame["Player"]) == ["South", "South"]
    assert list(frame["Position after"]) == ["4,4,0,5,5,5/1/4,4,4,4,4,4/0/S", "0,5,1,6,6,5/1/4,4,4,4,4,4/0/N"]
    assert [c.value for c in at.caption if "so far" in c.value] == ["1 move so far.", "2 moves so far."]


def test_the_moves_table_is_made_once_per_game_state(page_app, monkeypatch):
    """Runs that change nothing reuse the table (and its CSV); a press makes the next one."""
    made = []
    real = sandbox_panels.moves_frame

    def counting(game_sb):
        made.append(len(game_sb.game.results))
        return real(game_sb)

    monkeypatch.setattr(sandbox_panels, "moves_frame", counting)
    sandbox_panels._moves.clear()
    at = open_sandbox(page_app, panels=("moves",))
    press(at, 3)
    at.run()
    at.run()
    assert made == [1]
    press(at, 1)
    at.run()
    assert made == [1, 2]
    assert list(at.dataframe[-1].value["Pit"]) == [3, 1]


def test_the_editor_opens_with_the_board_and_applies_a_position(page_app):
    at = open_sandbox(page_app)
    press(at, 3)
    open_panels(at, "editor")
    assert at.text_input(key="sb_ed_text").value == "4,4,0,5,5,5/1/4,4,4,4,4,4/0/S"
    assert at.number_input(key="sb_ed_S3").value == 0 and at.number_input(key="sb_ed_SS").value == 1
    at.text_input(key="sb_ed_text").input("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    at.button(key="sb_ed_text_go").click().run()
    assert not at.exception, at.exception
    assert sb(at).game.position == Position.from_notation("0,0,0,0,0,1/20/0,0,0,0,2,1/24/S")
    assert at.number_input(key="sb_ed_S6").value == 1 and at.number_input(key="sb_ed_NS").value == 24


def test_a_too_long_paste_in_the_editor_is_refused_with_a_reason(page_app):
    """The browser's own limit cut a long paste silently: the box has none, so the editor says why it
    refuses the whole text and the board stays as it was."""
    at = open_sandbox(page_app)
    press(at, 3)
    open_panels(at, "editor")
    box = at.text_input(key="sb_ed_text")
    assert box.proto.max_chars == 0  # no limit in the browser
    before = sb(at).game.position
    box.input("4," * 125)
    at.button(key="sb_ed_text_go").click().run()
    assert not at.exception, at.exception
    assert sb(at).game.position == before
    said = [e.value for e in at.error]
    assert any("That is 250 characters long; a position has at most 200." in s for s in said), said


def test_the_editor_closed_and_opened_again_follows_the_board(page_app):
    """Streamlit forgets the fields of a closed editor: opened again, they show the board, not blanks."""
    at = open_sandbox(page_app, panels=("editor",))
    at.session_state["sb_exp_editor"] = False
    at.run()
    press(at, 1)
    open_panels(at, "editor")
    assert at.text_input(key="sb_ed_text").value == "0,5,5,5,5,4/0/4,4,4,4,4,4/0/N"
    assert [at.number_input(key=f"sb_ed_S{k}").value for k in range(1, 7)] == [0, 5, 5, 5, 5, 4]
    assert at.radio(key="sb_ed_to_move").value == "N"


def test_settings_opened_show_the_games_players_and_start_a_new_game(page_app):
    at = open_sandbox(page_app)
    press(at, 1)
    open_panels(at, "settings")
    assert at.radio(key="sb_mode").value == "two" and at.radio(key="sb_game").value == "kalah"
    at.select_slider(key="sb_pits").set_value(4).run()
    at.button(key="sb_new_settings").click().run()
    assert sb(at).rules.pits == 4 and not sb(at).game.results
    assert sb(at).game.position.to_notation() == "4,4,4,4/0/4,4,4,4/0/S"
    # said in a toast too: the notice above the board is off the screen of a learner down in the panel (ut48a #6)
    assert [t.value for t in at.toast] == [words.new_game(sb(at).rules, "S")]


def test_new_game_with_the_settings_closed_keeps_the_rules(page_app):
    at = open_sandbox(page_app)
    press(at, 1)
    at.button(key="sb_new").click().run()
    assert sb(at).game.position.to_notation() == START and not sb(at).game.results


def test_the_controls_mark_changes_exactly_when_the_row_would_look_different():
    """A press redraws the controls only when the row changes: the first move (Undo on), a move
    after Undo (Redo off), never a move in the middle of a game."""
    game = SandboxActivity(KalahRules())
    marks = [sandbox.controls_mark(game)]
    game.press(1)
    marks.append(sandbox.controls_mark(game))
    game.press(2)
    marks.append(sandbox.controls_mark(game))
    game.undo()
    marks.append(sandbox.controls_mark(game))
    game.press(3)
    marks.append(sandbox.controls_mark(game))
    assert [marks[i] != marks[i - 1] for i in range(1, 5)] == [True, False, True, True]


def test_label_tables_follow_the_language_of_each_call():
    """Tables made once per language: Greek and English labels never leak into each other."""
    english = words.label("undo")
    i18n.use("el")
    try:
        greek = words.label("undo")
        assert greek != english and words.page_title("sandbox") != "Sandbox"
        assert words.label("no-such-label") == "no-such-label"
    finally:
        i18n.use(None)
    assert words.label("undo") == english == "Undo"
    assert words.side_name("S") == "South" and words.seeds_word(4) == "4 seeds"


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_app_loads_the_content_the_tests_prove(lang):
    """``prove=False`` (the app's way, no engine checks at run time) gives the very same lessons
    and puzzles as the proved load the content tests use."""
    assert load_lessons(lang=lang, prove=False) == load_lessons(lang=lang)
    assert load_puzzles(lang=lang, prove=False) == load_puzzles(lang=lang)


@pytest.mark.parametrize(("fragment_run", "expected"), [(False, []), (True, [["sb_controls", "sb_board"]]),
                                                         (None, ["app"])])
def test_a_control_reruns_parts_only_from_a_fragment_run(monkeypatch, fragment_run, expected):
    """A press or a control coalesced into a whole-app run (the page still loading) must not
    narrow that run to some fragments: the panels below would be lost (a CI failure, issue 14). When
    the kind of run cannot be told (``ui.streamlit_compat`` with another Streamlit), the whole app."""
    calls: list[object] = []

    monkeypatch.setattr(sandbox.streamlit_compat, "fragment_run", lambda: fragment_run)
    monkeypatch.setattr(sandbox.st, "rerun", lambda keys=None, **_: calls.append(keys))
    monkeypatch.setattr(sandbox, "panels_open", lambda: False)
    sandbox._control(lambda: None)()
    assert calls == expected


def test_the_board_sends_its_files_by_name_not_with_every_board(page_app):
    """The board's JS and CSS are files Streamlit serves (``ui/web``): each board drawn names them,
    so a press carries the board's data, not its 30 KB of code."""
    import re
    from pathlib import Path

    at = open_sandbox(page_app)
    boards = [e.proto for e in at.get("bidi_component") if e.proto.component_name == "mancala_tutor.board"]
    assert len(boards) == 1
    board = boards[0]
    assert (board.js_source_path, board.css_source_path) == ("board.js", "board.css")
    assert (board.js_content, board.css_content) == ("", "")
    # Its data: compact UTF-8 JSON bytes (ui.board._sent), only hashed by Streamlit, parsed by board.js.
    assert board.WhichOneof("data") == "bytes"
    sent = json.loads(board.bytes.decode("utf-8"))
    assert (sent["notation"], sent["to_move"], sorted(sent["ahead"])) == (
        "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S", "S", ["1", "2", "3", "4", "5", "6"])
    assert board.bytes == json.dumps(sent, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    web = Path(sandbox.__file__).resolve().parent / "web"
    assert {"board.js", "board_clock.js", "board_keys.js", "board_dom.js", "board.css"} <= {p.name for p in web.iterdir()}
    # Every module board.js imports, directly or through another module, is fetched beside it.
    imported = set(re.findall(r'from "\./([a-z_]+\.js)"', "".join(p.read_text() for p in web.glob("*.js"))))
    preloaded = set(re.findall(r'<link rel="modulepreload" href="_stcore/bidi-components/mancala_tutor\.board/([a-z_]+\.js)">',
                               board.html_content))
    assert imported == preloaded == {"board_ahead.js", "board_clock.js", "board_dom.js", "board_frames.js", "board_keys.js",
                                     "board_reveal.js", "board_turns.js"}


def test_the_first_run_asks_for_the_boards_files_first(app):
    """``app.py`` sends the preload before anything else (ui/board_files.py): the sidebar's first
    element is its script, which names board.js, each module, board.css and Streamlit's scripts for
    Home's elements (found in the installed Streamlit)."""
    from ui import address, board_files

    at = app.run()
    first = at.sidebar[0]
    script = first.proto.body
    assert script == board_files.preload_script(address.SCRIPT)
    for name in (*board_files.streamlit_scripts(), *(board_files.BASE + n for n in
                 ("board.js", "board_ahead.js", "board_clock.js", "board_dom.js", "board_keys.js", "board.css"))):
        assert f'"{name}"' in script


def test_streamlit_scripts_are_the_first_pages_elements_and_what_they_import_beyond_the_entry():
    """Each element of ``FIRST_PAGE_ELEMENTS`` is found in the installed Streamlit, first among the
    scripts it brings; every script it imports is there too, unless the page's entry loads it; none
    twice, and each names a file Streamlit serves (``ui.streamlit_compat.element_scripts``)."""
    from ui import board_files, streamlit_compat

    scripts = board_files.streamlit_scripts()
    names = [s.removeprefix("static/js/") for s in scripts]
    assert len(set(names)) == len(names)
    assert all((streamlit_compat.STREAMLIT_JS / n).is_file() for n in names)
    own = [n for n in names if n.split(".")[0] in board_files.FIRST_PAGE_ELEMENTS]
    assert [n.split(".")[0] for n in own] == list(board_files.FIRST_PAGE_ELEMENTS)
    assert names[0] == own[0]
    # index.html names every script its entry imports, directly or not.
    entry = streamlit_compat.entry_scripts()
    assert len(entry) > 10 and streamlit_compat.imported_scripts(entry) == entry and not entry & set(names)
    assert streamlit_compat.imported_scripts(own) - entry == set(names)
    # Streamlit 1.67's own: the board's script brings Arrow's reader (the arrow chunks).
    bidi = names[:names.index(own[1])]
    assert bidi[0].startswith("BidiComponent.") and any(n.startswith("recordbatch.") for n in bidi)


EDITOR_LABELS = {
    "en": ("S{k}", "N{k}", "South store", "North store"),
    "el": ("Νό{k}", "Βο{k}", "Αποθήκη Νότου", "Αποθήκη Βορρά"),
}


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("pits", [MIN_PITS, 6, MAX_PITS])
def test_the_editor_fields_are_labelled_in_the_language_with_the_same_keys(page_app, lang, pits):
    """Every board size the engine plays: Greek pit fields are Ν1.. (Νότος) and Β1.. (Βορράς), the
    stores say Αποθήκη; English stays S1.., N1..; the keys are sb_ed_S1.., sb_ed_N1.., SS, NS in both."""
    at = open_sandbox(page_app, panels=("editor",), lang=lang, game="kalah", pits=str(pits))
    assert sb(at).rules.pits == pits
    south, north, south_store, north_store = EDITOR_LABELS[lang]
    fields = {w.key: w.label for w in at.number_input if w.key.startswith("sb_ed_")}
    expected = {f"sb_ed_S{k}": south.format(k=k) for k in range(1, pits + 1)}
    expected |= {f"sb_ed_N{k}": north.format(k=k) for k in range(1, pits + 1)}
    expected |= {"sb_ed_SS": south_store, "sb_ed_NS": north_store}
    assert fields == expected


def test_pit_field_labels_follow_the_language_of_each_call():
    assert [words.pit_field_label(s, k) for s, k in (("S", 1), ("N", 8))] == ["S1", "N8"]
    i18n.use("el")
    try:
        assert [words.pit_field_label(s, k) for s, k in (("S", 1), ("N", 8))] == ["Νό1", "Βο8"]
    finally:
        i18n.use(None)
    assert words.pit_field_label("S", 3) == "S3"


def test_a_sowings_frames_go_with_the_counts_they_change_and_make_the_whole_frames_again():
    """``ui.board_data.sowing_steps`` (what the board is sent): the first frame carries every
    place's count, each later one only the places that changed, and a sown seed's frame nothing
    more; making each frame whole again (as ``board.js`` fillFrames does) gives exactly
    ``sowing_frames``. Pit 3 at the start: lift 4, sow S4 S5 S6 S0."""
    from engine import play
    from tutor.activity import Sowing
    from ui.board_data import counts_of, sowing_frames, sowing_steps

    rules = KalahRules()
    start = rules.initial_position()
    sowing = Sowing(start=start, results=(play(start, 3, rules),), id=1)
    sent = sowing_steps(sowing, rules)
    assert sent == [
        {"hi": ["S3"], "hand": 4, "note": "South lifts 4 seeds from pit 3", "sow": "South sows seed {n} of 4",
         "set": {**{f"S{i}": 4 for i in range(1, 7)}, "S3": 0, "S0": 0, **{f"N{i}": 4 for i in range(1, 7)}, "N0": 0}},
        {"set": {"S4": 5}}, {"set": {"S5": 5}}, {"set": {"S6": 5}}, {"set": {"S0": 1}}]
    whole = sowing_frames(sowing, rules)
    assert [(f["hi"], f["hand"], f["note"], f["hold"]) for f in whole] == [
        (["S3"], 4, "South lifts 4 seeds from pit 3", False), (["S4"], 3, "South sows seed 1 of 4", False),
        (["S5"], 2, "South sows seed 2 of 4", False), (["S6"], 1, "South sows seed 3 of 4", False),
        (["S0"], 0, "South sows seed 4 of 4", True)]
    assert [f["counts"]["S4"] for f in whole] == [4, 5, 5, 5, 5] and whole[-1]["counts"] == counts_of(sowing.end)
    # A foreseen press's frames start from the board's own counts: the first says only the lifted pit.
    base = counts_of(start)
    assert [f["set"] for f in sowing_steps(sowing, rules, base)] == [{"S3": 0}, {"S4": 5}, {"S5": 5}, {"S6": 5}, {"S0": 1}]
    assert base == counts_of(start)  # the board's counts are not changed


def test_a_capture_s_frames_made_whole_end_on_the_capture_held():
    """A capture (K12) after the sowing: the seed's frame, then a frame of its own that sets the
    places the capture changed and is held; ``sowing_frames`` fills in each sown seed's light,
    hand and words from the lift's frame. South pit 4 (1 seed) lands in empty pit 5 and takes
    North pit 2's 4 seeds: South's store 10 -> 15."""
    from engine import Position, play
    from tutor.activity import Sowing
    from ui.board_data import sowing_frames, sowing_steps

    rules = KalahRules()
    start = Position.from_notation("0,0,0,1,0,1/10/4,4,4,4,4,4/12/S", rules)
    sowing = Sowing(start=start, results=(play(start, 4, rules),), id=1)
    assert [f.get("set") for f in sowing_steps(sowing, rules)][1:] == [{"S5": 1}, {"S5": 0, "S0": 15, "N2": 0}]
    whole = sowing_frames(sowing, rules)
    assert [(f["hi"], f["hand"], f["hold"]) for f in whole] == [
        (["S4"], 1, False), (["S5"], 0, True), (["S5", "S0", "N2"], 0, True)]
    assert whole[1]["note"] == "South sows seed 1 of 1"
    assert [(f["counts"]["S4"], f["counts"]["S5"], f["counts"]["N2"], f["counts"]["S0"]) for f in whole] == [
        (0, 0, 4, 10), (0, 1, 4, 10), (0, 0, 0, 15)]
