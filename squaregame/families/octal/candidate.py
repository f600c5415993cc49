"""Candidate quotients for :mod:`.quotient`: a known monoid with some heaps *freed* (each given
a cyclic monoid of its own, h^(i+2) = h^i), its P-portion guessed from one sum per element.
A candidate is never trusted: :func:`.monoid.failure` proves it or shows a sum it gets wrong
(the approach of Siegel's MisereSolver, Plambeck and Siegel 2008, §6; written anew here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from squaregame.families.octal.code import HeapRule
from squaregame.families.octal.monoid import Monoid, TooMany, reduced

Elem = tuple[int, ...]  # (element of the known monoid, then one exponent per freed heap)
PERIOD = 2
ELEMENTS = 3_000  # a candidate's elements before reduction, at most


def build(
    rule: HeapRule, base: Monoid, phi: Sequence[int], live: Sequence[int], free: dict[int, int]
) -> tuple[Monoid, list[int]]:
    """The reduced candidate: ``base`` times a cyclic monoid of index ``free[h]`` for each
    freed heap h (its old image dropped); Φ(h) of the others as in ``phi``. Returns the
    monoid and Φ of heaps 0..max(live)."""
    freed = sorted(free)
    caps = [free[h] for h in freed]
    size = base.order
    for top in caps:
        size *= top + PERIOD
    if size > ELEMENTS:
        raise TooMany

    def times(a: Elem, b: Elem) -> Elem:
        out = [base.mul[a[0]][b[0]]]
        for i, top in enumerate(caps):
            e = a[i + 1] + b[i + 1]
            out.append(e if e < top + PERIOD else top + (e - top) % PERIOD)
        return tuple(out)

    one: Elem = (0,) * (len(freed) + 1)
    image: dict[int, Elem] = {}
    for h in range(len(phi)):
        if h in free:
            image[h] = tuple(1 if i == freed.index(h) else 0 for i in range(-1, len(freed)))
        else:
            image[h] = (phi[h], *([0] * len(freed)))
    heaps = _heaps(rule, live, image, times, one)
    cold = _marked(heaps, times, one)
    q, where = reduced(one, sorted({g for g, _o in heaps}), times, lambda x: cold.get(x, False))
    return q, [where[image[h]] for h in range(len(phi))]


def _heaps(
    rule: HeapRule,
    live: Sequence[int],
    image: dict[int, Elem],
    times: Callable[[Elem, Elem], Elem],
    one: Elem,
) -> list[tuple[Elem, frozenset[Elem]]]:
    out: dict[tuple[Elem, frozenset[Elem]], None] = {}
    for h in sorted(live):
        opts = set()
        for parts in rule.options(h):
            x = one
            for p in parts:
                x = times(x, image[p])
            opts.add(x)
        out.setdefault((image[h], frozenset(opts)))
    return list(out)


def _marked(
    heaps: list[tuple[Elem, frozenset[Elem]]], times: Callable[[Elem, Elem], Elem], one: Elem
) -> dict[Elem, bool]:
    """Each element gets the outcome of the first sum reaching it, in the order that
    compares the largest heap's count first (a sum's options come before it), from that
    sum's option images."""
    cold: dict[Elem, bool] = {}

    def visit(depth: int, x: Elem, t: frozenset[Elem]) -> None:
        if depth == 0:
            if x not in cold:
                cold[x] = bool(t) and not any(cold.get(y, False) for y in t)
            return
        g, opts = heaps[depth - 1]
        while True:
            visit(depth - 1, x, t)
            t = frozenset([*(times(z, g) for z in t), *(times(x, o) for o in opts)])
            x = times(x, g)
            if x in cold:
                return

    visit(len(heaps), one, frozenset())
    return cold


def subsets(heaps: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """The sets of heaps to free, fewest first."""
    return [s for k in range(1, min(most, len(heaps)) + 1) for s in combinations(heaps, k)]
