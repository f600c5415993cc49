"""The compiled Squares builder of ``pip install 'squaregame[fast]'``: numba compiles the
kernels of :mod:`squaregame.core.build_blocks` (the algorithm is described there).

This module is imported only when a table is built and numba is installed;
``SQUAREGAME_BUILDER`` chooses the builder (:func:`squaregame.core.build.builder`). Numba's
compiled code is cached in the program's cache folder (``NUMBA_CACHE_DIR`` unless the user
set one), so only the first build on a machine pays for compiling; every later run still
pays for importing numba and loading that code.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy.typing as npt

from squaregame import paths
from squaregame.core.build_blocks import I64, blocks_table, cold_blocks_py, rem_blocks_py

os.environ.setdefault("NUMBA_CACHE_DIR", str(paths.cache_dir() / "numba"))  # before numba loads
from numba import njit

_jit: Any = njit(cache=True, nogil=True)
_cold_blocks = _jit(cold_blocks_py)
_rem_blocks = _jit(rem_blocks_py)


def squares_table_compiled(
    upto: int, dtype: Any, progress: Callable[[float], None] | None
) -> tuple[npt.NDArray[Any], I64] | None:
    """Remoteness of 0..upto (``dtype``) and the cold positions, or None if a remoteness does
    not fit ``dtype``."""
    return blocks_table(upto, dtype, progress, _cold_blocks, _rem_blocks)
