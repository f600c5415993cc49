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
from dataclasses import dataclass
from math import isqrt
from typing import Any

import numpy as np
import numpy.typing as npt

Progress = Callable[[float], None]

U16 = npt.NDArray[np.uint16]


def _squares(upto: int) -> npt.NDArray[np.int64]:
    return np.arange(1, isqrt(max(upto, 0)) + 1, dtype=np.int64) ** 2


class _Overflow(Exception):
    """A remoteness too large for the one-byte working array."""


@dataclass(frozen=True)
class SquaresBuild:
    rem: npt.NDArray[np.unsignedinteger[Any]]  # remoteness of 0..upto (uint8 when it fits)
    cold: npt.NDArray[np.int64]  # the cold positions, increasing


def squares_table(upto: int, progress: Progress | None = None) -> SquaresBuild:
    """Remoteness and cold positions of normal-play Squares for 0..upto.

    The working array takes one byte per position while every remoteness fits (up to
    253; 202 is the largest below 4·10^7), which also halves the memory traffic of the
    scattered reads; otherwise the build starts again with two bytes per position.
    """
    try:
        return _build(upto, np.uint8, progress)
    except _Overflow:
        return _build(upto, np.uint16, progress)


def squares_remoteness(upto: int, progress: Progress | None = None) -> npt.NDArray[Any]:
    """Remoteness of every position 0..upto of normal-play Squares (cold ⇔ even)."""
    return squares_table(upto, progress).rem


def _build(upto: int, dtype: Any, progress: Progress | None) -> SquaresBuild:
    n_total = upto + 1
    inf = int(np.iinfo(dtype).max)
    limit = inf - 2  # a cold remoteness above this would not fit
    best = np.full(n_total, inf, dtype=dtype)
    sq = _squares(upto)
    cold_pos = np.empty(0, dtype=np.int64)
    cold_rem = np.empty(0, dtype=dtype)
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
            if r > limit:
                raise _Overflow
            new_pos.append(n)
            new_rem.append(r)
            m = isqrt(end - 1 - n)
            if m:
                t = n + sq[:m]
                best[t] = np.minimum(best[t], r)
        if new_pos:
            cold_pos = np.concatenate([cold_pos, np.asarray(new_pos, dtype=np.int64)])
            cold_rem = np.concatenate([cold_rem, np.asarray(new_rem, dtype=dtype)])
        start = end
        if progress is not None:
            progress(start / n_total)
    best += 1  # hot: 1 + least remoteness of a cold child
    best[cold_pos] = cold_rem
    return SquaresBuild(best, cold_pos)


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


def to_le_bytes(a: npt.NDArray[Any]) -> bytes:
    return a.astype("<u2", copy=False).tobytes()
