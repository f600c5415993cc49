"""The class store's schema: its versions, the migrations between them, and what counts as
a damaged file (:mod:`squaregame.classroom.store` opens it).

The migrations are written once, in SQLite's words; PostgreSQL runs the same list with its
column types (:meth:`squaregame.classroom.dialect.Db.ddl`: ``INTEGER PRIMARY KEY`` → an
identity, ``INTEGER`` → ``BIGINT``, ``REAL`` → ``DOUBLE PRECISION``). A new migration keeps
to portable SQL (``ALTER TABLE … ADD COLUMN``, ``CREATE INDEX``, these three types, TEXT).
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from squaregame.core.errors import GameError

if TYPE_CHECKING:
    from squaregame.classroom.dialect import Db

SCHEMA_VERSION = 5

# Each migration takes the schema from the version before it to its own (index + 1).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE classes (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
        "folded TEXT NOT NULL UNIQUE, created REAL NOT NULL)",
        "CREATE TABLE students (id INTEGER PRIMARY KEY, "
        "class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE, "
        "name TEXT NOT NULL, folded TEXT NOT NULL, joined REAL NOT NULL, "
        "UNIQUE (class_id, folded))",
        "CREATE TABLE events (id INTEGER PRIMARY KEY, "
        "student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE, "
        "at REAL NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL)",
        "CREATE INDEX events_by_student ON events (student_id, at)",
    ),
    (  # 2: a student's secret (its hash) for the browser's cookie; the teacher's challenges
        "ALTER TABLE students ADD COLUMN token_hash TEXT",
        "CREATE UNIQUE INDEX students_by_token ON students (token_hash)",
        "CREATE TABLE challenges (id INTEGER PRIMARY KEY, "
        "class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE, "
        "student_id INTEGER REFERENCES students(id) ON DELETE CASCADE, "
        "created REAL NOT NULL, spec TEXT NOT NULL)",
        "CREATE INDEX challenges_by_class ON challenges (class_id, id)",
    ),
    (  # 3: a challenge the teacher closed (when; its answer may be shown to the students)
        "ALTER TABLE challenges ADD COLUMN closed REAL",
    ),
    (  # 4: the servers (nodes) serving a class now, and who has sessions open on each
        "CREATE TABLE nodes (id TEXT PRIMARY KEY, "
        "class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE, "
        "label TEXT NOT NULL, seen REAL NOT NULL)",
        "CREATE TABLE presence (node_id TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE, "
        "student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE, "
        "sessions INTEGER NOT NULL, seen REAL NOT NULL, PRIMARY KEY (node_id, student_id))",
        "CREATE INDEX nodes_by_class ON nodes (class_id, seen)",
    ),
    (  # 5: a student's own files (saved games, settings, lessons), for any node to give back
        "CREATE TABLE student_files ("
        "student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE, "
        "name TEXT NOT NULL, body TEXT NOT NULL, size INTEGER NOT NULL, "
        "modified REAL NOT NULL, PRIMARY KEY (student_id, name))",
    ),
)


class NotOurs(sqlite3.DatabaseError):
    """A database, but not a class file (another program's tables)."""


# SQLite's result codes for a file that is not a database, or a damaged one
_DAMAGE = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB


def damaged(exc: sqlite3.DatabaseError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)  # (set by SQLite's own errors)
    return isinstance(exc, NotOurs) or (code is not None and code & 0xFF in _DAMAGE)


def version(db: Db) -> int:
    """The schema's version (0: an empty database). Another program's database is refused
    with :class:`NotOurs`, one of a newer version with a GameError (left alone, never set
    aside). Reads only."""
    if db.has_table("meta"):
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        found = int(row[0]) if row and str(row[0]).isdigit() else -1
    else:
        found = 0 if db.table_count() == 0 else -1
    if found > SCHEMA_VERSION:
        raise GameError("serve.class.errors.newer", version=found)
    if found < 0:
        raise NotOurs(f"not a class database of version ≤ {SCHEMA_VERSION}")
    return found


def settled_version(db: Db) -> int:
    """:func:`version`, read again under the schema's lock before a database is refused as
    not ours: another server creating the tables between the two reads of :func:`version`
    (is there a ``meta`` table? are there any tables?) made a fresh database look like
    somebody else's (found by servers starting at once on one PostgreSQL)."""
    try:
        return version(db)
    except NotOurs:
        db.begin()
        try:
            db.lock_schema()  # (SQLite: its write lock, taken by the BEGIN)
            return version(db)
        finally:
            db.rollback()


def migrate(db: Db, found: int) -> None:
    """Bring the schema from version ``found`` to :data:`SCHEMA_VERSION`, one migration at a time,
    each in a transaction of its own. Two servers starting at once migrate one after the
    other (SQLite's write lock; PostgreSQL's advisory lock): the second finds it done."""
    for target in range(found + 1, SCHEMA_VERSION + 1):
        db.begin()
        try:
            db.lock_schema()
            if version(db) < target:  # (read again under the lock)
                for statement in MIGRATIONS[target - 1]:
                    db.execute(db.ddl(statement))
                db.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema', ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (str(target),),
                )
        except BaseException:
            db.rollback()
            raise
        db.commit()
