"""Grundy values of one heap from the C kernel (``assets/native/octal_values.c``), without numpy.

The kernel fills a chunk of heaps a call (:data:`CHUNK`, or an eighth of those done), so
progress is reported, and a cancel (an exception from ``progress``) honoured, between calls.
Each call rebuilds the kernel's small state (the value mask, the rare positions) from the
values before it, so nothing but the values is carried. Values are uint32, native byte order.
The tests check the kernel against the plain mex and the numpy method, value for value.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

from squaregame.core.build import native
from squaregame.core.errors import TableLimitError
from squaregame.families.octal.code import HeapRule

CHUNK = 1 << 16  # heaps a kernel call: progress is reported between calls
FIRST_CHUNK = 1 << 12  # the first call's heaps (its cost is bounded: no estimate yet)
PAIR_BUDGET = 2 * 10**10  # pairs of heaps examined for one request (about 20–60 s)
TOO_LARGE = -1  # the kernel's answer when a value outgrows its tables (then numpy goes on)

Progress = Callable[[float], None]


class ValuesTooLarge(OSError):
    """A value outgrew the kernel's tables: the caller goes on in numpy."""


def _kernel() -> Any:
    lib = native.library()
    if lib is None:
        raise OSError("the C kernels could not be compiled or loaded")
    f = lib.octal_values
    i32, i64, ptr = ctypes.c_int32, ctypes.c_int64, ctypes.c_void_p
    f.argtypes = [i64, i64, i64, i32, i32, i64, i64, ptr, ptr]
    f.restype = i64
    return f


def values_native(
    rule: HeapRule,
    n: int,
    progress: Progress | None = None,
    start: bytearray | None = None,
    sparse: bool = True,
    stats: list[int] | None = None,
    budget: int = PAIR_BUDGET,
) -> bytearray:
    """G(0..n) as uint32 (4·(n+1) bytes), continuing ``start`` (the values of a shorter
    prefix, as bytes) if given. ``sparse=False`` is the plain method. ``stats``, if given,
    receives the kernel's last mask, rare count and the pairs it examined in all. Each call's
    pairs are projected before it starts, and the work refused past ``budget`` pairs.
    Raises :class:`OSError` where the library cannot be had (:class:`ValuesTooLarge` if a
    value outgrows the kernel)."""
    f = _kernel()
    total = n + 1
    g = bytearray(4 * total)
    have = 0
    if start is not None:
        have = min(len(start) // 4, total)
        g[: 4 * have] = start[: 4 * have]
    out = (ctypes.c_int64 * 3)()
    pairs = 0
    buf = native.address(g)
    lo = have
    rate = 0.0  # pairs a heap in the last call
    while lo < total:
        step = max(CHUNK, lo // 8) if lo >= FIRST_CHUNK or have else FIRST_CHUNK - lo
        hi = min(total, lo + step)  # each call rescans the values before it
        # the next call's pairs, from the last call's rate (which grows at most with the
        # heap: a pair a smaller heap, so by hi / lo), checked before it starts
        projected = rate * (hi - lo) * (hi / max(lo, 1))
        if pairs + projected > budget:
            raise TableLimitError(
                "octal.errors.too_much_work", rule=rule.text, done=lo, need=total - 1
            )
        done = f(
            rule.whole_mask, rule.take_mask, rule.split_mask, int(rule.unequal), int(sparse),
            lo, hi, buf, out,
        )  # fmt: skip
        pairs += out[2]
        rate = out[2] / max(hi - lo, 1)
        if done == TOO_LARGE:
            raise ValuesTooLarge(f"a value of {rule.key} outgrew the C kernel")
        if done != 0:
            raise OSError("the C kernel ran out of memory")
        lo = hi
        if progress is not None:
            progress(lo / total)
    if stats is not None:
        stats[:] = [out[0], out[1], pairs]
    return g
