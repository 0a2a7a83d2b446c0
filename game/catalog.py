"""The five games as the menu and the setup scene see them: names, seats, options, presets.

Options mirror rules.md; each game's engine turns the chosen values into its own options
dataclass. Whether a game can be played yet is ``game.scenes.registry.available(id)``.

>>> g = GAMES["koikoi"]; g.defaults()["hand_swap"], g.preset("nintendo")["hand_swap"]
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import _

AI_LEVELS = ("easy", "normal")


def level_label(level: str) -> str:
    return {"human": _("Human"), "easy": _("Computer — Easy"), "normal": _("Computer — Normal"),
            "hard": _("Computer — Hard")}.get(level, level)


@dataclass(frozen=True)
class Option:
    """One setting: ``choices`` are (value, label) pairs; a bool option has two."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""

    def label_of(self, value: Any) -> str:
        for v, label in self.choices:
            if v == value:
                return label
        return str(value)


def _toggle(key: str, label: str, default: bool, help: str = "") -> Option:
    return Option(key, label, ((False, _("Off")), (True, _("On"))), default, help)


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    subtitle: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = ()
    presets: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    summary: str = ""

    def defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def preset(self, name: str) -> dict[str, Any]:
        """Option values of preset ``name`` (defaults overlaid with the preset's changes)."""
        if name not in self.presets:
            raise ValueError(f"unknown preset {name!r} for {self.id}")
        values = self.defaults()
        values.update(self.presets[name][1])
        return values

    def matching_preset(self, values: dict[str, Any]) -> str | None:
        for name in self.presets:
            if self.preset(name) == values:
                return name
        return None


def _koikoi() -> GameInfo:
    options = (
        Option("scoring", _("Scoring"), (("simple", _("Simple")), ("complex", _("Complex (seed)"))),
               "simple", _("Simple: only the best bright yaku counts. Complex: they add up.")),
        _toggle("hand_swap", _("Hand swap"), True,
                _("Before play the non-dealer may swap hands with the dealer, blind.")),
        _toggle("void_deal", _("Void deals"), True,
                _("A field with all four of a month, or four pairs, is dealt again.")),
        _toggle("field_triple", _("Field triples"), True,
                _("Three of a month on the field stack; the fourth card captures all three.")),
        _toggle("field_bright_multiplier", _("Field-bright multiplier"), True,
                _("Each bright dealt to the field adds 1 to the round multiplier.")),
        Option("instant_win_points", _("Instant win"), ((5, _("5 points")), (6, _("6 points"))), 5),
        _toggle("draw_for_first", _("Draw for first"), False,
                _("Each player draws a card; the earliest month plays first.")),
        Option("matching", _("Matching from hand"),
               (("required", _("Required")), ("if_matching", _("If matching")),
                ("optional", _("Optional"))), "required"),
        _toggle("koikoi_multiplier", _("Koi-koi multiplier"), True,
                _("The winner's total times 1 + the koi-koi they called.")),
        _toggle("opponent_koikoi_double", _("Opponent koi-koi double"), False),
        _toggle("seven_point_double", _("Seven-point double"), False),
        _toggle("koikoi_penalty", _("Koi-koi penalty"), False,
                _("A caller who loses also loses the amount won.")),
        Option("exhausted_dealer", _("Hands exhausted"),
               (("stays", _("Dealer stays")), ("passes", _("Dealer passes"))), "stays"),
        Option("match_end", _("End of match"),
               (("target50", _("First to 50 points")), ("rounds3", _("3 rounds")),
                ("rounds6", _("6 rounds")), ("rounds12", _("12 rounds"))), "target50"),
        _toggle("sake_as_chaff", _("Sake cup also counts as chaff"), True),
        Option("viewing", _("Viewing yaku"),
               (("always", _("Always")), ("with_other", _("Only with another yaku")),
                ("never", _("Never"))), "always"),
        _toggle("rain_rule", _("Rain rule"), False, _("Holding the Rain Man cancels viewing yaku.")),
        _toggle("tsukifuda", _("Month sets (tsukifuda)"), False),
        _toggle("extra_points", _("Extra points for extra cards"), False),
    )
    nintendo = {
        "hand_swap": False, "field_bright_multiplier": False, "instant_win_points": 6,
        "matching": "if_matching", "koikoi_multiplier": False, "opponent_koikoi_double": True,
        "seven_point_double": True, "exhausted_dealer": "passes", "match_end": "rounds12",
        "extra_points": True,
    }
    return GameInfo(
        "koikoi", _("Koi-Koi"), _("Two players · make yaku, then stop or call koi-koi"),
        2, 2, 2, options,
        {"seed": (_("Seed rules"), {}), "nintendo": (_("Nintendo"), nintendo)},
        summary=_("Match cards of the same month to capture them. Make yaku (scoring sets), "
                  "then stop to score or call koi-koi to play on for more, at the risk of the "
                  "opponent scoring first."),
    )


