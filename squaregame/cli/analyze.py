"""``squaregame analyze GAME POSITION...``: the value of a position and of every move."""

from __future__ import annotations

import argparse
import json
from typing import Any

from squaregame.cli.common import StderrProgress, UsageError, parse_ints, parse_rules
from squaregame.core.ai import Opponent
from squaregame.core.games import Game, PileGame, make_game
from squaregame.core.periodic import Period
from squaregame.core.rules import RULES
from squaregame.core.types import Analysis, MoveInfo, Outcome, PositionInfo

GAMES = ("squares", "subtraction", "nim", "wythoff", "sum")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "analyze",
        help="value of a position and of every move from it",
        description="Print the outcome, remoteness and Grundy value of a position, every move "
        "with the value it leads to, and the perfect opponent's choice.",
    )
    p.add_argument("game", metavar="GAME", help="squares, subtraction, nim, wythoff or sum")
    p.add_argument("position", metavar="POSITION", nargs="+", help="the number, X Y, or the piles")
    add_game_options(p)
    p.add_argument("--seed", type=int, default=None, help="make the opponent's choice reproducible")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--misere", action="store_true", help="misère play: the last mover loses")
    p.add_argument(
        "--rule",
        action="append",
        metavar="R",
        help=f"{', '.join(r.key for r in RULES)}, or a set such as 1,3,7,8 "
        "(for sum: once, or once per pile)",
    )


def build_game(args: argparse.Namespace, piles: int) -> Game[Any]:
    if args.game not in GAMES:
        raise UsageError(f"unknown game '{args.game}' (choose {', '.join(GAMES)})")
    game = make_game(args.game, parse_rules(args.rule), args.misere, piles)
    game.progress = StderrProgress(f"building the {game.title} table")
    return game


def info_json(info: PositionInfo) -> dict[str, Any]:
    return {"outcome": info.outcome.value, "remoteness": info.remoteness}


def analysis_json(game: Game[Any], a: Analysis[Any], ai_move: Any) -> dict[str, Any]:
    pj = game.position_json
    return {
        "game": game.kind,
        "misere": game.misere,
        "rule": game.rule_json(),
        "position": pj(a.position),
        "outcome": a.info.outcome.value,
        "remoteness": a.info.remoteness,
        "remoteness_exact": a.info.remoteness_exact,
        "grundy": a.info.grundy,
        "moves": [{"to": pj(m.to), **info_json(m.info)} for m in a.moves],
        "winning_moves": [pj(m.to) for m in a.winning_moves],
        "ai_move": None if ai_move is None else pj(ai_move),
    }


def _move_phrase(game: Game[Any], a: Analysis[Any], m: MoveInfo[Any]) -> str:
    return game.move_phrase(a.position, m.to)


def verdict(game: Game[Any], a: Analysis[Any]) -> str:
    """One line: who wins, in how many moves, and how."""
    info = a.info
    approx = "" if info.remoteness_exact else "about "
    if not a.moves:
        if info.outcome is Outcome.COLD:
            return "cold — no move is left: the player to move has lost"
        return "hot — no move is left: the player to move has won (the last mover lost)"
    best = a.best_moves()
    others = (
        f" (or {len(best) - 1} other{'s' if len(best) > 2 else ''} as good)"
        if len(best) > 1
        else ""
    )
    if info.outcome is Outcome.HOT:
        return (
            f"hot — the player to move wins in {approx}{info.remoteness}: "
            f"{_move_phrase(game, a, best[0])}{others}"
        )
    return (
        f"cold — the player to move loses in {approx}{info.remoteness} against perfect play; "
        f"best defence: {_move_phrase(game, a, best[0])}{others}"
    )


def render_text(game: Game[Any], a: Analysis[Any], ai_move: Any) -> str:
    info = a.info
    fmt = game.format_position
    lines = [
        f"{game.title}: position {fmt(a.position)}",
        f"  outcome     {info.outcome.symbol} {info.outcome.value}",
        f"  remoteness  {info.remoteness}{'' if info.remoteness_exact else ' (estimated)'}",
        f"  grundy      {'—' if info.grundy is None else info.grundy}",
    ]
    period = period_of(game)
    if period is not None:
        lines.append(f"  values      repeat after a {period.describe()}")
    if a.moves:
        lines.append("")
        lines.append(f"  {'move':<24} {'to':>14}  value for the opponent")
        for m in a.moves:
            mark = "✓ wins " if m.wins else "✗ loses"
            o = m.info.outcome
            lines.append(
                f"  {game.describe_move(a.position, m.to):<24} {fmt(m.to):>14}  "
                f"{o.symbol} {o.value:<4} in {m.info.remoteness:<4} {mark}"
            )
        lines.append("")
        lines.append(f"  opponent would play: {game.describe_move(a.position, ai_move)}")
    lines.append(verdict(game, a))
    return "\n".join(lines)


def period_of(game: Game[Any]) -> Period | None:
    """The eventual period of a one-pile finite subtraction game (None for other games)."""
    if isinstance(game, PileGame) and game.rule.is_finite:
        found = game.store.periodic(game.rule, game.misere)
        return None if found is None else found.period
    return None


def run(args: argparse.Namespace) -> int:
    values = parse_ints(args.position)
    game = build_game(args, piles=len(values))
    pos = game.parse_position(values)
    a = game.analyze(pos)
    ai_move = Opponent("perfect", seed=args.seed).choose(a)
    if args.json:
        doc = analysis_json(game, a, ai_move)
        period = period_of(game)
        if period is not None:
            doc["period"] = {
                "preperiod": period.start,
                "period": period.length,
                "shift": period.shift,
            }
        print(json.dumps(doc))
    else:
        print(render_text(game, a, ai_move))
    return 0
