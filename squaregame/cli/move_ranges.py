"""``analyze``'s account, in its text, of the moves it does not list (more than
``MAX_LISTED_MOVES``): one line per range under the listed moves, then the counts. The
JSON's ``moves_truncated``, ``move_counts`` and ``move_ranges`` are
:mod:`squaregame.api.document`'s; docs/command-line.md ("JSON output") documents the shape.
"""

from __future__ import annotations

from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveRange
from squaregame.text.games import position_text


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
