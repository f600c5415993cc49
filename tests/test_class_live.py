"""A whole class on loopback, as it happens in a lesson: a real ``serve --class`` process,
real session processes, students driven by websocket clients. They join, do a lesson's
exercises and play; the teacher's view shows each of them; a challenge reaches them all and
the scoreboard matches what they answered; a student's cookie opens no teacher page; and
kill -9 of the server loses no committed event — the class resumes after a restart.

Both run with the slow tests: three students, and thirty (``SQUAREGAME_CLASS_SIZE``)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from serve_helpers import Tab, wait_listening

from squaregame.classroom.store import ClassStore

CLASS = "7B maths"
F2 = "\x1bOQ"
DOWN = "\x1b[B"
UP = "\x1b[A"
ESC = "\x1b"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    url: str
    token: str
    data: Path
    proc: subprocess.Popen[bytes]
    log: Path

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)


def start_server(tmp: Path, port: int) -> Served:
    data, token_file, log = tmp / "data", tmp / "teacher.txt", tmp / f"server-{port}.log"
    env = {**os.environ, "SQUAREGAME_DATA_DIR": str(data), "SQUAREGAME_CACHE_DIR": str(tmp / "c")}
    out = open(log, "wb")  # noqa: SIM115 - a pipe nobody reads would block the server
    argv = [sys.executable, "-m", "squaregame", "serve", "--class", CLASS, "--port", str(port),
            "--joins-per-minute", "1000", "--sessions-per-address", "1000"]  # fmt: skip
    proc = subprocess.Popen(
        [*argv, "--teacher-token", str(token_file)], stdout=out, stderr=out, env=env
    )
    wait_listening(port, proc, log)
    return Served(f"http://127.0.0.1:{port}", token_file.read_text().strip(), data, proc, log)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    s = start_server(tmp_path, _free_port())
    yield s
    if s.proc.poll() is None:
        s.proc.terminate()
        try:
            s.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            s.proc.kill()
    assert "Traceback" not in s.log.read_text()


class Browser:
    """One student's browser: its cookie jar, and its tab (a websocket, once open)."""

    def __init__(self, http: aiohttp.ClientSession, url: str, name: str) -> None:
        self.http, self.url, self.name = http, url, name
        self.tab: Tab | None = None
        self.pump: asyncio.Task[None] | None = None
        self.closed = False

    @property
    def ws(self) -> aiohttp.ClientWebSocketResponse | None:
        return None if self.tab is None else self.tab.ws

    async def join(self) -> None:
        async with self.http.post(f"{self.url}/join", data={"name": self.name}) as r:
            assert r.status == 200 and "data-session-websocket-url" in await r.text()  # the app

    async def open(self) -> None:
        ws = await self.http.ws_connect(f"{self.url}/ws?width=100&height=30")
        self.tab = await Tab(ws).open(100, 30)
        # a page reads its socket all the time (the server's heartbeat pings are answered
        # while the socket is read): so does this browser, while the test waits elsewhere
        self.pump = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.tab is not None
        async for msg in self.tab.ws:
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.tab.seen += msg.data.decode("utf-8", "replace")
            elif msg.type == aiohttp.WSMsgType.TEXT:
                self.tab.seen += msg.data
        self.closed = True

    async def until(self, text: str, timeout: float = 120) -> None:
        """Wait (a hang guard, not a timing) until ``text`` was drawn."""
        assert self.tab is not None, self.name
        end = time.monotonic() + timeout
        while text not in self.tab.seen:
            if self.closed:
                raise AssertionError(f"{self.name}'s session closed: {self.tab.seen[-300:]!r}")
            if time.monotonic() > end:
                raise AssertionError(f"{self.name} never saw {text!r}: {self.tab.seen[-300:]!r}")
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        if self.pump is not None:
            self.pump.cancel()
        if self.ws is not None:
            await self.ws.close()

    async def keys(self, *presses: str, gap: float = 0.25) -> None:
        assert self.ws is not None
        for press in presses:
            await self.ws.send_json(["stdin", press])
            await asyncio.sleep(gap)

    async def then(self, text: str, *presses: str, gap: float = 0.25) -> None:
        """Press ``presses``, then wait for ``text`` in what is drawn after them."""
        assert self.tab is not None
        self.tab.seen = ""
        await self.keys(*presses, gap=gap)
        await self.until(text)

    async def lesson_and_game(self, start: int) -> None:
        """Lesson 2's table: marks 0 (cold), 1 (hot), 2 (cold); then a game from ``start``
        with one move."""
        await self.until("take a perfect square")
        await asyncio.sleep(0.5)
        await self.then("Hot and cold numbers", DOWN, DOWN, DOWN, DOWN, "\r")
        await self.then("Step 1 of", DOWN, "\r")
        await self.then("Fill the table", "n")
        await self.keys("c", "h", "c", gap=0.4)
        await self.then("Lessons", ESC, gap=0.6)
        await self.then("take a perfect square", ESC, gap=0.6)
        await asyncio.sleep(0.5)
        await self.then("New one-pile game", UP, UP, UP, UP, "\r")  # (the menu kept Lessons)
        await asyncio.sleep(0.3)
        await self.then(f"→ {start - 1}", *str(start), "\r")
        await asyncio.sleep(0.5)
        await self.keys("1", "\r")  # take 1

    async def answer(self, value: int) -> None:
        await self.until("F2")
        await self.then("Grundy value", F2)
        await asyncio.sleep(0.3)
        await self.then("Right!" if value == 5 else "Not right", *str(value), "\r")


