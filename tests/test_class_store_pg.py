"""The class store on PostgreSQL (a real server: tests/pg_fixture.py): ``--store`` and
``SQUAREGAME_STORE`` on the class commands as real processes, a newer schema or another
program's database refused and left alone, every unreachable or malformed store one line
(never its password), two servers migrating at once, and a served class's sessions and
students reaching the same store."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from serve_helpers import CLASS, TOKEN, Tab, classroom

from squaregame.classroom.child import STORE_ENV
from squaregame.classroom.dialect import StoreOperationalError, masked
from squaregame.classroom.link import StoreLink
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.schema import SCHEMA_VERSION
from squaregame.classroom.stores import open_store
from squaregame.cli.serve_class import open_class
from squaregame.core.errors import GameError


def squaregame(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "squaregame", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture
def in_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``squaregame ARGV…`` as :func:`squaregame` runs it, but in this process (``main``): for
    the many refusals of a class command (the real processes are tested above and below)."""

    def call(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        with monkeypatch.context() as patched:
            for name, value in (env or {}).items():
                patched.setenv(name, value)
            code, out, err = run(capsys, *argv)
        return subprocess.CompletedProcess(list(argv), code, out, err)

    return call


def one_line(run: subprocess.CompletedProcess[str], *said: str) -> str:
    assert run.returncode == 2, (run.stdout, run.stderr)
    err = run.stderr
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err
    assert all(s in err for s in said), err
    return err


def psql(url: str, *statements: str) -> None:
    import psycopg  # (the fixture has checked it is there)

    with psycopg.connect(url, autocommit=True) as db:
        for statement in statements:
            db.execute(statement)  # type: ignore[arg-type]  (our own literal SQL)


def test_class_create_and_list_with_store_as_real_processes(tmp_path: Path, pg_url: str) -> None:
    env = {"SQUAREGAME_DATA_DIR": str(tmp_path / "data")}
    made = squaregame("class", "create", "7B", "--store", pg_url, env=env)
    assert made.returncode == 0 and "7B" in made.stdout, made.stderr
    listed = squaregame("class", "list", "--store", pg_url, env=env)
    assert listed.returncode == 0 and listed.stdout == "7B: 0 students\n", listed.stderr
    assert not (tmp_path / "data" / "classes.sqlite3").exists()  # nothing written beside
    by_env = squaregame("class", "list", env={**env, "SQUAREGAME_STORE": pg_url})
    assert by_env.stdout == "7B: 0 students\n", by_env.stderr
    # the flag wins over the environment
    wins = squaregame(
        "class", "list", "--store", pg_url, env={**env, "SQUAREGAME_STORE": "mysql://x"}
    )
    assert wins.stdout == "7B: 0 students\n", wins.stderr


def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path, pg_url: str) -> None:
    psql(
        pg_url,
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "INSERT INTO meta VALUES ('schema', '99')",
    )
    with pytest.raises(GameError) as refused:
        open_store(pg_url, tmp_path)
    assert refused.value.key == "serve.class.errors.newer"
    one_line(squaregame("class", "list", "--store", pg_url), "newer", "99")
    import psycopg  # (the fixture has checked it is there)

    with psycopg.connect(pg_url) as db:  # left as it was
        assert db.execute("SELECT value FROM meta").fetchall() == [("99",)]


