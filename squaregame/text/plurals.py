"""CLDR plural categories for integer counts, for the languages squaregame speaks.

From the Unicode CLDR plural rules (``plurals.xml``), integer operands only:

* English: ``one`` for 1, else ``other``.
* Russian: ``one`` when n mod 10 = 1 and n mod 100 ≠ 11; ``few`` when n mod 10 ∈ 2..4 and
  n mod 100 ∉ 12..14; ``many`` otherwise (1 ход, 2 хода, 5 ходов, 11 ходов, 21 ход).
* Spanish: ``one`` for 1; ``many`` for non-zero multiples of 1,000,000 (un millón de
  jugadas); else ``other``.

A catalog entry need not give every category: ``other`` is the fallback.
"""

from __future__ import annotations

from collections.abc import Callable


def _english(n: int) -> str:
    return "one" if n == 1 else "other"


def _russian(n: int) -> str:
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _spanish(n: int) -> str:
    n = abs(n)
    if n == 1:
        return "one"
    if n != 0 and n % 1_000_000 == 0:
        return "many"
    return "other"


RULES: dict[str, Callable[[int], str]] = {"en": _english, "ru": _russian, "es": _spanish}


def category(lang: str, n: int) -> str:
    """The CLDR plural category of the integer ``n`` in ``lang`` (English rules if unknown)."""
    return RULES.get(lang, _english)(n)
