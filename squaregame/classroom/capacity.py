"""How many sessions one server takes when it is not told: as many as its memory holds.

A forked session costs ~15 MB of its own (measured: USS after its first screens and a few
moves), one started by its own ``python`` ~53 MB; :data:`SESSION_BUDGET` leaves room above
either for a session's growth (a long game, a lesson's pages) and for the server itself.
"""

from __future__ import annotations

from pathlib import Path

SESSION_BUDGET = 64 * 2**20  # bytes of memory counted for each session
MOST_SESSIONS = 500  # never more (a class's cap of students)
FEWEST_SESSIONS = 1
FALLBACK_SESSIONS = 60  # where the memory cannot be read (not Linux)
MEMINFO = Path("/proc/meminfo")


def available_memory(meminfo: Path = MEMINFO) -> int | None:
    """``MemAvailable`` in bytes (Linux), None where it cannot be read."""
    try:
        text = meminfo.read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name == "MemAvailable":
            parts = rest.split()
            if parts and parts[0].isdigit():
                unit = parts[1].lower() if len(parts) > 1 else "b"
                return int(parts[0]) * (1024 if unit == "kb" else 1)
    return None


def session_cap(
    available: int | None,
    budget: int = SESSION_BUDGET,
    most: int = MOST_SESSIONS,
) -> int:
    """The sessions ``available`` bytes of memory hold at ``budget`` each, between
    :data:`FEWEST_SESSIONS` and ``most``; :data:`FALLBACK_SESSIONS` if it is unknown."""
    if available is None or budget <= 0:
        return min(FALLBACK_SESSIONS, most)
    return max(FEWEST_SESSIONS, min(most, available // budget))


def cap_for(given: int | None) -> tuple[int, bool]:
    """The session cap: ``given`` (``--max-sessions``), else the memory's; and whether it
    was computed."""
    if given is not None:
        return given, False
    return session_cap(available_memory()), True
