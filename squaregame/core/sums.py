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
from itertools import combinations_with_replacement
from math import comb, prod
from typing import TYPE_CHECKING, Any

from squaregame.core.rules import Rule

if TYPE_CHECKING:
    import numpy.typing as npt

# Work units a search may take: canonical states × (amounts tried per state). Calibrated
# by ``squaregame bench`` to stay near 2 s on a 2-core machine.
SEARCH_BUDGET = 35_000_000
QUICK_SEARCH = 2_000_000  # below this a search is instant (well under 0.1 s)
MAX_STATES = 8_000_000
# Work units of one plane's fixed cost (a dozen numpy calls, ~25–50 µs): a long Nim axis has
# one plane per counter, so (10^6 nim, 5 squares), 24M units of states, is ~200M in all.
PLANE_COST = 200


@dataclass(frozen=True)
class Group:
    """Piles that share one rule. Their order does not matter, so only sorted tuples are
    states: 4 squares piles up to 50 have 316,251 of them instead of 6,765,201."""

    piles: tuple[int, ...]  # indices into the position
    rule: Rule
    bound: int  # every pile of the group is at most this
    tuples: npt.NDArray[Any]  # count × len(piles), sorted rows, in lexicographic order
    keys: npt.NDArray[Any]  # packed rows, increasing

    @property
    def count(self) -> int:
        return int(self.tuples.shape[0])

    @property
    def nim_axis(self) -> bool:
        return self.rule.is_any_amount and len(self.piles) == 1

    def pack(self, rows: npt.NDArray[Any]) -> npt.NDArray[Any]:
        key = rows[..., 0].astype("int64")
        for j in range(1, rows.shape[-1]):
            key = key * (self.bound + 1) + rows[..., j]
        return key

    def rank(self, values: tuple[int, ...]) -> int:
        import numpy as np

        key = self.pack(np.asarray(sorted(values), dtype=np.int64)[None, :])
        return int(np.searchsorted(self.keys, key)[0])


def _group_key(rule: Rule, pile: int) -> str:
    """Piles group by rule, except any-amount piles: each keeps its own axis."""
    return f"{rule.key}#{pile}" if rule.is_any_amount else rule.key


def _groups(rules: tuple[Rule, ...], box: tuple[int, ...]) -> list[Group]:
    import numpy as np

    by_rule: dict[str, list[int]] = {}
    for i, r in enumerate(rules):
        by_rule.setdefault(_group_key(r, i), []).append(i)
    groups = []
    for piles in by_rule.values():
        bound = max(box[i] for i in piles)
        rows = list(combinations_with_replacement(range(bound + 1), len(piles)))
        tuples = np.asarray(rows, dtype=np.int64).reshape(len(rows), len(piles))
        g = Group(tuple(piles), rules[piles[0]], bound, tuples, np.empty(0))
        groups.append(Group(g.piles, g.rule, g.bound, tuples, g.pack(tuples)))
    return groups


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
        import numpy as np

        stride = next(
            s for g, s in zip(self.groups, self.strides, strict=True) if g.piles == (pile,)
        )
        base = self.index((*pos[:pile], 0, *pos[pile + 1 :]))
        idx = base + stride * np.arange(pos[pile], dtype=np.int64)
        return self.cold[idx], self.rem[idx]


def _states(rules: tuple[Rule, ...], box: tuple[int, ...]) -> tuple[list[Group], int]:
    groups = _groups(rules, box)
    return groups, prod(g.count for g in groups)


def _count_states(rules: tuple[Rule, ...], box: tuple[int, ...]) -> tuple[int, int]:
    """(canonical states, amounts tried per state) without building anything."""
    by_rule: dict[str, list[int]] = {}
    for i, r in enumerate(rules):
        by_rule.setdefault(_group_key(r, i), []).append(i)
    states, per_state = 1, 0
    for piles in by_rule.values():
        bound = max(box[i] for i in piles)
        states *= comb(bound + len(piles), len(piles))
        rule = rules[piles[0]]
        per_state += 2 if rule.is_any_amount else len(piles) * rule.count_amounts(bound)
    return states, max(per_state, 1)


def search_cost(rules: tuple[Rule, ...], box: tuple[int, ...]) -> int:
    """Work units: every state times its amounts, and every plane (total) its fixed cost."""
    states, per_state = _count_states(rules, box)
    return states * per_state + PLANE_COST * (sum(box) + 1)


