"""The Squares builder compiled on this machine (C, ``assets/native/squares_blocks.c``) gives
the numpy builder's bytes; it is compiled once into the cache folder, a damaged library is
compiled again, and without a working compiler the build falls back to another builder.

Skipped where no C compiler is found; CI has one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from reference import pile_children, solve, squares_amounts
from squaregame.core.build import native
from squaregame.core.build import squares as build
from squaregame.core.build import squares_native as build_native
from squaregame.core.files.tablefile import read_table
from squaregame.core.piles.files import shipped_path

pytestmark = pytest.mark.skipif(native.compiler() is None, reason="no C compiler")


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a new process: nothing loaded, nothing failed yet."""
    monkeypatch.setattr(native, "_loaded", None)
    monkeypatch.setattr(native, "_failed", False)


@pytest.mark.parametrize("upto", [0, 1, 2, 3, 4, 5, 65535, 65536, 65537, 300_000])
@pytest.mark.parametrize("dtype", [np.uint8, np.uint16])
@pytest.mark.usefixtures("shared_cache")  # (compiled once for them all)
def test_native_and_numpy_builders_agree_byte_for_byte(
    upto: int, dtype: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = build_native.squares_table_native(upto, dtype, None)
    assert out is not None
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    plain = build.squares_table(upto)
    assert out[0].dtype == dtype
    assert out[0].tolist() == plain.rem.tolist()
    assert np.array_equal(out[1], plain.cold)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_native_builder_against_brute_force() -> None:
    ref = solve(range(5000), pile_children(squares_amounts), False)
    rem, cold = build_native.squares_table_native(4999, np.uint8, None) or ((), ())
    assert list(rem) == [ref[k][1] for k in range(5000)]
    assert list(cold) == [k for k in range(5000) if ref[k][1] % 2 == 0]


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_native_builder_matches_the_shipped_table() -> None:
    # The shipped table is the C reference's, byte for byte (test_squares.py checks its hash).
    rem, cold = build_native.squares_table_native(999_999, np.uint16, None) or ((), ())
    shipped = read_table(shipped_path("squares")).arrays["remoteness"]
    assert bytes(rem) == bytes(shipped[:1_000_000])
    assert len(cold) == 13952 and int(max(rem)) == 128


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_a_remoteness_over_the_limit_is_reported_not_wrapped() -> None:
    assert build_native.squares_table_native(999_999, np.uint8, None, limit=127) is None
    small = build_native.squares_table_native(20_000, np.uint8, None, limit=127)
    assert small is not None and small[0].tolist() == build.squares_table(20_000).rem.tolist()
    with pytest.raises(TypeError):
        build_native.squares_table_native(10, np.int32, None)


@pytest.mark.usefixtures("shared_cache")  # (what the kernels compute: compiled once)
def test_progress_is_reported_and_ends_at_one() -> None:
    seen: list[float] = []
    build_native.squares_table_native(9_000_000, np.uint8, seen.append)
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0) and len(seen) >= 4


def test_compiled_once_then_loaded_from_the_cache(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not native.ready()
    assert native.library() is not None
    path = native.library_path()
    assert path.is_file() and path.parent == cache_dir / "native" and native.ready()
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left

    def no_compiler(*_: object) -> bool:
        raise AssertionError("compiled again")

    monkeypatch.setattr(native, "_compile", no_compiler)
    monkeypatch.setattr(native, "_loaded", None)
    assert native.library() is not None


def test_a_damaged_library_is_compiled_again() -> None:
    path = native.library_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x7fELF not really")
    out = build_native.squares_table_native(1000, np.uint8, None)
    assert out is not None and out[0].tolist() == build.squares_table(1000).rem.tolist()
    assert path.read_bytes()[:4] == b"\x7fELF" and path.stat().st_size > 1000


def test_without_a_working_compiler_the_build_falls_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CC", "false")  # a compiler that always fails
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    assert native.library() is None and not native.ready()
    table = build.squares_table(5000)  # numpy's, and no error
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert table.rem.tolist() == build.squares_table(5000).rem.tolist()
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert native.compiler() is None and not native.possible()


def test_the_builder_chosen_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SQUAREGAME_BUILDER", raising=False)
    assert build.builder(1000) == "numpy"  # small, and nothing compiled yet: numpy is quicker
    assert build.builder(build.COMPILED_FROM) == "native"  # compiled once here, then reused
    native.library()
    assert build.builder(1000) == "native"  # built: it loads in milliseconds at any size
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    assert build.builder(10**8) == "numpy"


def test_compiling_keeps_the_newest_libraries_and_removes_older_ones(cache_dir: Path) -> None:
    import os

    folder = cache_dir / "native"
    folder.mkdir(parents=True)
    kernels = [folder / f"kernels-{i:016x}.so" for i in range(5)]
    for age, path in enumerate(reversed(kernels)):  # kernels[0] the newest, an hour apart
        path.write_bytes(b"\x7fELF another version's")
        os.utime(path, (1_700_000_000 + 3600 * age,) * 2)
    (folder / "squares_blocks-0123456789abcdef.so").write_bytes(b"\x7fELF a single-kernel one")
    (folder / "notes.txt").write_text("not ours to remove")
    assert native.library() is not None
    kept = {native.library_path().name, *(p.name for p in kernels[:3]), "notes.txt"}
    assert {p.name for p in folder.iterdir()} == kept  # KEPT = 4 libraries, this one first


def test_threads_asking_at_once_compile_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    compiled: list[Path] = []
    real = native._compile

    def counted(cc: list[str], target: Path) -> bool:
        compiled.append(target)
        return real(cc, target)

    monkeypatch.setattr(native, "_compile", counted)
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(native.library())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(compiled) == 1 and len(got) == 4 and len({id(g) for g in got}) == 1
