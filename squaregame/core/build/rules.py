"""The table builder for any rule given by its amounts (numpy), normal or misère, with
Grundy values in normal play.

:func:`rule_table` is the algorithm of :mod:`squaregame.core.build.squares` (the Squares builder)
for any increasing amounts; it settles each block's cold positions in plain Python while few
amounts fit in a block (then cold positions may be dense, and plain Python beats many small
numpy steps), and with numpy steps otherwise.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from squaregame.core.build.squares import Progress, minimum_at

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
_INF = int(np.iinfo(np.int32).max)  # "no cold child yet"
PY_AMOUNTS = 24  # up to this many amounts inside a block, its cold positions are settled in Python
GRUNDY_BLOCK = 1024
_BITS = np.array([1 << k for k in range(64)] + [0], dtype=np.uint64)  # _BITS[64] = no bit


def rule_table(
    amounts: Sequence[int], upto: int, *, misere: bool, progress: Progress | None = None
) -> tuple[npt.NDArray[Any], npt.NDArray[Any] | None]:
    """Remoteness of 0..upto, and Grundy values in normal play, for the increasing positive
    ``amounts`` (those above ``upto`` are ignored)."""
    amts = np.asarray([a for a in amounts if a <= upto], dtype=np.int64)
    share = 1.0 if misere else 0.3  # of the time, measured: Grundy values take the rest
    rem = rule_remoteness(amts, upto, misere=misere, progress=_scaled(progress, 0.0, share))
    if misere:
        return _narrow(rem), None
    return _narrow(rem), _narrow(rule_grundy(amts, upto, _scaled(progress, share, 1.0)))


def _scaled(progress: Progress | None, lo: float, hi: float) -> Progress | None:
    if progress is None:
        return None
    report = progress
    return lambda f: report(lo + (hi - lo) * f)


def _narrow(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    return a.astype(np.uint16) if a.size and int(a.min()) >= 0 and int(a.max()) < 1 << 16 else a


def rule_remoteness(amts: I64, upto: int, *, misere: bool, progress: Progress | None) -> I32:
    """The Squares builder's cold-centric pass for any amounts (increasing, at most upto).

    ``best[n]`` is the least remoteness of a cold child of n (pushed forward from each cold
    position); a position nothing reaches is cold, with remoteness 2 + max(best[children])
    as all its children are hot. In misère the terminals (n below the least amount) are hot
    with remoteness 0, which ``best = -1`` gives; in normal play they are cold candidates
    without children, remoteness 0.
    """
    n_total = upto + 1
    best = np.full(n_total, _INF, dtype=np.int32)
    al: list[int] = amts.tolist()
    if misere:
        best[: al[0] if al else n_total] = -1
    cold_pos = np.empty(0, dtype=np.int64)
    cold_rem = np.empty(0, dtype=np.int32)
    start = 0
    while start < n_total:
        end = min(n_total, start + min(1 << 20, max(1 << 12, start)))
        if cold_pos.size:  # every earlier cold position, pushed into this block
            lo = np.searchsorted(cold_pos, start - amts)
            hi = np.searchsorted(cold_pos, end - amts)
            for k in np.flatnonzero(hi > lo).tolist():
                a, b = int(lo[k]), int(hi[k])
                minimum_at(best, cold_pos[a:b] + amts[k], cold_rem[a:b])
        cand = np.flatnonzero(best[start:end] == _INF)
        inside = al[: bisect_right(al, end - start - 1)]
        if len(inside) <= PY_AMOUNTS:
            pos, rem = _settle_in_python(best, amts, inside, start, end, cand)
        else:
            pos, rem = _settle_with_numpy(best, amts, al, start, end, cand)
        if pos:
            cold_pos = np.concatenate([cold_pos, np.asarray(pos, dtype=np.int64)])
            cold_rem = np.concatenate([cold_rem, np.asarray(rem, dtype=np.int32)])
        start = end
        if progress is not None:
            progress(start / n_total)
    best += 1  # hot: 1 + least remoteness of a cold child (misère terminals: 0)
    best[cold_pos] = cold_rem
    return best


def _settle_in_python(
    best: I32, amts: I64, inside: list[int], start: int, end: int, cand: I64
) -> tuple[list[int], list[int]]:
    """The block's cold positions, with the block as a list (few amounts fit in it)."""
    below = np.full(cand.size, -2, dtype=np.int32)  # max best[] of children below the block
    for a in amts.tolist():
        if a >= end:
            break
        lo = int(np.searchsorted(cand, a - start)) if a > start else 0  # n − a ≥ 0 …
        hi = int(np.searchsorted(cand, a))  # … and n − a < start
        if hi > lo:
            np.maximum(below[lo:hi], best[cand[lo:hi] + (start - a)], out=below[lo:hi])
    block: list[int] = best[start:end].tolist()
    size = end - start
    pos: list[int] = []
    rems: list[int] = []
    for i, most in zip(cand.tolist(), below.tolist(), strict=True):
        if block[i] != _INF:
            continue  # reached by a cold position found earlier in this block
        for a in inside:
            if a > i:
                break
            if block[i - a] > most:
                most = block[i - a]
        r = most + 2 if most > -2 else 0  # no child at all: a cold terminal
        pos.append(start + i)
        rems.append(r)
        for a in inside:
            if i + a >= size:
                break
            if block[i + a] > r:
                block[i + a] = r
    best[start:end] = block
    return pos, rems


