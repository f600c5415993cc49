"""The class store (SQLite, and PostgreSQL where the test says ``backend``): classes,
students and their events, names checked, values only ever as parameters, schema versions,
damaged files set aside, committed events kept through kill -9 and concurrent writers; and
the ``squaregame class`` commands."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from squaregame.classroom.schema import SCHEMA_VERSION
from squaregame.classroom.store import FILE_NAME, ClassStore, check_name
from squaregame.classroom.stores import open_store
from squaregame.classroom.views import report
from squaregame.cli.main import main
from squaregame.core.errors import GameError


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str | None:
    """The store's URL: None (the folder's SQLite file) or a fresh PostgreSQL database."""
    return None if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(tmp_path: Path, backend: str | None):  # type: ignore[no-untyped-def]
    s = open_store(backend, tmp_path)
    yield s
    s.close()


def test_classes_students_and_their_events(store: ClassStore) -> None:
    assert store.create_class("  7B   maths ") == "7B maths"
    with pytest.raises(GameError) as caught:
        store.create_class("7b MATHS")  # the same name, another case
    assert caught.value.key == "serve.class.errors.class_exists"
    ana = store.join("7b maths", "Ana")
    bo = store.join("7B maths", "O'Brien")  # a quote is a name's character, not SQL
    with pytest.raises(GameError):
        store.join("7B maths", "ana")  # taken
    store.record(ana, "game_started", {"game": "squares", "position": [75]})
    store.record(ana, "move", {"verdict": "blunder"})
    store.record(ana, "move", {"verdict": "best"})
    store.record(ana, "exercise", {"right": True})
    store.record(ana, "exercise", {"right": False})
    store.record(ana, "lesson_step", {"lesson": "kayles", "step": 3})
    store.record(bo, "move", {"verdict": "best"})
    assert [k for _at, k, _d in store.events(ana)][:2] == ["game_started", "move"]
    assert all(d == {"verdict": "best"} for _at, _k, d in store.events(bo))  # only their own
    ana_report, bo_report = report(store, "7B maths")
    assert (ana_report.name, bo_report.name) == ("Ana", "O'Brien")
    assert (ana_report.moves, ana_report.blunders, ana_report.games_started) == (2, 1, 1)
    assert (ana_report.exercises_right, ana_report.exercises_tried) == (1, 2)
    assert ana_report.lessons == ("kayles",)
    assert store.classes() == [("7B maths", 2)]
    store.delete_class("7b maths")  # its students and events go with it (foreign keys)
    assert store.classes() == []
    assert store.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 0


@pytest.mark.parametrize(
    "name", ["", " ", "x" * 25, "<b>bold</b>", "[red]x[/red]", "a;b", "bell\x07", "nul\x00"]
)
def test_a_name_is_checked_not_interpreted(name: str) -> None:
    with pytest.raises(GameError):
        check_name(name)


def test_a_students_name_cannot_pass_for_another_students() -> None:
    """A name of one alphabet with a letter or a digit: "Аna" with a Cyrillic А would read
    as "Ana" in the teacher's grid; ".." or "-" names nobody."""
    for name, key in (("Аna", "name_scripts"), ("Ana Мария", "name_scripts"),
                      ("..", "name_no_letter"), ("-", "name_no_letter")):  # fmt: skip
        with pytest.raises(GameError) as refused:
            check_name(name)
        assert refused.value.key == f"serve.class.errors.{key}", name
    for name in ("José", "Ёжик", "Łukasz", "山田 はな", "Zoë O'Neil", "R2-D2", "7"):
        assert check_name(name) == name
    assert check_name("7Б maths", "class") == "7Б maths"  # (a class's name: the teacher's)


def test_the_schema_is_versioned_and_the_pragmas_are_on(store: ClassStore) -> None:
    db = store.db
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(
        SCHEMA_VERSION
    )
    if store.url is not None:
        return  # (PostgreSQL: no pragmas)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000


@pytest.mark.parametrize("content", [b"not a database at all" * 50, "foreign"])
def test_a_damaged_or_foreign_file_is_set_aside_never_overwritten(
    tmp_path: Path, content: bytes | str
) -> None:
    path = tmp_path / FILE_NAME
    if content == "foreign":  # another program's database
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.commit()
        db.close()
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)
    before = path.read_bytes()
    store = ClassStore.open(tmp_path)
    try:
        assert store.said == "serve.class.set_aside"
        aside = [
            p
            for p in tmp_path.iterdir()
            if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))
        ]
        assert len(aside) == 1 and aside[0].read_bytes() == before  # kept as it was
        assert store.create_class("fresh") == "fresh"  # and a new one works
    finally:
        store.close()


WRITER = """
import sys
from pathlib import Path
from squaregame.classroom.stores import open_store
store = open_store(sys.argv[5] or None, Path(sys.argv[1]))
student = int(sys.argv[2])
for i in range(int(sys.argv[3])):
    store.record(student, "move", {"i": i, "by": sys.argv[4]})
    print(i, flush=True)
"""


