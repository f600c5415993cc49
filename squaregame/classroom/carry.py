"""A student's own folder carried by the class store to whichever node serves them.

Each student's saved games, settings and lesson progress live in their data folder on the
disk of the node serving them (:func:`~squaregame.classroom.folders.student_folder`). With
several nodes on several machines, the next session may be on another machine, so:

- :func:`restore`, before a session's process starts, writes every file the store keeps of
  the student that is newer than the folder's copy (or missing there) into the folder,
  atomically, with the store's modification time;
- :func:`save` writes every file of the folder whose size or modification time changed since
  it was last written or read here into the store (one transaction); a file gone from the
  folder goes from the store. Nothing changed: the folder is looked at, the store is not.

Only the app's own files are carried (:data:`NAME`: ``settings.json``, ``lessons.json``,
``games/<key>.json``), only regular files (never through a link), only UTF-8 text (no NUL),
at most :data:`FILE_CAP` bytes each and :data:`STUDENT_BYTES` / :data:`STUDENT_FILES` a
student (the oldest saved games stay behind); what is left behind is said in the log once.

:class:`Carry` does this for one node: restore as a session starts, save every
:data:`SAVE_EVERY` seconds for each student with a session here and as a session ends, all
on the store's worker thread. A node killed with ``kill -9`` loses at most the last few
seconds of its students' files.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import stat
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame.classroom.folders import student_folder
from squaregame.core.files.atomic import write_atomic
from squaregame.text import tr

if TYPE_CHECKING:
    from squaregame.classroom.store import ClassStore, Student

log = logging.getLogger("squaregame.class")

FILE_CAP = 256 * 1024  # bytes: a file larger is not carried
STUDENT_BYTES = 4 * 1024 * 1024  # bytes of one student's files in the store
STUDENT_FILES = 200  # files of one student in the store
SAVE_EVERY = 2.0  # seconds between a node's saves of its students' folders
SLACK_NS = 1_000_000  # two modification times this close are the same (the store's are REAL)
GAMES = "games"
NAME = re.compile(r"(?:settings|lessons)\.json|games/[A-Za-z0-9][A-Za-z0-9_-]{0,80}\.json")

Stamp = tuple[int, int]  # a file's size and modification time (ns)


def allowed(name: str) -> bool:
    """Whether ``name`` (relative, ``/``-separated) is one of the app's files that are carried:
    no ``..``, no absolute path, no hidden or temporary file."""
    return NAME.fullmatch(name) is not None


@dataclass
class Carried:
    """What one student's folder on this node and the store agree on."""

    seen: dict[str, Stamp] = field(default_factory=dict)  # the folder's copy = the store's
    scanned: dict[str, Stamp] | None = None  # the folder as the last save found it
    said: set[str] = field(default_factory=set)  # what the log was told (once each)
    written: int = 0  # files written to the store
    read: int = 0  # files read from the store


def _say(state: Carried, what: str, key: str, **values: Any) -> None:
    if what not in state.said:
        state.said.add(what)
        log.warning(tr(key, **values))


def _local(folder: Path, name: str) -> Stamp | bool | None:
    """The folder's copy of ``name``: its stamp, None if there is none, False if something
    else is in the way (a link, a folder, a games folder that is a link)."""
    path = folder / name
    try:
        if name.startswith(GAMES + "/") and not stat.S_ISDIR(os.lstat(folder / GAMES).st_mode):
            return False
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return False
    return (st.st_size, st.st_mtime_ns) if stat.S_ISREG(st.st_mode) else False


def scan(folder: Path) -> dict[str, Stamp]:
    """The carried files of ``folder``: regular files with allowed names, never through a link."""
    found: dict[str, Stamp] = {}
    for sub in ("", GAMES + "/"):
        where = folder / sub
        try:
            if sub and not stat.S_ISDIR(os.lstat(where).st_mode):
                continue
            with os.scandir(where) as entries:
                for entry in entries:
                    name = sub + entry.name
                    if allowed(name):
                        st = entry.stat(follow_symlinks=False)
                        if stat.S_ISREG(st.st_mode):
                            found[name] = (st.st_size, st.st_mtime_ns)
        except OSError:
            continue
    return found


