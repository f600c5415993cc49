"""Is the class file a file SQLite may open? Looked at before it is opened (``os.stat``):
a folder, a FIFO (opening it would wait for ever), a device (``/dev/zero``), a symbolic
link that loops or leads nowhere, a file this user cannot read or write — each is one
clear line (a GameError), and nothing is opened, renamed or made. SQLite's own refusals
after that (a read-only folder: no room for its journal) are said the same way
(:func:`refused`)."""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from squaregame.core.errors import GameError

WHY = "serve.class.errors.why"  # the catalog's reasons
_CANNOT = (3, 8, 10, 14, 23)  # SQLite: PERM, READONLY, IOERR, CANTOPEN, AUTH


def unusable(path: Path, why: str) -> GameError:
    reason = GameError(f"{WHY}.{why}")  # (said in the message's language)
    return GameError("serve.class.errors.unusable", path=str(path)[-80:], why=reason)


def check(path: Path) -> None:
    """A GameError if ``path`` is there but is no file SQLite can use; None if it is a
    regular file this user may read and write, or if there is nothing there yet."""
    try:
        found = os.stat(path)  # (follows a link: what SQLite would open)
    except FileNotFoundError:
        if os.path.islink(path):
            raise unusable(path, "dangling") from None
        return  # (made when opened)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise unusable(path, "loop") from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise unusable(path, "unreadable") from None
        raise unusable(path, "other") from None
    if stat.S_ISDIR(found.st_mode):
        raise unusable(path, "folder")
    if not stat.S_ISREG(found.st_mode):  # a FIFO, a device, a socket: never opened
        raise unusable(path, "special")
    for flags, why in ((os.O_RDONLY, "unreadable"), (os.O_RDWR, "unwritable")):
        try:  # (a regular file: opening it never waits)
            os.close(os.open(path, flags | os.O_NONBLOCK))
        except PermissionError:
            raise unusable(path, why) from None
        except OSError:
            raise unusable(path, "other") from None


def refused(exc: sqlite3.Error, path: Path) -> GameError | None:
    """SQLite could not open or write the file (a read-only folder, a full disk …) as one
    line; None for anything else (busy, damaged: the caller's to handle)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None or code & 0xFF not in _CANNOT:
        return None
    folder = path.parent
    if not os.access(folder, os.W_OK) or code & 0xFF == 8:
        return unusable(path, "read_only")
    return unusable(path, "other")


@contextmanager
def one_opener(path: Path, wait_s: float) -> Iterator[None]:
    """Held while the class file ``path`` is opened and set up (made, switched to WAL,
    migrated), so that servers starting at once do it one after the other. Opened at the
    same moment, SQLite's own locks were not enough: one in ~10 rounds of four, a server
    was refused with "database is locked" (switching to WAL is not covered by the busy
    timeout), a disk I/O error (a journal another connection had just removed: FSTAT,
    SHORT_READ) or "no such table". An exclusive ``flock`` on the folder the file really
    lies in (its links followed; nothing is made beside it) serialises the opening only:
    open stores share the file as before. A lock another opener holds is waited for up to
    ``wait_s`` (an opener stuck mid-way: then it is gone on without, as before the lock
    was there), so an open may wait that long before SQLite's own wait. Where the lock
    cannot be had at all (no ``flock``: Windows; a folder this user cannot read; NFS,
    where ``flock`` on a folder is refused) there is no lock, and no wait."""
    try:
        import fcntl  # (POSIX)
    except ImportError:  # pragma: no cover - POSIX only
        yield
        return
    folder = Path(os.path.realpath(path)).parent
    try:  # (O_DIRECTORY: a FIFO put in the folder's place is never opened, never waited on)
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NONBLOCK)
    except OSError:  # (the opening says what is wrong with the folder)
        yield
        return
    try:
        end = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:  # another opener holds it
                if time.monotonic() > end:
                    break
                time.sleep(0.005)
            except OSError:  # (no lock here: NFS, some FUSE file systems)
                break
        yield
    finally:
        os.close(fd)  # (closing lets go of the lock)
