"""One text-mode session: ``python -m squaregame.classroom.child --text`` for one tab of the
accessible page, over plain pipes (no terminal).

It is started as the app's sessions are (:mod:`squaregame.classroom.session`: no shell, a
process group and a private folder of its own, a memory cap, killed with the server, a
class's variables); every line it writes is sent to the page as it comes, each line the
student sends is written to its input. It ends for sure: its input is closed (text mode
takes that as the end), and it is killed if it has not ended within a few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import unicodedata
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import WSMsgType, web

from squaregame.classroom.child import TEXT_FLAG
from squaregame.classroom.folders import SessionFolder
from squaregame.classroom.forked import SessionProcess, Zygote
from squaregame.classroom.session import (
    QUIT_GRACE,
    child_command,
    envelope,
    finish_task,
    keep_tail,
    kill_group,
    log_failure,
    reaped,
    session_env,
    start_process,
    stop_process,
)
from squaregame.text import tr

log = logging.getLogger("squaregame.serve")

MAX_LINE = 500  # characters of one line the student sends (more are cut)
MAX_SAID = 4000  # characters of one line the session says (more are cut)
MAX_TEXT_MESSAGE = 16 * 1024  # bytes of one message from the page; more closes the socket
_READ_LIMIT = 2**16  # bytes of one line read from the session (a longer one is dropped)
INPUT_BACKLOG = 2**16  # bytes typed and not yet read by the session: past it, a line is dropped
_TERMINAL_ENV = ("TEXTUAL", "TEXTUAL_DRIVER", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLUMNS")


# Characters made spaces on the way in: controls (a line break too), lone surrogates (no
# UTF-8 can say them: a browser's JSON may carry one), format characters (bidi overrides,
# zero-width ones) and the line and paragraph separators
_NOT_TYPED = frozenset(("Cc", "Cs", "Cf", "Zl", "Zp"))


def typed_line(text: str) -> str:
    """What the student sent, as one line of plain characters: controls, format characters,
    surrogates and line or paragraph separators made spaces, at most :data:`MAX_LINE`
    characters."""
    line = "".join(
        " " if unicodedata.category(c) in _NOT_TYPED else c for c in text[: MAX_LINE * 2]
    )
    return line[:MAX_LINE]


async def read_line(stream: asyncio.StreamReader) -> bytes:
    """The next line ``stream`` has (its last one may lack the newline; ``b""`` at its end).
    A line longer than the stream's limit is skipped whole, up to and including its newline
    (``readline`` would clear its buffer and hand on the rest of that line as a line)."""
    too_long = False
    while True:
        try:
            line = await stream.readuntil(b"\n")
        except asyncio.IncompleteReadError as end:
            return b"" if too_long else end.partial
        except asyncio.LimitOverrunError as over:  # (what it read stays in the buffer)
            await stream.readexactly(over.consumed)
            too_long = True
            continue
        if not too_long:
            return line
        too_long = False  # that was the long line's end: on to the next


def text_env() -> dict[str, str]:
    """The text session's own environment: no terminal, plain UTF-8 lines."""
    env = {k: v for k, v in os.environ.items() if k not in _TERMINAL_ENV}
    env.update(TERM="dumb", NO_COLOR="1", PYTHONIOENCODING="utf-8", PYTHONUNBUFFERED="1")
    return env


