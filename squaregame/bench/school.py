"""``squaregame bench --only school``: several ``serve --class`` nodes on one class store, and
how far behind one node's teacher view is.

``--nodes`` real ``serve --class`` processes (2 by default) serve one class over one store:
PostgreSQL (``--store postgres``, the default: a throwaway cluster of Debian's binaries on a
Unix socket, :mod:`squaregame.classroom.pgserver`; each node its own data folder, as on
machines of their own) or SQLite (``--store sqlite``: one data folder for every node, as on
one machine). ``--students`` students (40 by default) are dealt to the nodes in turn; each
joins on its node, opens its session over that node's websocket as the page's script does,
starts a Squares game and makes :data:`MOVES` moves, one every :data:`GAP` seconds, each
waited on until the app shows it. The teacher's view is read from the LAST node only, every
:data:`POLL` seconds. At the end the class's events are read from the store itself:

* the lag of *every* event: from the session writing it (its own time, this machine's clock)
  to the first look at the view that shows it (the student's ``last_active`` at or past it);
* events lost: the moves the students made (each one the app showed) that the store lacks —
  must be 0;
* memory: each session's USS (its own pages) and PSS (its share of what it shares) from
  ``/proc/PID/smaps_rollup``, and each node's resident size; a few students
  (:data:`TEXT_STUDENTS`) on the accessible page's text mode (``/text/ws``), measured apart.

Next to it the same class on ONE node over SQLite (the embedded default), unless that is
what was asked. Latencies, not ratios: there is nothing to pair them with; the command that
gives them is printed.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from squaregame.bench.class_load import GOAL, POLL, _rss_mb
from squaregame.bench.groups import Latency
from squaregame.bench.nodes import (
    Nodes,
    fork_split,
    nothing,
    postgres,
    sessions_of,
    smaps,
    stored_events,
)
from squaregame.text import tr

MOVES = 5  # each app student's moves
GAP = 3.0  # seconds between a student's moves
TEXT_STUDENTS = 4  # students on the text-mode page (at most the class's students)
STORES = ("postgres", "sqlite")
WAIT = 600.0  # seconds for one step a student waits on (a hang guard, not a figure)
TEXT_MENU = "squaregame in text mode. Type a number, or quit."
GAME_OVER = "won in"  # the app's words when a game has ended ("The computer won in 6 moves.")
NEW_GAME = "No moves yet."  # a game's list of moves before its first
ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])")  # a terminal's control sequences


def move_line(n: int) -> str:
    """The app's list of moves, its ``n``-th line: ``3. You      take 1 → 521`` (the pile
    after it: group 1)."""
    return rf"(?<!\d){n}\. (?:You|Computer)\s+take\s+\d+ → (\d+)"


@dataclass(frozen=True)
class Setup:
    nodes: int
    students: int
    store: str  # one of STORES

    @property
    def key(self) -> str:
        return f"{self.nodes}x{self.students}-{self.store}"


@dataclass
class Run:
    """What one setup's run saw."""

    looks: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # name → (T, last)
    moves_made: dict[str, int] = field(default_factory=dict)  # name → moves the app showed
    app_memory: list[tuple[float, float]] = field(default_factory=list)  # (USS, PSS) MB
    text_memory: list[tuple[float, float]] = field(default_factory=list)
    app_copied: list[tuple[float, float]] | None = field(default_factory=list)  # (copied, new) MB
    nodes_mb: list[float] = field(default_factory=list)  # each node's own resident size
    helpers: int = 0  # the nodes' other processes (neither node nor session)
    ended: float = float("inf")  # when the last student was done (this machine's clock)


# -- the run -------------------------------------------------------------------------------


def school_load(setups: list[Setup]) -> tuple[list[Latency], list[str], dict[str, Any]]:
    """Each setup run in turn: the teacher's view's lag of each, the lines of the rest of
    the report and their figures."""
    lags, notes, data = [], [], {}
    for setup in setups:
        lag, said, figures = run_setup(setup)
        lags.append(lag)
        notes += said
        data[setup.key] = figures
    return lags, notes, data


def run_setup(setup: Setup) -> tuple[Latency, list[str], dict[str, Any]]:
    folder = Path(tempfile.mkdtemp(prefix="squaregame-bench-school-"))
    try:
        with postgres() if setup.store == "postgres" else nothing() as url:
            nodes = Nodes(folder, setup.nodes, url)
            try:
                nodes.start()
                token = nodes.token_file.read_text().strip()
                run = asyncio.run(_run(nodes, token, setup.students))
                events = stored_events(url, nodes.data(0))
            finally:
                nodes.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return figures(setup, run, events)


