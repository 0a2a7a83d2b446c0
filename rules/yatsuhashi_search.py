"""The search of the Yatsuhashi solver: can this position still be won, and how?

``search(game, max_nodes)`` searches the game tree from ``game`` (a ``rules.yatsuhashi.Game``)
seeing every card, the face-down ones included, and answers True with a winning line of
*abstract* moves (below), False (proved: no line wins), or None (the budget ran out first:
``max_nodes`` positions generated). The budget is a count of positions, not a time: the search
reads no clock, so a position gets the same answer and line on every machine and under any
load. A caller may also pass ``stop``, a function asked every ``_SLICE`` positions whether to
give up (``ai.yatsuhashi_solver`` asks its wall clock there; nothing in ``rules/`` does).

The public face is the engine's: ``rules.yatsuhashi.solve(game, seconds)`` (docs/api.md; its
``seconds`` are a budget of ``NODES_PER_SECOND`` positions a second) and
``rules.yatsuhashi.solve_within(game, max_nodes)``, which check their arguments, call
``search`` and write the line out as engine moves (turns and recycles added), replayed through
the engine before they are returned. This module imports nothing of ``rules.yatsuhashi`` (the
yaku come from ``rules.yatsuhashi_yaku``), so the engine can import it without a cycle; it
reads a game's private fields to build its own position (``_Position``), as a friend of the
engine. docs/yatsuhashi_winnability.md gives the figures over 3,000 deals; the game's budget
is ``ai.yatsuhashi.SOLVER_NODES``.

The position the search works on is *abstract*, and every reduction keeps the answer exact:

1. **The stock is a set.** Turning and recycling change nothing but which stock/waste card lies
   on top of the waste, and any card of the stock or waste can be brought there by turning (and
   recycling) without touching anything else; taking the waste top away leaves the others in
   their cycle. So the search treats stock and waste as one set, any *one* card of which may be
   played onto a foundation or taken in a collection (only the waste top is ever available, so
   at most one per collection). Turns are put back when the line is written out, and the engine
   replays the whole line before it is returned.
2. **Symmetry.** The rules never tell foundations apart, so a position's key lists them sorted
   (the moves keep their real indices). The two chaff of a month 1-10, and the three of December,
   play exactly the same part (same month, same kind, same yaku: both early_chaff collections
   are alike), so the key writes a card's *role*, not the card. Positions with equal keys are
   images of each other under a permutation of foundations and of interchangeable cards, which
   maps legal moves to legal moves and wins to wins. With several empty foundations only the
   first is tried as a destination (the others give positions with the same key).
3. **Stock plays are used at once.** A stock card put onto a foundation is only worth
   playing for what it is then used for: a card or run put onto it, another stock card put
   onto it, or a collection that takes it. Any winning line can be reordered so that every
   stock play comes just before its use (until then the card can wait in the stock, which
   loses nothing by rule 1, and the moves in between do not need it: the only way they
   could touch it is to carry it along on a run, which the later play reproduces). So a card
   played from the stock is *pending* until used, and while a card is pending the search
   tries only moves that use it (or further stock plays that one collection could use
   together with it). Reaching a key again with a subset of the pending cards of an earlier
   visit adds nothing (fewer pending cards allow a superset of the moves). A stock play is
   not generated at all when nothing could use the card: no face-up run or stock card could
   go onto it and no collection could take it (it would be a dead end).
4. **Transposition table.** Once a key has been expanded, meeting it again needs no new search:
   its moves are (or will be) all tried from the first visit.

Search order does not affect the answer, only how soon it comes. The search is best-first
over one transposition table with several priority queues that take turns: each orders the
positions by a heuristic (cards left, face-down cards, cards lying above cards of another
yaku, foundations whose lowest face-up card has nowhere left to go) plus its own charge per
*shuffle* on the path (a move that turns nothing up and empties nothing): the heavily charged
queues keep to lines that make progress, the uncharged one finds the wins that need long
rearrangements of the face-up runs. Every new position goes into every queue and is expanded
once, by whichever queue reaches it first. After ``_INLINE_AFTER`` positions without a win
(by then the answer is most likely False) a stock play is expanded as soon as it is made
instead of queued, since its card has to be used next anyway: fewer trips through the queues,
the same positions. The answer is True as soon as a line empties the table, False once every
queue is empty (every reachable key expanded), None when the budget runs out (or ``stop`` says
so). The winning line is abstract: ``rules.yatsuhashi`` writes it out as engine moves.

``search`` may run in several threads at once (the game scene asks it from a background
thread): each call keeps its search state to itself, and the module's caches (``_HMEMO``,
``_COHERENT``) are dicts that are only read and written an entry at a time, whose values
depend on the key alone.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from rules.hanafuda import DECK, Kind
from rules.yatsuhashi_yaku import CHAFF_MONTHS, YAKU_CARDS, YAKU_OF_CARD

if TYPE_CHECKING:  # pragma: no cover - the engine imports this module, never the reverse
    from rules.yatsuhashi import Game


# ----------------------------------------------------------------------------------------------
# Tables over card indices 0-47

_MONTH = tuple(c.month for c in DECK)
_SUCC = tuple(c.month % 12 + 1 for c in DECK)   # the month of the card it may be put on


def _roles() -> tuple[int, ...]:
    """Interchangeable cards share a role: the chaff of one month (1-10 and 12)."""
    roles: dict[tuple, int] = {}
    out = []
    for c in DECK:
        k = (c.month, "C") if c.kind is Kind.CHAFF else (c.code,)
        out.append(roles.setdefault(k, len(roles)))
    return tuple(out)


_ROLE = _roles()
_ROLEW = tuple(1 << (2 * r) for r in _ROLE)   # a multiset of roles: 2 bits per role
# A foundation's key: its face-down count + 2, each card's role + 2, then a flag byte, 1 when
# its top card is pending (see _Position), else 0. Every byte but the flag is at least 2, so
# sorting the keys sorts by (cards, flag), and the flags can be read and cleared by translate.
_ROLEB = tuple(bytes((r + 2,)) for r in _ROLE)
_ROLEBP = tuple(bytes((r + 2, 1)) for r in _ROLE)   # the card, pending, as a last card
_ROLEBN = tuple(bytes((r + 2, 0)) for r in _ROLE)   # the card, not pending, as a last card
_CLEAR_FLAGS = bytes.maketrans(b"\x01", b"\x00")
_ONLY_FLAGS = bytes(1 if k == 1 else 0 for k in range(256))
_BRIDGE = next(c.index for c in DECK if c.code == "5A")
_BRIDGE_BIT = 1 << _BRIDGE
_SUCC_MASK = tuple(sum(1 << d.index for d in DECK if d.month == c.month % 12 + 1) for c in DECK)
_ALL = (1 << 48) - 1


def _tables() -> tuple[tuple, tuple, tuple[int, ...], tuple[bool, ...]]:
    fixed = tuple((y, sum(c.bit for c in cs)) for y, cs in YAKU_CARDS.items()
                  if y != "yatsuhashi")
    chaff = tuple((y, tuple(tuple(c.index for c in DECK if c.kind is Kind.CHAFF and c.month == m)
                            for m in ms)) for y, ms in CHAFF_MONTHS.items())
    groups = sorted(set(YAKU_OF_CARD.values()))
    role_group = [0] * (max(_ROLE) + 1)
    for c in DECK:
        role_group[_ROLE[c.index]] = groups.index(YAKU_OF_CARD[c])
    group_fixed = tuple(g not in CHAFF_MONTHS for g in groups)
    return fixed, chaff, tuple(role_group), group_fixed


_FIXED, _CHAFF, _ROLE_GROUP, _GROUP_FIXED = _tables()
# Per chaff yaku: its cards as bits, each month's two chaff as bits; and its months as bits.
_CHAFF_GROUPS = tuple((y, sum(1 << c for pair in ms for c in pair),
                       tuple((1 << a) | (1 << b) for a, b in ms)) for y, ms in _CHAFF)
_GROUP_MONTHS = {y: sum(1 << _MONTH[pair[0]] for pair in ms) for y, ms in _CHAFF}


def _needs() -> tuple:
    """Per card: bit sets each of which must hold an available card for a collection of the
    card's yaku (its other cards one by one; for chaff, each other month's two chaff); None
    for the Bridge."""
    out: list[tuple[int, ...] | None] = []
    for c in DECK:
        y = YAKU_OF_CARD[c]
        if y == "yatsuhashi":
            out.append(None)
        elif y in CHAFF_MONTHS:
            out.append(tuple(sum(d.bit for d in DECK if d.kind is Kind.CHAFF and d.month == m)
                             for m in CHAFF_MONTHS[y] if m != c.month))
        else:
            out.append(tuple(d.bit for d in YAKU_CARDS[y] if d != c))
    return tuple(out)


_NEEDS = _needs()

# Heuristic weights (search order only: they never change an answer).
_W_CARD = 20       # each card still on the table
_W_DOWN = 40       # each face-down card
_W_ORPHAN = 50
_W_BOUND = 20      # each place where a foundation passes from one yaku to another

_HMEMO: dict[bytes, int] = {}
_FDB = tuple(bytes((k + 2,)) for k in range(64))   # a foundation key starts with face-down + 2


def _fheur(kf: bytes) -> int:
    """Heuristic cost of one foundation from its key (face-down count, then roles)."""
    got = _HMEMO.get(kf)
    if got is not None:
        return got
    groups = [_ROLE_GROUP[r - 2] for r in kf[1:-1]]
    n = len(groups)
    seen: dict[int, int] = {}
    block = 0
    for k in range(n - 1, -1, -1):  # cards above card k that belong to another yaku
        g = groups[k]
        same = seen.get(g, 0)
        block += n - 1 - k - same
        seen[g] = same + 1
    bounds = sum(1 for k in range(n - 1) if groups[k] != groups[k + 1])
    got = block + _W_BOUND * bounds + _W_DOWN * (kf[0] - 2)
    if len(_HMEMO) > 2_000_000:
        _HMEMO.clear()
    _HMEMO[kf] = got
    return got


# ----------------------------------------------------------------------------------------------
# The abstract position


class _Position:
    """The abstract position (module docstring) with make/unmake of abstract moves.

    Moves are tuples: ``(0, i, p, j)`` foundation i's cards from position p up onto foundation
    j; ``(1, c, j)`` stock card c onto foundation j; ``(2, mask, c, yaku)`` a collection of the
    cards in ``mask``, ``c`` the stock card among them or -1.

    ``pending``: the stock cards played since the last move that was not a stock play and not
    yet *used* (covered by a card put on them, or collected); see ``gen``.
    """

    def __init__(self, game: Game) -> None:
        self.F = [list(f) for f in game._f]
        self.FD = list(game._fd)
        stock = 0
        for c in game._stock + game._waste:
            stock |= 1 << c
        self.stock = stock
        self.skey = sum(_ROLEW[c] for c in range(48) if stock >> c & 1)
        self.ncol = sum(1 for y in game._collected if y != "yatsuhashi")
        self.ncards = sum(map(len, self.F)) + stock.bit_count()
        table = stock
        down = 0
        for f, fd in zip(self.F, self.FD):
            for k, c in enumerate(f):
                table |= 1 << c
                if k < fd:
                    down |= 1 << c
        self.down = down                       # face-down cards
        self.gone = _ALL & ~table              # collected cards
        self.pending = 0
        self.kf = [b""] * len(self.F)
        self.hf = [0] * len(self.F)
        for i in range(len(self.F)):
            self._refresh(i)

    def _refresh(self, i: int) -> None:
        pend = self.pending
        f = self.F[i]
        kf = _FDB[self.FD[i]] + bytes([_ROLE[c] + 2 for c in f]) + (
            b"\x01" if f and pend >> f[-1] & 1 else b"\x00")
        self.kf[i] = kf
        h = _HMEMO.get(kf)
        self.hf[i] = h if h is not None else _fheur(kf)

    def snapshot(self) -> tuple:
        """Everything about the position, compactly (see ``restore``)."""
        return (tuple(map(bytes, self.F)), tuple(self.FD), self.stock, self.skey, self.ncol,
                self.ncards, self.pending, self.down, self.gone, tuple(self.kf), tuple(self.hf))

    def restore(self, snap: tuple) -> None:
        (fs, fd, self.stock, self.skey, self.ncol, self.ncards, self.pending, self.down,
         self.gone, kf, hf) = snap
        self.F[:] = map(list, fs)
        self.FD[:] = fd
        self.kf[:] = kf
        self.hf[:] = hf

    def key(self) -> tuple[bytes, int]:
        """The position's key, pending flags cleared (the search keeps them apart)."""
        return (b"\xff".join(sorted(self.kf)).translate(_CLEAR_FLAGS), self.skey)

    def heuristic(self) -> int:
        return _W_CARD * self.ncards + sum(self.hf) + _W_ORPHAN * self.orphans()

    def orphans(self) -> int:
        """Foundations with face-down cards whose lowest face-up card has nothing it could
        go onto: every card of the month after it is face down or collected."""
        live = ~(self.down | self.gone)
        F = self.F
        n = 0
        for i, fd in enumerate(self.FD):
            if fd and not _SUCC_MASK[F[i][fd]] & live:
                n += 1
        return n

    def won(self) -> bool:
        return self.ncards == 0

    # Moves -------------------------------------------------------------------------------------
    def collects(self) -> list[tuple]:
        """The collections possible now (with at most one stock card), every pending card
        among the cards taken."""
        F, stock, pend = self.F, self.stock, self.pending
        up = _ALL & ~(self.down | self.gone | stock)    # face-up foundation cards
        avail = up | stock

        def ok(s: int) -> bool:
            """Is every card of s (face up) in a top segment of s cards? Sum, over the
            foundations, of the run of s cards from the top: all of s."""
            n = 0
            for fi in F:
                k = len(fi) - 1
                while k >= 0 and s >> fi[k] & 1:
                    k -= 1
                n += len(fi) - 1 - k
            return n == s.bit_count()

        out: list[tuple] = []
        for y, mask in _FIXED:
            if mask & ~avail or pend & ~mask:
                continue
            rem = mask & stock   # the cards that must come from the stock: at most one
            if rem & (rem - 1):
                continue
            if ok(mask & up):
                out.append((2, mask, rem.bit_length() - 1, y))
        for y, gmask, month_masks in _CHAFF_GROUPS:
            if pend & ~gmask:
                continue   # a pending card this collection could not take
            if sum(1 for mm in month_masks if mm & up) < 4 or any(
                    not mm & avail for mm in month_masks):
                continue   # a collection takes at most one stock card
            # The group's chaff on top of each foundation (face up): a collection takes a
            # top part of each such run, one card of each month, plus at most one stock card.
            g = gmask & up
            runs = []
            for fi in F:
                k = len(fi) - 1
                if k >= 0 and g >> fi[k] & 1:
                    r = []
                    while k >= 0 and g >> fi[k] & 1:
                        r.append(fi[k])
                        k -= 1
                    runs.append(r)
            found: list[tuple[int, int]] = []
            _chaff_sets(runs, 0, 0, 0, found)
            for s, months in found:
                missing = _GROUP_MONTHS[y] & ~months
                if not missing:
                    if not pend & ~s:
                        out.append((2, s, -1, y))
                elif not missing & (missing - 1):
                    for mm in month_masks:
                        st = mm & stock
                        if st and (1 << _MONTH[st.bit_length() - 1]) == missing:
                            while st:
                                b = st & -st
                                st ^= b
                                if not pend & ~(s | b):
                                    out.append((2, s | b, b.bit_length() - 1, y))
        if self.ncol >= 5 and up & _BRIDGE_BIT and not pend & ~_BRIDGE_BIT:
            for fi in F:
                if fi and fi[-1] == _BRIDGE:
                    out.append((2, _BRIDGE_BIT, -1, "yatsuhashi"))
                    break
        return out

    def gen(self) -> list[tuple]:
        """The abstract moves to try, collections first (see ``_Position`` for the pending
        stock cards)."""
        F, FD, pend = self.F, self.FD, self.pending
        nf = len(F)
        out = self.collects()
        # Per month, the foundations whose top card is of that month (tuples, one list).
        tops_by_month: list[tuple[int, ...]] = [()] * 13
        tbit = [0] * nf    # each top card as a bit (0: empty)
        empty = -1
        jt = -1            # the foundation of the pending card (one pending card)
        for j in range(nf):
            if F[j]:
                t = F[j][-1]
                m = _MONTH[t]
                tops_by_month[m] = tops_by_month[m] + (j,)
                b = tbit[j] = 1 << t
                if b == pend:
                    jt = j
            elif empty < 0:
                empty = j
        later: list[tuple] = []
        targets: list[tuple[int, ...]]
        if pend and pend & (pend - 1):
            targets = []                 # two pending cards: only a collection uses both
        elif pend:                       # one pending card: moves must go onto it
            t = pend.bit_length() - 1
            targets = [()] * 13
            targets[_MONTH[t]] = (jt,)
        else:
            targets = tops_by_month
        runs_onto = 0   # months some face-up run could be put onto (bits 1-12)
        if targets:
            for i in range(nf):
                fi = F[i]
                lo = FD[i]
                p = len(fi) - 1
                while p >= lo:
                    c = fi[p]
                    runs_onto |= 1 << _SUCC[c]
                    dest = out if p == lo else later   # uncovering or emptying first
                    for j in targets[_SUCC[c]]:
                        if j != i:
                            dest.append((0, i, p, j))
                    if empty >= 0 and p > 0 and not pend:
                        dest.append((0, i, p, empty))
                    if p > lo and _SUCC[c] == _MONTH[fi[p - 1]]:
                        p -= 1
                    else:
                        break
        s = self.stock
        if not pend:
            stock_onto = 0   # months some stock card could be put onto
            while s:
                b = s & -s
                s ^= b
                stock_onto |= 1 << _SUCC[b.bit_length() - 1]
            onto = runs_onto | stock_onto
            avail = _ALL & ~(self.down | self.gone)
            s = self.stock
        else:
            # Only stock cards that could go onto the pending card, or be taken in one
            # collection with a pending card, can give a move below.
            cand = 0 if pend & (pend - 1) else _ONTO_MONTH[_MONTH[t]]
            q = pend
            while q:
                b = q & -q
                q ^= b
                cand |= _COH_WITH[b.bit_length() - 1]
            s &= cand
        while s:
            b = s & -s
            s ^= b
            c = b.bit_length() - 1
            if not pend and not onto >> _MONTH[c] & 1:
                # Played now, the card would be pending with no use: nothing could be put
                # onto it, and no collection could take it. A dead end: not generated.
                need = _NEEDS[c]
                if need is None:
                    if self.ncol < 5:
                        continue
                elif not all(m & avail for m in need):
                    continue
            for j in tops_by_month[_SUCC[c]]:
                if not pend or _coherent(pend & ~tbit[j] | b):
                    out.append((1, c, j))
            if empty >= 0 and (not pend or _coherent(pend | b)):
                later.append((1, c, empty))
        out += later
        return out

    def apply(self, mv: tuple) -> Any:
        F, FD, kf, hf = self.F, self.FD, self.kf, self.hf
        kind = mv[0]
        pend = self.pending
        if kind == 0:
            _, i, p, j = mv
            fi, fj = F[i], F[j]
            ki, kj = kf[i], kf[j]
            old: tuple = (ki, hf[i], kj, hf[j], pend)
            self.pending = 0   # the move went onto the pending card, if there was one
            fj += fi[p:]
            n = len(fi) - p
            del fi[p:]
            if p and p == FD[i]:
                FD[i] = p - 1
                flip = True
                self.down &= ~(1 << fi[-1])
            else:
                flip = False
            k = kf[i] = _FDB[FD[i]] + ki[1:p + 1] + b"\x00"
            h = _HMEMO.get(k)
            hf[i] = h if h is not None else _fheur(k)
            k = kf[j] = kj[:-1] + ki[p + 1:-1] + b"\x00"
            h = _HMEMO.get(k)
            hf[j] = h if h is not None else _fheur(k)
            return (n, flip, old)
        if kind == 1:
            _, c, j = mv
            kj = kf[j]
            old = (kj, hf[j], pend)
            self.stock &= ~(1 << c)
            self.skey -= _ROLEW[c]
            fj = F[j]
            if fj:   # covering a pending card uses it
                pend &= ~(1 << fj[-1])
            fj.append(c)
            self.pending = pend | 1 << c
            k = kf[j] = kj[:-1] + _ROLEBP[c]
            h = _HMEMO.get(k)
            hf[j] = h if h is not None else _fheur(k)
            return old
        _, mask, c, y = mv
        self.pending = 0   # a collection takes every pending card
        if c >= 0:
            self.stock &= ~(1 << c)
            self.skey -= _ROLEW[c]
        removed = []
        for i, fi in enumerate(F):
            k = 0
            n = len(fi)
            while k < n and mask >> fi[n - 1 - k] & 1:
                k += 1
            if k:
                old = (kf[i], hf[i])
                taken = fi[n - k:]
                del fi[n - k:]
                flip = FD[i] > 0 and FD[i] == len(fi)
                if flip:
                    FD[i] -= 1
                    self.down &= ~(1 << fi[-1])
                removed.append((i, taken, flip, old))
                self._refresh(i)
        self.ncards -= mask.bit_count()
        self.gone |= mask
        if y != "yatsuhashi":
            self.ncol += 1
        return (removed, pend)

    def undo(self, mv: tuple, info: Any) -> None:
        F, FD, kf, hf = self.F, self.FD, self.kf, self.hf
        kind = mv[0]
        if kind == 0:
            _, i, _p, j = mv
            n, flip, old = info
            if flip:
                FD[i] += 1
                self.down |= 1 << F[i][-1]
            fj = F[j]
            F[i] += fj[len(fj) - n:]
            del fj[len(fj) - n:]
            kf[i], hf[i], kf[j], hf[j], self.pending = old
            return
        if kind == 1:
            _, c, j = mv
            F[j].pop()
            self.stock |= 1 << c
            self.skey += _ROLEW[c]
            kf[j], hf[j], self.pending = info
            return
        _, mask, c, y = mv
        removed, self.pending = info
        if c >= 0:
            self.stock |= 1 << c
            self.skey += _ROLEW[c]
        for i, taken, flip, old in removed:
            if flip:
                FD[i] += 1
                self.down |= 1 << F[i][-1]
            F[i] += taken
            kf[i], hf[i] = old
        self.ncards += mask.bit_count()
        self.gone &= ~mask
        if y != "yatsuhashi":
            self.ncol -= 1


