"""The display names of cards, months and yaku (``game.table.names``): every one translated in
each language, one name for the same yaku in every game that has it, and the screens that show
them (the rules references, Yatsuhashi's board) using them."""

from __future__ import annotations

import itertools

import pytest

import main
from game import fonts, i18n
from game.app import App
from game.catalog import GAMES
from game.games.hanaawase import dialogs as hanaawase_dialogs
from game.games.hearts600 import dialogs as hearts600_dialogs
from game.games.koikoi import dialogs as koikoi_dialogs
from game.games.yatsuhashi import draw as yatsuhashi_draw
from game.settings import Settings
from game.table import names
from rules import hanaawase, hanafuda, hearts600, koikoi, yatsuhashi
from rules.hanafuda import DECK, card, cards_of
from tests.helpers import texts
from tests.test_languages import FOREIGN, english_names_in

#: Every yaku id of each game, as its engine names them (Koi-Koi's instant wins too): each
#: engine's own list, to check the catalog's ``GameInfo.yaku`` against.
GAME_IDS = {
    "koikoi": [*koikoi.YAKU_NAMES, "teshi", "kuttsuki"],
    "hanaawase": list(hanaawase.DEKIYAKU_VALUES),
    "hearts600": list(hearts600.YAKU_POINTS),
    "yatsuhashi": list(yatsuhashi.YAKU_IDS),
}

#: Yaku that are the same yaku by rule, not by a fixed set of cards (docs/rules.md).
SAME_BY_RULE = [
    [("koikoi", "goko"), ("hanaawase", "goko"), ("hearts600", "five_bright")],
    [("koikoi", "shiko"), ("hearts600", "dry_four_bright")],
    [("koikoi", "ame_shiko"), ("hearts600", "rainy_four_bright")],
    [("koikoi", "sanko"), ("hearts600", "three_bright")],
    [("koikoi", "kasu"), ("hearts600", "chaff")],
]


def _card_sets() -> dict[tuple[str, str], frozenset[str]]:
    """The yaku made of a fixed set of cards, in every game: (game, id) -> the card codes."""
    found = {("koikoi", y): frozenset(codes) for y, codes in koikoi.YAKU_CARDS.items()
             if codes and y not in ("goko", "shiko", "ame_shiko", "sanko")}  # (by rule)
    found.update((("hearts600", y), frozenset(c.code for c in cards_of(mask)))
                 for y, _points, mask in hearts600.SET_YAKU)
    found.update((("hanaawase", y), frozenset(c.code for c in cards_of(mask)))
                 for y, mask in hanaawase.SET_DEKIYAKU.items())
    found.update((("yatsuhashi", y), frozenset(c.code for c in group))
                 for y, group in yatsuhashi.YAKU_CARDS.items())
    return found


@pytest.fixture
def language():
    """Switch to a language for the test; English again after it."""
    yield i18n.set_language
    i18n.set_language("en")


def _english() -> dict[str, list[str]]:
    i18n.set_language("en")
    return {
        "cards": [names.card_name(c) for c in DECK],
        "months": [names.month_name(m) for m in range(1, 13)],
        "plants": [names.plant_name(m) for m in range(1, 13)],
        "yaku": [names.yaku_name(g, y) for g, ids in GAME_IDS.items() for y in ids],
    }


def test_the_display_names_are_the_rules_names():
    for c in DECK:
        shown = names.card_name(c)
        if c.kind is hanafuda.Kind.CHAFF and c.code != "11C1":
            assert shown == f"{c.plant} (chaff)"
        else:
            assert shown == c.name == names.CARD_NAMES[c.code]
    assert [names.month_name(m) for m in range(1, 13)] == list(hanafuda.MONTH_NAMES)
    assert [names.plant_name(m) for m in range(1, 13)] == [
        p for p, _r, _k in hanafuda.PLANTS.values()]
    assert {g.id for g in GAMES.values() if g.yaku} == set(GAME_IDS)  # every game's yaku
    for game, ids in GAME_IDS.items():
        assert set(GAMES[game].yaku) == set(ids), game  # no yaku left out, none extra
    assert set(itertools.chain(*(g.yaku.values() for g in GAMES.values()))) == \
        set(names.YAKU)  # every name is some game's


