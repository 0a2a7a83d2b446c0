"""The suite's own rules: CI runs exactly the README's test commands, and property tests draw
the same examples on every run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_the_readmes_test_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    documented = [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ran = [line.strip() for line in ci.splitlines()
           if re.match(r"\s*\.venv/bin/python -m pytest", line)]
    assert documented == ran and len(ran) == 2
    assert any("-m soak" in c for c in ran) and all("--durations=25" in c for c in ran)


def test_property_tests_are_derandomized_without_deadline():
    from hypothesis import settings
    assert settings.default.derandomize and settings.default.deadline is None
    assert settings(max_examples=3).derandomize  # a test's own @settings starts from it


def test_the_pictures_in_docs_are_those_the_readme_shows():
    """Only the pictures README.md shows live in the repository; every other screenshot is
    made on demand into the ignored out/ (docs/architecture.md, the checklist's screenshots)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\((docs/[^)\s]+\.png)\)", readme))
    kept = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.png")}
    assert kept == shown
    assert len(shown) <= 12
