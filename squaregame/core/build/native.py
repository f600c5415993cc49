"""The C kernels compiled on this machine, loaded through ctypes (no numpy here).

Four sources in ``assets/native``: the Squares builder's kernels (``squares_blocks.c``, used by
:mod:`squaregame.core.build.squares_native`), the Wythoff board's (``wythoff_board.c``, used by
:mod:`squaregame.families.wythoff.native`), the take-and-break games' Grundy values
(``octal_values.c``, used by :mod:`squaregame.families.octal.native`) and the tables of rules
given by their amounts (``amounts.c``, used by :mod:`squaregame.core.build.amounts`); the last
two declare their own argument types. Where a C compiler is found (``CC``, else ``cc``,
``gcc`` or ``clang`` on the ``PATH``), the first build that wants them compiles them once
into one library in the cache folder (``native/kernels-<digest>.so``, named for the sources,
the compiler asked for in ``CC`` and the platform, so an upgrade gets its own; the newest
:data:`KEPT` such libraries are kept, for caches shared by versions or machines, and older
ones removed), and every later build loads that library
(``squaregame bench`` prints what the first use and the later ones cost). Nothing is
downloaded and nothing outside the cache folder is written; the compiler gets
:data:`COMPILE_TIMEOUT` seconds. Without a compiler, or if compiling fails, the builders fall
back to numpy. A damaged library is compiled again.

A smaller build than :data:`COMPILED_FROM` does not wait for the compiler: it is answered
with numpy, and the library is compiled meanwhile in a process of its own
(:func:`compile_in_background`), so the builds after it load the library. That process is
detached (a session of its own, no terminal, lower priority): the command that started it
exits without waiting, and it writes the library whole or not at all as a build does.
``SQUAREGAME_COMPILE_IN_BACKGROUND=0`` turns it off (the tests do).

The kernels release the GIL while they run (ctypes does), so a build in a worker thread
leaves the interface free; the callers report progress between calls.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import shlex
import shutil
import subprocess
import sys
import threading
import time
import zlib
from importlib.util import find_spec
from pathlib import Path

from squaregame import paths

COMPILE_TIMEOUT = 120.0  # seconds the compiler may take
FLAGS = ("-O2", "-shared", "-fPIC")
SOURCES = ("squares_blocks.c", "wythoff_board.c", "octal_values.c", "amounts.c")
KEPT = 4  # libraries kept in the cache folder, the newest first
COMPILED_FROM = 8 * 10**6  # cells: smaller builds use numpy until the library exists
BUILDERS = ("numpy", "native")

BACKGROUND = "SQUAREGAME_COMPILE_IN_BACKGROUND"  # "0": never compile in the background
STALE = 2 * COMPILE_TIMEOUT  # seconds after which a background compile's lock is stale

_loaded: ctypes.CDLL | None = None
_failed = False  # compiling failed in this process: not tried again
_lock = threading.Lock()  # one thread compiles; another asking meanwhile waits for it
_background: subprocess.Popen[bytes] | None = None  # the compile this process started
_background_asked = False  # at most one a process


def sources() -> list[Path]:
    return [paths.asset("native", name) for name in SOURCES]


def compiler() -> list[str] | None:
    """The C compiler's command (``CC`` may carry flags), else the first of ``cc``, ``gcc``
    and ``clang`` on the ``PATH``, else Zig's C compiler where ``pip install
    'squaregame[fast]'`` installed it (the ``ziglang`` package: a compiler as a wheel, for
    machines that have none), else None."""

    given = os.environ.get("CC", "").strip()
    if given:
        words = shlex.split(given)
        return words if shutil.which(words[0]) else None
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return [found]
    if find_spec("ziglang") is not None:
        return [sys.executable, "-m", "ziglang", "cc"]
    return None


def library_path() -> Path:
    """Where the compiled library is kept: named for the sources, the compiler asked for
    (``CC``) and the platform. Finding it costs no search for the compiler, and a library once
    built stays usable if the compiler goes away. The name is two 32-bit checksums of those
    (zlib's CRC-32 and Adler-32: a cryptographic hash would cost more to import than the
    library does to load, and nothing here needs one)."""
    key = (
        _sources_bytes()
        + repr((os.environ.get("CC", "").strip(), FLAGS, sys.platform, _machine())).encode()
    )
    digest = f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}"
    suffix = ".dll" if sys.platform == "win32" else ".so"
    return paths.cache_dir() / "native" / f"kernels-{digest}{suffix}"


@functools.cache
def _sources_bytes() -> bytes:
    """The kernels' sources, read once a process (every build asks where the library is)."""
    return b"".join(src.read_bytes() for src in sources())


