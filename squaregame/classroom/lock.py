"""A class file's nodes: every ``serve --class`` holds a *shared* lock on
``classes.sqlite3.serving`` beside the database for as long as it runs, so any number of
servers (nodes) may serve the same class at once (:mod:`squaregame.classroom.presence`
says who is online on each). The operating system lets go of a node's lock when its process
ends, however it ends (kill -9 included).

What the lock still tells: whether *some* server on this machine serves the class file now
(``class watch`` says whether students can be online; ``class delete`` refuses while one
does). A probe takes the lock exclusively for a moment, which only a file no node holds
allows.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import IO

SUFFIX = ".serving"
TRIES = 100  # looks at a lock a probe holds for a moment, before a node goes on without it


class ServingLock:
    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + SUFFIX)
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Join the class file's nodes (a shared lock: other nodes are welcome)."""
        f = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held while serving
        try:
            import fcntl  # (POSIX; Windows has no serving lock)
        except ImportError:
            self._file = f
            return
        for _attempt in range(TRIES):  # (a watcher's probe holds it for a moment)
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
                break
            except OSError:
                time.sleep(0.01)
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # (closing lets go of the lock)
            self._file = None

    def held_elsewhere(self) -> bool:
        """Is a server (any node) serving this class file now?"""
        if self._file is not None:
            return False
        try:
            import fcntl  # (POSIX; elsewhere nobody is known to serve)
        except ImportError:
            return False
        try:
            with open(self.path, encoding="utf-8") as f:  # (none: nobody has served it)
                try:
                    fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    return True
        except OSError:
            return False
        return False
