"""The table cache trusts a file's header, not its name; leaves anything that is not a
regular file alone (never opened, never removed); falls back to building when the shipped
table is damaged; sweeps what killed builds left; and says each of these on the CLI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from reference import solve, squares_amounts
from squaregame.core.files import atomic
from squaregame.core.piles.files import shipped_path
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES

SHIPPED_UPTO = 1_000_000


def _reference(upto: int) -> dict[int, int]:
    def children(n: object) -> list[object]:
        assert isinstance(n, int)
        return [n - a for a in squares_amounts(n)]

    return {int(k): r for k, (_, r) in solve(range(upto + 1), children, False).items()}  # type: ignore[call-overload]


def test_a_table_under_a_larger_name_covers_only_what_its_header_says(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    liar = cache_dir / "squares-normal-4000000.sgt"
    shutil.copy(shipped_path("squares"), liar)  # 0..10^6 inside, 4·10^6 on the label
    store = TableStore(use_shipped=False)
    t = store.tabled(SQUARES).normal(1_500_000)  # was an IndexError: the name was believed
    assert t.upto >= 1_500_000 and t.info(1_500_000).remoteness > 0
    assert store.tabled(SQUARES).largest() >= 1_500_000
    assert any(key == "tables.mislabeled" for key, _ in store.messages)


def test_what_is_not_a_regular_file_is_left_alone(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    folder = cache_dir / "squares-normal-2000000.sgt"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    fifo = cache_dir / "squares-normal-3000000.sgt"
    os.mkfifo(fifo)  # opening it to read would block for ever
    store = TableStore(use_shipped=False)
    t = store.tabled(SQUARES).normal(1_500_000)
    assert t.info(17).remoteness == 8
    assert (folder / "notes.txt").read_text() == "mine" and fifo.is_fifo()
    assert store.tabled(SQUARES).largest() >= 1_500_000


def test_a_damaged_shipped_table_falls_back_to_building(tmp_path: Path, cache_dir: Path) -> None:
    damaged = tmp_path / "squares-normal.sgt"
    raw = bytearray(shipped_path("squares").read_bytes())
    raw[len(raw) // 2] ^= 0x01  # one flipped bit
    damaged.write_bytes(bytes(raw))
    store = TableStore(shipped=damaged)
    t = store.tabled(SQUARES).normal(2_000)
    want = _reference(2_000)
    assert [t.info(n).remoteness for n in range(2_001)] == [want[n] for n in range(2_001)]
    assert [key for key, _ in store.messages] == ["tables.shipped_damaged"]


def test_temporaries_of_killed_builds_are_swept(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    left = cache_dir / ".squares-normal-50000000.sgt.k1ll3d.tmp"
    left.write_bytes(b"\0" * 1000)
    then = time.time() - atomic.GRACE - 5
    os.utime(left, (then, then))
    TableStore(use_shipped=False).tabled(SQUARES).normal(100)
    assert not left.exists()


def test_the_cli_says_a_cache_file_was_damaged(tmp_path: Path) -> None:
    cache = tmp_path / "c"
    env = dict(os.environ, SQUAREGAME_CACHE_DIR=str(cache))
    cmd = [sys.executable, "-m", "squaregame", "analyze", "squares", "1500000"]
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    (path,) = cache.glob("squares-normal-*.sgt")
    raw = bytearray(path.read_bytes())
    raw[-100] ^= 0x5A
    path.write_bytes(bytes(raw))
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # one message; a slow machine also shows the build's "building …" progress line
    (line,) = [ln for ln in done.stderr.splitlines() if ln.startswith("squaregame:")]
    assert line.startswith("squaregame: The cached table") and "built again" in line


def _hang_guarded(code: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter; a FIFO opened the blocking way would wait for
    ever, so a generous time limit turns that hang into a failure."""
    env = dict(os.environ, SQUAREGAME_CACHE_DIR=str(cache))
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


def test_a_fifo_is_never_opened_the_blocking_way(tmp_path: Path) -> None:
    fifo = tmp_path / "t.sgt"
    os.mkfifo(fifo)
    code = (
        "from pathlib import Path\n"
        "from squaregame.core.files.atomic import NotRegularFileError\n"
        "from squaregame.core.files.tablefile import read_table\n"
        f"for p in (Path({str(fifo)!r}), Path({str(tmp_path)!r})):\n"
        "    try:\n"
        "        read_table(p)\n"
        "    except NotRegularFileError:\n"
        "        print('refused')\n"
    )
    done = _hang_guarded(code, tmp_path / "c")
    assert done.stdout.split() == ["refused", "refused"], done.stderr
    assert fifo.is_fifo()


def test_a_fifo_in_place_of_the_shipped_table_falls_back_to_building(tmp_path: Path) -> None:
    fifo = tmp_path / "squares-normal.sgt"
    os.mkfifo(fifo)
    code = (
        "from pathlib import Path\n"
        "from squaregame.core.piles.store import TableStore\n"
        "from squaregame.core.rules import SQUARES\n"
        f"store = TableStore(shipped=Path({str(fifo)!r}))\n"
        "print(store.tabled(SQUARES).normal(17).info(17).remoteness)\n"
        "print(*[key for key, _ in store.messages])\n"
    )
    done = _hang_guarded(code, tmp_path / "c")
    assert done.stdout.split() == ["8", "tables.shipped_damaged"], done.stderr
