"""A class kept in SQLite: its students and what they did, behind one small interface.

:class:`ClassStore` is the one way the classroom reads and writes a class. One database
file holds every class (``classes.sqlite3`` in the data folder): WAL journal (a reader never
waits for the writer), a ``busy_timeout`` (two processes writing at once wait for each other
instead of failing), foreign keys on, a schema version in ``meta`` with migrations applied in
order. Every statement takes its values as parameters, never by formatting text into SQL: a
student's name is data, whatever it contains. The same class, with the same SQL, can live in
PostgreSQL instead (several servers on one class: :mod:`squaregame.classroom.stores` opens
it; what differs between the two is in :mod:`squaregame.classroom.dialect`); nothing outside
these modules writes SQL.

A file that is not a database of ours (damaged, or another program's) is set aside, renamed
``<name>.damaged-<time>``, never overwritten, and a new one is made; :attr:`ClassStore.said`
says so (a catalog key), for the caller to tell the user.

Events are what a session records as it happens — ``game_started``, ``move`` (with its
verdict: ``best``, ``slow``, ``blunder``), ``game_ended``, ``exercise`` (``right`` or not),
``lesson_step`` — each with a JSON object of its own fields; :mod:`squaregame.classroom.views`
reads them.
"""

from __future__ import annotations

import json
import secrets
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from squaregame.classroom import dbpath
from squaregame.classroom.dialect import Db, SqliteDb
from squaregame.classroom.filerows import FileRows
from squaregame.classroom.nodes import NodeRows
from squaregame.classroom.records import (
    NAME_LENGTH,
    Challenge,
    Event,
    Student,
    check_name,
    folded,
    token_hash,
)
from squaregame.classroom.schema import damaged, migrate, version
from squaregame.core.errors import GameError

__all__ = [
    "BUSY_TIMEOUT_MS", "EVENT_KINDS", "FILE_NAME", "MAX_STUDENTS", "NAME_LENGTH", "Challenge",
    "ClassStore", "Event", "Student", "check_name", "folded", "token_hash",
]  # fmt: skip

BUSY_TIMEOUT_MS = 5000  # how long a connection waits for another writer (unless told)
MAX_STUDENTS = 500  # in one class: a form sent in a loop cannot fill the disk
EVENT_KINDS = (
    "game_started", "move", "game_ended", "exercise", "lesson_step",
    "session_started", "session_ended", "challenge_opened", "challenge",
)  # fmt: skip
FILE_NAME = "classes.sqlite3"


