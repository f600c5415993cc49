"""Where a forked session's own memory comes from (squaregame.bench.forkpages): pages copied
from its parent by merely using the parent's objects, or pages new to it."""

from __future__ import annotations

import mmap
import os
import sys

import pytest

from squaregame.bench import forkpages
from squaregame.bench.forkpages import split

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/PID/pagemap")
root = pytest.mark.skipif(os.geteuid() != 0, reason="page frames are shown to root only")
NEW_BYTES = 4 * 2**20


def _child(work: str, data: list[str]) -> tuple[int, int, int]:
    """A forked child that does ``work`` and waits; its pid, and the pipe ends to wait on."""
    ready_r, ready_w = os.pipe()
    done_r, done_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        kept: list[object] = []
        if work == "use":
            kept = [s for s in data]  # (a list of its own, and every string's count written)
        elif work == "new":  # memory the parent never had: a mapping of its own, written.
            # (not new strings: they may land in free blocks of the parent's pages, copied then)
            made = mmap.mmap(-1, NEW_BYTES)
            made.write(b"x" * NEW_BYTES)
            kept = [made]
        os.write(ready_w, b"x")
        os.read(done_r, 1)
        del kept
        os._exit(0)
    os.close(ready_w)
    os.close(done_r)
    os.read(ready_r, 1)
    return pid, ready_r, done_w


def _end(pid: int, ready_r: int, done_w: int) -> None:
    os.write(done_w, b"x")
    os.waitpid(pid, 0)
    os.close(ready_r)
    os.close(done_w)


def _measured(work: str, data: list[str]) -> tuple[int, int]:
    # the parent's pages as the child was forked (read after, they may include memory the
    # parent mapped since at the very addresses of the child's new pages; found in CI)
    theirs = forkpages.frames(os.getpid())
    pid, r, w = _child(work, data)
    try:
        got = split(pid, theirs)
    finally:
        _end(pid, r, w)
    assert got is not None
    return got


@linux
@root
def test_using_the_parents_objects_copies_their_pages_and_new_ones_are_new() -> None:
    data = [str(i) * 3 for i in range(200_000)]  # ~12 MB of the parent's strings
    idle, used, made = (_measured(work, data) for work in ("idle", "use", "new"))
    # each string's page: its reference count was written (the idle child: its own stack,
    # the interpreter's after-fork work)
    assert used[0] - idle[0] > 4 * 2**20, (idle, used)
    assert made[1] >= NEW_BYTES, made  # the child's own mapping: every page new to it


def test_hidden_frames_say_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unprivileged reader sees frame 0 on every page: no figure, not a wrong one."""
    monkeypatch.setattr(forkpages, "frames", lambda pid: {4096: 0, 8192: 0})
    assert split(1, 2) is None


def test_a_process_gone_says_none() -> None:
    assert split(2**22 + 12345, os.getpid()) is None
