"""The one registry of games: everything finds a game through it — names, seats, options and
presets (the menu and the setup screen), its engine (built from a setup, or restored from a
save), the computer levels its seats offer, its table scene, its guided first game, its yaku's
display names, and what the tools and benchmarks ask of it. Engines, tables and guides are
named as ``"module:attr"`` and imported only when used, so the menu starts fast and a game
without a table yet answers "not available yet".

An entry has two halves (``rules.games`` says why): ``GameRules``, what the rules know (id,
engine, seats, how a new engine is dealt), in ``rules.games`` where the layers below the app
read it too; and ``GameInfo``, what the app adds, made here by a function marked
``@_entry(game_id)`` that holds the rules half as ``rules``. ``GAMES`` follows
``rules.games.GAMES``' order (the menu's). Every field is given by name (``GameInfo`` refuses
positional arguments).

A game's computer players are found by convention in ``ai.<game id>``, and the levels its
seats offer are the ones that module registers (``ai.base.levels``), read when asked: a level
added there shows in the setup screen without a change here.

Options mirror docs/rules.md; each game's engine turns the chosen values into its own options
dataclass (``GameRules.rules_from``).

>>> g = GAMES["koikoi"]; g.defaults()["hand_swap"], g.preset("nintendo")["hand_swap"]
(True, False)
>>> info("koikoi").engine, info("koikoi").available
('rules.koikoi:KoiKoiGame', True)
>>> info("heart_of_five").available, info("heart_of_five").engine_class().__name__
(True, 'HeartOfFiveGame')
>>> info("yatsuhashi").ai_levels, info("hanaawase").ai_levels
((), ('easy', 'normal', 'hard'))
>>> info("hearts600").max_players, info("yatsuhashi").solitaire, info("koikoi").guide
(4, True, 'game.games.koikoi.guide:GUIDE')
>>> info("chess")
Traceback (most recent call last):
...
game.catalog.UnknownGameError: unknown game id 'chess' (known: koikoi, hanaawase, \
hearts600, yatsuhashi, heart_of_five)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from game.i18n import _, ngettext, on_change
from rules.games import GAMES as RULES
from rules.games import GameRules, keyword_only, load

if TYPE_CHECKING:  # pragma: no cover
    from game.setups import GameSetup

class UnknownGameError(ValueError):
    """A game id that is not in the registry (or a game whose engine is not built yet)."""


def level_label(level: str, short: bool = False) -> str:
    """A seat's kind as the setup and the table name it ("Computer — Normal"); ``short``:
    the level alone ("Normal")."""
    if short:
        return {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}.get(level, level)
    return {"human": _("Human"), "easy": _("Computer — Easy"), "normal": _("Computer — Normal"),
            "hard": _("Computer — Hard")}.get(level, level)


class Option(NamedTuple):
    """One setting: ``choices`` are (value, label) pairs; a bool option has two.

    (The registry's records are named tuples, not dataclasses: a dataclass's methods are
    compiled from source as the class is made, about 1 ms of the start-up a class.)"""

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


def _no_progress(engine: Any) -> str:
    return ""


@keyword_only
class GameInfo(NamedTuple):
    """One game (every field given by name). ``rules``: the rules' half of the entry
    (``rules.games.GameRules``: id, engine, seats, the deal), read through ``id``, ``engine``,
    ``min_players``, ``max_players``, ``default_players``, ``solitaire``. ``table`` and
    ``guide`` are ``"module:attr"`` paths of the table scene's factory and the guided first
    game's ``GuideScript`` ("" when there is none). ``yaku``: the engine's yaku ids, in the
    game's order, each with its key in ``game.table.names.YAKU`` (one display name for a yaku
    several games share). ``progress(engine)`` says how far a game has gone, for the menu's
    Continue ("Round 3 of 12"). ``watch``: the computer levels of the table the menu's Watch
    opens, a seat each (() for a game with no computers), with ``watch_options`` over the
    defaults (a short match: the watcher sees one to its end)."""

    rules: GameRules
    title: str
    subtitle: str
    summary: str = ""
    options: tuple[Option, ...] = ()
    presets: dict[str, tuple[str, dict[str, Any]]] = {}  # (never changed: shared)
    table: str = ""
    guide: str = ""
    yaku: dict[str, str] = {}  # (never changed: shared)
    progress: Callable[[Any], str] = _no_progress
    watch: tuple[str, ...] = ()
    watch_options: dict[str, Any] = {}  # (never changed: shared)

    # The rules' half ----------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def engine(self) -> str:
        return self.rules.engine

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    @property
    def default_players(self) -> int:
        return self.rules.default_players

    @property
    def solitaire(self) -> bool:
        """One seat: no computer players, no result page of a round to show."""
        return self.rules.solitaire

    # Engine, table and guide --------------------------------------------------------------------
    def engine_class(self) -> Any:
        """The engine class, or None when the game has no engine yet."""
        return self.rules.engine_class()

    def new_engine(self, setup: "GameSetup") -> Any:
        """A new game for ``setup`` (its seed, seats and options)."""
        if self.engine_class() is None:
            raise UnknownGameError(f"{self.id}: no engine yet")
        return self.rules.new_game(setup.seed, setup.players, setup.options)

    def restore_engine(self, data: Any, step: Any = None) -> Any:
        """The engine's ``from_dict(data, step)``: a saved game replayed, each action through
        ``step`` when given (a RulesError when the data cannot be replayed)."""
        cls = self.engine_class()
        if cls is None:
            raise UnknownGameError(f"{self.id}: no engine yet")
        return cls.from_dict(data) if step is None else cls.from_dict(data, step)

    def guide_script(self) -> Any:
        """The guided first game's ``GuideScript``, or None when the game has none."""
        return load(self.guide) if self.guide else None

    def table_factory(self) -> Callable[..., Any] | None:
        """The table scene's factory (``factory(setup=..., session=...)``), or None when the
        game has no table yet."""
        return load(self.table) if self.table else None

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The computer levels its seats offer, weakest first: those ``ai.<id>`` registers
        (``ai.base.levels``, imported only now, so the menu stays fast); () when the game has
        no computer players."""
        from ai.base import levels
        try:
            return levels(self.id)
        except ValueError:  # no ai.<id> module, or one that registers no level
            return ()

    @property
    def default_level(self) -> str:
        """The level a new computer seat gets: Normal where it is offered (Hard thinks a
        second over every move: a player picks it), else the strongest; "human" when the
        game has no computer players.

        >>> info("koikoi").default_level, info("yatsuhashi").default_level
        ('normal', 'human')
        """
        levels = self.ai_levels
        if not levels:
            return "human"
        return "normal" if "normal" in levels else levels[-1]

    @property
    def available(self) -> bool:
        """Can it be played (does its table exist)?"""
        return self.table_factory() is not None

    # Options ------------------------------------------------------------------------------------
    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    def valid_option(self, key: str, value: Any) -> bool:
        """Is ``value`` one of option ``key``'s choices (of the same type: 1 is not True)?"""
        opt = self.option(key)
        return opt is not None and any(type(value) is type(v) and value == v
                                       for v, _label in opt.choices)

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