def test_two_writers_at_once_lose_nothing(tmp_path: Path, backend: str | None) -> None:
    store = open_store(backend, tmp_path)
    store.create_class("c")
    sid = store.join("c", "Ana")
    runs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(sid), "150", who,
                          backend or ""], stdout=subprocess.DEVNULL)
        for who in ("a", "b")
    ]  # fmt: skip
    assert all(p.wait(timeout=120) == 0 for p in runs)
    by = [d["by"] for _at, _k, d in store.events(sid)]
    assert by.count("a") == by.count("b") == 150
    store.close()


def test_kill_9_loses_no_committed_event(tmp_path: Path, backend: str | None) -> None:
    store = open_store(backend, tmp_path)
    store.create_class("c")
    sid = store.join("c", "Ana")
    p = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path), str(sid), "100000", "k", backend or ""],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert p.stdout is not None
    committed = -1
    for line in p.stdout:  # each line is printed after its event was committed
        committed = int(line)
        if committed >= 200:
            break
    os.kill(p.pid, signal.SIGKILL)
    p.wait(timeout=30)
    store.close()
    again = open_store(backend, tmp_path)
    try:
        assert len(again.events(sid)) >= committed + 1 and again.said is None
    finally:
        again.close()


def test_the_class_commands(
    tmp_path: Path,
    backend: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    if backend:  # (every class command reads SQUAREGAME_STORE)
        monkeypatch.setenv("SQUAREGAME_STORE", backend)
    assert main(["class", "create", "7B"]) == 0
    store = open_store(backend, tmp_path)
    store.record(store.join("7B", "Ana"), "move", {"verdict": "blunder"})
    store.close()
    capsys.readouterr()
    assert main(["class", "list"]) == 0
    assert capsys.readouterr().out == "7B: 1 student\n"
    assert main(["class", "report", "7B", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc[0]["name"] == "Ana" and doc[0]["blunders"] == 1
    assert main(["class", "report", "7B", "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Ana,0,0,1,1,")
    for argv, said in (
        (["class", "create", "7b"], "already"),
        (["class", "report", "nope"], "no class"),
        (["class", "create", "<x>"], "not '<'"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1, err
    assert main(["class", "delete", "7B"]) == 0
    assert "deleted" in capsys.readouterr().out


def test_a_newer_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    db.execute("INSERT INTO meta VALUES ('schema', '99')")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(GameError) as refused:
        ClassStore.open(tmp_path)
    assert refused.value.key == "serve.class.errors.newer"
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == [FILE_NAME]


def test_a_busy_file_is_never_set_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("squaregame.classroom.store.BUSY_TIMEOUT_MS", 100)
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    store.close()
    holder = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None, timeout=0.1)
    holder.execute("PRAGMA journal_mode=DELETE")  # (a writer holding the whole file)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(sqlite3.OperationalError):
            ClassStore.open(tmp_path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    again = ClassStore.open(tmp_path)
    assert again.classes() == [("7B", 0)]
    again.close()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX: flock")
def test_an_opener_stuck_elsewhere_is_waited_for_only_so_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Servers open a class file one at a time (a lock on its folder); a lock somebody holds
    for ever (an opener stopped mid-way) is waited for within the busy timeout, then the
    file is opened without it, as before the lock was there."""
    import fcntl
    import threading
    import time

    from squaregame.classroom import dbpath

    monkeypatch.setattr("squaregame.classroom.store.BUSY_TIMEOUT_MS", 100)
    waits: list[float] = []
    nap, here = time.sleep, threading.current_thread()

    def sleep(seconds: float) -> None:
        if threading.current_thread() is here:  # (time.sleep is every thread's)
            waits.append(seconds)
        nap(seconds)

    monkeypatch.setattr(dbpath.time, "sleep", sleep)  # (the lock's wait, counted)
    fd = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        store = ClassStore.open(tmp_path)
        store.create_class("7B")
        store.close()
    finally:
        os.close(fd)
    assert waits  # (it did wait: the lock was looked at, not ignored)
    waits.clear()
    again = ClassStore.open(tmp_path)  # (and free again, at once)
    assert again.classes() == [("7B", 0)] and waits == []
    again.close()
    linked = tmp_path / "elsewhere"  # a link to the file: the lock of the folder it lies in
    linked.mkdir()
    (linked / FILE_NAME).symlink_to(tmp_path / FILE_NAME)
    fd = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        ClassStore.open(linked).close()
    finally:
        os.close(fd)
    assert waits


def test_a_sqlite_store_by_url_or_folder(tmp_path: Path) -> None:
    for url, file in (
        (f"sqlite://{tmp_path}/a/mine.sqlite3", tmp_path / "a" / "mine.sqlite3"),
        (str(tmp_path / "b"), tmp_path / "b" / FILE_NAME),
        (f"sqlite://{tmp_path}/b", tmp_path / "b" / FILE_NAME),  # (a folder: its file)
    ):
        store = open_store(url, tmp_path / "data")
        try:
            assert store.path == file and store.url is None
            store.create_class(file.parent.name + str(len(store.classes())))
        finally:
            store.close()
        assert file.is_file()
    assert not (tmp_path / "data").exists()
