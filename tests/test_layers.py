"""The layers hold (docs/architecture.md): rules/ imports nothing of ours but rules/ and no
pygame; ai/ imports rules/ and ai/ only, no pygame. Read from the source, not by importing it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"rules", "ai", "game", "sprites", "sounds", "tools", "benchmarks", "main"}
ALLOWED = {"rules": {"rules"}, "ai": {"rules", "ai"}}


def imported_roots(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports (at any depth of its code)."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_imports_only_what_it_may(layer):
    wrong = {}
    for path in sorted((ROOT / layer).rglob("*.py")):
        roots = imported_roots(path)
        bad = sorted((roots & OURS) - ALLOWED[layer] | roots & {"pygame"})
        if bad:
            wrong[str(path.relative_to(ROOT))] = bad
    assert not wrong, wrong


def test_the_check_sees_an_import_it_must_refuse(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    import pygame\n    from game.app import App\n")
    assert imported_roots(bad) >= {"pygame", "game"}
