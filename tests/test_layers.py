"""Layers point down only: rules -> ai -> sprites/sounds -> the app's base -> the table kit ->
the screens and games -> the command line (docs/architecture.md). Every import counts, those
inside functions too; only imports for type checking (``if TYPE_CHECKING:``) do not, as they
never run. A screen is opened from below by its id (``game.screens.screen("menu")``), never
imported. The engines and the opponents import no pygame, and the program nothing of the
tools, benchmarks or ``main.py`` above it. Read from the source, not by importing it.

A module's layer is the first of ``LAYERS`` whose prefix it has.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "ai", "sprites", "sounds", "game")

#: (layer, module prefixes), lowest first; a module may import its own layer and those below.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("command line", ("game.cli", "game.__main__")),
    ("screens and games", ("game.scenes", "game.games")),
    ("table kit", ("game.table",)),
    ("app's base", ("game",)),
    ("art and sound", ("sprites", "sounds")),
    ("opponents", ("ai",)),
    ("rules", ("rules",)),
]
RANK = {name: len(LAYERS) - i for i, (name, _prefixes) in enumerate(LAYERS)}


def layer_of(module: str) -> str | None:
    """The layer ``module`` is in (None: outside the program's packages).

    >>> layer_of("game.table.base"), layer_of("game.theme"), layer_of("game.cli")
    ('table kit', "app's base", 'command line')
    >>> layer_of("pygame") is None
    True
    """
    for name, prefixes in LAYERS:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return name
    return None


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import in ``source`` that runs, wherever it is.

    >>> imports("import a.b\\nif TYPE_CHECKING:\\n    import c\\ndef f():\\n    from d import e")
    [(1, 'a.b'), (5, 'd'), (5, 'd.e')]
    """
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)
    visit(ast.parse(source))
    return found


def imported_roots(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports when it runs."""
    return {module.split(".")[0] for _line, module in imports(path.read_text(encoding="utf-8"))}


def upward_imports(files: list[Path]) -> list[str]:
    """``file:line: module (layer) imports module (higher layer)`` for each import upward."""
    wrong: dict[tuple[str, int], str] = {}
    for path in files:
        here = module_name(path)
        mine = layer_of(here)
        assert mine is not None, here
        for line, target in imports(path.read_text(encoding="utf-8")):
            theirs = layer_of(target)
            where = (str(path.relative_to(ROOT)), line)
            if theirs is not None and RANK[theirs] > RANK[mine] and where not in wrong:
                wrong[where] = (f"{where[0]}:{line}: {here} ({mine}) imports {target} "
                                f"({theirs})")
    return [wrong[where] for where in sorted(wrong)]


def program_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_no_module_imports_a_higher_layer():
    assert upward_imports(program_files()) == []


@pytest.mark.parametrize("planted, layer", [
    ("def back():\n    from game.scenes.menu import MenuScene\n", "table kit"),
    ("from game.table.base import CardTable\n", "app's base"),
    ("import game.fonts\n", "art and sound"),
    ("from ai.base import levels\n", "rules"),
])
def test_a_planted_upward_import_is_found(tmp_path, planted, layer):
    """The check finds an upward import, a lazy one (inside a function) too."""
    where = {"table kit": "game/table", "app's base": "game", "art and sound": "sprites",
             "rules": "rules"}[layer]
    path = ROOT / where / "_planted_upward_import.py"
    path.write_text(planted, encoding="utf-8")
    try:
        wrong = upward_imports([path])
    finally:
        path.unlink()
    assert len(wrong) == 1 and f"({layer}) imports" in wrong[0], wrong


def test_type_checking_imports_do_not_count():
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
              "    from game.scenes.menu import MenuScene\n")
    assert [m for _line, m in imports(source) if m.startswith("game")] == []


@pytest.mark.parametrize("package", ["rules", "ai"])
def test_the_engines_and_opponents_import_no_pygame(package):
    wrong = [f"{path.relative_to(ROOT)}: {module}"
             for path in sorted((ROOT / package).rglob("*.py"))
             for _line, module in imports(path.read_text(encoding="utf-8"))
             if module.split(".")[0] == "pygame"]
    assert wrong == []


def test_the_program_imports_nothing_of_the_tools_above_it():
    wrong = [f"{path.relative_to(ROOT)}: {module}" for path in program_files()
             for _line, module in imports(path.read_text(encoding="utf-8"))
             if module.split(".")[0] in {"tools", "benchmarks", "main"}]
    assert wrong == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other round a loop (strongly connected, two or more).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_program_has_no_import_cycle_in_game():
    """No module of ``game/`` imports, however indirectly, one that imports it (every import,
    lazy ones too)."""
    files = sorted((ROOT / "game").rglob("*.py"))
    names = {module_name(p) for p in files}
    graph = {module_name(p): {m for _line, m in imports(p.read_text(encoding="utf-8"))
                              if m in names and m != module_name(p)} for p in files}
    assert cycles(graph) == []


def test_the_examples_here_run():
    """The docstring examples of this file (tests/ is not among the doctested packages)."""
    import doctest
    runner = doctest.DocTestRunner()
    for function in (layer_of, imports, cycles):
        for example in doctest.DocTestFinder().find(function, globs=globals()):
            runner.run(example)
    assert runner.failures == 0 and runner.tries >= 4