class ClassStore(NodeRows, FileRows):
    """Every class of one store. Open with :meth:`open` (or
    :func:`squaregame.classroom.stores.open_store`); close with :meth:`close`."""

    def __init__(self, db: Db, path: Path, said: str | None = None, url: str | None = None) -> None:
        self.db = db
        self.path = path  # the SQLite file (PostgreSQL: where it would be; the serving lock)
        self.said = said  # a catalog key: the file was set aside (damaged), or None
        self.url = url  # a PostgreSQL store's URL (None: SQLite)
        self._temporary: Path | None = None

    # -- opening -----------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        folder: Path,
        *,
        set_aside: bool = True,
        wait_ms: int | None = None,
        name: str = FILE_NAME,
    ) -> ClassStore:
        """The class file of ``folder`` (made if there is none). A file that is damaged or
        not ours is set aside and a new one made (``set_aside``; else it is refused with
        a GameError and left alone: a command that only reads, a session, a watcher); a
        file of a newer version is refused (a GameError), never set aside; a path that
        is no file SQLite can use (a folder, a FIFO, a loop …, :mod:`dbpath`) is one
        GameError, looked at before anything opens it; any other error (busy) is raised
        as it is, and the file left alone. A write waits up to ``wait_ms`` for another
        writer (SQLite's ``busy_timeout``; :data:`BUSY_TIMEOUT_MS` by default); opening
        may first wait as long for another server opening it (:func:`dbpath.one_opener`)."""
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        dbpath.check(path)  # (a FIFO is never opened: it would wait for ever)
        said = None
        wait_ms = BUSY_TIMEOUT_MS if wait_ms is None else wait_ms
        with dbpath.one_opener(path, wait_ms / 1000):  # (servers starting at once: in turn)
            try:
                db = cls._connect(path, wait_ms)
            except sqlite3.DatabaseError as exc:
                if not damaged(exc):
                    problem = dbpath.refused(exc, path)  # (a read-only folder …: one line)
                    if problem is None:
                        raise  # (busy: the caller's to say, the file left alone)
                    raise problem from None
                if not set_aside:
                    raise GameError("serve.class.errors.damaged", path=str(path)[-80:]) from None
                cls._set_aside(path)
                said = "serve.class.set_aside"
                db = cls._connect(path, wait_ms)
        return cls(db, path, said)

    @staticmethod
    def _set_aside(path: Path) -> None:
        aside = path.with_name(f"{path.name}.damaged-{int(time.time())}")
        try:
            path.rename(aside)
            for extra in ("-wal", "-shm"):
                side = path.with_name(path.name + extra)
                if side.exists():
                    side.rename(aside.with_name(aside.name + extra))
        except OSError:  # (a read-only folder: the file stays where it is)
            raise dbpath.unusable(path, "read_only") from None

    @classmethod
    def open_readonly(cls, path: Path) -> ClassStore:
        """A class file read where it lies, written to never (``class export --from`` a
        copy, on a read-only disk too): it is copied with its journal (``-wal``: events a
        running server has not yet moved into the file) into a private temporary folder,
        and that copy is opened. A file not ours is refused (:class:`sqlite3.DatabaseError`);
        nothing is created beside ``path``."""
        if not path.is_file():
            raise GameError("serve.class.errors.no_file", path=str(path)[-80:])
        folder = Path(tempfile.mkdtemp(prefix="squaregame-export-"))
        try:
            for extra in ("", "-wal"):
                source = path.with_name(path.name + extra)
                if source.is_file():
                    shutil.copyfile(source, folder / (FILE_NAME + extra))
            db = SqliteDb(sqlite3.connect(folder / FILE_NAME, isolation_level=None))
            try:
                version(db)  # read only: a file not ours is refused, a newer one too
            except (sqlite3.DatabaseError, GameError):
                db.close()
                raise
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        store = cls(db, path)
        store._temporary = folder
        return store

    @staticmethod
    def _connect(path: Path, wait_ms: int | None = None) -> Db:
        wait = BUSY_TIMEOUT_MS if wait_ms is None else wait_ms
        # (one thread at a time, but not always the same one: the server's worker threads)
        conn = sqlite3.connect(
            path, timeout=wait / 1000, isolation_level=None, check_same_thread=False
        )
        db = SqliteDb(conn)
        try:
            db.execute(f"PRAGMA busy_timeout = {wait:d}")
            db.execute("PRAGMA foreign_keys = ON")
            found = version(db)  # read only: a file not ours is left exactly as it was
            db.execute("PRAGMA journal_mode = WAL")
            migrate(db, found)
        except (sqlite3.DatabaseError, GameError):
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()
        if self._temporary is not None:  # a read-only copy's private folder
            shutil.rmtree(self._temporary, ignore_errors=True)

    @contextmanager
    def _write(self) -> Iterator[Db]:
        self.db.begin()  # (SQLite: BEGIN IMMEDIATE, the write lock at once)
        try:
            yield self.db
        except BaseException:
            self.db.rollback()
            raise
        self.db.commit()

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

    def delete_class(self, name: str, served_since: float = float("inf")) -> None:
        """The class and everything of it gone, unless a node serving it was heard from
        after ``served_since`` (checked in the same statement: a node's heartbeat cannot
        slip in between; a GameError says which)."""
        with self._write() as db:
            gone = db.execute(
                "DELETE FROM classes WHERE folded = ? AND NOT EXISTS "
                "(SELECT 1 FROM nodes WHERE nodes.class_id = classes.id AND nodes.seen > ?)",
                (folded(name), served_since),
            ).rowcount
            if not gone:
                self._class_id(name)  # (no such class: said so)
                raise GameError("serve.class.errors.served_delete", name=name[:24])

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
            count = db.execute("SELECT COUNT(*) FROM students WHERE class_id = ?", (class_id,))
            if count.fetchone()[0] >= MAX_STUDENTS:
                raise GameError("serve.class.errors.class_full", most=MAX_STUDENTS)
            sid = db.insert(
                "INSERT INTO students (class_id, name, folded, joined) VALUES (?, ?, ?, ?)",
                (class_id, kept, folded(kept), time.time()),
            )
        return sid

    def issue_token(self, student: int) -> str:
        """A new secret for the student's browser (a cookie); only its hash is kept."""
        token = secrets.token_urlsafe(24)
        with self._write() as db:
            db.execute(
                "UPDATE students SET token_hash = ? WHERE id = ?", (token_hash(token), student)
            )
        return token

    def student_by_token(self, class_name: str, token: str) -> Student | None:
        """The student of the class whose secret ``token`` is, or None."""
        if not token or len(token) > 200:
            return None
        row = self.db.execute(
            "SELECT s.id, s.name, s.joined FROM students s JOIN classes c ON c.id = s.class_id "
            "WHERE s.token_hash = ? AND c.folded = ?",
            (token_hash(token), folded(class_name)),
        ).fetchone()
        return None if row is None else Student(int(row[0]), str(row[1]), float(row[2]))

    def students(self, class_name: str) -> list[Student]:
        rows = self.db.execute(
            "SELECT id, name, joined FROM students WHERE class_id = ? ORDER BY folded",
            (self._class_id(class_name),),
        ).fetchall()
        return [Student(int(i), str(n), float(j)) for i, n, j in rows]

    def class_name(self, name: str) -> str:
        """The class's name as it was created (a GameError if there is none)."""
        row = self.db.execute("SELECT name FROM classes WHERE id = ?", (self._class_id(name),))
        return str(row.fetchone()[0])

    def class_events(self, class_name: str, after: int = 0, limit: int = 5000) -> list[Event]:
        """The class's events with an id above ``after``, oldest first, at most ``limit``
        (a live view reads only what is new since its last look)."""
        rows = self.db.execute(
            "SELECT e.id, e.student_id, e.at, e.kind, e.data FROM events e "
            "JOIN students s ON s.id = e.student_id WHERE s.class_id = ? AND e.id > ? "
            "ORDER BY e.id LIMIT ?",
            (self._class_id(class_name), after, limit),
        ).fetchall()
        return [Event(int(i), int(s), float(a), str(k), json.loads(d)) for i, s, a, k, d in rows]

    # -- challenges ------------------------------------------------------------------------
    def add_challenge(self, class_name: str, spec: dict[str, Any], student: int | None) -> int:
        """A challenge for the whole class (``student`` None) or one student; its id."""
        class_id = self._class_id(class_name)
        with self._write() as db:
            if (
                student is not None
                and not db.execute(
                    "SELECT 1 FROM students WHERE id = ? AND class_id = ?", (student, class_id)
                ).fetchone()
            ):
                raise GameError("serve.class.errors.no_student")
            db.lock_order()  # (sessions follow challenges by id)
            cid = db.insert(
                "INSERT INTO challenges (class_id, student_id, created, spec) VALUES (?, ?, ?, ?)",
                (class_id, student, time.time(), json.dumps(spec, sort_keys=True)),
            )
        return cid

    def challenges(self, class_name: str) -> list[Challenge]:
        rows = self.db.execute(
            "SELECT id, student_id, created, spec, closed FROM challenges WHERE class_id = ? "
            "ORDER BY id",
            (self._class_id(class_name),),
        ).fetchall()
        return [_challenge(row) for row in rows]

    def challenges_for(self, student: int, after: int = 0) -> list[Challenge]:
        """The challenges set for this student (or the whole class) with an id above
        ``after``: what the student's session has not shown yet."""
        rows = self.db.execute(
            "SELECT c.id, c.student_id, c.created, c.spec, c.closed FROM challenges c "
            "JOIN students s ON s.class_id = c.class_id "
            "WHERE s.id = ? AND c.id > ? AND (c.student_id IS NULL OR c.student_id = ?) "
            "ORDER BY c.id",
            (student, after, student),
        ).fetchall()
        return [_challenge(row) for row in rows]

    def close_challenge(self, class_name: str, cid: int) -> bool:
        """The teacher closes challenge ``cid`` of the class: no answer counts after, and
        the students' sessions show its answer. False: no such challenge open."""
        class_id = self._class_id(class_name)
        with self._write() as db:
            cursor = db.execute(
                "UPDATE challenges SET closed = ? WHERE id = ? AND class_id = ? AND closed IS NULL",
                (time.time(), cid, class_id),
            )
        return cursor.rowcount > 0

    def closed_for(self, student: int) -> set[int]:
        """The ids of the closed challenges set for this student (or the whole class)."""
        rows = self.db.execute(
            "SELECT c.id FROM challenges c JOIN students s ON s.class_id = c.class_id "
            "WHERE s.id = ? AND c.closed IS NOT NULL "
            "AND (c.student_id IS NULL OR c.student_id = ?)",
            (student, student),
        ).fetchall()
        return {int(r[0]) for r in rows}

    def record(self, student: int, kind: str, data: dict[str, Any]) -> None:
        """One event, committed before this returns (a crash after it loses nothing).

        One statement, its own transaction: the write lock is taken and given back inside
        SQLite, so a session whose Python is busy (a full collection, thirty sessions on
        two cores) never holds the class's lock while it waits for its turn to run."""
        if kind not in EVENT_KINDS:
            raise ValueError(f"unknown event kind {kind!r}")
        self.db.in_order(
            "events",
            ("student_id", "at", "kind", "data"),
            (student, time.time(), kind, json.dumps(data, sort_keys=True)),
        )

    def events(self, student: int) -> list[tuple[float, str, dict[str, Any]]]:
        """One student's events, in order (a student is shown only their own)."""
        rows = self.db.execute(
            "SELECT at, kind, data FROM events WHERE student_id = ? ORDER BY at, id", (student,)
        ).fetchall()
        return [(float(at), str(kind), json.loads(data)) for at, kind, data in rows]


def _challenge(row: Any) -> Challenge:
    cid, student, created, spec, closed = row
    return Challenge(
        int(cid),
        None if student is None else int(student),
        float(created),
        json.loads(spec),
        None if closed is None else float(closed),
    )
