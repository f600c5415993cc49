"""Fast builders for the Squares table (numpy). The only core module that imports numpy.

:func:`squares_remoteness` makes outcome and remoteness in one forward pass: a position's
remoteness depends only on smaller positions, and *cold* positions are sparse (about 1 in
150 near 10^7), so the work is organised around them:

* a hot position's remoteness is 1 + the least remoteness among its cold children, so
  ``best[n]`` holds that least value, pushed forward from every cold position;
* a cold position's children are all hot, so its remoteness is 2 + max(best[children]).

Positions are taken in blocks. At the start of a block every earlier cold position is
pushed into it (one vectorised step per square), then the block's *candidates* — the
positions no earlier cold position reaches — are settled in order, each new cold position
pushing into the rest of its block. The result is checked byte for byte against the C
reference in ``shared/bench`` (see ``tests/test_squares_table.py`` and the benchmark).
"""

from __future__ import annotations

from collections.abc import Callable
from math import isqrt

import numpy as np
import numpy.typing as npt

Progress = Callable[[float], None]

U16 = npt.NDArray[np.uint16]


def _squares(upto: int) -> npt.NDArray[np.int64]:
    return np.arange(1, isqrt(max(upto, 0)) + 1, dtype=np.int64) ** 2


def squares_remoteness(upto: int, progress: Progress | None = None) -> U16:
    """Remoteness of every position 0..upto of normal-play Squares (cold ⇔ even)."""
    n_total = upto + 1
    inf = np.iinfo(np.uint16).max
    best = np.full(n_total, inf, dtype=np.uint16)
    sq = _squares(upto)
    cold_pos = np.empty(0, dtype=np.int64)
    cold_rem = np.empty(0, dtype=np.uint16)
    start = 0
    while start < n_total:
        size = min(1 << 20, max(1 << 12, start))
        end = min(n_total, start + size)
        if cold_pos.size:
            lo = np.searchsorted(cold_pos, start - sq)
            hi = np.searchsorted(cold_pos, end - sq)
            for k in np.flatnonzero(hi > lo).tolist():
                a, b = int(lo[k]), int(hi[k])
                t = cold_pos[a:b] + sq[k]
                best[t] = np.minimum(best[t], cold_rem[a:b])
        new_pos: list[int] = []
        new_rem: list[int] = []
        for n in (start + np.flatnonzero(best[start:end] == inf)).tolist():
            if best[n] != inf:
                continue  # reached by a cold position found earlier in this block
            r = int(best[n - sq[: isqrt(n)]].max()) + 2 if n else 0
            new_pos.append(n)
            new_rem.append(r)
            m = isqrt(end - 1 - n)
            if m:
                t = n + sq[:m]
                best[t] = np.minimum(best[t], r)
        if new_pos:
            cold_pos = np.concatenate([cold_pos, np.asarray(new_pos, dtype=np.int64)])
            cold_rem = np.concatenate([cold_rem, np.asarray(new_rem, dtype=np.uint16)])
        start = end
        if progress is not None:
            progress(start / n_total)
    best += 1  # hot: 1 + least remoteness of a cold child
    best[cold_pos] = cold_rem
    return best


def squares_grundy(upto: int, progress: Progress | None = None) -> U16:
    """Grundy values of Squares for 0..upto (mex over the children's values)."""
    g = np.zeros(upto + 1, dtype=np.uint16)
    sq = _squares(upto)
    seen = np.zeros(1 << 16, dtype=bool)
    step = max(1, upto // 100)
    for n in range(1, upto + 1):
        v = g[n - sq[: isqrt(n)]]
        seen[v] = True
        g[n] = int(seen.argmin())
        seen[v] = False
        if progress is not None and n % step == 0:
            progress(n / upto)
    return g


def to_le_bytes(a: npt.NDArray[np.uint16]) -> bytes:
    return a.astype("<u2", copy=False).tobytes()
