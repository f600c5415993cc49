"""One served session: the app's process for one browser tab, started and ended safely.

textual-serve's ``AppService`` speaks the protocol; this subclass starts the process
without a shell (:mod:`squaregame.classroom.child`: memory-capped, killed with the
server), in its own process group and private folder, with a terminal size already
clamped; and ends it for sure — asked to quit, killed if it has not within a few seconds,
its folder removed.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import math
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from textual_serve.app_service import AppService

from squaregame.classroom.child import MEMORY_ENV, PARENT_ENV
from squaregame.classroom.folders import SessionFolder
from squaregame.classroom.forked import SessionProcess, Zygote
from squaregame.text import tr

log = logging.getLogger("squaregame.serve")

WIDTH = (1, 500)  # columns a browser may ask for
HEIGHT = (1, 200)  # rows
DEFAULT_SIZE = (80, 24)
QUIT_GRACE = 3.0  # seconds an app has to quit before it is killed
_STDERR_KEPT = 16 * 1024
_MAX_PACKET = 64 * 2**20  # bytes: a larger "packet" means the app's output is garbled
_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def clamp(value: object, bounds: tuple[int, int]) -> int | None:
    """A terminal dimension from a browser, within ``bounds``; None if it is not a number.
    Accepts ints, finite floats and decimal strings (a URL query); never a bool."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        body = text[1:] if text[:1] in "+-" else text
        if not (0 < len(body) <= 12 and body.isascii() and body.isdigit()):
            return None
        value = int(text)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        value = int(value)
    if not isinstance(value, int):
        return None
    low, high = bounds
    return max(low, min(high, value))


def size_from_query(query: Mapping[str, str]) -> tuple[int, int]:
    """``/ws?width=…&height=…`` → a sane size (nonsense → 80×24, extremes clamped)."""
    width = clamp(query.get("width", ""), WIDTH)
    height = clamp(query.get("height", ""), HEIGHT)
    return (width or DEFAULT_SIZE[0], height or DEFAULT_SIZE[1])


def size_from_message(data: object) -> tuple[int, int] | None:
    """A ``["resize", {"width": …, "height": …}]`` payload → a sane size, or None to ignore."""
    if not isinstance(data, dict):
        return None
    width = clamp(data.get("width"), WIDTH)
    height = clamp(data.get("height"), HEIGHT)
    if width is None or height is None:
        return None
    return width, height


def envelope(text: str) -> tuple[str, Any] | None:
    """A browser's ``["type", data]`` message, or None for anything else."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        return None
    return value[0], value[1] if len(value) > 1 else None


def child_command(lang: str | None) -> list[str]:
    """The argument list every browser session runs (no shell between)."""
    args = [sys.executable, "-m", "squaregame.classroom.child"]
    if lang:
        args += ["--lang", lang]
    return args


class Session(AppService):
    """One browser tab's app process."""

    def __init__(
        self,
        lang: str | None,
        *,
        memory_limit: int | None,
        folder_root: Path | None,
        extra_env: dict[str, str] | None = None,
        zygote: Zygote | None = None,
        **kwargs: Any,
    ) -> None:
        self.argv = child_command(lang)
        self.extra_env = extra_env or {}  # a class's session: where it records, and who
        self.zygote = zygote  # the fork server, if sessions are forked
        super().__init__(" ".join(self.argv), **kwargs)
        self.memory_limit = memory_limit
        self.folder = SessionFolder(folder_root)
        self.exited = asyncio.Event()
        self.last_input = asyncio.get_running_loop().time()
        self.size = DEFAULT_SIZE
        self._ending: asyncio.Task[None] | None = None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        return session_env(env, self.folder, self.memory_limit, self.extra_env)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self.size = (width, height)
        env = self._build_environment(width=width, height=height)
        process = await start_process(self.argv, env, self.folder, zygote=self.zygote)
        self._process = process  # type: ignore[assignment]  # (a Process, or forked alike)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.size = (width, height)
        await super().set_terminal_size(width, height)

    async def run(self) -> None:
        """Relay the app's output to the browser until it ends; its error output is kept
        (the last few kB) and logged as one line if it failed."""
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stdout = process.stdout
        kept = io.BytesIO()
        stderr_task = asyncio.create_task(keep_tail(process.stderr, kept))
        try:
            for _ in range(10):  # the prelude: is it a Textual app?
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            handlers = {b"D": self.on_data, b"M": self.on_meta, b"P": self.on_packed}
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                if size > _MAX_PACKET:
                    break
                payload = await stdout.readexactly(size)
                handler = handlers.get(kind)
                if handler is not None:
                    await handler(payload)
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        except (ValueError, KeyError, TypeError, json.JSONDecodeError):
            pass  # a garbled packet: the session ends rather than the server logging it
        finally:
            await reaped(process, stderr_task, self.exited)
        log_failure(process.returncode, kept)

    def end(self) -> asyncio.Future[None]:
        """Stop the app for sure and remove its folder. Every caller awaits the same ending,
        which a caller being cancelled does not interrupt."""
        if self._ending is None:
            self._ending = asyncio.create_task(self._end())
        return asyncio.shield(self._ending)

    async def _end(self) -> None:
        try:
            with contextlib.suppress(Exception):
                await self._download_manager.cancel_app_downloads(
                    app_service_id=self.app_service_id
                )

            async def ask() -> None:
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 1.0)

            await stop_process(self._process, ask)
            await finish_task(self._task)
            self._task = None
        finally:
            self.exited.set()
            self.folder.remove()

    def kill(self) -> None:
        """Kill the app's whole process group (only while it has not been reaped)."""
        kill_group(self._process)


