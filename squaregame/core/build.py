"""Fast table builders (numpy): Squares, and any rule given by its amounts. The only core
module that imports numpy.

:func:`squares_remoteness` makes outcome and remoteness in one forward pass: a position's
remoteness depends only on smaller positions, and *cold* positions are sparse (about 1 in
150 near 10^7), so the work is organised around them:

* a hot position's remoteness is 1 + the least remoteness among its cold children, so
  ``best[n]`` holds that least value, pushed forward from every cold position;
* a cold position's children are all hot, so its remoteness is 2 + max(best[children]).

Positions are taken in blocks. At the start of a block every earlier cold position is
pushed into it (one vectorised step per square). Then, in three steps:

1. which of the block's positions are cold: in order, a position no cold position reaches
   is cold, and marks what it reaches in the rest of the block (outcomes need no values);
2. the *far* children of every cold position of the block — ``n − k²`` before the block,
   whose values are final — are gathered one square at a time for all of them at once (the
   targets of one square lie close together, so the reads stay in the cache);
3. in order again, each cold position takes the larger of that and its *near* children's
   values (inside the block), and pushes its remoteness into the rest of the block.

The result is checked byte for byte against the C reference in ``shared/bench`` (see
``tests/test_squares_table.py`` and the benchmark) and against the compiled builders.

:func:`rule_table` is the same algorithm for any sorted amounts, normal or misère, plus
Grundy values; it settles each block's cold positions in plain Python while few amounts
fit in a block (then cold positions may be dense, and plain Python beats many small numpy
steps), and with numpy steps otherwise.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import isqrt
from typing import Any

import numpy as np
import numpy.typing as npt

Progress = Callable[[float], None]

U16 = npt.NDArray[np.uint16]


def _squares(upto: int) -> npt.NDArray[np.int64]:
    return np.arange(1, isqrt(max(upto, 0)) + 1, dtype=np.int64) ** 2


SQUARES_BLOCK = 1 << 20  # the largest block (positions settled together)


class _Overflow(Exception):
    """A remoteness too large for the one-byte working array."""


@dataclass(frozen=True)
class SquaresBuild:
    rem: npt.NDArray[np.unsignedinteger[Any]]  # remoteness of 0..upto (uint8 when it fits)
    cold: npt.NDArray[np.int64]  # the cold positions, increasing


COMPILED_FROM = 8 * 10**6  # smaller tables: numpy is done before numba has loaded (~0.6 s)
BUILDERS = ("numpy", "native", "compiled")


def builder(upto: int | None = None) -> str:
    """The Squares builder that :func:`squares_table` uses for 0..upto: ``native`` (C compiled
    on this machine, :mod:`squaregame.core.build_native`), ``compiled`` (numba, with
    ``pip install 'squaregame[fast]'``) or ``numpy``. ``SQUAREGAME_BUILDER`` names one;
    by default the native library once it is built (loading it costs next to nothing), and
    from ``COMPILED_FROM`` positions up the native one if a C compiler can build it (once),
    else numba's if installed (importing numba and loading its cached code
    costs more than numpy takes below that size), else numpy."""
    import os

    asked = os.environ.get("SQUAREGAME_BUILDER", "auto").strip().lower() or "auto"
    if asked in BUILDERS:
        return asked
    from squaregame.core import build_native

    if build_native.ready():
        return "native"
    if upto is not None and upto < COMPILED_FROM:
        return "numpy"
    if build_native.possible():
        return "native"
    return "compiled" if compiled_installed() else "numpy"


def compiled_installed() -> bool:
    """Whether numba is there to import (not importing it: that takes a while)."""
    from importlib.util import find_spec

    return find_spec("numba") is not None


def _compiled() -> Any:
    from squaregame.core import build_fast

    return build_fast


def squares_table(upto: int, progress: Progress | None = None) -> SquaresBuild:
    """Remoteness and cold positions of normal-play Squares for 0..upto.

    The working array takes one byte per position while every remoteness fits (up to
    253; 202 is the largest below 4·10^7), which also halves the memory traffic of the
    scattered reads; otherwise the build starts again with two bytes per position. The
    compiled builders (:func:`builder`) give the same bytes.
    """
    chosen = builder(upto)
    if chosen == "native":
        from squaregame.core import build_native

        if build_native.library() is not None:
            return _two_sizes(build_native.squares_table_native, upto, progress)
        chosen = "compiled" if compiled_installed() else "numpy"  # no compiler after all
    if chosen == "compiled":
        return _two_sizes(_compiled().squares_table_compiled, upto, progress)
    try:
        return _build(upto, np.uint8, progress)
    except _Overflow:
        return _build(upto, np.uint16, progress)


def _two_sizes(build: Callable[..., Any], upto: int, progress: Progress | None) -> SquaresBuild:
    """A compiled builder's table: one byte a position, else two."""
    for dtype in (np.uint8, np.uint16):
        out = build(upto, dtype, progress)
        if out is not None:
            return SquaresBuild(*out)
    raise _Overflow  # beyond every size the program allows


