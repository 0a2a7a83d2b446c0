"""Text layout on pygame-ce fonts: word wrapping and aligned drawing.

>>> import pygame; pygame.font.init()
>>> wrap(pygame.font.Font(None, 20), "one two three", 1000)
['one two three']
>>> from game.fonts import font
>>> lines = wrap(font(20), "札を取ります。「こいこい」", font(20).size("札を取ります")[0])
>>> lines[:2], any(l[0] in NO_LINE_START or l[-1] in NO_LINE_END for l in lines)
(['札を取りま', 'す。「こいこ'], False)

(A mark that may not start a line takes the character before it down with it, rather than
hang past the width: a box's text stays inside it.)
"""

from __future__ import annotations

import functools
import re

import pygame

from game.fonts import text_image
from sprites.cache import on_clear_all

Align = str  # "left" | "center" | "right"

#: Japanese line breaking (kinsoku): characters that never begin a line, and that never end one.
NO_LINE_START = "、。，．・：；？！ー…‥）」』】〕〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ%)]}.,:;!?"
NO_LINE_END = "（「『【〔〈《([{"
#: Spaced marks that end the word before them, never begin a line ("Round 1 · dealer"); after
#: a dash the next word comes too where both fit a line, so "Computer — Hard" stays whole.
GLUED = ("—", "–", "·")
DASHES = ("—", "–")
#: A separator between items ("Deal 3/12 · dealer: you"): where a line breaks after it, the
#: break separates them and the dot goes (it was left alone at the line's end).
SEPARATOR = " ·"


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width``; explicit newlines are kept.

    A single word wider than ``width`` is split by characters (needed for kanji, which have
    no spaces). A spaced dash or middle dot stays with the word before it, and a dash with
    the word after it too where they fit (``GLUED``); a line broken after a middle dot
    leaves the dot out (``SEPARATOR``). Cached: panels and pages wrap the same lines each
    time they are painted.

    >>> f = pygame.font.Font(None, 20)
    >>> wrap(f, "Round 1 · dealer: Computer — Hard", f.size("Round 1 · dealer: Computer")[0])
    ['Round 1 · dealer:', 'Computer — Hard']
    >>> wrap(f, "Round 1 · dealer: you", f.size("Round 1 · dealer")[0])
    ['Round 1', 'dealer: you']
    """
    return list(_wrapped(font, text, width))


@functools.lru_cache(maxsize=2048)
def _wrapped(font: pygame.font.Font, text: str, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words: list[str] = []
        for word in paragraph.split(" "):
            if words and (word in GLUED or words[-1].endswith(DASHES) and word
                          and font.size(f"{words[-1]} {word}")[0] <= width):
                words[-1] = f"{words[-1]} {word}"
            else:
                words.append(word)
        line = ""
        for word in words:
            candidate = word if not line else f"{line} {word}"
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line.removesuffix(SEPARATOR))
            line = ""
            # A hyphenated word may break after a hyphen ("Олень-кабан-|бабочка"); a part
            # still too wide is split by characters (Japanese has no spaces), never putting
            # closing punctuation first on a line nor an opening bracket last.
            for part in _HYPHEN_PARTS.findall(word) or [word]:
                if font.size(line + part)[0] <= width:
                    line += part
                    continue
                if line:
                    lines.append(line)
                    line = ""
                line = _split_characters(font, part, width, lines)
        lines.append(line)
    return tuple(lines)


def balanced_wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``wrap``'s lines made about one length: ``text`` wrapped at the narrowest width that
    takes no more lines, so that no word is left alone on the last line where the others
    can make room for it.

    >>> f = pygame.font.Font(None, 20)
    >>> text = "Beat Single J with a higher one of its kind, or a bomb; or pass."
    >>> wrap(f, text, f.size(text)[0] - 1)[1], balanced_wrap(f, text, f.size(text)[0] - 1)
    ('pass.', ['Beat Single J with a higher one', 'of its kind, or a bomb; or pass.'])
    """
    return list(_balanced(font, text, width))


@functools.lru_cache(maxsize=512)
def _balanced(font: pygame.font.Font, text: str, width: int) -> tuple[str, ...]:
    count = len(_wrapped(font, text, width))
    if count < 2:
        return _wrapped(font, text, width)
    low, high = 1, width  # (more room never takes more lines: the narrowest that takes no more)
    while low < high:
        middle = (low + high) // 2
        if len(_wrapped(font, text, middle)) <= count:
            high = middle
        else:
            low = middle + 1
    return _wrapped(font, text, low)


