"""``pip install .`` gives a working game (pyproject.toml): the files it reads beside its code
come along, the ``hanafuda-parlor`` command is the program, and it depends on what it imports,
not on the development tools."""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from game import fonts, i18n
from tests.test_layers import imported_roots

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PROJECT["tool"]["setuptools"]
#: Imports of the installed packages that are not the game's at run time: file -> modules.
DEVELOPMENT_IMPORTS = {
    "sprites/art/glyphs.py": {"fontTools"},  # its glyph_data.py generator, run by hand
}


def data_files() -> list[Path]:
    """Every file the installed game reads beside its code: the fonts (and their licence,
    which goes with them) and each translation's compiled catalogue."""
    catalogues = [i18n.LOCALE_DIR / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
                  for code in i18n.LANGUAGES if code != i18n.SOURCE]
    return [fonts.REGULAR, fonts.BOLD, fonts.FONT_DIR / "OFL.txt", *catalogues]


def packages(project: dict) -> list[str]:
    """The packages setuptools installs: the folders under the root its find rules take."""
    find = project["tool"]["setuptools"]["packages"]["find"]

    def taken(name: str) -> bool:
        return (any(fnmatch(name, pattern) for pattern in find["include"])
                and not any(fnmatch(name, pattern) for pattern in find.get("exclude", [])))

    tops = [p for p in ROOT.iterdir() if p.is_dir() and taken(p.name)]  # (not into .venv)
    folders = sorted({*tops, *(p for top in tops for p in top.rglob("*") if p.is_dir())})
    names = (".".join(folder.relative_to(ROOT).parts) for folder in folders)
    return [name for name in names if taken(name)]


def declared(project: dict) -> set[Path]:
    """The files pyproject.toml's package data takes, each pattern under its package."""
    taken = set()
    names = packages(project)
    for package, patterns in project["tool"]["setuptools"]["package-data"].items():
        assert package in names, f"package data of {package}, not an installed package"
        folder = ROOT.joinpath(*package.split("."))
        taken |= {path for pattern in patterns for path in folder.glob(pattern)}
    return taken


def test_every_file_the_game_reads_is_package_data():
    assert all(path.is_file() for path in data_files())
    missing = [str(p.relative_to(ROOT)) for p in data_files() if p not in declared(PROJECT)]
    assert not missing, f"not in pyproject.toml's package data: {missing}"


def test_the_check_sees_a_catalogue_left_out():
    project = {**PROJECT, "tool": {"setuptools": {
        **SETUPTOOLS, "package-data": {"game.assets.fonts": ["*.otf", "OFL.txt"]}}}}
    assert not set(data_files()) <= declared(project)


def test_the_installed_packages_are_the_programs_only():
    names = packages(PROJECT)
    assert {"rules", "ai", "game", "sprites", "sounds", "game.locale"} <= set(names)
    assert not any(name.split(".")[0] in {"tests", "tools", "benchmarks", "docs"}
                   or "__pycache__" in name for name in names)


def test_a_build_carries_the_data(tmp_path):
    """setuptools' own build of the packages (build_py: no wheel, no network, a second)."""
    pytest.importorskip("setuptools")
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source)
    for top in {name.split(".")[0] for name in packages(PROJECT)}:
        shutil.copytree(ROOT / top, source / top, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "build"
    proc = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q",
                           "build_py", "--build-lib", str(out)],
                          cwd=source, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "as data is deprecated" not in proc.stderr, proc.stderr  # (outside a package)
    for path in data_files():
        built = out / path.relative_to(ROOT)
        assert built.read_bytes() == path.read_bytes(), f"{built} missing or different"
    assert sorted(p.name for p in out.iterdir()) == ["ai", "game", "rules", "sounds", "sprites"]


def test_the_command_is_the_program(tmp_path):
    import main
    target = PROJECT["project"]["scripts"]["hanafuda-parlor"]
    module, _, function = target.partition(":")
    assert getattr(importlib.import_module(module), function) is main.run
    # ``python -m game`` too, from anywhere the package is importable.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "game", "--help"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: python -m game")


def test_the_version_is_the_one_the_menu_shows():
    from game.scenes import menu
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "game.scenes.menu.VERSION"}
    assert isinstance(menu.VERSION, str) and menu.VERSION


def test_it_depends_on_what_it_imports_at_the_pinned_versions():
    """The runtime dependencies are the distributions the installed packages import (no
    development tool), each allowing the version requirements.txt pins (what CI tests)."""
    ours = {name.split(".")[0] for name in packages(PROJECT)}
    imported = set()
    for top in ours:
        for path in (ROOT / top).rglob("*.py"):
            skip = DEVELOPMENT_IMPORTS.get(path.relative_to(ROOT).as_posix(), set())
            imported |= imported_roots(path) - skip
    third_party = imported - ours - set(sys.stdlib_module_names) - {"__future__"}
    providers = importlib.metadata.packages_distributions()
    wanted = {canonicalize_name(providers[name][0]) for name in third_party}
    requirements = [Requirement(text) for text in PROJECT["project"]["dependencies"]]
    assert {canonicalize_name(r.name) for r in requirements} == wanted
    pins = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            pinned = Requirement(line)
            pins[canonicalize_name(pinned.name)] = next(iter(pinned.specifier)).version
    for requirement in requirements:
        assert requirement.specifier.contains(pins[canonicalize_name(requirement.name)]), \
            f"{requirement} does not allow the pinned version"