def _chaff_sets(runs: list[list[int]], k: int, cards: int, months: int,
                found: list[tuple[int, int]]) -> None:
    """Append to ``found`` every (cards, months) taking a top part (maybe none) of each run
    from ``runs[k]`` on, no month twice (months as bits 1-12)."""
    if k == len(runs):
        if cards:
            found.append((cards, months))
        return
    _chaff_sets(runs, k + 1, cards, months, found)
    for c in runs[k]:
        mb = 1 << _MONTH[c]
        if months & mb:
            return
        cards |= 1 << c
        months |= mb
        _chaff_sets(runs, k + 1, cards, months, found)


def _coherent(pending: int) -> bool:
    """Could one collection take all these pending cards? (A move uses one pending card, a
    collection all of them, so two or more must belong to one yaku.)"""
    if not pending & (pending - 1):
        return True
    got = _COHERENT.get(pending)
    if got is None:
        cs = [c for c in range(48) if pending >> c & 1]
        groups = {_ROLE_GROUP[_ROLE[c]] for c in cs}
        months = [_MONTH[c] for c in cs]
        got = _COHERENT[pending] = len(groups) == 1 and (
            _GROUP_FIXED[next(iter(groups))] or len(set(months)) == len(months))
    return got


_COHERENT: dict[int, bool] = {}
# Per card: the cards that one collection could take together with it; the cards that could
# be put onto a card of each month.
_COH_WITH = tuple(sum(1 << d for d in range(48) if d != c and _coherent(1 << c | 1 << d))
                  for c in range(48))
