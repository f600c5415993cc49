"""``squaregame table GAME --upto N``: values of every position, for worksheets and scripts."""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import json
from collections.abc import Iterator
from typing import Any

from squaregame.cli.analyze import progress_for, remoteness_json
from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    UsageError,
    add_game_argument,
    add_game_options,
    parse_int,
    spec_from_args,
)
from squaregame.core.context import Tables
from squaregame.core.game import Game
from squaregame.core.kinds import WYTHOFF, find_kind, kind_for_rule
from squaregame.core.rules import SQUARES
from squaregame.core.types import PositionInfo
from squaregame.text.games import axis_label, position_text, remoteness_span, title

MAX_CELLS = 1_000_000


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "table",
        help=help_text("table"),
        description="Outcome, remoteness and Grundy value of every position 0..N (for wythoff "
        "and sum, every pair with both coordinates at most N).",
    )
    add_game_argument(p)
    p.add_argument("--upto", required=True, metavar="N", help="largest position")
    add_game_options(p)
    p.add_argument(
        "--stats",
        action="store_true",
        help="squares only: build positions 0..N−1 afresh (no cached table) and print the "
        "cold count and the largest remoteness — doubles as the builder's benchmark",
    )
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="one JSON object")
    fmt.add_argument("--csv", action="store_true", help="comma-separated columns")
    p.set_defaults(run=run)


def _positions(game: Game[Any], upto: int, dims: int) -> Iterator[Any]:
    kind = game.kind
    for values in itertools.product(range(upto + 1), repeat=dims):
        yield kind.position_from_values(values)


WYTHOFF_STATS_MAX = 8000  # a board of 8000² cells: three bytes each, about a second or two


def run_stats(args: argparse.Namespace, n: int) -> int:
    """Build a table afresh (never from the cache) and print what the C references print:
    ``squares_ref N`` (positions 0..N−1) or ``wythoff_ref N`` (the N×N board 0..N−1)."""
    from squaregame.core.store import SQUARES_MAX

    kind = find_kind(args.game)
    wythoff = kind is WYTHOFF
    if (kind is not kind_for_rule(SQUARES) and not wythoff) or args.misere or args.rule:
        raise UsageError("--stats is for normal-play squares or wythoff only")
    if args.csv:
        raise UsageError("--stats prints JSON (--json) or a line of text")
    top = WYTHOFF_STATS_MAX if wythoff else SQUARES_MAX
    if not 1 <= n <= top:
        raise UsageError(f"--upto must be between 1 and {top:,} with --stats")
    if wythoff:
        return _wythoff_stats(args, n)
    from squaregame.core.build import squares_table  # numpy: only here

    built = squares_table(n - 1)
    at = int(built.rem.argmax())
    stats = {
        "upto": n,
        "cold_count": int(built.cold.size),
        "max_remoteness": int(built.rem[at]),
        "max_remoteness_at": at,
        "cold_ending_in_6": [int(c) for c in built.cold[built.cold % 10 == 6]],
    }
    if args.json:
        print(json.dumps(stats))
    else:
        print(
            f"positions 0..{n - 1:,}: {stats['cold_count']:,} cold, largest remoteness "
            f"{stats['max_remoteness']} (at {at:,})"
        )
    return 0


def _wythoff_stats(args: argparse.Namespace, n: int) -> int:
    from squaregame.core.wythoff import build_wythoff  # numpy: only here

    board = build_wythoff(n - 1, False)
    rem, cold = board.remoteness_array, board.cold_array
    at = divmod(int(rem.argmax()), n)
    stats = {
        "upto": n,
        "cold_count": int(cold.sum()),
        "max_remoteness": int(rem[at]),
        "max_remoteness_at": list(at),
    }
    if args.json:
        print(json.dumps(stats))
    else:
        print(
            f"board 0..{n - 1:,} squared: {stats['cold_count']:,} cold, largest remoteness "
            f"{stats['max_remoteness']} (at {at})"
        )
    return 0


def run(args: argparse.Namespace, tables: Tables) -> int:
    upto = parse_int(args.upto, "--upto")
    if upto < 0:
        raise UsageError("--upto cannot be negative")
    if args.stats:
        return run_stats(args, upto)
    dims = find_kind(args.game).table_dims(len(args.rule or []))
    if (upto + 1) ** dims > MAX_CELLS:
        raise UsageError(f"that table would have more than {MAX_CELLS:,} positions; lower --upto")
    spec = spec_from_args(args, [upto] * dims)
    game = spec.build(tables)
    progress = progress_for(game, quiet=args.json or args.csv)
    corner = spec.start(game, progress=progress)  # builds/solves once, checks the limits
    game.prepare(corner, progress)
    rows = [(p, game.child_info(corner, p)) for p in _positions(game, upto, dims)]
    if args.json:
        print(json.dumps(_json(game, rows)))
    elif args.csv:
        print(_csv(game, rows), end="")
    else:
        print(_plain(game, rows, upto, dims))
    return 0


def _json(game: Game[Any], rows: list[tuple[Any, PositionInfo]]) -> dict[str, Any]:
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


def _csv(game: Game[Any], rows: list[tuple[Any, PositionInfo]]) -> str:
    """One row per position; ``remoteness`` is empty where only its bounds (the last two
    columns) are proven, and ``remoteness_upper`` is empty where no upper bound is known."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    dims = len(game.position_values(rows[0][0]))
    names = game.kind.coordinate_names(dims)
    w.writerow([*names, "outcome", "remoteness", "grundy", "remoteness_lower", "remoteness_upper"])
    for p, i in rows:
        coords = list(game.position_values(p))
        g = _grundy(game, p, i)
        r = remoteness_json(i)
        values = (r["remoteness"], g, r["remoteness_lower"], r["remoteness_upper"])
        w.writerow([*coords, i.outcome.value, *("" if v is None else v for v in values)])
    return out.getvalue()


def _plain(game: Game[Any], rows: list[tuple[Any, PositionInfo]], upto: int, dims: int) -> str:
    head = [
        f"{title(game)} — ☹ cold (the player to move loses), ☺ hot (the player to move wins);",
        "each cell: mark and remoteness" + ("" if dims > 1 else "; Grundy values below"),
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
        lines += ["", "Grundy values:"]
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
