"""``squaregame table GAME --upto N``: values of every position, for worksheets and scripts."""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from squaregame.cli.analyze import progress_for
from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    UsageError,
    add_game_argument,
    add_game_options,
    one_of,
    spec_from_args,
)
from squaregame.cli.options import add_option, number, read_option
from squaregame.cli.table_render import csv_text, json_object, plain_text
from squaregame.core.budget import WORK_BUDGET, seconds
from squaregame.families import GAMES
from squaregame.text import tr

if TYPE_CHECKING:  # --stats (the builders' benchmark) imports only what it needs
    from squaregame.core.game import Game
    from squaregame.core.tables import Tables

MAX_CELLS = 1_000_000
# Listing and writing one position (work units, core/budget.py): a CSV row about 2 µs, a
# text cell 2.2 µs, a JSON object 4 µs (measured on the development machine).
ROW_COST = {"csv": 200, "text": 220, "json": 400}
UPTO = number("upto", "--upto", minimum=0)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "table",
        help=help_text("table"),
        description=tr("cli.help.table_description"),
    )
    add_game_argument(p)
    add_option(p, UPTO, required=True, help=tr("cli.help.upto"))
    add_game_options(p)
    p.add_argument(
        "--stats",
        action="store_true",
        help=tr("cli.help.stats"),
    )
    p.add_argument("--hash", action="store_true", help=tr("cli.help.hash"))
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=tr("cli.help.table_json"))
    fmt.add_argument("--csv", action="store_true", help=tr("cli.help.csv"))
    p.set_defaults(run=run)


def _positions(game: Game[Any], upto: int, dims: int) -> Iterator[Any]:
    kind = game.kind
    for values in itertools.product(range(upto + 1), repeat=dims):
        yield kind.position_from_values(values)


def run_stats(args: argparse.Namespace, n: int) -> int:
    """Build a table afresh (never from the cache) and print what the C references print
    (``squares_ref N``: positions 0..N−1; ``wythoff_ref N``: the N×N board 0..N−1)."""
    kind = GAMES.kinds.find(args.game)
    top = kind.stats_limit
    if top is None or args.misere or args.rule:
        offered = [k.key for k in GAMES.kinds if k.stats_limit is not None]
        raise UsageError("cli.errors.stats_games", games=one_of(offered))
    if args.csv:
        raise UsageError("cli.errors.stats_csv")
    if not 1 <= n <= top:
        raise UsageError("cli.errors.stats_upto", most=f"{top:,}")
    stats, said = kind.table_stats(n, digest=args.hash)
    if args.hash and not args.json:
        said += f"; fnv1a_rem={stats['fnv1a_rem']}"
    print(json.dumps(stats) if args.json else said)
    return 0


def run(args: argparse.Namespace, tables: Tables) -> int:
    upto = read_option(UPTO, args.upto)
    if args.stats:
        return run_stats(args, upto)
    if args.hash:
        raise UsageError("cli.errors.hash_stats")

    dims = GAMES.kinds.find(args.game).table_dims(len(args.rule or []))
    if (upto + 1) ** dims > MAX_CELLS:
        raise UsageError("cli.errors.table_too_big", most=f"{MAX_CELLS:,}")
    spec = spec_from_args(args, [upto] * dims)
    game = spec.build(tables)
    progress = progress_for(game, quiet=args.json or args.csv)
    corner = spec.start(game, progress=progress)  # checks the limits (and builds a board)
    fmt = "json" if args.json else "csv" if args.csv else "text"
    check_work(game, corner, upto, dims, fmt)  # before the search and the rows
    game.prepare(corner, progress)
    positions = list(_positions(game, upto, dims))
    infos = game.values_upto(upto)
    if infos is None:
        infos = [game.child_info(corner, p) for p in positions]
    rows = list(zip(positions, infos, strict=True))
    if args.json:
        print(json.dumps(json_object(game, rows)))
    elif args.csv:
        print(csv_text(game, rows), end="")
    else:
        print(plain_text(game, rows, upto, dims))
    return 0


def work_of(game: Game[Any], corner: Any, upto: int, dims: int, fmt: str) -> tuple[int, int]:
    """(work units, the work of one position) of the table of every position up to
    ``corner``: each valued (:meth:`~squaregame.core.game.Game.table_cost`) and written."""
    each = game.table_cost(corner) + ROW_COST[fmt]
    return (upto + 1) ** dims * each, each


def check_work(game: Game[Any], corner: Any, upto: int, dims: int, fmt: str) -> None:
    """Refuse a table whose work is past :data:`WORK_BUDGET` before it starts, saying how
    far ``--upto`` may go (a smaller table's positions cost what these do, or less)."""
    work, each = work_of(game, corner, upto, dims, fmt)
    if work <= WORK_BUDGET:
        return
    side = round((WORK_BUDGET // each) ** (1 / dims))  # positions along each coordinate
    while side > 1 and side**dims * each > WORK_BUDGET:
        side -= 1
    said = seconds(work)
    raise UsageError("cli.errors.table_slow", seconds=said, most=f"{max(side, 1) - 1:,}")