async def state(http: aiohttp.ClientSession, s: Served) -> dict:  # type: ignore[type-arg]
    async with http.get(f"{s.url}/teacher/state", headers={"X-Teacher-Token": s.token}) as r:
        assert r.status == 200
        return dict(await r.json())


async def until_state(http: aiohttp.ClientSession, s: Served, check: object, what: str) -> dict:  # type: ignore[type-arg]
    """Poll the teacher's view until ``check(state)`` (a hang guard of 240 s, not a timing)."""
    end = time.monotonic() + 240
    while True:
        got = await state(http, s)
        if check(got):  # type: ignore[operator]
            return got
        if time.monotonic() > end:
            raise AssertionError(f"the teacher's view never showed {what}: {got}")
        await asyncio.sleep(0.25)


def events_in(data: Path) -> int:
    store = ClassStore.open(data)
    try:
        return len(store.class_events(CLASS, limit=10**6))
    finally:
        store.close()


def run_class(served: Served, tmp_path: Path, size: int, pause: float = 0.0) -> None:
    """``pause``: seconds the class sits still before the challenge (longer than the
    server's heartbeat: the sessions must live through a teacher's explanation)."""
    names = [f"Student {i:02d}" for i in range(size)]

    async def main() -> dict[str, aiohttp.CookieJar]:
        timeout = aiohttp.ClientTimeout(total=600)
        jars = {n: aiohttp.CookieJar(unsafe=True) for n in names}
        async with aiohttp.ClientSession(timeout=timeout) as teacher:
            sessions = [aiohttp.ClientSession(cookie_jar=jars[n], timeout=timeout) for n in names]
            browsers = [Browser(h, served.url, n) for h, n in zip(sessions, names, strict=True)]
            try:
                for b in browsers:
                    await b.join()
                    async with b.http.get(f"{served.url}/teacher/state") as r:
                        assert r.status == 403  # a student's cookie is no teacher's secret
                    async with b.http.get(f"{served.url}/me") as r:
                        assert (await r.json())["name"] == b.name  # their own, only
                await asyncio.gather(*(b.open() for b in browsers))
                await asyncio.gather(
                    *(b.lesson_and_game(1000 * (i + 1) + 7) for i, b in enumerate(browsers))
                )

                def everyone_seen(st: dict) -> bool:  # type: ignore[type-arg]
                    rows = {r["name"]: r for r in st["rows"]}
                    return len(rows) == size and all(
                        rows[n]["online"] and rows[n]["exercises_tried"] >= 3
                        and rows[n]["activity"].get("kind") == "game"
                        and rows[n]["activity"].get("moves", 0) >= 2
                        for n in names
                    )  # fmt: skip

                got = await until_state(teacher, served, everyone_seen, "every student")
                for r in got["rows"]:
                    assert (r["exercises_right"], r["exercises_tried"]) == (3, 3), r
                await asyncio.sleep(pause)
                async with teacher.post(
                    f"{served.url}/teacher/challenge",
                    json={"game": "nim", "position": "5", "ask": "grundy"},
                    headers={"X-Teacher-Token": served.token},
                ) as r:
                    assert (await r.json())["ok"] is True
                await asyncio.gather(
                    *(b.answer(5 if i % 2 == 0 else 4) for i, b in enumerate(browsers))
                )
                got = await until_state(
                    teacher,
                    served,
                    lambda st: sum(row["answered"] for row in st["scoreboard"]) == size,
                    "every answer on the scoreboard",
                )
                solved = {row["student"]: row["solved"] for row in got["scoreboard"]}
                assert solved == {n: i % 2 == 0 for i, n in enumerate(names)}
                # mid-class: kill -9 of the server
                committed = events_in(served.data)
                served.kill9()
                assert events_in(served.data) >= committed
            finally:
                for b in browsers:
                    await b.close()
                for h in sessions:
                    await h.close()
            return jars

    jars = asyncio.run(main())
    kept = events_in(served.data)
    again = start_server(tmp_path, _free_port())  # the next server: the same class, resumed
    try:

        async def resume() -> None:
            # the same browser (its cookie is for the host, whatever the port)
            async with aiohttp.ClientSession(cookie_jar=jars[names[0]]) as http:
                async with http.get(again.url + "/") as r:
                    assert "data-session-websocket-url" in await r.text()  # no new join: resumed
                async with http.get(again.url + "/me") as r:
                    me = await r.json()
                assert me["name"] == names[0] and me["exercises_tried"] == 3

        asyncio.run(resume())
        assert events_in(again.data) >= kept
    finally:
        again.proc.terminate()
        again.proc.wait(timeout=30)


@pytest.mark.slow  # (the default run has a real session in tests/test_class_serve.py)
def test_a_class_of_three(served: Served, tmp_path: Path) -> None:
    run_class(served, tmp_path, 3)


@pytest.mark.slow
def test_a_class_of_thirty(served: Served, tmp_path: Path) -> None:
    run_class(served, tmp_path, int(os.environ.get("SQUAREGAME_CLASS_SIZE", "30")), pause=20)
