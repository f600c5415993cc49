"""The session cap a server takes when not told (squaregame.classroom.capacity)."""

from __future__ import annotations

from pathlib import Path

from squaregame.classroom.capacity import (
    FALLBACK_SESSIONS,
    MOST_SESSIONS,
    SESSION_BUDGET,
    available_memory,
    cap_for,
    session_cap,
)

MB = 2**20


def test_the_cap_is_the_memory_available_over_the_budget_within_bounds() -> None:
    assert session_cap(8 * 2**30, 64 * MB) == 128
    assert session_cap(64 * MB * 10 + 63 * MB, 64 * MB) == 10  # (whole sessions only)
    assert session_cap(10 * MB, 64 * MB) == 1  # a tiny machine: still one
    assert session_cap(0, 64 * MB) == 1
    assert session_cap(2**40, 64 * MB) == MOST_SESSIONS  # a huge one: the sane maximum
    assert session_cap(2**40, 64 * MB, most=80) == 80
    assert session_cap(None) == FALLBACK_SESSIONS  # unknown (not Linux)
    assert session_cap(8 * 2**30, 0) == FALLBACK_SESSIONS


def test_the_memory_available_is_read_from_meminfo(tmp_path: Path) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:  16384000 kB\nMemFree:  1000 kB\nMemAvailable:   8388608 kB\n")
    assert available_memory(meminfo) == 8 * 2**30
    assert session_cap(available_memory(meminfo), SESSION_BUDGET) == 8 * 2**30 // SESSION_BUDGET
    meminfo.write_text("MemTotal:  16384000 kB\n")  # (a kernel before 3.14)
    assert available_memory(meminfo) is None
    meminfo.write_text("MemAvailable: lots kB\n")
    assert available_memory(meminfo) is None
    assert available_memory(tmp_path / "missing") is None


def test_a_cap_given_wins_over_the_memory() -> None:
    assert cap_for(7) == (7, False)
    cap, computed = cap_for(None)
    assert computed and 1 <= cap <= MOST_SESSIONS