_ONTO_MONTH = tuple(sum(1 << c for c in range(48) if _SUCC[c] == m) for m in range(13))


# ----------------------------------------------------------------------------------------------
# Best-first search


class _Searcher:
    """Best-first search with a transposition table over abstract keys and several priority
    queues ("alternation"): every new position goes into each queue, each queue orders by
    the heuristic plus its own charge per shuffle on the path (a move that turns nothing up
    and empties nothing), and the queues take turns to expand their best position not yet
    expanded. One table, so no position is searched twice; complete, so when every queue is
    empty no line wins. A generator that yields every ``_SLICE`` positions generated, for the
    caller's clock."""

    def __init__(self, game: Game,
                 portfolio: tuple[tuple[int, int], ...] | None = None) -> None:
        self.game = game
        self.portfolio = tuple(portfolio if portfolio is not None else _PORTFOLIO)
        self.nodes = 0

    def run(self) -> Generator[None, None, list[tuple] | None]:
        """Yields None now and then; returns a winning line of abstract moves, or None once
        every reachable key has been expanded."""
        # One position (with the path that leads to it) per queue: a queue's expansions are
        # mostly near each other, so each moves its own position only a little.
        positions = [_Position(self.game) for _ in self.portfolio]
        paths: list[list[tuple]] = [[] for _ in self.portfolio]   # (node, undo info)
        pos = positions[0]
        if pos.won():
            return []
        join = b"\xff".join
        clear, only = _CLEAR_FLAGS, _ONLY_FLAGS
        from_bytes = int.from_bytes
        memo_get = _HMEMO.get
        # phys key -> the pending-flag sets it has been reached with (see _Position: fewer
        # pending cards allow more moves, so a superset of a set seen before adds nothing).
        seen: dict = {pos.key(): 0}
        charges = [w for w, _ in self.portfolio]
        turns = [k for k, (_, share) in enumerate(self.portfolio) for _ in range(share)]
        burst = 0
        # node: [parent, move, shuffles, expanded, snapshot or None]
        root = [None, None, 0, False, pos.snapshot()]
        h0 = pos.heuristic()
        heaps: list[list] = [[(h0, 0, root)] for _ in charges]
        heappush, heappop = heapq.heappush, heapq.heappop
        queues = tuple(zip(heaps, charges))
        counter = 0
        nodes = 0
        cur_pos = [pos]

        def expand(node: list, cur: list, inline: list) -> list | None:
            """Generate the children of ``node``, where ``pos`` stands (reached by the moves of
            ``cur`` and then ``inline``), into the queues; once ``_INLINE_AFTER`` positions
            have been generated, a stock play is expanded at once instead. Returns a winning
            line if a child wins."""
            nonlocal nodes, counter
            pos = cur_pos[0]
            apply, undo, gen = pos.apply, pos.undo, pos.gen
            hf, kf = pos.hf, pos.kf
            g = node[2]
            skey = pos.skey
            orph = pos.orphans() if _W_ORPHAN else 0
            hsum = sum(hf) + _W_ORPHAN * orph
            FD = pos.FD
            F = pos.F
            for mv in gen():
                nodes += 1
                if mv[0] == 0:
                    # A foundation move: the child's key and heuristic come from the two
                    # foundation keys it changes, without making the move. Afterwards no
                    # card is pending (the move went onto the pending card, if any).
                    _, i, p, j = mv
                    ki, kj, hi, hj = kf[i], kf[j], hf[i], hf[j]
                    ni = _FDB[p - 1 if p and p == FD[i] else FD[i]] + ki[1:p + 1] + b"\x00"
                    nj = kj[:-1] + ki[p + 1:-1] + b"\x00"
                    kf[i] = ni
                    kf[j] = nj
                    k = (join(sorted(kf)), skey)
                    kf[i] = ki
                    kf[j] = kj
                    got = seen.get(k)
                    if got is None:
                        seen[k] = 0
                    elif type(got) is int:
                        if not got:
                            continue
                        seen[k] = [got, 0]
                    elif 0 in got:
                        continue
                    else:
                        got.append(0)
                    h1 = memo_get(ni)
                    if h1 is None:
                        h1 = _fheur(ni)
                    h2 = memo_get(nj)
                    if h2 is None:
                        h2 = _fheur(nj)
                    hc = _W_CARD * pos.ncards + hsum - hi - hj + h1 + h2
                    if _W_ORPHAN and p and p == FD[i]:   # a card turns up
                        pos.FD[i] -= 1
                        pos.down &= ~(1 << F[i][p - 1])
                        hc += _W_ORPHAN * (pos.orphans() - orph)
                        pos.FD[i] += 1
                        pos.down |= 1 << F[i][p - 1]
                    child = [node, mv, g + 1 if p > FD[i] else g, False, None]
                elif mv[0] == 1:
                    # A stock play, the same way: the card goes on top of foundation j,
                    # pending (the card it covers, if pending, is used: its flag byte goes).
                    _, c, j = mv
                    kj, hj = kf[j], hf[j]
                    nj = kf[j] = kj[:-1] + _ROLEBP[c]
                    full = join(sorted(kf))
                    kf[j] = kj
                    k = (full.translate(clear), skey - _ROLEW[c])
                    flags = from_bytes(full.translate(only), "big")
                    got = seen.get(k)
                    if got is None:
                        seen[k] = flags
                    elif type(got) is int:
                        if not got & ~flags:
                            continue
                        seen[k] = [got, flags]
                    elif any(not f & ~flags for f in got):
                        continue
                    else:
                        got.append(flags)
                    if nodes < _INLINE_AFTER:
                        h2 = memo_get(nj)
                        if h2 is None:
                            h2 = _fheur(nj)
                        hc = _W_CARD * pos.ncards + hsum - hj + h2
                        child = [node, mv, g, False, None]
                        counter -= 1
                        if g:
                            for hp, w in queues:
                                heappush(hp, (hc + w * g, counter, child))
                        else:   # the same entry in every queue
                            entry = (hc, counter, child)
                            for hp in heaps:
                                heappush(hp, entry)
                        continue
                    # A long search (most likely one that will end in False): the card must
                    # be used next (see _Position), so expand the position at once rather
                    # than queue it (fewer trips through the queues; the line-finding order
                    # of the queues matters less now).
                    child = [node, mv, g, True, None]
                    info = apply(mv)
                    inline.append(mv)
                    line = expand(child, cur, inline)
                    if line is not None:   # a win: the position is of no more use
                        return line
                    inline.pop()
                    undo(mv, info)
                    continue
                else:
                    info = apply(mv)
                    if pos.ncards == 0:
                        return [nd[1] for nd, _ in cur] + inline + [mv]
                    full = join(sorted(kf))
                    if pos.pending:
                        k = (full.translate(clear), pos.skey)
                        flags = from_bytes(full.translate(only), "big")
                    else:
                        k = (full, pos.skey)
                        flags = 0
                    got = seen.get(k)
                    new = True
                    if got is None:
                        seen[k] = flags
                    elif type(got) is int:
                        if not got & ~flags:   # reached before with no more pending cards
                            new = False
                        else:
                            seen[k] = [got, flags]
                    elif any(not f & ~flags for f in got):
                        new = False
                    else:
                        got.append(flags)
                    if new:
                        hc = _W_CARD * pos.ncards + sum(hf) + _W_ORPHAN * pos.orphans()
                    undo(mv, info)
                    if not new:
                        continue
                    child = [node, mv, g, False, None]
                counter -= 1   # ties: the newest first (depth-first on plateaus)
                shuffles = child[2]
                if shuffles:
                    for hp, w in queues:
                        heappush(hp, (hc + w * shuffles, counter, child))
                else:   # the same entry in every queue
                    entry = (hc, counter, child)
                    for hp in heaps:
                        heappush(hp, entry)
            return None

        turn = 0
        while True:
            # The next queue in turn that still holds a position not yet expanded.
            node = None
            for _ in range(len(turns)):
                if burst >= _BURST:
                    burst = 0
                    turn = (turn + 1) % len(turns)
                q = turns[turn]
                heap = heaps[q]
                burst += 1
                while heap:
                    candidate = heappop(heap)[2]
                    if not candidate[3]:
                        node = candidate
                        break
                if node is not None:
                    break
                burst = _BURST   # this queue is empty: the next one
            if node is None:
                self.nodes = nodes
                return None
            node[3] = True
            pos = cur_pos[0] = positions[q]
            cur = paths[q]
            apply, undo = pos.apply, pos.undo
            # Go to ``node``: usually a child of the queue's current position; else back to
            # the common ancestor and down, or from the nearest ancestor with a snapshot,
            # whichever takes fewer moves. (Path steps restored from a snapshot have no undo
            # information: None.)
            if cur and node[0] is cur[-1][0]:
                cur.append((node, apply(node[1])))
            elif node is not root or cur:
                chain = []
                n = node
                while n is not root:
                    chain.append(n)
                    n = n[0]
                chain.reverse()
                k = 0
                while k < len(cur) and k < len(chain) and cur[k][0] is chain[k]:
                    k += 1
                ks = len(chain) - 1
                while ks >= 0 and chain[ks][4] is None:
                    ks -= 1
                via_snapshot = 3 + len(chain) - 1 - ks
                if (len(cur) - k + len(chain) - k > via_snapshot
                        or any(info is None for _, info in cur[k:])):
                    pos.restore(chain[ks][4] if ks >= 0 else root[4])
                    cur[:] = [(nd, None) for nd in chain[:ks + 1]]
                    k = ks + 1
                else:
                    while len(cur) > k:
                        nd, info = cur.pop()
                        undo(nd[1], info)
                for nd in chain[k:]:
                    cur.append((nd, apply(nd[1])))
            if node[4] is None and len(cur) % _CHECKPOINT == 0:
                node[4] = pos.snapshot()
            line = expand(node, cur, [])
            if line is not None:
                self.nodes = nodes
                return line
            if nodes >= self.nodes + _SLICE:
                self.nodes = nodes
                yield None


