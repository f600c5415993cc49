"""A rule's normal-play table files: the one shipped with the package
(``assets/tables/<name>-normal.sgt``) and those the cache holds (``<name>-normal-<N>.sgt``),
in :mod:`squaregame.core.files.tablefile`'s format, read, checked and written;
:class:`~squaregame.core.piles.tabled.TabledTables` decides which one answers. ``name`` is the
rule's :attr:`~squaregame.core.rules.base.Tabled.name` (Squares: ``squares``)."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from squaregame import paths
from squaregame.core.files.atomic import Chunk
from squaregame.core.files.tablefile import CorruptTableError, read_table, write_table
from squaregame.core.values import ArrayValues


def shipped_path(name: str) -> Path:
    return paths.asset("tables", f"{name}-normal.sgt")


def cache_path(folder: Path, name: str, upto: int) -> Path:
    return folder / f"{name}-normal-{upto}.sgt"


def named_upto(path: Path, name: str) -> int | None:
    """The last position a cache file's *name* claims (never believed: see the header)."""
    m = re.fullmatch(rf"{re.escape(name)}-normal-(\d+)\.sgt", path.name)
    return None if m is None else int(m.group(1))


def load_values_file(path: Path, name: str) -> ArrayValues:
    tf = read_table(path)
    meta = tf.meta
    if meta.get("game") != name or meta.get("misere") is not False:
        raise CorruptTableError(f"{path.name}: not a normal-play {name} table")
    rem = tf.arrays["remoteness"]
    if len(rem) != meta.get("upto", -1) + 1:
        raise CorruptTableError(f"{path.name}: length does not match its header")
    return ArrayValues(rem, tf.arrays.get("grundy"), misere=False)


def is_regular(path: Path) -> bool:
    """A regular file (through symbolic links): only such a file is ever opened."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def file_header(path: Path, name: str) -> tuple[int, int] | None:
    """(last position, last position with a Grundy value or -1) of a normal-play table file
    of ``name`` whose header is whole and whose length matches it (the payload's checksum is
    not read); None for any other file."""
    if not is_regular(path):
        return None
    try:
        tf = read_table(path, verify=False)
        meta = tf.meta
        upto = int(meta["upto"])
        whole = len(tf.arrays["remoteness"]) == upto + 1
        if meta.get("game") == name and meta.get("misere") is False and whole:
            grundy = tf.arrays.get("grundy")
            return upto, -1 if grundy is None else min(upto, len(grundy) - 1)
    except (CorruptTableError, OSError, KeyError, TypeError, ValueError):
        pass
    return None


def save_table(
    path: Path,
    name: str,
    rem: bytes | tuple[str, Chunk],
    upto: int,
    grundy: tuple[str, Chunk] | None,
) -> None:
    """``rem``: (typecode, little-endian values) — "B" one byte a position, "H" two — or
    plain bytes of "H" values."""
    arrays = {"remoteness": ("H", rem) if isinstance(rem, bytes) else rem}
    if grundy is not None:
        arrays["grundy"] = grundy
    write_table(path, {"game": name, "rule": name, "misere": False, "upto": upto}, arrays)