#: game id -> the function that makes its ``GameInfo`` from its ``GameRules`` (``_entry``).
_MAKERS: dict[str, Callable[[GameRules], GameInfo]] = {}


def _entry(game_id: str) -> Callable[[Callable[[GameRules], GameInfo]], Callable[[GameRules],
                                                                                 GameInfo]]:
    """Mark the decorated function as the maker of ``game_id``'s entry (its app half)."""
    def mark(make: Callable[[GameRules], GameInfo]) -> Callable[[GameRules], GameInfo]:
        _MAKERS[game_id] = make
        return make
    return mark


@_entry("koikoi")
def _koikoi(rules: GameRules) -> GameInfo:
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
        _toggle("rain_rule", _("Rain rule"), False,
                _("Holding the Rain Man cancels viewing yaku.")),
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
        rules=rules, title=_("Koi-Koi"),
        subtitle=_("Two players · make yaku, then stop or call koi-koi"),
        summary=_("Match cards of the same month to capture them. Make yaku (scoring sets), "
                  "then stop to score or call koi-koi to play on for more, at the risk of the "
                  "opponent scoring first."),
        options=options,
        presets={"seed": (_("Seed rules"), {}), "nintendo": (_("Nintendo"), nintendo)},
        table="game.games.koikoi.table:KoiKoiTable", guide="game.games.koikoi.guide:GUIDE",
        yaku={
            "goko": "five_brights", "shiko": "dry_four_brights",
            "ame_shiko": "rainy_four_brights", "sanko": "three_brights",
            "hanami": "flower_viewing", "tsukimi": "moon_viewing",
            "inoshikacho": "boar_deer_butterflies", "akatan": "poetry_ribbons",
            "aotan": "blue_ribbons", "akatan_aotan": "poetry_and_blue_ribbons",
            "tane": "animals", "tanzaku": "ribbons", "kasu": "chaff", "tsukifuda": "month_set",
            "teshi": "teshi", "kuttsuki": "kuttsuki",
        },
        progress=_koikoi_progress, watch=("hard", "normal"),
        watch_options={"match_end": "rounds3"},
    )