def test_another_programs_database_is_refused_never_set_aside(tmp_path: Path, pg_url: str) -> None:
    psql(pg_url, "CREATE TABLE recipes (name TEXT)", "INSERT INTO recipes VALUES ('soup')")
    with pytest.raises(GameError) as refused:
        open_store(pg_url, tmp_path)
    assert refused.value.key == "serve.class.errors.store_not_ours"
    import psycopg  # (the fixture has checked it is there)

    with psycopg.connect(pg_url) as db:
        assert db.execute("SELECT name FROM recipes").fetchall() == [("soup",)]
        tables = db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchall()
    assert tables == [("recipes",)]


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql://ana:s3cret@/squaregame?host=/nonexistent-sg", "cannot reach"),
        ("postgresql:///squaregame?host=/nonexistent-sg&password=s3cret", "cannot reach"),
        ("postgresql:///squaregame?nonsense=1", "not a class store"),
        ("postgresql://[broken", "not a class store"),
        ("mysql://ana:s3cret@db/x", "not a class store"),
        ("sqlite://relative/x", "not a class store"),
    ],
)
def test_an_unusable_store_is_one_line_without_its_password(
    url: str, said: str, in_process: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    for argv in (["class", "list"], ["class", "create", "7B"]):
        err = one_line(in_process(*argv, env={"SQUAREGAME_STORE": url}), said)
        assert "s3cret" not in err
        if "s3cret" not in url or url.startswith("mysql"):
            err = one_line(in_process(*argv, "--store", url), said)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://ana:s3cret@/squaregame?host=/nonexistent-sg",
        "postgresql:///squaregame?host=/nonexistent-sg&password=s3cret",
        "postgres://ana:s3cret@db.school/squaregame",
    ],
)
def test_a_password_on_the_command_line_is_refused(
    url: str, in_process: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    """Every user of the machine reads a process's command line (``ps``): a password given
    in ``--store`` is refused before anything is tried, and the line says where it goes.
    (``class list`` in this process; ``serve``, which would otherwise go on serving, as a
    real process.)"""
    for run_it, argv in (
        (in_process, ["class", "list", "--store", url]),
        (squaregame, ["serve", "--class", "7B", "--store", url]),
    ):
        err = one_line(run_it(*argv), "~/.pgpass", "SQUAREGAME_STORE")
        assert "s3cret" not in err


def test_a_missing_database_or_user_on_a_real_server_is_one_line(pg_url: str) -> None:
    for url, said in (
        (pg_url.replace("/t", "/no_such_db", 1), "no_such_db"),
        (pg_url.replace("user=", "user=ghost_", 1), "ghost_"),
    ):
        one_line(squaregame("class", "list", "--store", url), "cannot reach", said)


def test_psycopg_missing_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # (an import of it fails)
    with pytest.raises(GameError) as caught:
        open_store("postgresql:///x?host=/nowhere", tmp_path)
    assert caught.value.key == "serve.class.errors.store_no_psycopg"


def test_the_sqlite_store_never_imports_psycopg(tmp_path: Path) -> None:
    code = (
        "import sys; from squaregame.cli.main import main; main(['class', 'list']); "
        "main(['analyze', 'squares', '5']); print('psycopg' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SQUAREGAME_DATA_DIR": str(tmp_path)},
    )
    assert run.stdout.strip().splitlines()[-1] == "False", run.stderr


