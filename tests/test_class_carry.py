"""A student's own folder carried by the class store (schema 5) to whichever node serves
them: restore before a session (newer wins, atomic), save of what changed (nothing changed:
no store call), the caps, names checked, links and non-UTF-8 files never carried."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from squaregame.classroom import carry
from squaregame.classroom.carry import Carried, Carry, allowed, restore, save
from squaregame.classroom.store import ClassStore

CLASS = "7B"


class Counted:
    """A class store whose file calls are counted (the work a save or a restore does)."""

    def __init__(self, store: ClassStore) -> None:
        self.store, self.calls = store, {"file_times": 0, "file_body": 0, "put_files": 0}

    def __getattr__(self, name: str) -> Any:
        if name in self.calls:
            self.calls[name] += 1
        return getattr(self.store, name)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ClassStore]:
    s = ClassStore.open(tmp_path / "db")
    s.create_class(CLASS)
    yield s
    s.close()


@pytest.fixture
def ana(store: ClassStore) -> int:
    return store.join(CLASS, "Ana")


def folder(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.mkdir(mode=0o700)
    return path


def put(path: Path, text: str, mtime: float) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))


def test_names_carried_are_the_apps_own_files_only() -> None:
    good = ["settings.json", "lessons.json", "games/20260101-120000-abc123.json"]
    bad = [
        "../settings.json", "/etc/passwd", "games/../settings.json", "games/../../x.json",
        ".settings.json.a1b2c3.tmp", "games/.20260101.json.claim", "games/x/y.json",
        "notes.txt", "games/", "games/.json", "game.json", "settings.json/", "games\\x.json",
        "games/x.json\n", "",
    ]  # fmt: skip
    assert all(allowed(n) for n in good)
    assert not any(allowed(n) for n in bad)


def test_a_folder_saved_on_one_node_is_restored_on_another(
    tmp_path: Path, store: ClassStore, ana: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = folder(tmp_path, "one"), folder(tmp_path, "two")
    put(one / "settings.json", '{"theme": "dark"}', 1_700_000_000.25)
    put(one / "lessons.json", '{"done": ["nim"]}', 1_700_000_100.5)
    put(one / "games" / "20260101-120000-abc123.json", '{"moves": [1]}', 1_700_000_200.75)
    put(one / "notes.txt", "not the app's", 1_700_000_000)  # (never carried)
    assert save(store, ana, one, Carried()) == 3
    assert set(store.file_times(ana)) == {
        "settings.json", "lessons.json", "games/20260101-120000-abc123.json",
    }  # fmt: skip
    writes: list[Path] = []
    real = carry.write_atomic
    monkeypatch.setattr(carry, "write_atomic", lambda p, d: (writes.append(p), real(p, d)))
    state = restore(store, ana, two)
    assert state.read == 3 and len(writes) == 3  # each through the atomic writer
    for name in state.seen:
        assert (two / name).read_bytes() == (one / name).read_bytes()
        assert abs((two / name).stat().st_mtime - (one / name).stat().st_mtime) < 1e-3
    assert not (two / "notes.txt").exists()
    assert not [p for p in two.rglob("*") if p.name.endswith(".tmp")]
    # what was restored is not written back: the store is not asked again
    counted = Counted(store)
    assert save(counted, ana, two, state) == 0  # type: ignore[arg-type]
    assert counted.calls["put_files"] == 0
    # a second restore of a folder already up to date reads no body
    counted = Counted(store)
    assert restore(counted, ana, two).read == 0  # type: ignore[arg-type]
    assert counted.calls == {"file_times": 1, "file_body": 0, "put_files": 0}


def test_the_newer_copy_wins(tmp_path: Path, store: ClassStore, ana: int) -> None:
    one, two = folder(tmp_path, "one"), folder(tmp_path, "two")
    put(one / "settings.json", '{"v": "store, old"}', 1_700_000_000)
    put(one / "lessons.json", '{"v": "store, new"}', 1_700_000_500)
    save(store, ana, one, Carried())
    put(two / "settings.json", '{"v": "local, newer"}', 1_700_000_100)
    put(two / "lessons.json", '{"v": "local, older"}', 1_700_000_400)
    state = restore(store, ana, two)
    assert (two / "settings.json").read_text() == '{"v": "local, newer"}'  # kept
    assert (two / "lessons.json").read_text() == '{"v": "store, new"}'  # replaced
    assert save(store, ana, two, state) == 1  # the folder's newer settings go to the store
    assert store.file_body(ana, "settings.json") == '{"v": "local, newer"}'
    assert store.file_body(ana, "lessons.json") == '{"v": "store, new"}'


def test_only_what_changed_is_saved_and_nothing_changed_asks_nothing(
    tmp_path: Path, store: ClassStore, ana: int
) -> None:
    one = folder(tmp_path, "one")
    for i in range(5):
        put(one / "games" / f"2026010{i}-120000-abc123.json", f'{{"n": {i}}}', 1_700_000_000 + i)
    put(one / "settings.json", "{}", 1_700_000_000)
    counted = Counted(store)
    state = Carried()
    assert save(counted, ana, one, state) == 6  # type: ignore[arg-type]
    for _ in range(3):  # a pass with nothing changed: not one store call
        assert save(counted, ana, one, state) == 0  # type: ignore[arg-type]
    assert counted.calls["put_files"] == 1
    put(one / "games" / "20260102-120000-abc123.json", '{"n": 22}', 1_700_000_900)
    assert save(counted, ana, one, state) == 1  # type: ignore[arg-type]  # (one file)
    assert store.file_body(ana, "games/20260102-120000-abc123.json") == '{"n": 22}'
    (one / "games" / "20260103-120000-abc123.json").unlink()  # a game deleted here
    assert save(counted, ana, one, state) == 0  # type: ignore[arg-type]
    assert "games/20260103-120000-abc123.json" not in store.file_times(ana)  # gone there too
    assert counted.calls["put_files"] == 3


def test_too_large_and_over_the_share_are_left_behind_said_once(
    tmp_path: Path,
    store: ClassStore,
    ana: int,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(carry, "STUDENT_FILES", 4)
    one = folder(tmp_path, "one")
    put(one / "settings.json", "x" * (carry.FILE_CAP + 1), 1_700_000_000)
    put(one / "lessons.json", "{}", 1_700_000_000)
    for i in range(5):  # games 0 and 1 are the oldest
        put(one / "games" / f"2026010{i}-120000-abc123.json", "{}", 1_700_000_000 + i)
    state = Carried()
    with caplog.at_level(logging.WARNING, logger="squaregame.class"):
        save(store, ana, one, state)
        put(one / "lessons.json", '{"a": 1}', 1_700_000_050)  # (changed: a second save)
        save(store, ana, one, state)
    kept = set(store.file_times(ana))
    assert "settings.json" not in kept  # too large
    assert kept == {"lessons.json"} | {f"games/2026010{i}-120000-abc123.json" for i in (2, 3, 4)}
    said = [r.getMessage() for r in caplog.records]
    assert len([m for m in said if "settings.json" in m]) == 1  # once, not at every save
    assert len([m for m in said if "oldest saved games" in m]) == 1
    # the share in bytes too: the newest games first, the oldest left behind
    monkeypatch.setattr(carry, "STUDENT_FILES", 200)
    monkeypatch.setattr(carry, "STUDENT_BYTES", len('{"a": 1}') + 3 * 1000)
    for i in range(5):
        put(one / "games" / f"2026010{i}-120000-abc123.json", "1" * 1000, 1_700_000_100 + i)
    save(store, ana, one, state)
    games = {n for n in store.file_times(ana) if n.startswith("games/")}
    assert games == {f"games/2026010{i}-120000-abc123.json" for i in (2, 3, 4)}


def test_bad_names_in_the_store_are_never_written(
    tmp_path: Path, store: ClassStore, ana: int
) -> None:
    base = tmp_path / "a" / "b"
    base.mkdir(parents=True)
    two = folder(base, "two")
    evil = ["../escaped.json", "../../escaped.json", "/tmp/escaped-carry.json",
            "games/../../x.json", ".settings.json.abcdef.tmp", "games/sub/x.json"]  # fmt: skip
    assert not Path("/tmp/escaped-carry.json").exists()
    store.put_files(ana, [(n, "{}", 2, 1_700_000_000.0) for n in evil], [])
    state = restore(store, ana, two)
    assert state.read == 0 and state.seen == {}
    assert not Path("/tmp/escaped-carry.json").exists()
    assert [p for p in tmp_path.rglob("*") if p.suffix in (".json", ".tmp")] == []


def test_links_are_never_carried_nor_written_through(
    tmp_path: Path, store: ClassStore, ana: int
) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text('{"secret": 1}')
    one = folder(tmp_path, "one")
    (one / "settings.json").symlink_to(outside)
    (one / "games").symlink_to(tmp_path)  # a games folder that is a link: not looked into
    (tmp_path / "20260101-120000-abc123.json").write_text("{}")
    assert save(store, ana, one, Carried()) == 0
    assert store.file_times(ana) == {}
    # the store has them (from another node): the links here are left alone
    store.put_files(
        ana,
        [("settings.json", '{"theme": "x"}', 14, 1_800_000_000.0),
         ("games/20260101-120000-abc123.json", '{"n": 1}', 8, 1_800_000_000.0)],
        [],
    )  # fmt: skip
    state = restore(store, ana, one)
    assert state.read == 0
    assert outside.read_text() == '{"secret": 1}' and (one / "settings.json").is_symlink()
    assert (tmp_path / "20260101-120000-abc123.json").read_text() == "{}"


def test_a_file_not_utf8_is_not_carried_and_said_once(
    tmp_path: Path, store: ClassStore, ana: int, caplog: pytest.LogCaptureFixture
) -> None:
    one = folder(tmp_path, "one")
    (one / "lessons.json").write_bytes(b'{"a": "\xff\xfe"}')
    (one / "games").mkdir()
    (one / "games" / "20260101-120000-abc123.json").write_bytes(b'{"a": "\x00"}')
    put(one / "settings.json", "{}", 1_700_000_000)
    state = Carried()
    with caplog.at_level(logging.WARNING, logger="squaregame.class"):
        assert save(store, ana, one, state) == 1
        put(one / "settings.json", '{"b": 1}', 1_700_000_010)
        assert save(store, ana, one, state) == 1
    assert set(store.file_times(ana)) == {"settings.json"}
    said = [r.getMessage() for r in caplog.records]
    assert len([m for m in said if "lessons.json" in m]) == 1
    assert len([m for m in said if "20260101-120000-abc123.json" in m]) == 1


def test_a_students_files_go_with_their_class(tmp_path: Path, store: ClassStore, ana: int) -> None:
    store.put_files(ana, [("settings.json", "{}", 2, 1_700_000_000.0)], [])
    store.delete_class(CLASS)
    assert store.db.execute("SELECT COUNT(*) FROM student_files").fetchone()[0] == 0


def test_a_node_restores_as_a_session_starts_and_saves_as_it_goes(
    tmp_path: Path, store: ClassStore, ana: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """:class:`Carry` on its own event loop: restore before a session, a save every few
    seconds (here: at once) of each student with a session here, a last one at its end."""
    monkeypatch.setattr(carry, "SAVE_EVERY", 0.01)
    student = next(s for s in store.students(CLASS) if s.id == ana)
    store.put_files(ana, [("settings.json", '{"from": "node 1"}', 18, 1_700_000_000.0)], [])
    online: dict[int, int] = {}
    lock = asyncio.Lock()

    async def call(f: Any, *args: Any) -> Any:
        async with lock:
            return await asyncio.to_thread(f, *args)

    async def main() -> None:
        (tmp_path / "node2").mkdir()  # (the node's data folder)
        node = Carry(call, tmp_path / "node2", online)
        counted = Counted(store)
        node.start(counted)  # type: ignore[arg-type]
        await node.restore(student)
        online[ana] = 1
        mine = node.folder(student)
        assert (mine / "settings.json").read_text() == '{"from": "node 1"}'
        put(mine / "games" / "20260101-120000-abc123.json", '{"n": 1}', 1_700_000_100)
        while "games/20260101-120000-abc123.json" not in await call(store.file_times, ana):
            await asyncio.sleep(0.01)  # (a hang guard is the test's timeout)
        passes, puts = node.passes, counted.calls["put_files"]
        while node.passes < passes + 3:  # passes with nothing changed: no store write
            await asyncio.sleep(0.01)
        assert counted.calls["put_files"] == puts
        put(mine / "lessons.json", '{"done": 1}', 1_700_000_200)
        online.pop(ana)
        await node.ended(student)  # the last session here: saved at once, let go
        assert await call(store.file_body, ana, "lessons.json") == '{"done": 1}'
        await node.stop()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_the_docs_say_the_caps_as_they_are() -> None:
    text = " ".join((Path(__file__).parents[1] / "docs" / "teaching.md").read_text().split())
    assert f"up to {carry.FILE_CAP // 1024} KiB" in text
    assert f"up to {carry.STUDENT_BYTES // 2**20} MiB and {carry.STUDENT_FILES} files" in text
    assert f"every {'two' if carry.SAVE_EVERY == 2 else carry.SAVE_EVERY} seconds" in text


def test_a_read_that_fails_keeps_the_stores_copy_and_is_tried_again(
    tmp_path: Path, store: ClassStore, ana: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A changed file that cannot be read this time (no descriptor left, replaced since the
    scan) is neither forgotten in the store nor skipped by the next saves."""
    mine = folder(tmp_path, "mine")
    put(mine / "lessons.json", '{"step": 1}', 1_700_000_000)
    state = Carried()
    assert save(store, ana, mine, state) == 1
    put(mine / "lessons.json", '{"step": 2}', 1_700_000_100)
    real = carry._read

    def no_descriptors(path: Path) -> Any:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(carry, "_read", no_descriptors)
    assert save(store, ana, mine, state) == 0
    assert store.file_body(ana, "lessons.json") == '{"step": 1}'  # kept, not forgotten
    monkeypatch.setattr(carry, "_read", real)
    assert save(store, ana, mine, state) == 1  # tried again, though nothing changed since
    assert store.file_body(ana, "lessons.json") == '{"step": 2}'


