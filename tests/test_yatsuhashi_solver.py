"""The Yatsuhashi solver (rules.yatsuhashi.solve_within, its search rules.yatsuhashi_search)
against a plain exhaustive search.

The solver works on an abstract position (the stock as a set, foundations and interchangeable
chaff up to symmetry, stock plays used at once): fast, but each of those reductions is a claim.
Here a deliberately simple search, with no reduction at all beyond a visited set of engine
positions, decides small random layouts, and the solver must give the same verdict on every
one. Then: winning lines replay on real deals and from positions in mid-game, and two threads
solving at once get the answers one thread gets. The rules read no clock (the wall-clock cap
is ai.yatsuhashi_solver's).
"""

from __future__ import annotations

import ast
import io
import random
import re
import tokenize
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import rules.yatsuhashi_search as search
from ai import yatsuhashi_solver
from ai.yatsuhashi import SOLVER_NODES
from rules.engine import RulesError
from rules.hanafuda import DECK, Card, Kind
from rules.yatsuhashi import CHAFF_MONTHS, YAKU_CARDS, Game, Solution, solve_within
from tests.test_layers import cycles, imports, module_name

FIXED_YAKU = [y for y in YAKU_CARDS if y != "yatsuhashi"]
BRIDGE = YAKU_CARDS["yatsuhashi"][0]
#: Positions: far more than any position here needs (a None fails the test); the game's budget,
#: about 25 s of one core where the tests used to give 30 s of wall clock. A count, not a time:
#: the answers do not depend on the machine or its load.
BUDGET = SOLVER_NODES


# ----------------------------------------------------------------------------------------------
# The reference: exhaustive search over engine positions


def exhaustive_winnable(game: Game) -> bool:
    """Can ``game`` be won? Depth-first over every legal move of the engine, from copies, with
    nothing pruned but positions already visited (the key plus the collections so far)."""
    def key(g: Game) -> tuple:
        return g.key(), len(g.collected)

    seen = {key(game)}
    stack = [game.copy()]
    while stack:
        g = stack.pop()
        if g.is_won:
            return True
        for move in g.legal_moves():
            child = g.copy()
            child.apply(move)
            k = key(child)
            if k not in seen:
                seen.add(k)
                stack.append(child)
    return False


def _chaff_set(yaku: str, rng: random.Random) -> list[Card]:
    """One chaff of each month of a chaff yaku, each chosen at random from its two."""
    return [rng.choice([c for c in DECK if c.kind is Kind.CHAFF and c.month == m])
            for m in CHAFF_MONTHS[yaku]]


def random_layout(seed: int) -> Game:
    """A small position: 2-4 foundations holding 1-3 whole yaku (sometimes a stray card that
    no yaku can take, sometimes the Bridge with 3-5 yaku already collected), cards face down
    at random, up to three cards in the stock."""
    rng = random.Random(seed)
    foundations = rng.randint(2, 4)
    collected: list[str] = []
    bridge = rng.random() < 0.3
    if bridge:
        collected = rng.sample(FIXED_YAKU, rng.choice([3, 4, 4, 5]))
    elif rng.random() < 0.3:
        collected = rng.sample(FIXED_YAKU, rng.randint(1, 3))
    free = [y for y in FIXED_YAKU if y not in collected] + ["early_chaff", "late_chaff"]
    table: list[Card] = []
    for y in rng.sample(free, rng.choice([1, 2, 2, 3])):
        table += _chaff_set(y, rng) if y in CHAFF_MONTHS else list(YAKU_CARDS[y])
    if bridge:
        table.append(BRIDGE)
    if rng.random() < 0.1:   # a stray: its yaku is not all there
        taken = {c for y in collected for c in YAKU_CARDS[y]}
        table.append(rng.choice([c for c in DECK if c not in table and c not in taken]))
    rng.shuffle(table)
    in_stock = rng.randint(0, min(3, len(table) - 1))
    stock, rest = table[:in_stock], table[in_stock:]
    piles: list[list[Card]] = [[] for _ in range(foundations)]
    for c in rest:
        piles[rng.randrange(foundations)].append(c)
    face_down = [rng.randint(0, max(len(p) - 1, 0)) for p in piles]
    return Game.from_layout(piles, stock, face_down=face_down, collected=collected)


def assert_wins(game: Game, solution: Solution) -> None:
    """The solution's line, applied to a copy of ``game`` move by move, wins."""
    g = game.copy()
    for move in solution.moves:
        g.apply(move)
    assert g.is_won


