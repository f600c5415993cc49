"""The one atomic writer: regular files only, symlinks kept, no temporary left behind."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from squaregame.core.files import atomic
from squaregame.core.files.atomic import (
    NotRegularFileError,
    is_temporary,
    sweep_stale_temporaries,
    write_atomic,
)


def _temps(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if is_temporary(p.name)]


def test_writes_and_replaces(tmp_path: Path) -> None:
    p = tmp_path / "sub" / "f.json"
    write_atomic(p, b"one")
    write_atomic(p, b"two")
    assert p.read_bytes() == b"two"
    assert _temps(p.parent) == []


def test_keeps_the_old_files_mode(tmp_path: Path) -> None:
    p = tmp_path / "f"
    p.write_bytes(b"x")
    p.chmod(0o640)
    write_atomic(p, b"y")
    assert p.stat().st_mode & 0o777 == 0o640


def test_a_symlink_stays_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_bytes(b"old")
    link = tmp_path / "game.json"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


@pytest.mark.parametrize("kind", ["dir", "fifo"])
def test_refuses_a_target_that_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    p = tmp_path / "x"
    if kind == "dir":
        p.mkdir()
    else:
        os.mkfifo(p)
    with pytest.raises(NotRegularFileError):
        write_atomic(p, b"data")
    assert p.is_dir() if kind == "dir" else p.is_fifo()
    assert _temps(tmp_path) == []


def test_refuses_dev_null() -> None:
    with pytest.raises(NotRegularFileError):
        write_atomic(Path("/dev/null"), b"data")
    assert Path("/dev/null").is_char_device()


def test_no_temporary_left_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "f"
    write_atomic(p, b"old")

    def fail(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "replace", fail)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(p, b"new")
    assert p.read_bytes() == b"old"
    assert _temps(tmp_path) == []


def test_sweep_removes_only_stale_temporaries(tmp_path: Path) -> None:
    old = tmp_path / ".game.json.abc12345.tmp"
    fresh = tmp_path / ".settings.json.zz9_xy12.tmp"
    other = tmp_path / "game.json"
    for f in (old, fresh, other):
        f.write_bytes(b"x")
    day_ago = time.time() - atomic.STALE_AFTER - 10
    os.utime(old, (day_ago, day_ago))
    os.utime(other, (day_ago, day_ago))
    assert sweep_stale_temporaries(tmp_path) == [old]
    assert not old.exists() and fresh.exists() and other.exists()
    assert sweep_stale_temporaries(tmp_path / "missing") == []


def test_sweep_removes_unheld_temporaries_and_keeps_a_live_writers(tmp_path: Path) -> None:
    import fcntl

    killed = tmp_path / ".game.json.killed1.tmp"  # its writer is gone: nothing holds it
    live = tmp_path / ".table.sgt.writing.tmp"  # a writer holds it, however old it is
    for f in (killed, live):
        f.write_bytes(b"x")
        long_ago = time.time() - 2 * atomic.STALE_AFTER
        os.utime(f, (long_ago, long_ago))
    with open(live, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        assert sweep_stale_temporaries(tmp_path, older_than=float("inf")) == [killed]
    assert live.exists()
    young = tmp_path / ".x.json.young123.tmp"  # made just now: its writer may not lock yet
    young.write_bytes(b"x")
    assert sweep_stale_temporaries(tmp_path, older_than=float("inf")) == [live]  # let go
    assert young.exists()
