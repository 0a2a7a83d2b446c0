"""600 Hearts' screens on the table kit: the round result (per player, the yaku each opponent
charged them and the card points they kept, the cards by their value), the game result (the
winner or winners and the settlement) and the rules reference with every yaku's cards.

>>> yaku_label("moon_viewing"), money(-1034), money(721)
('Moon viewing', '-$10.34', '+$7.21')
>>> [(name, [c.code for c in cs], p) for name, p, cs in yaku_with_cards(cards("8B 9A 1C1"))]
[('moon_viewing', ['8B', '9A'], 100)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import theme
from game.i18n import N_, _, ngettext
from game.table.dialogs import CardRow, ResultPage, RulesPage, final_page, winners_title
from game.table.names import yaku_labels, yaku_name
from game.table.score_grid import GridRow, score_grid
from game.widgets import Label, Tip, Widget
from rules.hanafuda import Card, cards, cards_of
from rules.hearts600 import (CHAFF_YAKU_COUNT, SET_YAKU, YAKU_POINTS, card_points,
                             kept_cards, kept_points, yaku_cards_of_mask)
from rules.koikoi import pile_mask

if TYPE_CHECKING:  # pragma: no cover
    from game.games.hearts600.table import Hearts600Table

#: The yaku ids and their display names (``game.table.names``).
YAKU_LABELS = yaku_labels("hearts600")
#: Example cards of each yaku for the rules reference (docs/rules.md's list, in its order).
YAKU_EXAMPLES = {
    "five_bright": "1B 3B 8B 11B 12B", "dry_four_bright": "1B 3B 8B 12B",
    "rainy_four_bright": "1B 3B 8B 11B", "three_bright": "1B 3B 8B",
    **{name: " ".join(c.code for c in cards_of(group)) for name, _p, group in SET_YAKU},
    "chaff": "1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1 5C2 6C1 6C2 7C1 7C2 8C1",
}

#: The card points by kind of card, highest first: a title, example cards, each card's points
#: (``rules.hearts600.card_points``; the rules reference and a round's kept cards).
CARD_POINT_KINDS = (
    (N_("Sake cup"), "9A", 50), (N_("Brights"), "1B 3B 8B 11B 12B", 20),
    (N_("Other animals"), "2A 4A 5A 6A 7A 8A 10A 11A", 10),
    (N_("Ribbons"), "1R 2R 3R 4R 5R 6R 7R 9R 10R 11R", 5),
    (N_("Other chaff"), "1C1 2C1 3C1 4C1 5C1", 1),
    (N_("Willow and Paulownia chaff"), "11C1 12C1 12C2 12C3", 0))


def yaku_label(yaku_id: str) -> str:
    return yaku_name("hearts600", yaku_id)


def yaku_tip(yaku_id: str) -> Tip:
    """A yaku's tooltip: its name, its cards (the chaff: an example) and its points.

    >>> t = yaku_tip("moon_viewing"); t.title, [c.code for c in t.cards], t.value
    ('Moon viewing', ['8B', '9A'], '100')
    """
    note = ngettext("{n} chaff or more", "{n} chaff or more", CHAFF_YAKU_COUNT).format(
        n=CHAFF_YAKU_COUNT) if yaku_id == "chaff" else ""
    return Tip(yaku_label(yaku_id), tuple(cards(YAKU_EXAMPLES.get(yaku_id, ""))),
               str(YAKU_POINTS.get(yaku_id, "")), note)


def money(cents: int) -> str:
    """Cents as dollars with a sign (a settlement line)."""
    sign = "+" if cents > 0 else "-" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100}.{abs(cents) % 100:02d}"


def yaku_with_cards(pile: list[Card]) -> list[tuple[str, int, list[Card]]]:
    """The yaku ``pile`` makes: (id, points, the pile's cards that make it)."""
    return [(name, points, cards_of(group))
            for name, points, group in yaku_cards_of_mask(pile_mask(pile))]


def round_result(table: "Hearts600Table", result: dict[str, Any], scores: list[int],
                 piles: list[list[Card]]) -> ResultPage:
    """Per player: each yaku an opponent made (charged to them) and their own kept card points,
    with the cards; the round total and the score toward 600."""
    t = table
    n = len(scores)
    made = [yaku_with_cards(p) for p in piles]
    rows: list[Widget] = []
    for seat in range(n):
        add = result["points"][seat]
        rows.append(CardRow(t.seating.name(seat), [], _("+{p} → {total}").format(
            p=add, total=scores[seat]), highlight=True))
        for other in range(n):
            if other == seat:
                continue
            for name, points, cs in made[other]:
                rows.append(CardRow(yaku_label(name), cs, f"+{points}", _(
                    "charged by {who}").format(who=t.seating.name(other)), tip=yaku_tip(name)))
        kept = kept_cards(piles[seat])
        rows.extend(kept_rows(kept))
        points = result.get("details", {}).get("card_points", [])
        shown = points[seat] if seat < len(points) else kept_points(piles[seat])
        rows.append(CardRow(_("Card points kept"), [], f"+{shown}"))
    title = _("Round {n} is over").format(n=result["round"])
    label = _("See the result") if t.game.is_over else _("Next round")
    page = ResultPage(title, rows, [(label, None)], 900, 720)
    page.name = "hearts600-round"
    return page


def kept_rows(kept: list[Card]) -> list[Widget]:
    """The cards a player keeps, a row for each card value they hold: the kind of card, its
    cards, what each is worth and what they add (so every kept card's value is read).

    >>> [(r.title, [c.code for c in r.cards], r.subtitle, r.value)
    ...  for r in kept_rows(cards("9R 1B 9A 2R 12C1"))]  # doctest: +NORMALIZE_WHITESPACE
    [('Sake cup', ['9A'], '50 points each', '+50'), ('Brights', ['1B'], '20 points each', '+20'),
     ('Ribbons', ['9R', '2R'], '5 points each', '+10'),
     ('Willow and Paulownia chaff', ['12C1'], '0 points each', '+0')]
    """
    rows: list[Widget] = []
    for title, _codes, each in CARD_POINT_KINDS:
        held = [c for c in kept if card_points(c) == each]
        if held:
            rows.append(CardRow(_(title), held, f"+{each * len(held)}", ngettext(
                "{p} point each", "{p} points each", each).format(p=each)))
    return rows


def game_result(table: "Hearts600Table", result: dict[str, Any]) -> ResultPage:
    """The winner or winners (lowest score) and a grid of every player's points round by
    round, final score and settlement in cents (unless the option hides the money), the
    winners' columns in gold; a new game or the menu."""
    t = table
    winners = list(result.get("winners", []))
    scores = list(result.get("scores", []))
    title = winners_title(t, winners)
    money_shown = t.rules.show_settlement and "settlement" in result
    names = [t.seating.name(s) for s in range(len(scores))]
    rounds = [(_("Round {n}").format(n=r["round"]), [f"+{p}" for p in r["points"]])
              for r in result.get("rounds", [])]
    rows: list[Widget] = list(score_grid(names, rounds, marked=winners, total=(
        _("Final score"), [str(s) for s in scores])))
    if money_shown:
        rows.append(GridRow(_("Settlement"), [money(c) for c in result["settlement"]],
                            marked=winners, bold=True))
        rows.append(Label(_("Settlement: each player pays each winner the difference of their "
                            "scores, in cents."), role="small", color=theme.TEXT_DIM))
    return final_page(t, title, rows, _("New game"), "hearts600-game")


class Hearts600RulesScene(RulesPage):
    """The rules in short, every yaku with its cards and points, the card points, the options."""

    name = "hearts600-rules"
    TITLE = N_("600 Hearts — yaku and rules")

    def rows(self) -> list[Widget]:
        rows: list[Widget] = [self.intro(_(
            "Capture cards of the same month; a card that matches must capture. Captured cards "
            "score against you; a yaku you capture scores its points against every opponent "
            "instead. After a round in which someone reaches 600, the lowest score wins."))]
        for yid in YAKU_POINTS:
            tip = yaku_tip(yid)
            rows.append(CardRow(tip.title, list(tip.cards), tip.value, tip.note, tip=tip))
        rows.append(Label(_("Only the highest bright yaku counts; three brights with the Rain "
                            "Man make none. A card may count in several yaku."), role="small"))
        rows.append(Label(_("Card points"), role="heading", color=theme.GOLD))
        for title, codes, value in CARD_POINT_KINDS:
            rows.append(CardRow(_(title), cards(codes), str(value)))
        rows.extend(self.options_rows([ngettext(
            "{n} player", "{n} players", self.rules.players).format(n=self.rules.players)
            + " · " + (_("settlement shown") if self.rules.show_settlement
                       else _("settlement hidden"))]))
        return rows
