"""Each served session's private folder, and the sweep of folders no session owns any more.

A session folder is ``<temp>/squaregame-session-XXXXXXXX/`` holding ``lock`` (flocked for
the session's life, by the server and — the descriptor is inherited — by the session's own
process, so the lock outlives neither and survives the other's ``kill -9``) and ``data/``
(the app's data folder: ``SQUAREGAME_DATA_DIR``). It is removed when the session ends; one
left by a killed server is removed by :func:`sweep` when no process holds its lock.

Folders made by ``SQUAREGAME_EPHEMERAL=1`` (earlier versions' sessions, or a person running
the app that way) have no lock; they are swept only once nothing in them has changed for a
day (:data:`~squaregame.core.files.atomic.STALE_AFTER`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from squaregame.core.files.atomic import STALE_AFTER

try:
    import fcntl
except ImportError:  # Windows: folders are removed at the session's end, swept by age
    fcntl = None  # type: ignore[assignment]

PREFIX = "squaregame-session-"
LOCK = "lock"
DATA = "data"
GRACE = 60.0  # seconds: a lock file younger than this may belong to a folder being set up


def _try_lock(fd: int) -> bool:
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class SessionFolder:
    """A new private folder, locked until :meth:`remove`."""

    def __init__(self, root: Path | None = None) -> None:
        base = root if root is not None else Path(tempfile.gettempdir())
        self.path = Path(tempfile.mkdtemp(prefix=PREFIX, dir=base))
        self.fd = -1
        try:
            self.fd = os.open(self.path / LOCK, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            if not _try_lock(self.fd):  # nobody else can hold a lock on a file just made
                raise OSError(f"could not lock {self.path / LOCK}")
            (self.path / DATA).mkdir(mode=0o700)
        except BaseException:
            self.remove()
            raise

    @property
    def data(self) -> Path:
        return self.path / DATA

    def remove(self) -> None:
        """Delete the folder (while still holding its lock), then let the lock go."""
        shutil.rmtree(self.path, ignore_errors=True)
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def _newest_change(folder: Path) -> float:
    """The latest modification time of the folder or anything directly inside it."""
    newest = folder.lstat().st_mtime
    with os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                newest = max(newest, entry.stat(follow_symlinks=False).st_mtime)
    return newest


def _sweep_one(folder: Path, now: float) -> bool:
    """Remove ``folder`` if no live session can be using it; True if it is gone."""
    try:
        fd = os.open(folder / LOCK, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:  # SQUAREGAME_EPHEMERAL's kind: only by age
        if now - _newest_change(folder) <= STALE_AFTER:
            return False
        shutil.rmtree(folder, ignore_errors=True)
        return not folder.exists()
    except OSError:
        return False
    try:
        if now - os.fstat(fd).st_mtime < GRACE:
            return False  # maybe a folder being made right now, not locked yet
        if fcntl is None:
            if now - _newest_change(folder) <= STALE_AFTER:
                return False
        elif not _try_lock(fd):
            return False  # a live server or session process holds it
        shutil.rmtree(folder, ignore_errors=True)  # while holding its lock
        return not folder.exists()
    finally:
        os.close(fd)


def sweep(root: Path | None = None, now: float | None = None) -> list[Path]:
    """Remove the session folders under ``root`` (the temp folder) that no live session
    owns; returns them. Only this user's real folders (never a symlink) are considered."""
    base = root if root is not None else Path(tempfile.gettempdir())
    moment = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(base) if e.name.startswith(PREFIX)]
    except OSError:
        return removed
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    for entry in entries:
        folder = Path(entry.path)
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISDIR(st.st_mode) or (uid is not None and st.st_uid != uid):
                continue
            if _sweep_one(folder, moment):
                removed.append(folder)
        except OSError:
            continue
    return removed


# -- a class's students' own data folders ------------------------------------------------------
STUDENTS = "students"


def student_folder(class_folder: Path, student: int, joined: float) -> Path:
    """The data folder of a class's student (``SQUAREGAME_DATA_DIR`` of every session of
    theirs: saved games, settings, lesson progress), made on first use and kept:
    ``<class folder>/students/<id>-<joined>/``, private (0700). Its name carries the time the
    student joined, so a student id the database gives again after a class was deleted never
    leads to the folder of the student who had it. A symlink or another user's folder is
    refused (an OSError)."""
    root = class_folder / STUDENTS
    folder = root / f"{student}-{int(joined)}"
    for path in (root, folder):
        with contextlib.suppress(FileExistsError):
            path.mkdir(mode=0o700)
        st = path.lstat()
        if not stat.S_ISDIR(st.st_mode):
            raise NotADirectoryError(f"{path} is not a folder")
        if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
            raise PermissionError(f"{path} belongs to another user")
        if st.st_mode & 0o077:
            os.chmod(path, 0o700)
    return folder


def remove_student_folders(class_folder: Path, students: list[int]) -> None:
    """Delete the data folders of ``students`` (their class was deleted)."""
    root = class_folder / STUDENTS
    wanted = {f"{sid}-" for sid in students}
    try:
        entries = list(os.scandir(root))
    except OSError:
        return
    for entry in entries:
        sid, dash, _ = entry.name.partition("-")
        if dash and f"{sid}-" in wanted and entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
