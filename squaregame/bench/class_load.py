"""``squaregame bench --only class``: a class of students on loopback, and how far behind the
teacher's view is.

A real ``serve --class`` process in a private data folder; ``--students`` students (60, the
class cap) each join by name, open their session over a websocket as the page's script does,
start a Squares game and make a move every few seconds (a game that ends starts again). The
teacher's view (``/teacher/state``) is read every :data:`POLL` seconds; an event's *lag* is
the time from the session writing it (its own time, this machine's clock) to the view first
showing it — the class store, the server's look and up to one poll (as often as the
teacher's page asks, so the lag is what the page shows). Then the memory: the
server's resident size and the sessions' (their median and sum). Latency, not a ratio: there
is no reference to pair it with; the command that gives it is printed. Goal: no event more
than :data:`GOAL` seconds behind (issue 30).
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from squaregame.bench.groups import Latency
from squaregame.text import tr

POLL = 0.5  # seconds between looks at the teacher's view: as often as its page asks
MOVES = 5  # each student's moves
GAP = 3.0  # seconds between a student's moves
CLASS = "bench"
GOAL = 2.0  # seconds: the teacher's view no further behind an event than this


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _sessions(pid: int) -> list[int]:
    """The sessions under the server ``pid``: the leaves of its tree of processes (a
    session forked by the fork server is its grandchild; the fork server is not one)."""
    leaves, todo = [], _children(pid)
    while todo:
        kids = _children(p := todo.pop())
        if kids:
            todo += kids
        else:
            leaves.append(p)
    return leaves


def class_load(students: int) -> tuple[Latency, list[str], dict[str, Any]]:
    """Run the class: the teacher's view's lag (its goal on the largest), the lines of the
    rest of its report and their figures."""
    folder = Path(tempfile.mkdtemp(prefix="squaregame-bench-class-"))
    token_file, port = folder / "teacher.txt", _free_port()
    # (in English, as every process the bench runs: the students read the app's words)
    env = {**os.environ, "SQUAREGAME_DATA_DIR": str(folder / "data"), "LANG": "C.UTF-8",
           "SQUAREGAME_CACHE_DIR": str(folder / "cache")}  # fmt: skip
    for name in ("LC_ALL", "LANGUAGE"):
        env.pop(name, None)
    argv = [sys.executable, "-m", "squaregame", "serve", "--class", CLASS, "--port", str(port),
            "--teacher-token", str(token_file),
            # (every student is on loopback: one address, past the limits per address)
            "--joins-per-minute", "100000", "--sessions-per-address", "10000"]  # fmt: skip
    log = open(folder / "server.log", "wb")  # noqa: SIM115 - a pipe nobody reads would block
    server = subprocess.Popen(argv, stdout=log, stderr=log, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        token = token_file.read_text().strip()
        lags, memory = asyncio.run(_run(url, token, students, server.pid))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    server_mb, sessions = memory
    lag = Latency("teacher-view-lag", tr("cli.bench.class.lag", poll=POLL), tuple(lags or [0.0]),
                  GOAL, on="max", unit="s")  # fmt: skip
    each = statistics.median(sessions) if sessions else 0.0
    notes = [
        tr("cli.bench.class.events", count=len(lags), students=students, moves=MOVES),
        tr("cli.bench.class.memory", server=f"{server_mb:.0f}", each=f"{each:.0f}",
           total=f"{sum(sessions):.0f}", count=len(sessions)),
    ]  # fmt: skip
    data = {"students": students, "moves_each": MOVES, "events": len(lags),
            "server_mb": round(server_mb, 1), "session_mb_median": round(each, 1),
            "sessions_mb_total": round(sum(sessions), 1), "sessions": len(sessions)}  # fmt: skip
    return lag, notes, data


async def _run(
    url: str, token: str, students: int, pid: int
) -> tuple[list[float], tuple[float, list[float]]]:
    import aiohttp as http_  # (textual-serve's dependency: only for this figure)

    timeout = http_.ClientTimeout(total=1800)
    sent: dict[str, list[float]] = {}
    lags: list[float] = []
    done = asyncio.Event()

    async def student(i: int) -> None:
        name = f"Student {i:02d}"
        start = 1000 * (i + 1) + 7
        async with http_.ClientSession(
            cookie_jar=http_.CookieJar(unsafe=True), timeout=timeout
        ) as s:
            async with s.post(f"{url}/join", data={"name": name}):
                pass
            async with s.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                await ws.send_json(["resize", {"width": 80, "height": 24}])
                seen = ""

                async def until(text: str) -> None:
                    nonlocal seen
                    while text not in seen:
                        msg = await ws.receive()
                        if msg.type == http_.WSMsgType.BINARY:
                            seen += msg.data.decode("utf-8", "replace")
                        elif msg.type != http_.WSMsgType.TEXT:
                            raise RuntimeError(f"{name}: the session closed")
                    seen = ""

                async def keys(text: str) -> None:
                    for ch in text:
                        await ws.send_json(["stdin", ch])

                await until("take a perfect square")
                await asyncio.sleep(1.0)
                await keys("\r")
                await until("New one-pile game")
                await asyncio.sleep(0.5)
                await keys(f"{start}\r")
                await until(f"→ {start - 1}")
                sent[name] = []
                for _ in range(MOVES):
                    await asyncio.sleep(GAP)
                    sent[name].append(time.monotonic())
                    await keys("1\r")

    async def teacher() -> None:
        last: dict[str, float] = {}
        async with http_.ClientSession(timeout=timeout) as s:
            while not done.is_set():
                async with s.get(f"{url}/teacher/state", headers={"X-Teacher-Token": token}) as r:
                    state = await r.json()
                now = time.time()  # (the events' own times are this machine's clock too)
                for row in state["rows"]:
                    at = row["last_active"]
                    if at is not None and at > last.get(row["name"], 0.0):
                        if row["name"] in last:  # (not the first look: it may be old)
                            lags.append(max(0.0, now - at))
                        last[row["name"]] = at
                await asyncio.sleep(POLL)

    memory: list[tuple[float, list[float]]] = []

    async def measure() -> None:
        await asyncio.sleep(5)
        while not done.is_set():
            if sum(len(v) for v in sent.values()) >= students * MOVES // 2:
                memory.append((_rss_mb(pid), [_rss_mb(c) for c in _sessions(pid)]))
                return
            await asyncio.sleep(1)

    watcher = asyncio.create_task(teacher())
    sizer = asyncio.create_task(measure())
    try:
        await asyncio.wait_for(asyncio.gather(*(student(i) for i in range(students))), 1800)
        await asyncio.sleep(3 * POLL + 1.0)  # the last events reach the view
    finally:
        done.set()
        await watcher
        await sizer
    return lags, memory[0] if memory else (_rss_mb(pid), [])
