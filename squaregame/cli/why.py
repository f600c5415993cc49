"""``squaregame why GAME POSITION...``: the proof that a position is hot or cold, as text
or a Markdown handout (:mod:`squaregame.core.why`, :mod:`squaregame.play.why_text`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from squaregame.cli.analyze import progress_for
from squaregame.cli.build_tables import check_output
from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    StderrProgress,
    UsageError,
    add_game_argument,
    add_game_options,
    check_lang,
)
from squaregame.cli.options import add_option, number, read_option, spec_at
from squaregame.core.files.atomic import write_atomic
from squaregame.core.tables import Tables
from squaregame.core.why import (
    DEFAULT_DEPTH,
    DEFAULT_LINES,
    DEFAULT_MOVES,
    MAX_DEPTH,
    MAX_LINES,
    MAX_MOVES,
    WhyTree,
    check_budget,
    lines_within,
    outline,
)
from squaregame.play.why_text import render_markdown, render_text
from squaregame.text import Catalog, language, set_language, tr

# The budget's own options: read here, their ranges said by check_budget (why.errors.*).
DEPTH = number("depth", "--depth", metavar="D")
MOVES = number("moves", "--moves", metavar="M")
MAX_LINES_OPTION = number("max_lines", "--max-lines")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "why",
        help=help_text("why"),
        description=tr("cli.help.why_description"),
    )
    add_game_argument(p)
    p.add_argument("position", metavar="POSITION", nargs="+", help=tr("games.params.position.help"))
    add_game_options(p)
    add_option(
        p,
        DEPTH,
        default=str(DEFAULT_DEPTH),
        help=tr("cli.help.depth", low=0, high=MAX_DEPTH, default=DEFAULT_DEPTH),
    )
    add_option(
        p,
        MOVES,
        default=str(DEFAULT_MOVES),
        help=tr("cli.help.moves", low=1, high=MAX_MOVES, default=DEFAULT_MOVES),
    )
    add_option(
        p,
        MAX_LINES_OPTION,
        default=str(DEFAULT_LINES),
        help=tr("cli.help.max_lines", low=1, high=MAX_LINES, default=DEFAULT_LINES),
    )
    p.add_argument("--markdown", action="store_true", help=tr("cli.help.markdown"))
    p.add_argument("--out", metavar="FILE", help=tr("cli.help.out"))
    p.add_argument("--force", action="store_true", help=tr("cli.help.force"))
    p.set_defaults(run=run)


def check_out(path: Path, force: bool) -> None:
    """``--out``: a file that can be written, and not one already there unless ``force``."""

    check_output(path, "--out")
    if path.exists() and not force:
        raise UsageError("why.errors.exists", path=str(path))


def run(args: argparse.Namespace, tables: Tables) -> int:
    catalog = Catalog(set_language(check_lang(args.lang) or language()))  # its errors too
    depth = read_option(DEPTH, args.depth)
    moves = read_option(MOVES, args.moves)
    max_lines = read_option(MAX_LINES_OPTION, args.max_lines)
    check_budget(depth, moves, max_lines)  # before any work
    out = None if args.out in (None, "-") else Path(args.out)  # ``-``: standard output
    if out is not None:
        check_out(out, args.force)
    spec = spec_at(args, args.position)
    game = spec.build(tables)
    progress = progress_for(game)
    pos = spec.start(game, progress=progress)
    lines_within(game, pos)  # refused before any search when not even the first line fits
    game.prepare(pos, progress)
    working = StderrProgress(catalog("why.cli.working"))  # said only if it takes a while
    lines = outline(WhyTree(game, pos, moves_per_node=moves), depth, max_lines, working)
    render = render_markdown if args.markdown else render_text
    text = render(game, lines, catalog)
    if out is None:
        print(text, end="")
        return 0

    write_atomic(out, text.encode())
    print(catalog("why.cli.written", path=str(out)))
    return 0
