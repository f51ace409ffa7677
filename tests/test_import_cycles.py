"""No import circles (issue 30): no module of ours imports, directly or through others, a module that imports it.

Every ``.py`` file of ``engine``, ``lessons``, ``tutor``, ``store``, ``ui``, ``pages``, ``tools``, ``bench``,
``tests`` and ``app.py`` is read with :mod:`ast` (nothing is imported or run) and each import between our own
modules is an edge of one graph:

- **every** ``import``/``from ... import`` statement counts, wherever it stands: at the top, inside a
  function (a lazy import is still a dependency, and a circle made "through others" at run time), inside
  ``try`` or ``if``;
- ``if TYPE_CHECKING:`` imports **count too**. They never run, so they cannot break an import at run time,
  but they are a dependency of the design all the same: the module cannot be read or type-checked without
  the other, and two of the circles the issue names (``engine.position`` <-> ``engine.rules``,
  ``tutor.lesson`` <-> ``tutor.lesson_game``) were closed only by such an import. Counting them keeps a
  circle from being hidden by wrapping one side in ``if TYPE_CHECKING``;
- ``from package import name`` is an edge to ``package.name`` when that is a module of ours (a file or a
  subpackage), otherwise to ``package`` (its ``__init__``); relative imports are resolved against the
  importing module's package; ``import a.b.c`` is an edge to ``a.b.c``;
- a script's import of a file beside it (``bench/``, ``tools/`` put their own folder on ``sys.path``) is
  an edge to that file;
- the parent packages that Python initialises on the way (``engine/__init__`` before ``engine.rules``)
  are not edges: every submodule would otherwise be in a circle with an ``__init__`` that re-exports it.

The graph must have no strongly connected component of more than one module and no module that imports
itself. A failure lists each circle as a path, e.g. ``ui.frame -> ui.live -> ui.outcomes -> ui.frame``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "lessons", "tutor", "store", "ui", "pages", "tools", "bench", "tests", "deploy")
SCRIPTS = ("app.py", "serve.py")


def module_name(path: Path) -> str:
    """``engine/search/__init__.py`` -> ``engine.search``; ``ui/frame.py`` -> ``ui.frame``; ``app.py`` -> ``app``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_files() -> list[Path]:
    found = [ROOT / name for name in SCRIPTS]
    for package in PACKAGES:
        found += sorted(p for p in (ROOT / package).rglob("*.py") if "__pycache__" not in p.parts)
    return found


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _base(path: Path, level: int, module: str | None) -> str:
    """The absolute name a relative ``from`` import (``level`` dots, then ``module``) refers to."""
    package = module_name(path).split(".")
    if not _is_package(path):
        package = package[:-1]
    package = package[: len(package) - (level - 1)] if level > 1 else package
    return ".".join([*package, *([module] if module else [])])


def _walk_with_guard(tree: ast.AST) -> Iterator[tuple[ast.AST, bool]]:
    """Every node, with whether it stands under ``if TYPE_CHECKING:`` (reported for the message only)."""

    def guarded(test: ast.expr) -> bool:
        return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        )

    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, under = stack.pop()
        yield node, under
        if isinstance(node, ast.If) and guarded(node.test):
            stack += [(child, True) for child in node.body] + [(child, under) for child in node.orelse]
            continue
        stack += [(child, under) for child in ast.iter_child_nodes(node)]


def imports_of(path: Path, modules: set[str]) -> dict[str, tuple[int, bool]]:
    """The modules of ours that ``path`` imports: name -> (first line, only under ``TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module_name(path)
    beside = "" if (path.parent / "__init__.py").exists() else ".".join(here.split(".")[:-1])
    found: dict[str, tuple[int, bool]] = {}

    def resolve(name: str) -> str | None:
        """``name`` as one of our modules (or its nearest parent that is one): as written, or (a script's
        import) as a file beside it."""
        for candidate in (name, f"{beside}.{name}" if beside else name):
            parts = candidate.split(".")
            for end in range(len(parts), 0, -1):
                if ".".join(parts[:end]) in modules:
                    return ".".join(parts[:end])
        return None

    def add(name: str | None, line: int, under: bool) -> None:
        """Keep an edge's first import that runs (else its first ``TYPE_CHECKING`` one) for the message."""
        if name is not None:
            found[name] = min(found.get(name, (line, under)), (line, under), key=lambda seen: (seen[1], seen[0]))

    for node, under in _walk_with_guard(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(resolve(alias.name), node.lineno, under)
        elif isinstance(node, ast.ImportFrom):
            base = _base(path, node.level, node.module) if node.level else (node.module or "")
            for alias in node.names:
                target = f"{base}.{alias.name}" if alias.name != "*" else base
                add(target if target in modules else resolve(base), node.lineno, under)
    return found


def import_graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], str]]:
    """Every module of ours -> the modules of ours it imports, and each edge's ``path:line`` for messages."""
    files = project_files()
    modules = {module_name(p) for p in files}
    graph: dict[str, set[str]] = {}
    where: dict[tuple[str, str], str] = {}
    for path in files:
        source = module_name(path)
        edges = imports_of(path, modules)
        graph[source] = set(edges)
        for target, (line, under) in edges.items():
            where[(source, target)] = f"{path.relative_to(ROOT)}:{line}" + (" (TYPE_CHECKING)" if under else "")
    return graph, where


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), each sorted; only those of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return sorted(out)