#: A word's parts, each up to and with its hyphen: the places it may break.
_HYPHEN_PARTS = re.compile(r"[^-]+-*|-+")


def _split_characters(font: pygame.font.Font, word: str, width: int, lines: list[str]
                      ) -> str:
    """``word`` broken by characters into ``lines`` no wider than ``width`` where they
    can be (a word of letters with a hyphen at the break); returns its last line,
    unfinished."""
    line = ""
    for ch in word:
        if font.size(line + ch)[0] <= width or not line:
            line += ch
        elif ch in NO_LINE_START:  # (it takes the character before it down with it)
            if len(line) > 1 and line[-1] not in NO_LINE_START:
                lines.append(line[:-1])
                line = line[-1] + ch
            else:  # (a run of them: over the width rather than alone)
                line += ch
        elif line[-1] in NO_LINE_END and len(line) > 1:
            lines.append(line[:-1])
            line = line[-1] + ch
        else:
            carry = ""
            if _alphabetic(line[-1]) and _alphabetic(ch):  # (a word cut: a hyphen says so)
                while len(line) > 1 and font.size(line + "-")[0] > width:
                    line, carry = line[:-1], line[-1] + carry
                line += "-"
            lines.append(line)
            line = carry + ch
    return line


def _alphabetic(ch: str) -> bool:
    """A letter of a script that spaces its words (Latin, Cyrillic: not kana nor kanji)."""
    return ch.isalpha() and ord(ch) < 0x2E80


on_clear_all(_wrapped.cache_clear)  # (its keys hold fonts open: they go with the others)
on_clear_all(_balanced.cache_clear)