async def _run(nodes: Nodes, token: str, students: int) -> Run:
    import aiohttp as http_  # (textual-serve's dependency: only for this figure)

    run = Run()
    timeout = http_.ClientTimeout(total=1800)
    done, app_measured, text_measured = asyncio.Event(), asyncio.Event(), asyncio.Event()
    texts = min(TEXT_STUDENTS, students)
    text_ready: list[str] = []
    app_pids: set[int] = set()
    pids = [p.pid for p in nodes.procs]

    async def joined(s: Any, url: str, name: str) -> None:
        for _ in range(60):  # (a server that limits joins an address makes says when)
            async with s.post(f"{url}/join", data={"name": name}) as r:
                if r.status != 429:
                    r.raise_for_status()
                    return
                wait = r.headers.get("Retry-After", "1")
            await asyncio.sleep(float(wait) if wait.isdigit() else 1.0)
        raise RuntimeError(f"{name}: never let in")

    async def student(i: int) -> None:
        name, url = f"Student {i:02d}", nodes.url_of(i % nodes.count)
        start = 1000 * (i + 1) + 7
        jar = http_.CookieJar(unsafe=True)
        async with http_.ClientSession(cookie_jar=jar, timeout=timeout) as s:
            await joined(s, url, name)
            async with s.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                await ws.send_json(["resize", {"width": 80, "height": 24}])
                plain = ""  # what the screen said since the last clear, without its escapes

                async def until(pattern: str) -> re.Match[str]:
                    nonlocal plain
                    found = re.compile(pattern)
                    while (match := found.search(plain)) is None:
                        msg = await asyncio.wait_for(ws.receive(), WAIT)
                        if msg.type == http_.WSMsgType.BINARY:
                            plain += ESCAPES.sub("", msg.data.decode("utf-8", "replace"))
                        elif msg.type != http_.WSMsgType.TEXT:
                            raise RuntimeError(f"{name}: the session closed")
                    return match

                async def keys(text: str) -> None:
                    nonlocal plain
                    plain = ""
                    for ch in text:
                        await ws.send_json(["stdin", ch])

                await until(re.escape("take a perfect square"))
                await asyncio.sleep(1.0)
                await keys("\r")
                await until(re.escape("New one-pile game"))
                await asyncio.sleep(0.5)
                await keys(f"{start}\r")
                await until(re.escape(f"→ {start - 1}"))
                run.moves_made[name], in_game = 0, 0
                for _ in range(MOVES):
                    await asyncio.sleep(GAP)
                    await keys("1\r")
                    in_game += 1  # the app took it when its list of moves shows it
                    # (the dialog at a game's end may cover its last line)
                    over = f"|{re.escape(GAME_OVER)}"
                    pile = (await until(move_line(2 * in_game - 1) + over))[1]
                    run.moves_made[name] += 1
                    if pile not in (None, "0"):  # and the computer's reply
                        pile = (await until(move_line(2 * in_game) + over))[1]
                    if pile in (None, "0"):  # the game is over: the same game again
                        await until(re.escape(GAME_OVER))
                        await keys("a")
                        await until(re.escape(NEW_GAME))
                        in_game = 0

    async def text_student(i: int) -> None:
        name, url = f"Reader {i:02d}", nodes.url_of(i % nodes.count)
        await app_measured.wait()
        jar = http_.CookieJar(unsafe=True)
        async with http_.ClientSession(cookie_jar=jar, timeout=timeout) as s:
            await joined(s, url, name)
            async with s.ws_connect(url.replace("http://", "ws://") + "/text/ws") as ws:
                said: list[str] = []

                async def until(text: str) -> None:
                    start = len(said)
                    while not any(text in line for line in said[start:]):
                        msg = await asyncio.wait_for(ws.receive(), WAIT)
                        if msg.type != http_.WSMsgType.TEXT:
                            raise RuntimeError(f"{name}: the text session closed")
                        said.append(str(msg.json()[1]))

                async def line(text: str) -> None:
                    await ws.send_json(["line", text])

                await until(TEXT_MENU)
                await line("1")  # one-pile games
                await until("Which game?")
                await line("1")  # squares
                await until("an empty line for a random start")
                await line("200")
                await until("Squares: a pile of 200")
                text_ready.append(name)
                if len(text_ready) == texts:
                    run.text_memory = _sessions_memory(pids, exclude=app_pids)
                    text_measured.set()
                await text_measured.wait()
                run.moves_made[name] = 0
                await line("1")
                await until("Squares: a pile of")  # (after the computer's reply)
                run.moves_made[name] = 1

    async def teacher() -> None:
        url = nodes.url_of(nodes.count - 1)  # the last node's view: every node's students
        async with http_.ClientSession(timeout=timeout) as s:
            while not done.is_set():
                async with s.get(f"{url}/teacher/state", headers={"X-Teacher-Token": token}) as r:
                    state = await r.json()
                now = time.time()  # (the events' own times are this machine's clock too)
                for row in state["rows"]:
                    if row["last_active"] is not None:
                        run.looks.setdefault(row["name"], []).append((now, row["last_active"]))
                await asyncio.sleep(POLL)

    async def measure() -> None:
        while not done.is_set():
            if sum(run.moves_made.values()) >= students * MOVES // 2:
                break
            await asyncio.sleep(1)
        leaves, others = sessions_of(pids)
        app_pids.update(leaves)
        run.app_memory = _sessions_memory(pids, exclude=set())
        run.app_copied = fork_split(leaves, others)
        run.nodes_mb = [_rss_mb(pid) for pid in pids]
        run.helpers = len(others)
        app_measured.set()

    watcher = asyncio.create_task(teacher())
    sizer = asyncio.create_task(measure())
    try:
        everyone = [student(i) for i in range(students)]
        everyone += [text_student(i) for i in range(texts)]
        await asyncio.wait_for(asyncio.gather(*everyone), 1800)
        run.ended = time.time()
        await asyncio.sleep(3 * POLL + 1.0)  # the last events reach the view
    finally:
        done.set()
        app_measured.set()
        text_measured.set()
        await watcher
        await sizer
    return run


