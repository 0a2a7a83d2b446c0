"""The layout check: what a page, a menu or a dialog must be at every window size, interface
size and language (issue 38), as a list of faults in words, empty when the scene is right.

- every widget drawn inside the window;
- no two widgets over each other (a button under a label, or a click that lands on another
  button than the one seen), panels and scroll lists aside (they hold the others);
- no text cut: each widget's own ``cut()`` (a label's lines below its box, a button's
  subtitle left out);
- no text that carries information below ``theme.MIN_TEXT`` design pixels at 100%: every
  text the scene renders (``game.fonts.text_image``), its caches emptied first so that all of
  it is drawn again, is at least ``Metrics.least_text``;
- no scroll list too short to use (``cramped_lists``): a list shows all of itself, or at
  least two of its rows whole at once (two of its shortest controls and the gap between
  them) and its tallest control whole; a list of texts only, two rows' height
  (``2 * row_height`` and a gap: four or five lines of small text);
- texts of one role drawn alike (``uneven_texts``): among the texts a widget fits to its box
  (``Widget.texts``), those of one part (buttons' titles, rows' labels, choices' values...)
  and one role in one container (the scene, or one scroll list) are siblings, and none of
  them shrunk to fit may be drawn more than 15% smaller than the largest of its siblings
  (``SIBLING_RATIO``: its size below 87% of theirs; a few per cent lost to fit is not seen
  beside a neighbour, a step of two type sizes is);
- no letters on a border (``inked_borders``): every text a widget fits to its box keeps its
  ink (its letters' bounds, descenders and accents included) inside the room the widget
  gives it (``DrawnText.box``): a button's face inside its gold rim and a pixel clear of it,
  a choice's value between its arrows, a row's label left of its control.

A card table in the middle of a game (``table_faults``) must be the same, its own way:

- every text it draws at least ``Metrics.least_text`` (as a page's);
- its seat names and pile labels not cut: each text drawn under the cards (``draw_under``:
  the names and labels a drawing fits to their boxes with ``fit_font_size``) inside the box
  the layout gives it, none of it left out by a clip;
- every card shown inside the play area or the panel, and each seat's hand and capture pile
  inside that seat's box (a table without seats, Yatsuhashi's: inside the window);
- every card of a capture pile identifiable: a third of its width (a strip the card's height)
  or a third of its height (a strip its width) not covered by a card drawn after it;
- no two seats' boxes over each other, the middle (field or trick) or the panel; no name or
  label box over another, or under a button;
- hit areas equal to drawn areas: each button of the table (Game log, Hint, a climbing
  table's meld buttons) takes a click where it is drawn, and nowhere else.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from typing import Any

import pygame

from game import fonts, theme
from game.widgets import Panel, ScrollList
from sprites import cache, draw_order

def visible_widgets(scene: Any) -> list[Any]:
    """Top-level widgets plus the children of scroll lists that are inside their viewport."""
    out = []
    for w in scene.widgets:
        if isinstance(w, Panel) or not getattr(w, "visible", True):
            continue
        if isinstance(w, ScrollList):
            out.extend(c for c in w.children if w.rect.contains(c.rect)
                       and getattr(c, "visible", True))
            out.append(w)
        else:
            out.append(w)
    return out


def _name(w: Any) -> str:
    return repr(getattr(w, "text", "") or type(w).__name__)[:40]


@contextlib.contextmanager
def _recording_texts() -> Iterator[list[tuple[str, int, pygame.Surface]]]:
    """Every text rendered through ``game.fonts.text_image`` while in the block: its words,
    its size in pixels and its image."""
    seen: list[tuple[str, int, pygame.Surface]] = []
    get = fonts._texts.get

    def recording(key: Any, make: Any) -> Any:
        face, text, _colour = key
        image = get(key, make)
        if text.strip():
            seen.append((text, face.point_size, image))
        return image
    fonts._texts.get = recording  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        del fonts._texts.get


def texts_drawn(scene: Any, surface: pygame.Surface) -> list[tuple[str, int]]:
    """Every text ``scene.draw`` renders (its caches emptied first) and its size in pixels."""
    cache.clear_all()
    with _recording_texts() as seen:
        scene.draw(surface)
    return [(text, px) for text, px, _image in seen]


def small_texts(scene: Any, surface: pygame.Surface) -> list[str]:
    """Each text ``scene`` draws on ``surface`` below ``Metrics.least_text`` (for the scene's
    canvas, a page's or a table's), in words."""
    least = theme.metrics_for(surface.get_size(),
                              getattr(scene, "CANVAS", theme.PAGE_CANVAS)).least_text
    return [f"{text[:40]!r} in {px} px (at least {least})"
            for text, px in texts_drawn(scene, surface) if px < least]


def faults(scene: Any, surface: pygame.Surface) -> list[str]:
    """What is wrong with ``scene`` laid out on ``surface`` (see the module docstring)."""
    size = surface.get_size()
    screen = pygame.Rect(0, 0, *size)
    widgets = visible_widgets(scene)
    found = []
    for w in widgets:
        if not screen.contains(w.rect):
            found.append(f"{_name(w)} at {tuple(w.rect)} leaves the window")
    leaves = [w for w in widgets if not isinstance(w, ScrollList)]
    for a, b in itertools.combinations(leaves, 2):
        if a.rect.colliderect(b.rect):
            found.append(f"{_name(a)} at {tuple(a.rect)} overlaps {_name(b)} at {tuple(b.rect)}")
    for w in leaves:
        cut = w.cut()
        if cut:
            found.append(f"{_name(w)} is cut: {cut}")
    found += small_texts(scene, surface)
    found += cramped_lists(scene) + uneven_texts(scene) + inked_borders(scene)
    return sorted(set(found))


def _lists(scene: Any) -> list[Any]:
    return [w for w in scene.widgets if isinstance(w, ScrollList) and w.visible]


def cramped_lists(scene: Any) -> list[str]:
    """Each scroll list of ``scene`` given less height than it needs to be used: all of
    it, or two of its rows whole (two of its shortest controls and the list's gap between
    them) and the tallest of them whole (a list of texts only: ``2 * row_height`` and the
    gap)."""
    found = []
    for w in _lists(scene):
        m = w.metrics
        gap = m.px(w.gap_design)
        rows = sorted(c.rect.height for c in w.children if c.focusable and c.visible)
        need = max(rows[-1], 2 * rows[0] + gap) if rows else 2 * m.row_height + gap
        need = min(w.content_height, need)
        if w.rect.height < need:
            names = ", ".join(_name(c) for c in w.children[:2])
            found.append(f"the list of {names}... is {w.rect.height} px tall at "
                         f"{tuple(w.rect)}: less than the {need} px two of its rows take")
    return found


def _texts_by_container(scene: Any) -> list[tuple[int, Any, Any]]:
    """Every text a widget of ``scene`` fits to its box (``Widget.texts``), with the
    container it is in (the scene, or a scroll list: ``id``) and the widget."""
    out = []
    for w in scene.widgets:
        if isinstance(w, Panel) or not getattr(w, "visible", True):
            continue
        inside = ([(id(w), c) for c in w.children if c.visible] if isinstance(w, ScrollList)
                  else [(id(scene), w)])
        out += [(where, c, t) for where, c in inside for t in c.texts()]
    return out


#: The least size of a text shrunk to fit, to the largest of its siblings' (``uneven_texts``).
SIBLING_RATIO = 0.87


def uneven_texts(scene: Any) -> list[str]:
    """Each text shrunk to fit its box that is drawn more than 15% smaller than a sibling
    (a text of the same part, role and container: ``SIBLING_RATIO``)."""
    groups: dict[tuple[int, str, int], list[Any]] = {}
    for where, _w, t in _texts_by_container(scene):
        groups.setdefault((where, t.part, t.wanted), []).append(t)
    found = []
    for (_where, part, wanted), texts in groups.items():
        largest = max(texts, key=lambda t: t.size)
        for t in texts:
            if t.size < wanted and t.size < SIBLING_RATIO * largest.size:
                found.append(f"{part} {t.text[:40]!r} shrunk to {t.size} px (its role's "
                             f"{wanted}) beside {largest.text[:40]!r} at {largest.size} px")
    return found


def inked_borders(scene: Any) -> list[str]:
    """Each text whose letters touch or cross the border of its box (``DrawnText.box``: the
    room inside a rim, a pixel clear of it)."""
    found = []
    for _where, _w, t in _texts_by_container(scene):
        if t.ink.width and not t.box.contains(t.ink):
            found.append(f"{t.part} {t.text[:40]!r}: its letters {tuple(t.ink)} touch the "
                         f"border of its box {tuple(t.box)}")
    return found


# Card tables ------------------------------------------------------------------------------------
def table_faults(table: Any, surface: pygame.Surface, geometry: bool = True) -> list[str]:
    """What is wrong with the card ``table`` laid out on ``surface``, settled in the middle
    of a game (see the module docstring); ``geometry=False``: its texts only (their sizes,
    and the names and labels in their boxes: what a language changes)."""
    table.covered()  # (the kept layers hold text: drawn again, every text is seen)
    found = small_texts(table, surface) + cut_texts(table, surface)
    if geometry:
        found += cards_out_of_place(table, surface)
        found += hidden_pile_cards(table)
        found += overlapping_boxes(table)
        found += button_faults(table, surface)
    return sorted(set(found))


def _seats(table: Any) -> list[tuple[int, int]]:
    """``(seat, screen seat)`` of each seat of a table with seats round it (none for a
    table without: Yatsuhashi's)."""
    if not hasattr(table.layout_, "seats"):
        return []
    return [(seat, table.screen_seat(seat)) for seat in range(table.players)]


def _piles(table: Any) -> list[list[Any]]:
    """Each seat's capture pile as shown (a fishing table's; none at a climbing table)."""
    return list(getattr(getattr(table, "view", None), "piles", []))


def text_boxes(table: Any) -> list[tuple[str, pygame.Rect]]:
    """The boxes a table's layout gives the texts it fits under its cards, in words: each
    other seat's name, the viewer's name where the table writes it (a climbing table's),
    each capture pile's labels by kind."""
    lay = table.layout_
    boxes = []
    piles = _piles(table)
    for seat, at in _seats(table):
        if at:
            boxes.append((f"seat {at}'s name", lay.seats[at].name))
        if piles:
            for label in lay.pile_places(at, piles[seat])[1]:
                boxes.append((f"seat {at}'s {label.kind.name.lower()} label", label.rect))
    own = getattr(table.drawing, "_own_name_rect", None)
    if own is not None:
        boxes.append(("the viewer's name", own()))
    return boxes


class _Blits(pygame.Surface):
    """A surface that keeps every blit made on it (the image, where, the part of it)
    instead of painting it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, tuple[int, int], pygame.Rect | None]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        at = pygame.Rect(dest).topleft if len(dest) == 4 else (round(dest[0]), round(dest[1]))
        self.blits.append((source, at, None if area is None else pygame.Rect(area)))
        return pygame.Rect(at, source.get_size())  # (kept, not painted: only where is asked)


def cut_texts(table: Any, surface: pygame.Surface) -> list[str]:
    """Each text ``draw_under`` writes (the names and labels over the cards) that a clip
    cuts, or that runs out of the box it is written at the corner of (``text_boxes``)."""
    boxes = text_boxes(table)
    layer = _Blits(surface.get_size())
    table.covered()  # (the names and labels kept as images: made again, their texts seen)
    with _recording_texts() as seen:
        table.drawing.draw_under(layer)
    texts = {id(image): text for text, _px, image in seen}
    found = []
    for image, at, area in layer.blits:
        text = texts.get(id(image))
        if text is None:
            continue
        ink = image.get_bounding_rect()
        shown = ink.clip(area) if area is not None else ink
        ink, shown = ink.move(at), shown.move(at)
        if shown != ink:
            found.append(f"{text[:40]!r} is clipped: {shown.size} of its {ink.size} px of "
                         f"letters shown")
        mine = [(what, box) for what, box in boxes if box.topleft == at]
        if mine:
            what, box = min(mine, key=lambda wb: wb[1].width)
            if ink.left < box.left or ink.right > box.right:
                found.append(f"{what} {text[:40]!r} runs out of its box: {ink.width} px of "
                             f"letters in {box.width} px")
    return found


def _shown(table: Any) -> list[Any]:
    """The card sprites shown, in the order they are drawn (``draw_order``)."""
    return [s for s in draw_order(table.sprites.values()) if s.alpha > 0]


def _inside(box: pygame.Rect, rect: pygame.Rect) -> bool:
    """``rect`` inside ``box`` but for a pixel of rounding (a card's centre is not a whole
    pixel: its box rounds outwards)."""
    return box.inflate(2, 2).contains(rect)


def cards_out_of_place(table: Any, surface: pygame.Surface) -> list[str]:
    """Cards shown outside the play area and the panel (a table without seats: outside the
    window), and each seat's hand and pile cards outside its box."""
    lay = table.layout_
    seats = _seats(table)
    areas = [lay.play, lay.panel] if seats else [surface.get_rect()]
    found = []
    out = [s for s in _shown(table) if not any(_inside(a, s.rect) for a in areas)]
    if out:
        found.append(f"{len(out)} cards outside the play area: {out[0].data} at "
                     f"{tuple(out[0].rect)}" + ("" if seats else " (the window)"))
    piles = _piles(table)
    for seat, at in seats:
        box = lay.seats[at].box
        for what, cards in [("hand", table.view.hands[seat]),
                            ("pile", piles[seat] if piles else [])]:
            astray = [c for c in cards if table.sprites[c].alpha > 0
                      and not _inside(box, table.sprites[c].rect)]
            if astray:
                rect = table.sprites[astray[0]].rect
                found.append(f"seat {at}'s {what}: {len(astray)} of {len(cards)} cards "
                             f"outside its box {tuple(box)}: {astray[0]} at {tuple(rect)}")
    return found


def _widest_gap(lo: int, hi: int, covers: list[tuple[int, int]]) -> int:
    """The longest run of ``lo..hi`` outside every span of ``covers``.

    >>> _widest_gap(0, 100, [(10, 20), (15, 60), (90, 120)])
    30
    """
    best, x = 0, lo
    for a, b in sorted(covers):
        if a > x:
            best = max(best, min(a, hi) - x)
        x = max(x, b)
        if x >= hi:
            break
    return max(best, hi - x)


def hidden_pile_cards(table: Any) -> list[str]:
    """The capture pile cards that are not identifiable: neither a third of their width (a
    strip as tall as the card) nor a third of their height (a strip as wide) left uncovered
    by the cards drawn over them. One line a seat, with the worst card."""
    piles = _piles(table)
    if not piles:
        return []
    shown = _shown(table)
    rank = {id(s): i for i, s in enumerate(shown)}
    found = []
    for seat, at in _seats(table):
        hidden = []
        for c in piles[seat]:
            s = table.sprites[c]
            if id(s) not in rank:
                continue
            r = s.rect
            over = [o.rect for o in shown[rank[id(s)] + 1:] if o.rect.colliderect(r)]
            across = _widest_gap(r.left, r.right, [(o.left, o.right) for o in over])
            down = _widest_gap(r.top, r.bottom, [(o.top, o.bottom) for o in over])
            if 3 * across < r.width and 3 * down < r.height:
                hidden.append((across, c, r))
        if hidden:
            across, c, r = min(hidden, key=lambda h: h[0])
            found.append(f"seat {at}'s pile: {len(hidden)} of {len(piles[seat])} cards show "
                         f"less than a third (the least, {c}: {across} of {r.width} px)")
    return found


def overlapping_boxes(table: Any) -> list[str]:
    """Seats' boxes over each other, the middle or the panel, or out of the play area; the
    boxes of names and labels over each other."""
    lay = table.layout_
    found = []
    places = [(f"seat {at}'s box", lay.seats[at].box) for _seat, at in _seats(table)]
    if places:
        for what, box in places:
            if not lay.play.contains(box):
                found.append(f"{what} {tuple(box)} leaves the play area {tuple(lay.play)}")
        others = [("the middle", lay.middle), ("the panel", lay.panel)]
        for (a, ra), (b, rb) in itertools.chain(itertools.combinations(places, 2),
                                                itertools.product(places, others)):
            if ra.colliderect(rb):
                found.append(f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}")
    for (a, ra), (b, rb) in itertools.combinations(text_boxes(table), 2):
        if ra.colliderect(rb):
            found.append(f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}")
    return found


def table_buttons(table: Any) -> list[Any]:
    """The table's buttons shown: Game log, Hint, and its own (a climbing table's meld
    buttons, Yatsuhashi's); one never placed (an empty box: Yatsuhashi's Game log, which it
    does not draw) is not one."""
    own = getattr(table, "buttons", [])
    own = list(own.values()) if isinstance(own, dict) else list(own)
    found = []
    for b in [table.log_button, getattr(table, "hint_button", None), *own]:
        if b is not None and b.visible and b.rect.width and b.rect.height and \
                all(b is not f for f in found):
            found.append(b)
    return found


def _hit_box(button: Any, around: pygame.Rect) -> pygame.Rect:
    """Where ``button`` takes a click, found along the lines through ``around``'s centre
    (the box from its leftmost to rightmost and top to bottom hits); empty when none."""
    cx, cy = around.center
    xs = [x for x in range(around.left, around.right) if button.hit((x, cy))]
    ys = [y for y in range(around.top, around.bottom) if button.hit((cx, y))]
    if not xs or not ys:
        return pygame.Rect(cx, cy, 0, 0)
    return pygame.Rect(xs[0], ys[0], xs[-1] + 1 - xs[0], ys[-1] + 1 - ys[0])


def button_faults(table: Any, surface: pygame.Surface) -> list[str]:
    """Each button's hit area against what it draws (its face: the opaque part, shadow and
    ring aside), a button out of the window, two buttons over each other, a button over a
    name or a label."""
    screen = surface.get_rect()
    buttons = table_buttons(table)
    found = []
    canvas = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for b in buttons:
        name = repr(b.text[:30])
        if not screen.contains(b.rect):
            found.append(f"button {name} at {tuple(b.rect)} leaves the window")
        room = b.painted_rect().clip(screen)
        canvas.fill((0, 0, 0, 0), room)
        b.draw(canvas)
        faces = pygame.mask.from_surface(canvas.subsurface(room), 250).get_bounding_rects()
        if not faces:
            found.append(f"button {name} draws nothing")
            continue
        drawn = faces[0].unionall(faces[1:]).move(room.topleft)
        hit = _hit_box(b, room)
        if hit != drawn:
            found.append(f"button {name} is drawn at {tuple(drawn)} and takes clicks at "
                         f"{tuple(hit)}")
    for a, b in itertools.combinations(buttons, 2):
        if a.rect.colliderect(b.rect):
            found.append(f"button {a.text[:30]!r} at {tuple(a.rect)} overlaps button "
                         f"{b.text[:30]!r} at {tuple(b.rect)}")
    for b in buttons:
        for what, box in text_boxes(table):
            if b.rect.colliderect(box):
                found.append(f"button {b.text[:30]!r} at {tuple(b.rect)} overlaps {what} "
                             f"{tuple(box)}")
    return found
