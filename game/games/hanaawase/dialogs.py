"""Hana-awase's screens on the table kit: the deal result (a grid of what each player scored,
line by line, with a sum column that shows the deal is zero-sum, and each dekiyaku with its
cards), the final standings after twelve deals and the rules reference.

>>> dekiyaku_label("aotan"), signed(-88), signed(40), signed(0)
('Blue ribbons', '-88', '+40', '0')
>>> [(n, [c.code for c in cs], v) for n, v, cs in dekiyaku_with_cards(cards("6R 9R 10R 1C1"))]
[('aotan', ['6R', '9R', '10R'], 40)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import theme
from game.i18n import N_, _
from game.table.dialogs import CardRow, ResultPage, RulesPage, final_page, winners_title
from game.table.names import yaku_labels, yaku_name
from game.table.score_grid import GridRow, score_grid
from game.widgets import Label, Tip, Widget
from rules.hanafuda import DECK, Card, Kind, cards, cards_of
from rules.hanaawase import (DEALS_PER_MATCH, DEKIYAKU_VALUES, PAR, SET_DEKIYAKU,
                             HanaAwaseRules, dekiyaku)

if TYPE_CHECKING:  # pragma: no cover
    from game.games.hanaawase.table import HanaAwaseTable

#: The dekiyaku ids and their display names (``game.table.names``).
DEKIYAKU_LABELS = yaku_labels("hanaawase")
_BRIGHTS = [c for c in DECK if c.kind is Kind.BRIGHT]
_TAN = [c for c in DECK if c.kind is Kind.RIBBON and c.code != "11R"]
#: Example cards of each dekiyaku for the rules reference.
EXAMPLES = {
    "goko": "1B 3B 8B 11B 12B", "shiko": "1B 3B 8B 12B",
    "shichitan": "1R 2R 3R 4R 5R 6R 7R", "rokutan": "1R 2R 3R 4R 5R 6R",
    **{name: " ".join(c.code for c in cards_of(group)) for name, group in SET_DEKIYAKU.items()},
}


#: What a dekiyaku's row and tooltip say beside its cards.
DEKIYAKU_NOTES = {"goko": N_("replaces Four brights"), "shichitan": N_("Rain ribbon not counted"),
                  "rokutan": N_("Rain ribbon not counted"),
                  "nomi": N_("replaces Moon and Flower viewing")}


def dekiyaku_label(yaku_id: str) -> str:
    return yaku_name("hanaawase", yaku_id)


def signed(n: int) -> str:
    """A deal figure with its sign."""
    return f"+{n}" if n > 0 else str(n)


def dekiyaku_with_cards(pile: list[Card], rules: HanaAwaseRules | None = None
                        ) -> list[tuple[str, int, list[Card]]]:
    """The dekiyaku ``pile`` makes: (id, value from each other player, the pile's cards that
    make it)."""
    out = []
    for name, value in dekiyaku(pile, rules or HanaAwaseRules()).items():
        if name in SET_DEKIYAKU:
            group = SET_DEKIYAKU[name]
            shown = [c for c in pile if group & c.bit]
        elif name in ("goko", "shiko"):
            shown = [c for c in pile if c in _BRIGHTS]
        else:  # shichitan, rokutan: the ribbons that count
            shown = [c for c in pile if c in _TAN]
        out.append((name, value, shown))
    return out


def dekiyaku_tip(yaku_id: str) -> Tip:
    """A dekiyaku's tooltip: its name, its cards (an example for the brights and ribbons)
    and what it collects from each other player.

    >>> t = dekiyaku_tip("aotan"); t.title, [c.code for c in t.cards], t.value, t.note
    ('Blue ribbons', ['6R', '9R', '10R'], '40', '')
    """
    note = DEKIYAKU_NOTES.get(yaku_id)
    return Tip(dekiyaku_label(yaku_id), tuple(cards(EXAMPLES.get(yaku_id, ""))),
               str(DEKIYAKU_VALUES.get(yaku_id, "")), _(note) if note else "")


def deal_result(table: "HanaAwaseTable", result: dict[str, Any], scores: list[int],
                piles: list[list[Card]]) -> ResultPage:
    """The deal in a grid, one column per player and a sum column (48 cards, 264 in card
    values, and every score line summing to 0), then each dekiyaku made with its cards."""
    t = table
    d = result.get("details", {})
    n = len(scores)
    names = [t.seating.name(s) for s in range(n)] + [_("Sum")]

    def row(label: str, values: list[int], sign: bool = True) -> tuple[str, list[str]]:
        shown = [signed(v) if sign else str(v) for v in values]
        total = sum(values)
        return label, shown + [signed(total) if sign else str(total)]

    def net(received: list[int], paid: list[list[int]]) -> list[int]:
        return [received[s] - sum(paid[s]) for s in range(n)]

    lines = [row(_("Cards captured"), d.get("cards", [len(p) for p in piles]), sign=False),
             row(_("Card values"), d.get("card_values", [0] * n), sign=False),
             row(_("Less {par}").format(par=PAR), [-PAR] * n)]
    if d.get("draw"):
        lines.append(row(_("Drawn deal"), [0] * n))
    else:
        # What each player's dekiyaku collected, and what they paid for the others' (a net
        # figure would hide a dekiyaku cancelled by another's).
        paid = d.get("dekiyaku_paid", [[0] * n] * n)
        lines += [row(_("Dekiyaku received"), list(d.get("dekiyaku_received", [0] * n))),
                  row(_("Dekiyaku paid"), [-sum(paid[s]) for s in range(n)]),
                  row(_("Few-cards bonus"), net(d.get("bonus_received", [0] * n),
                                                d.get("bonus_paid", [[0] * n] * n)))]
    lines.append(row(_("Deal score"), list(result.get("points", [0] * n))))
    if any(d.get("teyaku", [])):
        lines.append(row(_("Teyaku"), list(d.get("teyaku_points", [0] * n))))
    totals = list(d.get("totals", result.get("points", [0] * n)))
    rows: list[Widget] = list(score_grid(names, lines, total=row(_("Deal total"), totals)))
    rows.append(GridRow(_("Game total"), [str(s) for s in scores] + [""], bold=True))
    if d.get("draw"):
        who = ", ".join(t.seating.name(s) for s in d.get("draw_by", []))
        rows.append(Label(_("A drawn deal: {who} captured less than 20 in card values, so "
                            "only teyaku stand.").format(who=who), role="small",
                          color=theme.TEXT_DIM))
    else:
        rows.append(Label(_("The sum column: all 48 cards, all 264 in card values, and every "
                            "scoring line adds up to 0 (dekiyaku received and paid together): "
                            "what one player scores, the others pay."), role="small",
                          color=theme.TEXT_DIM))
    for seat in range(n):
        for name, value, shown in dekiyaku_with_cards(piles[seat], t.rules):
            rows.append(CardRow(dekiyaku_label(name), shown, _("+{v} × {k}").format(
                v=value, k=n - 1), t.seating.name(seat), tip=dekiyaku_tip(name)))
    title = _("Deal {n} of {total} is over").format(n=result["round"], total=DEALS_PER_MATCH)
    label = _("See the standings") if t.game.is_over else _("Next deal")
    page = ResultPage(title, rows, [(label, None)], 960, 740)
    page.name = "hanaawase-deal"
    return page


def final_standings(table: "HanaAwaseTable", result: dict[str, Any]) -> ResultPage:
    """The winner or winners (highest total) and every deal's totals in a grid."""
    t = table
    winners = list(result.get("winners", []))
    scores = list(result.get("scores", []))
    title = winners_title(t, winners)
    names = [t.seating.name(s) for s in range(len(scores))]
    deals = [(_("Deal {n}").format(n=r["round"]),
              [signed(v) for v in r.get("details", {}).get("totals", r["points"])])
             for r in result.get("rounds", [])]
    rows: list[Widget] = list(score_grid(names, deals, marked=winners, total_first=True,
                                         total=(_("Final total"), [signed(s) for s in scores])))
    return final_page(t, title, rows, _("New game"), "hanaawase-game")