def _machine() -> str:
    if hasattr(os, "uname"):
        return os.uname().machine
    import platform  # Windows

    return platform.machine()


def ready() -> bool:
    """Is the library already built on this machine (so using it costs no compiling)?"""
    try:
        return library_path().is_file()
    except OSError:
        return False


def possible() -> bool:
    """Could the library be used: built already, or a compiler and the sources are there?"""
    try:
        return ready() or (compiler() is not None and all(s.is_file() for s in sources()))
    except OSError:
        return False


def builder(cells: int | None = None) -> str:
    """The builder for a table of ``cells`` positions: ``SQUAREGAME_BUILDER`` names one
    (``numpy`` or ``native``; ``compiled``, numba's builder before this version, now means
    ``native``); by default the native library once it is built (loading it costs next to
    nothing), and from ``COMPILED_FROM`` cells up the native one if a C compiler can build it
    (once), else numpy — and then, below ``COMPILED_FROM``, the library is compiled in the
    background for the builds after this one (:func:`compile_in_background`)."""
    chosen = asked()
    if chosen in BUILDERS:
        return chosen
    if ready():
        return "native"
    if cells is not None and cells < COMPILED_FROM:
        compile_in_background()  # for the builds after this one
        return "numpy"
    return "native" if possible() else "numpy"


def asked() -> str:
    """The builder ``SQUAREGAME_BUILDER`` asks for (``auto`` when it names none)."""
    chosen = os.environ.get("SQUAREGAME_BUILDER", "auto").strip().lower() or "auto"
    return "native" if chosen == "compiled" else chosen


def in_memory() -> bool:
    """Has this process loaded the library already?"""
    return _loaded is not None


