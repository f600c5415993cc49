"""``squaregame analyze GAME POSITION...``: the value of a position and of every move."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import (
    StderrProgress,
    add_game_argument,
    add_game_options,
)
from squaregame.cli.move_ranges import summary_lines
from squaregame.cli.options import SEED, add_option, read_optional, spec_at
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
        description=tr("cli.help.analyze_description"),
    )
    add_game_argument(p)
    p.add_argument("position", metavar="POSITION", nargs="+", help=tr("games.params.position.help"))
    add_game_options(p)
    add_option(p, SEED, help=tr("cli.help.seed_choice"))
    p.add_argument("--json", action="store_true", help=tr("cli.help.json"))
    p.set_defaults(run=run)


def progress_for(game: Game[Any], *, quiet: bool = False) -> StderrProgress:
    """The build's progress on stderr (``quiet``: none, as under ``--json``)."""
    return StderrProgress(tr("games.cli.building", title=title(game)), quiet=quiet)


def outcome_word(info: PositionInfo) -> str:
    """``hot`` or ``cold`` in the current language."""
    return tr(f"records.outcome.{info.outcome.value}")


def remoteness_words(info: PositionInfo) -> str:
    """``7``; beyond the exact budget ``between 49 and 57 (proven bounds)`` or ``at least 49``."""
    if info.remoteness_exact:
        return str(info.remoteness)
    if info.upper is None:
        return tr("cli.said.analyze.at_least", lower=info.remoteness_lower)
    return tr("cli.said.analyze.between", lower=info.remoteness_lower, upper=info.upper)


def grundy_text(game: Game[Any], a: Analysis[Any]) -> str:
    """The Grundy value; "—" where there is none (misère); why, where none is computed."""
    if a.info.grundy is not None:
        return str(a.info.grundy)
    known = game.grundy_known_upto(a.position)
    return "—" if known is None else tr("cli.said.analyze.not_computed", known=f"{known:,}")


def periodicity_lines(found: Periodicity) -> list[str]:
    """``periods`` lines of the text output: Grundy values, outcomes and remoteness apart."""
    lines: list[str] = []

    def add(text: str) -> None:
        lines.append(f"  {tr('cli.said.analyze.periods') if not lines else '':<12}{text}")

    g, o, rp = found.grundy, found.outcomes, found.remoteness
    if g is not None:
        add(tr("cli.said.analyze.grundy_period", length=g.length, start=g.start))
    if o is not None and (g is None or (o.start, o.length) != (g.start, g.length)):
        add(tr("cli.said.analyze.outcome_period", length=o.length, start=o.start))
    if rp is not None:
        shifts = f" {tr('cli.said.or')} ".join(f"+{c}" for c in rp.distinct_shifts)
        by = tr("cli.said.analyze.by_mod", length=rp.length) if len(rp.distinct_shifts) > 1 else ""
        add(
            tr(
                "cli.said.analyze.remoteness_period",
                length=rp.length,
                shifts=shifts,
                by=by,
                start=rp.start,
            )
        )
    elif found.remoteness_tabled:
        add(tr("cli.said.analyze.no_period", computed=f"{found.computed:,}"))
    return lines


def render_text(game: Game[Any], a: Analysis[Any], ai_move: Any) -> str:
    info = a.info

    def fmt(pos: Any) -> str:
        return position_text(game, pos)

    said = {w: tr(f"cli.said.analyze.{w}") for w in ("outcome", "remoteness", "grundy", "genus")}
    wide_name = max(11, *(len(w) + 1 for w in said.values()))
    lines = [
        tr("cli.said.analyze.heading", title=title(game), position=fmt(a.position)),
        f"  {said['outcome']:<{wide_name}} {info.outcome.symbol} {outcome_word(info)}",
        f"  {said['remoteness']:<{wide_name}} {remoteness_words(info)}",
        f"  {said['grundy']:<{wide_name}} {grundy_text(game, a)}",
    ]
    genus = game.genus(a.position)  # misère sums: each pile's genus, Conway's notation
    if genus is not None:
        lines.append(f"  {said['genus']:<{wide_name}} {' + '.join(g.notation for g in genus)}")
    found = game.periodicity()
    if found is not None:
        lines.extend(periodicity_lines(found))
    quotient = game.misere_quotient()
    if quotient is not None:
        lines.append(f"  {tr('cli.said.analyze.quotient'):<{wide_name}} {quotient[1]}")
    if a.moves:
        lines.append("")
        labels = {m.to: move_column(game, a.position, m.to) for m in a.moves}
        wide = max(24, *(len(t) for t in labels.values()))  # long labels push the columns
        to_wide = max(14, *(len(fmt(m.to)) for m in a.moves))
        move, to = tr("cli.said.analyze.move"), tr("cli.said.analyze.to")
        value = tr("cli.said.analyze.value")
        lines.append(f"  {move:<{wide}} {to:>{to_wide}}  {value}")
        span = max(4, *(len(remoteness_span(m.info)) for m in a.moves))
        marks = {True: tr("cli.said.analyze.wins"), False: tr("cli.said.analyze.loses")}
        marked = max(len(m) for m in marks.values())
        words = {m.to: outcome_word(m.info) for m in a.moves}
        word_wide = max(4, *(len(w) for w in words.values()))
        in_word = tr("cli.said.analyze.in")
        for m in a.moves:
            o = m.info.outcome
            lines.append(
                f"  {labels[m.to]:<{wide}} {fmt(m.to):>{to_wide}}  "
                f"{o.symbol} {words[m.to]:<{word_wide}} {in_word} "
                f"{remoteness_span(m.info):<{span}} {marks[m.wins]:<{marked}}"
            )
        lines += summary_lines(game, a)  # the moves not listed, past the cap
        lines.append("")
        lines.append(
            "  " + tr("cli.said.analyze.opponent", move=describe_move(game, a.position, ai_move))
        )
    lines.append(verdict_line(game, a, "analysis", chosen=ai_move))  # the same move named
    return "\n".join(lines)


def run(args: argparse.Namespace, tables: Tables) -> int:
    seed = read_optional(SEED, args.seed)
    spec = spec_at(args, args.position)
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
