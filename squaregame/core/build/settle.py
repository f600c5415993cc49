"""The near step of the numpy Squares builder: the remoteness of a group of a block's cold
positions, exact in one gather and one push (see :func:`settle`).

A cold position ``n`` of a block is 2 + the largest value ``best[n − k²]`` over its children.
Its *near* children (``k² < `` the block's size) lie in the block, where the cold positions
found just before it push their remoteness: the child ``n − k²`` of the row ``n`` takes the
push of an earlier row ``c`` of the same group exactly when ``n − k² = c + l²``, that is when
``n − c = k² + l²`` (k, l ≥ 1). So the rows are taken together: their children's values are
gathered once, before any of the group's pushes, and the few *dependent* entries — found from
the rows' differences and a table of the ways each difference is a sum of two squares
(:class:`SumsOfTwoSquares`) — are lowered by the pushes they receive.
"""

from __future__ import annotations

from math import isqrt
from typing import Any

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
_SMALLEST = 1 << 12  # the table's first size: it doubles when a group spans more


class SumsOfTwoSquares:
    """For every ``d`` below :attr:`size`: is it a square (``square[d]``), and the ``k ≥ 1``
    with ``d − k²`` a positive square (all of them: ``count[d]``, from ``ks[offset[d]]`` on).
    Made for the spans asked for and doubled when a larger one comes (a group of cold
    positions spans a few thousand, so the table stays small)."""

    def __init__(self) -> None:
        self.size = 0
        self.square: npt.NDArray[np.bool_] = np.zeros(0, dtype=bool)
        self.count: I64 = np.zeros(0, dtype=np.int64)
        self.offset: I64 = np.zeros(0, dtype=np.int64)
        self.ks: I64 = np.zeros(0, dtype=np.int64)

    def cover(self, span: int) -> None:
        """Make the table reach ``span`` (differences up to it)."""
        if span < self.size:
            return
        size = max(_SMALLEST, self.size)
        while size <= span:
            size *= 2
        k = np.arange(1, isqrt(size - 1) + 1, dtype=np.int64)
        per_k = np.asarray([isqrt(size - 1 - x * x) for x in k.tolist()], dtype=np.int64)
        kk = np.repeat(k, per_k)  # every (k, l) with k² + l² < size, k-major
        ll = np.arange(kk.size, dtype=np.int64) - np.repeat(np.cumsum(per_k) - per_k, per_k) + 1
        d = kk * kk + ll * ll
        self.ks = kk[np.argsort(d, kind="stable")]
        self.count = np.bincount(d, minlength=size).astype(np.int64)
        self.offset = np.cumsum(self.count) - self.count
        self.square = np.zeros(size, dtype=bool)
        self.square[k * k] = True
        self.size = size

    def dependencies(self, rows: I64, among: I64) -> tuple[I64, I64, I64] | None:
        """For the increasing ``rows``: each (row j, column k − 1, row i) with j in ``among``,
        i < j and ``rows[j] − k² = rows[i] + l²`` for some l ≥ 1 (every such triple once),
        or None."""
        self.cover(int(rows[-1] - rows[0]))
        diff = rows[among][:, None] - rows[None, :]  # diff[a, i] = rows[among[a]] − rows[i]
        np.maximum(diff, 0, out=diff)  # i ≥ j: 0, a sum of no two positive squares
        ways = self.count.take(diff)
        aa, ii = np.nonzero(ways)
        if not aa.size:
            return None
        d = diff[aa, ii]
        n = ways[aa, ii]
        ends = np.cumsum(n)
        at = np.arange(int(ends[-1]), dtype=np.int64) + np.repeat(self.offset[d] - (ends - n), n)
        return np.repeat(among[aa], n), self.ks[at] - 1, np.repeat(ii, n)


def settle(values: Any, rows: I64, far: Any, limit: int, zero: bool, sums: SumsOfTwoSquares) -> Any:
    """The remoteness of the increasing cold positions ``rows`` of one block: ``values[j, k]``
    is ``best[rows[j] − (k+1)²]`` gathered before any of them pushed (``values`` is changed),
    ``far[j]`` the largest value of row j's children before the block; ``zero``: rows[0]
    is position 0, which is terminal.

    Row j's value is 2 + the largest of ``far[j]`` and, over its near children, the value
    gathered lowered by the pushes of earlier rows i that reach it (the dependent entries of
    :meth:`SumsOfTwoSquares.dependencies`): ``min(values[j, k], r[i])``, capped at
    ``limit`` + 2 as before. Proof that the values found are exact: every push a near child
    of row j receives, other than from the group's rows, came before (from cold positions
    before the group, all pushed already; later positions push only past ``rows[j]``), so
    the gathered value is the child's value but for the group's pushes, and those are
    exactly the dependent entries; lowering values never raises a largest one. So where a
    row's first largest gathered child is reached by no earlier row (or ``far`` is as
    large), its largest value stands: most rows are done at once. For the others, the
    entries not dependent give ``base[j]``; an entry whose gathered value is at most
    ``base[j]`` cannot change the largest value (lowered, it stays at most ``base[j]``), so
    only the rest are kept. On those, the map ``r ↦ F(r)`` (each row's value given the
    pushes of the values ``r``) makes row j depend only on rows before it, so from any start
    each round leaves at least one more leading row exact: within as many rounds as rows
    the rounds reach the true values, and they stop at the first round that changes nothing
    — a fixed point, and the only one, as each row is determined by the rows before it.
    """
    first = values.argmax(axis=1)  # each row's first largest child
    top = np.take_along_axis(values, first[:, None], axis=1)[:, 0]
    base = np.maximum(top, far)
    r = _capped(base.copy(), limit, zero)
    if rows.size < 2:
        return r
    sums.cover(int(rows[-1] - rows[0]))
    gap = (rows - (first + 1) ** 2)[:, None] - rows[None, :]  # that child − each row
    np.maximum(gap, 0, out=gap)  # only earlier rows can reach it: the rest give 0
    doubt = np.flatnonzero(sums.square.take(gap).any(axis=1) & (top > far))
    if not doubt.size:
        return r
    found = sums.dependencies(rows, doubt)
    if found is None:
        return r
    row, col, pusher = found
    inside = np.flatnonzero(col < values.shape[1])  # (in a block, every k² < its size is)
    row, col, pusher = row[inside], col[inside], pusher[inside]
    gathered = values[row, col]
    values[row, col] = 0  # 0 never raises a largest value
    base[doubt] = np.maximum(values[doubt].max(axis=1), far[doubt])
    keep = np.flatnonzero(gathered > base[row])
    if not keep.size:
        return _capped(base, limit, zero)
    row, pusher, gathered = row[keep], pusher[keep], gathered[keep]
    entry = row * values.shape[1] + col[keep]
    inf = np.iinfo(values.dtype).max
    each = np.full(values.size, inf, dtype=values.dtype)  # an entry's value, by (row, column)
    while True:
        got = np.minimum(gathered, r[pusher])
        each[entry] = inf
        np.minimum.at(each, entry, got)  # several rows may push the same child
        largest = base.copy()
        np.maximum.at(largest, row, each[entry])
        again = _capped(largest, limit, zero)
        if np.array_equal(again, r):
            return r
        r = again


def _capped(largest: Any, limit: int, zero: bool) -> Any:
    """2 + the largest value, capped where it would not fit; 0 for position 0."""
    np.minimum(largest, limit, out=largest)
    largest += 2
    if zero:
        largest[0] = 0
    return largest
