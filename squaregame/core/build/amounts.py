"""Tables of a rule given by its amounts, from the C kernels (``assets/native/amounts.c``) where
they can be had, else numpy (:mod:`squaregame.core.build.rules`): the same values either way.

Two ways to the remoteness, for two kinds of rules:

* **dense** (:func:`dense_remoteness`): each position from all its children, one position at a
  time — a hot position is 1 + the least remoteness of a cold child, a cold one 1 + the
  greatest of all its children; a terminal position has remoteness 0 (cold in normal play,
  hot in misère: cold ⇔ the parity of remoteness, even in normal play, odd in misère). Its
  cost is positions × amounts, whatever the outcomes: for finite sets and Powers of two
  (a third of its positions are cold), normal or misère.
* **sparse** (:func:`sparse_remoteness`, normal play, 1 among the amounts): the two-pass
  algorithm of the Squares builder (:mod:`squaregame.core.build.blocks`) with the amounts for
  the squares, whose cost goes with the cold positions: for Cubes (a few per cent cold).

:func:`dense_grundy` gives Grundy values (the mex of the children's). :func:`dense_python`
and :func:`grundy_python` are the kernels' plain-Python forms, for the tests. Values are
kept one byte a position while they fit, two otherwise (four for the dense remoteness): a
kernel that meets a value too large for its type says where, and the table goes on from
there in the wider type (dense), or is built again (sparse).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from squaregame.core.build import native
from squaregame.core.build.blocks import blocks_table

DENSE_BLOCK = 1 << 16  # positions the dense kernels settle together (the tests try smaller)
SPARSE_BLOCK = 1 << 18  # and the sparse ones (measured: Cubes to 5·10^7 in 5 s, not 7)

Progress = Callable[[float], None]
CHUNK = 1 << 20  # positions a dense kernel call: progress is reported between calls
WIDER = {np.dtype(np.uint8): np.uint16, np.dtype(np.uint16): np.int32}
_I32_TOP = (1 << 31) - 2  # the dense kernels' largest value (one below their "none")
_KERNELS = {np.dtype(np.uint8): "u8", np.dtype(np.uint16): "u16", np.dtype(np.int32): "i32"}


def use_native(cells: int | None = None) -> bool:
    """Build ``cells`` positions with the C kernels (as :func:`native.builder` chooses: the
    library once built, from ``COMPILED_FROM`` cells if it can be compiled), if they load."""
    return native.builder(cells) == "native" and _library() is not None


_bound: list[Any] = []  # the library whose argument types are set


def _library() -> Any:
    """The kernels with their argument types (None where the library cannot be had)."""
    lib = native.library()
    if lib is None or lib in _bound:
        return lib
    i32, i64, ptr = ctypes.c_int32, ctypes.c_int64, ctypes.c_void_p
    for code in _KERNELS.values():
        f = getattr(lib, f"dense_{code}")
        f.argtypes = [i64, i64, ptr, i64, i32, ptr, i64, i64, ptr, ptr]
        f.restype = i64
    lib.amounts_grundy.argtypes = [i64, i64, ptr, i64, ptr, ptr]
    lib.amounts_grundy.restype = None
    lib.sparse_cold.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, ptr, i64, ptr]
    lib.sparse_cold.restype = i64
    for code in ("u8", "u16"):
        f = getattr(lib, f"sparse_rem_{code}")
        f.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, i64, ptr, ptr, ptr, ptr, i64, i64, i64]
        f.argtypes += [ptr]
        f.restype = i64
    for code in _KERNELS.values():
        f = getattr(lib, f"order_kept_{code}")
        f.argtypes = [ptr, ptr, i64, i64, ptr, i64, i32, i64, i64]
        f.restype = i32
    _bound.append(lib)
    return lib


def loaded() -> Any:
    """The kernels if they are at hand without compiling (loaded or built already, or asked
    for by ``SQUAREGAME_BUILDER``), unless numpy is asked for; else None."""
    chosen = native.asked()
    if chosen == "native" or (chosen != "numpy" and (native.in_memory() or native.ready())):
        return _library()
    return None


def order_kept_takes(rem: npt.NDArray[Any]) -> bool:
    """Does the kernel of :func:`order_kept` take a table of this type (the builders')?"""
    return rem.dtype in _KERNELS


def order_kept(
    lib: Any,
    rem: npt.NDArray[Any],
    shifts: npt.NDArray[Any],
    n0: int,
    p: int,
    members: Sequence[int],
    misere: bool,
    lo: int,
    hi: int,
) -> bool:
    """Condition 3 of :mod:`squaregame.core.piles.arithmetic` on ``lo..hi-1``, by the kernel
    (``shifts`` in ``rem``'s type)."""
    if shifts.dtype != rem.dtype:
        raise TypeError(f"shifts in {shifts.dtype}, not {rem.dtype}")
    kernel = getattr(lib, f"order_kept_{_KERNELS[rem.dtype]}")
    mem = np.asarray(members, dtype=np.int64)
    args = (_ptr(rem), _ptr(shifts), n0, p, _ptr(mem), mem.size, int(misere), lo, hi)
    return bool(kernel(*args))


def _ptr(a: npt.NDArray[Any]) -> int:
    if not a.flags.c_contiguous:
        raise TypeError("the C kernels take contiguous arrays")
    return int(a.ctypes.data)


def _amounts(amounts: Sequence[int], upto: int) -> npt.NDArray[np.int64]:
    return np.asarray([a for a in amounts if a <= upto], dtype=np.int64)


# -- dense ------------------------------------------------------------------------------------


def dense_remoteness(
    amounts: Sequence[int],
    upto: int,
    *,
    misere: bool,
    progress: Progress | None = None,
    native_ok: bool | None = None,
    prefix: npt.NDArray[Any] | None = None,
) -> npt.NDArray[Any]:
    """Remoteness of 0..upto under the increasing ``amounts`` (uint8, uint16 or int32: the
    narrowest that holds every value). ``native_ok``: use the C kernels (None: as
    :func:`use_native` says for this size). ``prefix``: the values of the first positions,
    built before (by the kernels: they go on from there)."""
    amts = _amounts(amounts, upto)
    wanted = use_native(upto + 1) if native_ok is None else native_ok
    lib = _library() if wanted else None
    if lib is None:
        from squaregame.core.build.rules import rule_remoteness  # numpy: without the kernels

        return _narrow(rule_remoteness(amts, upto, misere=misere, progress=progress))
    s = 0 if prefix is None else min(prefix.size, upto + 1)
    rem: npt.NDArray[Any] = np.empty(upto + 1, dtype=np.uint8 if prefix is None else prefix.dtype)
    if prefix is not None:
        rem[:s] = prefix[:s]
    least = np.empty(DENSE_BLOCK, dtype=np.int32)
    most = np.empty(DENSE_BLOCK, dtype=np.int32)
    while s <= upto:
        e = min(upto + 1, s + CHUNK)
        kernel = getattr(lib, f"dense_{_KERNELS[rem.dtype]}")
        limit = min(int(np.iinfo(rem.dtype).max), _I32_TOP)
        args = (_ptr(amts), amts.size, int(misere), _ptr(rem), limit, DENSE_BLOCK)
        at = int(kernel(s, e, *args, _ptr(least), _ptr(most)))
        if at >= 0:  # a value too large for this type: go on from there in a wider one
            rem = rem.astype(WIDER[rem.dtype])
            s = at
            continue
        s = e
        if progress is not None:
            progress(s / (upto + 1))
    return rem


def dense_grundy(
    amounts: Sequence[int], upto: int, progress: Progress | None = None
) -> npt.NDArray[np.uint16]:
    """Grundy values of 0..upto (normal play) under the increasing ``amounts``."""
    amts = _amounts(amounts, upto)
    if not use_native(upto + 1):
        from squaregame.core.build.rules import rule_grundy  # numpy: without the kernels

        return rule_grundy(amts, upto, progress).astype(np.uint16)
    lib = _library()
    g = np.zeros(upto + 1, dtype=np.uint16)
    stamp = np.zeros(amts.size + 2, dtype=np.int64)
    for s in range(0, upto + 1, CHUNK):
        e = min(upto + 1, s + CHUNK)
        lib.amounts_grundy(s, e, _ptr(amts), amts.size, _ptr(g), _ptr(stamp))
        if progress is not None:
            progress(e / (upto + 1))
    return g


def residues(upto: int, m: int) -> npt.NDArray[np.uint8]:
    """n mod ``m`` for 0..upto (a formula's Grundy values, as a table: Powers of two)."""
    return (np.arange(upto + 1, dtype=np.int64) % m).astype(np.uint8)


def payload(a: npt.NDArray[Any]) -> tuple[str, memoryview]:
    """Values for a table file: one byte a position, two or four (little-endian), as ``a``
    holds them."""
    code = {1: "B", 2: "H", 4: "I"}[a.dtype.itemsize]
    if a.dtype.kind not in "ui" or (a.size and int(a.min()) < 0):
        raise ValueError("a table holds non-negative integers")
    return code, np.ascontiguousarray(a, dtype=f"<u{a.dtype.itemsize}").data.cast("B")


def _narrow(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    top = int(a.max()) if a.size else 0
    for dtype in (np.uint8, np.uint16):
        if top <= np.iinfo(dtype).max:
            return a.astype(dtype)
    return a.astype(np.int32)


def dense_python(amounts: Sequence[int], upto: int, misere: bool) -> list[int]:
    """The dense kernel in plain Python (the tests compare the two)."""
    rem: list[int] = []
    for n in range(upto + 1):
        kids = [rem[n - a] for a in amounts if a <= n]
        cold = [c for c in kids if (c % 2 == 0) != misere]
        rem.append(0 if not kids else 1 + (min(cold) if cold else max(kids)))
    return rem


def grundy_python(amounts: Sequence[int], upto: int) -> list[int]:
    """Grundy values in plain Python (the tests compare the kernel with it)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[n - a] for a in amounts if a <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


# -- sparse -----------------------------------------------------------------------------------


def sparse_remoteness(
    amounts: Callable[[int], Sequence[int]], upto: int, progress: Progress | None = None
) -> npt.NDArray[Any]:
    """Normal-play remoteness of 0..upto (uint8 while every value fits, else uint16) of a rule
    that may take 1; ``amounts(bound)`` lists its amounts up to the first one ≥ ``bound``."""
    reach = max(upto + 1, SPARSE_BLOCK)
    amts = np.asarray(amounts(reach), dtype=np.int64)
    if amts.size == 0 or amts[0] != 1 or amts[-1] < reach:
        raise ValueError("the sparse builder needs 1 among the amounts, and one past the table")
    if not use_native(upto + 1):
        from squaregame.core.build.rules import rule_remoteness  # numpy: without the kernels

        inside = amts[amts <= upto]
        return _narrow(rule_remoteness(inside, upto, misere=False, progress=progress))
    lib = _library()
    for dtype in (np.uint8, np.uint16):
        kernel = getattr(lib, f"sparse_rem_{_KERNELS[np.dtype(dtype)]}")
        cold, rem = _cold(lib, amts, SPARSE_BLOCK), _rem(kernel, dtype, amts, SPARSE_BLOCK)
        built = blocks_table(upto, dtype, progress, cold, rem, block=SPARSE_BLOCK)
        if built is not None:
            return built[0]
    raise OverflowError("a remoteness beyond two bytes")


def _cold(lib: Any, amts: npt.NDArray[np.int64], block: int) -> Callable[..., int]:
    def cold_blocks(
        s0: int, s1: int, n: int, blk: Any, cold: Any, nxt: Any, idx: Any, c: int
    ) -> int:
        return int(
            lib.sparse_cold(
                s0, s1, n, block, _ptr(blk), _ptr(cold), _ptr(nxt), _ptr(idx), c, _ptr(amts)
            )
        )

    return cold_blocks


def _rem(kernel: Any, dtype: Any, amts: npt.NDArray[np.int64], block: int) -> Callable[..., int]:
    def rem_blocks(
        s0: int, s1: int, n: int, rem: Any, best: Any, cold: Any, ncold: int, nxt: Any,
        idx: Any, crem: Any, pm: Any, done: int, first: int, lim: int,
    ) -> int:  # fmt: skip
        if rem.dtype != dtype:
            raise TypeError(rem.dtype)
        return int(
            kernel(
                s0, s1, n, block, _ptr(rem), _ptr(best), _ptr(cold), ncold, _ptr(nxt), _ptr(idx),
                _ptr(crem), _ptr(pm), done, first, lim, _ptr(amts),
            )
        )  # fmt: skip

    return rem_blocks
