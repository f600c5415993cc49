"""Helpers for the served-classroom tests: a ClassroomServer on a free loopback port inside
the test's event loop, and a browser tab as the page's JavaScript drives it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from squaregame.classroom import guard
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.server import ClassroomServer, Limits
from squaregame.classroom.session import Session
from squaregame.classroom.store import ClassStore

MENU = "take a perfect square"  # on the menu screen
CLOSING = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)


def wait_listening(port: int, proc: subprocess.Popen[bytes], log: Path, limit: float = 60) -> None:
    """Wait until the server process ``proc`` accepts connections on ``port`` (a hang guard,
    not a timing); if it never does, kill it and fail with its log."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(log.read_text())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def classroom(
    root: Path, room: ClassConfig | None = None, **limits: Any
) -> AsyncIterator[tuple[ClassroomServer, str, aiohttp.ClientSession]]:
    """A server whose session folders live under ``root`` (serving the class ``room``, if
    given); yields it, its URL and a client (with its own cookies, as one browser)."""
    options: dict[str, Any] = {"max_sessions": 60, "idle_timeout": None, "memory_limit": 2**30}
    server = ClassroomServer(None, Limits(**{**options, **limits}), folder_root=root, room=room)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.setblocking(False)
    runner = await guard.start(await server._make_app(), [sock], server.guard)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            yield server, f"http://127.0.0.1:{sock.getsockname()[1]}", http
    finally:
        await guard.stop(runner, server.guard)  # ends every session (on_shutdown)
        sock.close()


class Tab:
    """One browser tab."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.seen = ""

    async def open(self, width: int = 80, height: int = 24) -> Tab:
        await self.ws.send_json(["resize", {"width": width, "height": height}])
        await self.ws.send_json(["focus"])
        return self

    async def receive(self, timeout: float) -> aiohttp.WSMessage:
        """The next message, within ``timeout`` s overall (``ws.receive(timeout=…)`` starts
        its clock again at every heartbeat ping, so it never expires on a live server)."""
        try:
            return await asyncio.wait_for(self.ws.receive(), timeout)
        except TimeoutError:
            raise AssertionError(f"nothing within {timeout:.0f} s") from None

    async def keys(self, text: str) -> None:
        """Type ``text``, a key at a time, as the page sends them."""
        for ch in text:
            await self.ws.send_json(["stdin", ch])

    async def squares_from(self, start: int) -> None:
        """From the menu's first screen: a new game of Squares from ``start`` (the menu's
        first item), as a student types it; each key once the screen has drawn."""
        await self.until(MENU, 60)
        await asyncio.sleep(0.3)  # (the screen takes its keys once drawn)
        await self.keys("\r")
        await self.until("New one-pile game", 30)
        await asyncio.sleep(0.3)
        await self.keys(f"{start}\r")
        await self.until(str(start), 30)
        await asyncio.sleep(0.5)

    async def until(self, text: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never saw {text!r}; last: {self.seen[-300:]!r}")
            msg = await self.receive(left)
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.seen += msg.data.decode("utf-8", "replace")
            elif msg.type == aiohttp.WSMsgType.TEXT:
                self.seen += msg.data
            elif msg.type in CLOSING:
                raise AssertionError(f"the session closed ({msg.data}, {msg.extra})")

    async def closed(self, timeout: float = 30) -> tuple[int, str]:
        """Wait for the server to close this tab: its close code and reason."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("the server never closed the session")
            msg = await self.receive(left)
            if msg.type == aiohttp.WSMsgType.CLOSE:
                return int(msg.data), str(msg.extra or "")
            if msg.type in CLOSING:
                return int(self.ws.close_code or 0), ""


def only_session(server: ClassroomServer) -> Session:
    assert len(server.sessions) == 1, server.sessions
    return next(iter(server.sessions))


def pid_of(session: Session) -> int:
    process = session._process
    assert process is not None
    return int(process.pid)


def alive(pid: int) -> bool:
    """True while ``pid`` is a running (not zombie) process."""
    if Path("/proc/self/stat").exists():
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except (FileNotFoundError, ProcessLookupError):  # (gone between the open and the read)
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def eventually(check: Any, timeout: float = 20, what: str = "") -> None:
    """Wait (a hang guard, not a timing) until ``check()`` is true."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.05)


async def until_true(check: object, what: str, timeout: float = 60) -> None:
    """Wait (a hang guard, not a timing) until the coroutine ``check()`` says True."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await check():  # type: ignore[operator]
        if loop.time() > end:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.1)


def session_folders(root: Path) -> list[Path]:
    return sorted(root.glob("squaregame-session-*"))


TOKEN = "t" * 32  # a class's teacher token in these tests
CLASS = "7B maths"


def class_room(tmp_path: Path) -> ClassConfig:
    """A class made in ``tmp_path / "data"`` (the sessions' folders: ``tmp_path / "s"``)."""
    (tmp_path / "s").mkdir()
    store = ClassStore.open(tmp_path / "data")
    store.create_class(CLASS)
    store.close()
    return ClassConfig(tmp_path / "data", CLASS, TOKEN)


def text_socket(url: str) -> str:
    """The text-mode page's socket at the server ``url``."""
    return url.replace("http://", "ws://") + "/text/ws"


class Lines:
    """The page's side of ``/text/ws``: the lines the session said, a line typed."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.said: list[str] = []

    async def until(self, text: str, timeout: float = 60) -> list[str]:
        """Wait (a hang guard) until a line says ``text``; the lines since the last wait."""
        start = len(self.said)
        while not any(text in line for line in self.said[start:]):
            try:
                msg = await asyncio.wait_for(self.ws.receive(), timeout)
            except TimeoutError:
                raise AssertionError(f"never said {text!r}: {self.said[-8:]}") from None
            if msg.type in CLOSING:
                raise AssertionError(f"closed ({msg.data}, {msg.extra}): {self.said[-8:]}")
            kind, line = json.loads(msg.data)
            assert kind == "line" and isinstance(line, str)
            self.said.append(line)
        return self.said[start:]

    async def type(self, *lines: str) -> None:
        for line in lines:
            await self.ws.send_json(["line", line])

    async def closed(self, timeout: float = 30) -> tuple[int, str]:
        while True:
            try:
                msg = await asyncio.wait_for(self.ws.receive(), timeout)
            except TimeoutError:
                raise AssertionError("the server never closed the session") from None
            if msg.type == aiohttp.WSMsgType.CLOSE:
                return int(msg.data), str(msg.extra or "")
            if msg.type in CLOSING:
                return int(self.ws.close_code or 0), ""
