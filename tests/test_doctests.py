"""Run the docstring examples of the modules that have them."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rules.deck", "rules.engine", "rules.hanafuda", "rules.western", "rules.fishing", "rules.koikoi", "game.theme", "game.text", "game.storage",
    "game.settings", "game.stats", "game.catalog", "game.scene", "game.widgets.base",
    "game.widgets.button", "game.widgets.label", "game.widgets.controls", "game.widgets.scroll",
    "game.widgets.focus", "game.scenes.dialog", "game.session", "game.scenes.registry",
    "game.scenes.stats",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