def _sessions_memory(pids: list[int], exclude: set[int]) -> list[tuple[float, float]]:
    leaves, _ = sessions_of(pids)
    sizes = (smaps(pid) for pid in leaves if pid not in exclude)
    return [s for s in sizes if s is not None]


# -- the figures ---------------------------------------------------------------------------


def lags_of(
    events: list[tuple[str, float, str, bool]],
    looks: dict[str, list[tuple[float, float]]],
    ended: float = float("inf"),
) -> tuple[list[float], int]:
    """Each event's lag — the first look whose ``last_active`` for its student is at or
    past the event's time, less that time — and how many events no look showed (but those
    written after the students had all ``ended``: a session's end, as the view stops)."""
    lags, unseen = [], 0
    for name, at, _, _ in events:
        shown = next((t for t, last in looks.get(name, []) if last >= at), None)
        if shown is None:
            unseen += at <= ended
        else:
            lags.append(max(0.0, shown - at))
    return lags, unseen


def _mb(values: list[float], how: str) -> str:
    if not values:
        return "–"
    return f"{(statistics.median(values) if how == 'median' else max(values)):.1f}"


def figures(
    setup: Setup, run: Run, events: list[tuple[str, float, str, bool]]
) -> tuple[Latency, list[str], dict[str, Any]]:
    lags, unseen = lags_of(events, run.looks, run.ended)
    stored: dict[str, int] = {}
    for name, _, _, own in events:
        stored[name] = stored.get(name, 0) + own
    lost = sum(max(0, made - stored.get(name, 0)) for name, made in run.moves_made.items())
    made = sum(run.moves_made.values())
    where = tr(f"cli.bench.school.setup.{setup.store}", nodes=setup.nodes)
    lag = Latency(f"teacher-view-lag-{setup.key}",
                  tr("cli.bench.school.lag", setup=where, node=setup.nodes, poll=POLL),
                  tuple(lags or [0.0]), GOAL, on="max", unit="s")  # fmt: skip
    uss = [u for u, _ in run.app_memory]
    pss = [p for _, p in run.app_memory]
    t_uss = [u for u, _ in run.text_memory]
    t_pss = [p for _, p in run.text_memory]
    nodes_mb = ", ".join(f"{mb:.0f}" for mb in run.nodes_mb) or "–"
    notes = [
        tr("cli.bench.school.events", setup=where, events=len(events), shown=len(lags),
           unseen=unseen, made=made, lost=lost),
        tr("cli.bench.school.memory", setup=where, uss=_mb(uss, "median"),
           uss_max=_mb(uss, "max"), pss=_mb(pss, "median"), pss_max=_mb(pss, "max"),
           sessions=len(uss), nodes=nodes_mb, helpers=run.helpers),
    ]  # fmt: skip
    copied = run.app_copied
    if copied is None:
        notes.append(tr("cli.bench.school.copied_unread", setup=where))
    elif copied:
        notes.append(
            tr(
                "cli.bench.school.copied",
                setup=where,
                copied=_mb([c for c, _ in copied], "median"),
                new=_mb([n for _, n in copied], "median"),
                sessions=len(copied),
            )
        )
    if t_uss:
        less = statistics.median(uss) - statistics.median(t_uss) if uss else 0.0
        notes.append(tr("cli.bench.school.text", setup=where, uss=_mb(t_uss, "median"),
                        pss=_mb(t_pss, "median"), sessions=len(t_uss),
                        less=f"{less:.1f}"))  # fmt: skip
    data = {
        "nodes": setup.nodes, "students": setup.students, "store": setup.store,
        "text_students": len(t_uss), "moves_each": MOVES, "events_stored": len(events),
        "events_shown": len(lags), "events_unseen": unseen, "moves_made": made,
        "events_lost": lost,
        "session_uss_mb": [round(u, 1) for u in uss], "session_pss_mb": [round(p, 1) for p in pss],
        "session_copied_mb": None if copied is None else [round(c, 1) for c, _ in copied],
        "session_new_mb": None if copied is None else [round(n, 1) for _, n in copied],
        "text_uss_mb": [round(u, 1) for u in t_uss], "text_pss_mb": [round(p, 1) for p in t_pss],
        "nodes_rss_mb": [round(mb, 1) for mb in run.nodes_mb], "helper_processes": run.helpers,
    }  # fmt: skip
    return lag, notes, data