@pytest.mark.parametrize("inline", [False, True], ids=["queued", "inline"])
def test_solver_agrees_with_exhaustive_search_on_small_layouts(inline, monkeypatch):
    if inline:   # the mode of long searches, from the first position on
        monkeypatch.setattr(search, "_INLINE_AFTER", 0)
    verdicts = {True: 0, False: 0}
    bridge_at = {4: 0, 5: 0}
    for seed in range(200):
        game = random_layout(seed)
        before, state = game.to_dict(), game.state()
        expected = exhaustive_winnable(game)
        got = solve_within(game, BUDGET)
        assert got.winnable is expected, (seed, game)
        assert game.to_dict() == before and game.state() == state, seed
        if expected:
            assert_wins(game, got)
        else:
            assert got.moves == []
        verdicts[expected] += 1
        on_table = [c for f in game.foundations for c in f] + game.stock
        if BRIDGE in on_table and len(game.collected) in bridge_at:
            bridge_at[len(game.collected)] += 1
    # Both verdicts and both sides of the Bridge rule are well represented.
    assert verdicts[True] >= 80 and verdicts[False] >= 50, verdicts
    assert bridge_at[4] >= 10 and bridge_at[5] >= 10, bridge_at


def test_the_bridge_waits_for_the_fifth_collection():
    # 5A on top of the godori cards; four yaku taken: godori must go first, then the Bridge
    # (taking the Bridge first is not possible: four collections are not enough).
    four = ["akatan", "aotan", "kasutan", "inoshikacho"]
    game = Game.from_layout([["2A", "4A", "5A"], ["8A"]], [], face_down=[0, 0], collected=four)
    assert solve_within(game, BUDGET).winnable is False   # 5A covers 4A: godori is never available
    game = Game.from_layout([["5A", "2A"], ["4A"], ["8A"]], [], face_down=[0, 0, 0],
                            collected=four)
    sol = solve_within(game, BUDGET)
    assert sol.winnable is True
    assert [m.yaku for m in sol.moves if m.kind == "collect"] == ["godori", "yatsuhashi"]


def test_a_budget_that_runs_out_gives_no_verdict():
    sol = solve_within(Game.deal(283), 2_000)   # needs about 100,000 positions
    assert sol.winnable is None and sol.moves == [] and not sol
    assert sol.nodes >= 2_000


def test_the_budget_decides_alone_and_the_same_every_time():
    # Deal 283 needs 96,780 positions: one fewer gives no verdict, that many the win; a
    # second search within the same budget gets the same answer and line (no clock).
    tight = solve_within(Game.deal(283), 90_000)
    assert tight.winnable is None and tight.nodes >= 90_000
    first, again = solve_within(Game.deal(283), 200_000), solve_within(Game.deal(283), 200_000)
    assert first.winnable is True and (first.nodes, first.moves) == (again.nodes, again.moves)


@pytest.mark.parametrize("call, names", [
    (lambda: solve_within(None, 10), "game"),  # type: ignore[arg-type]
    (lambda: solve_within(Game.deal(1), "5"), "max_nodes"),  # type: ignore[arg-type]
    (lambda: solve_within(Game.deal(1), 5.0), "max_nodes"),  # type: ignore[arg-type]
    (lambda: solve_within(Game.deal(1), -1), "max_nodes"),
    (lambda: solve_within(Game.deal(1), None), "max_nodes"),  # type: ignore[arg-type]
    (lambda: yatsuhashi_solver.solve(None, 10), "game"),  # type: ignore[arg-type]
    (lambda: yatsuhashi_solver.solve(Game.deal(1), "5"), "max_nodes"),  # type: ignore[arg-type]
    (lambda: yatsuhashi_solver.solve(Game.deal(1), 10, seconds="5"),  # type: ignore[arg-type]
     "seconds"),
    (lambda: yatsuhashi_solver.solve(Game.deal(1), 10, seconds=-1.0), "seconds"),
    (lambda: yatsuhashi_solver.solve(Game.deal(1), 10, seconds=float("nan")), "seconds"),
])
def test_arguments_of_a_wrong_type_are_refused_by_name(call, names):
    with pytest.raises(RulesError) as info:
        call()
    assert names in str(info.value)


def test_a_wall_clock_cap_is_the_ai_callers_option():
    # ``seconds`` (ai.yatsuhashi's last resort) stops a search the budget would let go on;
    # without it, ai.yatsuhashi_solver.solve is the rules' solve_within.
    sol = yatsuhashi_solver.solve(Game.deal(283), SOLVER_NODES, seconds=0.0)
    assert sol.winnable is None and sol.nodes < 96_780
    assert yatsuhashi_solver.solve(Game.deal(51), 20_000) == solve_within(Game.deal(51), 20_000)


# ----------------------------------------------------------------------------------------------
# The rules read no clock

RULES = Path(__file__).resolve().parent.parent / "rules"
#: The clock's functions and modules (``time.time``, ``datetime.now`` ...): none may appear in
#: rules/, where "time" is a budget of positions (rules.yatsuhashi.NODES_PER_SECOND).
CLOCK_NAMES = frozenset({"monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns",
                         "process_time", "process_time_ns", "thread_time", "thread_time_ns",
                         "time_ns", "now", "utcnow", "today"})
