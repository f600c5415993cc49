"""The server's side of the fork server (:mod:`squaregame.classroom.zygote`).

:class:`Zygote` starts the helper (once, in a private folder; again if it has died) and asks
it for a session's process; :class:`ForkedProcess` is that process as a session sees one —
the small surface of :class:`asyncio.subprocess.Process` that :mod:`.session` uses (``pid``,
``stdin``, ``stdout``, ``stderr``, ``returncode``, ``wait()``, ``kill()``). Where the helper
cannot run (not Linux, or it failed to start), :meth:`Zygote.spawn` answers None and the
session is started as before, by its own ``python``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import signal
import socket
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Protocol

try:
    import fcntl
except ImportError:  # Windows: sessions are not forked there (supported())
    fcntl = None  # type: ignore[assignment]

from squaregame.classroom.child import PARENT_ENV
from squaregame.classroom.zygote import LOCK, PREFIX, READY

log = logging.getLogger("squaregame.serve")

START_WAIT = 120.0  # seconds the helper has to import everything (a hang guard)
REPLY_WAIT = 10.0  # seconds the helper has to answer a fork (a hang guard)
CHILD_MODULE = "squaregame.classroom.child"
STALE = 3600.0  # seconds after which a helper's folder without a lock is a dead one's


class SessionProcess(Protocol):
    """What a session needs of its process."""

    pid: int
    stdin: asyncio.StreamWriter | None
    stdout: asyncio.StreamReader | None
    stderr: asyncio.StreamReader | None

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...

    def kill(self) -> None: ...


def supported() -> bool:
    """Forking sessions needs Linux (descriptors over Unix sockets, a parent-death signal)."""
    return sys.platform.startswith("linux") and hasattr(socket, "send_fds")


class ForkedProcess:
    """A session's process forked by the helper; its end is said on ``conn``."""

    def __init__(
        self,
        pid: int,
        conn: socket.socket,
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
    ) -> None:
        self.pid = pid
        self.stdin: asyncio.StreamWriter | None = stdin
        self.stdout: asyncio.StreamReader | None = stdout
        self.stderr: asyncio.StreamReader | None = stderr
        self._returncode: int | None = None
        self._conn = conn
        self._ended = asyncio.get_running_loop().create_task(self._await_end())

    @property
    def returncode(self) -> int | None:
        return self._returncode

    async def _await_end(self) -> int:
        loop = asyncio.get_running_loop()
        try:
            said = await loop.sock_recv(self._conn, 64)
        except OSError:
            said = b""
        finally:
            self._conn.close()
        word, _, number = said.decode("ascii", "replace").partition(" ")
        # no answer: the helper died, and with it (the parent-death signal) the session
        code = int(number) if word == "exit" and number.lstrip("-").isdigit() else -9
        self._returncode = code
        return code

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)

    def kill(self) -> None:
        if self._returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.pid, signal.SIGKILL)


