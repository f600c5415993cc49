"""Grundy values G(0), G(1), … of one heap of a take-and-break game, three ways.

**Reference** (:func:`grundy_reference`): G(n) is the mex of the values of the options of n
(:meth:`~squaregame.families.octal.code.HeapRule.options`), an option's value being the XOR of
its heaps' (Sprague–Grundy). Slow — every split is listed — and plainly right: the tests'
yardstick.

**Plain** (``sparse=False``): the same mex, the splits of n − j into a + b scanned as value
pairs G(a) ^ G(b) in one array operation (numpy) or one loop (C): about n²/4 pairs a split digit
up to n.

**Rare values** (the default; Gangolli and Plambeck, Flammenkamp, tczajka/octal-games). Choose
a mask M ≠ 0. Call a value v *common* if popcount(v & M) is odd, *rare* if even; a heap is
rare if its value is. Parity of popcount is additive under XOR, so common ^ common and
rare ^ rare are rare, common ^ rare is common. For a heap n:

1. the single-heap and whole-heap options are read directly;
2. for every split, the pairs (r, rest − r) with r a rare heap are scanned: they are the only
   pairs whose value can be common, so afterwards the set of common values reached is exact,
   and its least missing common value c is known;
3. G(n) = c unless some rare value below c is reached by no pair at all: only then are all
   pairs scanned (stopping once every rare value below c has been seen), and G(n) is the mex
   of everything seen. Either way G(n) is the true mex, whatever M is.

For most octal games almost every value is common for a good M (found, like Flammenkamp's, as
the mask with the fewest rare heaps so far, by a Walsh–Hadamard transform of the value counts,
again at n = 64, 128, 256, … and when the rare heaps grow much), so step 2 examines a few
hundred pairs and step 3 stops after a few: near-linear time instead of quadratic. M = 0 makes
every heap rare: the plain method. Grundy's game (unequal splits) is handled alike.

:func:`grundy_values` is what the rest asks: it computes once (C kernel where it can be had,
:mod:`squaregame.families.octal.native`; else numpy), keeps the values of each rule and extends
them when asked for more, and refuses past :data:`MAX_ON_DEMAND` before starting — unless the
cache holds more (:mod:`squaregame.families.octal.files`, written by ``squaregame build-tables
octal --code C --upto N``, up to :data:`MAX_CACHED`): then the values are read from there.
Progress is reported between chunks; an exception raised by ``progress`` stops the work there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from squaregame.core.errors import TableLimitError
from squaregame.families.octal import files
from squaregame.families.octal.code import HeapRule

MAX_ON_DEMAND = 10**6  # heaps computed on demand (C kernel: seconds for 0.6, Grundy's game)
MAX_CACHED = 10**8  # heaps built ahead into the cache (build-tables octal): 200 MB a rule
# Pairs of heaps numpy may examine for one request (a code whose values are dense makes every
# pair count: the work grows as n²): checked heap by heap, before each heap's pairs.
NUMPY_PAIR_BUDGET = 10**9
NUMPY_STEP = 2048  # heaps between progress reports in numpy
QUICK_FROM_CACHE = 1 << 14  # fewer values than this are computed, not read from a file
FIRST_CHECK = 64  # the mask is chosen again at 64, 128, 256, …
PLACES = range(9)  # d0..d8

Progress = Callable[[float], None]


class Kept:
    """What one program keeps of the family's values, per rule: G(0..N) (read-only numpy
    arrays) and periods found. Held by the program's tables (their part ``octal``); a call
    given none keeps nothing."""

    def __init__(
        self, cache: files.Folder | None = None, note: Callable[..., None] | None = None
    ) -> None:
        self.values: dict[str, Any] = {}  # rule key -> the values computed so far
        self.periods: dict[str, Any] = {}  # rule key -> (Periodicity | None, values searched)
        self.lock = threading.Lock()
        self.cache = cache  # the cache folder of values built ahead (None: none is read)
        self.note = note if note is not None else (lambda key, **params: None)
        self.cached: dict[str, int] = {}  # rule key -> the last heap the cache's files cover

    def folder(self) -> Any:
        return None if self.cache is None else self.cache()


def available(rule: HeapRule, kept: Kept | None) -> int:
    """How many values of ``rule`` may be had without computing past :data:`MAX_ON_DEMAND`:
    those kept, or held in a cache file (its header read once a program)."""
    if kept is None:
        return 0
    with kept.lock:
        have = kept.values.get(rule.key)
        upto = kept.cached.get(rule.key)
    if upto is None:
        upto = files.cached_upto(kept.folder(), rule)
        with kept.lock:
            kept.cached[rule.key] = upto
    return max(0 if have is None else int(have.size), upto + 1)


def grundy_reference(rule: HeapRule, n: int) -> list[int]:
    """G(0..n) by the textbook mex over every option (slow; for the tests)."""
    g: list[int] = []
    for m in range(n + 1):
        seen = set()
        for option in rule.options(m):
            v = 0
            for heap in option:
                v ^= g[heap]
            seen.add(v)
        mex = 0
        while mex in seen:
            mex += 1
        g.append(mex)
    return g


def _odd_table(mask: int, size: int) -> Any:
    """odd[v]: popcount(v & mask) is odd, for 0 ≤ v < size."""
    # (numpy: only when values are computed; a lookup or a listing of kinds needs none)
    import numpy as np

    v = np.arange(size, dtype=np.int64) & mask
    odd = np.zeros(size, dtype=bool)
    while v.any():
        odd ^= (v & 1).astype(bool)
        v >>= 1
    return odd


def best_mask(counts: Any, heaps: int) -> int:
    """The mask with the fewest rare heaps, given the count of each value (a power-of-two
    long array); 0 if none has fewer than ``heaps``. Ties: the least mask."""
    # (numpy: only when values are computed; a lookup or a listing of kinds needs none)
    import numpy as np

    h = np.asarray(counts, dtype=np.int64).copy()
    size = h.size
    length = 1
    while length < size:
        h = h.reshape(-1, 2, length)
        h = np.stack([h[:, 0] + h[:, 1], h[:, 0] - h[:, 1]], axis=1).reshape(-1)
        length *= 2
    rare = (heaps + h[1:]) // 2
    if rare.size == 0 or int(rare.min()) >= heaps:
        return 0
    return int(rare.argmin()) + 1


def grundy_numpy(
    rule: HeapRule,
    n: int,
    progress: Progress | None = None,
    sparse: bool = True,
    start: Any = None,
) -> Any:
    """G(0..n) as a uint32 array by the rare-value method in numpy (``sparse=False``: the
    plain method), continuing ``start`` (a shorter prefix) if given."""
    # (numpy: only when values are computed; a lookup or a listing of kinds needs none)
    import numpy as np

    total = n + 1
    g = np.zeros(total, dtype=np.int64)
    have = 0 if start is None else min(len(start), total)
    if have:
        g[:have] = np.asarray(start[:have], dtype=np.int64)
    wholes = [j for j in PLACES if rule.whole_mask >> j & 1]
    takes = [j for j in PLACES if j and rule.take_mask >> j & 1]
    splits = [j for j in PLACES if rule.split_mask >> j & 1]
    maxval = int(g[:have].max()) if have else 0
    size = 1 << (maxval + 1).bit_length()  # > maxval + 1: every XOR and every mex fit
    counts = np.bincount(g[:have], minlength=size) if have else np.zeros(size, np.int64)
    mask = best_mask(counts, have) if sparse and have >= FIRST_CHECK else 0
    odd = _odd_table(mask, 2 * size)
    rare = np.empty(total, dtype=np.int64)
    nrare = 0
    if have:
        found = np.flatnonzero(~odd[g[:have]])
        rare[: found.size], nrare = found, found.size
    rare_after, next_check = nrare, FIRST_CHECK
    while next_check <= have:
        next_check *= 2
    work = 0  # pairs examined
    for m in range(have, total):
        if work + len(splits) * m > NUMPY_PAIR_BUDGET:  # this heap's pairs at most
            raise TableLimitError("octal.errors.too_much_work", rule=rule.text, done=m, need=n)
        seen = np.zeros(2 * size, dtype=bool)
        if m in wholes:
            seen[0] = True
        for j in takes:
            if m - j >= 1:
                seen[g[m - j]] = True
        for j in splits:
            rest = m - j
            if rest < 2:
                continue
            last = rest - 1 if mask else rest // 2
            r = rare[1 : int(np.searchsorted(rare[:nrare], last, side="right"))]  # 0 is rare
            if rule.unequal:
                r = r[2 * r != rest]
            seen[g[r] ^ g[rest - r]] = True
            work += r.size
        if mask:
            c = int((~seen & odd).argmax())  # the least common value not reached
            if (~seen[:c] & ~odd[:c]).any():  # a rare value below c unseen: every pair
                for j in splits:
                    rest = m - j
                    top = (rest - 1) // 2 if rule.unequal else rest // 2
                    a = np.arange(1, top + 1)
                    seen[g[a] ^ g[rest - a]] = True
                    work += a.size
        mex = int((~seen).argmax())
        g[m] = mex
        if mex > maxval:
            maxval = mex
            if maxval + 1 >= size:
                size = 1 << (maxval + 1).bit_length()
                counts = np.concatenate([counts, np.zeros(size - counts.size, np.int64)])
                odd = _odd_table(mask, 2 * size)
        counts[mex] += 1
        if not odd[mex]:
            rare[nrare] = m
            nrare += 1
        if sparse and (m + 1 == next_check or nrare > 2 * rare_after + 1024):
            if m + 1 == next_check:
                next_check *= 2
            mask = best_mask(counts, m + 1)
            odd = _odd_table(mask, 2 * size)
            found = np.flatnonzero(~odd[g[: m + 1]])
            rare[: found.size], nrare = found, found.size
            rare_after = nrare
        if progress is not None and (m + 1) % NUMPY_STEP == 0:
            progress((m + 1) / total)
    if progress is not None:
        progress(1.0)
    return g.astype(np.uint32)


def grundy_native(
    rule: HeapRule, n: int, progress: Progress | None = None, start: Any = None
) -> Any:
    """G(0..n) as a uint32 array from the C kernel (the same method as :func:`grundy_numpy`).
    Raises :class:`OSError` where the kernel cannot be had or a value outgrows it."""
    # (numpy: only when values are computed; a lookup or a listing of kinds needs none)
    import numpy as np

    # (the C kernel's binding: only where a build uses it)
    from squaregame.families.octal.native import values_native

    before = None if start is None else bytearray(np.asarray(start, dtype=np.uint32).tobytes())
    return np.frombuffer(values_native(rule, n, progress, before), dtype=np.uint32)


def builder(n: int) -> str:
    """``native`` or ``numpy`` for G(0..n): as for the other families
    (:func:`squaregame.core.build.native.builder`), counting n²/4 pairs as the cells."""
    from squaregame.core.build import native  # (the compiler's lookup: only when values are built)

    return native.builder(n * n // 4)


def grundy_values(
    rule: HeapRule, n: int, progress: Progress | None = None, kept_in: Kept | None = None
) -> Any:
    """G(0..n) (a read-only uint32 array, kept per rule and extended when more is asked).

    Read from the cache where a file there covers n (see :mod:`~squaregame.families.octal.files`).
    Else refuses n beyond :data:`MAX_ON_DEMAND` with a :class:`TableLimitError`
    (``octal.errors.too_many_values``), and work estimated past the budget
    (:func:`squaregame.families.octal.cost.check_values`), before the work."""
    store = Kept() if kept_in is None else kept_in
    with store.lock:
        kept = store.values.get(rule.key)
    if kept is not None and kept.size > n:
        return kept[: n + 1]
    if n >= QUICK_FROM_CACHE and available(rule, store) > n:
        found = files.load(store.folder(), rule, n, store.note)
        if found is not None:
            with store.lock:
                old = store.values.get(rule.key)
                if old is None or old.size < found.size:
                    store.values[rule.key] = found
            return found[: n + 1]
        with store.lock:  # damaged, or gone: what the files cover is read again when asked
            store.cached.pop(rule.key, None)
    if n > MAX_ON_DEMAND:
        raise TableLimitError(
            "octal.errors.too_many_values", need=n, limit=MAX_ON_DEMAND, rule=rule.text
        )
    from squaregame.families.octal import cost  # (the budget's estimate: when values are made)

    cost.check_values(rule, n, store, progress)
    with store.lock:  # (the estimate's probe may have computed some)
        kept = store.values.get(rule.key)
    g: Any = None
    if builder(n) == "native":
        try:
            g = grundy_native(rule, n, progress, kept)
        except OSError:  # no compiler after all, or a value too large for the kernel
            g = None
    if g is None:
        g = grundy_numpy(rule, n, progress, start=kept)
    g.flags.writeable = False
    with store.lock:
        old = store.values.get(rule.key)
        if old is None or old.size < g.size:
            store.values[rule.key] = g
    return g