def _koikoi_progress(game: Any) -> str:
    rules = game.rules
    if rules.max_rounds:
        return _("Round {n} of {total}").format(n=game.round, total=rules.max_rounds)
    return _("Round {n} · first to {target}").format(n=game.round, target=rules.target_score)


@_entry("hanaawase")
def _hanaawase(rules: GameRules) -> GameInfo:
    options = (
        _toggle("steal_from_piles", _("Capture from other piles"), True,
                _("A match may be taken from another player's capture pile.")),
        _toggle("willow_rule", _("Willow rule"), False,
                _("The willow row voids all of its holder's dekiyaku.")),
        _toggle("rain_rule", _("Rain rule"), False,
                _("Holding the Rain Man voids drinking and viewing yaku.")),
    )
    return GameInfo(
        rules=rules, title=_("Hana-awase"),
        subtitle=_("Three players · twelve deals of card values and yaku"),
        summary=_("Capture cards by month; each deal scores card values minus 88 plus yaku "
                  "collected from the other players. Highest total after twelve deals wins."),
        options=options, presets={"seed": (_("Seed rules"), {})},
        table="game.games.hanaawase.table:HanaAwaseTable",
        guide="game.games.hanaawase.guide:GUIDE",
        yaku={
            "goko": "five_brights", "shiko": "four_brights", "shichitan": "seven_ribbons",
            "rokutan": "six_ribbons", "aotan": "blue_ribbons", "akatan": "poetry_ribbons",
            "nomi": "drinking", "omote_sugawara": "spring",
            "matsu_kiri_bozu": "pine_paulownia_moon", "inoshikacho": "boar_deer_butterflies",
            "tsukimi": "moon_viewing", "hanami": "flower_viewing", "kusa": "grass_ribbons",
            "fuji_shima": "wisteria_row", "yanagi_shima": "willow_row",
            "kiri_shima": "paulownia_row",
        },
        progress=_hanaawase_progress, watch=("hard", "normal", "easy"),
    )


def _hanaawase_progress(game: Any) -> str:
    if not any(game.scores):  # (nobody has scored: a "high 0" would say nothing)
        return _("Deal {n} of {total}").format(n=game.round, total=12)
    return _("Deal {n} of 12 · high {high}").format(n=game.round, high=max(game.scores))


@_entry("hearts600")
def _hearts600(rules: GameRules) -> GameInfo:
    options = (
        _toggle("show_settlement", _("Show settlement in cents"), True),
    )
    return GameInfo(
        rules=rules, title=_("600 Hearts"), subtitle=_("Two to four players · avoid points"),
        summary=_("A fishing game played in reverse: captured cards score against you, and "
                  "yaku you capture score against your opponents. The lowest score wins when "
                  "someone reaches 600."),
        options=options, presets={"seed": (_("Seed rules"), {})},
        table="game.games.hearts600.table:Hearts600Table",
        guide="game.games.hearts600.guide:GUIDE",
        yaku={
            "five_bright": "five_brights", "dry_four_bright": "dry_four_brights",
            "rainy_four_bright": "rainy_four_brights", "three_bright": "three_brights",
            "moon_viewing": "moon_viewing", "flower_viewing": "flower_viewing",
            "boar_deer_butterflies": "boar_deer_butterflies", "five_birds": "five_birds",
            "drunken_bird_watching": "drunken_bird_watching",
            "poetry_ribbons": "poetry_ribbons", "blue_ribbons": "blue_ribbons",
            "plain_ribbons": "plain_ribbons", "chaff": "chaff",
        },
        progress=_hearts600_progress, watch=("hard", "normal", "easy"),
    )


