"""Koi-Koi's screens on the table kit: koi-koi or stop and the hand swap (choices that leave
the cards in view, with the coach: H or Hint puts its estimates on the buttons), the round and
match results, and the rules reference with card pictures.

>>> yaku_label("inoshikacho"), yaku_kanji("inoshikacho")
('Boar-deer-butterflies', '猪鹿蝶')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import N_, _, ngettext
from game.table.coach import CoachedChoice
from game.table.names import japanese_name, yaku_labels, yaku_msgid, yaku_name
from game.table.dialogs import CardRow, ResultPage, RulesPage, final_page, winners_title
from game.widgets import Label, Tip, Widget
from rules.hanafuda import Card, cards, month_cards
from rules.koikoi import KoiKoiRules, round_multipliers, yaku_cards

if TYPE_CHECKING:  # pragma: no cover
    from game.games.koikoi.table import KoiKoiTable

#: The yaku ids and their display names (``game.table.names``).
YAKU_LABELS = yaku_labels("koikoi")
MULTIPLIER_LABELS = {
    "field_brights": N_("Brights on the dealt field"), "koikoi": N_("Koi-koi called"),
    "opponent_koikoi": N_("Opponent had called koi-koi"),
    "seven_points": N_("Seven points or more"),
}


# The decisions, in the engine's notation.
ACTION_STOP, ACTION_KOIKOI, ACTION_SWAP, ACTION_KEEP = "stop", "koikoi", "swap", "keep"


def yaku_label(yaku_id: str) -> str:
    return yaku_name("koikoi", yaku_id)


def yaku_kanji(yaku_id: str) -> str:
    """The yaku's Japanese name, shown under its name ("" in Japanese)."""
    return japanese_name(yaku_msgid("koikoi", yaku_id))


def decision_panel(table: "KoiKoiTable", seat: int) -> CoachedChoice:
    """Koi-koi or stop for a human seat, over the panel: the piles and the field stay in
    view while the player decides."""
    g = table.game
    made = g.yaku_of(seat)
    base = sum(made.values())
    mults, product = round_multipliers(table.rules, g.field_brights, g.koikoi_calls[seat],
                                       g.koikoi_calls[1 - seat], base)
    lines = [", ".join(f"{yaku_label(y)} {p}" for y, p in made.items())]
    if product != 1:
        shown = " × ".join(str(m) for _n, m in mults)
        lines.append(ngettext("Stop now: {base} × {mults} = {total} point.",
                              "Stop now: {base} × {mults} = {total} points.",
                              base * product).format(base=base, mults=shown,
                                                     total=base * product))
    else:
        lines.append(ngettext("Stop now: {total} point.", "Stop now: {total} points.",
                              base).format(total=base))
    lines.append(_("Koi-koi: play on for more, but if your opponent makes a yaku first "
                   "and stops, you score nothing this round."))
    return CoachedChoice(_("You made a yaku!"), "\n".join(lines),
                         [(_("Stop"), lambda: table.decide(ACTION_STOP)),
                          (_("Koi-koi!"), lambda: table.decide(ACTION_KOIKOI))],
                         lambda: table.layout_.choice, table, [ACTION_STOP, ACTION_KOIKOI])


def swap_panel(table: "KoiKoiTable") -> CoachedChoice:
    """Swap hands or keep them (the non-dealer), over the panel: the hand stays in view."""
    return CoachedChoice(_("Swap hands?"),
                         _("As the non-dealer you may swap your hand with the dealer's, "
                           "unseen. Your hand is shown at the bottom."),
                         [(_("Keep my hand"), lambda: table.decide(ACTION_KEEP)),
                          (_("Swap hands"), lambda: table.decide(ACTION_SWAP))],
                         lambda: table.layout_.choice, table, [ACTION_KEEP, ACTION_SWAP])


