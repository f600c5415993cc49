"""``analyze``'s account of the moves it does not list (more than ``MAX_LISTED_MOVES``).

JSON (always present): ``moves_truncated``; ``move_counts`` — ``total``, ``listed``,
``winning``, ``losing`` over every legal move; ``move_ranges`` — the moves not listed, each
range one pile (or one direction of the queen) and one outcome::

    {"pile": 1, "take": [4, 999999999996], "to": [999999999996, 4], "count": 999999999993,
     "winning": 0, "outcome": "hot", "remoteness": 1,
     "remoteness_lower": 1, "remoteness_upper": 1}

Text: one line per range under the listed moves, then the counts. README ("JSON output")
documents the shape.
"""

from __future__ import annotations

from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveRange
from squaregame.text.games import position_text


def summary_json(game: Game[Any], a: Analysis[Any]) -> dict[str, Any]:
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


def summary_lines(game: Game[Any], a: Analysis[Any]) -> list[str]:
    """One line per range of moves not listed, and a line of counts (nothing if all listed)."""
    s = a.summary
    if s is None:
        return []
    lines = [_range_line(game, a, r) for r in s.ranges]
    lines.append(
        f"  {s.total:,} legal moves: {s.winning:,} winning, {s.losing:,} losing; "
        f"{len(a.moves):,} listed"
    )
    return lines


def _range_line(game: Game[Any], a: Analysis[Any], r: MoveRange[Any]) -> str:
    first, last = game.move(a.position, r.first), game.move(a.position, r.last)
    if first.amount is not None:
        label = f"take {first.amount}..{last.amount}"
        if first.pile is not None:
            label += f" from pile {first.pile + 1}"
    else:
        label = f"to {position_text(game, r.first)}..{position_text(game, r.last)}"
    if r.upper is None:
        span = f"≥{r.lower}"
    else:
        span = str(r.lower) if r.lower == r.upper else f"{r.lower}..{r.upper}"
    outcome = r.outcome
    if outcome is None:
        value = f"mixed in {span}  {r.winning:,} win"
    else:
        mark = "✓ all win" if r.winning else "✗ all lose"
        value = f"{outcome.symbol} {outcome.value} in {span}  {mark}"
    return f"  … {label} ({r.count:,} more moves)  {value}"
