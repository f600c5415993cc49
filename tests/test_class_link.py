"""A session's link to its class keeps every event: one statement per event (no lock held
while the session's Python waits for its turn), a busy database tried again in order, and
other failures said once while later events are still written."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from squaregame.classroom import store as store_module
from squaregame.classroom.link import StoreLink
from squaregame.classroom.store import ClassStore


@pytest.fixture
def student(tmp_path: Path) -> int:
    with_store = ClassStore.open(tmp_path)
    try:
        with_store.create_class("7B")
        return with_store.join("7B", "Ana")
    finally:
        with_store.close()


def kinds(folder: Path, student: int) -> list[tuple[str, dict[str, Any]]]:
    store = ClassStore.open(folder)
    try:
        return [(k, d) for _at, k, d in store.events(student)]
    finally:
        store.close()


def test_an_event_is_one_statement_with_no_transaction_around_it(
    tmp_path: Path, student: int
) -> None:
    store = ClassStore.open(tmp_path)
    said: list[str] = []
    store.db.set_trace_callback(said.append)
    try:
        store.record(student, "exercise", {"right": True})
    finally:
        store.close()
    assert len(said) == 1 and said[0].startswith("INSERT INTO events"), said
    assert kinds(tmp_path, student) == [("exercise", {"right": True})]


def test_a_busy_database_is_tried_again_and_nothing_is_lost(
    tmp_path: Path, student: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer holds the class's lock far past SQLite's own wait (cut to 20 ms
    here): the link's events wait for it and are all written, in order."""
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 20)
    monkeypatch.setattr(store_module, "FIRST_PAUSE", 0.01)
    other = sqlite3.connect(tmp_path / store_module.FILE_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the write lock, held
    tried = threading.Event()
    record = ClassStore.record

    def watched(self: ClassStore, *args: Any, **kwargs: Any) -> None:
        tried.set()
        record(self, *args, **kwargs)

    monkeypatch.setattr(ClassStore, "record", watched)
    link = StoreLink(tmp_path, student)
    for n in range(3):
        link.record("exercise", {"n": n})
    link.record("lesson_step", {"step": 2})
    assert tried.wait(30)
    time.sleep(0.3)  # (many times SQLite's wait: the link is trying again meanwhile)
    other.execute("COMMIT")
    other.close()
    link.close(timeout=60)
    assert link.failed is None
    assert kinds(tmp_path, student) == [
        ("exercise", {"n": 0}),
        ("exercise", {"n": 1}),
        ("exercise", {"n": 2}),
        ("lesson_step", {"step": 2}),
    ]


def test_only_busy_and_locked_are_tried_again(
    tmp_path: Path, student: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By SQLite's error code, not the message: another error is raised at its first try,
    and a lock held past the patience ends in the error, after tries again."""
    assert not store_module.busy(sqlite3.OperationalError("database is locked"))  # no code
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 20)
    monkeypatch.setattr(store_module, "FIRST_PAUSE", 0.01)
    store = ClassStore.open(tmp_path)
    waits: list[float] = []
    sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: (waits.append(s), sleep(s)))
    try:
        store.db.execute("DROP TABLE events")  # SQLITE_ERROR: no such table, not a wait
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            store.record(student, "exercise", {}, patience=5)
        assert waits == []  # raised at its first try
        store.db.execute(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, student_id INTEGER, "
            "at REAL, kind TEXT, data TEXT)"
        )
        other = sqlite3.connect(tmp_path / store_module.FILE_NAME, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(sqlite3.OperationalError) as held:
            store.record(student, "exercise", {}, patience=0.2)
        assert store_module.busy(held.value) and waits  # tried again before giving up
        other.execute("ROLLBACK")
        other.close()
    finally:
        store.close()


def test_another_failure_is_said_once_and_later_events_are_written(
    tmp_path: Path, student: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = ClassStore.record

    def full_once(self: ClassStore, who: int, kind: str, data: dict[str, Any], **kw: Any) -> None:
        if data.get("n") == 0:
            raise sqlite3.OperationalError("database or disk is full")
        record(self, who, kind, data, **kw)

    monkeypatch.setattr(ClassStore, "record", full_once)
    link = StoreLink(tmp_path, student)
    link.record("exercise", {"n": 0})
    link.record("exercise", {"n": 1})
    link.close(timeout=30)
    assert link.failed == "OperationalError: database or disk is full"
    assert kinds(tmp_path, student) == [("exercise", {"n": 1})]
