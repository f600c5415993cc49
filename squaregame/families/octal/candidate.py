"""Candidate quotients for :mod:`.quotient`: a known monoid with some heaps *freed* (each given
a cyclic monoid of its own, h^(i+2) = h^i), its P-portion guessed from one sum per element.
A candidate is never trusted: :func:`.monoid.failure` proves it or shows a sum it gets wrong
(the approach of Siegel's MisereSolver, Plambeck and Siegel 2008, §6; written anew here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from squaregame.families.octal.code import HeapRule
from squaregame.families.octal.monoid import Monoid, TooMany, Work, reduced, uncounted

Elem = tuple[int, ...]  # (element of the known monoid, then one exponent per freed heap)
PERIOD = 2
ELEMENTS = 3_000  # a candidate's elements before reduction, at most
PRODUCT = 16  # steps of :class:`.monoid.Work` one product of candidate elements counts for


def build(
    rule: HeapRule,
    base: Monoid,
    phi: Sequence[int],
    live: Sequence[int],
    free: dict[int, int],
    work: Work | None = None,
) -> tuple[Monoid, list[int]]:
    """The reduced candidate: ``base`` times a cyclic monoid of index ``free[h]`` for each
    freed heap h (its old image dropped); Φ(h) of the others as in ``phi``. Returns the
    monoid and Φ of heaps 0..max(live). :class:`TooMany` past :data:`ELEMENTS` or ``work``."""
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
    spend = uncounted if work is None else lambda steps: work.spend(steps * PRODUCT)
    heaps = _heaps(rule, live, image, times, one, spend)
    cold = _marked(heaps, times, one, spend)
    gens = sorted({g for g, _o in heaps})
    q, where = reduced(one, gens, times, lambda x: cold.get(x, False), spend)
    return q, [where[image[h]] for h in range(len(phi))]


def _heaps(
    rule: HeapRule,
    live: Sequence[int],
    image: dict[int, Elem],
    times: Callable[[Elem, Elem], Elem],
    one: Elem,
    spend: Callable[[int], None],
) -> list[tuple[Elem, frozenset[Elem]]]:
    out: dict[tuple[Elem, frozenset[Elem]], None] = {}
    for h in sorted(live):
        opts = set()
        options = rule.options(h)
        spend(1 + 2 * len(options))  # (an option has at most two heaps)
        for parts in options:
            x = one
            for p in parts:
                x = times(x, image[p])
            opts.add(x)
        out.setdefault((image[h], frozenset(opts)))
    return list(out)


def _marked(
    heaps: list[tuple[Elem, frozenset[Elem]]],
    times: Callable[[Elem, Elem], Elem],
    one: Elem,
    spend: Callable[[int], None],
) -> dict[Elem, bool]:
    """Each element gets the outcome of the first sum reaching it, in the order that
    compares the largest heap's count first (a sum's options come before it), from that
    sum's option images. (Depth first with a stack of its own: no recursion limit; each
    sum's products are steps ``spend`` counts before they are made.)"""
    cold: dict[Elem, bool] = {}
    # a frame: heaps[:depth] still to choose, the sum so far (x, its option images t), and
    # whether the sums with no more heaps of heaps[depth - 1] were visited
    stack: list[tuple[int, Elem, frozenset[Elem], bool]] = [(len(heaps), one, frozenset(), False)]
    while stack:
        depth, x, t, visited = stack[-1]
        if depth == 0:
            stack.pop()
            if x not in cold:
                cold[x] = bool(t) and not any(cold.get(y, False) for y in t)
            continue
        if not visited:
            stack[-1] = (depth, x, t, True)
            stack.append((depth - 1, x, t, False))
            continue
        g, opts = heaps[depth - 1]  # one more heap of this class
        spend(1 + len(t) + len(opts))
        t = frozenset([*(times(z, g) for z in t), *(times(x, o) for o in opts)])
        x = times(x, g)
        if x in cold:
            stack.pop()
        else:
            stack[-1] = (depth, x, t, False)
    return cold


def subsets(heaps: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """The sets of heaps to free, fewest first."""
    return [s for k in range(1, min(most, len(heaps)) + 1) for s in combinations(heaps, k)]
