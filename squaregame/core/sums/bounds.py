"""Proven bounds on the remoteness of a normal-play sum too large for the exact search.

The outcome of a sum is exact beyond the search budget (the nim-sum of the piles' Grundy
values); its remoteness is not a function of the piles' values, so there it is bounded.
Write W for the player who wins from a position p, L for the other, R(p) for p's
remoteness, and R(T) for the remoteness of the sub-sum of the piles in T played alone.
Every statement below is proved here and checked against the exact search in
``tests/test_sum_bounds.py``.

A. **Play lengths.** A play (legal moves from p until no move is left) interleaves one play
   of each pile, so its length lies between Σ shortest_play(n_i) and Σ longest_play(n_i)
   (:meth:`~squaregame.core.rules.Rule.shortest_play`). R(p) is the length of one play.
B. **Parity.** In normal play a terminal position is cold with remoteness 0, a hot
   position's remoteness is one more than a cold child's and a cold one's one more than a
   hot child's: by induction hot ⇔ odd. A bound moves inward to the outcome's parity.
C. **Strategies.** By backward induction R(p) is min over W's winning strategies of max
   over L's strategies of the play's length (a winning strategy only ever moves to cold
   positions: the recurrence's min over cold children, max over all children). So a
   winning strategy for W whose plays all end within U moves proves R(p) ≤ U, and a
   strategy for L against which every winning strategy's plays last ≥ V proves R(p) ≥ V.
D. **Upper bound from a cold split.** If the piles of a cold p split into groups
   T_1, …, T_m, each cold alone (nim-sum 0), then R(p) ≤ Σ R(T_j). W answers each move in
   the group it was made in, with a fastest winning move of that group alone; every group
   is cold again, so the sum is, and W wins. The moves in T_j form a play of T_j alone in
   which W always moves fastest: T_j's remoteness drops by at least one per move (a child
   of a cold position has smaller remoteness; W moves to a cold child of remoteness one
   less), so T_j sees at most R(T_j) moves. Any upper bound may stand for R(T_j): exact for
   a single pile (its table) or a group solved by the exact search, else A.
E. **Lower bound from a cold remainder.** If the piles D ⊆ p are cold alone and C are the
   others, then R(p) ≥ R(C) + Σ_{i∈D} shortest_play(n_i). L's strategy: when D is hot, move
   in D to a cold position of D; otherwise make C's own slowest defence in C (anything once
   C is over). At W's turns D is cold, so C is hot (the sum is); a winning move of W then
   moves C to a cold position or moves D, which L's strategy answers. So the moves in C
   alternate L's slowest defence from cold positions of C (C's remoteness drops by exactly
   one) and W's moves from hot to cold positions of C (by at most one: a hot position's
   cold children have remoteness at least one less). The game ends only when C is over:
   C sees at least R(C) moves, and the moves in D form a play of D (A). Any lower bound
   may stand for R(C).
F. **One move ahead.** R(p) = 1 + min R(c) over cold children (p hot), 1 + max R(c) over
   all children (p cold). Bounds of children give bounds of p: the min over all cold
   children of their lower bounds; from a cold p the max over *some* children of their
   lower bounds is still a lower bound (a max over fewer), while its upper bound needs
   every child. :meth:`SumBounds.lower` follows L's one chosen move at cold positions and
   every cold child at hot ones (branching at most ``BRANCHES`` times where there are
   several, and planning at most ``WORK_LIMIT`` positions), so forced lines are followed
   to their end (Nim (n, n), n ≤ 10,000: exactly 2n, the upper bound of A).

Every number above is a proven bound, so taking the best of them is too; a bound equal to
the other is the exact remoteness.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from squaregame.core.rules import Rule
from squaregame.core.sums import solver as sums

if TYPE_CHECKING:
    from squaregame.core.piles.pile import Pile
    from squaregame.core.sums.solver import BoxSolution

Piles = tuple[int, ...]

GROUP_SHARE = 8  # one sub-sum's exact search may cost SEARCH_BUDGET / GROUP_SHARE
TOTAL_SHARE = 2  # all of them together SEARCH_BUDGET / TOTAL_SHARE
# Look-ahead (F) only where it is cheap, decided from the position alone, never the clock:
SCAN_LIMIT = 256  # amounts to scan for a position's cold children (an any-amount pile: 1)
EXPAND_LIMIT = 8192  # children of a cold position whose upper bound looks one move ahead
LOOKAHEAD_WORK = 50_000  # … and its children × amounts scanned below each
NESTED_LIMIT = 64  # children of a cold position below the top of a look-ahead
HOT_DEPTH = 3  # moves the upper bound looks ahead from a hot position
COLD_DEPTH = 2  # … and from a cold one
BRANCHES = 2  # hot positions with several cold children a lower-bound line may branch at
WORK_LIMIT = 20_000  # positions planned by one lower-bound search (then A–E only)
MEMO_LIMIT = 500_000  # kept bounds before the memo is cleared


@dataclass(frozen=True, slots=True)
class Facts:
    """One pile at one size: Grundy value, remoteness bounds, play-length bounds."""

    grundy: int
    lo: int  # remoteness of the pile alone: a lower bound (exact when known)
    hi: int  # and an upper bound
    short: int  # shortest_play
    long: int  # longest_play


@dataclass(frozen=True)
class Group:
    """A proper sub-sum solved exactly (the piles ``piles`` of the position)."""

    piles: tuple[int, ...]
    solution: BoxSolution

    def remoteness(self, pos: Piles) -> int | None:
        sub = tuple(pos[i] for i in self.piles)
        if not all(0 <= v <= b for v, b in zip(sub, self.solution.box, strict=True)):
            return None
        return self.solution.lookup(sub)[1]


def _up(value: int, odd: bool) -> int:
    return value if (value % 2 == 1) == odd else value + 1


def _down(value: int, odd: bool) -> int:
    return value if (value % 2 == 1) == odd else value - 1


class SumBounds:
    """Bounds on a normal-play sum's remoteness from its piles' tables (A–F above).

    ``piles`` are the sum's piles in normal play (their ``info`` gives each pile's
    Grundy value and remoteness). :meth:`prepare` solves small sub-sums exactly for a box.
    """

    def __init__(self, rules: Sequence[Rule], piles: Sequence[Pile]) -> None:
        self.rules = tuple(rules)
        self.piles = tuple(piles)
        self.groups: tuple[Group, ...] = ()
        self._box: Piles | None = None
        self._facts: dict[tuple[int, int], Facts] = {}
        self._grundy: dict[tuple[int, int], int] = {}
        self._lower: dict[tuple[Piles, int], int] = {}
        self._upper: dict[tuple[Piles, int, bool], int] = {}

    # -- the pieces ----------------------------------------------------------------------
    def grundy(self, pile: int, n: int) -> int:
        key = (pile, n)
        g = self._grundy.get(key)
        if g is None:
            if self.rules[pile].is_any_amount:
                g = n  # every smaller size is a child: the mex of 0..n-1
            else:
                g = self.piles[pile].info(n).grundy
                if g is None:
                    raise ValueError(f"no Grundy value for pile {pile + 1} at {n}")
            self._grundy[key] = g
        return g

    def facts(self, pile: int, n: int) -> Facts:
        key = (pile, n)
        f = self._facts.get(key)
        if f is None:
            info = self.piles[pile].info(n)
            rule = self.rules[pile]
            long = rule.longest_play(n)
            hi = info.upper
            f = Facts(
                self.grundy(pile, n),
                info.remoteness_lower,
                long if hi is None else min(hi, long),
                rule.shortest_play(n),
                long,
            )
            self._facts[key] = f
        return f

    def scan_cost(self, pos: Piles) -> int:
        """Amounts to scan for the cold children of ``pos`` (an any-amount pile: one)."""
        return sum(
            1 if r.is_any_amount else r.count_amounts(n)
            for r, n in zip(self.rules, pos, strict=True)
        )

    def prepare(self, box: Piles) -> None:
        """Solve the proper sub-sums of ``box`` that the budget allows (largest first)."""
        if self._box is not None and all(a <= b for a, b in zip(box, self._box, strict=True)):
            return
        self._box = box
        k = len(box)
        live = [i for i in range(k) if self.rules[i].count_amounts(box[i]) > 0]
        each = sums.SEARCH_BUDGET // GROUP_SHARE
        wanted: list[tuple[int, int, tuple[int, ...]]] = []
        for size in range(len(live) - 1, 1, -1):
            for piles in combinations(live, size):
                rules = tuple(self.rules[i] for i in piles)
                sub = tuple(box[i] for i in piles)
                if sums.fits_budget(rules, sub) and sums.search_cost(rules, sub) <= each:
                    wanted.append((-size, sums.search_cost(rules, sub), piles))
        groups: list[Group] = []
        spent = 0
        for _, cost, piles in sorted(wanted):
            if spent + cost > sums.SEARCH_BUDGET // TOTAL_SHARE:
                continue
            spent += cost
            rules = tuple(self.rules[i] for i in piles)
            solution = sums.solve_box(rules, False, tuple(box[i] for i in piles))
            groups.append(Group(piles, solution))
        self.groups = tuple(groups)
        self._lower = {}
        self._upper = {}

    def _all_facts(self, pos: Piles) -> tuple[list[Facts], int]:
        facts = [self.facts(i, n) for i, n in enumerate(pos)]
        return facts, self.nim_sum(pos)

    def nim_sum(self, pos: Piles) -> int:
        x = 0
        for i, n in enumerate(pos):
            x ^= self.grundy(i, n)
        return x

    def static_lower(self, pos: Piles) -> int:
        """A and E: the best of Σ shortest plays and R(C) + Σ_D shortest plays, D cold."""
        facts, x = self._all_facts(pos)
        total = sum(f.short for f in facts)
        best = total
        for f in facts:  # C one pile, the rest cold
            if f.grundy == x:
                best = max(best, f.lo + total - f.short)
        for g in self.groups:  # C a solved sub-sum, the rest cold
            gx = 0
            for i in g.piles:
                gx ^= facts[i].grundy
            if gx == x:
                r = g.remoteness(pos)
                if r is not None:
                    best = max(best, r + total - sum(facts[i].short for i in g.piles))
        return _up(best, x != 0)

    def static_upper(self, pos: Piles) -> int:
        """A, and D for a cold position: Σ longest plays, less what splitting off cold
        single piles and cold solved sub-sums saves (the best disjoint choice of them)."""
        facts, x = self._all_facts(pos)
        total = sum(f.long for f in facts)
        live = [f for f in facts if f.short > 0]  # shortest_play is 0 only where no move is
        if len(live) == 1:  # the others are over for good: the sum is that pile's game
            return _down(min(total, live[0].hi), x != 0)
        if x != 0:
            return _down(total, True)
        savings: list[tuple[int, int]] = []  # (piles as a bit mask, what splitting saves)
        for i, f in enumerate(facts):
            if f.grundy == 0 and f.hi < f.long:
                savings.append((1 << i, f.long - f.hi))
        for g in self.groups:
            gx = 0
            for i in g.piles:
                gx ^= facts[i].grundy
            r = g.remoteness(pos) if gx == 0 else None
            if r is not None:
                saved = sum(facts[i].long for i in g.piles) - r
                if saved > 0:
                    savings.append((sum(1 << i for i in g.piles), saved))
        return _down(total - _best_packing(savings), False)

    def cold_children(self, pos: Piles) -> list[Piles] | None:
        """The cold children of a position (None: more than ``SCAN_LIMIT`` amounts to scan)."""
        if self.scan_cost(pos) > SCAN_LIMIT:
            return None
        x = self.nim_sum(pos)
        out: list[Piles] = []
        for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True)):
            want = self.grundy(i, n) ^ x
            if rule.is_any_amount:  # the Grundy value of m is m: one candidate
                if want < n:
                    out.append((*pos[:i], want, *pos[i + 1 :]))
                continue
            for a in rule.amounts(n):
                if self.grundy(i, n - a) == want:
                    out.append((*pos[:i], n - a, *pos[i + 1 :]))
        return out

    def children(self, pos: Piles, limit: int = EXPAND_LIMIT) -> list[Piles] | None:
        """Every child (None: more than ``limit``, or too many to scan below them)."""
        count = sum(r.count_amounts(n) for r, n in zip(self.rules, pos, strict=True))
        if count > limit or count * self.scan_cost(pos) > LOOKAHEAD_WORK:
            return None
        return [
            (*pos[:i], n - a, *pos[i + 1 :])
            for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True))
            for a in rule.amounts(n)
        ]

    def delaying_child(self, pos: Piles) -> Piles | None:
        """L's one chosen move in a lower-bound line: the least amount from some pile, the
        one whose child has the best static lower bound (None: no move)."""
        best: tuple[int, Piles] | None = None
        for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True)):
            a = next(rule.amounts(n), None)
            if a is None:
                continue
            child = (*pos[:i], n - a, *pos[i + 1 :])
            score = self.static_lower(child)
            if best is None or score > best[0]:
                best = (score, child)
        return None if best is None else best[1]

    # -- the bounds ----------------------------------------------------------------------
    def lower(self, pos: Piles) -> int:
        """A proven lower bound (A, B, E, and F along L's chosen lines).

        None is started where a play may last more than ``WORK_LIMIT`` moves (it could not
        follow such lines to their end); one that still reaches ``WORK_LIMIT`` positions
        takes A–E for the rest, and only bounds whose whole line was followed are kept for
        later searches."""
        self._trim()
        if sum(r.longest_play(n) for r, n in zip(self.rules, pos, strict=True)) > WORK_LIMIT:
            return self.static_lower(pos)  # lines too long to follow within the work limit
        kept = self._lower
        here: dict[tuple[Piles, int], int] = {}  # this search's bounds, cut short or not
        root = (pos, BRANCHES)
        plans: dict[tuple[Piles, int], tuple[int, bool, list[tuple[Piles, int]], bool]] = {}
        stack = [root]
        while stack:
            node = stack[-1]
            if node in here or node in kept:
                stack.pop()
                continue
            plan = plans.get(node)
            if plan is None:
                plan = self._plan(node, len(plans) >= WORK_LIMIT)
                plans[node] = plan
                missing = [c for c in plan[2] if c not in here and c not in kept]
                if missing:
                    stack.extend(missing)
                    continue
            stack.pop()
            static, hot, kids, cut = plan
            if kids:
                values = [kept[c] if c in kept else here[c] for c in kids]
                static = max(static, 1 + (min(values) if hot else max(values)))
            here[node] = static
            if not cut and all(c in kept for c in kids):
                kept[node] = static
        return kept[root] if root in kept else here[root]

    def _plan(
        self, node: tuple[Piles, int], cut: bool
    ) -> tuple[int, bool, list[tuple[Piles, int]], bool]:
        """(A–E bound, hot?, children to follow, cut short by the work limit?)"""
        pos, branches = node
        x = self.nim_sum(pos)
        static = self.static_lower(pos)
        if cut:
            return static, x != 0, [], True
        if x != 0:
            cold = self.cold_children(pos)
            if not cold or (len(cold) > 1 and branches == 0):
                return static, True, [], False
            left = branches - 1 if len(cold) > 1 else branches
            return static, True, [(c, left) for c in cold], False
        child = self.delaying_child(pos)
        return static, False, [] if child is None else [(child, branches)], False

    def upper(self, pos: Piles, depth: int, top: bool = True) -> int:
        """A proven upper bound (A, B, D, and F looking ``depth`` moves ahead; a cold
        position below the top looks ahead only with at most ``NESTED_LIMIT`` children)."""
        key = (pos, depth, top)
        got = self._upper.get(key)
        if got is not None:
            return got
        x = self.nim_sum(pos)
        u = self.static_upper(pos)
        if depth > 0 and u > 0:
            if x != 0:
                kids = self.cold_children(pos)
            else:
                kids = self.children(pos, EXPAND_LIMIT if top else NESTED_LIMIT)
            if kids:
                ahead = [self.upper(c, depth - 1, False) for c in kids]
                u = min(u, 1 + (min(ahead) if x != 0 else max(ahead)))
        self._upper[key] = u
        return u

    def bounds(self, pos: Piles) -> tuple[int, int]:
        """(lower, upper), both proven, both of the outcome's parity."""
        self.prepare(pos)
        x = self.nim_sum(pos)
        lo = self.lower(pos)
        hi = self.upper(pos, HOT_DEPTH if x != 0 else COLD_DEPTH)
        if lo > hi:  # impossible if A–F hold: a bug, never shown as an answer
            raise AssertionError(f"bounds cross at {pos}: {lo} > {hi}")
        return lo, hi

    def _trim(self) -> None:
        """Start afresh when the memo is large (a new dict: a search running in another
        thread keeps the one it started with)."""
        if len(self._lower) + len(self._upper) > MEMO_LIMIT:
            self._lower = {}
            self._upper = {}


def _best_packing(savings: list[tuple[int, int]]) -> int:
    """The largest total saving of pairwise disjoint masks (few candidates, ≤ 8 bits)."""
    best: dict[int, int] = {0: 0}  # used piles -> best saving
    for mask, saved in savings:
        for used, total in list(best.items()):
            if used & mask == 0:
                new = used | mask
                if best.get(new, -1) < total + saved:
                    best[new] = total + saved
    return max(best.values())
