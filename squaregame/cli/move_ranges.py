"""``analyze``'s account, in its text, of the moves it does not list (more than
``MAX_LISTED_MOVES``): one line per range under the listed moves, then the counts. The
JSON's ``moves_truncated``, ``move_counts`` and ``move_ranges`` are
:mod:`squaregame.api.document`'s; docs/command-line.md ("JSON output") documents the shape.
"""

from __future__ import annotations

from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveRange
from squaregame.text import tr
from squaregame.text.games import position_text


def summary_lines(game: Game[Any], a: Analysis[Any]) -> list[str]:
    """One line per range of moves not listed, and a line of counts (nothing if all listed)."""
    s = a.summary
    if s is None:
        return []
    lines = [_range_line(game, a, r) for r in s.ranges]
    counts = {"total": s.total, "winning": s.winning, "losing": s.losing, "listed": len(a.moves)}
    lines.append("  " + tr("cli.said.analyze.counts", **{k: f"{v:,}" for k, v in counts.items()}))
    return lines


def _range_line(game: Game[Any], a: Analysis[Any], r: MoveRange[Any]) -> str:
    first, last = game.move(a.position, r.first), game.move(a.position, r.last)
    if first.amount is not None:
        label = tr("cli.said.analyze.take", first=first.amount, last=last.amount)
        if first.pile is not None:
            label += tr("cli.said.analyze.from_pile", pile=first.pile + 1)
    else:
        first_text, last_text = position_text(game, r.first), position_text(game, r.last)
        label = tr("cli.said.analyze.to_range", first=first_text, last=last_text)
    if r.upper is None:
        span = f"≥{r.lower}"
    else:
        span = str(r.lower) if r.lower == r.upper else f"{r.lower}..{r.upper}"
    outcome = r.outcome
    if outcome is None:
        value = tr("cli.said.analyze.mixed", span=span, winning=f"{r.winning:,}")
    else:
        mark = tr("cli.said.analyze.all_win" if r.winning else "cli.said.analyze.all_lose")
        word = tr(f"records.outcome.{outcome.value}")
        value = f"{outcome.symbol} {word} {tr('cli.said.analyze.in')} {span}  {mark}"
    more = tr("cli.said.analyze.more_moves", count=f"{r.count:,}")
    return f"  … {label} ({more})  {value}"
