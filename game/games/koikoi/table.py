"""The Koi-Koi table: a match against the computer (or a friend), on the table kit.

The kit's fishing table (``game.table.fishing``) deals, plays, draws and captures; this module
adds what is Koi-Koi's own: the hand swap, void deals and instant wins, the yaku banners,
koi-koi or stop, the round and match results, and the panel with the scores, the koi-koi
calls and each player's yaku and progress towards more.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar


from game import theme
from game.i18n import N_, _, ngettext
from game.games.koikoi.dialogs import (
    KoiKoiRulesScene,
    decision_panel,
    match_result,
    round_result,
    swap_panel,
    yaku_label,
    yaku_tip,
)
from game.games.koikoi.layout import TableLayout
from game.table.fishing import FishingTable
from game.table.names import plant_name
from game.table.panel import PanelLine, PanelPainter, more_label
from rules.hanafuda import Card
from rules.koikoi import (
    PHASE_DECIDE,
    PHASE_SWAP,
    YakuProgress,
    round_multipliers,
    yaku,
    yaku_cards,
    yaku_progress,
)

log = logging.getLogger(__name__)


def progress_label(progress: YakuProgress) -> str:
    """A panel line for progress toward a yaku: its name (a month set's plant) and the count.

    >>> from rules.hanafuda import cards
    >>> progress_label(YakuProgress("sanko", 2, 3, tuple(cards("8B 12B"))))
    'Three brights  2/3'
    >>> progress_label(YakuProgress("tsukifuda", 2, 4, tuple(cards("1C1 1C2"))))
    'Month set: Pine  2/4'
    """
    name = yaku_label(progress.yaku)
    if progress.yaku == "tsukifuda" and progress.missing:
        name = _("{yaku}: {plant}").format(yaku=name,
                                           plant=plant_name(progress.missing[0].month))
    return f"{name}  {progress.have}/{progress.need}"


class KoiKoiTable(FishingTable):
    """A Koi-Koi match. ``engine=`` opens a match at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves first (screenshots)."""

    game_id = "koikoi"
    RULES_PAGE = KoiKoiRulesScene
    name = "koikoi"
    LAYOUT = TableLayout
    OVER = N_("The match is over.")
    PANEL = PanelPainter(rule=(4, 10))
    EVENT_STEPS: ClassVar[dict[str, str]] = {
                   **FishingTable.EVENT_STEPS,
                   "hands_swapped": "swap_step", "hands_kept": "swap_step",
                   "instant_win": "instant_win_step", "draw_for_first": "draw_for_first_step",
                   "yaku": "yaku_step", "koikoi": "koikoi_step", "stop": "stop_step"}

    # Set-up -------------------------------------------------------------------------------------
    def reset_panel(self) -> None:
        super().reset_panel()
        self.shown_calls = [0, 0]
        self.shown_field_brights = 0

    def play_demo(self, moves: int) -> None:
        """Screenshots: a match in progress, played by Normal (koi-koi called, hands kept)."""
        for _i in range(moves):
            if not self._demo_move():
                break

    def _demo_move(self) -> bool:
        from ai.base import make_agent
        g = self.game
        if g.is_over:
            return False
        seat = g.current_player
        if g.phase == PHASE_DECIDE:
            action: Any = "koikoi"  # keep the demo round going
        elif g.phase == PHASE_SWAP:
            action = "keep"
        else:
            action = make_agent("koikoi", "normal", seed=seat).choose(g.observation(seat))
        self.apply_action(action)
        return True

    # Koi-Koi's events -> animation steps -----------------------------------------------------
    def sync_panel(self) -> None:
        super().sync_panel()
        g = self.game
        self.shown_calls = list(g.koikoi_calls)
        self.shown_field_brights = g.field_brights

    def swap_step(self, e: Any) -> None:
        swapped = e.kind == "hands_swapped"

        def move() -> Any:
            if not swapped:
                return 0.0
            self.view.hands.reverse()
            self.play("slide")
            return self.retarget(self.queue.duration(0.45))
        self.queue.add(move)
        text = (self.seating.phrase(e.seat, _("You swapped hands with the dealer."),
                            _("{who} swapped hands with the dealer.")) if swapped else
                self.seating.phrase(e.seat, _("You keep the dealt hand."),
                            _("{who} keeps the dealt hand.")))
        # (the log has the sentence alone: it says what the banner's title says)
        self.queue.add(self.steps.banner_step(_("Hands swapped") if swapped else _("Hands kept"),
                                              text, [], duration=0.9, log=text))

    def instant_win_step(self, e: Any) -> None:
        how = _("four of a month") if e.data["how"] == "teshi" else _("four pairs")
        text = self.seating.phrase(e.seat, _("You were dealt {how}."), _("{who} was dealt {how}."),
                           how=how)
        self.queue.add(self.steps.banner_step(_("Instant win!"), text, list(e.cards), sound="yaku"))

    def draw_for_first_step(self, e: Any) -> None:
        text = self.seating.phrase(e.seat, _("You play first."), _("{who} plays first."))
        self.queue.add(self.steps.banner_step(_("Draw for first"), text, list(e.cards)))

    def yaku_step(self, e: Any) -> None:
        names = ", ".join(yaku_label(y) for y in e.data["yaku"])
        total = e.data["total"]
        text = ngettext("{who}: {names} — {n} point", "{who}: {names} — {n} points",
                        total).format(who=self.seating.name(e.seat), names=names, n=total)
        # The cards are read when the banner shows: the captures before it are animated.
        self.queue.add(self.steps.banner_step(_("Yaku!"), text,
                                        lambda: self.yaku_cards_of(e.seat, e.data["yaku"]),
                                        sound="yaku"))

    def koikoi_step(self, e: Any) -> None:
        self.queue.add(self.steps.banner_step(_("Koi-koi!"), self.seating.phrase(
            e.seat, _("You play on."), _("{who} plays on.")), [], sound="koikoi"))
        self.queue.call(self.sync_panel)

    def stop_step(self, e: Any) -> None:
        self.queue.add(self.steps.banner_step(_("Stop!"), self.seating.phrase(
            e.seat, _("You end the round."), _("{who} ends the round.")), [], duration=0.9))

    def round_ended(self, result: dict[str, Any]) -> None:
        self.shown_calls = [0, 0]
        winner = result["winner"]
        if winner is not None:
            won = self.seating.is_human(winner) or "human" not in self.seats
            self.play("win" if won else "lose")

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        return round_result(self, result, scores, piles)

    def match_page(self, event: Any) -> Any:
        return match_result(self, self.game.result or {}, event.seat)

    def yaku_cards_of(self, seat: int, made: dict[str, int]) -> list[Card]:
        """The cards of the shown pile that make the yaku in ``made``."""
        chosen: list[Card] = []
        for y in made:
            chosen.extend(c for c in yaku_cards(y, self.view.piles[seat], self.rules)
                          if c not in chosen)
        return chosen

    # Decisions ----------------------------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        g = self.game
        if g.phase == PHASE_DECIDE:
            self.waiting_for = decision_panel(self, seat)
        elif g.phase == PHASE_SWAP:
            self.waiting_for = swap_panel(self)
        else:
            return
        if self.app is not None:
            self.app.push(self.waiting_for)

    def decide(self, action: str) -> None:
        """Called by the koi-koi/stop and swap choices."""
        self.waiting_for = None
        self.apply_action(action, human=True)

    def record_statistics(self) -> None:
        if self.seats.count("human") != 1:
            return  # computers against each other, or friends: not the player's record
        me = self.seats.index("human")
        w = self.game.winner
        outcome = "draw" if w is None else ("win" if w == me else "loss")
        self.record_result(outcome, level=self.seats[1 - me],
                           results={"points": self.game.scores[me]})


    # Drawing ------------------------------------------------------------------------------------
    def panel_figures(self) -> tuple:
        return (tuple(self.shown_calls), self.shown_field_brights)

    def progress_lines(self, seat: int) -> list[PanelLine]:
        """The yaku ``seat``'s pile is on its way to, each with the cards it still lacks (a
        count yaku: how many more). Only the piles are read, which every seat sees; a yaku
        a card of which another pile holds is out of reach, and not shown."""
        blocked = [c for s, p in enumerate(self.view.piles) if s != seat for c in p]
        lines = []
        for progress in yaku_progress(self.view.piles[seat], self.rules, blocked=blocked):
            month = progress.missing[0].month if progress.yaku == "tsukifuda" else 0
            tip = yaku_tip(progress.yaku, self.rules, month)
            text = progress_label(progress)
            # (Spare: a panel too short for them lets them go, the cards' first.)
            if progress.missing:
                lines.append(PanelLine(text, "tiny", theme.TEXT, cards=progress.missing,
                                       tip=tip, spare=2))
            else:
                lines.append(PanelLine(more_label(text, progress.need - progress.have), "tiny",
                                       theme.TEXT, tip=tip, spare=1))
        return lines

    def panel_lines(self) -> list[PanelLine]:
        """What the panel says, line by line: the title, the round, then each player (the
        opponent first, as at the table) with score, dealer, koi-koi calls, yaku and
        progress."""
        lines = [PanelLine(_("Koi-Koi"), "heading", theme.GOLD, True)]
        if self.shown_round:  # nothing about the round before it is dealt
            if self.rules.max_rounds:
                text = _("Round {n} of {total}").format(n=self.shown_round,
                                                        total=self.rules.max_rounds)
            else:
                text = _("Round {n} · first to {target}").format(n=self.shown_round,
                                                                 target=self.rules.target_score)
            lines.append(PanelLine(text, "small", theme.TEXT_DIM))
        for seat in (1 - self.viewer, self.viewer):
            active = self.as_shown.turn() == seat
            lines.append(PanelLine(self.seating.name(seat), "body", theme.GOLD if active
                                   else theme.CREAM, True, str(self.shown_scores[seat]),
                                   marker=active))
            if self.shown_dealer == seat and self.shown_round:
                lines.append(PanelLine(_("Dealer (親)"), "small", theme.TEXT_DIM))
            calls = self.shown_calls[seat]
            if calls:
                text = (_("Called koi-koi once") if calls == 1 else _("Called koi-koi twice")
                        if calls == 2 else _("Called koi-koi {n} times").format(n=calls))
                lines.append(PanelLine(text, "small", theme.VERMILION))
            pile = self.view.piles[seat]
            made = yaku(pile, self.rules)
            mult = round_multipliers(self.rules, self.shown_field_brights, calls,
                                     self.shown_calls[1 - seat], base=0)[1]
            if mult > 1 and self.shown_round and (made or calls):  # only a seat that could stop
                lines.append(PanelLine(_("Stopping now scores ×{n}").format(n=mult), "small",
                                       theme.TEXT_DIM))
            for yid, pts in made.items():
                lines.append(PanelLine(f"{yaku_label(yid)}  {pts}", "tiny", theme.GOLD, True,
                                       tip=yaku_tip(yid, self.rules), fold=True))
            lines.extend(self.progress_lines(seat))
            lines.append(PanelLine("", "rule", theme.GOLD_DIM))
        if self.shown_field_brights and self.rules.field_bright_multiplier:
            lines.append(PanelLine(_("Brights on the dealt field: ×{n}").format(
                n=1 + self.shown_field_brights), "small", theme.GOLD))
        return lines

