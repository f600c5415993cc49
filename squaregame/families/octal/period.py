"""Periods of octal games, proven by the Octal Periodicity Theorem, and G(n) for any heap.

**Theorem** (Guy and Smith 1956; *Winning Ways*, ch. 4). Let an octal code d0.d1…dk have its
last non-zero digit at place k, and let n0 ≥ 1 and p ≥ 1. If

    G(n + p) = G(n)    for every n with n0 ≤ n < 2·n0 + p + k,

then G(n + p) = G(n) for every n ≥ n0.

*Proof.* By induction on n ≥ 2·n0 + p + k; let N = n + p, so N ≥ 2·n0 + 2p + k, and assume
the claim below N. We show that N and n have the same set of option values, hence the same
mex. A move on N takes j ≤ k tokens (j = 0 only by d0's 4: a split without taking) and

* leaves nothing: impossible, since N > k;
* leaves one heap N − j ≥ 2·n0 + 2p ≥ n0 + p: by induction G(N − j) = G(N − j − p), and
  N − j − p = n − j ≥ 1 is what the same move (same j, same digit) leaves from n;
* leaves two heaps a ≥ b ≥ 1 with a + b = N − j: then a ≥ (N − k)/2 ≥ n0 + p, so by
  induction G(a) = G(a − p), and (a − p, b) is the same move from n (a − p ≥ n0 ≥ 1, so both
  heaps are non-empty: this is why n0 ≥ 1).

Conversely a move from n leaves n − j (then N − j, same value by induction as n − j ≥ n0), or
heaps c ≥ b ≥ 1 with c + b = n − j, c ≥ (n − k)/2 ≥ n0 (then c + p, b from N, same value),
and n > k rules out taking the whole heap. So the option values agree. ∎

Digit d0 = 4 changes nothing: the argument reads j = 0 like any other place, and k is the
place of the last non-zero digit whatever d0 is (for the code "4", k = 0). The bound is the
textbook one; tczajka/octal-games uses one a value sharper (N ≤ 2·n0 + 2p + k − 2 suffices,
from a ≥ ⌈(N − k)/2⌉). A preperiod n0 = 0 is proven through n0 = 1 (checking from 1, and
G(p) = G(0) directly). The theorem is for octal codes only: Grundy's game (splits into
*unequal* heaps) has no such theorem, and whether its values are ever periodic is open, so
its period is never claimed proven.

**Search** (:func:`find_period`). On a computed prefix G(0..N−1), for p = 1, 2, …: the least
start s with G(n + p) = G(n) for s ≤ n < N − p (a filter on the last values first, so that
most p cost nothing). The first p with N ≥ 2·max(s, 1) + 2p + k is proven, with preperiod s.
No smaller period is missed: a true period p' < p from the true preperiod would have the same
s on the prefix and satisfy the bound first. And s is the least preperiod, as every period of
an eventually periodic sequence starts at the same least place.

:func:`periodicity` computes prefixes of 1024, 2048, … values (or as many as a candidate
period needs) up to :data:`DOUBLING_LIMIT`, until a period is proven. Past that it goes on only
for a candidate seen repeating once at least, and straight to the values that candidate's
proof needs (0.16: period 149,459 from 105,351, seen on 2^18 values, proven on 509,622) —
never past what may be computed on demand. Values already at hand (kept, or held in the cache
by ``squaregame build-tables octal``) are all searched, as they cost nothing to compute: so a
code with no candidate costs no more than before, and 0.354 (period 1,180 from 10,061,916) is
proven once its values are built ahead.
:func:`value` answers G(n) for any n from a proven period, and refuses a heap beyond what may
be computed when none is proven, naming the command that builds more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.errors import PositionError, TableLimitError
from squaregame.families.octal import cost
from squaregame.families.octal.code import HeapRule
from squaregame.families.octal.quick import quick_period
from squaregame.families.octal.values import (
    MAX_CACHED,
    MAX_ON_DEMAND,
    Kept,
    Progress,
    available,
    grundy_values,
)

PROOF_LIMIT = MAX_CACHED + 1  # values searched for a proof: all that can be had (capped below)
DOUBLING_LIMIT = 1 << 18  # prefixes doubled up to this; past it, only for a candidate period
QUICK_PROOF = 1 << 14  # ... when a heap's value could be computed directly instead
FIRST_PREFIX = 1024
TAIL = 32  # last values compared first, for every candidate period at once
SEEN_PERIODS = 3  # an unproven candidate: at least this many periods seen repeating


@dataclass(frozen=True)
class Periodicity:
    """G(n + period) = G(n) for every n ≥ preperiod: proven (by the theorem) or only seen on
    G(0..checked_upto − 1)."""

    preperiod: int
    period: int
    proven: bool
    checked_upto: int

    def fold(self, n: int) -> int:
        """The heap of the first period (or before it) with the value of ``n``."""
        if n < self.preperiod + self.period:
            return n
        return self.preperiod + (n - self.preperiod) % self.period

    def needs(self, last_place: int) -> int:
        """Values the theorem needs to prove this period: 2·max(n0, 1) + 2p + k."""
        return 2 * max(self.preperiod, 1) + 2 * self.period + last_place


def _candidates(g: Any, most: int) -> list[int]:
    """Periods p ≤ ``most`` under which the last :data:`TAIL` values repeat, ascending."""
    # (numpy: only when values are computed; a lookup or a listing of kinds needs none)
    import numpy as np

    size = int(g.size)
    tail = min(TAIL, size - most)
    if tail <= 0:
        return []
    end = g[size - tail :]
    kept: list[int] = []
    step = 1 << 14
    for lo in range(1, most + 1, step):
        p = np.arange(lo, min(most, lo + step - 1) + 1)
        idx = (size - tail + np.arange(tail))[None, :] - p[:, None]
        same = (g[idx] == end[None, :]).all(axis=1)
        kept.extend(int(x) for x in p[same])
    return kept


def find_period(g: Any, last_place: int | None, repeats: int = SEEN_PERIODS) -> Periodicity | None:
    """The least period of ``g`` (G(0..N−1)) proven by the theorem (``last_place`` = k); else
    the least one seen repeating ``repeats`` times (unproven); else None."""
    # (numpy: only when values are computed; a lookup or a listing of kinds needs none)
    import numpy as np

    g = np.asarray(g)
    size = int(g.size)
    seen: Periodicity | None = None
    for p in _candidates(g, size // 2):
        differ = np.flatnonzero(g[p:] != g[:-p])
        start = int(differ[-1]) + 1 if differ.size else 0
        found = Periodicity(start, p, False, size)
        if last_place is not None and size >= found.needs(last_place):
            return Periodicity(start, p, True, size)
        if seen is None and size - start >= repeats * p:
            seen = found
    return seen


def periodicity(
    rule: HeapRule,
    limit: int = PROOF_LIMIT,
    progress: Progress | None = None,
    kept: Kept | None = None,
) -> Periodicity | None:
    """The least preperiod and period of ``rule``, proven if the theorem's inequality is met
    within ``limit`` values and what can be had (:data:`MAX_ON_DEMAND` computed, or more held
    in the cache); else the best unproven candidate on the values computed, or None. Kept
    per rule in ``kept``. Grundy's game is never proven: it is searched on
    :data:`FIRST_PREFIX`·64 values at most. Past :data:`DOUBLING_LIMIT` values the search
    grows only to what a candidate period seen once needs, and only when that is within reach:
    every prefix's size is decided before it is computed."""
    kept = Kept() if kept is None else kept
    held = available(rule, kept)  # values at hand (kept, or in the cache): searched for free
    limit = min(limit, max(MAX_ON_DEMAND + 1, held))
    with kept.lock:
        known: tuple[Periodicity | None, int] | None = kept.periods.get(rule.key)
    if known is not None and known[0] is not None and known[0].proven:
        return known[0]
    if known is not None and known[1] >= limit:
        return known[0]
    found_quickly = quick(rule, kept) if limit >= FIRST_PREFIX else None
    if found_quickly is not None:  # the first prefix's search, made without numpy
        with kept.lock:
            kept.periods[rule.key] = (found_quickly[0], FIRST_PREFIX)
        return found_quickly[0]
    k = rule.last_place
    if k is None:
        limit = min(limit, FIRST_PREFIX * 64)
    size = min(FIRST_PREFIX, limit)
    while True:
        g = grundy_values(rule, size - 1, progress, kept)
        found = find_period(g, k)
        if found is not None and found.proven:
            break
        if size >= limit or (k is None and size * 2 > limit):
            break
        if k is None:  # Grundy's game: prefixes doubled, never proven
            size *= 2
            continue
        grow = size * 2 if size < DOUBLING_LIMIT else 0
        hint = found if found is not None or grow else find_period(g, k, repeats=1)
        if hint is not None and hint.needs(k) <= limit:  # its proof is within reach
            grow = max(grow, hint.needs(k))
        if grow == 0 and held > size:
            grow = held  # nothing to compute: every value at hand is searched
        if grow == 0:
            break  # no candidate, or one whose proof is out of reach: nothing more computed
        grow = min(grow, limit)
        if grow > held and not cost.search_affords(rule, grow - 1, kept, progress):
            break  # the next prefix is past the search's budget (decided before computing)
        size = grow
    with kept.lock:
        kept.periods[rule.key] = (found, size)
    return found


