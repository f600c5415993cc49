"""Arithmetic periods of a finite set's remoteness, of any length a table can show, proven.

Let S be finite, m = max(S). Remoteness is not always periodic plus one constant: for
S = {3, 9, 11}, rem(n + 40) = rem(n) + 6 for some residues and + 8 for others, so the
spread within a window grows without bound; and a period may be long: {1, 4999} gains 2
every 5,000 positions, {2, 4999, 5000} repeats its pattern only after 12,498,750. We look
for *arithmetic periodicity*: n0, p and shifts c(r) with

    Q(N):  rem(N) = rem(N − p) + c(N mod p)    for every N ≥ n0 + p,

where c(N mod p) = rem(n0 + j + p) − rem(n0 + j) for the j in [0, p) with j ≡ N − n0.

**The proof** (:func:`remoteness_period`). Let b = n0 + m, so every child of a position
M ≥ b is ≥ n0 and every member of S may be taken. Checked on the computed table:

1. every c(r) is even (then Q keeps outcomes: cold ⇔ parity of remoteness);
2. Q(N) for n0 + p ≤ N < b + p;
3. for every M in one block [b, b + p): let the *candidates* be the cold children of M if M
   is hot (remoteness 1 + least of theirs), else all its children (1 + greatest). Give each
   child x its remoteness rem(x) and its slope c(x). Let x* be the best candidate — least
   (rem, slope) if M is hot, greatest if cold. Then every candidate's slope is at least
   x*'s (hot) or at most x*'s (cold), and c(M) = c(x*).

Proof that Q holds for every N ≥ b + p, with the same best child (by induction on N). Let
M = N − p ≥ b; condition 3 holds at M (M is in the block, or by induction, since the
relative order below is the block's). Every child N − a is ≥ n0 + p and < N, so
rem(N − a) = rem(M − a) + c(M − a) by 2 or induction; by 1 it has M − a's outcome, so N's
candidates are M's shifted by p. For a hot M, a candidate's remoteness at N exceeds x*'s by
[rem(M − a) − rem(x*)] + [c(M − a) − c(x*)], a sum of two non-negatives: x* + p is still
the best, with the same slope order, so condition 3 holds at N, and
rem(N) = 1 + rem(x*) + c(x*) = rem(M) + c(M). The cold case is the mirror image (the
greatest remoteness and slope: each bracket ≤ 0). ∎

So the window that matters is finite: the block and what its positions read, n0 ≤ x < b + p,
and the shifts, read on [n0, n0 + 2p). Condition 2 adds nothing when m ≤ p (those N are
those the shifts are read from); when m > p it is the check below on [n0, n0 + m − p).
Condition 3 is also necessary: a candidate that is behind now but has a steeper slope
(better for its side) overtakes after finitely many periods, and the pattern breaks there.
So a pattern seen on the table but failing 3 is never claimed.

**The search.** Any arithmetic period keeps outcomes with period p, so p is a multiple k·p_o
of the outcome period p_o (proven first, :mod:`squaregame.core.piles.periodic`), for every k
with 2p + m < the table's size (longer ones cannot be seen twice). With
D_p(n) = rem(n + 2p) − 2 rem(n + p) + rem(n), Q from n0 on means D_p(n) = 0 for n ≥ n0.
A candidate p is kept only if D_p vanishes on the last m + 1 positions where it is defined
(:func:`candidates`: every candidate at once, a few positions at a time, so one that fails
costs a few reads); n0 is then the first position after the last n on the table with
D_p(n) ≠ 0 (so n0 + 2p + m < size and condition 2 holds), and 1 and 3 are checked on
[n0, n0 + m + 2p). The first candidate, shortest first, that passes is the period. The
sifting reads at most ``SIFT_WORK`` positions per table (else no period is claimed from it),
and the checks go through the table in pieces (``PIECE``): the memory is the table's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy.typing as npt

PIECE = 1 << 18  # positions checked together
SIFT_WORK = 4 * 10**8  # positions read while sifting the candidates of one table, at most
SIFT_BATCH = 1 << 18  # candidate × position pairs compared in one numpy step


@dataclass(frozen=True, eq=False)
class RemotenessPeriod:
    """rem(n + length) = rem(n) + shifts[(n − start) mod length] for every n ≥ start (proven).

    ``shifts``: a numpy array as narrow as the table (a long period's is large: read one with
    :meth:`shift`, a Python int); ``distinct_shifts`` the values it takes, in order."""

    start: int
    length: int
    shifts: Any
    distinct_shifts: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.distinct_shifts:
            distinct = tuple(sorted({int(c) for c in self.shifts}))
            object.__setattr__(self, "distinct_shifts", distinct)

    def shift(self, m: int) -> int:
        """c(m), for any m ≥ start (c repeats with the period)."""
        return int(self.shifts[(m - self.start) % self.length])

    def fold(self, n: int) -> tuple[int, int]:
        """(m, k): n = m + k·length with m inside the first period, so
        rem(n) = rem(m) + k·shifts[m − start]."""
        if n < self.start + self.length:
            return n, 0
        k, r = divmod(n - self.start, self.length)
        return self.start + r, k


def remoteness_period(
    rem: npt.NDArray[Any],
    members: tuple[int, ...],
    misere: bool,
    outcome_period: int,
    work: int | None = None,
) -> RemotenessPeriod | None:
    """The proven arithmetic period of ``rem`` (see the module docstring), or None."""
    import numpy as np  # numpy: only while searching (a lookup needs none)

    m = members[-1]
    for p in candidates(rem, m, outcome_period, SIFT_WORK if work is None else work):
        n0 = _start(rem, p)
        shifts = _shifts(rem, n0, p)
        if shifts is not None and _children_keep_their_order(rem, members, misere, n0, p, shifts):
            seen = np.zeros(int(shifts.max()) + 1, dtype=np.int64)
            for lo in range(0, p, PIECE):  # (in pieces: bincount makes its input 8 bytes wide)
                seen += np.bincount(shifts[lo : lo + PIECE], minlength=seen.size)
            return RemotenessPeriod(n0, p, shifts, tuple(np.flatnonzero(seen).tolist()))
    return None


def _shifts(rem: npt.NDArray[Any], n0: int, p: int) -> npt.NDArray[Any] | None:
    """c on [n0, n0 + p), in ``rem``'s type; None if one is odd (condition 1) or negative (a
    negative slope cannot last: remoteness is never below 0)."""
    import numpy as np  # numpy: only while searching

    shifts = np.empty(p, dtype=rem.dtype)
    for lo in range(0, p, PIECE):
        hi = min(p, lo + PIECE)
        c = rem[n0 + p + lo : n0 + p + hi].astype(np.int64) - rem[n0 + lo : n0 + hi]
        if np.any(c % 2) or np.any(c < 0):
            return None
        shifts[lo:hi] = c
    return shifts


def candidates(rem: npt.NDArray[Any], m: int, step: int, work: int) -> Iterator[int]:
    """The multiples p of ``step``, shortest first, with 2p + m < size and D_p = 0 on the last
    m + 1 positions n = size − 2p − 1 − j (0 ≤ j ≤ m) where it is defined. Each batch of
    candidates is compared a few positions at a time (1, then 4, 16, … more), dropping those
    that fail, so a wrong candidate costs a few reads; past ``work`` reads it stops."""
    import numpy as np  # numpy: only while searching

    size = int(rem.size)
    top = (size - m - 1) // 2
    if top < step:
        return
    batch = max(1, SIFT_BATCH // 64)
    for lo in range(step, top + 1, step * batch):
        ps = np.arange(lo, min(top, lo + step * (batch - 1)) + 1, step, dtype=np.int64)
        j = 0
        width = 1
        while ps.size and j <= m:
            width = min(width, m + 1 - j, max(1, SIFT_BATCH // ps.size))
            n = (size - 1 - 2 * ps)[:, None] - np.arange(j, j + width, dtype=np.int64)
            d = rem[n + 2 * ps[:, None]].astype(np.int64)
            d -= 2 * rem[n + ps[:, None]].astype(np.int64)
            d += rem[n]
            work -= 3 * d.size
            ps = ps[~d.any(axis=1)]
            j += width
            width *= 4
            if work < 0:
                return
        yield from ps.tolist()


def _start(rem: npt.NDArray[Any], p: int) -> int:
    """The first n0 with D_p(n) = 0 for every n ≥ n0 on the table (pieces from the end)."""
    import numpy as np  # numpy: only while searching

    end = int(rem.size) - 2 * p  # D_p(n) is defined for n < end
    while end > 0:
        lo = max(0, end - PIECE)
        d = rem[lo + 2 * p : end + 2 * p].astype(np.int64)
        d -= 2 * rem[lo + p : end + p].astype(np.int64)
        d += rem[lo:end]
        bad = np.flatnonzero(d)
        if bad.size:
            return lo + int(bad[-1]) + 1
        end = lo
    return 0


def _children_keep_their_order(
    rem: npt.NDArray[Any],
    members: tuple[int, ...],
    misere: bool,
    n0: int,
    p: int,
    shifts: npt.NDArray[Any],
) -> bool:
    """Condition 3 of the module docstring on the block [n0 + m, n0 + m + p): by the C
    kernel where it is at hand (``order_kept`` in ``assets/native/amounts.c``, a
    transcription of :func:`_order_kept`), else with numpy, in pieces."""
    # (the kernels: here only)
    from squaregame.core.build.amounts import loaded, order_kept, order_kept_takes

    b = n0 + members[-1]
    lib = loaded()
    if lib is not None and order_kept_takes(rem):
        return order_kept(lib, rem, shifts, n0, p, members, misere, b, b + p)
    return all(
        _order_kept(rem, members, misere, n0, p, shifts, lo, min(lo + PIECE, b + p))
        for lo in range(b, b + p, PIECE)
    )


def _order_kept(
    rem: npt.NDArray[Any],
    members: tuple[int, ...],
    misere: bool,
    n0: int,
    p: int,
    shifts: npt.NDArray[Any],
    lo: int,
    hi: int,
) -> bool:
    import numpy as np  # numpy: only while searching

    block = np.arange(lo, hi, dtype=np.int64)
    hot = np.zeros(block.size, dtype=bool)
    for a in members:
        hot |= _cold(rem[block - a], misere)
    big = np.int64(1) << 62
    best_r = np.where(hot, big, -big)
    best_s = np.where(hot, big, -big)
    for a in members:
        child = block - a
        cr = rem[child].astype(np.int64)
        cs = shifts[(child - n0) % p]
        candidate = np.where(hot, _cold(cr, misere), True)
        better_hot = hot & candidate & ((cr < best_r) | ((cr == best_r) & (cs < best_s)))
        better_cold = ~hot & ((cr > best_r) | ((cr == best_r) & (cs > best_s)))
        better = better_hot | better_cold
        best_r = np.where(better, cr, best_r)
        best_s = np.where(better, cs, best_s)
    for a in members:
        child = block - a
        cs = shifts[(child - n0) % p]
        candidate = np.where(hot, _cold(rem[child], misere), True)
        if np.any(candidate & np.where(hot, cs < best_s, cs > best_s)):
            return False
    return bool(np.array_equal(best_s, shifts[(block - n0) % p]))


def _cold(r: npt.NDArray[Any], misere: bool) -> npt.NDArray[Any]:
    """Cold ⇔ even remoteness (normal play), odd (misère)."""
    cold: npt.NDArray[Any] = (r % 2 == 0) != misere
    return cold
