"""The class store's copies of each student's own files (schema 5: ``student_files``).

:class:`FileRows` is part of :class:`~squaregame.classroom.store.ClassStore` (a base of it):
the same connection, the same portable SQL with ``?`` parameters, one transaction per write.
A student's data folder (saved games, settings, lesson progress) lives on the disk of the
node serving them; :mod:`squaregame.classroom.carry` copies it here as it changes and back
into the folder on whichever node serves the student next. A body is the file's text (the
app writes UTF-8 JSON); its size and modification time say which copy is newer.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any


class FileRows:
    if TYPE_CHECKING:  # (given by ClassStore)
        db: Any

        def _write(self) -> AbstractContextManager[Any]: ...

    def file_times(self, student: int) -> dict[str, tuple[int, float]]:
        """Each file the store keeps of ``student``: its name → (size, modification time),
        without the bodies (cheap: asked before each session)."""
        rows = self.db.execute(
            "SELECT name, size, modified FROM student_files WHERE student_id = ?", (student,)
        ).fetchall()
        return {str(n): (int(s), float(m)) for n, s, m in rows}

    def file_body(self, student: int, name: str) -> str | None:
        """The text of ``student``'s file ``name``, or None if the store has none."""
        row = self.db.execute(
            "SELECT body FROM student_files WHERE student_id = ? AND name = ?", (student, name)
        ).fetchone()
        return None if row is None else str(row[0])

    def put_files(
        self, student: int, files: list[tuple[str, str, int, float]], gone: list[tuple[str, float]]
    ) -> None:
        """Keep ``files`` (name, body, size, modification time) of ``student``, each
        replacing the store's copy unless that one is newer (two nodes saving one student's
        folder: the newest copy stays, whoever writes last), and forget the files named in
        ``gone`` (name, the time of the copy that was seen) unless the store's copy is newer
        than that: one transaction."""
        with self._write() as db:
            for name, body, size, modified in files:
                db.execute(
                    "INSERT INTO student_files (student_id, name, body, size, modified) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (student_id, name) DO UPDATE SET "
                    "body = excluded.body, size = excluded.size, modified = excluded.modified "
                    "WHERE excluded.modified >= student_files.modified",
                    (student, name, body, size, modified),
                )
            for name, seen in gone:
                db.execute(
                    "DELETE FROM student_files WHERE student_id = ? AND name = ? AND modified <= ?",
                    (student, name, seen),
                )


__all__ = ["FileRows"]
