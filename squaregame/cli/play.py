"""``squaregame play squares ...``: open a game directly; no command opens the menu."""

from __future__ import annotations

import argparse
from typing import Any

from squaregame.cli.common import UsageError, parse_int
from squaregame.core.ai import LEVELS
from squaregame.core.games import PileGame, WythoffGame
from squaregame.core.rules import SQUARES


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="open a game directly",
        description="Open a game in the app. (Sums arrive in a later version.)",
    )
    p.add_argument(
        "game", metavar="GAME", choices=["squares", "wythoff"], help="squares or wythoff"
    )
    p.add_argument(
        "--start",
        metavar="N",
        nargs="+",
        help="start: N for squares, X Y for wythoff (default: random)",
    )
    p.add_argument("--misere", action="store_true", help="misère play: the last mover loses")
    p.add_argument("--first", choices=["you", "ai"], default="you", help="who moves first")
    p.add_argument("--level", choices=list(LEVELS), default=None, help="opponent strength")
    p.add_argument("--hints", action="store_true", help="start with hints on")
    p.add_argument("--seed", metavar="N", help="reproducible random choices")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from squaregame.ui.app import StartRequest, run_app  # textual only when playing

    start: Any = None
    if args.start is not None:
        values = [parse_int(v, "--start") for v in args.start]
        if args.game == "wythoff":
            if len(values) != 2:
                raise UsageError("wythoff takes --start X Y")
            start = WythoffGame(args.misere).parse_position(values)
        else:
            if len(values) != 1:
                raise UsageError("squares takes --start N")
            start = PileGame(SQUARES, args.misere).parse_position(values)
    seed = None if args.seed is None else parse_int(args.seed, "--seed")
    if seed is not None and not 0 <= seed < 2**63:
        raise UsageError("--seed must be between 0 and 2^63")
    request = StartRequest(
        game=args.game,
        start=start,
        misere=args.misere,
        human_first=args.first == "you",
        level=args.level,
        hints=args.hints,
        seed=seed,
    )
    return run_app(request)


def run_menu() -> int:
    from squaregame.ui.app import run_app

    return run_app(None)
