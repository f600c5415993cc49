"""``squaregame play GAME ...``: open a game directly; no command opens the menu."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.common import UsageError, parse_int, parse_rules
from squaregame.core.ai import LEVELS
from squaregame.core.games import MAX_PILES, PileGame, SumGame, WythoffGame
from squaregame.core.rules import SQUARES

if TYPE_CHECKING:
    from squaregame.ui.app import StartRequest


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="open a game directly",
        description="Open a game in the app: 'play squares --start 75', "
        "'play wythoff --start 7 9', 'play sum 5 7 10 --rule 1,3,7,8'.",
    )
    p.add_argument("game", metavar="GAME", choices=["squares", "wythoff", "sum"])
    p.add_argument("piles", metavar="PILE", nargs="*", help="for sum: the pile sizes")
    p.add_argument(
        "--start", metavar="N", nargs="+", help="N for squares, X Y for wythoff (default: random)"
    )
    p.add_argument(
        "--rule", action="append", metavar="R", help="for sum: once for all piles or once per pile"
    )
    p.add_argument("--misere", action="store_true", help="misère play: the last mover loses")
    p.add_argument("--first", choices=["you", "ai"], default="you", help="who moves first")
    p.add_argument("--level", choices=list(LEVELS), default=None, help="opponent strength")
    p.add_argument("--hints", action="store_true", help="start with hints on")
    p.add_argument(
        "--players",
        choices=["solo", "class", "teams"],
        default="solo",
        help="solo: you vs the computer; class: the class vs the computer, hints on; "
        "teams: two players or teams at one screen, hints on",
    )
    p.add_argument("--seed", metavar="N", help="reproducible random choices")
    p.set_defaults(run=run)


def build_request(args: argparse.Namespace) -> StartRequest:
    """Check everything the user typed; a UsageError or GameError says what is wrong."""
    from squaregame.ui.app import StartRequest

    start: Any = None
    rules: tuple[Any, ...] = ()
    values = [parse_int(v, "--start") for v in (args.start or [])]
    piles = [parse_int(v, "pile") for v in args.piles]
    if args.game == "sum":
        if values:
            raise UsageError("for sum, give the piles after the game: play sum 5 7 10")
        if not piles:
            raise UsageError("give the pile sizes: play sum 5 7 10")
        if len(piles) > MAX_PILES:
            raise UsageError(f"a sum has at most {MAX_PILES} piles")
        given = parse_rules(args.rule)
        if len(given) not in (0, 1, len(piles)):
            raise UsageError(f"give --rule once for all piles or once per pile ({len(piles)})")
        rules = tuple(given * len(piles) if len(given) == 1 else given or [SQUARES] * len(piles))
        start = SumGame(rules, args.misere).parse_position(piles)
    else:
        if args.rule:
            raise UsageError(f"{args.game} takes no --rule")
        values = values or piles
        if args.game == "wythoff" and values:
            if len(values) != 2:
                raise UsageError("wythoff takes --start X Y")
            start = WythoffGame(args.misere).parse_position(values)
        elif values:
            if len(values) != 1:
                raise UsageError("squares takes --start N")
            start = PileGame(SQUARES, args.misere).parse_position(values)
    seed = None if args.seed is None else parse_int(args.seed, "--seed")
    if seed is not None and not 0 <= seed < 2**63:
        raise UsageError("--seed must be between 0 and 2^63")
    return StartRequest(
        game=args.game,
        start=start,
        misere=args.misere,
        human_first=args.first == "you",
        level=args.level,
        hints=args.hints or args.players != "solo",
        seed=seed,
        rules=rules,
        two_humans=args.players == "teams",
    )


def run(args: argparse.Namespace) -> int:
    from squaregame.cli.lesson import check_lang
    from squaregame.ui.app import run_app  # textual only when playing

    return run_app(build_request(args), lang=check_lang(args.lang))


def run_menu(lang: str | None = None) -> int:
    from squaregame.ui.app import run_app

    return run_app(None, lang=lang)
