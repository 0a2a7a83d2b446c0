"""The 600 Hearts table: 2 to 4 players (computers, friends at one screen, or computers
only), on the table kit.

The kit's fishing table (``game.table.fishing``) deals, plays, draws and captures; this module
adds what is 600 Hearts' own: seats round the table in turn order, void deals, the round and
game results, and the panel with each score toward 600 (with a bar), the card points each pile
keeps so far, the yaku each pile has made or is heading for, and whom they charge.
"""

from __future__ import annotations

from typing import Any


from game import theme
from game.i18n import _
from game.games.hearts600.dialogs import (
    Hearts600RulesScene,
    game_result,
    kept_points,
    round_result,
    yaku_label,
    yaku_tip,
    yaku_with_cards,
)
from game.games.hearts600.layout import Hearts600Layout
from game.table.fishing import FishingTable, PileYakuBanner
from game.table.panel import PanelLine, PanelPainter, more_label
from rules.hanafuda import DECK, Card, Kind, card, cards_of
from rules.hearts600 import CHAFF_YAKU_COUNT, SET_YAKU

TARGET = 600
_BRIGHTS = [c for c in DECK if c.kind is Kind.BRIGHT]
#: Each set yaku's cards, by code (the panel asks ``heading_for`` for every seat).
_SET_CODES = [(name, tuple(c.code for c in cards_of(group))) for name, _points, group in SET_YAKU]


def heading_for(pile: list[Card], others: list[Card]
                ) -> list[tuple[str, int, int, tuple[Card, ...]]]:
    """The yaku ``pile`` is heading for and has not made: (id, cards held, cards needed, the
    cards that would make it: none for the chaff, any of which will do), the closest first;
    a yaku that cards in other piles (``others``) have put out of reach is left out.

    >>> from rules.hanafuda import cards, codes
    >>> [(n, h, k, codes(cs)) for n, h, k, cs in heading_for(cards("8B 1R 2R"), cards("3R"))]
    [('moon_viewing', 1, 2, '9A')]
    >>> [(n, codes(cs)) for n, _h, _k, cs in heading_for(cards("1B 3B"), cards("8B"))]
    [('three_bright', '12B'), ('flower_viewing', '9A')]
    """
    have = {c.code for c in pile}
    gone = {c.code for c in others}
    out: list[tuple[str, int, int, tuple[Card, ...]]] = []
    for name, codes in _SET_CODES:
        held = sum(c in have for c in codes)
        if 0 < held < len(codes) and not any(c in gone for c in codes):
            out.append((name, held, len(codes),
                        tuple(card(c) for c in codes if c not in have)))
    brights = sum(c.code in have for c in _BRIGHTS)
    free = tuple(c for c in _BRIGHTS if c.code not in have and c.code not in gone
                 and c.code != "11B")
    if 1 < brights < 3 and "11B" not in have and brights + len(free) >= 3:
        out.append(("three_bright", brights, 3, free))
    chaff = sum(1 for c in pile if c.kind is Kind.CHAFF)
    if 8 <= chaff < CHAFF_YAKU_COUNT:
        out.append(("chaff", chaff, CHAFF_YAKU_COUNT, ()))
    out.sort(key=lambda t: (t[2] - t[1], -t[1]))
    return out


class Hearts600Table(PileYakuBanner, FishingTable):
    """A game of 600 Hearts. ``engine=`` opens a game at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves first (screenshots, four seats)."""

    game_id = "hearts600"
    RULES_PAGE = Hearts600RulesScene
    name = "hearts600"
    LAYOUT = Hearts600Layout
    DEMO_SEATS = 4
    PANEL = PanelPainter(rule=(3, 6), bar_full=TARGET)
    NAMES_OVER_SEATS = True

    # 600 Hearts' events -> animation steps ---------------------------------------------------
    def pile_yaku(self, pile: list[Card]) -> list[tuple[str, int, list[Card]]]:
        return yaku_with_cards(pile)

    def yaku_banner_text(self, seat: int, new: list[tuple[str, int, list[Card]]]) -> str:
        names = ", ".join(f"{yaku_label(n)} {p}" for n, p, _cs in new)
        return _("{who}: {names}, charged to {others}.").format(
            who=self.seat_name(seat), names=names, others=", ".join(
                self.seat_name(s) for s in range(self.players) if s != seat))

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        return round_result(self, result, scores, piles)

    def match_page(self, event: Any) -> Any:
        return game_result(self, self.game.result or {})

    def record_statistics(self) -> None:
        # A final score means something only beside the others': the best kept is a winning one.
        me = self.seats.index("human") if "human" in self.seats else 0
        self.record_winners(self.game.winners, {"winning_score": self.game.scores[me]},
                            lower_is_better=("winning_score",))


    def panel_lines(self) -> list[PanelLine]:
        """What the panel says: the title and round, then each player in turn order from the
        one at the bottom: score with a bar toward 600, card points kept so far, the yaku made
        and those in reach, and whom they charge."""
        lines = [PanelLine(_("600 Hearts"), "heading", theme.GOLD, True)]
        if self.shown_round:
            lines.append(PanelLine(_("Round {n} · dealer: {who}").format(
                n=self.shown_round, who=self.seat_name(self.shown_dealer)), "small",
                theme.TEXT_DIM))
        g = self.game
        piles = self.view.piles
        for k in range(self.players):
            seat = (self.viewer + k) % self.players
            active = g.current_player == seat and not g.is_over
            lines.append(PanelLine(self.seat_name(seat), "body",
                                   theme.GOLD if active else theme.CREAM, True,
                                   str(self.shown_scores[seat]), marker=active))
            lines.append(PanelLine("", "bar", theme.VERMILION, value=self.shown_scores[seat]))
            pile = piles[seat]
            lines.append(PanelLine(_("Card points kept: {n}").format(n=kept_points(pile)),
                                   "small", theme.TEXT))
            made = yaku_with_cards(pile)
            others = [c for s, p in enumerate(piles) if s != seat for c in p]
            reach = heading_for(pile, others)[:2]
            for name, points, _cards in made:
                lines.append(PanelLine(f"{yaku_label(name)}  {points}", "tiny", theme.GOLD,
                                       True, tip=yaku_tip(name)))
            for name, have, need, missing in reach:
                text = _("Heading for {yaku} {have}/{need}").format(
                    yaku=yaku_label(name), have=have, need=need)
                lines.append(PanelLine(text if missing else more_label(text, need - have),
                                       "tiny", theme.TEXT, spare=2, cards=missing,
                                       tip=yaku_tip(name)))
            if made or reach:  # whom they charge goes with the yaku in reach when none is made
                names = ", ".join(self.seat_name(s) for s in range(self.players) if s != seat)
                lines.append(PanelLine(_("Its yaku charge: {names}").format(names=names),
                                       "tiny", theme.TEXT_DIM, spare=1 if made else 2))
            lines.append(PanelLine("", "rule", theme.GOLD_DIM))
        return lines
