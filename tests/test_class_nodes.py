"""Several servers (nodes) serving one class: each node's heartbeat in the store, the
teacher's view on any node shows the whole class, a challenge set on one node reaches a
student on another, and a node gone silent (kill -9) stops counting."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import pytest
from serve_helpers import CLASS, TOKEN, Tab, class_room, classroom, eventually, until_true

from squaregame.classroom import presence
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.store import ClassStore
from squaregame.cli.classes import DELETE_AFTER_SILENCE
from squaregame.cli.main import main
from squaregame.core.errors import GameError

TEACHER = {"X-Teacher-Token": TOKEN}


@pytest.fixture
def room(tmp_path: Path) -> ClassConfig:
    return class_room(tmp_path)


def test_each_nodes_presence_counts_while_it_beats(tmp_path: Path) -> None:
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    store.create_class("8C")
    ana, bo = store.join("7B", "Ana"), store.join("7B", "Bo")
    stranger = store.join("8C", "Cy")
    store.beat("7B", "n1", "host:1", {ana: 1, bo: 0})
    store.beat("7B", "n2", "host:2", {ana: 2, bo: 1, stranger: 1})  # (Cy: not of 7B)
    since = time.time() - presence.STALE
    assert store.present("7B", since) == {ana: 3, bo: 1}
    assert store.present("8C", since) == {}
    assert [label for _n, label, _s in store.nodes("7B", since)] == ["host:1", "host:2"]
    store.beat("7B", "n2", "host:2", {bo: 1})  # (a beat replaces the node's rows)
    assert store.present("7B", since) == {ana: 1, bo: 1}
    # a node not heard from since (killed): its rows no longer count
    assert store.present("7B", time.time() + 1) == {}
    store.leave("n1")  # a clean shutdown: its rows go at once
    assert store.present("7B", since) == {bo: 1}
    assert store.db.execute("SELECT COUNT(*) FROM presence WHERE node_id = 'n1'").fetchone()[0] == 0
    store.leave("n3", before=time.time() + 1)  # (any node long silent goes too)
    assert store.db.execute("SELECT COUNT(*) FROM nodes").fetchone()[0] == 0
    store.beat("7B", "n1", "host:1", {ana: 1})
    store.delete_class("7B")  # (its nodes' rows go with it)
    assert store.db.execute("SELECT COUNT(*) FROM nodes").fetchone()[0] == 0
    store.close()


def test_a_student_on_one_node_is_seen_and_challenged_from_another(
    tmp_path: Path, room: ClassConfig
) -> None:
    async def state(http: aiohttp.ClientSession, url: str) -> dict[str, object]:
        async with http.get(f"{url}/teacher/state", headers=TEACHER) as r:
            assert r.status == 200
            return dict(await r.json())

    async def main() -> None:
        async with (
            classroom(tmp_path / "s", room) as (one, url1, http),
            classroom(tmp_path / "s", room) as (two, url2, _http2),
        ):
            assert one.room is not None and two.room is not None
            assert one.room.presence.node != two.room.presence.node
            async with http.post(f"{url1}/join", data={"name": "Ana"}) as r:
                assert r.status == 200  # (followed to the app's page)
            async with http.get(f"{url2}/me") as r:  # the cookie works on any node
                assert r.status == 200 and (await r.json())["name"] == "Ana"
            async with http.get(f"{url2}/", headers={"X-Forwarded-Proto": "https"}) as r:
                assert "wss://127.0.0.1:" in await r.text()  # (HTTPS at a reverse proxy)
            async with http.ws_connect(f"{url1}/ws?width=80&height=24") as ws:
                tab = await Tab(ws).open()
                await tab.until("take a perfect square", 60)
                rows: list[dict[str, object]] = []

                async def seen_online() -> bool:
                    rows[:] = (await state(http, url2))["rows"]  # type: ignore[index]
                    return bool(rows) and rows[0]["online"] is True

                await until_true(seen_online, "Ana online in node 2's view")
                assert rows[0]["name"] == "Ana" and two.room.online == {}  # (not its session)
                async with http.post(
                    f"{url2}/teacher/challenge",
                    json={"game": "nim", "position": "5", "ask": "grundy"},
                    headers=TEACHER,
                ) as r:
                    assert (await r.json())["ok"] is True
                await tab.until("F2", 30)  # the challenge set on node 2, in node 1's session
                board = (await state(http, url1))["scoreboard"]
                assert [b["student"] for b in board] == ["Ana"]  # type: ignore[index]

            async def seen_offline() -> bool:
                rows[:] = (await state(http, url2))["rows"]  # type: ignore[index]
                return rows[0]["online"] is False

            await until_true(seen_offline, "Ana offline in node 2's view once her tab closed")
        store = ClassStore.open(room.folder)
        assert store.present(CLASS, 0.0) == {}  # (both nodes left: their rows went)
        store.close()

    asyncio.run(main())


def test_a_silent_node_stops_counting(tmp_path: Path, room: ClassConfig) -> None:
    """A node killed mid-class writes no more heartbeats: its students go offline in the
    other nodes' views once its last beat is :data:`presence.STALE` old."""
    store = ClassStore.open(room.folder)
    ana = store.join(CLASS, "Ana")
    store.beat(CLASS, "killed", "elsewhere:1", {ana: 1})  # (its last beat: now)

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            assert server.room is not None

            async def online() -> object:
                async with http.get(f"{url}/teacher/state", headers=TEACHER) as r:
                    return (await r.json())["online"]

            assert await online() == 1  # (fresh: Ana counts, though on no session here)
            old = time.time() - presence.STALE - 1  # as if that much time went by since
            store.db.execute("UPDATE nodes SET seen = ? WHERE id = 'killed'", (old,))
            await until_true(lambda: _is(online, 0), "the silent node's student gone")

    asyncio.run(main())
    store.close()


