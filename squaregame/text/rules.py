"""How rules read to people: ``rules.<key>.name`` / ``rules.<key>.label`` from the catalogs.

A named rule (squares, nim, …) has both entries in ``assets/i18n/<lang>/rules.toml``;
a finite set has neither and reads as its amounts, ``{1, 3, 7, 8}``, in every language.
"""

from __future__ import annotations

from squaregame.core.rules import Rule
from squaregame.text.catalog import Catalog
from squaregame.text.current import language


def _catalog(catalog: Catalog | None) -> Catalog:
    return catalog if catalog is not None else Catalog(language())


def rule_label(rule: Rule, catalog: Catalog | None = None) -> str:
    """E.g. ``squares {1, 4, 9, 16, …}``, ``nim (any amount)``, ``{1, 3, 7, 8}``."""
    cat = _catalog(catalog)
    key = f"rules.{rule.key}.label"
    return cat(key) if not rule.is_finite and cat.has(key) else rule.notation


def rule_name(rule: Rule, catalog: Catalog | None = None) -> str:
    """E.g. ``Squares``, ``Nim``; a finite set: ``Subtraction {1, 3, 7, 8}``."""
    cat = _catalog(catalog)
    key = f"rules.{rule.key}.name"
    if not rule.is_finite and cat.has(key):
        return cat(key)
    return cat("rules.finite.name", set=rule.notation)
