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
    round_result,
    yaku_label,
    yaku_tip,
    yaku_with_cards,
)
from game.games.hearts600.layout import Hearts600Layout
from game.table.fishing import FishingTable, PileYakuSteps
from game.table.panel import PanelLine, PanelPainter, more_label
from rules.hanafuda import Card
from rules.hearts600 import kept_points, yaku_progress

TARGET = 600


class Hearts600Table(FishingTable):
    """A game of 600 Hearts. ``engine=`` opens a game at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves first (screenshots, four seats)."""

    game_id = "hearts600"
    STEPS = PileYakuSteps  # (a banner when a capture makes a yaku)
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
            who=self.seating.name(seat), names=names, others=", ".join(
                self.seating.name(s) for s in range(self.players) if s != seat))

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        return round_result(self, result, scores, piles)

    def match_page(self, event: Any) -> Any:
        return game_result(self, self.game.result or {})

    def record_statistics(self) -> None:
        # A final score means something only beside the others': the best kept is a winning one.
        me = self.seats.index("human") if "human" in self.seats else 0
        self.steps.record_winners(self.game.winners, {"winning_score": self.game.scores[me]},
                            lower_is_better=("winning_score",))


    def panel_lines(self) -> list[PanelLine]:
        """What the panel says: the title and round, then each player in turn order from the
        one at the bottom: score with a bar toward 600, card points kept so far, the yaku made
        and those in reach, and whom they charge."""
        lines = [PanelLine(_("600 Hearts"), "heading", theme.GOLD, True)]
        if self.shown_round:
            lines.append(PanelLine(_("Round {n} · dealer: {who}").format(
                n=self.shown_round, who=self.seating.name(self.shown_dealer)), "small",
                theme.TEXT_DIM))
        piles = self.view.piles
        for k in range(self.players):
            seat = (self.viewer + k) % self.players
            active = self.as_shown.turn() == seat
            lines.append(PanelLine(self.seating.name(seat), "body",
                                   theme.GOLD if active else theme.CREAM, True,
                                   str(self.shown_scores[seat]), marker=active))
            lines.append(PanelLine("", "bar", theme.VERMILION, value=self.shown_scores[seat]))
            pile = piles[seat]
            lines.append(PanelLine(_("Card points kept: {n}").format(n=kept_points(pile)),
                                   "small", theme.TEXT))
            made = yaku_with_cards(pile)
            others = [c for s, p in enumerate(piles) if s != seat for c in p]
            reach = yaku_progress(pile, others)[:2]
            for name, points, _cards in made:
                lines.append(PanelLine(f"{yaku_label(name)}  {points}", "tiny", theme.GOLD,
                                       True, tip=yaku_tip(name), fold=True))
            for name, have, need, missing in reach:
                text = _("Heading for {yaku} {have}/{need}").format(
                    yaku=yaku_label(name), have=have, need=need)
                lines.append(PanelLine(text if missing else more_label(text, need - have),
                                       "tiny", theme.TEXT, spare=2, cards=missing,
                                       tip=yaku_tip(name)))
            if made or reach:  # whom they charge goes with the yaku in reach when none is made
                names = ", ".join(self.seating.name(s) for s in range(self.players) if s != seat)
                lines.append(PanelLine(_("Its yaku charge: {names}").format(names=names),
                                       "tiny", theme.TEXT_DIM, spare=1 if made else 2))
            lines.append(PanelLine("", "rule", theme.GOLD_DIM))
        return lines