class HanaAwaseRulesScene(RulesPage):
    """The rules in short, every dekiyaku with its cards and value, teyaku, the card values,
    the special rules and the options in play."""

    name = "hanaawase-rules"
    TITLE = N_("Hana-awase — dekiyaku and rules")

    def rows(self) -> list[Widget]:
        r: HanaAwaseRules = self.rules
        rows: list[Widget] = [self.intro(_(
            "Three players, twelve deals. Capture cards of the same month: a card that matches "
            "must be played and capture. Each deal scores your card values less 88, plus what "
            "your dekiyaku collect from each other player. The highest total after twelve "
            "deals wins.") + (" " + _("A match may also be taken from another player's "
                                      "capture pile, never from your own.")
                              if r.steal_from_piles else ""))]
        rows.append(Label(_("Dekiyaku (collected from each other player)"), role="heading",
                          color=theme.GOLD))
        for yid in DEKIYAKU_VALUES:
            tip = dekiyaku_tip(yid)
            rows.append(CardRow(tip.title, list(tip.cards), tip.value, tip.note, tip=tip))
        rows.append(Label(_("Teyaku (the dealt hand, shown before play)"), role="heading",
                          color=theme.GOLD))
        rows.append(CardRow(_("Seven chaff"), cards("1C1 2C1 3C1 4C1 5C1 11C1 12C1"), "30"))
        rows.append(CardRow(_("Six chaff"), cards("1C1 2C1 3C1 4C1 5C1 12C2 9A"), "20"))
        rows.append(Label(_("Card values"), role="heading", color=theme.GOLD))
        for title, codes, worth in ((_("Brights"), "1B 3B 8B 11B 12B", "20"),
                                    (_("Animals"), "2A 4A 5A 6A 7A 8A 9A 10A 11A", "10"),
                                    (_("Ribbons"), "1R 2R 3R 4R 5R 6R 7R 9R 10R 11R", "5"),
                                    (_("Chaff"), "1C1 2C1 3C1 11C1 12C1 12C2 12C3", "1")):
            rows.append(CardRow(title, cards(codes), worth))
        rows.append(Label(_(
            "Special rules: if anyone captures less than 20 in card values, the deal is a "
            "draw (only teyaku stand). The dealer and the next player collect 30 from each "
            "other player when they captured 8 cards or fewer; the third player when 10 or "
            "fewer. When the stock runs out, the cards left on the field go to the last "
            "player who captured."), role="small"))
        on = lambda b: _("on") if b else _("off")  # noqa: E731
        rows.extend(self.options_rows([
            _("Capture from other piles: {v}").format(v=on(r.steal_from_piles)),
            _("Willow rule (the willow row voids its holder's dekiyaku): {v}").format(
                v=on(r.willow_rule)),
            _("Rain rule (the Rain Man voids Drinking and the viewings): {v}").format(
                v=on(r.rain_rule))]))
        return rows