def round_result(table: "KoiKoiTable", result: dict[str, Any], scores: list[int],
                 piles: list[list[Card]]) -> ResultPage:
    """Each yaku with its cards and points, every multiplier, the total and the match score."""
    t, r = table, result
    winner = r["winner"]
    if r["kind"] == "exhausted":
        title = _("Round {n}: a draw").format(n=r["round"])
    elif t.seating.is_you(winner):
        p = r["points"][winner]
        title = ngettext("Round {n}: you win {p} point", "Round {n}: you win {p} points",
                         p).format(n=r["round"], p=p)
    else:
        p = r["points"][winner]
        title = ngettext("Round {n}: {who} wins {p} point", "Round {n}: {who} wins {p} points",
                         p).format(n=r["round"], who=t.seating.name(winner), p=p)
    rows: list[Widget] = []
    if r["kind"] == "exhausted":
        stays = t.rules.exhausted_dealer == "stays"
        rows.append(Label(_("The hands ran out and nobody stopped: no points this round. "
                            "The dealer stays.") if stays else
                          _("The hands ran out and nobody stopped: no points this round. "
                            "The deal passes."), align="center"))
    elif r["kind"] == "instant_win":
        for y, p in r["yaku"].items():
            rows.append(CardRow(yaku_label(y), [], str(p),
                                _("An instant win is never multiplied."),
                                tip=Tip(yaku_label(y), (), str(p))))
    else:
        pile = piles[winner]
        for y, p in r["yaku"].items():
            rows.append(CardRow(yaku_label(y), yaku_cards(y, pile, t.rules), str(p),
                                yaku_kanji(y), tip=yaku_tip(y, t.rules)))
        for name, m in r["multipliers"]:
            rows.append(CardRow(_(MULTIPLIER_LABELS.get(name, name)), [], f"×{m}"))
        product = 1
        for _n, m in r["multipliers"]:
            product *= m
        total = _("{base} × {mult} = {points}").format(base=r["base"], mult=product,
                                                       points=r["points"][winner]) \
            if product != 1 else str(r["points"][winner])
        rows.append(CardRow(_("Round total"), [], total, highlight=True))
        loser = 1 - winner
        if r["points"][loser] < 0:
            rows.append(CardRow(_("Koi-koi penalty"), [], str(r["points"][loser]),
                                t.seating.phrase(loser, _("You called koi-koi and lost."),
                                         _("{who} called koi-koi and lost."))))
    score = "   ".join(f"{t.seating.name(s)} {scores[s]}" for s in (0, 1))
    rows.append(CardRow(_("Match score"), [], score))
    label = _("See the result") if t.game.is_over else _("Next round")
    page = ResultPage(title, rows, [(label, None)], 900, 700)
    page.name = "koikoi-round"
    return page


def match_result(table: "KoiKoiTable", result: dict[str, Any], winner: int | None
                 ) -> ResultPage:
    """The winner and the round-by-round history; a new match or the menu."""
    t = table
    if winner is None:
        title = _("The match is a draw")
    else:
        title = winners_title(t, [winner], match=True)
    scores = result.get("scores", [0, 0])
    rows: list[Widget] = [CardRow(_("Final score"), [], "   ".join(
        f"{t.seating.name(s)} {scores[s]}" for s in (0, 1)), highlight=True)]
    for r in result.get("rounds", []):
        if r["winner"] is None:
            text = _("Draw")
        else:
            text = _("{who} +{p}").format(who=t.seating.name(r["winner"]),
                                          p=r["points"][r["winner"]])
        names = ", ".join(yaku_label(y) for y in r["yaku"]) or "—"
        rows.append(CardRow(_("Round {n}").format(n=r["round"]), [], text, names))

    return final_page(t, title, rows, _("New match"), "koikoi-match")


