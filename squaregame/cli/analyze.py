"""``squaregame analyze GAME POSITION...``: the value of a position and of every move."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    StderrProgress,
    add_game_argument,
    add_game_options,
    spec_from_args,
)
from squaregame.cli.move_ranges import summary_lines
from squaregame.cli.options import SEED, add_option, read_optional, read_position
from squaregame.core.ai import perfect_choice
from squaregame.core.game import Game
from squaregame.core.tables import Tables
from squaregame.core.types import Analysis, PositionInfo
from squaregame.text import tr
from squaregame.text.games import (
    describe_move,
    move_column,
    position_text,
    remoteness_span,
    title,
    verdict_line,
)

if TYPE_CHECKING:
    from squaregame.core.piles.periodic import Periodicity


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "analyze",
        help=help_text("analyze"),
        description="Print the outcome, remoteness and Grundy value of a position, every move "
        "with the value it leads to, and the perfect opponent's choice.",
    )
    add_game_argument(p)
    p.add_argument("position", metavar="POSITION", nargs="+", help=tr("games.params.position.help"))
    add_game_options(p)
    add_option(p, SEED, help="make the opponent's choice reproducible")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def progress_for(game: Game[Any], *, quiet: bool = False) -> StderrProgress:
    """The build's progress on stderr (``quiet``: none, as under ``--json``)."""
    return StderrProgress(tr("games.cli.building", title=title(game)), quiet=quiet)


def remoteness_words(info: PositionInfo) -> str:
    """``7``; beyond the exact budget ``between 49 and 57 (proven bounds)`` or ``at least 49``."""
    if info.remoteness_exact:
        return str(info.remoteness)
    if info.upper is None:
        return f"at least {info.remoteness_lower} (proven bound)"
    return f"between {info.remoteness_lower} and {info.upper} (proven bounds)"


def grundy_text(game: Game[Any], a: Analysis[Any]) -> str:
    """The Grundy value; "—" where there is none (misère); why, where none is computed."""
    if a.info.grundy is not None:
        return str(a.info.grundy)
    known = game.grundy_known_upto(a.position)
    return "—" if known is None else f"not computed beyond {known:,}"


def periodicity_lines(found: Periodicity) -> list[str]:
    """``periods`` lines of the text output: Grundy values, outcomes and remoteness apart."""
    lines: list[str] = []

    def add(text: str) -> None:
        lines.append(f"  {'periods' if not lines else '':<12}{text}")

    g, o, rp = found.grundy, found.outcomes, found.remoteness
    if g is not None:
        add(f"Grundy values repeat every {g.length} from {g.start} (proven)")
    if o is not None and (g is None or (o.start, o.length) != (g.start, g.length)):
        add(f"outcomes repeat every {o.length} from {o.start} (proven)")
    if rp is not None:
        shifts = " or ".join(f"+{c}" for c in rp.distinct_shifts)
        by = f" (by n mod {rp.length})" if len(rp.distinct_shifts) > 1 else ""
        add(f"remoteness: rem(n+{rp.length}) = rem(n) {shifts}{by} for n ≥ {rp.start} (proven)")
    elif found.remoteness_tabled:
        add(
            f"remoteness: no period proven in the {found.computed:,} positions computed; "
            "exact below, bounds beyond"
        )
    return lines


def render_text(game: Game[Any], a: Analysis[Any], ai_move: Any) -> str:
    info = a.info

    def fmt(pos: Any) -> str:
        return position_text(game, pos)

    lines = [
        f"{title(game)}: position {fmt(a.position)}",
        f"  outcome     {info.outcome.symbol} {info.outcome.value}",
        f"  remoteness  {remoteness_words(info)}",
        f"  grundy      {grundy_text(game, a)}",
    ]
    found = game.periodicity()
    if found is not None:
        lines.extend(periodicity_lines(found))
    if a.moves:
        lines.append("")
        labels = {m.to: move_column(game, a.position, m.to) for m in a.moves}
        wide = max(24, *(len(t) for t in labels.values()))  # long labels push the columns
        to_wide = max(14, *(len(fmt(m.to)) for m in a.moves))
        lines.append(f"  {'move':<{wide}} {'to':>{to_wide}}  value for the opponent")
        span = max(4, *(len(remoteness_span(m.info)) for m in a.moves))
        for m in a.moves:
            mark = "✓ wins " if m.wins else "✗ loses"
            o = m.info.outcome
            lines.append(
                f"  {labels[m.to]:<{wide}} {fmt(m.to):>{to_wide}}  "
                f"{o.symbol} {o.value:<4} in {remoteness_span(m.info):<{span}} {mark}"
            )
        lines += summary_lines(game, a)  # the moves not listed, past the cap
        lines.append("")
        lines.append(f"  opponent would play: {describe_move(game, a.position, ai_move)}")
    lines.append(verdict_line(game, a, "analysis", chosen=ai_move))  # the same move named
    return "\n".join(lines)


def run(args: argparse.Namespace, tables: Tables) -> int:
    seed = read_optional(SEED, args.seed)
    spec = spec_from_args(args, read_position(args.game, args.position))
    game = spec.build(tables)
    progress = progress_for(game, quiet=args.json)
    pos = spec.start(game, progress=progress)
    game.prepare(pos, progress)
    a = game.analyze(pos)
    ai_move = perfect_choice(a, seed)  # without --seed the first best move, as the API's
    if args.json:  # the Python API's object, made of this run's game and analysis
        from squaregame.api.positions import Position  # (only here: the text needs no API)

        print(Position.of(game, pos, analysis=a).to_json(seed=seed))
    else:
        print(render_text(game, a, ai_move))
    return 0
