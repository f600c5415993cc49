"""Entry point: ``squaregame`` (the app) and its subcommands."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from squaregame import __version__
from squaregame.cli import analyze, bench, build_tables, lesson, play, table
from squaregame.cli.common import Parser
from squaregame.core.types import GameError


def make_parser() -> Parser:
    parser = Parser(
        prog="squaregame",
        description="Impartial combinatorial games against a perfect opponent. "
        "With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"squaregame {__version__}")
    parser.add_argument("--lang", metavar="L", help="language of the app and lessons: en or ru")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=Parser)
    play.add_parser(sub)
    lesson.add_parser(sub)
    analyze.add_parser(sub)
    table.add_parser(sub)
    build_tables.add_parser(sub)
    bench.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "run", None)
    try:
        if run is None:
            return play.run_menu(lesson.check_lang(args.lang))
        return int(run(args))
    except GameError as exc:
        print(f"squaregame: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("squaregame: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
