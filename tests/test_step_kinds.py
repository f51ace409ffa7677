"""One handler per step kind (issue 30): a kind is its model (``lessons/steps/<kind>.py``), its
behaviour (``tutor/steps/<kind>.py``), its drawing if it needs one (``ui/steps/<kind>.py``) and its
words; nothing else names it.

- Every kind of the course is laid out that way, and every kind has a handler.
- A kind the course does not have (``tests/step_kind_toy.py``: model, handler and view in one test
  module) is read and proved by the loader, played through ``LessonActivity`` and drawn by the
  lesson page, with no project file changed.
- No module of ``lessons``, ``tutor`` or ``ui`` tells kinds apart by hand (``isinstance`` with a step
  model, ``type(step) is``, a ``case`` class pattern, ``step.kind == "..."``) outside that kind's own
  modules: every other module asks the registries.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import Position
from lessons.loader import ContentError, check_lesson, known_rule_ids, load_lesson
from lessons.models import Lesson
from lessons.steps.base import StepModel, step_kinds
from tests.conftest import ROOT
from tests.step_kind_toy import PROMPT, UNDER, CountStep, registered
from tutor.lesson import LessonActivity
from tutor.progress import Progress
from tutor.steps.base import HANDLERS, handler_for
from ui.steps.base import PLAIN, VIEWS, view_for

LAYERS = ("lessons", "tutor", "ui")


# ------------------------------------------------------------------ the course's kinds


def test_each_kind_of_the_course_is_one_module_per_layer() -> None:
    kinds = step_kinds()
    assert set(kinds) == {"read", "do", "predict", "find", "goal", "game"}
    for name, model in kinds.items():
        assert model.__module__ == f"lessons.steps.{name}", name
        assert type(HANDLERS[model]).__module__ == f"tutor.steps.{name}", name
        view = VIEWS.get(model)
        assert view is None or type(view).__module__ == f"ui.steps.{name}", name
    assert {m.__name__ for m in VIEWS} == {"DoStep", "PredictStep", "GameStep"}  # the others are drawn plainly


def test_every_kind_has_a_handler_and_an_unknown_one_is_named() -> None:
    assert set(step_kinds().values()) <= set(HANDLERS)
    with pytest.raises(LookupError, match="no handler for step kind 'count'"):
        handler_for(CountStep.model_construct(kind="count", id="x", title="t", text="t", cites=["K1"], seeds=1,
                                              done="d"))


# ------------------------------------------------------------------ a new kind, no project file changed


COUNT = {"id": "count-four", "kind": "count", "title": "Count", "text": "Press a pit with four seeds.",
         "cites": ["K1"], "position": "4,1,4,0,2,1/10/2,2,0,2,3,2/15/S", "seeds": 4, "done": "Four it is.",
         "hint": "Count each seed."}
READ = {"kind": "read", "title": "Read", "text": "A board.", "cites": ["K1"]}


def count_lesson(lesson_id: str = "toy", count: dict | None = None) -> dict:
    steps = [count or COUNT, *({**READ, "id": f"read-{k}"} for k in range(5))]
    return {"id": lesson_id, "number": 1, "title": "Toy", "intro": "Intro.", "summary": "Done.", "steps": steps}


@pytest.fixture
def count_kind():
    with registered() as model:
        yield model
    assert "count" not in step_kinds() and model not in HANDLERS and model not in VIEWS


def test_a_new_kind_is_read_and_proved_by_the_loader(count_kind, tmp_path: Path) -> None:
    lesson = Lesson.model_validate(count_lesson())
    check_lesson(lesson, known_rule_ids())  # its own engine check (CountStep.prove) passes
    assert isinstance(lesson.steps[0], count_kind)
    bad = tmp_path / "lesson_1_toy.toml"
    bad.write_text('id = "toy"\nnumber = 1\ntitle = "Toy"\nintro = "I."\nsummary = "S."\n'
                   + "".join(f'[[steps]]\nid = "r{k}"\nkind = "read"\ntitle = "R"\ntext = "T"\ncites = ["K1"]\n'
                             for k in range(5))
                   + '[[steps]]\nid = "count-nine"\nkind = "count"\ntitle = "C"\ntext = "T"\ncites = ["K1"]\n'
                     'seeds = 9\ndone = "D"\n')
    with pytest.raises(ContentError, match=r"step 'count-nine': no pit of the mover's row holds 9 seeds"):
        load_lesson(bad)
    bad.write_text(bad.read_text().replace("seeds = 9", "seeds = 0"))
    with pytest.raises(ContentError, match=r"step 'count-nine': seeds: Input should be greater than or equal to 1"):
        load_lesson(bad)


def test_a_kind_forgotten_is_unknown_again(count_kind) -> None:
    Lesson.model_validate(count_lesson())
    with registered():  # registered twice is the same kind (a module imported afresh)
        pass
    with pytest.raises(ValueError, match="'count' found using 'kind' does not match any of the expected tags"):
        Lesson.model_validate(count_lesson())  # forgotten by the inner block: a lesson may no longer hold it


def test_a_new_kind_plays_through_lesson_activity(count_kind) -> None:
    lesson = Lesson.model_validate(count_lesson())
    progress = Progress()
    run = LessonActivity(lesson, progress)
    start = run.position
    assert run.accepts_presses() and run.lit() == () and run.playable() == (1, 2, 3, 4, 5, 6)
    assert run.foreseeable(run.playable()) == (1, 2, 3, 4, 5, 6)
    run.press(2)  # one seed: played out, said, a slip
    assert run.failed and run.waiting and not run.done and not run.accepts_presses()
    assert run.notice.kind == "warning" and run.notice.text == "Pit 2 held 1."
    assert run.notice.details == "Count each seed."
    assert run.position != start and progress.lesson("toy").slips == {"count-four": 1}
    assert run.stars_so_far == 3  # one slip in the whole lesson is forgiven (tutor.progress.stars)
    run.show_me()  # this kind has no solution to show: nothing happens
    assert run.shown == 0 and run.failed
    run.retry()
    assert run.position == start and run.accepts_presses() and run.wrong == 1
    run.press(3)  # four seeds
    assert run.done and run.notice.kind == "success" and run.notice.text == "Four it is."
    assert progress.lesson("toy").slips == {"count-four": 1}
    run.next_step()
    assert run.index == 1 and run.done  # a read step: done when shown, as ever


def test_a_new_kind_is_drawn_by_the_lesson_page(count_kind, page_app, monkeypatch) -> None:
    from lessons import snapshot
    from ui import frame
    from ui.steps.base import StepView

    lesson = Lesson.model_validate(count_lesson("setup"))
    lessons = {**frame.lessons(), "setup": lesson}
    monkeypatch.setattr(frame, "lessons", lambda: lessons)
    monkeypatch.setattr(frame, "catalogue", lambda: snapshot.entries(lessons))
    at = page_app("pages/lesson_1_setup.py").run()
    assert not at.exception, at.exception
    assert isinstance(view_for(lesson.steps[0]), StepView) and view_for(lesson.steps[0]) is not PLAIN
    captions = [c.value for c in at.caption]
    assert PROMPT in captions and UNDER in captions
    run = at.session_state["mancala_tutor"].lessons["setup"]
    run.press(2)
    at.run()
    assert not at.exception, at.exception
    assert "Pit 2 held 1." in [w.value for w in at.warning]
    assert at.button(key="lesson_setup_retry")  # a missed try: "Try again", as every kind that keeps one
    assert not [b for b in at.button if b.key == "lesson_setup_show"]  # no solution to show
    at.button(key="lesson_setup_retry").click().run()
    run.press(3)
    at.run()
    assert not at.exception, at.exception
    assert "Four it is." in [s.value for s in at.success]
    assert view_for(lesson.steps[1]) is PLAIN  # a read step: drawn as every step is


# ------------------------------------------------------------------ no chain over kinds


def _modules() -> list[Path]:
    return sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py") if "__pycache__" not in p.parts)


def _module_file(module: str) -> Path:
    path = ROOT / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _own_files() -> dict[str, set[Path]]:
    """Step model class name -> the files of its kind: its model's module, its handler's, its view's."""
    own: dict[str, set[Path]] = {}
    for model in step_kinds().values():
        files = {_module_file(model.__module__), _module_file(type(HANDLERS[model]).__module__)}
        if model in VIEWS:
            files.add(_module_file(type(VIEWS[model]).__module__))
        own[model.__name__] = files
    return own