async def _is(f: object, value: object) -> bool:
    return bool(await f() == value)  # type: ignore[operator]


def test_the_watch_counts_every_nodes_students(tmp_path: Path) -> None:
    """``class watch`` (on any machine): the nodes' heartbeats say who is online; with none
    heard from, the events do while a server on this machine serves the file, else nobody."""
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    ana, bo = store.join("7B", "Ana"), store.join("7B", "Bo")
    assert presence.online_now(store, "7B", served_here=False) == set()
    assert presence.online_now(store, "7B", served_here=True) is None
    store.beat("7B", "n1", "host:1", {bo: 1})
    store.beat("7B", "n2", "elsewhere:2", {})
    for here in (False, True):
        assert presence.online_now(store, "7B", served_here=here) == {bo}
    assert ana not in presence.online_now(store, "7B", served_here=True)  # type: ignore[operator]
    store.close()


def test_a_class_a_node_serves_is_not_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A node heard from (on any machine: no lock here says so) keeps the class from
    ``class delete``; once it is silent, the class may go."""
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    store.beat("7B", "n1", "elsewhere:1", {})
    assert main(["class", "delete", "7B"]) == 2
    err = capsys.readouterr().err
    assert "stop every server" in err and len(err.splitlines()) == 1
    # a node whose heartbeat is held up (a busy node, a clock a little off) still counts
    store.db.execute("UPDATE nodes SET seen = ?", (time.time() - presence.STALE - 1,))
    assert main(["class", "delete", "7B"]) == 2
    capsys.readouterr()
    store.db.execute("UPDATE nodes SET seen = ?", (time.time() - DELETE_AFTER_SILENCE - 1,))
    store.close()
    assert main(["class", "delete", "7B"]) == 0


def test_the_served_check_and_the_delete_are_one_statement(tmp_path: Path) -> None:
    """The store refuses the delete itself while a node was heard from: a heartbeat that
    comes between a look at the nodes and the delete cannot be missed."""
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    store.beat("7B", "n1", "elsewhere:1", {})
    with pytest.raises(GameError, match="served_delete"):
        store.delete_class("7B", time.time() - 60)
    assert store.classes() == [("7B", 0)]
    with pytest.raises(GameError, match="no_class"):
        store.delete_class("8C", time.time() - 60)
    store.delete_class("7B", time.time() + 1)  # (silent since)
    assert store.classes() == []
    store.close()


def test_a_failing_heartbeat_is_said_once_and_tried_again(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(presence, "BEAT", 0.01)
    calls: list[object] = []

    async def call(f: object, *args: object) -> None:
        calls.append((f, *args))
        if len(calls) < 5:
            raise OSError("disk full")

    async def main() -> None:
        p = presence.Presence(call, "7B", {3: 1})
        store = SimpleNamespace(beat="beat", leave="leave")  # (only passed to ``call``)
        p.start(store)  # type: ignore[arg-type]
        await eventually(lambda: p.beats >= 1, what="a beat once the store works again")
        await p.stop()
        assert calls[0] == ("beat", "7B", p.node, p.label, {3: 1})
        assert calls[-1][:2] == ("leave", p.node)  # type: ignore[index]  # (its rows: gone)

    with caplog.at_level("WARNING", logger="squaregame.class"):
        asyncio.run(main())
    said = [r.getMessage() for r in caplog.records if "online" in r.getMessage()]
    assert len(said) == 1 and "OSError: disk full" in said[0], said


def test_a_store_away_is_a_503_in_the_classs_words_and_said_once(
    tmp_path: Path, room: ClassConfig, caplog: pytest.LogCaptureFixture
) -> None:
    """The database is away (restarting): the teacher's view and a student's page get a
    503 with a line in the class's language and ``Retry-After``, not "internal error";
    the log says it once; once the store answers again, so does the page."""
    import sqlite3

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            assert server.room is not None and server.room.store is not None
            store = server.room.store
            real = store.present

            def away(*args: object) -> object:
                raise sqlite3.OperationalError("the connection is closed")

            store.present = away  # type: ignore[method-assign]
            for _ in range(3):
                server.room._looked = 0.0  # (each a fresh look)
                async with http.get(f"{url}/teacher/state", headers=TEACHER) as r:
                    assert r.status == 503 and r.headers["Retry-After"] == "5"
                    assert "database is away" in await r.text()
            store.present = real  # type: ignore[method-assign]
            server.room._looked = 0.0
            async with http.get(f"{url}/teacher/state", headers=TEACHER) as r:
                assert r.status == 200
            async with http.get(f"{url}/me") as r:  # (no cookie: a student's words)
                assert r.status == 403 and "join" in (await r.text()).lower()

    with caplog.at_level("WARNING", logger="squaregame.serve"):
        asyncio.run(main())
    said = [r for r in caplog.records if "cannot be reached" in r.getMessage()]
    assert len(said) == 1, [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("turns", range(5))
def test_a_stop_as_a_session_starts_or_ends_still_stops_the_heartbeat(turns: int) -> None:
    """A node's stop came in the very turn its wait for "a session changed" ended: Python
    3.11's ``asyncio.wait_for`` then returned the event and dropped the cancel, the heartbeat
    beat on for ever and the server's shutdown waited on it (a test run hung so). Every
    spacing of the change and the stop within a few turns of the loop is tried."""

    async def call(f: object, *args: object) -> None:
        return None

    async def main() -> None:
        p = presence.Presence(call, "7B", {})
        p.start(SimpleNamespace(beat="beat", leave="leave"))  # type: ignore[arg-type]
        await eventually(lambda: p.beats >= 1, what="the first beat")
        for _ in range(3):
            await asyncio.sleep(0)  # (the heartbeat is waiting for a change, or the beat)
        beats = p.beats
        p.changed()
        for _ in range(turns):
            await asyncio.sleep(0)
        stopping = asyncio.ensure_future(p.stop())
        done, _ = await asyncio.wait({stopping}, timeout=30)
        assert stopping in done, "the heartbeat went on after its stop"
        assert p.beats <= beats + 1  # (at most the beat the change asked for)

    asyncio.run(main())
