"""The 600 Hearts table: 2 to 4 players (computers, friends at one screen, or computers
only), on the table kit.

The kit's fishing table (``game.table.fishing``) deals, plays, draws and captures; this module
adds what is 600 Hearts' own: seats round the table in turn order, void deals, the round and
game results, and the panel with each score toward 600 (with a bar), the card points each pile
keeps so far, the yaku each pile has made or is heading for, and whom they charge.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.fonts import font
from game.i18n import _
from game.scenes.hearts600_dialogs import (
    Hearts600RulesScene,
    game_result,
    kept_points,
    round_result,
    yaku_label,
    yaku_with_cards,
)
from game.scenes.hearts600_layout import Hearts600Layout
from game.table.fishing import FishingTable
from game.table.panel import PanelLine, PanelPainter
from game.text import fit_font_size
from rules.engine import Event
from rules.hanafuda import DECK, Card, Kind
from rules.hearts600 import CHAFF_YAKU_COUNT, SET_YAKU, Hearts600Game

if TYPE_CHECKING:  # pragma: no cover
    from game.session import Session

TARGET = 600
_BRIGHTS = [c for c in DECK if c.kind is Kind.BRIGHT]
PANEL = PanelPainter(rule=(3, 6), bar_full=TARGET)


def heading_for(pile: list[Card], others: list[Card]) -> list[tuple[str, int, int]]:
    """The yaku ``pile`` is heading for and has not made: (id, cards held, cards needed), the
    closest first; a yaku a card of which is in another pile (``others``) is out of reach.

    >>> from rules.hanafuda import cards
    >>> heading_for(cards("8B 1R 2R"), cards("3R"))
    [('moon_viewing', 1, 2)]
    """
    have = {c.code for c in pile}
    gone = {c.code for c in others}
    out: list[tuple[str, int, int]] = []
    for name, _points, group in SET_YAKU:
        codes = [c.code for c in DECK if group & c.bit]
        held = sum(c in have for c in codes)
        if 0 < held < len(codes) and not any(c in gone for c in codes):
            out.append((name, held, len(codes)))
    brights = sum(c.code in have for c in _BRIGHTS)
    if 1 < brights < 3 and "11B" not in have:
        out.append(("three_bright", brights, 3))
    chaff = sum(1 for c in pile if c.kind is Kind.CHAFF)
    if 8 <= chaff < CHAFF_YAKU_COUNT:
        out.append(("chaff", chaff, CHAFF_YAKU_COUNT))
    out.sort(key=lambda t: (t[2] - t[1], -t[1]))
    return out


class Hearts600Table(FishingTable):
    """A game of 600 Hearts. ``engine=`` opens a game at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves first (screenshots)."""

    game_id = "hearts600"
    name = "hearts600"
    def __init__(self, setup: Any = None, *, engine: Hearts600Game | None = None,
                 session: Session | None = None, demo_moves: int = 0) -> None:
        from game.scenes.setup import default_setup
        if session is not None:  # Continue: the saved game at its position
            setup, engine = session.setup, session.engine()
        if setup is None:
            setup = default_setup("hearts600", engine.seed if engine is not None else 1)
            if engine is not None:
                setup.seats = (list(setup.seats) + ["human"] * 4)[:engine.players]
        if demo_moves and len(setup.seats) < 4:  # screenshots show a table of four
            setup.seats = (list(setup.seats) + [setup.seats[-1]] * 4)[:4]
        super().__init__(setup)
        self.layout_ = Hearts600Layout((1280, 800), players=len(self.seats))
        self.saves = not demo_moves  # a demo position is never saved over the player's game
        self.new_game(engine)
        if session is not None:
            self.session = session
        if engine is not None and engine.is_over:  # saved before the result was shown
            self.match_over_step(Event("match_over", engine.winner))
        if demo_moves:
            self._demo(demo_moves)

    # Seats ------------------------------------------------------------------------------------
    def computer_number(self, seat: int) -> int:
        """1, 2, 3 for the computer seats in seat order (0 when ``seat`` is human)."""
        if self.is_human(seat):
            return 0
        return sum(1 for s in range(seat + 1) if not self.is_human(s))

    def seat_name(self, seat: int | None) -> str:
        """The kit's names, with several computers told apart: "Computer 2 (Normal)"."""
        if seat is None or self.is_human(seat) or self.seats.count("human") > len(self.seats) - 2:
            return super().seat_name(seat)
        level = self.seats[seat]
        level = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}.get(level, level)
        return _("Computer {n} ({level})").format(n=self.computer_number(seat), level=level)

    def short_name(self, seat: int) -> str:
        """The name over a seat's cards: "Computer 2", "Player 3" or "You"."""
        if self.is_human(seat) or self.seats.count("human") > len(self.seats) - 2:
            return super().seat_name(seat)
        return _("Computer {n}").format(n=self.computer_number(seat))

    # Set-up -------------------------------------------------------------------------------------
    def _demo(self, moves: int) -> None:
        """Screenshots: ``moves`` seeded moves, then on to the viewer's turn to play."""
        rng = random.Random(self.setup.seed)
        g = self.game
        done = 0
        while not g.is_over and (done < moves or g.current_player != self.viewer
                                 or g.phase != "play"):
            self.apply_action(rng.choice(g.legal_actions()))
            done += 1
            if done > 200:
                break

    def arrange(self, size: tuple[int, int]) -> None:
        self.layout_ = Hearts600Layout(size, players=self.players)
        self.snap()

    # 600 Hearts' events -> animation steps ---------------------------------------------------
    def captured_step(self, event: Any) -> None:
        """The kit's capture, then a banner when it completes a yaku: whom it charges."""
        seat = event.seat
        before: set[str] = set()

        def remember() -> None:
            before.update(name for name, _p, _c in yaku_with_cards(self.view.piles[seat]))

        def announce() -> float:
            new = [(n, p, cs) for n, p, cs in yaku_with_cards(self.view.piles[seat])
                   if n not in before]
            if not new:
                return 0.0
            names = ", ".join(f"{yaku_label(n)} {p}" for n, p, _cs in new)
            text = _("{who}: {names}, charged to {others}.").format(
                who=self.seat_name(seat), names=names, others=", ".join(
                    self.seat_name(s) for s in range(self.players) if s != seat))
            shown = list(dict.fromkeys(c for _n, _p, cs in new for c in cs))
            self.banner = (_("Yaku!"), text, shown)
            self.log.add(f"{_('Yaku!')} {text}")
            self.play("yaku")
            return self.queue.duration(1.5)

        def hide() -> None:
            self.banner = None
        self.queue.call(remember)
        super().captured_step(event)
        self.queue.add(announce)
        self.queue.call(hide)

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        return round_result(self, result, scores, piles)

    def match_ended(self, event: Any) -> None:
        self.shown_scores = list(self.game.scores)
        winners = self.game.winners
        humans = [s for s in range(self.players) if self.is_human(s)]
        self.play("win" if not humans or any(s in winners for s in humans) else "lose")

    def match_page(self, event: Any) -> Any:
        return game_result(self, self.game.result or {})

    def record_statistics(self) -> None:
        if self.seats.count("human") != 1:
            return  # computers against each other, or friends: not the player's record
        me = self.seats.index("human")
        levels = {s for s in self.seats if s != "human"}
        won = me in self.game.winners
        # A final score means something only beside the others': the best kept is a winning one.
        self.record_result("win" if won else "loss",
                           level=levels.pop() if len(levels) == 1 else None,
                           results={"winning_score": self.game.scores[me]} if won else {},
                           lower_is_better=("winning_score",))

    def status(self) -> str:
        if self.game.is_over:
            return _("The game is over.")
        return super().status()

    def rules_scene(self) -> Hearts600RulesScene:
        return Hearts600RulesScene(self.rules)

    # Drawing ------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        super().draw_under(surface)
        self.draw_seat_names(surface)

    def draw_seat_names(self, surface: pygame.Surface) -> None:
        """Each other seat's name and score over its hand, so the panel's names have a place."""
        lay, m = self.layout_, self.metrics
        g = self.game
        for seat in range(self.players):
            at = self.screen_seat(seat)
            if at == 0:
                continue
            rect = lay.seats[at].name
            text = f"{self.short_name(seat)} · {self.shown_scores[seat]}"
            active = g.current_player == seat and not g.is_over
            size = fit_font_size(text, rect.width, m.type_size("tiny"), True)
            img = font(size, True).render(text, True, theme.GOLD if active else theme.CREAM)
            surface.blit(img, (rect.x, rect.y), pygame.Rect(0, 0, rect.width, rect.height))

    def panel_key(self) -> tuple:
        g = self.game
        return (self.size, self.viewer, tuple(self.shown_scores), self.shown_round,
                self.shown_dealer, None if g.is_over else g.current_player,
                tuple(tuple(c.index for c in p) for p in self.view.piles))

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
                                       True))
            for name, have, need in reach:
                lines.append(PanelLine(_("Heading for {yaku} {have}/{need}").format(
                    yaku=yaku_label(name), have=have, need=need), "tiny", theme.TEXT, spare=2))
            if made or reach:  # whom they charge goes with the yaku in reach when none is made
                names = ", ".join(self.seat_name(s) for s in range(self.players) if s != seat)
                lines.append(PanelLine(_("Its yaku charge: {names}").format(names=names),
                                       "tiny", theme.TEXT_DIM, spare=1 if made else 2))
            lines.append(PanelLine("", "rule", theme.GOLD_DIM))
        return lines

    def paint_panel(self, surface: pygame.Surface) -> None:
        """The panel's lines on a transparent layer the size of the panel (kept until one
        of its figures changes). When all do not fit above the log button, the yaku in
        reach go first, then whom the yaku charge (the scores and the yaku made stay)."""
        room = self.layout_.log_button.y - self.layout_.panel.y - self.metrics.px(8)
        PANEL.paint(surface, self.metrics, self.panel_lines(), room=room)