@pytest.mark.parametrize("code", FOREIGN)
def test_every_card_month_and_yaku_name_is_translated(code, language):
    english = _english()
    language(code)
    shown = {
        "cards": [names.card_name(c) for c in DECK],
        "months": [names.month_name(m) for m in range(1, 13)],
        "plants": [names.plant_name(m) for m in range(1, 13)],
        "yaku": [names.yaku_name(g, y) for g, ids in GAME_IDS.items() for y in ids],
    }
    for what, words in shown.items():
        untranslated = [e for e, w in zip(english[what], words) if e == w]
        assert not untranslated, f"{code} {what}: {untranslated}"
        assert not english_names_in(words), (code, what)
    assert len(set(shown["months"])) == 12 and len(set(shown["plants"])) == 12
    assert len(set(shown["cards"])) == 25 + 11  # the named cards, then the chaff by plant


@pytest.mark.parametrize("code", ["en", *FOREIGN])
def test_the_same_yaku_has_the_same_name_in_every_game(code, language):
    language(code)
    groups: dict[frozenset[str], list[tuple[str, str]]] = {}
    for where, codes in _card_sets().items():
        groups.setdefault(codes, []).append(where)
    shared = [g for g in groups.values() if len({game for game, _y in g}) > 1]
    assert len(shared) >= 6  # the ribbons, boar-deer-butterflies, the viewings, drinking...
    for group in shared + SAME_BY_RULE:
        shown = {names.yaku_name(game, y) for game, y in group}
        assert len(shown) == 1, (code, group, shown)
    for game, ids in GAME_IDS.items():  # and two yaku of one game never share a name
        assert len({names.yaku_name(game, y) for y in ids}) == len(ids), (code, game)


@pytest.mark.parametrize("code", FOREIGN)
def test_every_game_names_its_yaku_through_the_one_place(code, language):
    language(code)
    labels = {"koikoi": koikoi_dialogs.yaku_label, "hearts600": hearts600_dialogs.yaku_label,
              "hanaawase": hanaawase_dialogs.dekiyaku_label,
              "yatsuhashi": yatsuhashi_draw.yaku_label}
    for game, label in labels.items():
        for y in GAME_IDS[game]:
            assert label(y) == names.yaku_name(game, y) != names.yaku_msgid(game, y)


@pytest.mark.parametrize("code", FOREIGN)
def test_the_rules_references_name_cards_and_yaku_in_the_language(app, code, language):
    language(code)
    pages = [koikoi_dialogs.KoiKoiRulesScene(koikoi.KoiKoiRules()),
             hearts600_dialogs.Hearts600RulesScene(hearts600.Hearts600Rules()),
             hanaawase_dialogs.HanaAwaseRulesScene(hanaawase.HanaAwaseRules())]
    for page in pages:
        app.push(page)
        app.frame(1 / 60)
        shown = texts(page)
        assert not english_names_in(shown), (type(page).__name__, english_names_in(shown))
        app.stack.pop()
    for y in ("akatan", "inoshikacho", "hanami"):  # Koi-Koi's and Hana-awase's alike
        assert names.yaku_name("koikoi", y) == names.yaku_name("hanaawase", y)


class _Shown:
    """Every text ``game.fonts.text_image`` is asked to draw (as tests/test_languages.py)."""

    def __init__(self, cache) -> None:
        self.cache, self.texts = cache, set()

    def get(self, key, make):
        self.texts.add(key[1])
        return self.cache.get(key, make)


