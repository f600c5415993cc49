"""Sums refused for want of a Grundy value, told before any table is built.

A Squares pile of 10^7 has no Grundy value in any table at hand, nor in one built on demand
(:meth:`squaregame.core.piles.pile.Pile.grundy_past_reach`, with its proof). A sum that needs
that value is refused; before, the pile's table was built first (5 s; 10^8: a minute), on the
command line and behind the new-game dialog's busy screen, only to be refused. The
predicates here say so without building or listing anything, so the game can tell the
dialog "not slow to open" (it is refused at once, in the dialog) and skip the table;
:func:`parse_parts` reads such a pile without its table until the sum is found answered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.families.sums import mixed_search as search
from squaregame.families.sums.units import Unit, Values

if TYPE_CHECKING:
    from squaregame.core.game import Progress
    from squaregame.core.piles.pile import Pile
    from squaregame.core.rules.base import Rule


Flat = tuple[int, ...]


class SumGame(Protocol):
    """What is asked of a sum of piles (:class:`.game.SumGame`)."""

    @property
    def rules(self) -> Sequence[Rule]: ...
    @property
    def normal_piles(self) -> Sequence[Pile]: ...
    @property
    def nim_closed(self) -> bool: ...
    def lone_pile(self, pos: tuple[int, ...]) -> int | None: ...
    def exact_available(self, pos: tuple[int, ...]) -> bool: ...


class MixedSumGame(Protocol):
    """What is asked of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    @property
    def misere(self) -> bool: ...
    def lone(self, parts: Sequence[Any]) -> int | None: ...
    def covered(self, parts: Sequence[Any]) -> tuple[bool, int] | None: ...
    def join(self, parts: Sequence[Any]) -> Flat: ...
    def check_answered(self, pos: Flat) -> None: ...


def pile_past_reach(game: SumGame, pos: tuple[int, ...]) -> bool:
    """Has some pile of ``pos`` no Grundy value that any table would give (Nim: never)?"""
    piles = zip(game.rules, game.normal_piles, pos, strict=True)
    return any(not r.is_any_amount and p.grundy_past_reach(n) for r, p, n in piles)


def piles_refused(game: SumGame, pos: tuple[int, ...]) -> bool:
    """Would ``game.parse_position(pos)`` refuse it for want of a Grundy value, without
    building a table?

    Proof: with two piles or more that can move (no lone pile), not misère Nim's closed
    form and no search solved or within its budget, ``parse_position`` asks
    ``_check_bounded``, which needs every pile's normal value (``normal_values``); that
    asks :func:`pile_past_reach` before any pile's table, and a pile past reach has no value
    (its proof), so it refuses with ``sums.errors.grundy_unknown``, having built nothing."""
    return (
        not game.nim_closed
        and game.lone_pile(pos) is None
        and pile_past_reach(game, pos)
        and not game.exact_available(pos)
    )


def unit_past_reach(unit: Unit, part: Any) -> bool:
    """Normal play: has this part no Grundy value that any table would give?"""
    return unit.grundy_past_reach(unit.values(part))


def parts_refused(game: MixedSumGame, parts: tuple[Any, ...]) -> bool:
    """Would ``game.check_answered`` refuse ``parts`` for want of a Grundy value, without
    building a table or listing a part? (The piles left alone, as a sum of piles, are not
    asked here: ``dropped`` hands them to :func:`piles_refused`.)

    Proof: in normal play, with two parts or more that can move (no lone part), a part past
    reach too large to list makes the search's plan None (``search.listable`` is checked
    first, part by part), and no search made covers it (one would have listed it); so
    ``check_answered`` reaches ``grundy_values``, which asks :func:`unit_past_reach` of
    every part before any part's value, and refuses."""
    if game.misere or game.lone(parts) is not None:
        return False
    units = zip(game.units, parts, strict=True)
    unlisted = [not search.listable([u], [p]) for u, p in units if unit_past_reach(u, p)]
    return any(unlisted) and game.covered(parts) is None


def parse_parts(
    game: MixedSumGame, split: Sequence[Values], progress: Progress | None = None
) -> Flat:
    """The sum's position from each part's numbers (``split``), checked by
    ``game.check_answered``. A pile past reach (normal play) is read without its table, the
    sum checked, and its table built only then (refused, nothing was built; answered by the
    search or as a sum of piles, it is built as before). A lone part is answered from its
    own table: built first, with the others', as always."""
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
