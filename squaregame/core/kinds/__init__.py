"""The game-kind registry: every kind of game, listed once.

Each kind (:class:`~squaregame.core.kinds.base.GameKind`) declares its key, its aliases,
its parameters, how its positions are written and read, how typed moves are checked, and
how it is built; its title is ``games.<key>.title`` in the catalogs. A one-pile kind is
derived for every infinite rule the rule registry offers (Squares, Nim, …), so a rule added
there is a game here with no further code. Nothing outside this package names a kind.
"""

from __future__ import annotations

from squaregame.core.errors import GameError, RuleError
from squaregame.core.kinds.base import GameKind, Notation, Param, ParamType
from squaregame.core.kinds.pile import RuleKind, SubtractionKind, rule_kinds
from squaregame.core.kinds.sums import SumKind, expand_rules
from squaregame.core.kinds.wythoff import WythoffKind
from squaregame.core.rules import Rule, parse_rule

__all__ = [
    "KINDS",
    "SUBTRACTION",
    "SUM",
    "WYTHOFF",
    "GameKind",
    "Notation",
    "Param",
    "ParamType",
    "expand_rules",
    "families",
    "find_kind",
    "kind_for_rule",
    "kind_names",
    "rule_named",
]

SUBTRACTION = SubtractionKind()
WYTHOFF = WythoffKind()
SUM = SumKind()
RULE_KINDS: tuple[RuleKind, ...] = tuple(rule_kinds())
KINDS: tuple[GameKind, ...] = (*RULE_KINDS, SUBTRACTION, WYTHOFF, SUM)


def families() -> dict[Notation, tuple[GameKind, ...]]:
    """The kinds grouped by how a position is written, in the registry's order: the one-pile
    games (Squares, Nim, …, Subtraction), Wythoff's queen, the sums. A menu lists one entry
    per family; its new-game dialog offers every kind of the family."""
    found: dict[Notation, list[GameKind]] = {}
    for kind in KINDS:
        found.setdefault(kind.notation, []).append(kind)
    return {notation: tuple(kinds) for notation, kinds in found.items()}


def kind_names() -> tuple[str, ...]:
    """The keys, in the registry's order (for messages and menus)."""
    return tuple(k.key for k in KINDS)


def find_kind(name: str) -> GameKind:
    """The kind called ``name`` (its key or an alias, any case); else a GameError listing all."""
    wanted = name.strip().lower()
    for kind in KINDS:
        if wanted in kind.names:
            return kind
    shown = name if len(name) <= 24 else name[:24] + "…"
    raise GameError("errors.unknown_game", name=shown, choices=", ".join(kind_names()))


def rule_named(text: str) -> Rule:
    """``parse_rule(text)``, or the rule of a one-pile kind called ``text``."""
    try:
        return parse_rule(text)
    except RuleError:
        wanted = text.strip().lower()
        for kind in RULE_KINDS:
            if wanted == kind.rule.key:
                return kind.rule
        raise


def kind_for_rule(rule: Rule) -> GameKind:
    """The one-pile kind of a game played with ``rule`` alone."""
    for kind in RULE_KINDS:
        if kind.rule == rule:
            return kind
    return SUBTRACTION
