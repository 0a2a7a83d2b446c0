"""Every docstring example of the program runs, and every example in docs/*.md.

The modules are found by walking the packages' folders and the documents by globbing docs/,
so a module or document added later is covered without a list to keep up to date.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "ai", "game", "sprites", "sounds", "tools")
#: Scripts that act when imported (they are meant to be run): not collected, with the reason.
SCRIPTS = {
    "tools.yatsuhashi_screenshots": "makes a temp folder and points HANAFUDA_PARLOR_HOME at it",
}


def module_names() -> list[str]:
    """Every module of PACKAGES but SCRIPTS, by dotted name (a package's ``__init__`` by the
    package's name)."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if parts[-1] != "__main__":
                names.append(".".join(parts))
    return [name for name in names if name not in SCRIPTS]


MODULES = module_names()
#: Markdown documents: each is a doctest file (its ``>>>`` examples run, prose is skipped).
DOCUMENTS = sorted((ROOT / "docs").glob("*.md"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_document_examples(path):
    # testfile prints each failing example (pytest shows it with the failure).
    failures, _tried = doctest.testfile(str(path), module_relative=False, encoding="utf-8",
                                        optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failures == 0, f"docs/{path.name}: {failures} example(s) failed"


def test_every_package_is_walked():
    some = {"rules.engine", "ai.base", "game", "game.widgets.dialog", "sprites.faces", "sounds",
            "tools.font_charset"}
    assert some <= set(MODULES) and not set(SCRIPTS) & set(MODULES)
    assert ROOT / "docs" / "architecture.md" in DOCUMENTS


def test_benchmark_docstring_examples(tmp_path):
    """The benchmarks' examples too, in a fresh interpreter: their modules set the video
    driver and the user folder when imported (they are meant to be run), which must not leak
    into the other tests of this worker."""
    import os
    import subprocess
    import sys
    script = ("import doctest, importlib, pathlib, sys\n"
              "failed = 0\n"
              "for path in sorted(pathlib.Path('benchmarks').glob('*.py')):\n"
              "    if path.stem != '__main__':\n"
              "        module = importlib.import_module('benchmarks.' + path.stem)\n"
              "        failed += doctest.testmod(\n"
              "            module, optionflags=doctest.NORMALIZE_WHITESPACE).failed\n"
              "sys.exit(failed)\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HANAFUDA_PARLOR_HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
