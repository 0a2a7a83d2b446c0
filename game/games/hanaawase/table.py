"""The Hana-awase table: three players (computers, friends at one screen, or computers only),
twelve deals, on the table kit.

The kit's fishing table (``game.table.fishing``) deals, plays, draws and captures, takes
cards from other players' piles (the seed's rule: a pile card you could take glows while you
hold its month) and sends the field's leftovers to the last captor; this module adds what is
Hana-awase's own: the teyaku shown at the deal, the dekiyaku banner, the deal result with its
zero-sum check, the final standings after twelve deals, and the panel: the deal (of 12), the
dealer, each total, each pile's card values and card count, its dekiyaku made and in reach.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game import theme
from game.i18n import _, ngettext
from game.games.hanaawase.dialogs import (
    HanaAwaseRulesScene,
    deal_result,
    dekiyaku_label,
    dekiyaku_tip,
    dekiyaku_with_cards,
    final_standings,
)
from game.table.fishing import MATCH_GLOW, PLAY, FishingTable, PileYakuSteps
from game.table.panel import PanelLine, PanelPainter, more_label
from game.table.places import FishingLayout
from rules.hanaawase import DEALS_PER_MATCH, card_value, yaku_progress
from rules.hanafuda import Card, Kind


class HanaAwaseLayout(FishingLayout):
    """The fishing table for three: the viewer at the bottom, the others along the top (in
    turn order, right to left), seven cards a hand.

    >>> lay = HanaAwaseLayout((1280, 800), players=3)
    >>> [p.side for p in lay.seats], lay.HAND_CARDS
    (['bottom', 'top', 'top'], 7)
    """

    HAND_CARDS = 7


class HanaAwaseTable(FishingTable):
    """A game of Hana-awase. ``engine=`` opens a game at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves first (screenshots)."""

    game_id = "hanaawase"
    STEPS = PileYakuSteps  # (a banner when a capture makes a yaku)
    RULES_PAGE = HanaAwaseRulesScene
    name = "hanaawase"
    LAYOUT = HanaAwaseLayout
    DEMO_SEATS = 3
    NAMES_OVER_SEATS = True
    PANEL = PanelPainter(rule=(3, 6))
    EVENT_STEPS: ClassVar[dict[str, str]] = {**FishingTable.EVENT_STEPS,
                                             "teyaku": "teyaku_step"}

    # Hana-awase's events -> animation steps --------------------------------------------------
    def teyaku_step(self, event: Any) -> None:
        """A dealt hand of 6 or 7 chaff: shown to everyone, and paid for at once."""
        amount = event.data["amount"]
        chaff = sum(1 for c in event.cards if c.kind is Kind.CHAFF)
        text = _("{who} holds {n} chaff: {amount} from each other player.").format(
            who=self.seating.name(event.seat), n=chaff, amount=amount)

        def pay() -> None:
            for s, p in enumerate(event.data["points"]):
                self.shown_scores[s] += p
        self.queue.add(self.steps.banner_step(_("Teyaku!"), text, list(event.cards), sound="yaku",
                                        duration=2.2))
        self.queue.call(pay)

    def pile_yaku(self, pile: list[Card]) -> list[tuple[str, int, list[Card]]]:
        return dekiyaku_with_cards(pile, self.rules)

    def yaku_banner_text(self, seat: int, new: list[tuple[str, int, list[Card]]]) -> str:
        names = ", ".join(f"{dekiyaku_label(n)} {v}" for n, v, _cs in new)
        return _("{who}: {names}, from each other player.").format(
            who=self.seating.name(seat), names=names)

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        return deal_result(self, result, scores, piles)

    def match_page(self, event: Any) -> Any:
        return final_standings(self, self.game.result or {})

    def record_statistics(self) -> None:
        me = self.seats.index("human") if "human" in self.seats else 0
        self.steps.record_winners(self.game.winners, {"winning_total": self.game.scores[me]})


    # Input: a pile card you could take glows while you hold its month ----------------------
    def update_highlights(self) -> None:
        super().update_highlights()
        g = self.game
        if not (self.human_to_move and g.phase == PLAY and self.choosing is None
                and self.input.steals()):
            return
        months = {a.card.month for a in g.legal_actions() if a.kind == PLAY}
        for s, pile in enumerate(self.view.piles):
            if s != self.viewer:
                for c in pile:
                    if c.month in months:
                        self.sprites[c].highlight = MATCH_GLOW

    # The panel ----------------------------------------------------------------------------------
    def panel_lines(self) -> list[PanelLine]:
        """The title, the deal (of 12) and its dealer, then each player in turn order from the
        one at the bottom: total, card values and cards captured this deal, teyaku, the
        dekiyaku made and those in reach."""
        lines = [PanelLine(_("Hana-awase"), "heading", theme.GOLD, True)]
        if self.shown_round:
            lines.append(PanelLine(_("Deal {n} of {total} · dealer: {who}").format(
                n=self.shown_round, total=DEALS_PER_MATCH,
                who=self.seating.name(self.shown_dealer)), "small", theme.TEXT_DIM))
        g = self.game
        teyaku = getattr(g, "deal_teyaku", ())
        for k in range(self.players):
            seat = (self.viewer + k) % self.players
            active = self.as_shown.turn() == seat
            lines.append(PanelLine(self.seating.name(seat), "body",
                                   theme.GOLD if active else theme.CREAM, True,
                                   str(self.shown_scores[seat]), marker=active))
            pile = self.view.piles[seat]
            value = sum(card_value(c) for c in pile)
            lines.append(PanelLine(ngettext("Card values {v} · {n} card",
                                             "Card values {v} · {n} cards", len(pile)).format(
                v=value, n=len(pile)), "small", theme.TEXT))
            if seat < len(teyaku) and teyaku[seat] and self.shown_round == g.round:
                lines.append(PanelLine(_("Teyaku: {v} from each").format(v=teyaku[seat]),
                                       "tiny", theme.TEXT_DIM, spare=1))
            for name, v, _cards in dekiyaku_with_cards(pile, self.rules):
                lines.append(PanelLine(f"{dekiyaku_label(name)}  {v}", "tiny", theme.GOLD,
                                       True, tip=dekiyaku_tip(name), fold=True))
            # The other piles' cards stay in reach where a match may be taken from them.
            blocked = [] if self.rules.steal_from_piles else [
                c for s, p in enumerate(self.view.piles) if s != seat for c in p]
            for name, have, need, missing in yaku_progress(pile, self.rules, blocked)[:2]:
                text = _("Heading for {yaku} {have}/{need}").format(
                    yaku=dekiyaku_label(name), have=have, need=need)
                lines.append(PanelLine(text if missing else more_label(text, need - have),
                                       "tiny", theme.TEXT, spare=2, cards=missing,
                                       tip=dekiyaku_tip(name)))
            lines.append(PanelLine("", "rule", theme.GOLD_DIM))
        return lines
