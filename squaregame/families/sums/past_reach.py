"""A sum of several kinds read without building a pile's table that would hold no Grundy
value, until the sum is found answered without it.

A Squares pile of 10^7 has no Grundy value in any table at hand, nor in one built on demand
(:meth:`squaregame.core.piles.pile.Pile.grundy_past_reach`, with its proof). Beside a queen
(``squares:10000000 wythoff:3,5``) the sum needs that value, and is refused; before, the
pile's table was built first (5 s; 10^8: a minute), only to be refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.families.sums.units import Unit, Values

if TYPE_CHECKING:
    from squaregame.core.game import Progress

Flat = tuple[int, ...]


class MixedSumGame(Protocol):
    """What is asked of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    @property
    def misere(self) -> bool: ...
    def lone(self, parts: Sequence[Any]) -> int | None: ...
    def join(self, parts: Sequence[Any]) -> Flat: ...
    def check_answered(self, pos: Flat) -> None: ...


def parse_parts(
    game: MixedSumGame, split: Sequence[Values], progress: Progress | None = None
) -> Flat:
    """The sum's position from each part's numbers (``split``), checked by
    ``game.check_answered``. In normal play a pile past reach is read without its table,
    the sum checked (``grundy_values`` asks past reach before any value, so the check
    builds nothing for it), and its table built only then: refused, nothing was built;
    answered by the search or as a sum of piles, it is built as before, with progress. A
    lone part is answered from its own table: built first, with the others', as always."""
    units = list(enumerate(zip(game.units, split, strict=True)))
    late = {i for i, (u, v) in units if not game.misere and u.grundy_past_reach(v)}
    parts = [u.from_values(v) if i in late else u.parse(v, progress) for i, (u, v) in units]
    checked = bool(late) and game.lone(parts) is None
    if checked:
        game.check_answered(game.join(parts))
    for i in sorted(late):
        parts[i] = game.units[i].parse(split[i], progress)
    pos = game.join(parts)
    if not checked:
        game.check_answered(pos)
    return pos
