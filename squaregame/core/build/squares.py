"""The Squares table builder (numpy), and the choice between it and the native builder.

:func:`squares_remoteness` makes outcome and remoteness in one forward pass: a position's
remoteness depends only on smaller positions, and *cold* positions are sparse (about 1 in
150 near 10^7), so the work is organised around them:

* a hot position's remoteness is 1 + the least remoteness among its cold children, so
  ``best[n]`` holds that least value, pushed forward from every cold position;
* a cold position's children are all hot, so its remoteness is 2 + max(best[children]).

Positions are taken in blocks. At the start of a block every earlier cold position is
pushed into it (one vectorised step per square, :func:`_push`). Then, in three steps:

1. which of the block's positions are cold: in order, a position no cold position reaches
   is cold, and marks what it reaches in the rest of the block (outcomes need no values);
2. the *far* children of every cold position of the block — ``n − k²`` before the block,
   whose values are final — are gathered one square at a time for all of them at once (the
   targets of one square lie close together, so the reads stay in the cache);
3. each cold position takes the larger of that and its *near* children's values (inside
   the block) and pushes its remoteness into the rest of the block; they depend on each
   other, so they are taken 64 at a time, each group's values gathered once and its own
   pushes into them accounted for exactly (:func:`_near_values`,
   :mod:`squaregame.core.build.settle`).

Each step works on whole arrays, never one position at a time but in step 1, and reads
``best`` through views (``best[k²:]`` indexed by positions) rather than index arrays made
for each square. The result is checked byte for byte against the C reference in
``shared/bench`` (its hashes at 3.3·10^6, 10^7 and 4·10^7 positions:
``tests/test_build_settle.py``; the shipped table: ``tests/test_squares.py``) and against
the native builder.

Any other rule given by its amounts is built by :mod:`squaregame.core.build.rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import isqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from squaregame.core.build import native
from squaregame.core.build.settle import SumsOfTwoSquares, settle

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


COMPILED_FROM = native.COMPILED_FROM  # smaller tables: numpy is done before C is compiled


def builder(upto: int | None = None) -> str:
    """The Squares builder that :func:`squares_table` uses for 0..upto: ``native`` (C compiled
    on this machine, :mod:`squaregame.core.build.squares_native`) or ``numpy``, as
    :func:`squaregame.core.build.native.builder` chooses."""
    return native.builder(None if upto is None else upto + 1)


def squares_table(upto: int, progress: Progress | None = None) -> SquaresBuild:
    """Remoteness and cold positions of normal-play Squares for 0..upto.

    The working array takes one byte per position while every remoteness fits (up to
    253; 202 is the largest below 4·10^7), which also halves the memory traffic of the
    scattered reads; otherwise the build starts again with two bytes per position. The
    native builder (:func:`builder`) gives the same bytes.
    """
    chosen = builder(upto)
    if chosen == "native":
        # (the C builder only when used: it may compile)
        from squaregame.core.build import squares_native as build_native

        if native.library() is not None:
            return _two_sizes(build_native.squares_table_native, upto, progress)
    return _two_sizes(_numpy, upto, progress)  # asked for, or the compiler failed


def _numpy(upto: int, dtype: Any, progress: Progress | None) -> tuple[Any, Any] | None:
    """The numpy builder in the native builder's terms: None where ``dtype`` overflows."""
    try:
        built = _build(upto, dtype, progress)
    except _Overflow:
        return None
    return built.rem, built.cold


def _two_sizes(build: Callable[..., Any], upto: int, progress: Progress | None) -> SquaresBuild:
    """A builder's table: one byte a position, else two."""
    for dtype in (np.uint8, np.uint16):
        out = build(upto, dtype, progress)
        if out is not None:
            return SquaresBuild(*out)
    raise _Overflow  # beyond every size the program allows


def squares_remoteness(upto: int, progress: Progress | None = None) -> npt.NDArray[Any]:
    """Remoteness of every position 0..upto of normal-play Squares (cold ⇔ even)."""
    return squares_table(upto, progress).rem


minimum_at = np.minimum.at  # best[t] = min(best[t], v) in one pass (numpy ≥ 1.25's fast path)


def _build(
    upto: int, dtype: Any, progress: Progress | None, limit: int | None = None
) -> SquaresBuild:
    """The table in a ``dtype`` working array (:class:`_Overflow` where a cold remoteness
    would pass ``limit``: by default the largest that leaves room for "none yet")."""
    n_total = upto + 1
    inf = int(np.iinfo(dtype).max)
    limit = inf - 2 if limit is None else min(limit, inf - 2)
    best = np.full(n_total + 1, inf, dtype=dtype)
    best[n_total] = 0  # the last slot: see _near_values
    sq = _squares(upto)
    sums = SumsOfTwoSquares()
    cold_pos = np.empty(0, dtype=np.int64)
    cold_rem = np.empty(0, dtype=dtype)
    start = 0
    while start < n_total:
        size = min(SQUARES_BLOCK, max(1 << 12, start))
        end = min(n_total, start + size)
        if cold_pos.size:
            _push(best, cold_pos, cold_rem, sq, start, end)
        cold = _cold_in_block(best[start:end] != inf, start, sq)
        far = _far_values(best, cold, start, end, sq)
        near_sq = sq[: isqrt(max(end - start - 1, 0))]  # n − k² inside the block
        rem = _near_values(best, cold, far, near_sq, end, limit, sums)
        if cold.size:
            cold_pos = np.concatenate([cold_pos, cold])
            cold_rem = np.concatenate([cold_rem, rem])
        start = end
        if progress is not None:
            progress(start / n_total)
    best = best[:n_total]
    best += 1  # hot: 1 + least remoteness of a cold child
    best[cold_pos] = cold_rem
    return SquaresBuild(best, cold_pos)


