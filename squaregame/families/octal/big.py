"""The moves of rows too long to list (a row of 10^9 pins has half a billion moves): counted,
and the winning ones found, from the rows' Grundy values — never one by one.

The moves of a row of n are grouped in *blocks*, in the order :meth:`HeapRule.options` lists
them: for each place j of the code, taking j and leaving nothing, one row, or two rows a and
n − j − a with 1 ≤ a ≤ ⌊(n − j)/2⌋ (Grundy's game: j = 0 and a < n − a). A move leaves the
position cold exactly when the values of what it leaves, xor the other rows', is 0: for a
split, G(a) xor G(rest − a) = t with t the nim-sum of the other rows. So the winning splits of
a block are the a with f(a) = G(a) xor G(rest − a) = t, found in one array operation where the
values reach, else (a proven period p after a preperiod n0: G(x) = G(n0 + (x − n0) mod p) for
x ≥ n0) as follows: where a ≥ n0 and rest − a ≥ n0, f(a) depends only on r = (a − n0) mod p,

    f(a) = P[r] xor P[(c − r) mod p],   P[r] = G(n0 + r),  c = (rest − 2·n0) mod p,

so each residue class counts whole; the few a < n0 or rest − a < n0 are valued one by one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any, Protocol

from squaregame.core.moves import EDGE_MOVES, analysis_counted
from squaregame.core.types import Analysis, PositionInfo
from squaregame.families.octal.code import HeapRule, PileRule, Rows


class Counting(Protocol):
    """What :func:`counted` asks of the game (:class:`~.game.RowsGame`)."""

    def info(self, pos: Rows) -> PositionInfo: ...
    def values_for(self, rows: Rows) -> Values: ...
    def row_blocks(self, pos: Rows, i: int) -> list[Block]: ...
    def move_target(self, pos: Rows, k: int) -> Rows: ...
    def child_info(self, parent: Rows, child: Rows) -> PositionInfo: ...


@dataclass(frozen=True)
class Block:
    """Consecutive moves on one row: ``whole`` (take all), ``one`` (leave ``rest``), or the
    splits (a, rest − a) for a in ``first..last``."""

    take: int
    rest: int
    kind: str  # "whole", "one" or "split"
    first: int = 0
    last: int = 0

    @property
    def count(self) -> int:
        return self.last - self.first + 1 if self.kind == "split" else 1

    def holds(self, parts: tuple[int, ...]) -> bool:
        """Is leaving ``parts`` (sorted) one of the block's moves?"""
        if self.kind == "whole":
            return parts == ()
        if self.kind == "one":
            return parts == (self.rest,)
        return len(parts) == 2 and sum(parts) == self.rest and self.first <= parts[0] <= self.last

    def parts(self, k: int) -> tuple[int, ...]:
        """What the ``k``-th move of the block leaves (sorted)."""
        if self.kind == "whole":
            return ()
        if self.kind == "one":
            return (self.rest,)
        a = self.first + k
        return (a, self.rest - a)