class TextSession:
    """One tab's text-mode process; ``say`` sends one of its lines to the page."""

    def __init__(
        self,
        lang: str | None,
        *,
        memory_limit: int | None,
        folder_root: Path | None,
        say: Callable[[str], Awaitable[None]],
        extra_env: dict[str, str] | None = None,
        zygote: Zygote | None = None,
    ) -> None:
        self.argv = [*child_command(lang), TEXT_FLAG]
        self.zygote = zygote  # the fork server, if sessions are forked
        self.memory_limit = memory_limit
        self.extra_env = extra_env or {}  # a class's session: where it records, and who
        self.say = say
        self.folder = SessionFolder(folder_root)
        self.exited = asyncio.Event()
        self.last_input = asyncio.get_running_loop().time()
        self._process: SessionProcess | None = None
        self._task: asyncio.Task[None] | None = None
        self._ending: asyncio.Task[None] | None = None
        self._dropping = False  # lines typed are being dropped (the session reads nothing)

    async def start(self, width: int = 0, height: int = 0) -> None:
        """Start the process and relay its lines (a text session has no size)."""
        env = session_env(text_env(), self.folder, self.memory_limit, self.extra_env)
        self._process = await start_process(
            self.argv, env, self.folder, limit=_READ_LIMIT, zygote=self.zygote
        )
        self._task = asyncio.create_task(self.run())

    async def run(self) -> None:
        """Send each line the session says to the page, until it ends."""
        process = self._process
        assert process is not None and process.stdout is not None
        kept = io.BytesIO()
        stderr_task = asyncio.create_task(keep_tail(process.stderr, kept))
        try:
            while True:
                raw = await read_line(process.stdout)
                if not raw:
                    break
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                await self.say(line[:MAX_SAID])
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass  # the page went away: the session is ended by whoever closed it
        finally:
            await reaped(process, stderr_task, self.exited)
        log_failure(process.returncode, kept)

    async def send_line(self, text: str) -> bool:
        """One line the student typed, to the session's input; False if it was dropped.

        A session that reads nothing for long (busy, or stuck) fills its pipe. Its next line
        is then dropped, said in the log, and the student is told (:func:`relay_lines`):
        the session is not ended (a game is not lost for typing ahead of a busy session),
        the server's memory is not spent on lines nobody reads (at most
        :data:`INPUT_BACKLOG` bytes wait), and the relay never waits longer than
        ``QUIT_GRACE`` for the pipe (then the line waits in its buffer, and on it goes).
        """
        process = self._process
        if process is None or process.stdin is None or process.stdin.is_closing():
            return True  # (ended: nothing to drop)
        stdin = process.stdin
        waiting = stdin.transport.get_write_buffer_size()
        if waiting >= INPUT_BACKLOG:
            if not self._dropping:  # (said once a busy spell, not once a line)
                log.warning(tr("serve.log.text_busy", size=waiting))
            self._dropping = True
            return False
        self._dropping = False
        with contextlib.suppress(ConnectionError, TimeoutError):
            stdin.write((typed_line(text) + "\n").encode("utf-8"))
            await asyncio.wait_for(stdin.drain(), QUIT_GRACE)
        return True

    def end(self) -> asyncio.Future[None]:
        """Stop the session for sure and remove its folder (every caller awaits the same
        ending, which a caller being cancelled does not interrupt)."""
        if self._ending is None:
            self._ending = asyncio.create_task(self._end())
        return asyncio.shield(self._ending)

    async def _end(self) -> None:
        try:
            process = self._process

            async def ask() -> None:  # the end of its input
                if process is not None and process.stdin is not None:
                    process.stdin.close()

            await stop_process(process, ask)
            await finish_task(self._task)
            self._task = None
        finally:
            self.exited.set()
            self.folder.remove()

    def kill(self) -> None:
        kill_group(self._process)


async def relay_lines(websocket: web.WebSocketResponse, session: TextSession, busy: str) -> None:
    """Pass the page's ``["line", text]`` messages to the session; anything else is ignored.
    A line the session was too busy to take is answered with ``busy``."""
    loop = asyncio.get_running_loop()
    async for message in websocket:
        if message.type != WSMsgType.TEXT or session.exited.is_set():
            continue
        parsed = envelope(message.data)
        if parsed is not None and parsed[0] == "line" and isinstance(parsed[1], str):
            session.last_input = loop.time()
            if not await session.send_line(parsed[1]):
                await session.say(busy)
