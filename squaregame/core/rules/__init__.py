"""Rules for one pile: which amounts may be taken. A registry of the named rules.

Every module of this package that declares ``RULE = SomeRule()`` is found by itself
(``squares.py``, ``nim.py``, …) and listed once in :data:`RULES`,
ordered by the rules' ``order``. :func:`find_rule` looks a name up among the keys and
aliases; :func:`parse_rule` takes a name or a finite set such as ``1,3,7,8``
(:class:`SetRule`). Adding a rule takes its own module, its tests and its entries in
``assets/i18n/<lang>/rules.toml`` — nothing else: the rest of the package asks rules for
capabilities (:class:`Rule`), never which rule they are.
"""

from __future__ import annotations

import importlib
import pkgutil

from squaregame.core.errors import RuleError
from squaregame.core.rules.base import MAX_SET_MEMBER, MAX_SET_SIZE, Rule, Tabled
from squaregame.core.rules.finite import SetRule, parse_set
from squaregame.core.rules.nim import RULE as NIM
from squaregame.core.rules.nim import NimRule
from squaregame.core.rules.squares import RULE as SQUARES
from squaregame.core.rules.squares import SquaresRule

__all__ = [
    "MAX_SET_MEMBER",
    "MAX_SET_SIZE",
    "NIM",
    "RULES",
    "SQUARES",
    "NimRule",
    "Rule",
    "RuleError",
    "SetRule",
    "SquaresRule",
    "Tabled",
    "discover_rules",
    "find_rule",
    "parse_rule",
]


def discover_rules() -> tuple[Rule, ...]:
    """Every ``RULE`` declared by a module of this package, by ``order`` then key.

    Two rules answering to the same name are a programming error, refused here.
    """
    found: list[Rule] = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        rule = getattr(module, "RULE", None)
        if isinstance(rule, Rule):
            found.append(rule)
    names: dict[str, str] = {}
    for rule in found:
        for name in (rule.key, *rule.aliases):
            if name != name.lower() or names.setdefault(name, rule.key) != rule.key:
                raise RuntimeError(f"rule name {name!r} is taken twice or not lower-case")
    return tuple(sorted(found, key=lambda r: (r.order, r.key)))


RULES: tuple[Rule, ...] = discover_rules()


def find_rule(name: str) -> Rule | None:
    """The named rule whose key or alias is ``name`` (any case, spaces ignored), else None."""
    wanted = name.strip().lower()
    for rule in RULES:
        if wanted == rule.key or wanted in rule.aliases:
            return rule
    return None


def parse_rule(text: str) -> Rule:
    """A rule by name or alias (``squares``, ``sq``, ``nim``, …) or a finite set (``1,3,7,8``).

    Anything else is refused with a :class:`RuleError` (``rules.errors.*``) whose message
    can be shown to the user as it is.
    """
    named = find_rule(text)
    if named is not None:
        return named
    word = text.strip().lower().strip("{}[]() ")
    if word[:1].isalpha() and not any(c in word for c in ", "):  # a name, not amounts
        shown = word if len(word) <= 20 else word[:20] + "…"
        raise RuleError("rules.errors.unknown", name=shown, names=", ".join(r.key for r in RULES))
    return parse_set(text)
