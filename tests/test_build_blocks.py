"""The Squares kernels in plain Python (``squaregame/core/build/blocks.py``, which the C file
``assets/native/squares_blocks.c`` transcribes line by line) give the numpy builder's bytes;
and where no other C compiler is found, Zig's (the ``ziglang`` package that ``pip install
'squaregame[fast]'`` brings) builds the native library.

The Zig test is skipped where ``ziglang`` is not installed; CI installs it (README's test
command). Its first compile on a machine takes seconds (Zig builds its own caches once)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from reference import pile_children, solve, squares_amounts
from squaregame.core.build import native
from squaregame.core.build import squares as build
from squaregame.core.build import squares_native as build_native
from squaregame.core.build.blocks import blocks_table, cold_blocks_py, rem_blocks_py


def _python(upto: int, dtype: type = np.uint8) -> tuple[np.ndarray, np.ndarray] | None:
    return blocks_table(upto, dtype, None, cold_blocks_py, rem_blocks_py)


@pytest.mark.parametrize("upto", [0, 1, 2, 3, 4, 5, 4095, 4096, 4097, 30_000])
def test_the_python_kernels_give_the_numpy_builders_bytes(
    upto: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    out = _python(upto)
    plain = build.squares_table(upto)
    assert out is not None
    assert out[0].tobytes() == plain.rem.tobytes() and np.array_equal(out[1], plain.cold)


def test_the_python_kernels_against_brute_force() -> None:
    ref = solve(range(3000), pile_children(squares_amounts), False)
    out = _python(2999)
    assert out is not None
    assert out[0].tolist() == [ref[k][1] for k in range(3000)]
    assert out[1].tolist() == [k for k in range(3000) if ref[k][1] % 2 == 0]


def test_a_remoteness_over_the_limit_is_reported_not_wrapped() -> None:
    plain = build.squares_table(20_000)
    top = int(plain.rem[plain.cold].max())  # the limit is on a cold position's remoteness
    assert blocks_table(20_000, np.uint8, None, cold_blocks_py, rem_blocks_py, top - 1) is None
    fits = blocks_table(20_000, np.uint8, None, cold_blocks_py, rem_blocks_py, top)
    assert fits is not None and fits[0].tobytes() == plain.rem.tobytes()


def test_numba_asked_for_means_the_native_builder(monkeypatch: pytest.MonkeyPatch) -> None:
    # numba's builder is gone (the native one is faster from the start); the old name stays
    monkeypatch.setenv("SQUAREGAME_BUILDER", "compiled")
    assert build.builder(1000) == "native"


def test_zig_builds_the_library_where_no_other_compiler_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("ziglang", reason="ziglang is not installed")
    monkeypatch.delenv("CC", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no cc, gcc or clang to be found
    monkeypatch.setattr(native, "_loaded", None)
    monkeypatch.setattr(native, "_failed", False)
    assert native.compiler() is not None and native.compiler()[-3:] == ["-m", "ziglang", "cc"]
    assert native.library() is not None and native.ready()
    out = build_native.squares_table_native(20_000, np.uint8, None)
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert out is not None and out[0].tobytes() == build.squares_table(20_000).rem.tobytes()
    from squaregame.families.wythoff.native import board_native
    from squaregame.families.wythoff.table import build_wythoff_numpy

    board = board_native(300, True)
    assert bytes(board.rem) == build_wythoff_numpy(300, True).remoteness_array.tobytes()
