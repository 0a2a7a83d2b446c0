"""Yatsuhashi's rules reference: the rules in short and every yaku with its cards (the
board's yaku, whose tooltips say the same: ``yaku_tip``; a yaku's name and the cards its
empty slot shows: ``yaku_label``, ``ghost_cards``).

>>> t = yaku_tip("early_chaff"); t.title, [c.code for c in t.cards]
('Early chaff', ['1C1', '2C1', '3C1', '4C1', '5C1'])
>>> yaku_tip("akatan").note
'the three poetry ribbons'
"""

from __future__ import annotations

import functools

from game import theme
from game.i18n import N_, _
from game.table.dialogs import CardRow, RulesPage
from game.table.names import yaku_name
from game.widgets import Label, Tip, Widget
from rules.hanafuda import DECK, Card, Kind
from rules.yatsuhashi import CHAFF_MONTHS, YAKU_CARDS, YAKU_IDS


def yaku_label(yaku: str) -> str:
    """A board slot's yaku by name (``game.table.names``)."""
    return yaku_name("yatsuhashi", yaku)


@functools.lru_cache(maxsize=None)
def ghost_cards(yaku: str) -> tuple[Card, ...]:
    """What a board slot shows before its yaku is collected: the yaku's cards, or for the
    chaff yaku the first chaff of each of their months."""
    if yaku in CHAFF_MONTHS:
        return tuple(next(c for c in DECK if c.month == m and c.kind is Kind.CHAFF)
                     for m in CHAFF_MONTHS[yaku])
    return YAKU_CARDS[yaku]


RULES = N_(
    "Six foundations of six cards are dealt, the top card of each face up; the other twelve "
    "cards form the stock.\n\n"
    "Click the stock to turn one card onto the waste. When the stock is empty, click it to turn "
    "the waste over, as often as you like.\n\n"
    "Move the waste card, a foundation's top card, or a run of cards onto a foundation whose "
    "top card is one month later: February onto March, and December onto January. A run is a "
    "face-up group in which each card is one month earlier than the card beneath it; grab any "
    "card of a run to take it with the cards above it. An empty foundation takes any card or "
    "run. A face-down card turns up as soon as it is uncovered.\n\n"
    "Collect a yaku when all its cards are free at once: each is the waste card, or lies in a "
    "group at the top of a foundation made only of that yaku's cards. Collected cards go to "
    "the board.")
#: The yaku, each by its name (``game.table.names``) and its cards.
YAKU_CARDS_TEXT = {
    "early_chaff": N_("one chaff of each month 1-5; twice"),
    "late_chaff": N_("one chaff of each month 6-10; twice"),
    "akatan": N_("the three poetry ribbons"), "aotan": N_("the three blue ribbons"),
    "kasutan": N_("the ribbons of April, May and July"),
    "inoshikacho": N_("boar, deer and butterflies"), "godori": N_("the three birds"),
    "hanami_tsukimi_zake": N_("curtain, moon and sake cup"),
    "ame_sanko": N_("crane, rain man and phoenix"), "kiri_kasu": N_("the three paulownia chaff"),
    "yanagi_kasu": N_("the willow swallow, ribbon and chaff"),
    "yatsuhashi": N_("the eight-plank bridge alone, from a foundation's top, once five other "
                     "yaku are collected"),
}
RULES_END = N_(
    "The deal is won when all fourteen are collected. Not every deal can be won: the "
    "indicator says whether yours still can be.")


def yaku_tip(yaku: str) -> Tip:
    """A yaku's tooltip: its name and cards (a chaff yaku: one of each of its months)."""
    return Tip(yaku_label(yaku), ghost_cards(yaku), "", _(YAKU_CARDS_TEXT[yaku]))


class YatsuhashiRulesScene(RulesPage):
    """The rules in short, then every yaku with its cards."""

    name = "yatsuhashi-rules"
    TITLE = N_("Yatsuhashi Solitaire — yaku and rules")

    def rows(self) -> list[Widget]:
        rows: list[Widget] = [Label(p, role="small") for p in _(RULES).split("\n\n")
                              if p.strip()]
        rows.append(Label(_("The yaku"), role="heading", color=theme.GOLD))
        for yaku in YAKU_IDS:
            tip = yaku_tip(yaku)
            rows.append(CardRow(tip.title, list(tip.cards), "", tip.note, tip=tip))
        rows.append(Label(_(RULES_END), role="small"))
        return rows
