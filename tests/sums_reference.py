"""The sum solver as it was before 2026-11 (row sorts, a delta array per pile and amount over
every state): slow and memory-hungry, kept as the reference the new solver must equal."""

from __future__ import annotations

from math import prod
from typing import Any

import numpy as np

from squaregame.core.rules import Rule
from squaregame.core.sums.solver import _states


def reference_solve_box(
    rules: tuple[Rule, ...], misere: bool, box: tuple[int, ...]
) -> tuple[Any, Any]:
    """Outcome and remoteness of every position of the sum inside ``box`` (up to symmetry)."""
    groups, size = _states(rules, box)
    counts = [g.count for g in groups]
    strides = [prod(counts[j + 1 :]) for j in range(len(groups))]
    flat = np.arange(size, dtype=np.int64)
    ranks = [(flat // s) % c for s, c in zip(strides, counts, strict=True)]
    coords: dict[int, Any] = {}  # pile -> its size in every state
    for g, r in zip(groups, ranks, strict=True):
        for j, pile in enumerate(g.piles):
            coords[pile] = g.tuples[r, j]
    total: Any = np.sum(list(coords.values()), axis=0)
    order = np.argsort(total, kind="stable")
    top = int(total.max()) if size else 0
    bounds = np.searchsorted(total[order], np.arange(top + 2))
    big = np.int32(1 << 30)
    rem = np.zeros(size, dtype=np.int32)
    coldrem = np.full(size, big, dtype=np.int32)  # remoteness where cold, else big

    # Children inside a group: lower one member and re-sort; precomputed per (member, amount).
    moves: list[tuple[Any, int, int, int, Any]] = []
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
    return rem, coldrem < big
