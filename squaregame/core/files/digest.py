"""The FNV-1a hash of a table's values, as the C references print it (``fnv1a_rem=…``).

``shared/bench/squares_ref.c`` and ``assets/bench/wythoff_ref.c`` hash their remoteness
arrays with 64-bit FNV-1a taken a value at a time (each value a ``uint16``, not its bytes):
``h = 1469598103934665603``; for each value ``v``: ``h = ((h ^ v) · 1099511628211) mod 2^64``.
(That start is the references' own, one digit short of FNV's published offset basis,
14695981039346656037; it is kept, so that every hash printed and recorded so far — the tests'
too — stays the same.)
Two tables with the same hash hold the same values in the same order (but for a collision
of a 64-bit hash), so ``squaregame table … --stats --hash`` against the C reference checks a
builder's output value for value without writing it out. The hash is sequential — each step
needs the last — so it is taken in Python over chunks of the array (about 2·10^6 values a
second): a check made once, never inside a timed run.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

FNV_OFFSET = 1469598103934665603  # as the C references and the tests start it (see above)
FNV_PRIME = 1099511628211  # 0x100000001b3
MASK = (1 << 64) - 1
CHUNK = 1 << 20  # values turned into a Python list at a time


def fnv1a_u16(chunks: Iterable[Iterable[int]]) -> int:
    """The hash of the values of ``chunks`` taken in order (each value below 2^16)."""
    h, prime, mask = FNV_OFFSET, FNV_PRIME, MASK
    for chunk in chunks:
        for v in chunk:
            h = ((h ^ v) * prime) & mask
    return h


def chunks(values: Any, size: int = CHUNK) -> Iterator[list[int]]:
    """A flat array (numpy, or a ``memoryview`` cast to ``"H"``) as lists of ``size`` values."""
    for start in range(0, len(values), size):
        yield values[start : start + size].tolist()


def shown(h: int) -> str:
    """The hash as the C references print it: 16 hexadecimal digits."""
    return f"{h:016x}"
