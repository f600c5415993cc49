"""Table files: header and checksum, corruption detected and rebuilt, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from squaregame.core.files.atomic import write_atomic
from squaregame.core.files.tablefile import CorruptTableError, encode_table, read_table
from squaregame.core.piles.files import save_table
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES


def test_round_trip(tmp_path: Path) -> None:
    p = tmp_path / "t.sgt"
    rem = bytes(range(0, 20))
    save_table(p, "squares", rem, 9, ("B", bytes(range(10))))
    tf = read_table(p)
    assert tf.meta["upto"] == 9
    assert list(tf.arrays["remoteness"]) == [
        int.from_bytes(rem[i : i + 2], "little") for i in range(0, 20, 2)
    ]
    assert list(tf.arrays["grundy"]) == list(range(10))


@pytest.mark.parametrize(
    "damage",
    ["truncate_payload", "truncate_header", "flip_payload", "flip_header", "empty", "garbage"],
)
def test_damaged_files_are_detected(tmp_path: Path, damage: str) -> None:
    p = tmp_path / "t.sgt"
    data = bytearray(encode_table({"game": "squares"}, {"remoteness": ("H", bytes(2000))}))
    if damage == "truncate_payload":
        data = data[:-10]
    elif damage == "truncate_header":
        data = data[:12]
    elif damage == "flip_payload":
        data[-5] ^= 0xFF
    elif damage == "flip_header":
        data[30] ^= 0x01
    elif damage == "empty":
        data = bytearray()
    else:
        data = bytearray(b"not a table at all" * 10)
    p.write_bytes(bytes(data))
    with pytest.raises(CorruptTableError):
        read_table(p)


def test_corrupt_cache_is_rebuilt(cache_dir: Path) -> None:
    store = TableStore(use_shipped=False)
    good = store.tabled(SQUARES).normal(50_000)
    path = cache_dir / f"squares-normal-{good.upto}.sgt"
    assert path.is_file()
    raw = bytearray(path.read_bytes())
    raw[-100] ^= 0x5A  # a flipped bit in the payload
    path.write_bytes(bytes(raw))
    fresh = TableStore(use_shipped=False)
    again = fresh.tabled(SQUARES).normal(50_000)
    assert any(key == "tables.damaged" for key, _ in fresh.messages)
    assert [again.remoteness(n) for n in range(0, 50_000, 97)] == [
        good.remoteness(n) for n in range(0, 50_000, 97)
    ]
    read_table(path)  # the rebuilt file is whole again


def test_truncated_cache_is_rebuilt(cache_dir: Path) -> None:
    TableStore(use_shipped=False).tabled(SQUARES).normal(20_000)
    (path,) = cache_dir.glob("squares-normal-*.sgt")
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    store = TableStore(use_shipped=False)
    assert store.tabled(SQUARES).normal(20_000).info(17).remoteness == 8
    read_table(path)


def test_atomic_write_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "save.json"
    write_atomic(p, b"old")

    def boom(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        write_atomic(p, b"new")
    assert p.read_bytes() == b"old"
    assert [x.name for x in tmp_path.iterdir()] == ["save.json"]  # no temporary left behind
