"""Wythoff's queen board built by the C kernels (``assets/native/wythoff_board.c``), without
numpy: the board's bytes and its statistics, computed in one sweep; and its Grundy values.

The kernel takes the board a band of rows at a time (:data:`BAND_CELLS` cells a call) so that
progress is reported, and a cancel (an exception from ``progress``) is honoured, between
calls. The remoteness is two bytes a cell (native byte order), the outcome one (1 = cold);
:func:`squaregame.families.wythoff.table.build_wythoff` views them as numpy arrays without copying.
The tests check both against the numpy builder, byte for byte, in both forms of play.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass

from squaregame.core.build import native

BAND_CELLS = 1 << 22  # cells a kernel call: progress is reported between calls
NATIVE_MAX = 32766  # remoteness ≤ x + y ≤ 2·size fits two bytes


@dataclass(frozen=True)
class NativeBoard:
    size: int
    rem: bytearray  # uint16 per cell, [x][y] row-major
    cold: bytearray  # 1 where cold
    cold_count: int
    max_remoteness: int
    max_at: tuple[int, int]  # the first cell (row-major) of the largest remoteness


def fits(size: int) -> bool:
    return 0 <= size <= NATIVE_MAX


def board_native(
    size: int, misere: bool, progress: Callable[[float], None] | None = None
) -> NativeBoard:
    """The (size+1)² board. Raises :class:`OSError` if the library cannot be had and
    :class:`ValueError` beyond :data:`NATIVE_MAX`."""
    if not fits(size):
        raise ValueError(f"the C kernel builds boards up to {NATIVE_MAX}, not {size}")
    lib = native.library()
    if lib is None:
        raise OSError("the C kernels could not be compiled or loaded")
    n = size + 1
    rem, cold = bytearray(2 * n * n), bytearray(n * n)
    agg = (ctypes.c_int32 * (6 * n - 2))()
    stats = (ctypes.c_int64 * 3)()
    band = max(1, BAND_CELLS // n)
    for x0 in range(0, n, band):
        x1 = min(n, x0 + band)
        lib.wythoff_rows(
            n, x0, x1, int(misere), native.address(rem), native.address(cold), agg, stats
        )
        if progress is not None:
            progress(x1 / n)
    return NativeBoard(size, rem, cold, stats[0], stats[1], divmod(stats[2], n))


def grundy_native(size: int, progress: Callable[[float], None] | None = None) -> bytearray:
    """Normal play's Grundy values g(x, y) of the (size+1)² board, uint16 per cell [x][y]
    (native byte order). Raises as :func:`board_native` does; values stay below 3·(size+1),
    so two bytes hold them up to :data:`NATIVE_MAX` // 3."""
    if not 0 <= size <= NATIVE_MAX // 3:
        raise ValueError(f"the C kernel computes Grundy values up to {NATIVE_MAX // 3}")
    lib = native.library()
    if lib is None:
        raise OSError("the C kernels could not be compiled or loaded")
    n = size + 1
    words = 3 * n // 64 + 1
    g = bytearray(2 * n * n)
    col, dia, run = (
        bytearray(8 * words * n),
        bytearray(8 * words * (2 * n - 1)),
        bytearray(8 * words),
    )
    lo_col, lo_dia = (ctypes.c_int32 * n)(), (ctypes.c_int32 * (2 * n - 1))()
    band = max(1, BAND_CELLS // n)
    for x0 in range(0, n, band):
        x1 = min(n, x0 + band)
        lib.wythoff_grundy_rows(
            n, x0, x1, words, native.address(g), native.address(col), native.address(dia),
            native.address(run), lo_col, lo_dia,
        )  # fmt: skip
        if progress is not None:
            progress(x1 / n)
    return g


def wythoff_builder(size: int) -> str:
    """``native`` (the C kernel, :mod:`squaregame.families.wythoff.native`) or ``numpy``, chosen
    as for Squares (:func:`squaregame.core.build.native.builder`, counting the board's cells)."""
    chosen = native.builder((size + 1) ** 2)
    return "native" if chosen == "native" and fits(size) else "numpy"
