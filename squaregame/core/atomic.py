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
  one left by a killed process is removed by :func:`sweep_stale_temporaries` once it is
  older than :data:`STALE_AFTER` seconds (a day: never a file another process is writing).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

STALE_AFTER = 24 * 3600.0  # seconds: a temporary this old belongs to no live writer

_UMASK = os.umask(0o022)  # read once, at import (setting it back at once)
os.umask(_UMASK)

_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{6,}\.tmp$")


class NotRegularFileError(OSError):
    """The target exists and is not a regular file: it is never replaced."""


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


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    Raises ``OSError`` (``NotRegularFileError`` for a target that is not a regular file);
    on any failure the old file is untouched and no temporary file is left behind."""
    target = resolve_target(Path(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:  # keep the old file's permissions; a new file gets the usual ones
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            mode = 0o666 & ~_UMASK
        with contextlib.suppress(OSError):
            os.chmod(tmp, mode)
        resolve_target(target)  # still nothing odd there (a FIFO may appear meanwhile)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(target.parent)


def is_temporary(name: str) -> bool:
    """Whether ``name`` is one of :func:`write_atomic`'s temporary files."""
    return bool(_TEMP_NAME.match(name))


def sweep_stale_temporaries(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove temporary files left in ``folder`` by writers that were killed, once they are
    ``older_than`` seconds old; only regular files named as :func:`write_atomic` names them.
    Returns what was removed; never raises."""
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
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
