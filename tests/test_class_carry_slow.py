"""Two real ``serve --class`` nodes as two machines, each with its own data folder, sharing
one class store: a student plays on node 1 (a saved game in node 1's folder), node 1 is
killed with kill -9, and the same cookie on node 2 opens a session whose folder has the
saved game back (the menu offers to continue it).

With PostgreSQL (``squaregame.classroom.pgserver`` and Debian's binaries) each node has a
data folder of its own and the store is ``SQUAREGAME_STORE``; without it the nodes share
the SQLite file of one data folder, and node 1's students' folders are removed after the
kill (the other machine never had them)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from serve_helpers import Tab, free_port, until_true, wait_listening

from squaregame.classroom.store import ClassStore

pytestmark = pytest.mark.slow
CLASS = "7B maths"
ROOT = Path(__file__).resolve().parents[1]


def postgres() -> Any:
    """A TemporaryPostgres to start, or None (no such module yet, or no binaries)."""
    try:
        pg = importlib.import_module("squaregame.classroom.pgserver")
    except ImportError:
        return None
    if pg.find_binaries() is None:
        assert not os.environ.get("SQUAREGAME_CI"), "PostgreSQL is needed in CI"
        return None
    return pg.TemporaryPostgres()


class Machines:
    """Nodes of one class, each with a data folder of its own when the store is shared."""

    def __init__(self, tmp: Path, url: str | None) -> None:
        self.tmp, self.url, self.secret = tmp, url, tmp / "teacher.txt"
        self.procs: list[tuple[subprocess.Popen[bytes], Path]] = []

    def data(self, n: int) -> Path:
        return self.tmp / (f"machine{n}" if self.url else "data")

    def start(self, n: int) -> int:
        port = free_port()
        log = self.tmp / f"node{n}.log"
        env = {
            **os.environ,
            "SQUAREGAME_DATA_DIR": str(self.data(n)),
            "SQUAREGAME_CACHE_DIR": str(self.tmp / "cache"),
            "PYTHONPATH": str(ROOT),
        }
        if self.url:
            env["SQUAREGAME_STORE"] = self.url
        argv = [sys.executable, "-m", "squaregame", "serve", "--class", CLASS, "--port", str(port)]
        with open(log, "wb") as out:
            proc = subprocess.Popen([*argv, "--teacher-token", str(self.secret)], stdout=out,
                                    stderr=out, env=env)  # fmt: skip
        wait_listening(port, proc, log)
        self.procs.append((proc, log))
        return port

    def store(self) -> ClassStore:
        if self.url:
            stores = importlib.import_module("squaregame.classroom.stores")
            return stores.open_store(self.url, self.data(1))  # type: ignore[no-any-return]
        return ClassStore.open(self.data(1), set_aside=False)

    def stop(self) -> None:
        for proc, _log in self.procs:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


@pytest.fixture
def machines(tmp_path: Path) -> Iterator[Machines]:
    pg = postgres()
    with pg if pg is not None else contextlib.nullcontext():
        m = Machines(tmp_path, pg.url if pg is not None else None)
        try:
            yield m
        finally:
            m.stop()
        for _proc, log in m.procs:
            assert "Traceback" not in log.read_text(), log.read_text()[-2000:]


def saved_games(data: Path) -> dict[str, str]:
    """The saved games in the students' folders of ``data``: file name → text."""
    return {p.name: p.read_text() for p in sorted((data / "students").glob("*/games/*.json"))}


def test_a_students_saved_game_follows_them_to_another_machine(machines: Machines) -> None:
    one = machines.start(1)
    two = machines.start(2)

    async def main() -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            async with http.post(f"http://127.0.0.1:{one}/join", data={"name": "Ana"}) as r:
                assert r.status == 200
            ws = await http.ws_connect(f"http://127.0.0.1:{one}/ws?width=80&height=24")
            s = await Tab(ws).open()
            await s.squares_from(30)
            await s.keys("4\r")  # 30 → 26: a move, saved in node 1's folder

            async def saved_on_one() -> bool:
                return any('"moves"' in t for t in saved_games(machines.data(1)).values())

            await until_true(saved_on_one, "a saved game in node 1's folder")

            def kept() -> dict[str, str | None]:
                store = machines.store()
                try:
                    (sid,) = [st.id for st in store.students(CLASS)]
                    return {
                        n.removeprefix("games/"): store.file_body(sid, n)
                        for n in store.file_times(sid)
                        if n.startswith("games/")
                    }
                finally:
                    store.close()

            async def carried() -> bool:  # (the store's copy is node 1's, as it is now)
                return saved_games(machines.data(1)) == kept()

            await until_true(carried, "node 1's saved game in the class store")
            os.kill(machines.procs[0][0].pid, signal.SIGKILL)
            machines.procs[0][0].wait(timeout=30)
            await ws.close()
            expected = kept()  # (what node 1 carried last, before its kill)
            assert any('"moves"' in (t or "") for t in expected.values()), expected
            if not machines.url:  # one disk here: node 2's machine never had that folder
                shutil.rmtree(machines.data(1) / "students")
            assert saved_games(machines.data(2)) == {}
            async with http.ws_connect(f"http://127.0.0.1:{two}/ws?width=80&height=24") as ws2:
                s2 = await Tab(ws2).open()
                await s2.until("Continue:", 60)  # the menu offers the game saved on node 1
                assert saved_games(machines.data(2)) == expected

    asyncio.run(main())
