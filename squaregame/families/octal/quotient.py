"""Misère quotients of octal games: the sums of heaps of an octal code, decided in misère play
for heaps of every size when the quotient is proven (Plambeck and Siegel, "Misère quotients
for impartial games", JCTA 115 (2008); the words of :mod:`.monoid`).

**Growth.** A_n is the set of sums of heaps of at most n tokens (closed under options: a move
leaves smaller heaps). Heaps are added one at a time, keeping a reduced monoid Q and images
Φ(1..n) that *decide* A_n (proven at each step, below). For the next heap H, with option
images O = {Φ(o)}:

1. *An earlier heap J with the same option images* ⇒ Φ(H) = Φ(J), Q unchanged.
   **Lemma.** If Φ decides A, H has its options in A and J in A has the same set of option
   images, then Φ extended by Φ(H) = Φ(J) decides A + ℕ·H. *Proof.* We show that X + kH and
   X + kJ (in A, image Φ(X)·Φ(J)^k) have one outcome for X in A, k ≥ 0, by induction on k and
   then on X. An option X′ + kH matches X′ + kJ (induction on X). An option X + (k−1)H + H′
   has the outcome of X + (k−1)J + H′ (induction on k, with X + H′ in A), a sum of A whose
   image is that of X + (k−1)J + J′ for an option J′ of J with Φ(J′) = Φ(H′), so (Φ decides
   A) of that option of X + kJ. The same matches every option of X + kJ to one of X + kH,
   so both are P-positions or neither. ∎
2. Otherwise *an element x of Q* for which Φ(H) = x decides A + ℕ·H, proven by the check of
   :func:`.monoid.failure` (at most one x passes: Q is reduced).
3. Otherwise a *new generator* (:mod:`.candidate`): Q times a cyclic monoid for H, its
   P-portion guessed, reduced; while the check finds a sum it gets wrong, the heaps of that sum
   are freed too until a candidate gets it right. Only a candidate the check passes is kept;
   none within :data:`RECALIBRATIONS` rounds and :data:`BUILDS` candidates: *not proven*.

**Periodicity theorem for misère quotients** (the normal-play theorem of :mod:`.period`
with Φ in place of G, as Plambeck and Siegel state it for quotients; proven here from the
lemma). Let the code's last non-zero digit be at place k, n0 ≥ 1, p ≥ 1, and Φ
decide A_N for N = 2·n0 + 2p + k − 1. If Φ(n + p) = Φ(n) for every n with n0 ≤ n ≤ N − p,
then Φ(n + p) = Φ(n) for every n ≥ n0 and Q is the misère quotient of all sums of heaps.
*Proof.* By induction on M > N, assuming Φ decides A_(M−1) with Q unchanged: exactly as in
:mod:`.period`, the options of M and of M − p correspond (a heap a ≥ n0 + p of one to
a − p ≥ n0 of the other, the other heap, or the one heap left, kept), and corresponding options
have equal images by induction. So M and M − p have the same option images, and by the
lemma Φ(M) = Φ(M − p) decides A_M with Q unchanged. Every sum lies in some A_M. ∎

Budgets, fixed before the work whatever the position asked about (the quotient is the
code's, computed once a process): the whole growth shares one count of steps,
:data:`WORK` in all (:class:`.monoid.Work`; a step is about one product of elements, a
product of a candidate's elements :data:`candidate.PRODUCT` steps). Every check and every
candidate asks for its steps before it makes the products (the checks, state by state), and
stops instead when the total would pass :data:`WORK`, so the count never passes it. Besides:
at most :data:`HEAPS` heaps, :data:`STATES` option sets in one check,
:data:`candidate.ELEMENTS` elements in one candidate and :data:`BUILDS` candidates. Past any
of them the answer is "not proven within the budget" (:class:`Unproven`). Not counted, as
:data:`HEAPS` alone bounds them: the images of each heap's options and the period test.
Measured here (one core): Kayles proven in about 1.2 s with 15.4 million steps, 0.44 alike;
Dawson's Kayles, 0.54, 0.56, 0.45 and 0.14 stop at the total after 1.2–2.8 s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from squaregame.families.octal import candidate
from squaregame.families.octal.code import HeapRule
from squaregame.families.octal.monoid import (
    TRIVIAL,
    HeapClass,
    Monoid,
    OutOfWork,
    TooMany,
    Work,
    decides,
    failure,
)

HEAPS = 400  # heaps added before the quotient's growth is called not proven
STATES = 20_000  # least option sets kept by one check
RECALIBRATIONS = 12  # rounds of freeing heaps for one new generator
FREED = 2  # heaps freed at once in one round
BUILDS = 150  # candidates built in all
WORK = 40_000_000  # steps of all checks and builds together (:class:`.monoid.Work`)


@dataclass(frozen=True)
class Quotient:
    """A proven misère quotient: Q, Φ(0..upto), and the period of Φ from ``preperiod``."""

    code: str
    monoid: Monoid
    phi: tuple[int, ...]
    preperiod: int
    period: int
    generators: tuple[int, ...] = field(default=())  # heaps that adjoined a generator

    @property
    def upto(self) -> int:
        return len(self.phi) - 1

    def image(self, n: int) -> int:
        """Φ of a heap of ``n`` tokens, any ``n`` (by the period)."""
        if n < len(self.phi):
            return self.phi[n]
        return self.phi[self.preperiod + (n - self.preperiod) % self.period]

    def element(self, rows: Sequence[int]) -> int:
        return self.monoid.product(self.image(n) for n in rows)

    def cold(self, rows: Sequence[int]) -> bool:
        """Is the sum of ``rows`` a misère P-position?"""
        return self.monoid.cold[self.element(rows)]

    @property
    def cold_elements(self) -> tuple[int, ...]:
        return tuple(x for x, c in enumerate(self.monoid.cold) if c)


@dataclass(frozen=True)
class Unproven:
    """No proof within the budget: how far the growth went, and why it stopped."""

    code: str
    heaps: int  # Φ proven for heaps up to this
    order: int  # of the quotient of those heaps
    reason: str  # "heaps", "work", "states" or "shape" (a new generator not of the form searched)


class _Growth:
    def __init__(self, rule: HeapRule, most_states: int, work: Work) -> None:
        self.rule = rule
        self.work = work
        self.q = TRIVIAL
        self.phi: list[int] = [0]
        self.opts: dict[int, frozenset[int]] = {}  # live heap -> option images
        self.most = most_states
        self.generators: list[int] = []
        self.builds = 0

    def images(self, m: int) -> frozenset[int]:
        q, phi = self.q, self.phi
        return frozenset(q.product(phi[p] for p in parts) for parts in self.rule.options(m))

    def classes(self, extra: HeapClass | None = None) -> list[HeapClass]:
        found = dict.fromkeys((self.phi[h], o) for h, o in self.opts.items())
        if extra is not None:
            found.setdefault(extra)
        return list(found)

    def relabel(self, where: list[int]) -> None:
        self.phi = [where[x] for x in self.phi]
        self.opts = {h: frozenset(where[o] for o in os) for h, os in self.opts.items()}

    def add(self, m: int) -> None:
        """Φ(m), deciding A_m (the module's steps 1–3); raises :class:`_Stop`."""
        if not self.rule.options(m):
            self.phi.append(0)  # no move: the empty game
            return
        o = self.images(m)
        for h, os in self.opts.items():  # 1
            if os == o:
                self.phi.append(self.phi[h])
                self.opts[m] = o
                return
        want_cold = not any(self.q.cold[x] for x in o)
        for x in range(self.q.order):  # 2
            if self.q.cold[x] == want_cold and self._decides(self.q, self.classes((x, o))):
                self.phi.append(x)
                self.opts[m] = o
                return
        self._adjoin(m, o)  # 3

    def _decides(self, q: Monoid, classes: list[HeapClass]) -> bool:
        try:
            return decides(q, classes, self.most, self.work)
        except TooMany as stop:
            raise _Stop(_why(stop)) from None

    def _adjoin(self, m: int, o: frozenset[int]) -> None:
        """Step 3: a candidate with heap m freed, then (while the check finds a sum it gets
        wrong) the heaps of that sum freed too, fewest first, until one candidate gets that
        sum right; at most :data:`RECALIBRATIONS` rounds."""
        live = [*sorted(self.opts), m]
        base, phi, free = self.q, [*self.phi, 0], {m: 2}
        for _round in range(RECALIBRATIONS):
            q, new_phi = self._build(base, phi, live, free)
            classes, heap_of = self._classes_of(q, new_phi, live)
            try:
                word = failure(q, classes, self.most, self.work)
            except TooMany as stop:
                raise _Stop(_why(stop)) from None
            if word is None:
                self.q, self.phi = q, new_phi
                self.opts = {h: self.images(h) for h in live}
                self.generators.append(m)
                return
            heaps = [heap_of[c] for c in word]
            should = not q.cold[q.product(new_phi[h] for h in heaps)]
            for chosen in candidate.subsets(sorted(set(heaps)), FREED):
                again = {h: max(2, heaps.count(h)) for h in chosen}
                q2, phi2 = self._build(q, new_phi, live, again)
                if q2.cold[q2.product(phi2[h] for h in heaps)] == should:
                    base, phi, free = q, new_phi, again
                    break
            else:
                raise _Stop("shape")
        raise _Stop("shape")

    def _build(
        self, base: Monoid, phi: list[int], live: list[int], free: dict[int, int]
    ) -> tuple[Monoid, list[int]]:
        """:func:`.candidate.build` within the budget (:data:`BUILDS` in all)."""
        self.builds += 1
        if self.builds > BUILDS:
            raise _Stop("states")
        try:
            return candidate.build(self.rule, base, phi, live, free, self.work)
        except TooMany as stop:
            raise _Stop(_why(stop)) from None

    def _classes_of(
        self, q: Monoid, phi: list[int], live: list[int]
    ) -> tuple[list[HeapClass], list[int]]:
        """The classes of the live heaps under ``phi`` and the least heap of each."""
        found: dict[HeapClass, int] = {}
        for h in live:
            opts = frozenset(q.product(phi[p] for p in parts) for parts in self.rule.options(h))
            found.setdefault((phi[h], opts), h)
        return list(found), list(found.values())


def _why(stop: TooMany) -> str:
    """The reason of an :class:`Unproven` for a budget passed: the total work, or a count."""
    return "work" if isinstance(stop, OutOfWork) else "states"


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def quotient(
    rule: HeapRule,
    most_heaps: int = HEAPS,
    most_states: int = STATES,
    work: Work | None = None,
) -> Quotient | Unproven:
    """The misère quotient of ``rule``'s heaps, proven by the module's periodicity theorem
    within the budget, or how far it got; ``work`` counts its steps (a new :data:`WORK`
    total when not given)."""
    k = rule.last_place
    assert k is not None  # (octal codes only: the theorem needs k)
    g = _Growth(rule, most_states, Work(WORK) if work is None else work)
    last: dict[int, int] = {}  # p -> the last n with Φ(n + p) ≠ Φ(n)
    for m in range(1, most_heaps + 1):
        before = g.q
        try:
            g.add(m)
        except _Stop as stop:
            return Unproven(rule.key, m - 1, g.q.order, stop.reason)
        if g.q is not before:
            last = {}
            for p in range(1, m + 1):
                bad = [n for n in range(m - p + 1) if g.phi[n + p] != g.phi[n]]
                last[p] = bad[-1] if bad else -1
        else:
            for p in range(1, m + 1):
                if p == m or g.phi[m] != g.phi[m - p]:
                    last[p] = m - p
        for p in range(1, m // 2 + 1):
            n0 = max(last[p] + 1, 1)
            if m >= 2 * n0 + 2 * p + k - 1:
                return Quotient(rule.key, g.q, tuple(g.phi), n0, p, tuple(g.generators))
    return Unproven(rule.key, most_heaps, g.q.order, "heaps")
