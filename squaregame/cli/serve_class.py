"""``serve --class NAME``: the class to serve, checked before anything is bound — it exists
(or is made), this process joins the nodes serving its file (any number may), and the
teacher's secret is ready (a new one, or the one in ``--teacher-token FILE``: read if the
file exists, else written there, for this user only; every node of a class reads the same)."""

from __future__ import annotations

import errno
import os
import secrets
import stat
import sys
from pathlib import Path

from squaregame import paths
from squaregame.classroom import dbpath
from squaregame.classroom.lock import ServingLock
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.store import FILE_NAME
from squaregame.classroom.stores import open_store
from squaregame.cli.common import UsageError
from squaregame.core.errors import GameError
from squaregame.text import os_reason, tr

TOKEN_LENGTH = (16, 200)  # characters of a teacher's secret read from a file
TOKEN_FILE_MOST = 4096  # bytes: a token file larger than this is no token file


def open_class(
    name: str, token_file: str | None, token: str | None = None, url: str | None = None
) -> tuple[ClassConfig, ServingLock]:
    """The class ``name``, locked for serving, in the store at ``url`` (None: the data
    folder's SQLite file). ``token``: the secret already read from ``token_file``
    (:func:`read_token`, before anything is touched); None: a new one (and written to
    ``token_file`` if given)."""
    folder = paths.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if url is None:  # a folder, a FIFO, a loop …: said before the lock is made beside it
        dbpath.check(folder / FILE_NAME)
    lock = ServingLock(folder / FILE_NAME)
    lock.acquire()  # (a shared lock: other nodes may serve the class too)
    try:
        store = open_store(url, folder)
        try:
            if store.said:
                print(f"squaregame: {tr(store.said, path=store.path)}", file=sys.stderr)
            try:
                kept = store.class_name(name)
            except GameError:
                kept = store.create_class(name)  # checked as ``class create`` checks it
                print(f"squaregame: {tr('serve.class.created', name=kept)}", file=sys.stderr)
        finally:
            store.close()
        if token is None:
            token = teacher_token(Path(token_file)) if token_file else secrets.token_urlsafe(24)
    except BaseException:
        lock.release()
        raise
    return ClassConfig(folder, kept, token, url), lock


def read_token(path: Path) -> str | None:
    """The secret in ``path``; None if there is no such file (one is written later). Read
    only from a regular file of at most :data:`TOKEN_FILE_MOST` bytes: a FIFO, a device
    (``/dev/zero``, ``/dev/urandom``), a directory or a huge file is one clear line — never
    a read that blocks or fills the memory."""
    shown = str(path)[-80:]
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UsageError("serve.cli.token_unreadable", path=shown, why=os_reason(exc)) from None
    try:
        # O_NONBLOCK: a FIFO put there after the check still cannot block the open
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise UsageError("serve.cli.token_unreadable", path=shown, why=os_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UsageError("serve.cli.token_not_file", path=shown)
        if info.st_size > TOKEN_FILE_MOST:
            raise UsageError("serve.cli.token_too_big", path=shown, most=TOKEN_FILE_MOST)
        data = os.read(fd, TOKEN_FILE_MOST + 1)
    except OSError as exc:
        raise UsageError("serve.cli.token_unreadable", path=shown, why=os_reason(exc)) from None
    finally:
        os.close(fd)
    if len(data) > TOKEN_FILE_MOST:  # (it grew after the check)
        raise UsageError("serve.cli.token_too_big", path=shown, most=TOKEN_FILE_MOST)
    try:
        token = data.decode("utf-8").strip()
    except UnicodeDecodeError:
        token = ""
    lo, hi = TOKEN_LENGTH
    if not (
        lo <= len(token) <= hi and token.isascii() and token.isprintable() and " " not in token
    ):
        raise UsageError("serve.cli.token_bad", path=shown, low=lo)
    return token


def check_token_place(path: Path) -> None:
    """A teacher's secret can be written to ``path`` (no file there yet): its folder is
    one this user may write in — checked before the class is made, so a typo in the path
    leaves nothing behind."""
    folder = path.parent
    try:
        info = os.stat(folder)
    except OSError as exc:
        why = os_reason(exc)
        raise UsageError("serve.cli.token_unwritable", path=str(path)[-80:], why=why) from None
    if not stat.S_ISDIR(info.st_mode) or not os.access(folder, os.W_OK | os.X_OK):
        why = os_reason(PermissionError(errno.EACCES, "Permission denied"))
        raise UsageError("serve.cli.token_unwritable", path=str(path)[-80:], why=why)


def teacher_token(path: Path) -> str:
    """The secret in ``path``, or a new one written there (mode 600) if it has none."""
    found = read_token(path)
    if found is not None:
        return found
    token = secrets.token_urlsafe(24)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(token + "\n")
    except OSError as exc:
        raise UsageError(
            "serve.cli.token_unwritable",
            path=str(path)[-80:],
            why=os_reason(exc),
        ) from None
    return token
