"""A session's link to its class keeps every event: one statement per event (no lock held
while the session's Python waits for its turn), a busy database waited for, in order, and
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
    store.db.conn.set_trace_callback(said.append)  # (SQLite: its own connection)
    try:
        store.record(student, "exercise", {"right": True})
    finally:
        store.close()
    assert len(said) == 1 and said[0].startswith("INSERT INTO events"), said
    assert kinds(tmp_path, student) == [("exercise", {"right": True})]


def test_a_busy_database_is_waited_for_and_nothing_is_lost(
    tmp_path: Path, student: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer holds the class's lock far past other connections' wait (cut to
    20 ms here): the link's own, longer wait outlasts it, and its events are all written,
    in order."""
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 20)
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
    time.sleep(0.3)  # (many times the others' wait: the link's write waits meanwhile)
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


def test_another_failure_is_said_once_and_later_events_are_written(
    tmp_path: Path, student: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = ClassStore.record

    def full_once(self: ClassStore, who: int, kind: str, data: dict[str, Any]) -> None:
        if data.get("n") == 0:
            raise sqlite3.OperationalError("database or disk is full")
        record(self, who, kind, data)

    monkeypatch.setattr(ClassStore, "record", full_once)
    link = StoreLink(tmp_path, student)
    link.record("exercise", {"n": 0})
    link.record("exercise", {"n": 1})
    link.close(timeout=30)
    assert link.failed == "OperationalError: database or disk is full"
    assert kinds(tmp_path, student) == [("exercise", {"n": 1})]
