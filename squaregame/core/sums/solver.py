"""Sums of one-pile games: exact search over the sum's own positions.

The remoteness of a sum is not a function of its piles' values, so it is computed over
the *box* of every position at most the start. Piles that share a rule are interchangeable,
so a state keeps them sorted (a multiset), which divides the work by up to 4! for four
equal piles. All states with the same total number of counters form a plane; every move
lowers the total, so the planes are settled in order, each in one vectorised step:

* a pile contributes one gather per legal amount (squares, finite sets, …);
* a pile whose rule allows any amount (Nim, ``Rule.is_any_amount``) keeps its own axis
  with running aggregates (least cold remoteness and greatest remoteness among all smaller
  sizes of that pile), so it costs O(1) per state.

Every later position of the game lies inside the box, so one search answers the whole
game. Solved boxes are kept (a few per rule tuple).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from math import comb, prod
from typing import TYPE_CHECKING, Any

from squaregame.core.rules import Rule
from squaregame.core.sums.states import (
    Group,
    group_key,
    groups_of,
    lowered_ranks,
    prefix_counts,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from squaregame.core.tables import Tables

# Work units a search may take (:func:`search_cost`; a unit is about 9 ns on the 2-core
# development machine): 175M is about 1.6 s of searching, 2 s for the whole command. That
# is where exact answers end: 4 piles of 50 under four different rules (6.8M states, 169M
# units), 5 piles of 20 under five, 4 squares piles of 60 or 3 of 140; past those (4 squares
# piles of 70, 3 of 150, two Nim piles of 3000) the answer is given with proven bounds.
SEARCH_BUDGET = 175_000_000
QUICK_SEARCH = 5_000_000  # below this a search is instant (well under 0.1 s)
MAX_STATES = 20_000_000  # about 20 bytes a state at the peak: 0.4 GB
# Work units of one plane's fixed cost per move (six numpy calls of about 1 µs) and of the
# plane itself: a long Nim axis has one plane per counter.
PLANE_COST = 600
CHUNK = 8192  # states of a plane taken together: their temporaries fit in the cache


@dataclass(frozen=True)
class BoxSolution:
    box: tuple[int, ...]
    groups: tuple[Group, ...]
    strides: tuple[int, ...]  # of each group in the flat index
    rem: npt.NDArray[Any]
    cold: npt.NDArray[Any]

    def contains(self, pos: tuple[int, ...]) -> bool:
        return all(0 <= pos[i] <= g.bound for g in self.groups for i in g.piles)

    def index(self, pos: tuple[int, ...]) -> int:
        return sum(
            g.rank(tuple(pos[i] for i in g.piles)) * s
            for g, s in zip(self.groups, self.strides, strict=True)
        )

    def lookup(self, pos: tuple[int, ...]) -> tuple[bool, int]:
        i = self.index(pos)
        return bool(self.cold[i]), int(self.rem[i])

    def axis(self, pos: tuple[int, ...], pile: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        """(cold, remoteness) of ``pos`` with ``pile`` set to 0, 1, …, ``pos[pile]`` − 1, read
        at once: an any-amount pile has its own axis, where size m has rank m."""
        import numpy as np  # numpy: only for a solved box's axis

        stride = next(
            s for g, s in zip(self.groups, self.strides, strict=True) if g.piles == (pile,)
        )
        base = self.index((*pos[:pile], 0, *pos[pile + 1 :]))
        idx = base + stride * np.arange(pos[pile], dtype=np.int64)
        return self.cold[idx], self.rem[idx]


def _states(rules: tuple[Rule, ...], box: tuple[int, ...]) -> tuple[list[Group], int]:
    groups = groups_of(rules, box)
    return groups, prod(g.count for g in groups)


def _count_states(rules: tuple[Rule, ...], box: tuple[int, ...]) -> tuple[int, int, int]:
    """(canonical states, work per state, work of the groups' own tables) without building
    anything: a lone pile's move costs one unit a state, a move of a group of several piles
    four (its child's rank is looked up) plus four a row of the group's table; an
    any-amount pile eight; every state four more (ordering, settling). Measured."""
    by_rule: dict[str, list[int]] = {}
    for i, r in enumerate(rules):
        by_rule.setdefault(group_key(r, i), []).append(i)
    states, per_state, tables = 1, 4, 0
    for piles in by_rule.values():
        bound = max(box[i] for i in piles)
        count = comb(bound + len(piles), len(piles))
        states *= count
        rule = rules[piles[0]]
        if rule.is_any_amount:
            per_state += 8  # its running aggregates: read, and passed on to the next size
        elif len(piles) == 1:
            per_state += rule.count_amounts(bound)
        else:
            moves = len(piles) * rule.count_amounts(bound)
            per_state += 4 * moves
            tables += 4 * count * moves
    return states, per_state, tables


def _moves_per_state(rules: tuple[Rule, ...], box: tuple[int, ...]) -> int:
    return sum(
        2 if r.is_any_amount else r.count_amounts(n) for r, n in zip(rules, box, strict=True)
    )


def search_cost(rules: tuple[Rule, ...], box: tuple[int, ...]) -> int:
    """Work units (about 11 ns each): every state times its work, the groups' tables, and
    every plane (total) its fixed cost."""
    states, per_state, tables = _count_states(rules, box)
    planes = sum(box) + 1
    return states * per_state + tables + PLANE_COST * planes * (1 + _moves_per_state(rules, box))


def fits_budget(rules: tuple[Rule, ...], box: tuple[int, ...]) -> bool:
    states, _, _ = _count_states(rules, box)
    return states <= MAX_STATES and search_cost(rules, box) <= SEARCH_BUDGET


def solve_box(rules: tuple[Rule, ...], misere: bool, box: tuple[int, ...]) -> BoxSolution:
    """Outcome and remoteness of every position of the sum inside ``box`` (up to symmetry).

    A state's flat index is Σ rank_g · stride_g over its groups. Planes (states with the same
    total number of counters) are settled in order; inside a plane each state's rank in each
    group is read off its index (``index // stride % count``), so nothing per state is stored
    but the results and the plane order:

    * a pile alone in its group moves to ``index − a·stride`` (no table at all);
    * a group of several piles moves by ``stride · (child rank − rank)``, a table of the
      group's own size per (member, amount), the child's rank computed directly
      (:func:`lowered_ranks`);
    * an any-amount pile keeps running aggregates along its axis, as before.

    Memory: the plane order (8 bytes a state), remoteness and cold remoteness (4 + 4), the
    totals while ordering (4), and 8 bytes a state per any-amount pile. Checked against the
    previous solver and brute force in ``tests/test_sums_solver.py``.
    """
    import numpy as np  # numpy only when searching

    groups = groups_of(rules, box)
    counts = [g.count for g in groups]
    size = prod(counts)
    strides = [prod(counts[j + 1 :]) for j in range(len(groups))]
    # total counters of every state: the groups' row sums, combined in mixed radix order;
    # 16 bits, so that the stable sort into planes is numpy's radix sort
    small = np.int16 if sum(box) < 1 << 15 else np.int32
    total = np.zeros(1, dtype=small)
    for g in groups:
        sums = g.tuples.sum(axis=1).astype(small)
        total = (total[:, None] + sums[None, :]).reshape(-1)
    order = np.argsort(total, kind="stable")
    top = int(total.max()) if size else 0
    bounds = np.concatenate([[0], np.cumsum(np.bincount(total, minlength=top + 1))])
    del total
    # One code a state: its remoteness if it is cold, HOT + its remoteness if it is hot. The
    # least code among a state's children is a cold child's least remoteness if it has a cold
    # child (below NONE), and the greatest code is HOT + the greatest remoteness when every
    # child is hot; NONE, the code an illegal move reads (the extra last entry), changes
    # neither. One gather a move, not two.
    # A remoteness is at most the counters there are (every move takes one or more): codes
    # fit 16 bits below 2^13 counters, which halves the memory the gathers read.
    wide: Any = np.int16 if sum(box) < 1 << 13 else np.int32
    hot_base: Any = wide(1 << 14 if wide is np.int16 else 1 << 29)
    none: Any = wide(hot_base - 1)
    code: Any = np.full(size + 1, none, dtype=wide)

    singles: list[tuple[int, int, list[int]]] = []  # (stride, count, amounts)
    shared: list[tuple[int, int, int, int, list[tuple[int, Any]]]] = []
    nim_axes: list[tuple[int, int, int, int]] = []  # (group, stride, count, bound)
    for gi, (g, stride) in enumerate(zip(groups, strides, strict=True)):
        amounts = list(g.rule.amounts(g.bound))
        if g.nim_axis:
            nim_axes.append((gi, stride, g.count, g.bound))
        elif len(g.piles) == 1:
            singles.append((stride, g.count, amounts))
        else:
            prefix = prefix_counts(g.bound, len(g.piles))
            here = np.arange(g.count, dtype=np.int64)
            columns = [np.ascontiguousarray(g.tuples[:, j]) for j in range(len(g.piles))]
            moves = []
            for j in range(len(g.piles)):
                for a in amounts:
                    child = lowered_ranks(columns, j, a, prefix)
                    moves.append((a, np.where(child >= 0, (child - here) * stride, 0)))
            shared.append((gi, stride, g.count, len(g.piles), moves))
    agg_min = {gi: np.full(size, none, dtype=wide) for gi, *_ in nim_axes}
    agg_max = {gi: np.full(size, none, dtype=wide) for gi, *_ in nim_axes}

    widest = int(np.diff(bounds).max()) if size else 0
    child_buf = np.empty(widest, dtype=np.int64)  # reused: no temporary a move
    seen_buf = np.empty(widest, dtype=wide)
    out_buf = np.empty(widest, dtype=bool)
    for t in range(top + 1):
        idx = order[bounds[t] : bounds[t + 1]]
        n = idx.size
        least = np.full(n, none, dtype=wide)
        most = np.full(n, none, dtype=wide)
        child, seen, out = child_buf[:n], seen_buf[:n], out_buf[:n]
        for gi, *_ in nim_axes:
            np.minimum(least, agg_min[gi][idx], out=least)
            np.maximum(most, agg_max[gi][idx], out=most)
        for lo in range(0, n, CHUNK):  # a chunk's temporaries stay in the processor's cache
            hi = min(n, lo + CHUNK)
            ids, le, mo = idx[lo:hi], least[lo:hi], most[lo:hi]
            ch, se, ou = child[: hi - lo], seen[: hi - lo], out[: hi - lo]
            for stride, count, amounts in singles:
                pile = ids // stride % count  # a lone pile's rank is its size
                for a in amounts:
                    np.less(pile, a, out=ou)
                    np.subtract(ids, a * stride, out=ch)
                    np.copyto(ch, size, where=ou)  # not legal: the neutral entry
                    np.take(code, ch, out=se)
                    np.minimum(le, se, out=le)
                    np.maximum(mo, se, out=mo)
            for gi, stride, count, k, moves in shared:
                rank = ids // stride % count
                sizes = groups[gi].tuples[rank]
                per_member = len(moves) // k
                for mi, (a, delta) in enumerate(moves):
                    np.less(sizes[:, mi // per_member], a, out=ou)
                    np.take(delta, rank, out=ch)
                    np.add(ch, ids, out=ch)
                    np.copyto(ch, size, where=ou)
                    np.take(code, ch, out=se)
                    np.minimum(le, se, out=le)
                    np.maximum(mo, se, out=mo)
        hot = least < none  # a cold child
        terminal = ~hot & (most == none)  # no child at all
        r = np.where(hot, least + 1, most - hot_base + 1)
        r[terminal] = 0
        is_cold = ~hot
        is_cold[terminal] = not misere
        c = np.where(is_cold, r, r + hot_base)
        code[idx] = c
        for gi, stride, count, bound in nim_axes:
            m = np.flatnonzero(idx // stride % count < bound)
            src = idx[m]
            dst = src + stride
            agg_min[gi][dst] = np.minimum(agg_min[gi][src], c[m])
            agg_max[gi][dst] = np.maximum(agg_max[gi][src], c[m])
    code = code[:size]
    cold = code < hot_base
    rem = np.where(cold, code, code - hot_base)
    return BoxSolution(box, tuple(groups), tuple(strides), rem, cold)


class SumSolver:
    """Keeps solved boxes so that every position of a game is answered by one search."""

    PART = "sums"  # its key in a program's Tables

    @classmethod
    def of(cls, tables: Tables) -> SumSolver:
        """The solver of a program's tables (made when first asked for)."""
        return tables.part(cls.PART, lambda _: cls())

    def __init__(self, keep: int = 6) -> None:
        self._solved: OrderedDict[tuple[tuple[str, ...], bool, tuple[int, ...]], BoxSolution] = (
            OrderedDict()
        )
        self._keep = keep

    def find(
        self, rules: tuple[Rule, ...], misere: bool, pos: tuple[int, ...]
    ) -> BoxSolution | None:
        keys = tuple(r.key for r in rules)
        for (rk, mis, _box), sol in reversed(self._solved.items()):
            if rk == keys and mis == misere and sol.contains(pos):
                return sol
        return None

    def solve(self, rules: tuple[Rule, ...], misere: bool, pos: tuple[int, ...]) -> BoxSolution:
        have = self.find(rules, misere, pos)
        if have is not None:
            return have
        sol = solve_box(rules, misere, pos)
        self._solved[(tuple(r.key for r in rules), misere, pos)] = sol
        while len(self._solved) > self._keep:
            self._solved.popitem(last=False)
        return sol