def _hearts600_progress(game: Any) -> str:
    if not max(game.scores):  # (nobody has points yet: what ends the game instead)
        return ngettext("Round {n} · {players} player · the game ends at 600",
                        "Round {n} · {players} players · the game ends at 600",
                        game.players).format(n=game.round, players=game.players)
    return ngettext("Round {n} · {players} player · high {high} of 600",
                    "Round {n} · {players} players · high {high} of 600",
                    game.players).format(n=game.round, players=game.players,
                                         high=max(game.scores))


@_entry("yatsuhashi")
def _yatsuhashi(rules: GameRules) -> GameInfo:
    options = (
        _toggle("solver_indicator", _("Winnable indicator"), True,
                _("Shows whether the deal can still be won.")),
        _toggle("winnable_only", _("Winnable deals only"), False,
                _("New deals are ones the solver has proved can be won.")),
        _toggle("auto_collect", _("Collect yaku automatically"), False,
                _("A yaku that can be taken only one way is collected as soon as it is free.")),
    )
    return GameInfo(
        rules=rules, title=_("Yatsuhashi Solitaire"),
        subtitle=_("Solitaire · collect all fourteen yaku"),
        summary=_("Build down by month on six foundations and collect the fourteen yaku. "
                  "The eight-plank bridge leaves once five other yaku are in."),
        options=options, presets={"seed": (_("Standard"), {})},
        table="game.games.yatsuhashi.table:YatsuhashiTable",
        guide="game.games.yatsuhashi.guide:GUIDE",
        yaku={
            "early_chaff": "early_chaff", "late_chaff": "late_chaff", "akatan": "poetry_ribbons",
            "aotan": "blue_ribbons", "kasutan": "grass_ribbons",
            "inoshikacho": "boar_deer_butterflies", "godori": "five_birds",
            "hanami_tsukimi_zake": "drinking", "ame_sanko": "rainy_three_brights",
            "kiri_kasu": "paulownia_chaff", "yanagi_kasu": "willow_trio",
            "yatsuhashi": "bridge",
        },
        progress=_yatsuhashi_progress,
    )


def _yatsuhashi_progress(game: Any) -> str:
    n = len(game.moves)
    return ngettext("Deal {deal} · {n} move", "Deal {deal} · {n} moves", n).format(
        deal=game.seed, n=n)


@_entry("heart_of_five")
def _heart_of_five(rules: GameRules) -> GameInfo:
    options = (
        Option("win_target", _("Match length"),
               ((5, _("First to 5 wins")), (10, _("First to 10 wins")),
                (20, _("First to 20 wins"))), 10),
    )
    return GameInfo(
        rules=rules, title=_("Heart of Five"),
        subtitle=_("Two to eight players · climbing game, western deck"),
        summary=_("Beat the last meld with a higher one of the same shape, or bomb it. "
                  "Be the first to shed your cards; the five of hearts is the top single."),
        options=options, presets={"seed": (_("Standard"), {})},
        table="game.games.heart_of_five.table:HeartOfFiveTable",
        guide="game.games.heart_of_five.guide:GUIDE",
        progress=_heart_of_five_progress, watch=("hard", "normal", "hard", "normal"),
        watch_options={"win_target": 5},
    )


def _heart_of_five_progress(game: Any) -> str:
    if not max(game.wins):  # (nobody has won a round yet: what wins the match instead)
        return ngettext("Round {n} · {players} player · first to {target} wins",
                        "Round {n} · {players} players · first to {target} wins",
                        game.players).format(n=game.round, players=game.players,
                                             target=game.rules.win_target)
    return ngettext("Round {n} · {players} player · most wins {w}",
                    "Round {n} · {players} players · most wins {w}",
                    game.players).format(n=game.round, players=game.players, w=max(game.wins))


def _build() -> dict[str, GameInfo]:
    """Each game of ``rules.games.GAMES``, in its order, with its app half (``_entry``)."""
    missing = [game_id for game_id in RULES if game_id not in _MAKERS]
    if missing:
        raise LookupError(f"no catalog entry (@_entry) for {', '.join(missing)}")
    return {game_id: _MAKERS[game_id](rules) for game_id, rules in RULES.items()}


#: The games by id, in the menu's order; their text in the language of the moment (built
#: again, in place, when the language changes).
GAMES: dict[str, GameInfo] = _build()


@on_change
def _relabel() -> None:
    GAMES.update(_build())


def info(game_id: str) -> GameInfo:
    """The registry entry of ``game_id``; UnknownGameError names an unknown id."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGameError(f"unknown game id {game_id!r} (known: {', '.join(GAMES)})") from None
