"""Which pins a move knocks down: what the rows' pictures mark for the chosen move and, with
hints, for the winning ones (the game's own screen, a part of a sum, the projector).

A move takes ``count`` pins of one row starting at ``first`` (a split leaves the smaller
part on the left, as a split is written smaller first); a split without taking (Grundy's
game) is a cut before pin ``first``, ``count`` 0."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from squaregame.core.errors import GameError


@dataclass(frozen=True)
class Aim:
    """What one move does to its row: ``row`` (0-based), the pins it takes (``first`` and
    ``count``; a split without taking: ``count`` 0 and a cut before pin ``first``)."""

    row: int
    first: int
    count: int


Pin = tuple[int, int]  # (row, pin), both 0-based


def aim_of(game: Any, pos: Any, to: Any) -> Aim | None:
    """The pins the move from ``pos`` to ``to`` knocks down (None: no move of the rows)."""
    try:
        move = game.move(pos, to)
    except (GameError, ValueError, IndexError):
        return None
    parts: tuple[int, ...] = tuple(move.parts or ())
    row, taken = move.pile or 0, move.amount or 0
    if len(parts) == 2:
        return Aim(row, parts[0], taken)  # after the left part (a cut: before its first)
    return Aim(row, game.sizes(pos)[row] - taken, taken)  # from the end of the row


def aim_pins(aim: Aim) -> set[Pin]:
    """The pins an aim knocks down (a cut: the pin after it)."""
    if aim.count == 0:
        return {(aim.row, aim.first)}
    return {(aim.row, k) for k in range(aim.first, aim.first + aim.count)}


def mirrored(aim: Aim, size: int) -> Aim:
    """The same move made from the row's other end (it leaves the same rows): the pins
    ``size - first - count`` … , a cut before pin ``size - first``."""
    return Aim(aim.row, size - aim.first - aim.count, aim.count)


def pins_of(game: Any, pos: Any, to: Any) -> set[Pin]:
    """Every pin a move to ``to`` may knock down: from either end of its row (a row is the
    same game read from either end, so taking 2 from the end and from the start are one
    move)."""
    aim = aim_of(game, pos, to)
    if aim is None:
        return set()
    return aim_pins(aim) | aim_pins(mirrored(aim, game.sizes(pos)[aim.row]))


def aims_of(game: Any, pos: Any, targets: Iterable[Any]) -> tuple[Aim, ...]:
    """Each move to ``targets`` as the pins it knocks down (the winning moves, with hints),
    each once: as it is written (a split, smaller part first), not also mirrored."""
    found = (aim_of(game, pos, to) for to in targets)
    return tuple(dict.fromkeys(aim for aim in found if aim is not None))


def first_aimed(game: Any, pos: Any, targets: Iterable[Any], pin: Pin) -> Any:
    """The first of ``targets`` whose move knocks ``pin`` down (None: none)."""
    return next((to for to in targets if pin in pins_of(game, pos, to)), None)