def _push(best: Any, cold_pos: Any, cold_rem: Any, sq: Any, start: int, end: int) -> None:
    """Every earlier cold position's remoteness, pushed to its parents ``n + k²`` in the block
    at ``start``: one step a square, the positions ``n`` of a run of ``cold_pos`` taken as
    indices into ``best`` seen from ``k²`` on (no index array is made)."""
    lo = np.searchsorted(cold_pos, start - sq).tolist()
    hi = np.searchsorted(cold_pos, end - sq).tolist()
    for q, a, b in zip(sq.tolist(), lo, hi, strict=True):
        if b > a:
            minimum_at(best[q:], cold_pos[a:b], cold_rem[a:b])


def _cold_in_block(reached: npt.NDArray[np.bool_], start: int, sq: Any) -> npt.NDArray[np.int64]:
    """The cold positions of the block at ``start`` (``reached``: marked by an earlier cold
    position), in order: one that nothing marks is cold, and marks what it reaches."""
    last = reached.size - 1
    cold: list[int] = []
    for i in np.flatnonzero(~reached).tolist():
        if reached[i]:
            continue  # reached by a cold position found earlier in this block
        cold.append(i)
        m = isqrt(last - i)
        if m:
            reached[i:][sq[:m]] = True
    return start + np.asarray(cold, dtype=np.int64)


def _far_values(best: Any, cold: Any, start: int, end: int, sq: Any) -> Any:
    """For each cold position ``n`` of the block, the largest ``best[n − k²]`` over the
    children before the block (``k² > end − 1 − start``): one square at a time, for all the
    block's cold positions at once (0 where there are none). While ``k² ≤ start`` every
    ``n − k²`` is ``(start − k²) + (n − start)``: the offsets ``n − start`` index ``best``
    seen from ``start − k²`` on, one index array for every square."""
    far = np.zeros(cold.size, dtype=best.dtype)
    k0 = isqrt(max(end - start - 1, 0)) + 1  # from this root on, n − k² < start for every n
    squares = sq[k0 - 1 : isqrt(max(end - 1, 0))]
    if not cold.size or not squares.size:
        return far
    offsets = cold - start
    got = np.empty(cold.size, dtype=best.dtype)
    firsts = np.searchsorted(cold, squares).tolist()  # the first cold n with n ≥ k²
    for q, j in zip(squares.tolist(), firsts, strict=True):
        if q <= start:  # (then j = 0)
            best[start - q :].take(offsets, out=got, mode="wrap")  # in range: no check
            np.maximum(far, got, out=far)
            continue
        if j >= cold.size:
            break  # no cold position of the block is that large (squares only grow)
        w = cold.size - j
        best.take(cold[j:] - q, out=got[:w], mode="wrap")
        np.maximum(far[j:], got[:w], out=far[j:])
    return far


NEAR_ROWS = 64  # the cold positions of a block settled together


def _near_values(
    best: Any, cold: Any, far: Any, near_sq: Any, end: int, limit: int, sums: SumsOfTwoSquares
) -> Any:
    """The remoteness of the block's cold positions ``cold`` (``far``: the largest value of
    their children before the block), each pushed into its parents ``n + k²``.

    A cold position's near children ``n − k²`` (``k² ≤ near_sq[-1]``) may lie in the block,
    where cold positions found just before it lower their values, so a cold position needs
    the remoteness of the ones before it. They are taken ``NEAR_ROWS`` at a time: their
    children's values gathered at once, the group's own pushes into them accounted for
    exactly (:func:`squaregame.core.build.settle.settle`), then the values pushed at once.

    ``best`` ends with one extra slot holding 0: children before position 0 read it (0
    never raises a largest value), and pushes past the table's end land there (0 never
    falls). A group pushes only as far as its first row's parents in the block (``end``:
    the block's end); its later rows' pushes past the end are genuine, and the next block
    pushes them again.
    """
    rem = np.empty(cold.size, dtype=best.dtype)
    top = best.size - 1
    width = near_sq.size
    for j in range(0, cold.size, NEAR_ROWS):
        c = cold[j : j + NEAR_ROWS]
        f = far[j : j + NEAR_ROWS]
        if not width:  # a one-position block: no child inside it
            r = np.minimum(f, limit) + 2
            if c[0] == 0:
                r[0] = 0  # the table 0..0
        else:
            child = c[:, None] - near_sq
            if c[0] < near_sq[-1]:
                np.maximum(child, -1, out=child)  # -1: the last slot
            values = best.take(child, mode="wrap")  # in range (-1 is the last slot)
            r = settle(values, c, f, limit, bool(c[0] == 0), sums)
            reach = near_sq[: isqrt(end - 1 - int(c[0]))]  # the first row's parents in the block
            if reach.size:
                target = c[:, None] + reach
                if c[-1] + reach[-1] >= top:
                    np.minimum(target, top, out=target)
                minimum_at(best, target.ravel(), np.repeat(r, reach.size))  # flat: the fast path
        rem[j : j + c.size] = r
    if rem.size and int(rem.max()) > limit:
        raise _Overflow
    return rem


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