def _shortest_path(graph: dict[str, set[str]], members: set[str], start: str, goal: str) -> list[str]:
    """A shortest path ``start`` ... ``goal`` inside ``members`` (breadth first, names in order)."""
    came_from = {start: start}
    frontier = [start]
    while goal not in came_from:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        if not following:  # pragma: no cover - inside a component every module reaches every other
            raise AssertionError(f"no path {start} -> {goal}")
        frontier = following
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    return path[::-1]


def circles(graph: dict[str, set[str]], component: list[str]) -> list[list[str]]:
    """The circles of a component: for each import inside it, a shortest circle through that import.

    Each is closed (first module again at the end) and starts at its smallest name; every import that
    holds the component together is in one of them, so the list says every line to change.
    """
    members = set(component)
    found: dict[tuple[str, ...], list[str]] = {}
    for a in component:
        for b in sorted(graph[a] & members):
            loop = [a, *_shortest_path(graph, members, b, a)][:-1] if a != b else [a]
            turn = loop.index(min(loop))
            loop = loop[turn:] + loop[:turn]
            found.setdefault(tuple(loop), [*loop, loop[0]])
    return sorted(found.values())


def describe(graph: dict[str, set[str]], where: dict[tuple[str, str], str]) -> list[str]:
    """One paragraph a component: its modules, then each circle in it with the import line of each step."""
    report = []
    for component in strongly_connected(graph):
        lines = [f"circle of {len(component)} ({', '.join(component)}):"]
        for cycle in circles(graph, component):
            lines.append(f"  {' -> '.join(cycle)}")
            lines += [f"    {a} -> {b}  ({where[(a, b)]})" for a, b in zip(cycle, cycle[1:])]
        report.append("\n".join(lines))
    for node in sorted(graph):
        if node in graph[node]:
            report.append(f"{node} imports itself ({where[(node, node)]})")
    return report


def test_no_module_imports_a_module_that_imports_it() -> None:
    graph, where = import_graph()
    report = describe(graph, where)
    print("\n\n".join(report) or "no import circles")
    assert report == [], "import circles:\n\n" + "\n\n".join(report)


def test_the_graph_sees_every_kind_of_import() -> None:
    """The check itself works: lazy, relative, ``from package import module``, TYPE_CHECKING and script imports."""
    graph, where = import_graph()
    assert "engine.search" in graph["engine"]  # ``from . import search`` inside a function of engine/__init__
    assert "engine.options" in graph["engine.position"]  # ``from .options import ...``
    assert "lessons.models" in graph["tutor.live"]  # only ``if TYPE_CHECKING:``
    assert where[("tutor.live", "lessons.models")].endswith("(TYPE_CHECKING)")
    assert {"ui.outcomes", "ui.thinking"} <= graph["bench.outcomes_cost"]  # ``from ui import outcomes, thinking``
    assert "ui" not in graph["bench.outcomes_cost"]
    assert "ui.frame" in graph["app"]
    assert "ui.not_found" in graph["serve"]  # a lazy import inside a function of the server's entry
    assert all(module.startswith(("engine", "lessons", "tutor", "store", "ui", "pages", "tools", "bench", "tests", "deploy",
                                  "app", "serve")) for targets in graph.values() for module in targets)


def test_the_circle_finder_finds_circles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"},
             "f": {"g"}, "g": {"f", "h"}, "h": {"f"}}
    where = {(a, b): f"{a}.py" for a, targets in graph.items() for b in targets}
    assert strongly_connected(graph) == [["a", "b", "c"], ["f", "g", "h"]]
    assert circles(graph, ["f", "g", "h"]) == [["f", "g", "f"], ["f", "g", "h", "f"]]
    assert describe(graph, where)[0] == (
        "circle of 3 (a, b, c):\n  a -> b -> c -> a\n    a -> b  (a.py)\n    b -> c  (b.py)\n    c -> a  (c.py)"
    )
    assert describe(graph, where)[2] == "e imports itself (e.py)"