def _names(node: ast.expr) -> list[str]:
    """The class names an ``isinstance`` second argument (or a compared ``type(...)``) names."""
    if isinstance(node, ast.Tuple):
        return [n for elt in node.elts for n in _names(elt)]
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    return []


def kind_tests(tree: ast.AST, models: set[str], kinds: set[str]) -> list[tuple[int, str]]:
    """Each place in ``tree`` that tells a step kind by hand: ``(line, model or kind)``."""
    found: list[tuple[int, str]] = []
    aliases = {a.asname: a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
               if a.asname and a.name in models}
    known = models | set(aliases)
    for node in ast.walk(tree):
        names: list[str] = []
        called = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
        if called in ("isinstance", "issubclass") and isinstance(node, ast.Call) and len(node.args) == 2:
            names = _names(node.args[1])
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Call) and isinstance(s.func, ast.Name) and s.func.id == "type" for s in sides):
                names = [n for s in sides for n in _names(s)]
            if any(isinstance(s, ast.Attribute) and s.attr == "kind" for s in sides):
                names += [s.value for s in sides if isinstance(s, ast.Constant) and s.value in kinds]
        elif isinstance(node, ast.MatchClass):
            names = _names(node.cls)
        found += [(node.lineno, aliases.get(n, n)) for n in names if n in known or n in kinds]
    return found


def test_no_module_tells_step_kinds_apart_outside_the_kinds_own_modules() -> None:
    own = _own_files()
    kinds = {name: model.__name__ for name, model in step_kinds().items()}
    bad = []
    for path in _modules():
        for line, name in kind_tests(ast.parse(path.read_text(encoding="utf-8")), set(own), set(kinds)):
            model = kinds.get(name, name)
            if path not in own[model]:
                bad.append(f"{path.relative_to(ROOT)}:{line} tells {name} apart by hand")
    assert bad == []


def test_the_check_finds_a_chain() -> None:
    """The AST check itself: it sees an isinstance chain, an alias, ``type() is``, a case pattern, a kind literal."""
    code = ("from lessons.models import DoStep as D, PredictStep\n"
            "def f(step):\n"
            "    if isinstance(step, (D, int)): return 1\n"
            "    if type(step) is PredictStep: return 2\n"
            "    if step.kind == 'goal': return 3\n"
            "    match step:\n"
            "        case PredictStep(): return 4\n")
    found = kind_tests(ast.parse(code), {"DoStep", "PredictStep", "GoalStep"}, {"goal", "do"})
    assert sorted(found) == [(3, "DoStep"), (4, "PredictStep"), (5, "goal"), (7, "PredictStep")]
