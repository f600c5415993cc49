"""``squaregame table GAME --upto N``: values of every position, for worksheets and scripts."""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    UsageError,
    add_game_argument,
    add_game_options,
    parse_int,
    spec_from_args,
)
from squaregame.core.kinds import WYTHOFF, find_kind, kind_for_rule
from squaregame.core.rules import SQUARES

if TYPE_CHECKING:  # --stats (the builders' benchmark) imports only what it needs
    from squaregame.core.game import Game
    from squaregame.core.tables import Tables

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
    kind = find_kind(args.game)
    wythoff = kind is WYTHOFF
    if (kind is not kind_for_rule(SQUARES) and not wythoff) or args.misere or args.rule:
        raise UsageError("--stats is for normal-play squares or wythoff only")
    if args.csv:
        raise UsageError("--stats prints JSON (--json) or a line of text")
    if wythoff:
        top = WYTHOFF_STATS_MAX
    else:
        from squaregame.core.piles.store import SQUARES_MAX

        top = SQUARES_MAX
    if not 1 <= n <= top:
        raise UsageError(f"--upto must be between 1 and {top:,} with --stats")
    if wythoff:
        return _wythoff_stats(args, n)
    from squaregame.core.build.squares import squares_table  # numpy: only here

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
    from squaregame.core.wythoff import board_stats  # numpy only if the C kernel is not there

    cold_count, top, at = board_stats(n - 1)
    stats = {
        "upto": n,
        "cold_count": cold_count,
        "max_remoteness": top,
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
    from squaregame.cli.analyze import progress_for
    from squaregame.cli.table_render import csv_text, json_object, plain_text

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
        print(json.dumps(json_object(game, rows)))
    elif args.csv:
        print(csv_text(game, rows), end="")
    else:
        print(plain_text(game, rows, upto, dims))
    return 0
