"""Atomic file writes: a reader sees the old file or the new one, never half of either.

One writer for everything the program writes (saved games, settings, lesson progress,
cached tables, ``build-tables --output``):

- the target is resolved through symbolic links, so a symlinked ``game.json`` stays a link
  and the file it points at is replaced;
- a target that exists and is not a regular file (a directory, a device such as
  ``/dev/null``, a FIFO, a socket) is refused with :class:`NotRegularFileError`, never
  replaced;
- the data goes to a temporary file *in the same folder* (``.NAME.RANDOM.tmp``), is flushed
  and fsynced, renamed over the target, and the folder is fsynced so the rename survives a
  power cut;
- the temporary file is removed on every failure path (including ``KeyboardInterrupt``);
  one left by a killed process is removed by :func:`sweep_stale_temporaries`. A writer
  holds an advisory lock on its temporary file from the moment it exists until the rename
  (a killed process's locks vanish with it), so the sweep removes exactly the temporaries
  no live process holds, once they are :data:`GRACE` seconds old (the lock is taken
  microseconds after the file is made). Without advisory locks (Windows) it waits
  :data:`STALE_AFTER` (a day) instead.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

STALE_AFTER = 24 * 3600.0  # seconds: without locks, a temporary this old has no writer
GRACE = 5.0  # seconds: a temporary younger than this may not be locked yet

_umask: int | None = None  # the process's umask, read at the first write that needs it
_umask_lock = threading.Lock()

_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{6,}\.tmp$")


class NotRegularFileError(OSError):
    """The target exists and is not a regular file: it is never replaced."""


def process_umask() -> int:
    """The process's umask, read once (on first need, not at import): from
    ``/proc/self/status`` where Linux says it, else by setting it and setting it back."""
    global _umask
    with _umask_lock:
        if _umask is None:
            _umask = _read_umask()
        return _umask


def _read_umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def resolve_target(path: Path) -> Path:
    """The file a write to ``path`` should replace: symbolic links followed (a dangling link
    gives the path it points to); refuses anything but a regular file or nothing."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(mode):
        raise NotRegularFileError(f"{path} exists and is not a regular file; not replacing it")
    return target


def open_regular(path: Path) -> tuple[int, os.stat_result]:
    """Open ``path`` to read, never blocking (a FIFO opened the usual way waits for a writer
    for ever), and refuse anything but a regular file with :class:`NotRegularFileError`.
    Returns the descriptor (the caller closes it) and the file's ``fstat``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFileError(f"{Path(path).name}: not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. platforms without directory handles
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


Chunk: TypeAlias = bytes | bytearray | memoryview  # what write_atomic writes, piece by piece


def write_atomic(path: Path, data: bytes | Sequence[Chunk], *, durable: bool = True) -> None:
    """Write ``data`` (bytes, or buffers written one after another, never joined: a large
    table is not copied) to ``path`` through a temporary file in the same folder and a rename.
    ``durable=False`` skips the two ``fsync`` calls, for a cache whose reader checks what it
    reads (after a power loss the file may be old, empty or damaged; a live writer's half
    is never seen): a fresh cache's first command wrote six catalogs with twelve of them.

    Raises ``OSError`` (``NotRegularFileError`` for a target that is not a regular file);
    on any failure the old file is untouched and no temporary file is left behind."""
    target = resolve_target(Path(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # (with shutil behind it) only when something is written

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:  # named by the file asked for, not the temporary one
        raise OSError(exc.errno, exc.strerror, str(target)) from exc
    f = os.fdopen(fd, "wb")
    try:
        if fcntl is not None:  # "a live writer has this file": see sweep_stale_temporaries
            fcntl.flock(fd, fcntl.LOCK_EX)
        for chunk in [data] if isinstance(data, bytes) else data:
            f.write(chunk)
        f.flush()
        if durable:
            os.fsync(fd)
        try:  # keep the old file's permissions; a new file gets the usual ones
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            mode = 0o666 & ~process_umask()
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        resolve_target(target)  # still nothing odd there (a FIFO may appear meanwhile)
        os.replace(tmp, target)  # while still holding the lock
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        f.close()
    if durable:
        _fsync_dir(target.parent)


def is_temporary(name: str) -> bool:
    """Whether ``name`` is one of :func:`write_atomic`'s temporary files."""
    return bool(_TEMP_NAME.match(name))


def _unheld(path: str) -> bool:
    """No live process holds ``path``'s lock (it is taken, and at once let go, here)."""
    if fcntl is None:  # pragma: no cover - Windows
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    finally:
        os.close(fd)
    return True


def sweep_stale_temporaries(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove the temporary files killed writers left in ``folder``: those no live process
    holds, once :data:`GRACE` seconds old (or, without locks, ``older_than`` seconds old).
    Only regular files named as :func:`write_atomic` names them. Returns what was removed;
    never raises."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not is_temporary(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            age = now - info.st_mtime
            if age >= older_than or (age >= GRACE and _unheld(entry.path)):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
