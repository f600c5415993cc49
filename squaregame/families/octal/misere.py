"""Misère play of rows beyond the exact search (:mod:`.search`): outcomes from a proven misère
quotient (:mod:`.quotient`), remoteness as proven bounds.

**Bounds** (misère play). A terminal position is hot with remoteness 0; by induction a hot
position has even remoteness (1 + the least of its cold options', odd) and a cold one odd
(1 + the greatest of its options', all hot, even). So a cold position's remoteness is at least
1, a hot non-terminal one's at least 2; and every play is at most ``longest`` and at least
``shortest`` moves (A and A' of :mod:`.search`), moved to the outcome's parity.
"""

from __future__ import annotations

from typing import Any

from squaregame.core.errors import TableLimitError
from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.octal import big, search
from squaregame.families.octal.code import HeapRule, OctalCode
from squaregame.families.octal.quotient import Quotient, Unproven, quotient
from squaregame.families.octal.search import SEARCH_TOKENS, Solved, longest_play, shortest_play
from squaregame.text import tr

_FOUND: dict[OctalCode, Quotient | Unproven] = {}


def quotient_of(rule: OctalCode) -> Quotient | Unproven:
    """The code's misère quotient, computed once a process (within its fixed budget), and
    only when a position beyond the search asks for it."""
    if rule not in _FOUND:
        _FOUND[rule] = quotient(rule)
    return _FOUND[rule]


def used(rules: tuple[HeapRule, ...]) -> Quotient | None:
    """The proven quotient of these rules if one was computed already (nothing computed)."""
    found = _FOUND.get(rules[0]) if len(rules) == 1 and isinstance(rules[0], OctalCode) else None
    return found if isinstance(found, Quotient) else None


def proven(rules: tuple[HeapRule, ...]) -> Quotient | None:
    """The proven quotient of one octal code's rows; None otherwise (several rules, Grundy's
    game, a pile of the rule registry, or no proof within the budget)."""
    if len(rules) != 1 or not isinstance(rules[0], OctalCode):
        return None
    found = quotient_of(rules[0])
    return found if isinstance(found, Quotient) else None


def refusal(rules: tuple[HeapRule, ...]) -> TableLimitError:
    """Why misère rows beyond the search are not answered: one line, naming the game by its
    name and code (``dawsons-kayles (0.07)``) or its code, and saying what the search takes
    (tokens in all, not a row's length: eight rows of 5 are past it too)."""
    if len(rules) == 1 and isinstance(rules[0], OctalCode):
        rule = rules[0]
        found = quotient_of(rule)
        if isinstance(found, Unproven):
            return TableLimitError(
                "octal.errors.misere_unproven",
                game=rule.key if rule.name is None else f"{rule.name} ({rule.key})",
                tokens=SEARCH_TOKENS,
                heaps=found.heaps,
                order=found.order,
            )
    return TableLimitError("octal.errors.misere_too_large", tokens=SEARCH_TOKENS)


def bounds(cold: bool, terminal: bool, shortest: int, longest: int) -> tuple[int, int]:
    """Proven (lower, upper) remoteness in misère play (the module's docstring)."""
    return search.bounds(cold, terminal, shortest, longest, misere=True)


def info(q: Quotient, solved: Solved, rows: tuple[int, ...]) -> PositionInfo:
    """Outcome from the quotient, remoteness as bounds (exact where they meet)."""
    cold = q.cold(rows)
    terminal = not solved.key(rows)
    lo, hi = bounds(cold, terminal, shortest_play(solved, rows), longest_play(solved, rows))
    outcome = Outcome.COLD if cold else Outcome.HOT
    if lo == hi:
        return PositionInfo(outcome, lo, True, None)
    return PositionInfo(outcome, lo, False, None, hi)


def winners(q: Quotient, pos: tuple[int, ...]) -> big.Winners:
    """The winning moves of a block in misère play: those leaving a sum in the P-portion.
    A split (a, rest − a) leaves r·Φ(a)·Φ(rest − a), r the image of the other rows; where
    both parts are past the preperiod n0, Φ depends only on their residues modulo the period p
    (with a's residue s, the other part's is (rest − 2·n0 − s) mod p), so each residue class
    is counted whole and only the parts below n0 are valued one by one."""
    m = q.monoid
    images = [q.image(n) for n in pos]

    def winners_of(i: int, b: big.Block, most: int) -> tuple[int, list[int]]:
        r = m.product(images[:i] + images[i + 1 :])
        if b.kind != "split":
            left = r if b.kind == "whole" else m.mul[r][q.image(b.rest)]
            return (1, [0]) if m.cold[left] else (0, [])
        return _splits(q, r, b, most)

    return winners_of


def _splits(q: Quotient, r: int, b: big.Block, most: int) -> tuple[int, list[int]]:
    m, n0, p, rest = q.monoid, q.preperiod, q.period, b.rest

    def wins(a: int) -> bool:
        return m.cold[m.mul[r][m.mul[q.image(a)][q.image(rest - a)]]]

    lo, hi = b.first, b.last
    mid_lo, mid_hi = max(lo, n0), min(hi, rest - n0)
    if mid_lo > mid_hi:  # no part pair both past the preperiod: every split one by one
        edge = list(range(lo, hi + 1))
    else:
        edge = [*range(lo, mid_lo), *range(mid_hi + 1, hi + 1)]
    found = [a for a in edge if wins(a)]
    count = len(found)
    firsts: list[int] = []
    for s in range(p) if mid_lo <= mid_hi else ():
        first = mid_lo + (s - (mid_lo - n0)) % p  # the least a ≥ mid_lo with residue s
        if first > mid_hi or not wins(first):
            continue
        count += (mid_hi - first) // p + 1
        firsts.extend(range(first, min(mid_hi, first + p * most) + 1, p))
    winners = sorted({*found, *firsts})[:most]
    return count, [a - lo for a in winners]


def quotient_line(q: Quotient) -> str:
    """The quotient in one sentence (``analyze``'s text output)."""
    order = q.monoid.order
    return tr(
        "octal.quotient.line",
        order=order,
        cold=len(q.cold_elements),
        period=q.period,
        preperiod=q.preperiod,
        upto=q.upto,
    )


def quotient_json(q: Quotient) -> dict[str, Any]:
    """The quotient as ``analyze --json`` reports it."""
    m = q.monoid
    return {
        "code": q.code,
        "order": m.order,
        "p_portion": list(q.cold_elements),
        "p_portion_size": len(q.cold_elements),
        "generators": list(q.generators),
        "images": list(q.phi),
        "preperiod": q.preperiod,
        "period": q.period,
        "proven_from_heaps": q.upto,
        "table": [list(row) for row in m.mul],
    }
