"""Yatsuhashi's rules reference: the rules in short and every yaku with its cards (the
board's yaku, whose tooltips say the same: ``yaku_tip``).

>>> t = yaku_tip("early_chaff"); t.title, [c.code for c in t.cards]
('Early chaff', ['1C1', '2C1', '3C1', '4C1', '5C1'])
>>> yaku_tip("akatan").note
''
"""

from __future__ import annotations

from game import theme
from game.i18n import N_, _
from game.scenes.yatsuhashi_draw import ghost_cards, yaku_label
from game.table.dialogs import CardRow, RulesPage
from game.widgets import Label, Tip, Widget
from rules.yatsuhashi import YAKU_IDS

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
    "the board.\n\n"
    "The fourteen yaku: Early chaff (one chaff of each month 1-5, twice), Late chaff (one chaff "
    "of each month 6-10, twice), Aka-tan (the three poetry ribbons), Ao-tan (the three blue "
    "ribbons), Kasu-tan (the ribbons of April, May and July), Ino-shika-cho (boar, deer and "
    "butterflies), Godori (the three birds), Hanami-tsukimi-zake (curtain, moon and sake cup), "
    "Ame-sanko (crane, rain man and phoenix), Kiri-kasu (the three paulownia chaff), "
    "Yanagi-kasu (the willow swallow, ribbon and chaff) and Yatsuhashi: the eight-plank bridge "
    "alone, from a foundation's top, once five other yaku are collected.\n\n"
    "The deal is won when all fourteen are collected. Not every deal can be won: the "
    "indicator says whether yours still can be.")

#: What a yaku's row and tooltip say beside its cards.
NOTES = {"early_chaff": N_("one chaff of each month 1-5; collected twice"),
         "late_chaff": N_("one chaff of each month 6-10; collected twice"),
         "yatsuhashi": N_("alone, once five other yaku are in")}


def yaku_tip(yaku: str) -> Tip:
    """A yaku's tooltip: its name and cards (a chaff yaku: one of each of its months)."""
    note = NOTES.get(yaku)
    return Tip(yaku_label(yaku), ghost_cards(yaku), "", _(note) if note else "")


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
        return rows
