"""A class kept in SQLite: its students and what they did, behind one small interface.

:class:`ClassStore` is the one way the classroom reads and writes a class. One database
file holds every class (``classes.sqlite3`` in the data folder): WAL journal (a reader never
waits for the writer), a ``busy_timeout`` (two processes writing at once wait for each other
instead of failing), foreign keys on, a schema version in ``meta`` with migrations applied in
order. Every statement takes its values as parameters, never by formatting text into SQL: a
student's name is data, whatever it contains. A school that outgrows one server would put
another implementation of the same methods in front of PostgreSQL; nothing outside this
module writes SQL.

A file that is not a database of ours (damaged, or another program's) is set aside, renamed
``<name>.damaged-<time>``, never overwritten, and a new one is made; :attr:`ClassStore.said`
says so (a catalog key), for the caller to tell the user.

Events are what a session records as it happens — ``game_started``, ``move`` (with its
verdict: ``best``, ``slow``, ``blunder``), ``game_ended``, ``exercise`` (``right`` or not),
``lesson_step`` — each with a JSON object of its own fields; :meth:`ClassStore.report` sums
them per student.
"""

from __future__ import annotations

import json
import sqlite3
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from squaregame.core.errors import GameError

SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 5000
NAME_LENGTH = (1, 24)  # characters of a class's or a student's name
EVENT_KINDS = ("game_started", "move", "game_ended", "exercise", "lesson_step")
FILE_NAME = "classes.sqlite3"

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
)


def check_name(name: str, what: str = "student") -> str:
    """A display name as it is kept: trimmed, within :data:`NAME_LENGTH`, letters, digits,
    spaces and ``- _ . '`` only (no control or markup characters); else a GameError."""
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    lo, hi = NAME_LENGTH
    if not lo <= len(text) <= hi:
        raise GameError("serve.class.errors.name_length", what=what, low=lo, high=hi)
    for ch in text:
        if not (ch.isalnum() or ch in " -_.'"):
            raise GameError("serve.class.errors.name_character", what=what, char=repr(ch)[1:-1])
    return text


def folded(name: str) -> str:
    """The form two names are compared in: "Ana" and "ana" are the same student."""
    return name.casefold()


@dataclass(frozen=True)
class StudentReport:
    name: str
    joined: float
    last_active: float | None
    games_started: int
    games_ended: int
    moves: int
    blunders: int
    exercises_tried: int
    exercises_right: int
    lessons: tuple[str, ...]  # lessons with a step reached