@pytest.mark.parametrize("code", FOREIGN)
def test_yatsuhashi_board_and_rules_use_the_shared_names(code, monkeypatch):
    shown = _Shown(fonts._texts)
    monkeypatch.setattr(fonts, "_texts", shown)
    app = App((1280, 800), headless=True, settings=Settings(language=code), strict=True)
    try:
        table = main.build_scene("yatsuhashi", 7)
        app.start(table)
        app.settle(max_seconds=3.0)
        def drawn(name: str) -> bool:  # on one line, or on two
            return name in shown.texts or any(
                name[:k].rstrip() in shown.texts and name[k:] in shown.texts
                for k in range(1, len(name)))
        for y in yatsuhashi.YAKU_IDS:  # each slot labelled, by the name every game uses
            assert drawn(names.yaku_name("yatsuhashi", y)), y
        assert drawn(names.yaku_name("hanaawase", "akatan"))
        assert drawn(names.yaku_name("hearts600", "five_birds"))
        assert not english_names_in(shown.texts)
        rows = table.rules_scene().rows()  # the rules page: the yaku with their cards
        titles = [getattr(r, "title", "") for r in rows]
        assert all(names.yaku_name("yatsuhashi", y) in titles for y in yatsuhashi.YAKU_IDS)
        texts = [getattr(r, a, "") for r in rows for a in ("text", "title", "subtitle")]
        assert not english_names_in([t for text in texts for t in text.split("\n")])
    finally:
        app.close_scenes()
        i18n.set_language("en")


@pytest.mark.parametrize("code", FOREIGN)
def test_the_gallery_names_the_card_and_month_once(code, language):
    from game.scenes.gallery import Item, describe, month_heading
    language(code)
    for month in range(1, 13):
        head, plant = month_heading(month)
        assert plant not in head  # (it said "1 松 / 松" in Japanese)
    crane = Item("hanafuda", hanafuda.card("1B"), (0, 0), None)  # type: ignore[arg-type]
    title, details = describe(crane)
    assert title == names.card_name(hanafuda.card("1B")) and names.month_name(1) in details
    assert not english_names_in([title, details])


@pytest.mark.parametrize("code", ["en", *FOREIGN])
def test_long_names_fit_their_boxes_readably(app, code, language):
    """Every yaku name fits a Yatsuhashi board slot and the title column of a result page's
    row at 1280x800, on at most two lines, at a readable size (Russian names are long)."""
    from game.fonts import font
    from game.games.yatsuhashi.layout import SLOT_YAKU, TableLayout
    from game.table.dialogs import CardRow, ResultPage
    from game.text import fit_lines, line_step
    from game.theme import Metrics
    language(code)
    lay, m = TableLayout((1280, 800)), Metrics((1280, 800))
    boxes = [(names.yaku_name("yatsuhashi", y), lay.slot_label_rect(i).width - m.px(4),
              lay.slot_label_rect(i).height, m.type_size("tiny"))
             for i, y in enumerate(SLOT_YAKU)]
    page = ResultPage("", [CardRow("", hanafuda.cards("1B 3B 8B"), "+60 × 2", "sub")],
                      [("OK", None)])  # the narrower page (a rules page is wider)
    app.push(page)
    row = page.rows[0].rect  # (CardRow.draw's title column)
    boxes += [(names.yaku_name(g, y), int(row.width * 0.36) - m.px(16), row.height - m.px(18),
               m.type_size("body")) for g, ids in GAME_IDS.items() for y in ids]
    for text, width, height, start in boxes:
        size, lines = fit_lines(text, width, height, start)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert size >= start * 0.7, (text, size)
        assert all(font(size, True).size(line)[0] <= width for line in lines), text
        assert len(lines) == 1 or 2 * line_step(size) <= height, text


@pytest.mark.parametrize("code, bright", [("ja", "光"), ("ru", "Я"), ("en", "B")])
def test_card_badges_name_the_kind_in_the_players_language(code, bright, language):
    """The art's badge says "8B" in English; a Japanese player reads 光 (issue 38), and a
    badge face drawn in one language is not shown in another."""
    import pygame
    from game import fonts  # noqa: F401  (hands the program's words to the art)
    from sprites import faces
    pygame.font.init()
    moon = card("8B")
    language("en")
    english = pygame.image.tobytes(faces.hanafuda_face(moon, 110, badge=True), "RGBA")
    language(code)
    assert faces._badge_letter(moon.kind) == bright
    shown = pygame.image.tobytes(faces.hanafuda_face(moon, 110, badge=True), "RGBA")
    assert (shown == english) == (code == "en")