def _settle_with_numpy(
    best: I32, amts: I64, al: list[int], start: int, end: int, cand: I64
) -> tuple[list[int], list[int]]:
    """The block's cold positions, one numpy gather and push each (many amounts)."""
    pos: list[int] = []
    rems: list[int] = []
    for n in (start + cand).tolist():
        if best[n] != _INF:
            continue
        c = bisect_right(al, n)
        r = int(best[n - amts[:c]].max()) + 2 if c else 0
        pos.append(n)
        rems.append(r)
        m = bisect_right(al, end - 1 - n)
        if m:
            minimum_at(best, n + amts[:m], np.int32(r))
    return pos, rems


def rule_grundy(amts: I64, upto: int, progress: Progress | None = None) -> I32:
    """Grundy values of 0..upto (mex of the children's), block by block.

    For a block, the values of its children below it go into bit masks with one numpy step
    per amount (64 values a word, as many words as the values so far need); the children
    inside the block are added one position at a time. A mask with every bit set (a value
    beyond the words) falls back to the plain mex.
    """
    n_total = upto + 1
    g = np.zeros(n_total, dtype=np.int32)
    al: list[int] = amts.tolist()
    top = 0
    for start in range(0, n_total, GRUNDY_BLOCK):
        end = min(n_total, start + GRUNDY_BLOCK)
        size = end - start
        words = (top + 1) // 64 + 1  # room for every value so far and one more
        masks = [np.zeros(size, dtype=np.uint64) for _ in range(words)]
        for a in al:
            if a >= end:
                break
            lo, hi = max(0, a - start), min(a, size)  # positions whose child n − a is below
            v = g[start + lo - a : start + hi - a]
            masks[0][lo:hi] |= _BITS[np.minimum(v, 64)]
            for w in range(1, words):
                shifted = v - 64 * w
                masks[w][lo:hi] |= _BITS[np.where((shifted >= 0) & (shifted < 64), shifted, 64)]
        merged: list[int] = masks[0].tolist()
        for w in range(1, words):
            merged = [m | (x << 64 * w) for m, x in zip(merged, masks[w].tolist(), strict=True)]
        full = (1 << 64 * words) - 1
        inside = al[: bisect_right(al, size - 1)]
        block = [0] * size
        for i in range(size):
            m = merged[i]
            for a in inside:
                if a > i:
                    break
                m |= 1 << block[i - a]
            if m & full == full:
                n = start + i
                seen = {block[i - a] if a <= i else int(g[n - a]) for a in al if a <= n}
                v_ = 0
                while v_ in seen:
                    v_ += 1
                block[i] = v_
            else:
                block[i] = (~m & (m + 1)).bit_length() - 1
        g[start:end] = block
        top = max(top, *block)
        if progress is not None:
            progress(end / n_total)
    return g
