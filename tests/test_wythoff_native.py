"""Wythoff's board from the C kernel (``assets/native/wythoff_board.c``) against the numpy
builder, byte for byte in both forms of play, and the C reference; progress, cancel, the
builder's choice, the fall-back, and a ``--stats`` run that never imports numpy.

Skipped where no C compiler is found; CI has one."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squaregame.core.build import native
from squaregame.families.wythoff.native import NATIVE_MAX, board_native, wythoff_builder
from squaregame.families.wythoff.table import (
    board_stats,
    build_wythoff,
    build_wythoff_numpy,
)

pytestmark = pytest.mark.skipif(native.compiler() is None, reason="no C compiler")


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a new process: nothing loaded, nothing failed yet."""
    monkeypatch.setattr(native, "_loaded", None)
    monkeypatch.setattr(native, "_failed", False)
    monkeypatch.delenv("SQUAREGAME_BUILDER", raising=False)


def _same(size: int, misere: bool) -> None:
    made = board_native(size, misere)
    plain = build_wythoff_numpy(size, misere)
    rem, cold = plain.remoteness_array, plain.cold_array
    assert bytes(made.rem) == rem.astype(np.uint16).tobytes()
    assert bytes(made.cold) == cold.astype(np.uint8).tobytes()
    assert made.cold_count == int(cold.sum())
    assert made.max_remoteness == int(rem.max())
    assert made.max_at == divmod(int(rem.argmax()), size + 1)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 13, 100, 777, 2100])
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.usefixtures("shared_cache")  # (compiled once for them all)
def test_the_c_kernel_gives_the_numpy_builders_bytes(size: int, misere: bool) -> None:
    _same(size, misere)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 80), st.booleans())
def test_any_small_board_is_the_same(size: int, misere: bool) -> None:
    _same(size, misere)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_bands_of_rows_carry_the_aggregates(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1000 cells a call: the 301² board in 101 calls of 3 rows, and the same bytes
    whole = board_native(300, True)
    monkeypatch.setattr("squaregame.families.wythoff.native.BAND_CELLS", 1000)
    seen: list[float] = []
    banded = board_native(300, True, seen.append)
    assert banded == whole
    assert len(seen) == 101 and seen == sorted(seen) and seen[-1] == pytest.approx(1.0)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_an_exception_from_progress_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("squaregame.families.wythoff.native.BAND_CELLS", 10_000)
    calls: list[float] = []

    def cancel(done: float) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        board_native(999, False, cancel)
    assert len(calls) == 3


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_the_tables_view_the_kernels_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    table = build_wythoff(400, True)
    plain = build_wythoff_numpy(400, True)
    assert table.remoteness_array.dtype == np.uint16 and table.cold_array.dtype == np.bool_
    assert np.array_equal(table.remoteness_array, plain.remoteness_array)
    assert np.array_equal(table.cold_array, plain.cold_array)
    assert table.best_moves(7, 9) == plain.best_moves(7, 9)
    assert table.info(300, 250) == plain.info(300, 250)
    with pytest.raises(ValueError):
        table.remoteness_array[0, 0] = 9  # read-only views, as numpy's


def test_the_builder_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not native.ready()  # a fresh cache folder
    assert wythoff_builder(1000) == "numpy"  # small, and nothing compiled: numpy is quicker
    assert wythoff_builder(3000) == "native"  # 9 million cells: worth compiling once
    native.library()
    assert wythoff_builder(10) == "native"  # built: it loads in milliseconds
    assert wythoff_builder(NATIVE_MAX + 1) == "numpy"  # past two bytes a remoteness
    monkeypatch.setenv("SQUAREGAME_BUILDER", "compiled")  # numba's builder's old name
    assert wythoff_builder(10) == "native"
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert wythoff_builder(3000) == "numpy"


def test_without_a_working_compiler_numpy_builds_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CC", "false")  # a compiler that always fails
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    table = build_wythoff(50, False)
    assert native.library() is None
    assert np.array_equal(table.remoteness_array, build_wythoff_numpy(50, False).remoteness_array)
    rem = table.remoteness_array
    want = (int(table.cold_array.sum()), int(rem.max()), divmod(int(rem.argmax()), 51))
    assert board_stats(50) == want


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_stats_are_the_same_from_either_builder(monkeypatch: pytest.MonkeyPatch) -> None:
    native.library()
    made = board_stats(1999)
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert board_stats(1999) == made == (1527, 1527, (1234, 1998))


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_table_stats_with_the_kernel_imports_no_numpy() -> None:
    native.library()  # built into this test's cache folder, which the child inherits
    code = (
        "import sys, json; from squaregame.cli.main import main; "
        "main(['table', 'wythoff', '--upto', '2000', '--stats', '--json']); "
        "print(json.dumps('numpy' in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ)
    ).stdout.splitlines()
    assert json.loads(out[0])["cold_count"] == 1527
    assert out[1] == "false"


def _grundy_same(size: int) -> None:
    from squaregame.families.wythoff.grundy import wythoff_grundy_numpy
    from squaregame.families.wythoff.native import grundy_native

    assert bytes(grundy_native(size)) == wythoff_grundy_numpy(size).tobytes()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 63, 64, 65, 333, 1200])
@pytest.mark.usefixtures("shared_cache")
def test_the_grundy_kernel_gives_the_numpy_values(size: int) -> None:
    _grundy_same(size)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 150))
def test_any_small_boards_grundy_values_are_the_same(size: int) -> None:
    _grundy_same(size)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_grundy_values_against_the_plain_mex() -> None:
    # the definition itself, cell by cell: the mex of the row, the column and the diagonal
    from squaregame.families.wythoff.native import grundy_native

    n = 40
    g = np.frombuffer(grundy_native(n - 1), dtype=np.uint16).reshape(n, n)
    want = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            seen = {want[i][y] for i in range(x)} | {want[x][j] for j in range(y)}
            seen |= {want[x - k][y - k] for k in range(1, min(x, y) + 1)}
            want[x][y] = next(v for v in range(3 * n) if v not in seen)
    assert g.tolist() == want
    assert [int(g[0, k]) for k in range(n)] == list(range(n))  # a single pile: Nim


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_grundy_bands_carry_the_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    from squaregame.families.wythoff.native import grundy_native

    whole = grundy_native(500)
    monkeypatch.setattr("squaregame.families.wythoff.native.BAND_CELLS", 2000)
    seen: list[float] = []
    assert grundy_native(500, seen.append) == whole
    assert len(seen) == 167 and seen[-1] == pytest.approx(1.0)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_the_tables_grundy_values_come_from_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    from squaregame.families.wythoff import native as wythoff_native
    from squaregame.families.wythoff.grundy import wythoff_grundy, wythoff_grundy_numpy

    calls: list[int] = []
    real = wythoff_native.grundy_native
    monkeypatch.setattr(
        wythoff_native, "grundy_native", lambda s, p=None: calls.append(s) or real(s, p)
    )
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    g = wythoff_grundy(300)
    assert calls == [300] and np.array_equal(g, wythoff_grundy_numpy(300))
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert np.array_equal(wythoff_grundy(300), g) and calls == [300]
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    monkeypatch.setenv("CC", "false")  # no library to be had: numpy's, and no error
    monkeypatch.setattr(native, "_loaded", None)
    monkeypatch.setattr(native, "library_path", lambda: native.paths.cache_dir() / "none.so")
    assert np.array_equal(wythoff_grundy(120), wythoff_grundy_numpy(120))
    assert calls == [300, 120] and native.library() is None  # tried, failed, numpy's instead