def compile_in_background() -> bool:
    """Start compiling the library in a detached process, and return at once: whether one
    was started. Once a process at most; not where ``SQUAREGAME_COMPILE_IN_BACKGROUND`` is
    ``0``, the library exists, no compiler or source is found, another process is compiling
    it (its lock in the cache folder, unless older than :data:`STALE` seconds) or compiling
    it in the background failed before (a marker, named for the library)."""
    global _background, _background_asked
    if _background is not None and _background.poll() is not None:
        _background = None  # finished: reaped
    if _background_asked or os.environ.get(BACKGROUND, "").strip() == "0":
        return False
    _background_asked = True
    lock: Path | None = None
    try:
        path = library_path()
        if path.is_file() or _failed or _marker(path, "failed").exists() or not possible():
            return False
        if not _take_lock(_marker(path, "compiling")):
            return False
        lock = _marker(path, "compiling")
        child = (
            f"import sys; sys.path.insert(0, {str(paths.PACKAGE.parent)!r}); "
            "from squaregame.core.build.native import compile_detached; "
            "sys.exit(compile_detached(sys.argv[1]))"
        )
        _background = subprocess.Popen(
            [sys.executable, "-c", child, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # no terminal's Ctrl-C or hang-up reaches it
        )
        return True
    except (OSError, ValueError, subprocess.SubprocessError):
        if lock is not None:  # ours: released
            with contextlib.suppress(OSError):
                lock.unlink(missing_ok=True)
        return False


def compile_detached(target: str) -> int:
    """The background compile's own process: compile into ``target`` (0 when done), then
    release the lock; where compiling fails, leave the marker that stops further tries."""
    path = Path(target)
    with contextlib.suppress(OSError, AttributeError):  # (no os.nice on Windows)
        os.nice(10)  # after the person's own work
    try:
        cc = compiler()
        if cc is not None and _compile(cc, path):
            return 0
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            _marker(path, "failed").touch()
        return 1
    finally:
        with contextlib.suppress(OSError):
            _marker(path, "compiling").unlink(missing_ok=True)


def _marker(library: Path, what: str) -> Path:
    """A file beside the library about it: ``compiling`` (the lock) or ``failed``."""
    return library.with_name(f".{library.name}.{what}")


def _take_lock(lock: Path) -> bool:
    """Create ``lock`` unless another process holds it (a stale one is taken over)."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
        except FileExistsError:
            try:
                if time.time() - lock.stat().st_mtime < STALE:
                    return False
                lock.unlink()  # its process died: take it over
            except FileNotFoundError:
                continue  # released meanwhile
    return False


def _bind(lib: ctypes.CDLL) -> ctypes.CDLL:
    i32, i64, ptr = ctypes.c_int32, ctypes.c_int64, ctypes.c_void_p
    lib.cold_blocks.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, ptr, i64]
    lib.cold_blocks.restype = i64
    for name in ("rem_blocks_u8", "rem_blocks_u16"):
        f = getattr(lib, name)
        f.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, i64, ptr, ptr, ptr, ptr, i64, i64, i64]
        f.restype = i64
    lib.wythoff_rows.argtypes = [i64, i64, i64, i32, ptr, ptr, ptr, ptr]
    lib.wythoff_rows.restype = None
    lib.wythoff_grundy_rows.argtypes = [i64, i64, i64, i64, ptr, ptr, ptr, ptr, ptr, ptr]
    lib.wythoff_grundy_rows.restype = None
    return lib


def _compile(cc: list[str], target: Path) -> bool:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        done = subprocess.run(
            [*cc, *FLAGS, "-o", str(tmp), *map(str, sources())],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=COMPILE_TIMEOUT,
        )
        if done.returncode != 0 or not tmp.is_file():
            return False
        os.replace(tmp, target)  # whole or not at all: a reader never loads half a library
        with contextlib.suppress(OSError):  # a folder that cannot be listed keeps them all
            _drop_old(target)
        return True
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        tmp.unlink(missing_ok=True)


def _drop_old(made: Path) -> None:
    """Keep the newest :data:`KEPT` libraries (``made`` among them), so upgrades do not pile
    up while a cache shared by a few versions, compilers or machines is not rebuilt in turn;
    the single-kernel libraries of earlier versions (``squares_blocks-*``) go."""
    ours = [p for p in made.parent.iterdir() if p.name.startswith("kernels-") and p != made]
    ours.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    older = [p for p in made.parent.iterdir() if p.name.startswith("squares_blocks-")]
    for old in ours[KEPT - 1 :] + older:
        with contextlib.suppress(OSError):  # in use elsewhere (Windows), or gone already
            old.unlink()


def library() -> ctypes.CDLL | None:
    """The kernels, loaded (compiled first if need be); None where that cannot be done."""
    if _loaded is not None:
        return _loaded
    with _lock:
        return _load()


def _load() -> ctypes.CDLL | None:
    global _loaded, _failed
    if _loaded is not None:
        return _loaded
    try:
        path = library_path()
        if path.is_file():
            try:
                _loaded = _bind(ctypes.CDLL(str(path)))
                return _loaded
            except (OSError, AttributeError):  # damaged or foreign: compiled again below
                path.unlink(missing_ok=True)
        cc = compiler()
        if cc is None or _failed or not _compile(cc, path):
            _failed = True
            return None
        _loaded = _bind(ctypes.CDLL(str(path)))
        return _loaded
    except (OSError, AttributeError):
        _failed = True
        return None


def address(buffer: bytearray) -> int:
    """The address of a bytearray's bytes, for a kernel to write into."""
    return ctypes.addressof(ctypes.c_char.from_buffer(buffer))
