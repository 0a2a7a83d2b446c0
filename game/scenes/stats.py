"""Statistics: per game (and per opponent level) played, won, win %, streaks, best results."""

from __future__ import annotations

import pygame

from game import theme
from game.catalog import GAMES, level_label
from game.i18n import N_, _
from game.widgets.scene import WidgetScene
from game.stats import Tally
from game.text import clock
from game.widgets import Button, Label, Panel, ScrollList, Widget

RESULT_LABELS = {
    "points": N_("Best points"), "score": N_("Best score"),
    "winning_score": N_("Lowest winning score"), "winning_total": N_("Best winning total"),
    "match_rounds": N_("Fewest rounds to win a match"),
    "time": N_("Best time"),
    "moves": N_("Fewest moves"), "round_points": N_("Best round"),
}


def tally_line(t: Tally, draws: bool = True) -> str:
    """One line of figures; games drawn only for a game that can be drawn (``draws``: not a
    solitaire), games coached (the coach asked) and abandoned (started over while saved) only
    when there are.

    >>> tally_line(Tally(played=2, won=1, lost=1, abandoned=1, best_streak=1))
    'Played 2 · won 1 · lost 1 · drawn 0 · win 50% · streak 0 (best 1) · abandoned 1'
    >>> tally_line(Tally(played=3, won=3, streak=3, best_streak=3, coached=2))
    'Played 3 · won 3 · lost 0 · drawn 0 · win 100% · streak 3 (best 3) · coached 2 of 3'
    >>> tally_line(Tally(played=1, won=1, streak=1, best_streak=1, abandoned=2), draws=False)
    'Played 1 · won 1 · lost 0 · win 100% · streak 1 (best 1) · abandoned 2'
    """
    rate = "—" if t.win_rate is None else f"{t.win_rate * 100:.0f}%"
    text = (_("Played {p} · won {w} · lost {l} · drawn {d} · win {r} · streak {s} (best {b})")
            if draws else _("Played {p} · won {w} · lost {l} · win {r} · streak {s} (best {b})"))
    line = text.format(p=t.played, w=t.won, l=t.lost, d=t.drawn, r=rate, s=t.streak,
                       b=t.best_streak)
    if t.coached:
        line += " · " + _("coached {n} of {p}").format(n=t.coached, p=t.played)
    if t.abandoned:
        line += " · " + _("abandoned {n}").format(n=t.abandoned)
    return line


def bests_line(t: Tally) -> str:
    parts = []
    for key, value in sorted(t.best.items()):
        label = _(RESULT_LABELS.get(key, key))
        if key == "time":
            shown = clock(value)
        else:
            shown = f"{value:g}" if isinstance(value, float) else str(value)
        parts.append(f"{label}: {shown}")
    return " · ".join(parts)


class StatsScene(WidgetScene):
    name = "statistics"

    def build(self) -> list[Widget]:
        stats = self.host.stats
        self.panel = Panel()
        self.heading = Label(_("Statistics"), role="title", align="center", color=theme.GOLD)
        rows: list[Widget] = []
        if stats.empty:
            rows.append(Label(_("No finished games yet."), role="heading", align="center"))
            rows.append(Label(_("Every game you finish is counted here: games played and won, "
                                "win rate, streaks and best results, for each game and each "
                                "opponent level, and how many you played with the coach's "
                                "advice. A game left unfinished is not a loss; it counts as "
                                "abandoned only if you start a new one over it."),
                              align="center", color=theme.TEXT_DIM))
        else:
            for gid, info in GAMES.items():
                t = stats.summary(gid)
                if not t.played and not t.abandoned:
                    continue
                rows.append(Label(info.title, role="heading", color=theme.GOLD))
                draws = not info.solitaire  # (a solitaire is won or not: never drawn)
                rows.append(Label(tally_line(t, draws)))
                if t.best:
                    rows.append(Label(bests_line(t), role="small", color=theme.TEXT_DIM))
                for level, lt in sorted(stats.levels(gid).items()):
                    rows.append(Label(f"{level_label(level)}: {tally_line(lt, draws)}",
                                      role="small"))
        self.list = ScrollList(rows, gap=8)
        self.done = Button(_("Done"), self.back, primary=True)
        return [self.panel, self.heading, self.list, self.done]

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.list.handle_scroll_key(event):
            super().handle_event(event)

    def arrange(self, size: tuple[int, int]) -> None:
        self.arrange_page(size, self.panel, self.heading, self.list, self.done, 1000, 740)
