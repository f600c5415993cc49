"""A period proven in a moment in plain Python: Kayles' and Dawson's Kayles' answers without
numpy.

Kayles (0.77) has period 12 from 71, Dawson's Kayles (0.07) period 34 from 53 and Dawson's
chess (0.137) period 34 from 52: the Octal Periodicity Theorem (:mod:`.period`) proves them
on 168, 176 and 175 values. Computing :data:`QUICK_VALUES` values by the textbook mex (every
split's pair of values: some 30,000 pairs) and searching them takes a few milliseconds in
plain Python, where loading numpy and the C kernel's binding to compute
:data:`~.period.FIRST_PREFIX` values takes ten times that. A code whose period is not proven
on these values goes on as before.

The proof is the one :func:`.period.find_period` makes, searched the same way (the candidate
periods in ascending order, each with the least start of its repetition on the values), and it
finds what that search finds on the first prefix: a period the theorem proves on any prefix
is a true period of the whole sequence; the least true period divides it, repeats from the
same least preperiod (every period of an eventually periodic sequence does), so it meets the
theorem's bound first — on these values as on more. The values past these follow from the
period, so :mod:`.period` reports the proof as its first prefix's search.
"""

from __future__ import annotations

from squaregame.families.octal.code import HeapRule

QUICK_VALUES = 256  # values computed in plain Python: Kayles' proof needs 168
TAIL = 32  # the last values compared first (as :func:`.period.find_period` compares them)
PLACES = range(9)  # d0..d8


def plain_values(rule: HeapRule, size: int) -> list[int]:
    """G(0..size−1) of an octal code by the mex of every option's value (the splits of
    rest = n − j into a + (rest − a), 1 ≤ a ≤ rest/2, valued G(a) xor G(rest − a))."""
    wholes = {j for j in PLACES if rule.whole_mask >> j & 1}
    takes = [j for j in PLACES if j and rule.take_mask >> j & 1]
    splits = [j for j in PLACES if rule.split_mask >> j & 1]
    g: list[int] = []
    for m in range(size):
        seen = {0} if m in wholes else set()
        seen.update(g[m - j] for j in takes if m - j >= 1)
        for j in splits:
            rest = m - j
            seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        mex = 0
        while mex in seen:
            mex += 1
        g.append(mex)
    return g


def proven_period(g: list[int], last_place: int) -> tuple[int, int] | None:
    """(preperiod, period) of the values ``g`` as the theorem proves them on ``g`` (its bound
    2·max(n0, 1) + 2p + k ≤ len(g)), the least period first; None if none is proven."""
    size = len(g)
    most = size // 2
    tail = min(TAIL, size - most)
    for p in range(1, most + 1):
        if any(g[i] != g[i - p] for i in range(size - tail, size)):
            continue  # the last values do not repeat: not a candidate
        start = next((i + 1 for i in range(size - p - 1, -1, -1) if g[i + p] != g[i]), 0)
        if size >= 2 * max(start, 1) + 2 * p + last_place:
            return start, p
    return None


def quick_period(rule: HeapRule) -> tuple[int, int, list[int]] | None:
    """(preperiod, period, G(0..QUICK_VALUES − 1)) of an octal code whose period the theorem
    proves on :data:`QUICK_VALUES` values; None otherwise (and for Grundy's game, which has
    no such theorem, and the rule registry's piles). Made once a rule (the list is shared:
    never changed)."""
    k = rule.last_place
    if k is None:
        return None
    if rule.key not in _made:
        g = plain_values(rule, QUICK_VALUES)
        found = proven_period(g, k)
        _made[rule.key] = None if found is None else (found[0], found[1], g)
    return _made[rule.key]


_made: dict[str, tuple[int, int, list[int]] | None] = {}  # by the code's key


def made(rule: HeapRule) -> tuple[int, int, list[int]] | None:
    """:func:`quick_period`'s answer for ``rule`` if it was made already (None: no proof, or
    not tried yet): what a caller reads without paying for an attempt."""
    return _made.get(rule.key)
