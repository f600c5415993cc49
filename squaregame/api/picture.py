"""A position as a small picture for a notebook (``Position._repr_html_``): self-contained
HTML with an inline SVG — no script, no style sheet, nothing fetched.

The picture draws each number of the position as a row of counters (a long row as a bar
with its number), the counters the opponent's winning move takes hollow, beside a badge
with the outcome's face (☺ hot, ☹ cold: never colour alone). Under it, in words from the
catalogs: the game and the position, the value, the verdict line ``analyze`` ends with,
and the winning moves. Everything written is escaped (:func:`html.escape`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, Outcome
from squaregame.play.why_text import remoteness_text, value_text
from squaregame.text import Catalog
from squaregame.text.games import move_phrase, position_text, title, verdict_line

COUNTERS = 24  # a longer row is drawn as a bar
STEP = 12  # pixels from one counter to the next
ROW = 18  # pixels from one row to the next
LEFT = 44  # the badge's column
COLOURS = {Outcome.HOT: "#b45309", Outcome.COLD: "#1d4ed8"}  # amber, blue


def position_html(game: Game[Any], a: Analysis[Any], chosen: Any, catalog: Catalog) -> str:
    """The picture of ``a.position`` (``chosen``: the opponent's move, or None)."""
    pos, info = a.position, a.info
    where = position_text(game, pos, catalog)
    value = [value_text(info, catalog), remoteness_text(info, catalog)]
    if info.grundy is not None:
        value.append(catalog("api.grundy", value=info.grundy))
    lines = [
        f"<b>{escape(title(game, catalog))}</b> · {escape(where)}",
        escape(" · ".join(value)),
        escape(verdict_line(game, a, "analysis", catalog, chosen=chosen)),
    ]
    winning = a.winning_moves
    if winning:
        more = 0 if a.summary is None else a.summary.winning - len(winning)
        said = ", ".join(move_phrase(game, pos, m.to, catalog) for m in winning)
        if more:
            said += " " + catalog("api.more_winning", count=more)
        lines.append(escape(f"{catalog('api.winning', count=len(winning) + more)} {said}"))
    taken = chosen if info.outcome is Outcome.HOT and chosen is not None else None
    drawing = svg(
        game.position_values(pos),
        None if taken is None else game.position_values(taken),
        info.outcome,
        label=f"{where}: {value[0]}",
    )
    body = "".join(f"<div>{line}</div>" for line in lines)
    return (
        '<div class="squaregame-position" style="font-family:system-ui,sans-serif;'
        f'font-size:14px;line-height:1.5">{drawing}{body}</div>'
    )


def svg(values: Sequence[int], after: Sequence[int] | None, outcome: Outcome, label: str) -> str:
    """Rows of counters for ``values``; those a move to ``after`` takes are hollow."""
    colour = COLOURS[outcome]
    rows = max(len(values), 1)
    width = LEFT + 48 + STEP * (COUNTERS + 1) + 40
    height = max(rows * ROW + 8, 40)
    face = "☺" if outcome is Outcome.HOT else "☹"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(label)}">',
        f'<circle cx="18" cy="{height // 2}" r="15" fill="{colour}"/>',
        f'<text x="18" y="{height // 2 + 6}" font-size="18" text-anchor="middle" '
        f'fill="#fff">{face}</text>',
    ]
    top = (height - len(values) * ROW) // 2  # the rows centred beside the badge
    for i, n in enumerate(values):
        y = top + i * ROW + ROW // 2
        left = n if after is None or i >= len(after) else min(after[i], n)
        parts.append(
            f'<text x="{LEFT + 40}" y="{y + 4}" font-size="12" text-anchor="end" '
            f'fill="#444">{_short(n)}</text>'
        )
        parts.extend(_row(n, left, LEFT + 48, y, colour))
    parts.append("</svg>")
    return "".join(parts)


def _row(n: int, left: int, x0: int, y: int, colour: str) -> list[str]:
    """One number: a counter each (hollow past ``left``), or a bar when there are too many."""
    if n > COUNTERS:
        width = STEP * COUNTERS
        kept = 0 if left == 0 else max(2, round(width * left / n))  # a few left still show
        bar = [
            f'<rect x="{x0}" y="{y - 5}" width="{width}" height="10" rx="5" fill="none" '
            f'stroke="{colour}"/>'
        ]
        if kept:
            bar.append(
                f'<rect x="{x0}" y="{y - 5}" width="{kept}" height="10" rx="5" fill="{colour}"/>'
            )
        return bar
    return [
        f'<circle cx="{x0 + 5 + k * STEP}" cy="{y}" r="5" '
        + (f'fill="{colour}"/>' if k < left else f'fill="none" stroke="{colour}"/>')
        for k in range(n)
    ]


def _short(n: int) -> str:
    """A number for the row's label: whole up to seven digits, else its size (10^18)."""
    text = str(n) if n < 10**7 else f"≈10^{len(str(n)) - 1}"
    return escape(text)
