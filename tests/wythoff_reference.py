"""The Wythoff builder as it was before 2026-11 (two-dimensional aggregates, fancy-indexed
anti-diagonals): slow, plain, and kept as the reference the fast builder must equal."""

from __future__ import annotations

from typing import Any

import numpy as np


def reference_wythoff(size: int, misere: bool) -> tuple[Any, Any]:
    n = size + 1
    big = np.int32(1 << 30)
    rem = np.zeros((n, n), dtype=np.int32)
    cold = np.zeros((n, n), dtype=bool)
    # Aggregates *entering* each cell from its row (from the left), column (from below) and
    # diagonal (from down-left): least cold remoteness seen, greatest remoteness seen.
    row_min = np.full((n, n), big, dtype=np.int32)
    row_max = np.full((n, n), -1, dtype=np.int32)
    col_min = np.full((n, n), big, dtype=np.int32)
    col_max = np.full((n, n), -1, dtype=np.int32)
    dia_min = np.full((n, n), big, dtype=np.int32)
    dia_max = np.full((n, n), -1, dtype=np.int32)
    for s in range(2 * n - 1):
        x = np.arange(max(0, s - n + 1), min(s, n - 1) + 1)
        y = s - x
        least = np.minimum(np.minimum(row_min[x, y], col_min[x, y]), dia_min[x, y])
        most = np.maximum(np.maximum(row_max[x, y], col_max[x, y]), dia_max[x, y])
        is_cold = least == big  # no cold child
        r = np.where(is_cold, most + 1, least + 1)
        if s == 0:
            r[:] = 0
            is_cold[:] = not misere
        rem[x, y] = r
        cold[x, y] = is_cold
        cold_r = np.where(is_cold, r, big)
        # pass the aggregates on to the right, upwards and up-right
        m = x + 1 < n
        row_min[x[m] + 1, y[m]] = np.minimum(row_min[x[m], y[m]], cold_r[m])
        row_max[x[m] + 1, y[m]] = np.maximum(row_max[x[m], y[m]], r[m])
        m = y + 1 < n
        col_min[x[m], y[m] + 1] = np.minimum(col_min[x[m], y[m]], cold_r[m])
        col_max[x[m], y[m] + 1] = np.maximum(col_max[x[m], y[m]], r[m])
        m = (x + 1 < n) & (y + 1 < n)
        dia_min[x[m] + 1, y[m] + 1] = np.minimum(dia_min[x[m], y[m]], cold_r[m])
        dia_max[x[m] + 1, y[m] + 1] = np.maximum(dia_max[x[m], y[m]], r[m])
    return rem, cold
