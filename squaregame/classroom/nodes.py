"""The class store's rows of the servers (nodes) serving a class now, and of who has a
session open on each (schema 4: ``nodes``, ``presence``).

:class:`NodeRows` is part of :class:`~squaregame.classroom.store.ClassStore` (a base of it):
the same connection, the same portable SQL with ``?`` parameters, one transaction per write.
Every node writes its own rows once a heartbeat (:mod:`squaregame.classroom.presence`); every
node reads everyone's fresh rows, so the teacher's page on any node shows the whole class.
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any


class NodeRows:
    if TYPE_CHECKING:  # (given by ClassStore)
        db: Any

        def _write(self) -> AbstractContextManager[Any]: ...
        def _class_id(self, name: str) -> int: ...

    def beat(self, class_name: str, node: str, label: str, online: dict[int, int]) -> None:
        """Node ``node`` (``label``: its host and process, for people) serves the class now,
        with ``online`` (student id → sessions open on it): its row and its students' rows,
        replaced in one transaction (a heartbeat)."""
        class_id, now = self._class_id(class_name), time.time()
        with self._write() as db:
            db.execute(
                "INSERT INTO nodes (id, class_id, label, seen) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET class_id = excluded.class_id, "
                "label = excluded.label, seen = excluded.seen",
                (node, class_id, label[:200], now),
            )
            db.execute("DELETE FROM presence WHERE node_id = ?", (node,))
            for student, sessions in sorted(online.items()):
                ours = db.execute(  # (a student of this class only)
                    "SELECT 1 FROM students WHERE id = ? AND class_id = ?", (student, class_id)
                ).fetchone()
                if sessions > 0 and ours:
                    db.execute(
                        "INSERT INTO presence (node_id, student_id, sessions, seen) "
                        "VALUES (?, ?, ?, ?)",
                        (node, student, sessions, now),
                    )

    def present(self, class_name: str, since: float) -> dict[int, int]:
        """Student id → sessions open on every node of the class whose last heartbeat came
        after ``since`` (a node killed mid-class stops counting once it is older)."""
        rows = self.db.execute(
            "SELECT p.student_id, SUM(p.sessions) FROM presence p "
            "JOIN nodes n ON n.id = p.node_id WHERE n.class_id = ? AND n.seen > ? "
            "GROUP BY p.student_id",
            (self._class_id(class_name), since),
        ).fetchall()
        return {int(s): int(k) for s, k in rows}

    def nodes(self, class_name: str, since: float) -> list[tuple[str, str, float]]:
        """The class's nodes heard from after ``since``: (id, label, last heartbeat)."""
        rows = self.db.execute(
            "SELECT id, label, seen FROM nodes WHERE class_id = ? AND seen > ? ORDER BY label",
            (self._class_id(class_name), since),
        ).fetchall()
        return [(str(i), str(la), float(se)) for i, la, se in rows]

    def leave(self, node: str, before: float | None = None) -> None:
        """Node ``node`` stops serving (a clean shutdown): its rows go. ``before``: every
        node silent since then goes too (one killed long ago)."""
        with self._write() as db:
            db.execute("DELETE FROM presence WHERE node_id = ?", (node,))
            db.execute("DELETE FROM nodes WHERE id = ?", (node,))
            if before is not None:
                db.execute(
                    "DELETE FROM presence WHERE node_id IN (SELECT id FROM nodes WHERE seen < ?)",
                    (before,),
                )
                db.execute("DELETE FROM nodes WHERE seen < ?", (before,))


__all__ = ["NodeRows"]
