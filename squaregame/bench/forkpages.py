"""Where a forked session's own memory comes from: pages it copied from the fork server as
it ran, or pages new to it.

A forked session starts sharing every page of its fork server (copy-on-write). A page
becomes the session's own when either writes to it. CPython writes to an object merely by
using it (its reference count; 3.11's specialising counters in a code object), so a
session that only *reads* shared objects still copies the pages they sit on. This module
tells the two kinds of a session's own pages apart, from ``/proc/PID/pagemap`` (the frame
each page is in) and ``/proc/kpagecount`` (how many mappings a frame has):

* **copied**: a page only the session maps whose address the fork server also has a page
  at (in another frame: the session's copy of it) — an object it used there, or free space
  of the fork server's that it filled with a new one;
* **new**: a page only the session maps where the fork server has none.

Linux gives page frames to root only (an unprivileged reader sees frame 0 everywhere);
:func:`split` then answers ``None``.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
_PRESENT = 1 << 63
_FRAME = (1 << 55) - 1


def _mappings(pid: int) -> list[tuple[int, int]]:
    spans = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        start, _, end = line.split(" ", 1)[0].partition("-")
        spans.append((int(start, 16), int(end, 16)))
    return spans


def frames(pid: int) -> dict[int, int]:
    """Every present page of ``pid``: its address → its frame (0 where Linux hides it)."""
    found: dict[int, int] = {}
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end in _mappings(pid):
            pagemap.seek(start // PAGE * 8)
            data = pagemap.read((end - start) // PAGE * 8)
            for i, (entry,) in enumerate(struct.iter_unpack("<Q", data)):
                if entry & _PRESENT:
                    found[start + i * PAGE] = entry & _FRAME
    return found


def split(child: int, parent: int | dict[int, int]) -> tuple[int, int] | None:
    """``(copied, new)`` bytes of ``child``'s own pages (see the module); ``None`` when the
    frames cannot be read (not root, or a process gone). ``parent``: its pid, or its
    :func:`frames` read once for all its children."""
    try:
        mine = frames(child)
        theirs = frames(parent) if isinstance(parent, int) else parent
        if mine and not any(mine.values()):
            return None  # (frames hidden: not root)
        copied = new = 0
        with open("/proc/kpagecount", "rb") as counts:
            for address, frame in mine.items():
                if theirs.get(address) == frame:
                    continue  # shared still
                counts.seek(frame * 8)
                (maps,) = struct.unpack("<Q", counts.read(8))
                if maps != 1:
                    continue  # shared with another process (a file's page, a sibling)
                if address in theirs:
                    copied += PAGE
                else:
                    new += PAGE
        return copied, new
    except (OSError, struct.error):
        return None