class Zygote:
    """The fork server, started on first need and restarted if it has died."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._lock: asyncio.Lock | None = None
        self.starting: asyncio.Task[bool] | None = None  # (the server's first start)
        self.failed = not supported()
        self.closed = False

    @property
    def socket_path(self) -> Path | None:
        return None if self.folder is None else self.folder / "zygote"

    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def start(self) -> bool:
        """Start the helper unless it runs; False if it cannot (then sessions are not
        forked: each starts its own ``python``)."""
        if self.failed or self.closed:
            return False
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self.alive():
                return True
            await self._stop()
            try:
                await self._start()
            except (OSError, TimeoutError, ValueError) as exc:
                if not self.closed:  # (not the server stopping while it started)
                    log.warning(f"zygote: {type(exc).__name__}: {exc}")
                await self._stop()
                self.failed = True
                return False
            return True

    async def _start(self) -> None:
        sweep_helpers()
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))  # (mode 0700)
        env = {**os.environ, PARENT_ENV: str(os.getpid())}
        self.process = process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "squaregame.classroom.zygote",
            str(self.socket_path),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            start_new_session=True,  # (Ctrl+C is the server's to handle, not the helper's)
        )
        assert process.stdout is not None
        line = b"" if self.closed else await asyncio.wait_for(process.stdout.readline(), START_WAIT)
        if line != READY:
            raise ValueError("the fork server did not start")

    async def _stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), 5.0)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    async def close(self) -> None:
        """Stop the helper (the server is stopping; its sessions have ended)."""
        self.closed = True
        await self._stop()
        if self.starting is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.starting

    async def spawn(
        self, argv: list[str], env: dict[str, str], keep: tuple[int, ...], limit: int
    ) -> ForkedProcess | None:
        """A session's process (``argv`` as :func:`.session.child_command` makes it), forked;
        None if the helper cannot give one (the caller starts a process as before)."""
        if CHILD_MODULE not in argv:
            return None
        flags = argv[argv.index(CHILD_MODULE) + 1 :]
        for attempt in range(2):  # a helper found dead is started again, once
            if not await self.start():
                return None
            try:
                return await self._spawn(flags, env, keep, limit)
            except OSError as exc:
                if attempt or not await self._died():
                    log.warning(f"zygote: {type(exc).__name__}: {exc}")
                    return None  # (this session: a python of its own)
        return None

    async def _died(self) -> bool:
        """Whether the helper has died (it failed a request: a moment for its end to be
        seen); a live one is left alone — its sessions die with it."""
        process = self.process
        if process is None:
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), 1.0)
        return process.returncode is not None

    async def _spawn(
        self, flags: list[str], env: dict[str, str], keep: tuple[int, ...], limit: int
    ) -> ForkedProcess:
        loop = asyncio.get_running_loop()
        request = json.dumps({"flags": flags, "env": env, "cwd": os.getcwd()}).encode()
        pipes = [os.pipe2(os.O_CLOEXEC) for _ in range(3)]
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            conn.setblocking(False)
            await loop.sock_connect(conn, str(self.socket_path))
            socket.send_fds(conn, [request], [*theirs, *keep])
            try:  # (a helper stuck in a fork: this session starts as its own program)
                said = await asyncio.wait_for(loop.sock_recv(conn, 64), REPLY_WAIT)
            except TimeoutError:
                raise OSError("the fork server did not answer") from None
            word, _, number = said.decode("ascii", "replace").partition(" ")
            if word != "pid" or not number.isdigit():
                raise OSError(f"the fork server said {said[:80]!r}")
        except BaseException:
            conn.close()
            for fd in (*theirs, *ours):
                with contextlib.suppress(OSError):
                    os.close(fd)
            raise
        for fd in theirs:
            os.close(fd)
        stdin = await _writer(ours[0])
        stdout = await _reader(ours[1], limit)
        stderr = await _reader(ours[2], limit)
        return ForkedProcess(int(number), conn, stdin, stdout, stderr)


def sweep_helpers(root: Path | None = None) -> list[Path]:
    """Remove the folders of helpers that died with their server (``kill -9``): this
    user's, and only those whose lock no live helper holds."""
    base = root if root is not None else Path(tempfile.gettempdir())
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(base):
            if not entry.name.startswith(PREFIX):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat(follow_symlinks=False)
                if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid():
                    continue
                if _unheld(Path(entry.path) / LOCK):
                    shutil.rmtree(entry.path, ignore_errors=True)
                    removed.append(Path(entry.path))
    return removed


def _unheld(lock: Path) -> bool:
    try:
        fd = os.open(lock, os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:  # (a helper that never got as far as its lock: by age)
        return time.time() - lock.parent.stat().st_mtime > STALE
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # a live helper holds it
    finally:
        os.close(fd)
    return True


async def _reader(fd: int, limit: int) -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=limit, loop=loop)
    protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
    await loop.connect_read_pipe(lambda: protocol, os.fdopen(fd, "rb", buffering=0))
    return reader


async def _writer(fd: int) -> asyncio.StreamWriter:
    loop = asyncio.get_running_loop()
    pipe: Any = os.fdopen(fd, "wb", buffering=0)
    transport, protocol = await loop.connect_write_pipe(
        lambda: asyncio.streams.FlowControlMixin(loop=loop),
        pipe,
    )
    return asyncio.StreamWriter(transport, protocol, None, loop)