def quick(rule: HeapRule, kept: Kept | None) -> tuple[Periodicity, list[int]] | None:
    """A period proven on a few values in plain Python (:mod:`.quick`, made once per rule),
    reported as the search of the first prefix (:data:`FIRST_PREFIX` values) reports it, and
    G(0..255); None where none is proven so (then numpy's search, as before). Its proof is
    kept in ``kept`` as a search's is (:meth:`Kept.periods`)."""
    proof = quick_period(rule)
    if proof is None:
        return None
    start, period, g = proof
    found = (Periodicity(start, period, True, FIRST_PREFIX), g)
    if kept is not None:
        with kept.lock:
            kept.periods.setdefault(rule.key, (found[0], FIRST_PREFIX))
    return found


def value(
    rule: HeapRule,
    n: int,
    progress: Progress | None = None,
    limit: int = PROOF_LIMIT,
    kept: Kept | None = None,
) -> int:
    """G(n) for any heap n: from a proven period (instantly, for n = 10^18 too), else computed
    up to :data:`MAX_ON_DEMAND` (or read from the cache, as far as it holds). Beyond that with
    no proven period (Grundy's game, 0.6, 0.354 before its values are built ahead) it raises
    :class:`TableLimitError` (``octal.errors.beyond_budget``, which names the command that
    builds values ahead: ``squaregame build-tables octal --code C --upto N``, N the heap or
    :data:`MAX_CACHED`).

    The proof is looked for on :data:`QUICK_PROOF` values first (Kayles needs 168); a heap
    the values reach is then computed directly, and only a heap beyond them waits for the
    longer search (up to ``limit`` values). Every computation is within the values' budgets
    (:data:`~squaregame.families.octal.values.MAX_ON_DEMAND` heaps, and the pairs examined)."""
    if n < 0:
        raise PositionError("errors.negative_number", value=n)
    found_quickly = quick(rule, kept)
    if found_quickly is not None:  # (Kayles: a period proven in plain Python)
        proof, g = found_quickly
        return g[proof.fold(n)]
    if n < FIRST_PREFIX:
        return int(grundy_values(rule, n, progress, kept)[n])
    octal = rule.last_place is not None
    for search in (min(QUICK_PROOF, limit), limit):
        found = periodicity(rule, search, progress, kept) if octal else None
        if found is not None and found.proven:
            return int(grundy_values(rule, found.fold(n), progress, kept)[found.fold(n)])
        if n <= MAX_ON_DEMAND or n < available(rule, kept):
            return int(grundy_values(rule, n, progress, kept)[n])
    limit = max(MAX_ON_DEMAND, available(rule, kept) - 1)
    upto = min(n, MAX_CACHED)
    raise TableLimitError(
        "octal.errors.beyond_budget", need=n, limit=limit, rule=rule.text, code=rule.key, upto=upto
    )
