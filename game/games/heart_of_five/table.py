"""The Heart of Five table: 2 to 8 players on a western deck (two decks for 7-8), on the kit's
climbing table (``game.table.climbing``), with its round result (the order out, the wins and
losses), the match result and the rules reference.

>>> from rules.heart_of_five import parse
>>> meld_label("sisters", parse("KH KD AS AC")), meld_label("single", parse("5H"))
('Sisters K-A', 'Single 5♥, the top card')
>>> meld_label("single", parse("TS")), meld_label("pair", parse("TS TD"))
('Single 10♠', 'Pair 10')
>>> meld_label("run", parse("AS 2H 3H 4S 5C")), meld_label("bomb", parse("9!"))
('Run A-5', 'Bomb of four 9s')

In fewer words where room is short (a seat's line): its kind and rank (``short=1``), and
where even that is too long, the cards as the cards print them (``short=2``), a joker in
fewer words still (``short=3``; never its code, "jj", which no player reads):

>>> meld_label("full_house", parse("8C 8D 8H 3S 3C"), short=1)
'Full house 8'
>>> meld_label("bomb", parse("9!"), short=1), meld_label("single", parse("5H"), short=1)
('Bomb 9', '5♥')
>>> [meld_label("single", parse("jj"), short) for short in (1, 2, 3)]
['Small joker', 'Sm. joker', 'Joker']
>>> meld_label("straight_flush", parse("TS JS QS KS AS"), short=2)
'10-A♠'
>>> meld_label("sisters", parse("QH QD KS KC AH AD"), short=2)
'Q-A×2'
"""

from __future__ import annotations

from typing import Any

from game import theme
from game.i18n import N_, _, ngettext
from game.table.climbing import ClimbingTable
from game.table.dialogs import CardRow, ResultPage, RulesPage, final_page, winners_title
from game.table.names import SUIT_SYMBOLS, western_card_short, western_rank
from game.table.panel import PanelLine
from game.table.score_grid import score_grid
from game.widgets import Label, Widget
from rules.heart_of_five import classify, parse

KIND_LABELS = {"single": N_("Single"), "pair": N_("Pair"), "triple": N_("Triple"),
               "full_house": N_("Full house"), "run": N_("Run"), "sisters": N_("Sisters"),
               "bomb": N_("Bomb"), "straight_flush": N_("Straight flush")}