def squares_remoteness(upto: int, progress: Progress | None = None) -> npt.NDArray[Any]:
    """Remoteness of every position 0..upto of normal-play Squares (cold ⇔ even)."""
    return squares_table(upto, progress).rem


minimum_at = np.minimum.at  # best[t] = min(best[t], v) in one pass (numpy ≥ 1.25's fast path)


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
        size = min(SQUARES_BLOCK, max(1 << 12, start))
        end = min(n_total, start + size)
        if cold_pos.size:
            lo = np.searchsorted(cold_pos, start - sq)
            hi = np.searchsorted(cold_pos, end - sq)
            for k in np.flatnonzero(hi > lo).tolist():
                a, b = int(lo[k]), int(hi[k])
                minimum_at(best, cold_pos[a:b] + sq[k], cold_rem[a:b])
        cold = _cold_in_block(best[start:end] != inf, start, sq)
        far = _far_values(best, cold, start, end, sq)
        near_sq = sq[: isqrt(max(end - start - 1, 0))]  # n − k² inside the block
        new_rem: list[int] = []
        for i, n in enumerate(cold.tolist()):
            k = min(near_sq.size, isqrt(n))
            r = max(int(far[i]), int(best[n - near_sq[:k]].max()) if k else 0) + 2 if n else 0
            if r > limit:
                raise _Overflow
            new_rem.append(r)
            m = isqrt(end - 1 - n)
            if m:
                minimum_at(best, n + sq[:m], best.dtype.type(r))
        if cold.size:
            cold_pos = np.concatenate([cold_pos, cold])
            cold_rem = np.concatenate([cold_rem, np.asarray(new_rem, dtype=dtype)])
        start = end
        if progress is not None:
            progress(start / n_total)
    best += 1  # hot: 1 + least remoteness of a cold child
    best[cold_pos] = cold_rem
    return SquaresBuild(best, cold_pos)


def _cold_in_block(reached: npt.NDArray[np.bool_], start: int, sq: Any) -> npt.NDArray[np.int64]:
    """The cold positions of the block at ``start`` (``reached``: marked by an earlier cold
    position), in order: one that nothing marks is cold, and marks what it reaches."""
    end = start + reached.size
    cold: list[int] = []
    for n in (start + np.flatnonzero(~reached)).tolist():
        if reached[n - start]:
            continue  # reached by a cold position found earlier in this block
        cold.append(n)
        m = isqrt(end - 1 - n)
        if m:
            reached[n - start + sq[:m]] = True
    return np.asarray(cold, dtype=np.int64)


def _far_values(best: Any, cold: Any, start: int, end: int, sq: Any) -> Any:
    """For each cold position ``n`` of the block, the largest ``best[n − k²]`` over the
    children before the block (``k² > end − 1 − start``): one square at a time, for all the
    block's cold positions at once (0 where there are none)."""
    far = np.zeros(cold.size, dtype=best.dtype)
    k0 = isqrt(max(end - start - 1, 0)) + 1  # from this root on, n − k² < start for every n
    squares = sq[k0 - 1 : isqrt(max(end - 1, 0))]
    if not cold.size or not squares.size:
        return far
    index = np.empty(cold.size, dtype=np.int64)
    got = np.empty(cold.size, dtype=best.dtype)
    firsts = np.searchsorted(cold, squares).tolist()  # the first cold n with n ≥ k²
    for q, j in zip(squares.tolist(), firsts, strict=True):
        if j >= cold.size:
            break  # no cold position of the block is that large (squares only grow)
        w = cold.size - j
        np.subtract(cold[j:], q, out=index[:w])
        np.take(best, index[:w], out=got[:w])
        np.maximum(far[j:], got[:w], out=far[j:])
    return far


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


def rem_payload(a: npt.NDArray[Any]) -> tuple[str, memoryview]:
    """Remoteness for a table file: one byte a position when every value fits (no copy),
    else two, little-endian."""
    if a.dtype == np.uint8:
        return "B", np.ascontiguousarray(a).data.cast("B")
    return "H", np.ascontiguousarray(a, dtype="<u2").data.cast("B")


# -- any rule, from its amounts ------------------------------------------------------------

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
