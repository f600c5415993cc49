"""Wythoff's queen beyond the boards (a square farther than ``WYTHOFF_AUTO_LIMIT`` from the
corner, up to :data:`~squaregame.families.wythoff.closed.BIG_LIMIT`): values and moves from
the closed form (:mod:`.closed`), never listed one by one — a queen at 10^12 has 3·10^12
moves.

Each of her three lines (left, down, diagonally: the order of the game's children) holds at
most one cold target (:func:`~.closed.cold_on_line`), and from a cold square the longest
defences the closed form proves (:func:`~.closed.delay_moves`). Those targets are runs of
their own, with their exact values; every other target of the line is hot, in a run valued
one by one (exactly, from the closed form) when it is listed. So the analysis lists every
winning move, and from a cold square a longest defence, in O(1) each.
"""

from __future__ import annotations

from collections.abc import Callable

from squaregame.core.moves import Run
from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.wythoff.closed import cold_children, delay_moves, value

Cell = tuple[int, int]


def info(x: int, y: int, misere: bool) -> PositionInfo:
    """Outcome and exact remoteness; the Grundy value 0 of a cold cell in normal play
    (cold ⇔ 0), none of a hot one (none is computed this far)."""
    v = value(x, y, misere)
    outcome, g = (Outcome.COLD, None if misere else 0) if v.cold else (Outcome.HOT, None)
    return PositionInfo(outcome, v.remoteness, True, g)


def line_count(pos: Cell, line: int) -> int:
    x, y = pos
    return (x, y, min(x, y))[line]


def target(pos: Cell, line: int, k: int) -> Cell:
    """The ``k``-th move of ``line`` (k = 0: one square)."""
    x, y = pos
    d = k + 1
    return ((x - d, y), (x, y - d), (x - d, y - d))[line]


def index_on_line(pos: Cell, line: int, to: Cell) -> int:
    return max(pos[0] - to[0], pos[1] - to[1]) - 1


NEAR = 256  # squares of each line marked around a queen whose moves are not all listed


def near_targets(pos: Cell, span: int = NEAR) -> frozenset[Cell]:
    """The squares she can reach within ``span`` steps along each line: what a board's
    window around her shows of a queen with too many moves to list (10^12)."""
    return frozenset(
        target(pos, line, k) for line in range(3) for k in range(min(span, line_count(pos, line)))
    )


def move_target(pos: Cell, k: int) -> Cell:
    """The ``k``-th legal move, in the order of the game's children."""
    for line in range(3):
        n = line_count(pos, line)
        if k < n:
            return target(pos, line, k)
        k -= n
    raise IndexError(k)


def best_moves(pos: Cell, misere: bool) -> list[Cell]:
    """The perfect player's choices: the fastest wins, else the proven longest defences."""
    x, y = pos
    wins = [to for _, to in cold_children(x, y, misere)]
    if wins:
        lasts = {to: value(*to, misere).remoteness for to in wins}
        least = min(lasts.values())
        return [to for to in wins if lasts[to] == least]
    return delay_moves(x, y, misere)


def move_runs(pos: Cell, misere: bool) -> list[Run[Cell]]:
    """The moves as runs: each line's special targets alone, the hot stretches between."""
    x, y = pos
    special: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}
    for line, to in cold_children(x, y, misere):
        special[line].add(index_on_line(pos, line, to))
    for to in delay_moves(x, y, misere):
        line = 0 if to[1] == y else 1 if to[0] == x else 2
        special[line].add(index_on_line(pos, line, to))
    # any hot target: 1 (misère: 2, or 0 for the corner) to below x + y (every move lowers
    # x + y), with the parity of its outcome (odd in normal play, even in misère)
    top = x + y - 1
    top -= (top % 2) ^ (0 if misere else 1)
    hot = PositionInfo(Outcome.HOT, 2 if misere else 1, False, None, top)
    corner = hot._replace(remoteness=0)
    runs: list[Run[Cell]] = []
    for line in range(3):
        n, start = line_count(pos, line), 0
        for k in [*sorted(special[line]), n]:
            if k > start:
                each = _each(pos, line, start, misere)
                ends = misere and target(pos, line, k - 1) == (0, 0)
                bounds = corner if ends else hot
                runs.append(Run(line, k - start, _shifted(pos, line, start), bounds, each))
            if k < n:
                to = target(pos, line, k)
                runs.append(Run(line, 1, _shifted(pos, line, k), info(*to, misere)))
            start = k + 1
    return runs


def _shifted(pos: Cell, line: int, start: int) -> Callable[[int], Cell]:
    return lambda k: target(pos, line, start + k)


def _each(pos: Cell, line: int, start: int, misere: bool) -> Callable[[int], PositionInfo]:
    return lambda k: info(*target(pos, line, start + k), misere)
