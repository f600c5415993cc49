"""``squaregame play squares ...``: open a game directly; no command opens the menu."""

from __future__ import annotations

import argparse
from typing import Any

from squaregame.cli.common import UsageError, parse_int
from squaregame.core.ai import LEVELS
from squaregame.core.games import PileGame
from squaregame.core.rules import SQUARES


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="open a game directly",
        description="Open a game in the app. (Wythoff and sums arrive in later versions.)",
    )
    p.add_argument("game", metavar="GAME", choices=["squares"], help="squares")
    p.add_argument("--start", metavar="N", help="start number (default: random)")
    p.add_argument("--misere", action="store_true", help="misère play: the last mover loses")
    p.add_argument("--first", choices=["you", "ai"], default="you", help="who moves first")
    p.add_argument("--level", choices=list(LEVELS), default=None, help="opponent strength")
    p.add_argument("--hints", action="store_true", help="start with hints on")
    p.add_argument("--seed", metavar="N", help="reproducible random choices")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from squaregame.ui.app import StartRequest, run_app  # textual only when playing

    start = None
    if args.start is not None:
        start = parse_int(args.start, "--start")
        PileGame(SQUARES, args.misere).parse_position([start])
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