def test_a_password_is_masked() -> None:
    assert masked("postgresql://ana:s3cret@host:5432/db") == "postgresql://ana:***@host:5432/db"
    assert "s3cret" not in masked("postgres:///db?host=/x&password=s3cret&user=a")
    assert masked("postgresql:///db?host=/x") == "postgresql:///db?host=/x"


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_servers_migrating_at_once_migrate_once(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    """Four servers open one new store at the same moment; each opens it, at its newest
    version. SQLite: 100 rounds, each on a new file. Before the opening was serialised
    (``dbpath.one_opener``), about one round in ten refused a server ("database is
    locked", a disk I/O error, "no such table"): a CI run failed so."""
    url = None if backend == "sqlite" else str(request.getfixturevalue("pg_url"))
    for round_ in range(100 if url is None else 1):
        opened = _opened_at_once(url, tmp_path / str(round_))
        assert opened == [[(str(SCHEMA_VERSION),)]] * 4, (round_, opened)


def _opened_at_once(url: str | None, folder: Path) -> list[object]:
    """What four threads opening the store at one moment each read of its version (or
    the error that refused one)."""
    start = threading.Barrier(4)
    opened: list[object] = []

    def node() -> None:
        start.wait(timeout=60)
        try:
            store = open_store(url, folder)
        except Exception as exc:  # (said by the caller's assertion)
            opened.append(exc)
            return
        opened.append(store.db.execute("SELECT value FROM meta").fetchall())
        store.close()

    threads = [threading.Thread(target=node) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return opened


def test_a_session_link_and_serve_reach_the_postgres_store(tmp_path: Path, pg_url: str) -> None:
    room, lock = open_class("7B", None, url=pg_url)  # serve --class 7B --store URL
    lock.release()
    assert room.store == pg_url
    store = open_store(pg_url, tmp_path)
    try:
        assert store.classes() == [("7B", 0)]
        ana = store.join("7B", "Ana")
        link = StoreLink(tmp_path, ana, pg_url)  # as a session's process makes it
        link.record("move", {"verdict": "best"})
        link.close(timeout=30)
        assert link.failed is None
        assert [k for _at, k, _d in store.events(ana)] == ["move"]
    finally:
        store.close()


def test_a_student_joins_a_class_served_from_postgres(tmp_path: Path, pg_url: str) -> None:
    store = open_store(pg_url, tmp_path / "data")
    store.create_class(CLASS)
    store.close()
    (tmp_path / "s").mkdir()
    (tmp_path / "data").mkdir()  # (serve makes the data folder: the students' games)
    room = ClassConfig(tmp_path / "data", CLASS, TOKEN, pg_url)

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            async with http.post(f"{url}/join", data={"name": "Ana"}, allow_redirects=False) as r:
                assert r.status == 303
            assert server.room is not None
            ana = (await server.room.call(server.room.store.students, CLASS))[0]  # type: ignore[union-attr]
            assert server.room.env(ana)[STORE_ENV] == pg_url  # its sessions reach the same
            async with http.get(f"{url}/teacher/state", headers={"X-Teacher-Token": TOKEN}) as r:
                rows = (await r.json())["rows"]
            assert [row["name"] for row in rows] == ["Ana"]

    asyncio.run(main())
    again = open_store(pg_url, tmp_path)
    try:
        assert again.classes() == [(CLASS, 1)]
    finally:
        again.close()


@pytest.mark.slow
def test_a_real_sessions_moves_reach_the_postgres_store(tmp_path: Path, pg_url: str) -> None:
    """A student's session (its own process, told the store's URL) writes its game and
    moves into PostgreSQL."""
    store = open_store(pg_url, tmp_path / "data")
    store.create_class(CLASS)
    store.close()
    (tmp_path / "s").mkdir()
    (tmp_path / "data").mkdir()
    room = ClassConfig(tmp_path / "data", CLASS, TOKEN, pg_url)

    async def keys(ws: object, text: str) -> None:
        for ch in text:
            await ws.send_json(["stdin", ch])  # type: ignore[attr-defined]

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            async with http.post(f"{url}/join", data={"name": "Ana"}, allow_redirects=False) as r:
                assert r.status == 303
            async with http.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                tab = await Tab(ws).open()
                await tab.until("take a perfect square", 90)
                await asyncio.sleep(0.3)  # (the screen takes its keys once drawn)
                await keys(ws, "\r")
                await tab.until("New one-pile game", 30)
                await asyncio.sleep(0.3)
                await keys(ws, "30\r")
                await tab.until("30", 30)
                await asyncio.sleep(0.5)
                await keys(ws, "4\r")

                async def moved() -> bool:
                    assert server.room is not None and server.room.store is not None
                    events = await server.room.call(server.room.store.class_events, CLASS)
                    return "move" in [e.kind for e in events]

                end = time.monotonic() + 60  # (a hang guard, not a timing)
                again = time.monotonic() + 5
                while not await moved():
                    assert time.monotonic() < end, "the session's move never reached PostgreSQL"
                    if time.monotonic() > again:  # (a loaded machine: the key came too soon)
                        await keys(ws, "4\r")
                        again = time.monotonic() + 5
                    await asyncio.sleep(0.05)

    asyncio.run(main())


def test_events_become_visible_in_the_order_of_their_ids(tmp_path: Path, pg_url: str) -> None:
    """Identity values are handed out before commit: without the order lock, an event
    committed later with a smaller id than one a live view has already seen would never
    be read (``class_events(after=…)``). A writer holding its transaction open makes
    every other event writer wait, so ids commit in increasing order."""
    first = open_store(pg_url, tmp_path / "a")
    second = open_store(pg_url, tmp_path / "b")
    try:
        first.create_class(CLASS)
        ana = first.join(CLASS, "Ana")
        first.db.begin()  # a writer between taking its id and committing it
        first.db.lock_order()
        first.db.execute(
            "INSERT INTO events (student_id, at, kind, data) VALUES (?, ?, ?, ?)",
            (ana, time.time(), "move", "{}"),
        )
        done = threading.Event()

        def write() -> None:
            second.record(ana, "move", {"n": 2})
            done.set()

        thread = threading.Thread(target=write)
        thread.start()
        waiting = open_store(pg_url, tmp_path / "c")
        try:
            end = time.monotonic() + 30  # (a hang guard, not a timing)
            while not waiting.db.execute(  # the second writer is queued on the lock
                "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            ).fetchone():
                assert time.monotonic() < end, "the second writer never waited"
                time.sleep(0.02)
            assert not done.is_set()
            seen = [e.id for e in waiting.class_events(CLASS)]
            assert seen == []  # neither is visible yet: nothing to skip past
        finally:
            waiting.close()
        first.db.commit()
        thread.join(30)
        assert done.is_set()
        events = second.class_events(CLASS)
        assert [e.data for e in events] == [{}, {"n": 2}]
        assert events[0].id < events[1].id  # committed first, smaller id
    finally:
        first.close()
        second.close()


def test_a_store_outlives_its_connection_being_cut(tmp_path: Path, pg_url: str) -> None:
    """The server ends a node's or a session's connection (a restart, a failover, an
    administrator): the next write makes a new connection and nothing is lost."""
    store = open_store(pg_url, tmp_path)
    try:
        store.create_class(CLASS)
        ana = store.join(CLASS, "Ana")
        store.record(ana, "move", {"n": 1})
        pid = store.db.execute("SELECT pg_backend_pid()").fetchone()[0]
        psql(pg_url, f"SELECT pg_terminate_backend({int(pid)})")
        store.record(ana, "move", {"n": 2})  # (on a new connection)
        assert store.db.execute("SELECT pg_backend_pid()").fetchone()[0] != pid
        assert [d for _at, k, d in store.events(ana)] == [{"n": 1}, {"n": 2}]
    finally:
        store.close()


def test_a_sessions_event_waits_for_a_store_that_is_away(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails because the store is away (here: twice) is tried again, not
    dropped: the event is there once the store answers."""
    store = open_store(pg_url, tmp_path)
    store.create_class(CLASS)
    ana = store.join(CLASS, "Ana")
    link = StoreLink.__new__(StoreLink)  # (its writing alone, on this thread)
    link.student, link.failed = ana, None
    real, fails = store.record, [2]

    def away(student: int, kind: str, data: dict[str, object]) -> None:
        if fails[0]:
            fails[0] -= 1
            raise StoreOperationalError("the server is restarting")
        real(student, kind, data)

    monkeypatch.setattr(store, "record", away)
    monkeypatch.setattr(time, "sleep", lambda s: None)  # (its pauses: not waited here)
    try:
        link._write(store, "move", {"n": 7})
        assert link.failed is None
        assert [d for _at, _k, d in store.events(ana)] == [{"n": 7}]
    finally:
        store.close()


def test_a_command_that_reads_never_makes_a_store_where_none_is(tmp_path: Path) -> None:
    """``class list --store sqlite:///typo/x.db`` says there is no store there; nothing is
    made (``class create`` makes it)."""
    url = f"sqlite://{tmp_path}/no such folder/x.db"
    one_line(squaregame("class", "list", "--store", url), "does not exist")
    assert not (tmp_path / "no such folder").exists()
    made = squaregame("class", "create", "7B", "--store", url)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "no such folder" / "x.db").is_file()
    listed = squaregame("class", "list", "--store", url)
    assert listed.returncode == 0 and "7B" in listed.stdout


class _RacingDb:
    """A database another server is creating the tables of: ``meta`` not there yet at the
    first look, tables already there at the second; under the schema's lock, all of it."""

    def __init__(self) -> None:
        self.looks = 0
        self.locked = False
        self.ended = False

    def has_table(self, name: str) -> bool:
        self.looks += 1
        return self.locked

    def table_count(self) -> int:
        return 3

    def execute(self, sql: str, params: object = ()) -> Any:
        rows = [(str(SCHEMA_VERSION),)]
        return type("Rows", (), {"fetchone": lambda _self: rows[0]})()

    def begin(self) -> None:
        pass

    def lock_schema(self) -> None:
        self.locked = True

    def rollback(self) -> None:
        self.ended = True


def test_tables_made_between_two_looks_are_read_again_under_the_lock() -> None:
    """Found by four servers starting at once on one PostgreSQL: one saw no ``meta`` table,
    then the tables another had just made, and refused the class database as not ours."""
    from squaregame.classroom.schema import NotOurs, settled_version, version

    with pytest.raises(NotOurs):
        version(_RacingDb())  # type: ignore[arg-type]
    db = _RacingDb()
    assert settled_version(db) == SCHEMA_VERSION  # type: ignore[arg-type]
    assert db.locked and db.ended
