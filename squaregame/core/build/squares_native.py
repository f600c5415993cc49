"""The Squares builder compiled on this machine: the kernels of
:mod:`squaregame.core.build.blocks` in C (``assets/native/squares_blocks.c``), compiled once
and loaded by :mod:`squaregame.core.build.native` (where, when and how: see there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from squaregame.core.build.blocks import BLOCK, I64, blocks_table
from squaregame.core.build.native import library


def _data(a: npt.NDArray[Any], dtype: Any) -> int:
    if a.dtype != dtype or not a.flags.c_contiguous:
        raise TypeError(f"the C kernels take contiguous {np.dtype(dtype)} arrays, not {a.dtype}")
    return int(a.ctypes.data)


def squares_table_native(
    upto: int,
    dtype: Any,
    progress: Callable[[float], None] | None,
    limit: int | None = None,
) -> tuple[npt.NDArray[Any], I64] | None:
    """Remoteness of 0..upto (``dtype``: uint8 or uint16) and the cold positions, or None if
    a remoteness does not fit ``dtype`` (or exceeds ``limit``). Raises :class:`OSError` if the
    library cannot be had (see :func:`squaregame.core.build.native.possible`)."""
    lib = library()
    if lib is None:
        raise OSError("the C Squares kernels could not be compiled or loaded")
    rem_kernel = {np.dtype(np.uint8): lib.rem_blocks_u8, np.dtype(np.uint16): lib.rem_blocks_u16}
    kernel = rem_kernel.get(np.dtype(dtype))
    if kernel is None:
        raise TypeError(f"the C kernels write uint8 or uint16, not {np.dtype(dtype)}")
    i64 = np.int64

    def cold_blocks(
        s0: int, s1: int, n: int, blk: Any, cold: Any, nxt: Any, root: Any, c: int
    ) -> int:
        return int(
            lib.cold_blocks(
                s0, s1, n, BLOCK, _data(blk, np.uint8), _data(cold, i64), _data(nxt, i64),
                _data(root, i64), c,
            )
        )  # fmt: skip

    def rem_blocks(
        s0: int, s1: int, n: int, rem: Any, best: Any, cold: Any, ncold: int, nxt: Any,
        root: Any, crem: Any, pm: Any, done: int, first: int, lim: int,
    ) -> int:  # fmt: skip
        return int(
            kernel(
                s0, s1, n, BLOCK, _data(rem, dtype), _data(best, np.int32), _data(cold, i64), ncold,
                _data(nxt, i64), _data(root, i64), _data(crem, i64), _data(pm, np.int32), done,
                first, lim,
            )
        )  # fmt: skip

    return blocks_table(upto, dtype, progress, cold_blocks, rem_blocks, limit)
