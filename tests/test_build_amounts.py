"""The builders of core/build/amounts.py — the C kernels of assets/native/amounts.c (dense:
every position from its children; sparse: the Squares builder's two passes with any amounts
that include 1) and their numpy forms — against the definitions (tests/reference.py), plain
Python, and each other: the same values, whichever builds them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import grundy, pile_children, set_amounts, solve
from squaregame.core.build import amounts, native

needs_cc = pytest.mark.skipif(native.compiler() is None, reason="no C compiler")


def powers(bound: int) -> list[int]:
    return [1 << k for k in range(max(bound, 1).bit_length() + 1)]


def cubes_reaching(bound: int) -> list[int]:
    """The cubes up to the first one ≥ ``bound``."""
    out = [1]
    while out[-1] < bound:
        out.append((len(out) + 1) ** 3)
    return out


@pytest.mark.parametrize("builder", ["numpy", "native"])
def test_the_sparse_builder_against_brute_force(
    builder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if builder == "native" and native.compiler() is None:
        pytest.skip("no C compiler")
    monkeypatch.setenv("SQUAREGAME_BUILDER", builder)
    monkeypatch.setattr(amounts, "SPARSE_BLOCK", 512)  # many blocks, every path of the kernels
    ref = solve(range(4001), pile_children(lambda n: cubes_reaching(n + 1)[:-1]), False)
    assert amounts.sparse_remoteness(cubes_reaching, 4000).tolist() == [
        ref[n][1] for n in range(4001)
    ]


@needs_cc
@settings(max_examples=30, deadline=None)
@given(
    more=st.lists(st.integers(2, 3000), max_size=8, unique=True),
    upto=st.integers(0, 5000),
    block=st.sampled_from([64, 512, 1 << 18]),
)
def test_the_sparse_kernels_for_any_amounts_with_one(
    more: list[int], upto: int, block: int
) -> None:
    members = sorted({1, *more})

    def reaching(bound: int) -> list[int]:
        return [a for a in members if a < bound] + [max(bound, members[-1] + 1)]

    with pytest.MonkeyPatch.context() as m:
        m.setenv("SQUAREGAME_BUILDER", "native")
        m.setattr(amounts, "SPARSE_BLOCK", block)
        got = amounts.sparse_remoteness(reaching, upto).tolist()
    assert got == amounts.dense_python(members, upto, False)


@needs_cc
def test_the_sparse_kernels_agree_with_numpy_on_300000_cubes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    native_rem = amounts.sparse_remoteness(cubes_reaching, 300_000)
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert np.array_equal(native_rem, amounts.sparse_remoteness(cubes_reaching, 300_000))


@needs_cc
@settings(max_examples=40, deadline=None)
@given(
    members=st.lists(st.integers(1, 300), min_size=1, max_size=6, unique=True),
    misere=st.booleans(),
    upto=st.integers(0, 4000),
    block=st.sampled_from([1, 16, 1 << 16]),
)
def test_the_dense_kernels_against_plain_python(
    members: list[int], misere: bool, upto: int, block: int
) -> None:
    """Far children (before the block) and near ones, normal and misère."""
    ms = sorted(members)
    with pytest.MonkeyPatch.context() as m:
        m.setenv("SQUAREGAME_BUILDER", "native")
        m.setattr(amounts, "DENSE_BLOCK", block)
        got = amounts.dense_remoteness(ms, upto, misere=misere, native_ok=True)
        g = amounts.dense_grundy(ms, upto)
    assert got.tolist() == amounts.dense_python(ms, upto, misere)
    assert g.tolist() == amounts.grundy_python(ms, upto)


@needs_cc
@pytest.mark.parametrize("misere", [False, True])
def test_a_table_widens_where_a_value_outgrows_its_type(misere: bool) -> None:
    """{1}: remoteness n (either way: misère 0 is hot, 1 cold), past one byte, then two."""
    rem = amounts.dense_remoteness([1], 70_000, misere=misere, native_ok=True)
    assert rem.dtype == np.int32
    assert rem.tolist() == list(range(70_001))
    rem = amounts.dense_remoteness([1], 300, misere=False, native_ok=True)
    assert rem.dtype == np.uint16 and rem.tolist() == list(range(301))


@needs_cc
def test_a_table_goes_on_from_the_one_before() -> None:
    first = amounts.dense_remoteness([2, 5, 6], 1000, misere=True, native_ok=True)
    whole = amounts.dense_remoteness([2, 5, 6], 5000, misere=True, native_ok=True, prefix=first)
    assert whole.tolist() == amounts.dense_python([2, 5, 6], 5000, True)


def test_the_numpy_builders_against_brute_force(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    ref = solve(range(3001), pile_children(set_amounts(powers(3000)[:-1])), False)
    rem = amounts.dense_remoteness(powers(3000)[:-1], 3000, misere=False)
    assert rem.tolist() == [ref[n][1] for n in range(3001)]
    g = grundy(range(3001), pile_children(lambda n: [a for a in cubes_reaching(n + 1) if a <= n]))
    assert amounts.dense_grundy(cubes_reaching(3001), 3000).tolist() == [g[n] for n in range(3001)]


def test_payloads_hold_the_values() -> None:
    for dtype in (np.uint8, np.uint16, np.int32):
        a = np.array([0, 1, 200, 255], dtype=dtype)
        code, data = amounts.payload(a)
        assert code == {1: "B", 2: "H", 4: "I"}[a.dtype.itemsize]
        assert len(bytes(data)) == 4 * a.dtype.itemsize
    with pytest.raises(ValueError):
        amounts.payload(np.array([-1], dtype=np.int32))
