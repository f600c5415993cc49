"""Sums the new-game dialog offers ready made: the rules are data, the names words
(``sums.presets.<name>`` in the catalogs)."""

from __future__ import annotations

from squaregame.core.game import GameKind
from squaregame.core.rules import parse_rule
from squaregame.core.spec import GameSpec

PRESETS: tuple[tuple[str, tuple[int, ...], tuple[str, ...]], ...] = (
    ("three_squares", (5, 7, 10), ("squares",)),
    ("two_sets", (15, 15), ("1,3,7,8", "1,2,3,4")),
    ("nim", (3, 5, 7), ("nim",)),
    ("mixed", (20, 30, 12), ("squares", "squares", "nim")),
    ("cubes_twos", (30, 20), ("cubes", "powers-of-two")),
    ("four_squares", (50, 47, 44, 41), ("squares",)),
    ("set_257", (30, 40), ("2,5,7",)),
)


def presets(kind: GameKind) -> tuple[tuple[str, GameSpec], ...]:
    """(catalog key of the name, the game) for each preset."""
    return tuple(
        (f"sums.presets.{name}", GameSpec(kind, tuple(map(parse_rule, rules)), position=piles))
        for name, piles, rules in PRESETS
    )
