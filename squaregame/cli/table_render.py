"""How ``squaregame table`` prints its rows: JSON, CSV, or plain text (a line of cells for
one pile, a grid for two coordinates)."""

from __future__ import annotations

import csv
import io
from typing import Any

from squaregame.api.document import remoteness_json
from squaregame.core.game import Game
from squaregame.core.types import PositionInfo
from squaregame.text import tr
from squaregame.text.games import axis_label, position_text, remoteness_span, title


def json_object(game: Game[Any], rows: list[tuple[Any, PositionInfo]]) -> dict[str, Any]:
    return {
        "game": game.kind.key,
        "misere": game.misere,
        "rule": game.rule_json(),
        "positions": [
            {
                "position": game.position_json(p),
                "outcome": i.outcome.value,
                **remoteness_json(i),
                "grundy": _grundy(game, p, i),
            }
            for p, i in rows
        ],
    }


def _grundy(game: Game[Any], pos: Any, info: PositionInfo) -> int | None:
    return info.grundy if info.grundy is not None else game.info(pos).grundy


def csv_text(game: Game[Any], rows: list[tuple[Any, PositionInfo]]) -> str:
    """One row per position; ``remoteness`` is empty where only its bounds (the last two
    columns) are proven, and ``remoteness_upper`` is empty where no upper bound is known."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    dims = len(game.position_values(rows[0][0]))
    names = game.kind.coordinate_names(dims)
    w.writerow([*names, "outcome", "remoteness", "grundy", "remoteness_lower", "remoteness_upper"])
    values_of = game.position_values
    w.writerows(
        (
            *values_of(p),
            i.outcome.value,
            i.remoteness if i.remoteness_exact else "",  # remoteness_json's fields, in a row
            _cell(_grundy(game, p, i)),
            i.remoteness,
            _cell(i.remoteness if i.remoteness_exact else i.remoteness_upper),
        )
        for p, i in rows
    )
    return out.getvalue()


def _cell(value: int | None) -> int | str:
    return "" if value is None else value


def plain_text(game: Game[Any], rows: list[tuple[Any, PositionInfo]], upto: int, dims: int) -> str:
    head = [
        tr("cli.said.table.legend", title=title(game)),
        tr("cli.said.table.cells" if dims > 1 else "cli.said.table.cells_grundy"),
        "",
    ]
    if dims == 1:
        return "\n".join(head + _plain_line(game, rows, upto))
    if dims == 2:
        return "\n".join(head + _plain_grid(game, rows, upto))
    lines = [
        f"{position_text(game, p):>20}  {i.outcome.symbol} {remoteness_span(i)}" for p, i in rows
    ]
    return "\n".join(head + lines)


def _cell_width(rows: list[tuple[Any, PositionInfo]]) -> int:
    """Room for the widest remoteness (or its bounds, ``49–57`` / ``≥49``), mark and a space."""
    return max(max(len(remoteness_span(i)) for _, i in rows) + 2, 4)


def _plain_line(game: Game[Any], rows: list[tuple[Any, PositionInfo]], upto: int) -> list[str]:
    width = max(len(str(upto)), 3)
    cell = _cell_width(rows)
    lines = [" " * (width + 2) + "".join(f"+{c:<{cell - 1}}" for c in range(10))]
    for base in range(0, upto + 1, 10):
        chunk = rows[base : base + 10]
        cells = "".join(f"{i.outcome.symbol}{remoteness_span(i):<{cell - 1}}" for _, i in chunk)
        lines.append(f"{base:>{width}}  {cells}")
    grundy = [_grundy(game, p, i) for p, i in rows]
    if all(g is not None for g in grundy):
        lines += ["", tr("cli.said.table.grundy")]
        for base in range(0, upto + 1, 10):
            vals = "".join(f"{g:<{cell}}" for g in grundy[base : base + 10])
            lines.append(f"{base:>{width}}  {vals}")
    return lines


def _plain_grid(game: Game[Any], rows: list[tuple[Any, PositionInfo]], upto: int) -> list[str]:
    info = dict(rows)
    cell = _cell_width(rows)
    width = max(len(str(upto)), 2)
    lines = [axis_label(game.kind, "y")]
    for y in range(upto, -1, -1):
        cells = "".join(
            f"{info[(x, y)].outcome.symbol}{remoteness_span(info[(x, y)]):<{cell - 1}}"
            for x in range(upto + 1)
        )
        lines.append(f"{y:>{width}} {cells}")
    lines.append(" " * (width + 1) + "".join(f"{x:<{cell}}" for x in range(upto + 1)))
    lines.append(" " * (width + 1) + axis_label(game.kind, "x"))
    return lines