def _hanaawase() -> GameInfo:
    options = (
        _toggle("steal_from_piles", _("Capture from other piles"), True,
                _("A match may be taken from another player's capture pile.")),
        _toggle("willow_rule", _("Willow rule"), False,
                _("The willow row voids all of its holder's dekiyaku.")),
        _toggle("rain_rule", _("Rain rule"), False,
                _("Holding the Rain Man voids drinking and viewing yaku.")),
    )
    return GameInfo(
        "hanaawase", _("Hana-awase"), _("Three players · twelve deals of card values and yaku"),
        3, 3, 3, options, {"seed": (_("Seed rules"), {})},
        summary=_("Capture cards by month; each deal scores card values minus 88 plus yaku "
                  "collected from the other players. Highest total after twelve deals wins."),
    )


def _hearts600() -> GameInfo:
    options = (
        _toggle("show_settlement", _("Show settlement in cents"), True),
    )
    return GameInfo(
        "hearts600", _("600 Hearts"), _("Two to four players · avoid points"),
        2, 4, 3, options, {"seed": (_("Seed rules"), {})},
        summary=_("A fishing game played in reverse: captured cards score against you, and "
                  "yaku you capture score against your opponents. The lowest score wins when "
                  "someone reaches 600."),
    )


def _yatsuhashi() -> GameInfo:
    options = (
        _toggle("solver_indicator", _("Winnable indicator"), True,
                _("Shows whether the deal can still be won.")),
        _toggle("winnable_only", _("Winnable deals only"), False,
                _("New deals are ones the solver has proved can be won.")),
        _toggle("auto_collect", _("Collect yaku automatically"), False,
                _("A yaku that can be taken only one way is collected as soon as it is free.")),
    )
    return GameInfo(
        "yatsuhashi", _("Yatsuhashi Solitaire"), _("Solitaire · collect all fourteen yaku"),
        1, 1, 1, options, {"seed": (_("Standard"), {})},
        summary=_("Build down by month on six foundations and collect the fourteen yaku. "
                  "The eight-plank bridge leaves once five other yaku are in."),
    )


def _heart_of_five() -> GameInfo:
    options = (
        Option("win_target", _("Match length"),
               ((5, _("First to 5 wins")), (10, _("First to 10 wins")),
                (20, _("First to 20 wins"))), 10),
    )
    return GameInfo(
        "heart_of_five", _("Heart of Five"), _("Two to eight players · climbing game, western deck"),
        2, 8, 4, options, {"seed": (_("Standard"), {})},
        summary=_("Beat the last meld with a higher one of the same shape, or bomb it. "
                  "Be the first to shed your cards; the five of hearts is the top single."),
    )


GAMES: dict[str, GameInfo] = {g.id: g for g in (
    _koikoi(), _hanaawase(), _hearts600(), _yatsuhashi(), _heart_of_five())}
