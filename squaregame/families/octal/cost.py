"""What computing the Grundy values of an octal code costs, decided before the work starts.

The work of the values kernel (:mod:`~squaregame.families.octal.values`) is counted in *pairs*
of heaps examined (the kernel's own count; about 5·10^8 a second on the 2-core development
machine, C kernel). The cost of G(0..n) depends on the code in a way only its values show:

* **Upper bound, from the code alone.** A heap m has, for each split digit j (and for
  Grundy's game), at most m − j pairs scanned for the rare values and at most (m − j)/2 more
  if every pair must be seen: at most 1.5·s·m pairs, s the number of split places, so at most
  0.75·s·n² for G(0..n), and n·(takes + 1) for the rest. A code with no split digit is
  linear. When this bound is within the budget nothing more is asked.
* **Probe, beyond it.** The rare-value method is near-linear where values are sparse (0.6,
  Grundy's game: about 4,400 pairs a heap, flat) and quadratic where they are dense or
  bounded (0.04, 0.1234567, and Kayles, 0.07, 0.137 — whose periods are proven long before).
  Which, only the values say. So the values are computed in windows from heap 4,096 on,
  each as wide as the values before it (narrower if its pairs, estimated from the last
  rate — or from the upper bound — before it starts, would pass :data:`WINDOW_BUDGET`), all
  of them within :data:`PROBE_BUDGET`; the values are kept, so none is wasted. With r the
  last window's pairs a heap, mid its middle heap, and a = log(r / r') / log(mid / mid')
  against the window before (clamped to [0, 1]: a heap never has more than linearly many
  pairs; one window alone: a = 1), the heaps from h on cost about

      r · mid^(−a) · (n^(a+1) − h^(a+1)) / (a + 1)    (at most the upper bound).

  The probe stops as soon as this is within the budget (go), or when even r·(n − h) — no
  heap dearer than the last — is over it, or no window more may be afforded (then the
  estimate decides: refused if over).

The estimate is not a proof: a code whose rare values start to grow later can cost more.
The kernel re-checks its projected pairs between chunks (:mod:`~squaregame.families.octal.
native`, its ``PAIR_BUDGET``), so such a surprise stops there. Where the C kernel is not
used (numpy), nothing is measured: the upper bound decides only when it is within the
budget, and numpy checks its pairs heap by heap as before.

:func:`check_values` (G(0..n) asked for) and :func:`search_affords` (the next prefix a
period search would compute) are the one estimate every entry point uses: ``analyze``,
``play`` (in its worker), the API and the tables all ask the values through
:func:`~squaregame.families.octal.values.grundy_values` and
:func:`~squaregame.families.octal.period.periodicity`, which call them first.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from squaregame.core.errors import TableLimitError
from squaregame.families.octal.code import HeapRule

PLACES = range(9)  # d0..d8, as the kernel reads them
Progress = Callable[[float], None]


class Kept(Protocol):
    """What a rule's values are kept in (:class:`~squaregame.families.octal.values.Kept`,
    which this module may not import: it asks this one first)."""

    values: dict[str, Any]
    lock: threading.Lock


PAIRS_PER_SECOND = 5 * 10**8  # the C kernel on 0.6 and Grundy's game (measured, 2 cores)
VALUES_BUDGET = 2 * 10**10  # pairs for values asked for (the kernel's PAIR_BUDGET: 20–60 s)
SEARCH_BUDGET = 10**9  # pairs a period search may spend on its own (about two seconds)
WINDOW_BUDGET = 5 * 10**8  # pairs one probe window may cost (about a second)
PROBE_BUDGET = 10**9  # pairs all the probe's windows may cost (about two seconds)
FIRST_WINDOW = 1 << 12  # the probe's first window starts here (the values below: ≤ 10^7 pairs)
MIN_WINDOW = 1 << 10  # the narrowest window measured


@dataclass(frozen=True)
class Rates:
    """What the probe measured: the values computed up to ``upto`` (exclusive), the pairs a
    heap in the last window (whose middle heap is ``mid``), and their growth exponent a
    (None: one window only, growth unknown: taken as 1)."""

    upto: int
    rate: float
    mid: float
    growth: float | None

    def at(self, heap: float) -> float:
        """The estimated pairs of one heap."""
        a = 1.0 if self.growth is None else self.growth
        return self.rate * math.pow(max(heap, self.mid) / self.mid, a)


_RATES: WeakKeyDictionary[Any, dict[str, Rates]] = WeakKeyDictionary()  # per Kept, per rule


def split_places(rule: HeapRule) -> int:
    """s: the places where a heap may be split (Grundy's game: one)."""
    if rule.last_place is None:
        return 1
    return sum(1 for j in PLACES if rule.split_mask >> j & 1)


def upper_pairs(rule: HeapRule, have: int, n: int) -> int:
    """At most how many pairs G(have..n) cost (from the code alone)."""
    if n < have:
        return 0
    heaps = n + 1 - have
    takes = sum(1 for j in PLACES if rule.take_mask >> j & 1) + 1
    s = split_places(rule)
    # Σ_{m=have}^{n} 1.5·s·m ≤ 0.75·s·(n + 1)² − 0.75·s·have²
    return heaps * takes + (3 * s * ((n + 1) ** 2 - have**2)) // 4


def extrapolate(rates: Rates, start: int, n: int) -> int:
    """The estimated pairs of G(start..n), from the probe's rates (see the module)."""
    if n < start:
        return 0
    a = 1.0 if rates.growth is None else rates.growth
    lo, hi = max(float(start), rates.mid), float(n + 1)
    below = max(0.0, min(hi, rates.mid) - start) * rates.rate  # (heaps before the middle)
    grown = math.pow(hi, a + 1) - math.pow(lo, a + 1)
    return math.ceil(below + rates.rate / math.pow(rates.mid, a) * grown / (a + 1))


def builder(n: int) -> str:
    """The values' builder for G(0..n), as :func:`~squaregame.families.octal.values.builder`
    chooses it (n²/4 pairs counted as the cells)."""
    from squaregame.core.build import native  # (the compiler's lookup: only when values are built)

    return native.builder(n * n // 4)


def _have(rule: HeapRule, kept: Kept) -> int:
    with kept.lock:
        g = kept.values.get(rule.key)
    return 0 if g is None else int(g.size)


def _rates(rule: HeapRule, kept: Kept) -> Rates | None:
    with kept.lock:
        return _RATES.get(kept, {}).get(rule.key)


def _compute(rule: HeapRule, kept: Kept, hi: int, progress: Progress | None) -> int:
    """G(0..hi − 1) by the C kernel into ``kept``; the pairs it examined."""
    # (numpy and the kernel's binding: only when values are computed)
    import numpy as np

    from squaregame.families.octal.native import values_native

    with kept.lock:
        old = kept.values.get(rule.key)
    before = None if old is None else bytearray(np.asarray(old, dtype=np.uint32).tobytes())
    stats = [0, 0, 0]
    g = np.frombuffer(values_native(rule, hi - 1, progress, before, stats=stats), np.uint32)
    g.flags.writeable = False
    with kept.lock:
        now = kept.values.get(rule.key)
        if now is None or now.size < g.size:
            kept.values[rule.key] = g
    return stats[2]


def _scaled(progress: Progress, share: float) -> Progress:
    """``progress`` hearing a part of the work as its ``share`` of the whole."""
    return lambda done: progress(min(1.0, done * share))


def probe(
    rule: HeapRule, n: int, budget: int, kept: Kept, progress: Progress | None = None
) -> Rates | None:
    """Measure the rates (computing values in windows, each within :data:`WINDOW_BUDGET`)
    until the estimate of G(0..n) is within ``budget`` or no window more is affordable.
    None where the C kernel is not used (nothing measured: :func:`estimate` asks first)."""
    rates = _rates(rule, kept)
    s, takes = split_places(rule), sum(1 for j in PLACES if rule.take_mask >> j & 1) + 1
    spent = 0
    try:
        if _have(rule, kept) < FIRST_WINDOW:
            spent += _compute(rule, kept, min(FIRST_WINDOW, n + 1), None)
        while True:
            have = _have(rule, kept)
            if have > n:
                return rates
            known = rates is not None and rates.upto == have
            if rates is not None and known:
                if extrapolate(rates, have, n) <= budget:
                    return rates  # within: go
                if rates.rate * (n + 1 - have) > budget:
                    return rates  # over even if no heap cost more than the last: refuse
            width = min(have, n + 1 - have)
            while True:  # the window's pairs, from the last rate (else from the code)
                end = have + width
                each = rates.at(end) if rates is not None and known else 1.5 * s * end + takes
                if each * width <= WINDOW_BUDGET or width <= MIN_WINDOW:
                    break
                width //= 2
            if each * width > WINDOW_BUDGET or spent + each * width > PROBE_BUDGET:
                return rates
            said = None if progress is None else _scaled(progress, (have + width) / (n + 1))
            pairs = _compute(rule, kept, have + width, said)
            spent += pairs
            rate, mid = pairs / width, have + width / 2
            growth = None
            if rates is not None and known and rates.rate > 0 and mid > rates.mid:
                ratio = max(rate, 1.0) / rates.rate
                growth = min(1.0, max(0.0, math.log(ratio) / math.log(mid / rates.mid)))
            rates = Rates(have + width, rate, mid, growth)
            with kept.lock:
                _RATES.setdefault(kept, {})[rule.key] = rates
    except OSError:  # no kernel after all, or a value too large for it: numpy checks as it goes
        return None


def estimate(
    rule: HeapRule, n: int, budget: int, kept: Kept, progress: Progress | None = None
) -> int | None:
    """The pairs G(0..n) still cost beyond the values kept: the code's upper bound where it
    is within ``budget``, else the probe's estimate, at most the bound (None: not measured,
    where numpy computes the values)."""
    have = _have(rule, kept)
    upper = upper_pairs(rule, have, n)
    if upper <= budget:
        return upper
    if builder(n) != "native":
        return None
    rates = probe(rule, n, budget, kept, progress)
    have = _have(rule, kept)
    upper = upper_pairs(rule, have, n)
    return upper if rates is None else min(upper, extrapolate(rates, have, n))


def affordable(rule: HeapRule, most: int, budget: int, kept: Kept) -> int:
    """The largest n ≤ ``most`` whose values G(0..n) are estimated within ``budget`` (after
    :func:`estimate` has probed; at least the values kept)."""
    have, rates = _have(rule, kept), _rates(rule, kept)

    def cost(n: int) -> int:
        upper = upper_pairs(rule, have, n)
        return upper if rates is None else min(upper, extrapolate(rates, have, n))

    if cost(most) <= budget:
        return most
    lo, hi = max(have - 1, 0), most  # cost(lo) = 0 ≤ budget < cost(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if cost(mid) <= budget else (lo, mid)
    return lo


def seconds(pairs: float) -> str:
    """Pairs said as seconds of the kernel's time (``2.5``, ``640``)."""
    value = pairs / PAIRS_PER_SECOND
    return f"{value:.1f}" if value < 10 else f"{value:,.0f}"


def check_values(
    rule: HeapRule,
    n: int,
    kept: Kept,
    progress: Progress | None = None,
    budget: int | None = None,
) -> None:
    """Refuse G(0..n) before computing it when its estimated pairs are past ``budget``
    (:data:`VALUES_BUDGET` unless given): a :class:`TableLimitError` saying the estimate,
    the limit and the largest heap within it. (The heaps' own limit is the caller's.)"""
    budget = VALUES_BUDGET if budget is None else budget
    pairs = estimate(rule, n, budget, kept, progress)
    if pairs is None or pairs <= budget:
        return
    raise TableLimitError(
        "octal.errors.over_budget",
        rule=rule.text,
        need=f"{n:,}",
        seconds=seconds(pairs),
        limit=seconds(budget),
        most=f"{affordable(rule, n, budget, kept):,}",
    )


def search_affords(rule: HeapRule, n: int, kept: Kept, progress: Progress | None = None) -> bool:
    """May a period search compute G(0..n)? Its estimate (beyond the values kept) within
    :data:`SEARCH_BUDGET`: a search never runs long to find nothing."""
    pairs = estimate(rule, n, SEARCH_BUDGET, kept, progress)
    return pairs is None or pairs <= SEARCH_BUDGET


def rates_of(rule: HeapRule, kept: Kept) -> Any:
    """The probe's last measure for ``rule`` (None: none made) — for the bench and tests."""
    return _rates(rule, kept)