def fits_budget(rules: tuple[Rule, ...], box: tuple[int, ...]) -> bool:
    states, _ = _count_states(rules, box)
    return states <= MAX_STATES and search_cost(rules, box) <= SEARCH_BUDGET


def solve_box(rules: tuple[Rule, ...], misere: bool, box: tuple[int, ...]) -> BoxSolution:
    """Outcome and remoteness of every position of the sum inside ``box`` (up to symmetry)."""
    import numpy as np  # numpy only when searching

    groups, size = _states(rules, box)
    counts = [g.count for g in groups]
    strides = [prod(counts[j + 1 :]) for j in range(len(groups))]
    flat = np.arange(size, dtype=np.int64)
    ranks = [(flat // s) % c for s, c in zip(strides, counts, strict=True)]
    coords: dict[int, npt.NDArray[Any]] = {}  # pile -> its size in every state
    for g, r in zip(groups, ranks, strict=True):
        for j, pile in enumerate(g.piles):
            coords[pile] = g.tuples[r, j]
    total: npt.NDArray[Any] = np.sum(list(coords.values()), axis=0)
    order = np.argsort(total, kind="stable")
    top = int(total.max()) if size else 0
    bounds = np.searchsorted(total[order], np.arange(top + 2))
    big = np.int32(1 << 30)
    rem = np.zeros(size, dtype=np.int32)
    coldrem = np.full(size, big, dtype=np.int32)  # remoteness where cold, else big

    # Children inside a group: lower one member and re-sort; precomputed per (member, amount).
    moves: list[tuple[npt.NDArray[Any], int, int, int, npt.NDArray[Any]]] = []
    nim_axes: list[tuple[int, int, int]] = []  # (pile, stride, bound)
    for g, stride, rank in zip(groups, strides, ranks, strict=True):
        if g.nim_axis:
            nim_axes.append((g.piles[0], stride, g.bound))
            continue
        for j, pile in enumerate(g.piles):
            for a in g.rule.amounts(g.bound):
                lowered = g.tuples.copy()
                lowered[:, j] -= a
                ok = lowered[:, j] >= 0
                lowered = np.sort(np.where(ok[:, None], lowered, 0), axis=1)
                child_rank = np.where(ok, np.searchsorted(g.keys, g.pack(lowered)), -1)
                # flat-index offset of the child, for every state: (child rank - rank) * stride
                delta = (child_rank[rank] - rank) * stride
                moves.append((coords[pile], a, pile, stride, delta))
    agg_min = {p: np.full(size, big, dtype=np.int32) for p, _, _ in nim_axes}
    agg_max = {p: np.full(size, -1, dtype=np.int32) for p, _, _ in nim_axes}
    for t in range(top + 1):
        idx = order[bounds[t] : bounds[t + 1]]
        least = np.full(idx.size, big, dtype=np.int32)
        most = np.full(idx.size, -1, dtype=np.int32)
        for p, _, _ in nim_axes:
            np.minimum(least, agg_min[p][idx], out=least)
            np.maximum(most, agg_max[p][idx], out=most)
        for pile_sizes, a, _, _, delta in moves:
            m = np.flatnonzero(pile_sizes[idx] >= a)
            if m.size == 0:
                continue
            sub = idx[m]
            child = sub + delta[sub]
            least[m] = np.minimum(least[m], coldrem[child])
            most[m] = np.maximum(most[m], rem[child])
        terminal = most < 0
        hot = least < big
        r = np.where(hot, least + 1, most + 1)
        is_cold = ~hot
        r[terminal] = 0
        is_cold[terminal] = not misere
        rem[idx] = r
        cr = np.where(is_cold, r, big)
        coldrem[idx] = cr
        for p, stride, bound in nim_axes:
            m = np.flatnonzero(coords[p][idx] < bound)
            src = idx[m]
            dst = src + stride
            agg_min[p][dst] = np.minimum(agg_min[p][src], cr[m])
            agg_max[p][dst] = np.maximum(agg_max[p][src], r[m])
    return BoxSolution(box, tuple(groups), tuple(strides), rem, coldrem < big)


class SumSolver:
    """Keeps solved boxes so that every position of a game is answered by one search."""

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
