"""One server per class file: ``serve --class`` holds an exclusive lock on
``classes.sqlite3.serving`` beside the database for as long as it runs. The operating system
lets go of it when the process ends, however it ends (kill -9 included), so a crashed server
never blocks the next one; a second server while the first runs is refused.

(Two servers writing one class would each think its students' sessions were the only ones:
the live view and the session caps would be wrong, though no event would be lost.)
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import IO

from squaregame.core.errors import GameError

SUFFIX = ".serving"
TRIES = 10  # looks at a held lock before a second server is refused


class ServingLock:
    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + SUFFIX)
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock, or a GameError saying the class is served already (and by whom)."""
        f = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held while serving
        try:
            import fcntl  # (POSIX; Windows has no serving lock: said in the except)
        except ImportError:
            self._file = f
            return
        for attempt in range(TRIES):  # (a watcher's probe holds it for a moment)
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if attempt == TRIES - 1:
                    f.seek(0)
                    holder = f.read(40).strip()
                    f.close()
                    raise GameError("serve.class.errors.served", pid=holder or "?") from None
                time.sleep(0.05)
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # (closing lets go of the lock)
            self._file = None

    def held_elsewhere(self) -> bool:
        """Is a server serving this class file now (``class watch`` says whether students
        can be online)?"""
        if self._file is not None:
            return False
        try:
            import fcntl  # (POSIX; elsewhere nobody is known to serve)
        except ImportError:
            return False
        try:
            with open(self.path, encoding="utf-8") as f:  # (none: nobody has served it)
                try:
                    fcntl.flock(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
                except OSError:
                    return True
        except OSError:
            return False
        return False
