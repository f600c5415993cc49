"""Games for tests, built as the program builds them (through the families' registry)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from squaregame.core.game import Game
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import Rule, parse_rule
from squaregame.core.spec import GameSpec
from squaregame.core.sums.solver import SumSolver
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.families.pile.game import PileGame
from squaregame.families.pile.kinds import kind_for
from squaregame.families.sums.game import SumGame
from squaregame.families.sums.kind import SUM
from squaregame.families.wythoff.game import WythoffGame
from squaregame.families.wythoff.kind import WYTHOFF

KINDS = GAMES.kinds


def tables_of(tables: Tables | TableStore | None = None, solver: SumSolver | None = None) -> Tables:
    """``tables``; a bare store (and a solver) in tables of their own; nothing: new tables."""
    if isinstance(tables, Tables):
        return tables
    parts: dict[str, Any] = {}
    if tables is not None:
        parts["piles"] = tables
    if solver is not None:
        parts["sums"] = solver
    return Tables(**parts)


def _rule(rule: Rule | str) -> Rule:
    return parse_rule(rule) if isinstance(rule, str) else rule


def make_spec(
    game: str, rules: Sequence[str] = (), misere: bool = False, position: Any = None
) -> GameSpec:
    """The spec of the game called ``game`` with the rules named (as ``GameSpec`` was made
    from names before specs held their kinds and rules)."""
    return KINDS.spec(game, tuple(str(r) for r in rules), misere, position)


def make_game(
    name: str, rules: Sequence[str] = (), misere: bool = False, tables: Tables | None = None
) -> Game[Any]:
    return make_spec(name, rules, misere).build(tables or Tables())


def pile_game(
    rule: Rule | str,
    misere: bool = False,
    tables: Tables | TableStore | None = None,
    *,
    store: TableStore | None = None,
) -> PileGame:
    """One pile under ``rule`` (its own kind, or Subtraction's)."""
    r = _rule(rule)
    built = GameSpec(kind_for(r), (r,), misere).build(tables_of(tables or store))
    assert isinstance(built, PileGame)
    return built


def sum_game(
    rules: Sequence[Rule | str],
    misere: bool = False,
    tables: Tables | TableStore | None = None,
    solver: SumSolver | None = None,
    *,
    store: TableStore | None = None,
) -> SumGame:
    """A sum of piles, one rule each (``solver``: a solver of its own: nothing solved yet)."""
    given = tuple(_rule(r) for r in rules)
    if isinstance(tables, Tables):
        t = tables if solver is None else tables_of(TableStore.of(tables), solver)
    else:
        t = tables_of(tables or store, solver)
    built = GameSpec(SUM, given, misere).build(t)
    assert isinstance(built, SumGame)
    return built


def wythoff_game(misere: bool = False, tables: Tables | None = None) -> WythoffGame:
    built = GameSpec(WYTHOFF, (), misere).build(tables or Tables())
    assert isinstance(built, WythoffGame)
    return built