def blocks(rule: HeapRule, n: int) -> list[Block]:
    """The moves of a row of ``n`` as blocks, in the order of ``rule.options(n)``."""
    if isinstance(rule, PileRule):  # an amount the registry's rule allows, smallest first
        return [Block(a, n - a, "one" if n > a else "whole") for a in rule.rule.amounts(n)]
    if rule.last_place is None:  # Grundy's game
        top = (n - 1) // 2
        return [Block(0, n, "split", 1, top)] if top >= 1 else []
    out: list[Block] = []
    for j in range(min(rule.last_place, n) + 1):
        bit = 1 << j
        if rule.whole_mask & bit and n == j:
            out.append(Block(j, 0, "whole"))
        if rule.take_mask & bit and j >= 1 and n - j >= 1:
            out.append(Block(j, n - j, "one"))
        if rule.split_mask & bit and n - j >= 2:
            out.append(Block(j, n - j, "split", 1, (n - j) // 2))
    return out


@dataclass(frozen=True)
class Values:
    """A rule's values as the counting needs them: G(x) from ``table`` (G(0..len−1)) and,
    beyond it, the period (``preperiod``, ``period``), which must then be proven."""

    table: Any  # a numpy array, or a list (a period proven in plain Python)
    preperiod: int | None = None
    period: int | None = None

    def __call__(self, x: int) -> int:
        if x < len(self.table):
            return int(self.table[x])
        assert self.preperiod is not None and self.period is not None
        return int(self.table[self.preperiod + (x - self.preperiod) % self.period])


def winning_splits(block: Block, target: int, g: Values, most: int) -> tuple[int, list[int]]:
    """How many splits of ``block`` leave values xor-ing to ``target``, and the first
    ``most`` of them (as indices in the block). Values held as a list (a period proven in
    plain Python, :mod:`.quick`: a few dozen values) are read in plain Python, an array in
    numpy."""
    lo, hi, rest = block.first, block.last, block.rest
    if hi < lo:
        return 0, []
    t = g.table
    plain = isinstance(t, list)
    if rest < len(t):
        if plain:
            found = [a - lo for a in range(lo, hi + 1) if t[a] ^ t[rest - a] == target]
            return len(found), found[:most]
        import numpy as np  # (numpy: only to count a long row's splits)

        heaps = np.arange(lo, hi + 1)
        hit = np.flatnonzero((t[heaps] ^ t[rest - heaps]) == target)
        return int(hit.size), [int(k) for k in hit[:most]]
    n0, p = g.preperiod, g.period
    assert n0 is not None and p is not None
    # the a valued one by one: a < n0, or rest − a < n0 (a > rest − n0); a heap x ≥ n0 is
    # read at n0 + (x − n0) mod p, computed from Python ints (rest may pass 2^63)
    edge = _edge_plain(lo, hi, rest, target, g) if plain else _edge_numpy(lo, hi, rest, target, g)
    count = len(edge)
    mid_lo, mid_hi = max(lo, n0), min(hi, rest - n0)
    firsts: list[int] = []
    if mid_lo <= mid_hi:
        c = (rest - 2 * n0) % p
        period_values = [g(n0 + r) for r in range(p)]
        for r in range(p):
            if period_values[r] ^ period_values[(c - r) % p] != target:
                continue
            first = mid_lo + (r - (mid_lo - n0)) % p  # the least a ≥ mid_lo with this residue
            if first > mid_hi:
                continue
            count += (mid_hi - first) // p + 1
            firsts.extend(range(first, min(mid_hi, first + p * most) + 1, p))
    winners = sorted({int(a) for a in edge[:most]} | set(firsts))[:most]
    return count, [a - lo for a in winners]


def _edge_plain(lo: int, hi: int, rest: int, target: int, g: Values) -> list[int]:
    """The splits a < n0 or rest − a < n0 of a block that hit ``target``, ascending (values
    in a list)."""
    n0 = g.preperiod
    assert n0 is not None and g.period is not None
    near = [a for a in range(lo, min(hi, n0 - 1) + 1) if g(a) ^ g(rest - a) == target]
    start = max(lo, rest - n0 + 1, n0)  # rest − a < n0 ≤ a (only when rest < 2·n0 + …)
    return near + [a for a in range(start, hi + 1) if g(a) ^ g(rest - a) == target]


def _edge_numpy(lo: int, hi: int, rest: int, target: int, g: Values) -> Any:
    """:func:`_edge_plain` on an array, in numpy."""
    import numpy as np  # (numpy: only to count a long row's splits)

    n0, p = g.preperiod, g.period
    assert n0 is not None and p is not None
    off = (rest - n0) % p
    near = np.arange(lo, min(hi, n0 - 1) + 1, dtype=np.int64)  # a < n0 ≤ … : rest − a folded
    other = n0 + (off - near) % p
    if rest - n0 < n0:  # some rest − a < n0 (rest < 2·n0: no overflow)
        small = near > rest - n0
        other[small] = rest - near[small]
    hits = [near[(g.table[near] ^ g.table[other]) == target]]
    start = max(lo, rest - n0 + 1, n0)  # rest − a < n0 ≤ a (only when rest < 2·n0 + …)
    if start <= hi:
        tail = np.arange(start, hi + 1, dtype=np.int64)
        b = np.asarray(rest - tail, dtype=np.int64)
        hits.append(tail[(g.table[n0 + (tail - n0) % p] ^ g.table[b]) == target])
    return np.concatenate(hits)


def option_count(rule: HeapRule, n: int) -> int:
    """How many moves a heap of ``n`` has: its blocks' moves, counted, never listed (a pile
    of the rule registry by the rule's own count: Nim's 10^18 amounts)."""
    if isinstance(rule, PileRule):
        return rule.rule.count_amounts(n)
    return sum(b.count for b in blocks(rule, n))


def move_at(bs: list[Block], k: int) -> tuple[Block, int]:
    """The block of the ``k``-th move of a row and the index in it."""
    for b in bs:
        if k < b.count:
            return b, k
        k -= b.count
    raise IndexError(k)


Winners = Callable[[int, Block, int], tuple[int, list[int]]]  # (row, block, most) -> found


def normal_winners(self: Counting, pos: Rows, target: int = 0) -> Winners:
    """The moves of a block to Grundy value ``target`` in normal play (0: the winning ones):
    a move on row i leaving pieces of value w gives the rows T xor G_i xor w (T the rows'
    nim-sum), so what is left of row i must have w = target xor T xor G_i
    (:func:`winning_splits` for the splits)."""
    g = self.values_for(pos)
    row_values = [g(n) for n in pos]
    total_value = reduce(xor, row_values, 0)

    def winners(i: int, b: Block, most: int) -> tuple[int, list[int]]:
        want = target ^ total_value ^ row_values[i]  # what is left of row i must have this
        if b.kind == "split":
            return winning_splits(b, want, g, most)
        left = 0 if b.kind == "whole" else g(b.rest)
        return (1, [0]) if left == want else (0, [])

    return winners


def found_moves(
    self: Counting, pos: Rows, most: int, winners: Winners
) -> tuple[int, int, dict[int, Rows], list[int]]:
    """Every move of ``pos`` counted and those ``winners`` picks found: (moves, picked, the
    first ``most`` picked by index -> target, the indices of the first and last
    :data:`EDGE_MOVES` of every row), never valued one by one."""
    listed: dict[int, Rows] = {}  # move index -> target
    edges: list[int] = []
    total = picked = 0
    for i in range(len(pos)):
        bs = self.row_blocks(pos, i)
        start, row_count = total, sum(b.count for b in bs)
        for b in bs:
            count, found = winners(i, b, max(most - len(listed), 0))
            picked += count
            for k in found[: max(most - len(listed), 0)]:
                listed[total + k] = (*pos[:i], *b.parts(k), *pos[i + 1 :])
            total += b.count
        ends = range(max(row_count - EDGE_MOVES, 0), row_count)
        edges += [start + k for k in sorted({*range(min(EDGE_MOVES, row_count)), *ends})]
    return total, picked, listed, edges


def counted(self: Counting, pos: Rows, cap: int, winners: Winners) -> Analysis[Rows]:
    """The analysis of rows with too many moves to list: every move counted, the
    winning ones found by ``winners`` (the first ``cap`` of them listed, with the first and
    last :data:`EDGE_MOVES` of every row), never valued one by one."""
    return analysis_counted(
        pos,
        self.info(pos),
        found_moves(self, pos, cap, winners),
        cap,
        lambda k: self.move_target(pos, k),
        self.child_info,
    )
