"""Misère play of rows beyond the exact search (:mod:`.search`): outcomes from a proven misère
quotient (:mod:`.quotient`), remoteness as proven bounds.

**Bounds** (misère play). A terminal position is hot with remoteness 0; by induction a hot
position has even remoteness (1 + the least of its cold options', odd) and a cold one odd
(1 + the greatest of its options', all hot, even). So a cold position's remoteness is at least
1, a hot non-terminal one's at least 2; and every play is at most ``longest`` and at least
``shortest`` moves (A and A' of :mod:`.search`), moved to the outcome's parity.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from squaregame.core.errors import TableLimitError
from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.octal.code import HeapRule, OctalCode
from squaregame.families.octal.quotient import Quotient, Unproven, quotient
from squaregame.families.octal.search import SEARCH_TOKENS, Solved, longest_play, shortest_play
from squaregame.text import tr


@lru_cache(maxsize=16)
def quotient_of(rule: OctalCode) -> Quotient | Unproven:
    """The code's misère quotient, computed once a process (within its fixed budget)."""
    return quotient(rule)


def proven(rules: tuple[HeapRule, ...]) -> Quotient | None:
    """The proven quotient of one octal code's rows; None otherwise (several rules, Grundy's
    game, a pile of the rule registry, or no proof within the budget)."""
    if len(rules) != 1 or not isinstance(rules[0], OctalCode):
        return None
    found = quotient_of(rules[0])
    return found if isinstance(found, Quotient) else None


def refusal(rules: tuple[HeapRule, ...]) -> TableLimitError:
    """Why misère rows beyond the search are not answered: one line."""
    if len(rules) == 1 and isinstance(rules[0], OctalCode):
        found = quotient_of(rules[0])
        if isinstance(found, Unproven):
            return TableLimitError(
                "octal.errors.misere_unproven",
                tokens=SEARCH_TOKENS,
                heaps=found.heaps,
                order=found.order,
            )
    return TableLimitError("octal.errors.misere_too_large", tokens=SEARCH_TOKENS)


def bounds(cold: bool, terminal: bool, shortest: int, longest: int) -> tuple[int, int]:
    """Proven (lower, upper) remoteness in misère play (the module's docstring)."""
    if terminal:
        return 0, 0
    parity = 1 if cold else 0
    lower = max(1 if cold else 2, shortest + (shortest - parity) % 2)
    upper = longest if longest % 2 == parity else longest - 1
    return lower, max(upper, lower)


def info(q: Quotient, solved: Solved, rows: tuple[int, ...]) -> PositionInfo:
    """Outcome from the quotient, remoteness as bounds (exact where they meet)."""
    cold = q.cold(rows)
    terminal = not solved.key(rows)
    lo, hi = bounds(cold, terminal, shortest_play(solved, rows), longest_play(solved, rows))
    outcome = Outcome.COLD if cold else Outcome.HOT
    if lo == hi:
        return PositionInfo(outcome, lo, True, None)
    return PositionInfo(outcome, lo, False, None, hi)


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