class ClassStore:
    """Every class of one data folder. Open with :meth:`open`; close with :meth:`close`."""

    def __init__(self, db: sqlite3.Connection, path: Path, said: str | None = None) -> None:
        self.db = db
        self.path = path
        self.said = said  # a catalog key: the file was set aside (damaged), or None

    # -- opening -----------------------------------------------------------------------
    @classmethod
    def open(cls, folder: Path) -> ClassStore:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FILE_NAME
        said = None
        try:
            db = cls._connect(path)
        except sqlite3.DatabaseError:
            aside = path.with_name(f"{path.name}.damaged-{int(time.time())}")
            path.rename(aside)
            for extra in ("-wal", "-shm"):
                side = path.with_name(path.name + extra)
                if side.exists():
                    side.rename(aside.with_name(aside.name + extra))
            said = "serve.class.set_aside"
            db = cls._connect(path)
        return cls(db, path, said)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            db.execute("PRAGMA foreign_keys = ON")
            version = _version(db)  # read only: a file not ours is left exactly as it was
            db.execute("PRAGMA journal_mode = WAL")
            _migrate(db, version)
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- classes -------------------------------------------------------------------------
    def create_class(self, name: str) -> str:
        kept = check_name(name, "class")
        with self._write() as db:
            if db.execute("SELECT 1 FROM classes WHERE folded = ?", (folded(kept),)).fetchone():
                raise GameError("serve.class.errors.class_exists", name=kept)
            db.execute(
                "INSERT INTO classes (name, folded, created) VALUES (?, ?, ?)",
                (kept, folded(kept), time.time()),
            )
        return kept

    def classes(self) -> list[tuple[str, int]]:
        """Every class's name and how many students it has, by name."""
        rows = self.db.execute(
            "SELECT c.name, COUNT(s.id) FROM classes c LEFT JOIN students s "
            "ON s.class_id = c.id GROUP BY c.id ORDER BY c.folded"
        ).fetchall()
        return [(str(n), int(k)) for n, k in rows]

    def delete_class(self, name: str) -> None:
        with self._write() as db:
            if not db.execute("DELETE FROM classes WHERE folded = ?", (folded(name),)).rowcount:
                raise GameError("serve.class.errors.no_class", name=name[:24])

    def _class_id(self, name: str) -> int:
        row = self.db.execute("SELECT id FROM classes WHERE folded = ?", (folded(name),))
        found = row.fetchone()
        if found is None:
            raise GameError("serve.class.errors.no_class", name=name[:24])
        return int(found[0])

    # -- students and their events ---------------------------------------------------------
    def join(self, class_name: str, name: str) -> int:
        """A student joins with a display name unique in the class; their id."""
        kept = check_name(name)
        class_id = self._class_id(class_name)
        with self._write() as db:
            taken = db.execute(
                "SELECT 1 FROM students WHERE class_id = ? AND folded = ?",
                (class_id, folded(kept)),
            ).fetchone()
            if taken:
                raise GameError("serve.class.errors.name_taken", name=kept)
            cursor = db.execute(
                "INSERT INTO students (class_id, name, folded, joined) VALUES (?, ?, ?, ?)",
                (class_id, kept, folded(kept), time.time()),
            )
        return int(cursor.lastrowid or 0)

    def record(self, student: int, kind: str, data: dict[str, Any]) -> None:
        """One event, committed before this returns (a crash after it loses nothing)."""
        if kind not in EVENT_KINDS:
            raise ValueError(f"unknown event kind {kind!r}")
        with self._write() as db:
            db.execute(
                "INSERT INTO events (student_id, at, kind, data) VALUES (?, ?, ?, ?)",
                (student, time.time(), kind, json.dumps(data, sort_keys=True)),
            )

    def events(self, student: int) -> list[tuple[float, str, dict[str, Any]]]:
        """One student's events, in order (a student is shown only their own)."""
        rows = self.db.execute(
            "SELECT at, kind, data FROM events WHERE student_id = ? ORDER BY at, id", (student,)
        ).fetchall()
        return [(float(at), str(kind), json.loads(data)) for at, kind, data in rows]

    def report(self, class_name: str) -> list[StudentReport]:
        """Each student of the class, what they did, by name."""
        class_id = self._class_id(class_name)
        students = self.db.execute(
            "SELECT id, name, joined FROM students WHERE class_id = ? ORDER BY folded",
            (class_id,),
        ).fetchall()
        out = []
        for sid, name, joined in students:
            evs = self.events(int(sid))
            kinds = [k for _at, k, _d in evs]
            moves = [d for _at, k, d in evs if k == "move"]
            tried = [d for _at, k, d in evs if k == "exercise"]
            lessons = sorted({str(d.get("lesson")) for _at, k, d in evs if k == "lesson_step"})
            out.append(
                StudentReport(
                    name=str(name),
                    joined=float(joined),
                    last_active=evs[-1][0] if evs else None,
                    games_started=kinds.count("game_started"),
                    games_ended=kinds.count("game_ended"),
                    moves=len(moves),
                    blunders=sum(1 for d in moves if d.get("verdict") == "blunder"),
                    exercises_tried=len(tried),
                    exercises_right=sum(1 for d in tried if d.get("right") is True),
                    lessons=tuple(lessons),
                )
            )
        return out


def _version(db: sqlite3.Connection) -> int:
    """The schema's version (0: an empty file); a database of a newer version, or not ours,
    is refused with :class:`sqlite3.DatabaseError`. Reads only."""
    has_meta = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
    ).fetchone()
    if has_meta:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        version = int(row[0]) if row and str(row[0]).isdigit() else -1
    else:
        others = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        version = 0 if others == 0 else -1
    if not 0 <= version <= SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"not a class database of version ≤ {SCHEMA_VERSION}")
    return version


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring the schema from ``version`` to :data:`SCHEMA_VERSION`, one migration at a time,
    each in a transaction of its own."""
    for target in range(version + 1, SCHEMA_VERSION + 1):
        db.execute("BEGIN IMMEDIATE")
        for statement in MIGRATIONS[target - 1]:
            db.execute(statement)
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", (str(target),))
        db.execute("COMMIT")