def test_the_store_keeps_the_newest_copy_whoever_writes_last(store: ClassStore, ana: int) -> None:
    """Two nodes save one student's file (two tabs, two nodes): an older copy written after
    a newer one does not replace it, and a file forgotten on one node is not forgotten in
    the store if another node has saved a newer copy since."""
    store.put_files(ana, [("settings.json", '{"new": 1}', 10, 1_900_000_000.0)], [])
    store.put_files(ana, [("settings.json", '{"old": 1}', 10, 1_800_000_000.0)], [])
    assert store.file_body(ana, "settings.json") == '{"new": 1}'
    store.put_files(ana, [], [("settings.json", 1_800_000_000.0)])  # gone where it was older
    assert store.file_body(ana, "settings.json") == '{"new": 1}'
    store.put_files(ana, [], [("settings.json", 1_900_000_000.0)])  # gone: the copy seen
    assert store.file_body(ana, "settings.json") is None


def test_a_restore_that_fails_still_saves_the_session(
    tmp_path: Path, store: ClassStore, ana: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store cannot be read as a session starts: the student plays on what the folder
    has, and what they do there is still saved (the store keeps the newer of each file)."""
    student = next(s for s in store.students(CLASS) if s.id == ana)
    online: dict[int, int] = {}

    def broken(*args: object) -> Carried:
        raise OSError("the store is away")

    monkeypatch.setattr(carry, "restore", broken)

    async def call(f: Any, *args: Any) -> Any:
        return await asyncio.to_thread(f, *args)

    async def main() -> None:
        (tmp_path / "node").mkdir()
        node = Carry(call, tmp_path / "node", online)
        node._store = store  # (no periodic task: the session's end saves)
        await node.restore(student)
        online[ana] = 1
        put(node.folder(student) / "lessons.json", '{"done": 2}', 1_700_000_300)
        online.pop(ana)
        await node.ended(student)
        assert store.file_body(ana, "lessons.json") == '{"done": 2}'

    asyncio.run(asyncio.wait_for(main(), 60))
