"""Who is online in a class served by several servers (nodes) at once.

Each ``serve --class`` process is a node: an id of its own (random) and a label for people
(its host name and process id). Once every :data:`BEAT` seconds — and at once when one of
its sessions starts or ends — a node writes its row and its students' sessions to the class
store (:class:`~squaregame.classroom.nodes.NodeRows`), on the store's worker thread. The
teacher's view on any node counts every node heard from in the last :data:`STALE` seconds:
a node killed with ``kill -9`` stops counting within a few seconds; one shut down cleanly
removes its rows at once. Nodes on several machines compare the times they write: their
clocks must agree to within a second or so (NTP).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from squaregame.text import tr

if TYPE_CHECKING:
    from squaregame.classroom.store import ClassStore
    from squaregame.classroom.views import ClassLive

log = logging.getLogger("squaregame.class")

BEAT = 1.0  # seconds between a node's heartbeats
STALE = 4 * BEAT  # a node not heard from for this long counts as gone
FORGET = 86400.0  # a gone node's rows are removed after this long (by any node's start or end)


def label() -> str:
    """This process, as people name it: ``host:pid``."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}"


def online_now(store: ClassStore, class_name: str, served_here: bool) -> set[int] | None:
    """Who is online, as a watcher outside the servers sees it (``class watch``): the
    students with a session on a node heard from; with no node heard from (a server from
    before nodes wrote their heartbeat), None — the events say — if a server on this
    machine serves the class file (``served_here``), else nobody."""
    since = Presence.since()
    if store.nodes(class_name, since):
        return set(store.present(class_name, since))
    return None if served_here else set()


class Presence:
    """This node's heartbeat for one class. ``call`` runs a function on the store's worker
    thread (the room's); ``online`` is the node's own student id → sessions open, read at
    each beat."""

    def __init__(
        self, call: Callable[..., Awaitable[Any]], class_name: str, online: dict[int, int]
    ) -> None:
        self.node = secrets.token_hex(8)
        self.label = label()
        self._call, self._name, self._online = call, class_name, online
        self._store: ClassStore | None = None
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.beats = 0  # heartbeats written (tests wait on it)
        self._failing = False

    @staticmethod
    def since(now: float | None = None) -> float:
        """The oldest heartbeat that still counts."""
        return (time.time() if now is None else now) - STALE

    def start(self, store: ClassStore) -> None:
        self._store = store
        self._task = asyncio.get_running_loop().create_task(self._run(), name="presence")

    def changed(self) -> None:
        """A session started or ended here: tell the class now, not at the next beat."""
        self._changed.set()

    async def stop(self) -> None:
        """No more beats; this node's rows go (its students are offline at once)."""
        if self._task is not None:
            self._task.cancel()
            # waited, not awaited: the heartbeat's end is not raised here, and a cancel of
            # the caller itself (its own timeout) still reaches the caller
            await asyncio.wait({self._task})
            self._task = None
        if self._store is not None:
            with contextlib.suppress(Exception):  # (a deleted class: its rows went with it)
                await self._call(self._store.leave, self.node, time.time() - FORGET)

    def refresh(self, live: ClassLive, here: set[int], students: bool = False) -> None:
        """(On the worker.) The view brought up to date, online: a session on this node
        (``here``) or on any node heard from; ``students``: read the class's students."""
        assert self._store is not None
        present = self._store.present(self._name, self.since())
        live.refresh(here | set(present), students)

    async def _run(self) -> None:
        assert self._store is not None
        while True:
            self._changed.clear()
            try:
                online = dict(self._online)
                await self._call(self._store.beat, self._name, self.node, self.label, online)
                self.beats += 1
                self._failing = False
            except Exception as exc:  # a deleted class, a busy store: said once, tried again
                if not self._failing:
                    log.warning(tr("serve.log.presence", why=f"{type(exc).__name__}: {exc}"))
                self._failing = True
            # ``asyncio.timeout``, not ``wait_for``: a stop that comes in the turn the change
            # arrives must end the loop, and 3.11's ``wait_for`` then returns the change and
            # drops the cancel (the heartbeat beat on, and the server's shutdown waited on it)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(BEAT):
                    await self._changed.wait()