def _write(folder: Path, name: str, body: bytes, modified: float) -> Stamp:
    if name.startswith(GAMES + "/"):
        with contextlib.suppress(FileExistsError):
            (folder / GAMES).mkdir(mode=0o700)
    path = folder / name
    write_atomic(path, body)
    ns = round(modified * 1e9)
    os.utime(path, ns=(ns, ns), follow_symlinks=False)
    st = os.lstat(path)
    return (st.st_size, st.st_mtime_ns)


def restore(store: ClassStore, student: int, folder: Path) -> Carried:
    """Before a session: every file the store keeps of ``student`` that is newer than the
    folder's copy, or missing from the folder, written there (atomically, with the store's
    time). A link or a folder in a file's place is left alone, never written through."""
    state = Carried()
    for name, (size, modified) in sorted(store.file_times(student).items()):
        local = _local(folder, name)
        if not allowed(name) or local is False:
            continue
        if isinstance(local, tuple) and round(modified * 1e9) <= local[1] + SLACK_NS:
            if local[0] == size and abs(round(modified * 1e9) - local[1]) <= SLACK_NS:
                state.seen[name] = local  # the same copy
            continue  # (the folder's is newer: the next save writes it)
        body = store.file_body(student, name)
        if body is None:
            continue
        state.read += 1
        state.seen[name] = _write(folder, name, body.encode("utf-8"), modified)
    return state


