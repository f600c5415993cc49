"""The Squares builder compiled on this machine: the kernels of
:mod:`squaregame.core.build_blocks` in C (``assets/native/squares_blocks.c``).

Where a C compiler is found (``CC``, else ``cc``, ``gcc`` or ``clang`` on the ``PATH``), the
first build that wants it compiles the file once into the cache folder
(``native/squares_blocks-<digest>.so``, named for the source, the compiler and the platform,
so an upgrade or another compiler gets its own), and every later build loads that library
through ctypes (``squaregame bench`` prints what the first use and the later ones cost).
Nothing is downloaded and nothing outside the cache folder is written; the compiler gets
:data:`COMPILE_TIMEOUT` seconds. Without a compiler, or if compiling fails, the build falls
back to the other builders (:func:`squaregame.core.build.squares_table`). A damaged library
is compiled again.

The kernels release the GIL while they run (ctypes does), so a build in a worker thread
leaves the interface free; progress is reported between calls, as for numba's builder.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from squaregame import paths
from squaregame.core.build_blocks import BLOCK, I64, blocks_table

COMPILE_TIMEOUT = 120.0  # seconds the compiler may take
FLAGS = ("-O2", "-shared", "-fPIC")

_loaded: ctypes.CDLL | None = None
_failed = False  # compiling failed in this process: not tried again


def source() -> Path:
    return paths.asset("native", "squares_blocks.c")


def compiler() -> list[str] | None:
    """The C compiler's command (``CC`` may carry flags), or None."""
    given = os.environ.get("CC", "").strip()
    if given:
        words = shlex.split(given)
        return words if shutil.which(words[0]) else None
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return [found]
    return None


def library_path(cc: list[str] | None = None) -> Path:
    """Where the compiled library is kept: named for the source, compiler and platform."""
    digest = hashlib.sha256(source().read_bytes())
    digest.update(repr((cc or compiler(), FLAGS, sys.platform, platform.machine())).encode())
    suffix = ".dll" if sys.platform == "win32" else ".so"
    return paths.cache_dir() / "native" / f"squares_blocks-{digest.hexdigest()[:16]}{suffix}"


def ready() -> bool:
    """Is the library already built on this machine (so using it costs no compiling)?"""
    try:
        return library_path().is_file()
    except OSError:
        return False


def possible() -> bool:
    """Could the library be used: built already, or a compiler and the source are there?"""
    try:
        return ready() or (compiler() is not None and source().is_file())
    except OSError:
        return False


def _bind(lib: ctypes.CDLL) -> ctypes.CDLL:
    i64, ptr = ctypes.c_int64, ctypes.c_void_p
    lib.cold_blocks.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, ptr, i64]
    lib.cold_blocks.restype = i64
    for name in ("rem_blocks_u8", "rem_blocks_u16"):
        f = getattr(lib, name)
        f.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, i64, ptr, ptr, ptr, ptr, i64, i64, i64]
        f.restype = i64
    return lib


def _compile(cc: list[str], target: Path) -> bool:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        done = subprocess.run(
            [*cc, *FLAGS, "-o", str(tmp), str(source())],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=COMPILE_TIMEOUT,
        )
        if done.returncode != 0 or not tmp.is_file():
            return False
        os.replace(tmp, target)  # whole or not at all: a reader never loads half a library
        return True
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        tmp.unlink(missing_ok=True)


def library() -> ctypes.CDLL | None:
    """The kernels, loaded (compiled first if need be); None where that cannot be done."""
    global _loaded, _failed
    if _loaded is not None:
        return _loaded
    try:
        cc = compiler()
        path = library_path(cc)
        if path.is_file():
            try:
                _loaded = _bind(ctypes.CDLL(str(path)))
                return _loaded
            except (OSError, AttributeError):  # damaged or foreign: compiled again below
                path.unlink(missing_ok=True)
        if cc is None or _failed or not _compile(cc, path):
            _failed = True
            return None
        _loaded = _bind(ctypes.CDLL(str(path)))
        return _loaded
    except (OSError, AttributeError):
        _failed = True
        return None


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
    library cannot be had (see :func:`possible`)."""
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
