"""The Squares table files: the one shipped with the package, and those the cache holds
(``squares-normal-<N>.sgt``, in :mod:`squaregame.core.files.tablefile`'s format), read, checked
and written; :class:`squaregame.core.piles.store.TableStore` decides which one answers."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from squaregame import paths
from squaregame.core.files.atomic import Chunk
from squaregame.core.files.tablefile import CorruptTableError, read_table, write_table
from squaregame.core.values import ArrayValues

SHIPPED_SQUARES = ("tables", "squares-normal.sgt")
CACHE_NAME = re.compile(r"^squares-normal-(\d+)\.sgt$")

Progress = Callable[[float], None]


def shipped_squares_path() -> Path:
    return paths.asset(*SHIPPED_SQUARES)


def load_squares_file(path: Path) -> ArrayValues:
    tf = read_table(path)
    meta = tf.meta
    if meta.get("game") != "squares" or meta.get("misere") is not False:
        raise CorruptTableError(f"{path.name}: not a normal-play Squares table")
    rem = tf.arrays["remoteness"]
    if len(rem) != meta.get("upto", -1) + 1:
        raise CorruptTableError(f"{path.name}: length does not match its header")
    table = ArrayValues(rem, tf.arrays.get("grundy"), misere=False)
    return table


def is_regular(path: Path) -> bool:
    """A regular file (through symbolic links): only such a file is ever opened."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def squares_file_header(path: Path) -> tuple[int, int] | None:
    """(last position, last position with a Grundy value or -1) of a normal Squares table
    file whose header is whole and whose length matches it (the payload's checksum is not
    read); None for any other file."""
    if not is_regular(path):
        return None
    try:
        tf = read_table(path, verify=False)
        meta = tf.meta
        upto = int(meta["upto"])
        whole = len(tf.arrays["remoteness"]) == upto + 1
        if meta.get("game") == "squares" and meta.get("misere") is False and whole:
            grundy = tf.arrays.get("grundy")
            return upto, -1 if grundy is None else min(upto, len(grundy) - 1)
    except (CorruptTableError, OSError, KeyError, TypeError, ValueError):
        pass
    return None


def save_squares_table(
    path: Path,
    rem: bytes | tuple[str, Chunk],
    upto: int,
    grundy: tuple[str, Chunk] | None,
) -> None:
    """``rem``: (typecode, little-endian values) — "B" one byte a position, "H" two — or
    plain bytes of "H" values."""
    arrays = {"remoteness": ("H", rem) if isinstance(rem, bytes) else rem}
    if grundy is not None:
        arrays["grundy"] = grundy
    write_table(path, {"game": "squares", "rule": "squares", "misere": False, "upto": upto}, arrays)


def build_squares_values(
    upto: int, progress: Progress | None = None
) -> tuple[ArrayValues, tuple[str, Chunk]]:
    from squaregame.core.build.squares import (  # numpy only when building
        rem_payload,
        squares_remoteness,
    )

    rem = squares_remoteness(upto, progress)
    return ArrayValues(rem, None, misere=False), rem_payload(rem)
