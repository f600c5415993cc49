"""The families of games, listed once.

Each family is a package of its own (:mod:`squaregame.families.base` says what it owns and how
the rest of the program knows it); :data:`GAMES` is the registry the command line, the app
and the public API hand to the layers below. A new family: its package, its catalog files,
and its line here (or, written outside the package, one call of :func:`register`).
"""

from __future__ import annotations

from squaregame.families import octal, pile, sums, wythoff
from squaregame.families.base import Family, Games

FAMILIES: tuple[Family, ...] = (pile.FAMILY, wythoff.FAMILY, sums.FAMILY, octal.FAMILY)
GAMES = Games(FAMILIES)


def register(family: Family) -> None:
    """Offer a family written outside this package (``Family.words``: its catalogs' folder)
    in this run: the menu, the command line, the API and sums then know it as any other."""
    GAMES.add(family)
