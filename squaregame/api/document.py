"""The pieces of ``analyze --json``'s object that are not a position's own properties: the
remoteness fields, the moves not listed (past ``MAX_LISTED_MOVES``) and a finite set's
proven periods. :meth:`squaregame.api.Position.to_dict` puts the object together; the
command line prints it. docs/command-line.md documents every field.

``move_ranges`` (the moves not listed), each range one pile (or one direction of the queen)
and one outcome::

    {"pile": 1, "take": [4, 999999999996], "to": [999999999996, 4], "count": 999999999993,
     "winning": 0, "outcome": "hot", "remoteness": 1,
     "remoteness_lower": 1, "remoteness_upper": 1}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveRange, PositionInfo

if TYPE_CHECKING:
    from squaregame.core.piles.periodic import Periodicity, ValuePeriod


def remoteness_json(info: PositionInfo) -> dict[str, Any]:
    """``remoteness`` (null unless exact) and its proven bounds, always present: equal to it
    when exact; ``remoteness_upper`` null when no upper bound is known."""
    return {
        "remoteness": info.remoteness if info.remoteness_exact else None,
        "remoteness_lower": info.remoteness_lower,
        "remoteness_upper": info.upper,
    }


def summary_json(game: Game[Any], a: Analysis[Any]) -> dict[str, Any]:
    """``moves_truncated``, ``move_counts`` (every legal move, listed or not) and
    ``move_ranges`` (the moves not listed)."""
    s = a.summary
    winning = len(a.winning_moves) if s is None else s.winning
    return {
        "moves_truncated": s is not None,
        "move_counts": {
            "total": a.move_count,
            "listed": len(a.moves),
            "winning": winning,
            "losing": a.move_count - winning,
        },
        "move_ranges": [] if s is None else [range_json(game, a, r) for r in s.ranges],
    }


def range_json(game: Game[Any], a: Analysis[Any], r: MoveRange[Any]) -> dict[str, Any]:
    first, last = game.move(a.position, r.first), game.move(a.position, r.last)
    outcome = r.outcome
    return {
        "pile": None if first.pile is None else first.pile + 1,
        "take": None if first.amount is None else [first.amount, last.amount],
        "to": [game.position_json(r.first), game.position_json(r.last)],
        "count": r.count,
        "winning": r.winning,
        "outcome": None if outcome is None else outcome.value,
        "remoteness": r.remoteness,
        "remoteness_lower": r.lower,
        "remoteness_upper": r.upper,
    }


def _value_period_json(p: ValuePeriod | None) -> dict[str, Any] | None:
    return None if p is None else {"preperiod": p.start, "period": p.length, "proven": True}


def periodicity_json(found: Periodicity) -> dict[str, Any]:
    """What is proven about a finite set's periods (each period named for what repeats)."""
    rp = found.remoteness
    return {
        "computed_upto": found.computed - 1,
        "grundy": _value_period_json(found.grundy),
        "outcome": _value_period_json(found.outcomes),
        "remoteness": None
        if rp is None
        else {
            "preperiod": rp.start,
            "period": rp.length,
            "shifts": list(rp.distinct_shifts),
            "proven": True,
        },
    }
