"""``squaregame play GAME ...``: open a game directly; no command opens the menu."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    StderrProgress,
    UsageError,
    add_game_options,
    check_lang,
    spec_from_args,
)
from squaregame.cli.options import SEED, add_option, read_optional, read_position, spec_at, usage
from squaregame.core.ai import LEVELS
from squaregame.core.errors import GameError
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.play.settings import DEMO_SPEED
from squaregame.play.setup import check_playable
from squaregame.play.sides import (
    COLORS,
    DEFAULT_COLORS,
    PLAYERS,
    parse_colors,
    parse_names,
    parse_speed,
)
from squaregame.text import tr
from squaregame.text.games import title
from squaregame.textmode.wanted import text_wanted
from squaregame.ui.start import StartRequest

if TYPE_CHECKING:
    from squaregame.ui.start import StartRequest


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help=help_text("play"),
        description=tr("cli.help.play_description"),
    )
    kinds = GAMES.kinds
    names = [n for kind in kinds for n in kind.names]
    p.add_argument("game", metavar="GAME", choices=names, help=" · ".join(kinds.keys()))
    after = [k.position_param for k in kinds if not k.position_param.flag]  # play sum 5 7 10
    p.add_argument(
        "piles",
        metavar=after[0].metavar if after else "N",
        nargs="*",
        help=" · ".join(dict.fromkeys(tr(p.help_key) for p in after)),
    )
    p.add_argument(
        "--start",
        metavar="N",
        nargs="+",
        help=" · ".join(
            dict.fromkeys(tr(k.position_param.help_key) for k in kinds if k.position_param.flag)
        ),
    )
    add_game_options(p)
    p.add_argument("--first", choices=["you", "ai"], default="you", help=tr("cli.help.first"))
    p.add_argument("--level", choices=list(LEVELS), default=None, help=tr("cli.help.level"))
    p.add_argument(
        "--hints",
        action="store_true",
        help=tr("cli.help.hints"),
    )
    p.add_argument(
        "--players",
        choices=list(PLAYERS),
        default="solo",
        help=tr("cli.help.players"),
    )
    p.add_argument(
        "--names",
        metavar="A,B",
        help=tr("cli.help.names"),
    )
    p.add_argument(
        "--colors",
        metavar="A,B",
        help=tr("cli.help.colors", colors=",".join(COLORS), default=",".join(DEFAULT_COLORS)),
    )
    p.add_argument(
        "--speed",
        metavar="SECONDS",
        help=tr("cli.help.speed", default=DEMO_SPEED),
    )
    add_option(p, SEED, help=tr("cli.help.seed_random"))
    p.add_argument("--text", action="store_true", help=tr("textmode.cli.text"))
    p.set_defaults(run=run)


def build_request(args: argparse.Namespace, tables: Tables | None = None) -> StartRequest:
    """Check everything the user typed; a UsageError or GameError says what is wrong."""

    kind = GAMES.kinds.find(args.game)
    param = kind.position_param
    given = read_position(args.game, args.start or [], "--start")
    named = any(":" in w for w in args.piles or ())  # a sum's parts: squares:10 wythoff:3,5
    piles = read_position(args.game, args.piles) if not named else ()
    what = tr(param.what_key)
    if param.flag is None:  # the position follows the game's name: play sum 5 7 10
        if given:
            raise UsageError(
                "errors.play_position_after_game", game=kind.key, what=what, example=param.example
            )
        if not piles and not named:
            raise UsageError(
                "errors.play_needs_position", game=kind.key, what=what, example=param.example
            )
        values = piles
    else:
        values = given or piles
    if named:
        spec = spec_at(args, args.piles)
    else:
        spec = spec_from_args(args, values or None, position_flag=param.flag)
    start = None
    if spec.position is not None:
        game = spec.build(tables or Tables())
        # a table to build (Squares to 10^8 takes a while): a progress bar before the app
        building = StderrProgress(tr("games.cli.building", title=title(game)))
        start = spec.start(game, progress=building)
        building.close()
        check_playable(game, start)  # no game that is over before it begins
    names = () if args.names is None else _checked(parse_names, args.names, args.players)
    colors = () if args.colors is None else _checked(parse_colors, args.colors, args.players)
    if args.speed is not None and args.players != "demo":
        raise UsageError("ui_teach.errors.speed_demo")
    speed = DEMO_SPEED if args.speed is None else _checked(parse_speed, args.speed)
    seed = read_optional(SEED, args.seed)
    return StartRequest(
        game=spec.kind.key,
        start=start,
        misere=spec.misere,
        human_first=args.first == "you",
        level=args.level,
        hints=args.hints,
        seed=seed,
        rules=spec.rules,
        two_humans=args.players == "teams",
        players=args.players,
        names=names,
        colors=colors,
        speed=speed,
    )


def _checked(parse: Any, *args: Any) -> Any:
    """A typed value read by ``parse``; what is wrong said as a usage error (exit 2)."""
    try:
        return parse(*args)
    except GameError as exc:
        raise usage(exc) from None


def run(args: argparse.Namespace, tables: Tables) -> int:
    request = build_request(args, tables)
    if args.text or text_wanted():  # asked for, or no terminal to draw the app on
        from squaregame.textmode.run import play_text  # (text mode only when asked for)

        return play_text(request, GAMES.kinds, tables)
    from squaregame.ui.app import run_app  # textual only when playing

    return run_app(GAMES, request, lang=check_lang(args.lang))


def run_menu(lang: str | None = None, text: bool = False) -> int:
    if text or text_wanted():
        from squaregame.textmode.run import menu_text  # (text mode only when asked for)

        return menu_text(GAMES)
    from squaregame.ui.app import run_app  # (textual only when the app opens)

    return run_app(GAMES, None, lang=lang)
