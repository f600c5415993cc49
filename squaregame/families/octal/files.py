"""Grundy values of one heap kept in the cache folder: ``octal-<key>-<N>.sgt`` holds G(0..N)
of one rule (``squaregame build-tables octal --code C --upto N``), in the table format of
:mod:`squaregame.core.files.tablefile` (header, CRC-32 of header and values, memory-mapped when
read: 10^8 values are ready without a copy).

A file is written atomically (:func:`~squaregame.core.files.atomic.write_atomic`: a reader
sees the old file or the new one). What a file covers is read from its header, never from its
name. A file that fails its header, its length or its checksum is *set aside* — renamed
``….sgt.damaged``, never read again, kept for whoever wants to look — and the values are
computed or built again: a wrong value is never used. Anything that is not a regular file (a
folder, a FIFO) is skipped, never opened.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from squaregame.core.files.tablefile import CorruptTableError, read_table, write_table
from squaregame.core.piles.files import is_regular
from squaregame.families.octal.code import HeapRule

Folder = Callable[[], Path | None]  # the cache folder, asked when first needed (None: no cache)
DAMAGED = (CorruptTableError, OSError, KeyError, TypeError, ValueError)
GAME = "octal"


def _safe(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9.]", "-", key)


def cache_path(folder: Path, rule: HeapRule, upto: int) -> Path:
    return folder / f"{GAME}-{_safe(rule.key)}-{upto}.sgt"


def _named(folder: Path, rule: HeapRule) -> list[tuple[int, Path]]:
    """Regular files named for the rule, by the last heap their name claims (ascending)."""
    pattern = re.compile(rf"{re.escape(GAME)}-{re.escape(_safe(rule.key))}-(\d+)\.sgt")
    found: list[tuple[int, Path]] = []
    with contextlib.suppress(OSError):
        for p in folder.iterdir():
            m = pattern.fullmatch(p.name)
            if m is not None and is_regular(p):
                found.append((int(m.group(1)), p))
    return sorted(found)


def header_upto(path: Path, rule: HeapRule) -> int:
    """The last heap a file's header covers, its length matching (checksum not read); -1 for
    any other file."""
    try:
        tf = read_table(path, verify=False)
        meta = tf.meta
        upto = int(meta["upto"])
        mine = meta.get("game") == GAME and meta.get("rule") == rule.key
        if mine and len(tf.arrays["grundy"]) == upto + 1:
            return upto
    except DAMAGED:
        pass
    return -1


def cached_upto(folder: Path | None, rule: HeapRule) -> int:
    """The last heap of the largest cache file of ``rule`` whose header is whole; -1 if none."""
    if folder is None:
        return -1
    return max((header_upto(p, rule) for _, p in _named(folder, rule)), default=-1)


def set_aside(path: Path) -> None:
    """Rename a damaged file ``….damaged`` (replacing an older one of that name)."""
    with contextlib.suppress(OSError):
        path.replace(path.with_name(path.name + ".damaged"))


def load(folder: Path | None, rule: HeapRule, n: int, note: Callable[..., None]) -> Any:
    """G(0..upto) of the smallest good cache file with upto ≥ n (a read-only uint32 numpy
    array, memory-mapped where the file holds uint32), or None. A damaged file is set aside
    and ``note("tables.damaged", file=…, reason=…)`` told."""
    if folder is None:
        return None
    # (numpy: only when values are read)
    import numpy as np

    for _, path in _named(folder, rule):
        if header_upto(path, rule) < n:
            continue
        try:
            tf = read_table(path)  # the checksum too
            values = tf.arrays["grundy"]
            if len(values) != int(tf.meta["upto"]) + 1:
                raise CorruptTableError(f"{path.name}: length does not match its header")
        except DAMAGED as exc:
            note("tables.damaged", file=path.name, reason=exc)
            set_aside(path)
            continue
        g = np.asarray(values).astype(np.uint32, copy=False)
        g.flags.writeable = False
        return g
    return None


def save(path: Path, rule: HeapRule, g: Any) -> None:
    """Write G(0..len(g) − 1) atomically: two bytes a value where every value fits, else four."""
    # (numpy: only when values are written)
    import numpy as np

    wide = int(g.max(initial=0)) >= 1 << 16
    code, dtype = ("I", "<u4") if wide else ("H", "<u2")
    data = np.ascontiguousarray(g, dtype=dtype)
    meta = {"game": GAME, "rule": rule.key, "misere": False, "upto": int(g.size) - 1}
    write_table(path, meta, {"grundy": (code, data.tobytes())})


def drop_smaller(folder: Path, rule: HeapRule, keep: Path) -> None:
    """Remove the rule's other cache files covering fewer heaps than ``keep`` (replaced)."""
    mine = header_upto(keep, rule)
    for upto, path in _named(folder, rule):
        if path != keep and upto < mine:
            with contextlib.suppress(OSError):
                path.unlink()