def yaku_examples(r: KoiKoiRules) -> list[tuple[str, str, str]]:
    """Each yaku of ``r`` with example cards and its points, in the rules' order."""
    plus = r.extra_points
    examples = [
        ("goko", "1B 3B 8B 11B 12B", "10" if r.scoring == "simple" else "23"),
        ("shiko", "1B 3B 8B 12B", "8" if r.scoring == "simple" else "13"),
        ("ame_shiko", "1B 3B 8B 11B", "7" if r.scoring == "simple" else "12"),
        ("sanko", "1B 3B 8B", "5"),
        ("hanami", "3B 9A", "5"), ("tsukimi", "8B 9A", "5"),
        ("inoshikacho", "6A 7A 10A", "5+" if plus else "5"),
        ("akatan", "1R 2R 3R", "5+" if plus else "5"),
        ("aotan", "6R 9R 10R", "5+" if plus else "5"),
        ("akatan_aotan", "1R 2R 3R 6R 9R 10R", "10+" if plus else "10"),
        ("tane", "2A 4A 5A 6A 7A", "1+"), ("tanzaku", "1R 4R 5R 7R 9R", "1+"),
        ("kasu", "1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1 5C2", "1+"),
    ]
    if r.tsukifuda:
        examples.append(("tsukifuda", "3B 3R 3C1 3C2", "5"))
    return examples


def yaku_tip(yaku_id: str, rules: KoiKoiRules, month: int = 0) -> Tip:
    """The tooltip of a yaku: its name, its cards (an example for a count yaku; a month
    set's ``month``) and its points under ``rules``.

    >>> from rules.hanafuda import codes
    >>> t = yaku_tip("akatan", KoiKoiRules()); t.title, codes(t.cards), t.value, t.note
    ('Poetry ribbons', '1R 2R 3R', '5', '赤短')
    >>> codes(yaku_tip("tsukifuda", KoiKoiRules(tsukifuda=True), month=9).cards)
    '9A 9R 9C1 9C2'
    """
    for yid, example, points in yaku_examples(rules):
        if yid == yaku_id:
            shown = cards(example)
            if yid == "tsukifuda" and month:
                shown = list(month_cards(month))
            return Tip(yaku_label(yid), tuple(shown), points, yaku_kanji(yid))
    return Tip(yaku_label(yaku_id), (), "", yaku_kanji(yaku_id))


def options_summary(rules: KoiKoiRules) -> list[str]:
    """The active options, one short line each."""
    on = lambda b: _("on") if b else _("off")  # noqa: E731
    end = (_("first to {n} points").format(n=rules.target_score) if rules.target_score
           else _("{n} rounds").format(n=rules.max_rounds))
    matching = {"required": _("required"), "if_matching": _("if matching"),
                "optional": _("optional")}[rules.matching]
    viewing = {"always": _("always"), "with_other": _("with another yaku"),
               "never": _("never")}[rules.viewing]
    return [
        _("Scoring: {v}").format(v=_("simple") if rules.scoring == "simple" else _("complex")),
        _("Matching from hand: {v}").format(v=matching),
        _("Sake cup also chaff: {v} · viewing yaku: {w} · rain rule: {r}").format(
            v=on(rules.sake_as_chaff), w=viewing, r=on(rules.rain_rule)),
        _("Koi-koi multiplier: {a} · opponent koi-koi double: {b} · seven-point double: {c}"
          ).format(
            a=on(rules.koikoi_multiplier), b=on(rules.opponent_koikoi_double),
            c=on(rules.seven_point_double)),
        _("Field-bright multiplier: {a} · hand swap: {b} · instant win: {n} points").format(
            a=on(rules.field_bright_multiplier), b=on(rules.hand_swap), n=rules.instant_win_points),
        _("Month sets: {a} · extra points: {b} · koi-koi penalty: {c} · end: {d}").format(
            a=on(rules.tsukifuda), b=on(rules.extra_points), c=on(rules.koikoi_penalty), d=end),
    ]


class KoiKoiRulesScene(RulesPage):
    """The yaku table with card pictures, then the active options."""

    name = "koikoi-rules"
    TITLE = N_("Koi-Koi — yaku and rules")
    rules: KoiKoiRules

    def rows(self) -> list[Widget]:
        rows: list[Widget] = [self.intro(_(
            "Capture cards of the same month. A yaku lets you stop and score, or call koi-koi "
            "and play on. \"+\" means one more point for each extra card."))]
        for yid, _codes, _pts in yaku_examples(self.rules):
            tip = yaku_tip(yid, self.rules)
            rows.append(CardRow(tip.title, list(tip.cards), tip.value, tip.note, tip=tip))
        rows.extend(self.options_rows(options_summary(self.rules)))
        return rows
