"""What a user types or links is shown as text, never obeyed as markdown or HTML.

Every message that quotes a user's text makes it literal (``tutor.words.literal``,
through ``short``/``quote``): a link, an image, ``:red[...]``, emphasis, HTML or
math in a puzzle link, a ``?pos=``/``?game=`` link, the board editor, the Move
outcomes paste field or a class or pupil name comes back as those very characters.
``tests/test_browser.py`` checks the same in a real browser (no link, no image drawn).
"""

from __future__ import annotations

import pytest

from tutor import words

PAYLOADS = [
    "[a](https://e.x)",
    "![i](https://e.x)",
    ":red[RED]",
    "**BOLD**",
    "<b>x</b>",
    "$x^2$",
    ":material/home:",
]
"""Each under 20 characters, so no message has to cut it."""

J = words.WORD_JOINER
"""Invisible; stops a web or mail address from becoming a link."""

REST = ",4,4,4,4,4/0/4,4,4,4,4,4/0/S"
"""A position whose South pit 1 is the payload."""


def messages(at) -> list[str]:
    return [m.value for kind in (at.error, at.warning, at.info, at.success) for m in kind]


def quoted_literally(at, payload: str) -> None:
    """Some message quotes ``payload`` made literal; none holds it raw."""
    said = messages(at)
    assert any(words.literal(payload) in m for m in said), said
    assert not any(payload in m for m in said), said


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("[a](https://e.x)", "\\[a\\]\\(https" + J + "\\://e\\.x\\)"),
        ("www.e.x a@b.co", "www" + J + "\\.e\\.x a" + J + "\\@b\\.co"),
        ("![i](x)", r"\!\[i\]\(x\)"),
        (":red[RED]", J + "\\:red\\[RED\\]"),
        ("**B** _i_ ~s~", r"\*\*B\*\* \_i\_ \~s\~"),
        ("<b>x</b> & $m$", r"\<b\>x\</b\> \& \$m\$"),
        ("a\nb\r\nc", "a b c"),
        ("no-such-puzzle 4,4/0", r"no-such-puzzle 4,4/0"),
        ("back\\slash `code` #1 |t| {x} 1+1 a@b", "back\\\\slash \\`code\\` \\#1 \\|t\\| \\{x\\} 1\\+1 a" + J + "\\@b"),
    ],
)
def test_literal_escapes_every_sign_markdown_could_read(text, shown):
    assert words.literal(text) == shown


def test_short_and_quote_cut_first_then_make_literal():
    assert words.short("**" * 30, 5) == r"\*\*\*\*\*…"
    assert words.quote("[x](y)") == r"“\[x\]\(y\)”"


LINKS = [("pages/puzzles.py", "puzzle", ""), ("pages/sandbox.py", "pos", REST), ("pages/sandbox.py", "game", "")]
"""Where a link's text is quoted back: the page, the link field, what follows the payload."""


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize(("page", "field", "rest"), LINKS)
def test_a_link(page_app, page, field, rest, payload):
    at = page_app(page)
    at.query_params[field] = payload + rest
    at.run()
    assert not at.exception
    quoted_literally(at, payload)
    if page.endswith("sandbox.py"):
        assert at.session_state["mancala_tutor"].sandbox.game.position.to_notation() == "4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_board_editor(page_app, payload):
    at = page_app("pages/sandbox.py")
    at.run()
    at.session_state["sb_exp_editor"] = True  # a closed panel builds nothing: open the editor
    at.run()
    at.text_input(key="sb_ed_text").input(payload + REST)
    at.button(key="sb_ed_text_go").click().run()
    assert not at.exception
    quoted_literally(at, payload)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_move_outcomes_paste_field(page_app, payload):
    at = page_app("pages/move_outcomes.py")
    at.run()
    at.radio(key="mo_source").set_value("paste").run()
    at.text_input(key="mo_notation").set_value(payload + REST).run()
    assert not at.exception
    quoted_literally(at, payload)


@pytest.mark.parametrize("name", ["**Ada**", ":red[Bo]", "[Cy](e.x)", "$Di$"])
def test_class_and_pupil_names_are_shown_as_typed(name):
    plain = words.literal(name)
    assert words.joined(name) == f"You are in the class {plain}."
    assert words.joined_as(name) == f"Your name in the class: {plain}"
    assert words.class_heading(name, 2) == f"{plain}: 2 pupils"
    assert words.question_sent(name).startswith(f"Sent to {plain}.")