_SLICE = 1000   # positions generated between two looks at the budget (and at stop)
_INLINE_AFTER = 50_000   # positions generated before stock plays are expanded at once
_BURST = 10     # expansions a queue makes in a row (fewer jumps across the tree)
_CHECKPOINT = 6  # expanded positions at depths divisible by this keep a snapshot
# The priority queues of the search: (charge per shuffle, turns per round). The first
# queue charges moves that turn nothing up and empty nothing, which keeps it from wandering
# among rearrangements of the face-up runs; the second does not, for the few deals whose
# wins need long rearrangements.
_PORTFOLIO = ((40, 1), (80, 1), (160, 1), (320, 1), (0, 1))


# ----------------------------------------------------------------------------------------------
# The search, on a budget


def search(game: Game, max_nodes: int, stop: Callable[[], bool] | None = None
           ) -> tuple[bool | None, list[tuple], int]:
    """Search from ``game`` (unchanged: the search works on positions of its own); returns
    ``(verdict, line, positions generated)``: True and a winning line of abstract moves
    (``_Position``), False and [] when no line wins, None and [] when ``max_nodes`` positions
    were generated first or ``stop()``, asked every ``_SLICE`` positions, returned True.
    Without ``stop`` the answer depends on ``game`` and ``max_nodes`` alone. The arguments are
    checked by the callers (``rules.yatsuhashi.solve_within``)."""
    searcher = _Searcher(game)
    it = searcher.run()
    while True:
        try:
            next(it)
        except StopIteration as done:
            line = done.value
            break
        if searcher.nodes >= max_nodes or (stop is not None and stop()):
            return None, [], searcher.nodes
    if line is None:
        return False, [], searcher.nodes
    return True, line, searcher.nodes


__all__ = ["search"]
