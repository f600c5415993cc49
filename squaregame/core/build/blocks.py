"""The native Squares builder's algorithm, and the loop that drives its kernels.

The C builder compiled on this machine (:mod:`squaregame.core.build.squares_native`) runs the two
kernels below, transcribed into C, under :func:`blocks_table`, so it gives the same table as
:func:`squaregame.core.build.squares.squares_table`, byte for byte (the tests build both, and the
kernels as written here, and compare, and against the C reference's hash). The algorithm
is the two-pass one of ``shared/bench/squares_ref.c``:

1. **Cold positions.** Positions are taken in blocks of ``BLOCK``. Every cold position found
   so far keeps the next square it reaches (``nxt``, with its square's root ``root``); at the
   start of a block each marks what it reaches in the block. A position of the block that is
   still unmarked is cold, and marks what it reaches in the rest of the block.
2. **Remoteness.** Block by block again: a hot position is 1 + the least remoteness among its
   cold children (pushed forward from each cold position, as in pass 1, carrying its
   remoteness); a cold position is 1 + the greatest remoteness among all its children — the
   children before the block are gathered square by square for all of the block's cold
   positions at once, the children inside the block one position at a time.

Both passes are exact (every child of every position is looked at, in the order the
definitions need: a position's children are all smaller). The working memory is the
remoteness array (one byte a position while every value fits in 253, two otherwise) and, per
cold position, three numbers. The kernels are written here in plain Python, the readable
form (``assets/native/squares_blocks.c`` is a line-by-line C transcription; the tests run
both), and take ``BLOCK``-sized blocks; :func:`blocks_table` calls them ``CHUNK`` blocks at
a time and reports progress in between.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

BLOCK = 1 << 16
CHUNK = 16  # blocks per call into compiled code: progress is reported between calls

I64 = npt.NDArray[np.int64]


def cold_blocks_py(
    s0: int, s1: int, n_total: int, blk: Any, cold: Any, nxt: Any, root: Any, count: int
) -> int:
    """Pass 1 over the blocks starting in ``s0..s1``; returns the new count of cold positions."""
    for s in range(s0, s1, BLOCK):
        e = min(s + BLOCK, n_total)
        blk[: e - s] = 0
        for j in range(count):
            t = nxt[j]
            k = root[j]
            p = t - k * k
            while t < e:
                blk[t - s] = 1
                k += 1
                t = p + k * k
            nxt[j] = t
            root[j] = k
        for n in range(s, e):
            if blk[n - s] == 0:
                cold[count] = n
                k = 1
                t = n + 1
                while t < e:
                    blk[t - s] = 1
                    k += 1
                    t = n + k * k
                nxt[count] = t
                root[count] = k
                count += 1
    return count


def rem_blocks_py(
    s0: int,
    s1: int,
    n_total: int,
    rem: Any,
    best: Any,
    cold: Any,
    ncold: int,
    nxt: Any,
    root: Any,
    crem: Any,
    pm: Any,
    done: int,
    first: int,
    limit: int,
) -> int:
    """Pass 2 over the blocks starting in ``s0..s1``. ``done`` cold positions already push;
    ``first`` is the index in ``cold`` of the first cold position at or after ``s0``.
    Returns the new ``first``, or −1 when a cold remoteness exceeds ``limit``."""
    inf = limit + 2
    k0 = 1
    while k0 * k0 < BLOCK:
        k0 += 1
    for s in range(s0, s1, BLOCK):
        e = min(s + BLOCK, n_total)
        best[: e - s] = inf
        for j in range(done):
            t = nxt[j]
            k = root[j]
            p = t - k * k
            r = crem[j]
            while t < e:
                if r < best[t - s]:
                    best[t - s] = r
                k += 1
                t = p + k * k
            nxt[j] = t
            root[j] = k
        last = first
        while last < ncold and cold[last] < e:
            last += 1
        nb = last - first
        for i in range(nb):
            pm[i] = -1
        k = k0
        while k * k <= e - 1:  # children before the block: n − k² < s for every n in it
            q = k * k
            for i in range(nb):
                c = cold[first + i] - q
                if c >= 0 and rem[c] > pm[i]:
                    pm[i] = rem[c]
            k += 1
        i = 0
        for n in range(s, e):
            if i < nb and cold[first + i] == n:
                m = pm[i]
                k = 1
                while k < k0 and k * k <= n:
                    if rem[n - k * k] > m:
                        m = rem[n - k * k]
                    k += 1
                r = m + 1
                if n == 0:
                    r = 0
                if r > limit:
                    return -1
                rem[n] = r
                j = first + i
                k = 1
                t = n + 1
                while t < e:
                    if r < best[t - s]:
                        best[t - s] = r
                    k += 1
                    t = n + k * k
                nxt[j] = t
                root[j] = k
                crem[j] = r
                i += 1
            else:
                rem[n] = best[n - s] + 1
        done = first + nb
        first = last
    return first


def blocks_table(
    upto: int,
    dtype: Any,
    progress: Callable[[float], None] | None,
    cold_blocks: Callable[..., int],
    rem_blocks: Callable[..., int],
    limit: int | None = None,
    block: int = BLOCK,
) -> tuple[npt.NDArray[Any], I64] | None:
    """Remoteness of 0..upto (``dtype``) and the cold positions, or None if a remoteness does
    not fit ``dtype`` (or exceeds ``limit``, if given), computed by the two kernels (compiled
    forms of :func:`cold_blocks_py` and :func:`rem_blocks_py`) on blocks of ``block``."""
    n_total = upto + 1
    step = block * CHUNK
    blk = np.zeros(block, dtype=np.uint8)
    cap = 1 << 12
    cold = np.empty(cap, dtype=np.int64)
    nxt = np.empty(cap, dtype=np.int64)
    root = np.empty(cap, dtype=np.int64)
    count = 0
    for s0 in range(0, n_total, step):
        s1 = min(n_total, s0 + step)
        need = count + (s1 - s0) // 2 + 1  # two neighbours (a difference of 1) are never both cold
        if need > cap:
            cap = max(need, cap + cap // 2)
            cold, nxt, root = (np.resize(a, cap) for a in (cold, nxt, root))
        count = cold_blocks(s0, s1, n_total, blk, cold, nxt, root, count)
        if progress is not None:
            progress(0.3 * s1 / n_total)
    cold = cold[:count].copy()
    nxt = np.empty(count, dtype=np.int64)
    root = np.empty(count, dtype=np.int64)
    crem = np.empty(count, dtype=np.int64)
    pm = np.empty(block, dtype=np.int32)
    best = np.empty(block, dtype=np.int32)
    rem = np.empty(n_total, dtype=dtype)
    if limit is None:
        limit = int(np.iinfo(dtype).max) - 2
    first = 0
    for s0 in range(0, n_total, step):
        s1 = min(n_total, s0 + step)
        done = first
        first = rem_blocks(
            s0, s1, n_total, rem, best, cold, count, nxt, root, crem, pm, done, first, limit
        )
        if first < 0:
            return None
        if progress is not None:
            progress(0.3 + 0.7 * s1 / n_total)
    return rem, cold