_COUNT_WORDS = {4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight")}


def meld_label(kind: str, cards: list[Any], short: int = 0) -> str:
    """A meld in words: its kind and ranks ("Sisters K-A", "Full house 8s over 3s"); in fewer
    words with ``short`` 1: its kind and rank ("Full house 8", "Bomb 9"; a single: its card,
    "5♥"); with ``short`` 2 and 3, fewer still where there are: a joker in fewer words ("Sm.
    joker", then "Joker"), a straight flush by its ranks and suit ("10-A♠"), sisters by
    their ranks and how many of each ("10-A×2")."""
    meld = classify(cards)
    shown = list(meld.cards) if meld is not None else list(cards)
    ranks = [western_rank(c.rank) for c in shown]
    name = _(KIND_LABELS.get(kind, kind))
    if kind == "single":
        if short:  # (one card: the card says the kind)
            return western_card_short(shown[0], short - 1)
        if str(shown[0]) == "5H":
            return _("Single 5♥, the top card")
        if shown[0].is_joker:  # (a joker in words: a phrase of its own, for its grammar)
            return _("Single big joker") if shown[0].is_red else _("Single small joker")
        return f"{name} {western_card_short(shown[0])}"
    if kind in ("pair", "triple"):
        return f"{name} {ranks[0]}"
    if kind == "full_house":
        triple = max(set(ranks), key=ranks.count)
        if short:
            return f"{name} {triple}"
        pair = next(r for r in ranks if r != triple)
        return _("Full house {t}s over {p}s").format(t=triple, p=pair)
    if kind == "straight_flush" and short > 1 and shown[0].suit is not None:
        return f"{ranks[0]}-{ranks[-1]}{SUIT_SYMBOLS[shown[0].suit]}"
    if kind == "sisters" and short > 1:
        return f"{ranks[0]}-{ranks[-1]}×{ranks.count(ranks[0])}"
    if kind in ("run", "sisters", "straight_flush"):
        return f"{name} {ranks[0]}-{ranks[-1]}"
    if kind == "bomb":
        if short:
            return f"{name} {ranks[0]}"
        return _("Bomb of {n} {r}s").format(n=_(_COUNT_WORDS.get(len(ranks), str(len(ranks)))),
                                            r=ranks[0])
    return name


class HeartOfFiveRulesScene(RulesPage):
    """The rules in short, every meld with an example, the options."""

    name = "heart_of_five-rules"
    TITLE = N_("Heart of Five — melds and rules")

    def rows(self) -> list[Widget]:
        rows: list[Widget] = [self.intro(_(
            "Shed your cards first. The leader plays any meld; the others beat it with a "
            "higher meld of the same kind and shape, or a bomb, or pass (passing never locks "
            "you out). When everyone else has passed, the meld's player leads again. The "
            "first player out wins the round; the last one holding cards loses it."))]
        rows.append(Label(_("Single order: 3 4 5 6 7 8 9 10 J Q K A 2, small joker, big "
                            "joker, and the five of hearts on top (inside other melds it is "
                            "an ordinary five)."), role="small"))
        for kind, example, note in (
                ("single", "5H", _("the top single")),
                ("pair", "7C 7D", _("no jokers")),
                ("triple", "QC QD QS", ""),
                ("full_house", "8C 8D 8H 3S 3C", _("ranked by the triple")),
                ("run", "AS 2H 3H 4S 5C", _("5 or more in a row; A low or high, no K-A-2")),
                ("sisters", "KC KD AH AS", _("2+ groups in a row, all pairs, triples or "
                                             "fours")),
                ("bomb", "9C 9D 9H 9S", _("4+ of a rank: beats any non-bomb")),
                ("straight_flush", "5S 6S 7S 8S 9S", _("a run in one suit: beats every "
                                                       "bomb"))):
            rows.append(CardRow(_(KIND_LABELS[kind]), parse(example), "", note))
        rows.extend(self.options_rows([_("First to {n} wins").format(
            n=self.rules.win_target)]))
        return rows


class HeartOfFiveTable(ClimbingTable):
    """A match of Heart of Five. ``engine=`` opens a match at the position it stands (a saved
    game); ``demo_moves=`` plays that many moves first (screenshots)."""

    game_id = "heart_of_five"
    RULES_PAGE = HeartOfFiveRulesScene
    name = "heart_of_five"

    def meld_name(self, kind: str, cards: list[Any]) -> str:
        return meld_label(kind, cards)

    def meld_forms(self, kind: str, cards: list[Any]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(meld_label(kind, cards, short) for short in (0, 1, 2, 3)))

    def column_names(self) -> list[str]:
        """The players over a grid's columns: short names when they are many."""
        seating = self.seating
        name = seating.short_name if self.players > 4 else seating.name
        return [name(s) for s in range(self.players)]

    def round_page(self, result: dict[str, Any]) -> Any:
        """The order out (the winner first, the loser last) and the tallies."""
        order = result["order"]
        rows: list[Widget] = []
        for place, seat in enumerate(order, 1):
            what = ""  # (the seat's name is "You" for the player: "You win", not "You wins")
            if place == 1:
                what = self.seating.phrase(seat, _("win the round"), _("wins the round"))
            elif place == len(order):
                what = self.seating.phrase(seat, _("lose the round"), _("loses the round"))
            rows.append(CardRow(f"{place}. {self.seating.name(seat)}", [], what,
                                highlight=place == 1))
        names = self.column_names()
        rows += score_grid(names, [(_("Wins"), [str(w) for w in result["wins"]]),
                                   (_("Losses"), [str(x) for x in result["losses"]])],
                           marked=[result["winner"]])
        rows.append(Label(_("The first to {n} wins takes the match.").format(
            n=self.rules.win_target), role="small", color=theme.TEXT_DIM))
        title = self.seating.phrase(order[0], _("Round {n}: you go out first"),
                                    _("Round {n}: {who} goes out first"), n=result["round"])
        label = _("See the result") if self.game.is_over else _("Next round")
        page = ResultPage(title, rows, [(label, None)], 900, 720)
        page.name = "heart_of_five-round"
        return page

    def match_page(self) -> Any:
        g = self.game
        names = self.column_names()
        rows: list[Widget] = list(score_grid(
            names, [(_("Losses"), [str(x) for x in g.losses])],
            total=(_("Wins"), [str(w) for w in g.wins]), total_first=True, marked=[g.winner]))
        rows += [CardRow(_("Round {n}").format(n=r["round"]), [],
                         _("{w} out first, {l} last").format(w=self.seating.short_name(r["winner"]),
                                                            l=self.seating.short_name(r["loser"])))
                 for r in g.history]
        return final_page(self, winners_title(self, [g.winner], match=True), rows, _("New match"),
                          "heart_of_five-match")

    def record_statistics(self) -> None:
        if self.seats.count("human") != 1:
            return
        me = self.seats.index("human")
        levels = {s for s in self.seats if s != "human"}
        g = self.game
        won = g.winner == me
        self.record_result("win" if won else "loss",
                           level=levels.pop() if len(levels) == 1 else None,
                           results={"match_rounds": len(g.history)} if won else {},
                           lower_is_better=("match_rounds",))


    def status(self) -> str:
        g = self.game
        if g.is_over:
            return _("The match is over.")
        if self.queue.busy or self.waiting_for is not None:
            return ""
        seat = g.current_player
        if not self.seating.is_human(seat):
            return _("{who} is thinking…").format(who=self.seating.name(seat))
        if g.last is None:
            return _("You lead: select any meld and press Play.")
        last = meld_label(g.last.kind, list(g.last.cards))
        return _("Beat {meld} with a higher one of its kind, or a bomb; or pass.").format(
            meld=last)

    def panel_lines(self) -> list[PanelLine]:
        """The title, round and target, then each seat in turn order from the bottom: wins
        (right), losses, the cards it holds and its place once out."""
        g = self.game
        wins, losses = self.shown_tallies
        lines = [PanelLine(_("Heart of Five"), "heading", theme.GOLD, True),
                 PanelLine(_("Round {n} · first to {t} wins").format(
                     n=g.round, t=self.rules.win_target), "small", theme.TEXT_DIM)]
        for k in range(self.players):
            seat = (self.viewer + k) % self.players
            active = self.as_shown.turn() == seat
            lines.append(PanelLine(self.seating.name(seat), "body" if self.players <= 5 else
                                   "small", theme.GOLD if active else theme.CREAM, True,
                                   _("{w} won").format(w=wins[seat]), marker=active))
            held = len(self.view.hands[seat])
            status = self.drawing.seat_status(seat)
            lines.append(PanelLine(ngettext("{n} card · {l} lost", "{n} cards · {l} lost",
                                            held).format(n=held, l=losses[seat])
                                   + (f" · {status}" if status else ""), "tiny", theme.TEXT,
                                   spare=1))  # (the seats show their cards and passes too)
        return lines


__all__ = ["HeartOfFiveTable", "HeartOfFiveRulesScene", "meld_label", "parse"]
