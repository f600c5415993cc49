"""The on-disk format of position tables, read without numpy.

Layout (little-endian)::

    magic   8 bytes  b"SQGTABLE"
    version u32      FORMAT_VERSION
    metalen u32      length of the JSON metadata
    metacrc u32      CRC-32 of the metadata bytes
    meta    metalen  UTF-8 JSON: game, rule, misere, upto, arrays{name: typecode, offset,
                     count}, payload_len, payload_crc32
    padding to a multiple of 8
    payload          the arrays, each starting at a multiple of 8 from the payload start

A file whose magic, version, lengths or either checksum do not match is *corrupt*:
:func:`read_table` raises :class:`CorruptTableError` and the caller rebuilds it.
Loading memory-maps the file and exposes each array as a ``memoryview`` of ints, so a
shipped table is ready in milliseconds and costs no copy.
"""

from __future__ import annotations

import json
import mmap
import os
import struct
import sys
import zlib
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from squaregame.core.files.atomic import Chunk, open_regular, write_atomic

MAGIC = b"SQGTABLE"
FORMAT_VERSION = 1
_FIXED = struct.Struct("<8sIII")
_ITEMSIZE = {"B": 1, "H": 2, "I": 4}


class CorruptTableError(Exception):
    """A table file that cannot be trusted (truncated, altered or of another version)."""


@dataclass
class TableFile:
    """A loaded table: metadata plus read-only integer arrays."""

    meta: dict[str, Any]
    arrays: dict[str, Sequence[int]]
    _keepalive: list[object] = field(default_factory=list, repr=False)


def _pad8(n: int) -> int:
    return (n + 7) & ~7


def encode_chunks(meta: Mapping[str, Any], arrays: Mapping[str, tuple[str, Chunk]]) -> list[Chunk]:
    """The file as a list of buffers (header, then each array and its padding): the arrays
    are never copied, so a table of 10^8 positions is written from where it was built.
    ``arrays`` maps name -> (typecode, little-endian bytes or any buffer of them)."""
    layout: dict[str, dict[str, int | str]] = {}
    chunks: list[Chunk] = []
    offset = 0
    crc = 0
    for name, (typecode, data) in arrays.items():
        raw = memoryview(data).cast("B")
        size = _ITEMSIZE[typecode]
        if len(raw) % size:
            raise ValueError(f"array {name} has a partial item")
        layout[name] = {"typecode": typecode, "offset": offset, "count": len(raw) // size}
        pad = b"\0" * (_pad8(len(raw)) - len(raw))
        chunks += [raw, pad]
        crc = zlib.crc32(pad, zlib.crc32(raw, crc))
        offset += len(raw) + len(pad)
    full_meta = dict(meta)
    full_meta["arrays"] = layout
    full_meta["payload_len"] = offset
    full_meta["payload_crc32"] = crc
    meta_bytes = json.dumps(full_meta, sort_keys=True).encode()
    head = _FIXED.pack(MAGIC, FORMAT_VERSION, len(meta_bytes), zlib.crc32(meta_bytes)) + meta_bytes
    return [head + b"\0" * (_pad8(len(head)) - len(head)), *chunks]


def encode_table(meta: Mapping[str, Any], arrays: Mapping[str, tuple[str, Chunk]]) -> bytes:
    """Serialise ``arrays`` (name -> (typecode, little-endian bytes)) with ``meta``."""
    return b"".join(encode_chunks(meta, arrays))


def write_table(
    path: Path, meta: Mapping[str, Any], arrays: Mapping[str, tuple[str, Chunk]]
) -> None:
    write_atomic(path, encode_chunks(meta, arrays))


def read_table(path: Path, *, verify: bool = True) -> TableFile:
    """Memory-map and check a table file. Raises ``CorruptTableError`` or ``OSError``
    (:class:`NotRegularFileError` for a folder, FIFO, socket or device: opened without
    blocking, checked with ``fstat`` and never read)."""
    fd, _ = open_regular(path)
    try:
        try:
            mm = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        except ValueError as exc:  # an empty file cannot be mapped
            raise CorruptTableError(f"{path.name}: empty file") from exc
    finally:
        os.close(fd)
    buf = memoryview(mm)
    if len(buf) < _FIXED.size:
        raise CorruptTableError(f"{path.name}: truncated header")
    magic, version, metalen, metacrc = _FIXED.unpack_from(buf, 0)
    if magic != MAGIC:
        raise CorruptTableError(f"{path.name}: not a squaregame table")
    if version != FORMAT_VERSION:
        raise CorruptTableError(f"{path.name}: table format {version}, expected {FORMAT_VERSION}")
    start = _FIXED.size
    meta_bytes = bytes(buf[start : start + metalen])
    if len(meta_bytes) != metalen or zlib.crc32(meta_bytes) != metacrc:
        raise CorruptTableError(f"{path.name}: damaged header")
    try:
        meta = json.loads(meta_bytes)
    except ValueError as exc:
        raise CorruptTableError(f"{path.name}: unreadable header") from exc
    payload_start = _pad8(start + metalen)
    payload = buf[payload_start:]
    if len(payload) != meta.get("payload_len"):
        raise CorruptTableError(
            f"{path.name}: truncated ({len(payload)} of {meta.get('payload_len')} bytes)"
        )
    if verify and zlib.crc32(payload) != meta.get("payload_crc32"):
        raise CorruptTableError(f"{path.name}: checksum mismatch")
    arrays: dict[str, Sequence[int]] = {}
    keep: list[object] = [mm]
    for name, spec in meta["arrays"].items():
        code, off, count = spec["typecode"], spec["offset"], spec["count"]
        raw = payload[off : off + count * _ITEMSIZE[code]]
        if sys.byteorder == "little" or code == "B":
            arrays[name] = raw.cast(code)
        else:  # pragma: no cover - big-endian machines get a swapped copy
            swapped = array(code, raw.tobytes())
            swapped.byteswap()
            arrays[name] = swapped
    return TableFile(meta=meta, arrays=arrays, _keepalive=keep)
