"""``squaregame table GAME --upto N``: values of every position, for worksheets and scripts."""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import json
from collections.abc import Iterator
from typing import Any

from squaregame.cli.analyze import add_game_options, build_game
from squaregame.cli.common import UsageError, parse_int
from squaregame.core.games import Game
from squaregame.core.types import PositionInfo

MAX_CELLS = 1_000_000


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "table",
        help="values of every position up to N",
        description="Outcome, remoteness and Grundy value of every position 0..N (for wythoff "
        "and sum, every pair with both coordinates at most N).",
    )
    p.add_argument("game", metavar="GAME", help="squares, subtraction, nim, wythoff or sum")
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


def _positions(game: Game[Any], upto: int, piles: int) -> Iterator[Any]:
    if game.kind == "wythoff":
        yield from itertools.product(range(upto + 1), repeat=2)
    elif game.kind == "sum":
        yield from itertools.product(range(upto + 1), repeat=piles)
    else:
        yield from range(upto + 1)


def run_stats(args: argparse.Namespace, n: int) -> int:
    from squaregame.core.store import SQUARES_MAX

    if args.game != "squares" or args.misere or args.rule:
        raise UsageError("--stats is for normal-play squares only")
    if args.csv:
        raise UsageError("--stats prints JSON (--json) or a line of text")
    if not 1 <= n <= SQUARES_MAX:
        raise UsageError(f"--upto must be between 1 and {SQUARES_MAX:,} with --stats")
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


def run(args: argparse.Namespace) -> int:
    upto = parse_int(args.upto, "--upto")
    if upto < 0:
        raise UsageError("--upto cannot be negative")
    if args.stats:
        return run_stats(args, upto)
    piles = max(2, len(args.rule or [])) if args.game == "sum" else 1
    dims = 2 if args.game == "wythoff" else piles
    if (upto + 1) ** dims > MAX_CELLS:
        raise UsageError(f"that table would have more than {MAX_CELLS:,} positions; lower --upto")
    game = build_game(args, piles)
    corner = game.parse_position([upto] * dims)  # builds/solves once, checks the limits
    rows = [(p, game.child_info(corner, p)) for p in _positions(game, upto, piles)]
    if args.json:
        print(json.dumps(_json(game, rows)))
    elif args.csv:
        print(_csv(game, rows), end="")
    else:
        print(_plain(game, rows, upto, dims))
    return 0


def _json(game: Game[Any], rows: list[tuple[Any, PositionInfo]]) -> dict[str, Any]:
    return {
        "game": game.kind,
        "misere": game.misere,
        "rule": game.rule_json(),
        "positions": [
            {
                "position": game.position_json(p),
                "outcome": i.outcome.value,
                "remoteness": i.remoteness,
                "grundy": _grundy(game, p, i),
            }
            for p, i in rows
        ],
    }


def _grundy(game: Game[Any], pos: Any, info: PositionInfo) -> int | None:
    return info.grundy if info.grundy is not None else game.info(pos).grundy


def _csv(game: Game[Any], rows: list[tuple[Any, PositionInfo]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    if game.kind in ("wythoff", "sum"):
        n = len(rows[0][0])
        names = ["x", "y"] if game.kind == "wythoff" else [f"pile{i + 1}" for i in range(n)]
    else:
        names = ["position"]
    w.writerow([*names, "outcome", "remoteness", "grundy"])
    for p, i in rows:
        coords = list(p) if isinstance(p, tuple) else [p]
        g = _grundy(game, p, i)
        w.writerow([*coords, i.outcome.value, i.remoteness, "" if g is None else g])
    return out.getvalue()


def _plain(game: Game[Any], rows: list[tuple[Any, PositionInfo]], upto: int, dims: int) -> str:
    head = [
        f"{game.title} — ☹ cold (the player to move loses), ☺ hot (the player to move wins);",
        "each cell: mark and remoteness" + ("" if dims > 1 else "; Grundy values below"),
        "",
    ]
    if dims == 1:
        return "\n".join(head + _plain_line(game, rows, upto))
    if dims == 2:
        return "\n".join(head + _plain_grid(game, rows, upto))
    lines = [f"{game.format_position(p):>20}  {i.outcome.symbol} {i.remoteness}" for p, i in rows]
    return "\n".join(head + lines)


def _plain_line(game: Game[Any], rows: list[tuple[Any, PositionInfo]], upto: int) -> list[str]:
    width = max(len(str(upto)), 3)
    cell = max(len(str(max(i.remoteness for _, i in rows))) + 2, 4)
    lines = [" " * (width + 2) + "".join(f"+{c:<{cell - 1}}" for c in range(10))]
    for base in range(0, upto + 1, 10):
        chunk = rows[base : base + 10]
        cells = "".join(f"{i.outcome.symbol}{i.remoteness:<{cell - 1}}" for _, i in chunk)
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
    cell = max(len(str(max(i.remoteness for _, i in rows))) + 2, 4)
    width = max(len(str(upto)), 2)
    axis = "y" if game.kind == "wythoff" else "pile 2"
    lines = [f"{axis} ↑"]
    for y in range(upto, -1, -1):
        cells = "".join(
            f"{info[(x, y)].outcome.symbol}{info[(x, y)].remoteness:<{cell - 1}}"
            for x in range(upto + 1)
        )
        lines.append(f"{y:>{width}} {cells}")
    lines.append(" " * (width + 1) + "".join(f"{x:<{cell}}" for x in range(upto + 1)))
    lines.append(" " * (width + 1) + ("x →" if game.kind == "wythoff" else "pile 1 →"))
    return lines