CLOCK_MODULES = frozenset({"time", "datetime", "timeit"})
CLOCK_TEXT = re.compile(r"\bimport\s+time\b|\btime\s*\.\s*\w+\s*\(|\bmonotonic\b|\bperf_counter\b")


def clock_uses(path: Path) -> list[str]:
    """``file:line: what`` for each use of a clock in the source at ``path``: an import of a
    clock module, a clock function's name, or the text of one (``time.x(``, ``monotonic``,
    ``perf_counter``) in the code (prose in docstrings and comments is not code)."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        what = None
        if isinstance(node, ast.Import):
            what = next((a.name for a in node.names
                         if a.name.split(".")[0] in CLOCK_MODULES), None)
        elif isinstance(node, ast.ImportFrom) and node.module:
            what = node.module if node.module.split(".")[0] in CLOCK_MODULES else None
        elif isinstance(node, ast.Attribute) and node.attr in CLOCK_NAMES:
            what = node.attr
        elif isinstance(node, ast.Name) and node.id in CLOCK_NAMES:
            what = node.id
        if what is not None:
            found.append(f"{path.name}:{node.lineno}: {what}")
    code = " ".join(t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
                    if t.type not in (tokenize.COMMENT, tokenize.STRING))
    found += [f"{path.name}: {m.group()}" for m in CLOCK_TEXT.finditer(code)]
    return found


def test_the_rules_read_no_clock():
    files = sorted(RULES.rglob("*.py"))
    assert RULES / "yatsuhashi.py" in files and RULES / "yatsuhashi_search.py" in files
    assert [use for path in files for use in clock_uses(path)] == []


@pytest.mark.parametrize("planted", [
    "import time\n", "from time import perf_counter\n", "import datetime\n",
    "def f(clock):\n    return clock.monotonic()\n", "deadline = perf_counter() + 5\n",
    "import time as clock\n",
])
def test_a_planted_clock_is_found(tmp_path, planted):
    path = tmp_path / "planted.py"
    path.write_text(planted, encoding="utf-8")
    assert clock_uses(path) != []


def test_the_engine_imports_its_search_and_nothing_imports_the_engine_back():
    """rules.yatsuhashi imports the search (for ``solve``); the search and the yaku it reads
    import nothing of the engine, lazily or not, so no cycle runs through rules/ (every import
    counts but those for type checking, as in tests/test_layers.py)."""
    files = sorted(RULES.rglob("*.py"))
    names = {module_name(path) for path in files}
    graph = {module_name(path): {m for _line, m in imports(path.read_text(encoding="utf-8"))
                                 if m in names and m != module_name(path)} for path in files}
    assert "rules.yatsuhashi_search" in graph["rules.yatsuhashi"]
    assert [c for c in cycles(graph) if any("yatsuhashi" in m for m in c)] == []


def test_prose_about_time_is_not_a_clock(tmp_path):
    path = tmp_path / "prose.py"
    path.write_text('"""One at a time. The time ran out."""\nx = 1  # a time.\n',
                    encoding="utf-8")
    assert clock_uses(path) == []


# ----------------------------------------------------------------------------------------------
# Real deals


#: Deals decided quickly, winnable and not (22 and 42 cannot be won).
DEALS = [1, 9, 22, 42, 150, 500, 999]


@pytest.mark.parametrize("seed", DEALS)
def test_real_deals_replay_and_mid_game_positions_stay_winnable(seed):
    game = Game.deal(seed)
    sol = solve_within(game, BUDGET)
    if seed in (22, 42):
        assert sol.winnable is False and sol.moves == []
        return
    assert sol.winnable is True
    assert_wins(Game.deal(seed), sol)
    # Play part of the line, then ask again from there: still winnable, and the new line wins.
    for cut in (len(sol.moves) // 3, 2 * len(sol.moves) // 3):
        mid = Game.deal(seed)
        for move in sol.moves[:cut]:
            mid.apply(move)
        before = mid.to_dict()
        again = solve_within(mid.copy(), BUDGET)
        assert again.winnable is True
        assert_wins(mid, again)
        assert mid.to_dict() == before


# ----------------------------------------------------------------------------------------------
# Threads


def _answer(game: Game) -> tuple:
    sol = solve_within(game.copy(), BUDGET)
    return sol.winnable, [str(m) for m in sol.moves]


def test_two_threads_at_once_get_the_answers_one_thread_gets():
    games = [Game.deal(s) for s in (3, 22, 77, 150, 226, 9)]
    mid = Game.deal(77)
    for move in solve_within(mid.copy(), BUDGET).moves[:40]:
        mid.apply(move)
    games.append(mid)
    alone = [_answer(g) for g in games]
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = list(pool.map(_answer, games + games[::-1]))
    assert together == alone + alone[::-1]
    assert {w for w, _ in alone} == {True, False}
