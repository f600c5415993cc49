"""Which class store a command or a server uses: ``--store URL`` (or ``SQUAREGAME_STORE``),
else the SQLite file of the data folder, as always.

A URL is ``postgresql://…`` or ``postgres://…`` (libpq's, e.g.
``postgresql:///squaregame?host=/run/postgresql``: several servers share one class), or
``sqlite:///path/to/classes.sqlite3``, or a plain folder (its ``classes.sqlite3``). Each
problem is one line (a GameError): a URL of another kind, a server that cannot be
reached, no psycopg installed; a password in a URL is never shown (:func:`masked`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from squaregame.classroom.dialect import CONNECT_TIMEOUT, PostgresDb, masked
from squaregame.classroom.schema import NotOurs, migrate, settled_version
from squaregame.classroom.store import FILE_NAME, ClassStore
from squaregame.core.errors import GameError

ENV = "SQUAREGAME_STORE"  # the user's: the store every command and server uses
POSTGRES = ("postgresql://", "postgres://")
SQLITE = "sqlite://"

__all__ = ["ENV", "chosen", "is_postgres", "masked", "open_store"]

IDLE_IN_TRANSACTION_MS = 30_000  # PostgreSQL ends a transaction idle this long


def chosen(flag: str | None) -> str | None:
    """``--store`` if given, else ``SQUAREGAME_STORE``, else None (the data folder). A
    password in ``--store`` is refused: a command line is every local user's to read."""
    if flag and has_password(flag):
        raise GameError("serve.class.errors.store_password")
    return flag or os.environ.get(ENV) or None


def has_password(url: str) -> bool:
    """Whether a PostgreSQL URL carries a password (``user:secret@`` or ``password=``)."""
    if not is_postgres(url):
        return False
    try:
        parts = urlsplit(url)
        given = parts.password
    except ValueError:
        return False  # (not a URL at all: said when it is opened)
    query = {k.lower() for k, _v in parse_qsl(parts.query, keep_blank_values=True)}
    return bool(given) or "password" in query


def is_postgres(url: str | None) -> bool:
    return bool(url) and str(url).lower().startswith(POSTGRES)


def sqlite_place(url: str, folder: Path) -> tuple[Path, str]:
    """The folder and file name a SQLite store's URL (or plain path) names."""
    if url.lower().startswith(SQLITE):
        rest = url[len(SQLITE) :]
        if not rest.startswith("/"):
            raise GameError("serve.class.errors.store_url", url=masked(url)[-80:])
        path = Path(rest)
        if path.is_dir() or not path.name:
            return path, FILE_NAME
        return path.parent, path.name
    if "://" in url:  # another kind of store
        raise GameError("serve.class.errors.store_url", url=masked(url)[-80:])
    return Path(url).expanduser(), FILE_NAME


def check_url(url: str | None) -> str | None:
    """``url`` as given, once its form is right (nothing connected to or made): a store's
    URL is checked with the other inputs, before anything is written."""
    if url and not is_postgres(url):
        sqlite_place(url, Path("."))
    return url


def open_store(url: str | None, folder: Path, **kw: Any) -> ClassStore:
    """The class store ``url`` names (None: ``folder``'s SQLite file); the keywords are
    :meth:`ClassStore.open`'s (``set_aside``, ``wait_ms``: SQLite's only)."""
    if not url:
        return ClassStore.open(folder, **kw)
    if is_postgres(url):
        return open_postgres(url, folder)
    where, name = sqlite_place(url, folder)
    if not kw.get("set_aside", True) and not where.is_dir():  # (a command that only reads)
        raise GameError("serve.class.errors.store_no_folder", path=str(where / name)[-80:])
    return ClassStore.open(where, name=name, **kw)


def open_postgres(url: str, folder: Path) -> ClassStore:
    """A PostgreSQL store, its schema brought up to date (two servers starting at once
    migrate one after the other). ``folder`` is still where the students' games are kept."""
    try:
        import psycopg  # (optional, and slow to import: only for PostgreSQL)
    except ImportError:
        raise GameError("serve.class.errors.store_no_psycopg") from None
    shown = masked(url)[-120:]

    def connect() -> Any:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        # a transaction left open (its machine died mid-write) is ended by the server, so
        # the locks it holds never stop the other nodes for long
        conn.execute(f"SET idle_in_transaction_session_timeout = {IDLE_IN_TRANSACTION_MS:d}")
        return conn

    try:
        conn = connect()
    except psycopg.ProgrammingError:  # the URL itself: a bad parameter, a bracket …
        raise GameError("serve.class.errors.store_url", url=shown) from None
    except psycopg.Error as exc:
        raise GameError(
            "serve.class.errors.store_unreachable", url=shown, why=reason(exc)
        ) from None
    db = PostgresDb(conn, connect)  # (made again if the server restarts)
    try:
        migrate(db, settled_version(db))
    except NotOurs:
        db.close()
        raise GameError("serve.class.errors.store_not_ours", url=shown) from None
    except BaseException:
        db.close()
        raise
    return ClassStore(db, folder / FILE_NAME, url=url)


def reason(exc: BaseException) -> str:
    """libpq's own words, on one line (never the password: libpq does not repeat it)."""
    lines = [s.strip() for s in str(exc).splitlines() if s.strip()]
    text = lines[-1] if lines else type(exc).__name__
    for line in lines:  # "connection to server … failed: <why>": the why
        if "failed:" in line:
            text = line.rsplit("failed:", 1)[1].strip() or text
            break
    return text[:160]
