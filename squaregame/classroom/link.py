"""A served session's link to its class: the student's events written to the class store,
the teacher's challenges read from it — on a thread of its own, so the app never waits for
the database (another session may be writing; SQLite's ``busy_timeout`` waits for it).

Every event is committed as soon as the thread gets to it (one transaction each): a session
killed mid-game loses at most the events of its last few milliseconds, never one already
written. The thread's connection waits up to :data:`BUSY_WAIT_MS` for other writers (a
class of thirty on two cores), so an event is not dropped for a busy database. The thread
looks for new challenges every :data:`POLL` seconds, and for those the teacher closed (each
is offered again, closed: the app shows its answer).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from squaregame.classroom import challenges
from squaregame.classroom.dialect import StoreOperationalError
from squaregame.classroom.store import ClassStore
from squaregame.classroom.stores import open_store
from squaregame.ui.class_link import ChallengeOffer

log = logging.getLogger("squaregame.class")

POLL = 0.5  # seconds between looks for a new challenge
BUSY_WAIT_MS = 60_000  # how long an event waits for the class's other writers
_STOP = object()


class StoreLink:
    """:class:`~squaregame.ui.class_link.ClassLink` over a :class:`ClassStore`."""

    def __init__(self, folder: Path, student: int, store: str | None = None) -> None:
        self.folder = folder
        self.store = store  # the class store's URL (None: the folder's SQLite file)
        self.student = student
        self.events: queue.Queue[Any] = queue.Queue()
        self.offered: Callable[[ChallengeOffer], None] | None = None
        self.failed: str | None = None
        self._specs: dict[int, dict[str, Any]] = {}  # every challenge set for the student
        self._told_closed: set[int] = set()
        self._thread = threading.Thread(target=self._run, name="class-link", daemon=True)
        self._thread.start()

    def record(self, kind: str, data: dict[str, Any]) -> None:
        self.events.put((kind, data))

    def listen(self, offered: Callable[[ChallengeOffer], None]) -> None:
        self.offered = offered

    def close(self, timeout: float = 2.0) -> None:  # (within the server's grace: 3 s)
        self.events.put(_STOP)
        self._thread.join(timeout)

    def _run(self) -> None:
        try:
            store = open_store(  # (a damaged file: the server's to say)
                self.store, self.folder, set_aside=False, wait_ms=BUSY_WAIT_MS
            )
        except Exception as exc:  # the class is unreachable: the app goes on without it
            self.failed = f"{type(exc).__name__}: {exc}"
            return
        try:
            seen = self._answered(store)
            after = 0
            while True:
                try:
                    item = self.events.get(timeout=POLL)
                except queue.Empty:
                    item = None
                if item is _STOP:
                    return
                if item is not None:
                    kind, data = item
                    if kind == "challenge":
                        seen.add(int(data.get("challenge", 0)))
                    self._write(store, kind, data)
                    if not self.events.empty():
                        continue  # write what is waiting before looking for challenges
                after = self._look(store, after, seen)
        finally:
            store.close()

    def _answered(self, store: ClassStore) -> set[int]:
        return {
            int(d.get("challenge", 0))
            for _at, k, d in store.events(self.student)
            if k == "challenge"
        }

    def _write(self, store: ClassStore, kind: str, data: dict[str, Any]) -> None:
        """One event written; a store that is away for a while (a database restarting, a
        network blip) is tried again, waiting longer each time, for up to
        :data:`BUSY_WAIT_MS` — the events after it wait in the queue meanwhile."""
        pause, end = 0.25, time.monotonic() + BUSY_WAIT_MS / 1000
        while True:
            try:
                store.record(self.student, kind, data)
                return
            except StoreOperationalError:  # (a database server away: restarting, a blip)
                if time.monotonic() + pause < end:
                    time.sleep(pause)
                    pause = min(2 * pause, 5.0)
                    continue
                self._said_failed(sys.exc_info()[1])
                return
            except Exception as exc:  # a full disk, a deleted class: said once, app goes on
                self._said_failed(exc)
                return

    def _said_failed(self, exc: BaseException | None) -> None:
        if self.failed is None:
            self.failed = f"{type(exc).__name__}: {exc}"
            log.warning(self.failed)

    def _look(self, store: ClassStore, after: int, seen: set[int]) -> int:
        offered = self.offered
        if offered is None:
            return after
        try:
            found = store.challenges_for(self.student, after)
        except Exception:
            return after
        for c in found:
            after = max(after, c.id)
            self._specs[c.id] = c.spec
            if c.id in seen or c.closed is not None:
                continue  # (a closed one is offered below, closed)
            self._offer(offered, c.id, c.spec, False)
        try:
            closed = store.closed_for(self.student)
        except Exception:
            return after
        for cid in sorted(closed - self._told_closed):
            self._told_closed.add(cid)
            if cid in self._specs:
                self._offer(offered, cid, self._specs[cid], True)
        return after

    @staticmethod
    def _offer(
        offered: Callable[[ChallengeOffer], None], cid: int, spec: dict[str, Any], closed: bool
    ) -> None:
        # (a challenge that cannot be shown, the app has ended …): the thread goes on
        # writing the student's events
        with contextlib.suppress(Exception):
            offered(challenges.offer(cid, spec, closed=closed))
