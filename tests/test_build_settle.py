"""The numpy Squares builder's near step (``core/build/settle.py``) against slow references
written from its definition, and the whole builder against the C reference's hashes.

``shared/bench/squares_ref.c N`` prints an FNV-1a hash of the remoteness of 0..N−1, two bytes
a position; the figures below are its output on this machine. Squares' cold positions are
OEIS A030193 (the losing positions of subtract-a-square)."""

from __future__ import annotations

import functools
from math import isqrt
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squaregame.core.build import squares as build
from squaregame.core.build.settle import SumsOfTwoSquares, settle
from squaregame.core.files.tablefile import read_table
from squaregame.core.piles.files import shipped_path

A030193 = [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95]


def _fnv1a_u16(values: Any) -> int:
    h = 1469598103934665603
    for v in values.tolist():
        h = ((h ^ v) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


@functools.cache
def _shipped() -> Any:
    return np.asarray(read_table(shipped_path("squares")).arrays["remoteness"])


def _is_square(d: int) -> bool:
    return d > 0 and isqrt(d) ** 2 == d


def _ways(d: int) -> list[int]:
    return [k for k in range(1, isqrt(d) + 1) if _is_square(d - k * k)]


@settings(max_examples=40, deadline=None)
@given(span=st.integers(0, 70_000), probes=st.lists(st.integers(0, 70_000), max_size=20))
def test_the_table_of_sums_of_two_squares_is_every_way_and_only_those(
    span: int, probes: list[int]
) -> None:
    sums = SumsOfTwoSquares()
    sums.cover(span)
    assert sums.size > span
    for d in [x for x in probes if x < sums.size] + [0, 1, 2, 25, 50, 65, 325]:
        if d >= sums.size:
            continue
        got = sums.ks[sums.offset[d] : sums.offset[d] + sums.count[d]].tolist()
        assert sorted(got) == _ways(d)
        assert bool(sums.square[d]) == _is_square(d)


def _settle_slowly(
    values: Any, rows: list[int], far: list[int], limit: int, zero: bool
) -> list[int]:
    """The definition, one row after another: each near child's gathered value, lowered by
    every earlier row that pushes to it (``rows[i] + l²``, l ≥ 1)."""
    r: list[int] = []
    for j, n in enumerate(rows):
        most = far[j]
        for k in range(values.shape[1]):
            child = n - (k + 1) ** 2
            v = int(values[j, k])
            for i in range(j):
                if _is_square(child - rows[i]):
                    v = min(v, r[i])
            most = max(most, v)
        r.append(0 if zero and j == 0 else min(most, limit) + 2)
    return r


@settings(max_examples=150, deadline=None)
@given(
    gaps=st.lists(st.integers(1, 60), min_size=1, max_size=24),
    width=st.integers(1, 12),
    seed=st.integers(0, 2**32 - 1),
    limit=st.integers(1, 253),
    zero=st.booleans(),
)
def test_settle_gives_the_in_order_values(
    gaps: list[int], width: int, seed: int, limit: int, zero: bool
) -> None:
    # Rows close together and few values, so that rows reach each other's children often
    # and pushes decide the largest values.
    rng = np.random.default_rng(seed)
    rows = np.cumsum(gaps).astype(np.int64)
    values = rng.integers(0, 12, size=(rows.size, width)).astype(np.uint8)
    values[rng.random(values.shape) < 0.2] = 255  # children only the group's pushes reach
    far = rng.integers(0, 10, size=rows.size).astype(np.uint8)
    want = _settle_slowly(values, rows.tolist(), far.tolist(), limit, zero)
    got = settle(values.copy(), rows, far, limit, zero, SumsOfTwoSquares())
    assert got.tolist() == want


@pytest.mark.parametrize("block", [1 << 12, 1 << 13, 1 << 15])
def test_small_blocks_give_the_shipped_table(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Full-size blocks from early on: the far gathers, the pushes trimmed to the block and
    # the near step across many blocks, against the table checked against the C reference.
    monkeypatch.setattr(build, "SQUARES_BLOCK", block)
    made = build._build(299_999, np.uint8, None)
    assert np.array_equal(made.rem, _shipped()[:300_000])
    assert made.cold[: len(A030193)].tolist() == A030193


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "cold", "top", "fnv"),
    [
        (3_300_001, 31890, 150, 0x5B2D692CD2B3375C),
        (10_000_000, 69489, 176, 0x359B8E23FE38F152),
        (40_000_000, 183496, 202, 0xE391E92F273D4C9F),
    ],
)
def test_the_numpy_builder_matches_the_c_reference_hash(
    n: int, cold: int, top: int, fnv: int
) -> None:
    # squares_ref.c N prints cold=… maxrem=… fnv1a_rem=…; bench times 10^7 and 4·10^7
    made = build._build(n - 1, np.uint8, None)
    assert made.cold.size == cold and int(made.rem.max()) == top
    assert _fnv1a_u16(made.rem) == fnv