# -- shared with the text-mode sessions (squaregame.classroom.textsession) -------------------
def session_env(
    env: dict[str, str], folder: SessionFolder, memory_limit: int | None, extra: dict[str, str]
) -> dict[str, str]:
    """``env`` for a session's process: its own data folder, its memory cap, its server (to
    die with), a class's variables, one thread per pool."""
    env.pop("SQUAREGAME_EPHEMERAL", None)  # the folder below is the session's own
    env["SQUAREGAME_DATA_DIR"] = str(folder.data)
    env[PARENT_ENV] = str(os.getpid())
    env.update(extra)
    if memory_limit:
        env[MEMORY_ENV] = str(memory_limit)
    for name in _ONE_THREAD:  # a thread pool's stacks would only waste address space
        env.setdefault(name, "1")
    env.setdefault("MALLOC_ARENA_MAX", "2")
    return env


async def start_process(
    argv: list[str],
    env: dict[str, str],
    folder: SessionFolder,
    limit: int = 2**16,
    zygote: Zygote | None = None,
) -> SessionProcess:
    """A session's process, with pipes, no shell, in a process group of its own: forked by
    ``zygote`` (the fork server) if there is one that can, else a ``python`` of its own."""
    keep = (folder.fd,) if folder.fd >= 0 else ()
    if zygote is not None:
        forked = await zygote.spawn(argv, env, keep, limit)
        if forked is not None:
            return forked
    return await asyncio.create_subprocess_exec(
        *argv,
        limit=limit,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
        start_new_session=True,  # its own process group: killed with whatever it starts
        pass_fds=keep,
    )


async def keep_tail(stream: asyncio.StreamReader | None, kept: io.BytesIO) -> None:
    """Read ``stream`` to its end, keeping its last few kB in ``kept``."""
    while stream is not None and (data := await stream.read(4096)):
        kept.write(data)
        if kept.tell() > 2 * _STDERR_KEPT:
            tail = kept.getvalue()[-_STDERR_KEPT:]
            kept.seek(0)
            kept.truncate()
            kept.write(tail)


def log_failure(status: int | None, kept: io.BytesIO) -> None:
    """One log line when a session's process failed: its status and last error line."""
    if status not in (0, None, -signal.SIGTERM, -signal.SIGKILL):
        lines = kept.getvalue().decode("utf-8", "replace").strip().splitlines()
        last = lines[-1][:200] if lines else ""
        log.warning(tr("serve.log.ended", status=status, last=last))


async def reaped(
    process: SessionProcess, stderr_task: asyncio.Task[None], exited: asyncio.Event
) -> None:
    """A session's output has ended: wait (bounded) for its process, stop keeping its
    standard error, and say the session exited."""
    with contextlib.suppress(Exception, asyncio.CancelledError):
        await asyncio.wait_for(process.wait(), QUIT_GRACE)
    stderr_task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await stderr_task
    exited.set()


async def stop_process(process: SessionProcess | None, ask: Callable[[], Awaitable[None]]) -> None:
    """Ask a session's process to quit (``ask``); kill its group if it has not within
    :data:`QUIT_GRACE`, and wait for it to be reaped (a bounded wait)."""
    if process is None or process.returncode is not None:
        return
    with contextlib.suppress(Exception):
        await ask()
    try:
        await asyncio.wait_for(process.wait(), QUIT_GRACE)
    except TimeoutError:
        kill_group(process)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), QUIT_GRACE)


async def finish_task(task: asyncio.Task[Any] | None) -> None:
    """Let a session's reading task end (cancelled if it has not within the grace)."""
    if task is None:
        return
    try:
        await asyncio.wait_for(task, QUIT_GRACE)
    except (TimeoutError, asyncio.CancelledError):
        task.cancel()


def kill_group(process: SessionProcess | None) -> None:
    """Kill a session's whole process group (only while it has not been reaped)."""
    if process is None or process.returncode is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, AttributeError):
        with contextlib.suppress(ProcessLookupError):
            process.kill()
