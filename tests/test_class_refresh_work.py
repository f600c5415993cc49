"""The teacher's view costs what happened since the last look, not the whole class: rows
read from the store are counted (not times), with 60 students and a lesson's events."""

from __future__ import annotations

from pathlib import Path

from squaregame.classroom import challenges
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import STUDENTS_EVERY, ClassLive


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_look_reads_only_what_is_new(tmp_path: Path) -> None:
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    ids = [store.join("7B", f"S{i:02d}") for i in range(60)]
    for sid in ids:  # a lesson's worth: 50 events each
        store.record(sid, "session_started", {})
        for n in range(49):
            store.record(sid, "move", {"human": True, "verdict": "best", "n": n})
    store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    clock = Clock()
    live = ClassLive(store, "7B", clock=clock)
    assert live.refresh() == 3000
    assert live.rows_read == 60 + 3000 + 1  # the first look: everything, once

    def look(**kw: bool) -> int:
        before = live.rows_read
        live.refresh(set(ids[:30]), **kw)
        return live.rows_read - before

    assert look() == 1  # nothing new: the one challenge, no student, no event
    store.record(ids[7], "move", {"human": True, "verdict": "blunder", "n": 50})
    assert look() == 1 + 1  # one event
    assert live.students[ids[7]].blunders == 1 and live.students[ids[7]].online
    # someone joins (here: the room says so; on another node: their first event does)
    late = store.join("7B", "Late")
    assert look(students=True) == 61 + 1 and late in live.students
    later = store.join("7B", "Later")
    store.record(later, "session_started", {})
    assert look() == 62 + 1 + 1 and live.students[later].connected
    clock.now += STUDENTS_EVERY  # (and the list is read again now and then, for joins
    assert look() == 62 + 1  # with no event yet)
    assert look() == 1
    store.close()