def _read(path: Path) -> tuple[bytes, os.stat_result]:
    """At most :data:`FILE_CAP` + 1 bytes of a regular file, never through a link or a FIFO."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{path.name}: not a regular file")
        chunks, left = [], FILE_CAP + 1
        while left > 0 and (chunk := os.read(fd, left)):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), st
    finally:
        os.close(fd)


def _chosen(student: int, found: dict[str, Stamp], state: Carried) -> list[str]:
    """The files kept in the store: settings and lessons, then the newest saved games, within
    the student's share; too large a file, or what is over the share, is said once."""
    games = sorted((n for n in found if n.startswith(GAMES + "/")), key=lambda n: -found[n][1])
    chosen: list[str] = []
    total = 0
    for name in [n for n in sorted(found) if not n.startswith(GAMES + "/")] + games:
        size = found[name][0]
        if size > FILE_CAP:
            _say(state, f"large:{name}", "serve.log.carry_large", student=student, name=name,
                 size=FILE_CAP // 1024)  # fmt: skip
        elif len(chosen) >= STUDENT_FILES or total + size > STUDENT_BYTES:
            _say(state, "share", "serve.log.carry_share", student=student,
                 size=STUDENT_BYTES // 2**20, files=STUDENT_FILES)  # fmt: skip
        else:
            chosen.append(name)
            total += size
    return chosen


def save(store: ClassStore, student: int, folder: Path, state: Carried) -> int:
    """Every carried file of ``folder`` changed since it was last written or read here,
    written to the store, and the files gone from the folder forgotten there, in one
    transaction; how many files were written. Unchanged: no store call at all."""
    found = scan(folder)
    if found == state.scanned:
        return 0
    files: list[tuple[str, str, int, float]] = []
    stamps: dict[str, Stamp] = {}
    kept = set()
    missed = False  # a file not read this time: its store copy stays, the next save retries
    for name in _chosen(student, found, state):
        if state.seen.get(name) == found[name]:
            kept.add(name)
            continue
        try:
            data, st = _read(folder / name)
            body = data.decode("utf-8")
            if "\x00" in body:  # (no text column keeps one: PostgreSQL refuses it)
                raise UnicodeDecodeError("utf-8", data, body.index("\x00"), len(data), "NUL")
            if len(data) > FILE_CAP:
                raise OSError("grew since the scan")  # (the next save says it)
        except (UnicodeDecodeError, OSError) as exc:
            if isinstance(exc, UnicodeDecodeError):
                _say(state, f"text:{name}", "serve.log.carry_text", student=student, name=name)
            else:
                missed = True  # (gone or replaced since the scan, or no descriptor left)
            if name in state.seen:
                kept.add(name)  # never forgotten in the store for a read that failed
            continue
        files.append((name, body, len(data), st.st_mtime))
        stamps[name] = (st.st_size, st.st_mtime_ns)
        kept.add(name)
    gone = sorted(n for n in state.seen if n not in kept)
    if files or gone:
        store.put_files(student, files, [(n, state.seen[n][1] / 1e9) for n in gone])
    for name in gone:
        del state.seen[name]
    state.seen.update(stamps)
    if not missed:
        state.scanned = found
    state.written += len(files)
    return len(files)


class Carry:
    """One node's carrying of its students' folders. ``call`` runs a function on the store's
    worker thread (the room's); ``online`` is the node's student id → sessions open."""

    def __init__(
        self, call: Callable[..., Awaitable[Any]], class_folder: Path, online: dict[int, int]
    ) -> None:
        self._call, self._root, self._online = call, class_folder, online
        self._store: ClassStore | None = None
        self._here: dict[int, tuple[Path, Carried]] = {}  # students with a session here
        self._task: asyncio.Task[None] | None = None
        self._failing = False
        self.passes = 0  # saves of every student's folder run (tests wait on it)

    def folder(self, student: Student) -> Path:
        return student_folder(self._root, student.id, student.joined)

    def start(self, store: ClassStore) -> None:
        self._store = store
        self._task = asyncio.get_running_loop().create_task(self._run(), name="carry")

    async def restore(self, student: Student) -> None:
        """A session of ``student`` starts here: their folder brought up to date first (a
        second session here finds it so already)."""
        if student.id in self._here or self._store is None:
            return
        try:
            folder = self.folder(student)
        except OSError:
            return  # (no folder: the session says so itself)
        try:
            state = await self._call(restore, self._store, student.id, folder)
        except Exception as exc:  # the student plays anyway, on what the folder has, and it
            log.warning(tr("serve.log.carry", why=f"{type(exc).__name__}: {exc}"))
            state = Carried()  # is saved (the store keeps the newer copy of each file)
        self._here[student.id] = (folder, state)

    async def ended(self, student: Student) -> None:
        """A session of ``student`` ended here: their folder saved (and let go, if it was
        their last session here)."""
        held = self._here.get(student.id)
        if held is None:
            return
        _, failed = await self._call(self._save, [(student.id, *held)])
        self._let_go(failed)

    def _let_go(self, failed: set[int]) -> None:
        """Students with no session here any more, once their folder is saved, let go (a
        save that failed is tried again with the next pass)."""
        for sid in [s for s in self._here if not self._online.get(s) and s not in failed]:
            del self._here[sid]

    def _save(self, students: list[tuple[int, Path, Carried]]) -> tuple[int, set[int]]:
        """(On the worker.) Each student's folder saved; a failure said once until one
        works. How many files were written, and whose saves failed."""
        written, failed = 0, set()
        assert self._store is not None
        for sid, folder, state in students:
            try:
                written += save(self._store, sid, folder, state)
                self._failing = False
            except Exception as exc:  # a busy or unreachable store: tried again next time
                if not self._failing:
                    log.warning(tr("serve.log.carry", why=f"{type(exc).__name__}: {exc}"))
                self._failing = True
                failed.add(sid)
        return written, failed

    async def save_all(self) -> int:
        """Every folder of a student with a session here saved now."""
        here = [(s, *h) for s, h in self._here.items()]
        written, failed = await self._call(self._save, here)
        self._let_go(failed)
        self.passes += 1
        return int(written)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(SAVE_EVERY)
            await self.save_all()

    async def stop(self) -> None:
        """No more saves after a last one of every folder."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait({self._task})  # (a cancel of the caller itself still reaches it)
            self._task = None
        if self._store is not None:
            with contextlib.suppress(Exception):
                await self.save_all()