@functools.lru_cache(maxsize=1024)
def fit_font_size(text: str, width: int, start: int, bold: bool = False, minimum: int = 8) -> int:
    """The largest size <= ``start`` at which ``text`` fits in ``width`` on one line, in the
    bundled font. Cached: widgets ask every frame, the answer changes only with the layout."""
    from game.fonts import font

    def fits(size: int) -> bool:
        return font(size, bold).size(text)[0] <= width

    wide = font(start, bold).size(text)[0]
    if wide <= width or start <= minimum:
        return start
    # Widths grow with the size, about in proportion: start near the answer (each size tried
    # is a font loaded, a quarter of a millisecond), then step to it.
    size = min(start - 1, max(minimum, width * start // max(1, wide)))
    while size > minimum and not fits(size):
        size -= 1
    while size + 1 < start and fits(size + 1):
        size += 1
    return size


@functools.lru_cache(maxsize=256)
def clip_text(text: str, width: int, size: int, bold: bool = False) -> str:
    """``text`` as much of it as fits ``width`` at ``size``, cut with "…" where it does not
    (a line of words that may run long; a name or a figure is fitted, never cut).

    >>> clip_text("took Crane and Sun", 1000, 15), clip_text("took Crane and Sun", 60, 15)
    ('took Crane and Sun', 'took C…')
    """
    from game.fonts import font
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)  # the longest start that fits with its "…"
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…" if lo else ""


def line_step(size: int) -> int:
    """The distance between the lines of a name set on two (tighter than the font's own)."""
    return round(size * 1.25)


@functools.lru_cache(maxsize=512)
def fit_lines(text: str, width: int, height: int, start: int, bold: bool = True,
              least: int = 0) -> tuple[int, tuple[str, ...]]:
    """A short text (a name) in a box: (font size, lines). One line where it fits at
    ``start`` or a little less (never below ``least``); else the larger of one line shrunk
    and two lines (broken at a space or after a hyphen, the longer line as short as can be)
    that fit ``width`` and, two ``line_step`` apart, ``height``.

    >>> fit_lines("Bridge", 90, 34, 15)
    (15, ('Bridge',))
    >>> fit_lines("Boar-deer-butterflies", 90, 34, 15)[1]
    ('Boar-deer-', 'butterflies')
    """
    from game.fonts import font
    one = fit_font_size(text, width, start, bold)
    breaks = [k + 1 for k, ch in enumerate(text) if ch in " -"]
    if one >= max(start * 0.85, least) or not breaks:
        return one, (text,)
    f = font(one, bold)
    k = min(breaks, key=lambda k: max(f.size(text[:k].rstrip())[0], f.size(text[k:])[0]))
    lines = (text[:k].rstrip(), text[k:])
    two = min(fit_font_size(line, width, start, bold) for line in lines)
    while two > 8 and 2 * line_step(two) > height:
        two -= 1
    return (two, lines) if two > one else (one, (text,))


@functools.lru_cache(maxsize=256)
def fit_paragraph(text: str, width: int, height: int, start: int, least: int
                  ) -> tuple[int, tuple[str, ...]]:
    """A sentence in a box (a table's message line): (font size, lines), in the regular
    face, the lines ``line_step`` apart. One line where it fits at ``start`` or a little less;
    else the larger of one line shrunk and lines of about one length (``balanced_wrap``) at
    the largest size whose lines fit ``height``; never below ``least``, where the lines take
    as many as they need (the box's height notwithstanding).

    >>> fit_paragraph("Your turn.", 400, 40, 19, 14)
    (19, ('Your turn.',))
    >>> fit_paragraph("Beat Single J with a higher one of its kind, or a bomb; or pass.",
    ...               400, 60, 19, 14)
    (19, ('Beat Single J with a higher one', 'of its kind, or a bomb; or pass.'))
    >>> fit_paragraph("Beat Single J with a higher one of its kind, or a bomb; or pass.",
    ...               400, 30, 19, 14)[0]
    14
    """
    from game.fonts import font
    one = fit_font_size(text, width, start, minimum=least)
    fits = font(one).size(text)[0] <= width
    if fits and one >= start * 0.85:
        return one, (text,)
    for size in range(start, (one if fits else least - 1), -1):
        face = font(size)
        lines = balanced_wrap(face, text, width)
        if face.get_height() + line_step(size) * (len(lines) - 1) <= height:
            return size, tuple(lines)
    if fits:
        return one, (text,)
    return least, tuple(balanced_wrap(font(least), text, width))


def draw_fitted(surface: pygame.Surface, text: str, color: tuple[int, int, int],
                rect: pygame.Rect, start: int, align: Align = "center", bold: bool = True,
                least: int = 0) -> pygame.Rect:
    """Draw a name inside ``rect`` as ``fit_lines`` sets it (one line no smaller than
    ``least`` where two lines are larger), centred on the rectangle's middle line
    (``align``: "center", or "left" from its left edge); returns the rectangle covered."""
    from game.fonts import font
    size, lines = fit_lines(text, rect.width, rect.height, start, bold, least)
    step = line_step(size)
    y = rect.centery - step * (len(lines) - 1) / 2
    covered = pygame.Rect(rect.centerx, rect.centery, 0, 0)
    for k, line in enumerate(lines):
        img = text_image(font(size, bold), line, color)
        box = img.get_rect(center=(rect.centerx, round(y + k * step)))
        if align == "left":
            box.x = rect.x
        surface.blit(img, box)
        covered = box if k == 0 else covered.union(box)
    return covered


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    color: tuple[int, int, int],
    rect: pygame.Rect,
    align: Align = "left",
    valign: str = "top",
    wrap_lines: bool = True,
    line_spacing: float = 1.15,
) -> pygame.Rect:
    """Draw ``text`` inside ``rect``; returns the rectangle actually covered."""
    lines = wrap(font, text, rect.width) if wrap_lines else text.split("\n")
    line_h = round(font.get_linesize() * line_spacing)
    total_h = line_h * len(lines)
    if valign == "center":
        y = rect.y + (rect.height - total_h) // 2
    elif valign == "bottom":
        y = rect.bottom - total_h
    else:
        y = rect.y
    covered = pygame.Rect(rect.x, y, 0, 0)
    for line in lines:
        img = text_image(font, line, color)
        if align == "center":
            x = rect.x + (rect.width - img.get_width()) // 2
        elif align == "right":
            x = rect.right - img.get_width()
        else:
            x = rect.x
        surface.blit(img, (x, y))
        covered.union_ip(pygame.Rect(x, y, img.get_width(), line_h))
        y += line_h
    return covered


def text_height(font: pygame.font.Font, text: str, width: int, line_spacing: float = 1.15) -> int:
    """Height ``draw_text`` would use for ``text`` wrapped at ``width``."""
    return round(font.get_linesize() * line_spacing) * len(wrap(font, text, width))


def clock(seconds: float) -> str:
    """A duration as ``m:ss`` (``h:mm:ss`` from an hour on).

    >>> clock(75.9), clock(3725)
    ('1:15', '1:02:05')
    """
    s = int(seconds)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"
