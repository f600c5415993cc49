"""The compiled Squares builder (numba, ``squaregame[fast]``) gives the numpy builder's bytes.

Skipped where numba is not installed; CI installs it (README's test command)."""

from __future__ import annotations

import numpy as np
import pytest

from reference import pile_children, solve, squares_amounts
from squaregame.core import build
from squaregame.core.squares_files import shipped_squares_path
from squaregame.core.tablefile import read_table

fast = pytest.importorskip("squaregame.core.build_fast", reason="numba is not installed")


def _both(upto: int, monkeypatch: pytest.MonkeyPatch) -> tuple[build.SquaresBuild, ...]:
    out = []
    for name in ("compiled", "numpy"):
        monkeypatch.setenv("SQUAREGAME_BUILDER", name)
        assert build.builder() == name
        out.append(build.squares_table(upto))
    return tuple(out)


@pytest.mark.parametrize("upto", [0, 1, 2, 3, 4, 5, 65535, 65536, 65537, 300_000])
def test_compiled_and_numpy_builders_agree_byte_for_byte(
    upto: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled, plain = _both(upto, monkeypatch)
    assert compiled.rem.dtype == plain.rem.dtype == np.uint8
    assert compiled.rem.tobytes() == plain.rem.tobytes()
    assert np.array_equal(compiled.cold, plain.cold)


def test_compiled_builder_against_brute_force() -> None:
    ref = solve(range(5000), pile_children(squares_amounts), False)
    rem, cold = fast.squares_table_compiled(4999, np.uint8, None)
    assert rem.tolist() == [ref[k][1] for k in range(5000)]
    assert cold.tolist() == [k for k in range(5000) if ref[k][1] % 2 == 0]


def test_compiled_builder_matches_the_shipped_table() -> None:
    # The shipped table is the C reference's, byte for byte (test_squares.py checks its hash).
    rem, cold = fast.squares_table_compiled(999_999, np.uint16, None)
    shipped = read_table(shipped_squares_path()).arrays["remoteness"]
    assert rem.tobytes() == bytes(shipped[:1_000_000])
    assert len(cold) == 13952 and int(rem.max()) == 128


def test_a_remoteness_too_large_for_the_type_is_reported_not_wrapped() -> None:
    # int8 holds up to 127, so a cold remoteness above 125 does not fit: 10^6 reaches 128.
    assert fast.squares_table_compiled(999_999, np.int8, None) is None
    small = fast.squares_table_compiled(20_000, np.int8, None)
    assert small is not None
    assert small[0].tolist() == build.squares_table(20_000).rem.tolist()


def test_progress_is_reported_and_ends_at_one() -> None:
    seen: list[float] = []
    fast.squares_table_compiled(9_000_000, np.uint8, seen.append)
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0) and len(seen) >= 4


def test_numpy_can_be_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    from squaregame.core import native

    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert build.builder() == "numpy"
    monkeypatch.setenv("SQUAREGAME_BUILDER", "")
    monkeypatch.setattr(native, "ready", lambda: False)  # no C compiler on this machine
    monkeypatch.setattr(native, "possible", lambda: False)
    assert build.builder() == "numpy"  # numba only when asked: numpy keeps pace with it
    assert build.builder(build.COMPILED_FROM) == "numpy"
    monkeypatch.setenv("SQUAREGAME_BUILDER", "compiled")
    assert build.builder(1000) == "compiled"
