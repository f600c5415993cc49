"""Sums of one-pile games: exact search over the sum's own positions.

The remoteness of a sum is not a function of its piles' values, so it is computed over
the *box* of every position at most the start, pile by pile. All positions with the same
total number of counters form a plane; every move lowers the total, so the planes are
settled in order, each in one vectorised step:

* a pile with a finite or square rule contributes one gather per legal amount;
* a Nim pile contributes running aggregates along its axis (least cold remoteness and
  greatest remoteness among all smaller sizes of that pile), so it costs O(1) per state.

Every later position of the game lies inside the box, so one search answers the whole
game. Solved boxes are kept (a few per rule tuple).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING, Any

from squaregame.core.rules import NimRule, Rule

if TYPE_CHECKING:
    import numpy.typing as npt

# Work units a search may take: states × (amounts tried per state). Calibrated by
# ``squaregame bench`` to stay near 2 s on a 2-core machine.
SEARCH_BUDGET = 120_000_000
MAX_STATES = 12_000_000


@dataclass(frozen=True)
class BoxSolution:
    box: tuple[int, ...]
    strides: tuple[int, ...]
    rem: npt.NDArray[Any]
    cold: npt.NDArray[Any]

    def contains(self, pos: tuple[int, ...]) -> bool:
        return all(0 <= p <= b for p, b in zip(pos, self.box, strict=True))

    def index(self, pos: tuple[int, ...]) -> int:
        return sum(p * s for p, s in zip(pos, self.strides, strict=True))

    def lookup(self, pos: tuple[int, ...]) -> tuple[bool, int]:
        i = self.index(pos)
        return bool(self.cold[i]), int(self.rem[i])


def search_cost(rules: tuple[Rule, ...], box: tuple[int, ...]) -> int:
    states = prod(b + 1 for b in box)
    per_state = 0
    for rule, b in zip(rules, box, strict=True):
        per_state += 2 if isinstance(rule, NimRule) else sum(1 for _ in rule.amounts(b))
    return states * max(per_state, 1)


def fits_budget(rules: tuple[Rule, ...], box: tuple[int, ...]) -> bool:
    return prod(b + 1 for b in box) <= MAX_STATES and search_cost(rules, box) <= SEARCH_BUDGET


def solve_box(rules: tuple[Rule, ...], misere: bool, box: tuple[int, ...]) -> BoxSolution:
    """Outcome and remoteness of every position of the sum inside ``box``."""
    import numpy as np  # numpy only when searching

    shape = tuple(b + 1 for b in box)
    k = len(shape)
    size = prod(shape)
    strides = tuple(prod(shape[i + 1 :]) for i in range(k))
    coords = np.indices(shape, dtype=np.int32).reshape(k, -1)
    total = coords.sum(axis=0, dtype=np.int64)
    order = np.argsort(total, kind="stable")
    bounds = np.searchsorted(total[order], np.arange(sum(box) + 2))
    big = np.int32(1 << 30)
    rem = np.zeros(size, dtype=np.int32)
    cold = np.zeros(size, dtype=bool)
    nim_axes = [i for i, r in enumerate(rules) if isinstance(r, NimRule)]
    agg_min = {i: np.full(size, big, dtype=np.int32) for i in nim_axes}
    agg_max = {i: np.full(size, -1, dtype=np.int32) for i in nim_axes}
    amounts = {
        i: list(r.amounts(box[i])) for i, r in enumerate(rules) if not isinstance(r, NimRule)
    }
    for t in range(sum(box) + 1):
        idx = order[bounds[t] : bounds[t + 1]]
        least = np.full(idx.size, big, dtype=np.int32)
        most = np.full(idx.size, -1, dtype=np.int32)
        for i in nim_axes:
            np.minimum(least, agg_min[i][idx], out=least)
            np.maximum(most, agg_max[i][idx], out=most)
        for i, amts in amounts.items():
            ci = coords[i, idx]
            for a in amts:
                m = np.flatnonzero(ci >= a)
                if m.size == 0:
                    break
                child = idx[m] - a * strides[i]
                cr = rem[child]
                least[m] = np.minimum(least[m], np.where(cold[child], cr, big))
                most[m] = np.maximum(most[m], cr)
        terminal = most < 0
        hot = least < big
        r = np.where(hot, least + 1, most + 1)
        is_cold = ~hot
        r[terminal] = 0
        is_cold[terminal] = not misere
        rem[idx] = r
        cold[idx] = is_cold
        if nim_axes:
            cold_r = np.where(is_cold, r, big)
            for i in nim_axes:
                m = np.flatnonzero(coords[i, idx] < box[i])
                src = idx[m]
                dst = src + strides[i]
                agg_min[i][dst] = np.minimum(agg_min[i][src], cold_r[m])
                agg_max[i][dst] = np.maximum(agg_max[i][src], r[m])
    return BoxSolution(box, strides, rem, cold)


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
