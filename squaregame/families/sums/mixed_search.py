"""The exact search of a sum of games of several kinds: every position reachable from a
start, each valued by the definition of remoteness.

Each part's positions reachable from its start are listed once (:func:`reachable`),
numbered so that every move leads to a smaller number (a depth-first post-order: a position
is numbered after all of its children), with its *height*: the longest play from it, so a
move lowers it by at least one. A position of the sum is one number per part, read as one
number in mixed radix; the sum of the parts' heights falls with every move, so the positions
of one total height (a *level*) have their children in lower levels, and the levels are
settled in order, each in a few numpy steps per part (its moves as one flat list). A
position is valued from its children, by definition:

* no move: cold with remoteness 0 in normal play (the player to move has lost), hot with
  remoteness 0 in misère play (the player to move has won);
* a cold child: hot, one more than the least remoteness among its cold children;
* else cold, one more than the greatest remoteness among its children.

Nothing else is assumed of a part, so the answer is exact under either convention (the
tests compare it with a recursion over the sum's own positions). Its cost is checked before
any work, twice: from what each part declares it may meet (:meth:`Unit.reach`: the listing
of its positions), then, listed, from the true count of positions and moves of the sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING, Any

from squaregame.families.sums.units import Unit

if TYPE_CHECKING:
    import numpy.typing as npt

LIST_BUDGET = 1_000_000  # one part's positions × moves listed (Python: about half a second)
MAX_STATES = 4_000_000  # positions of the sum at most (about 40 bytes each at the peak)
SEARCH_BUDGET = 40_000_000  # moves of the sum looked at (numpy: about a second on 2 cores)
QUICK_SEARCH = 1_000_000  # below this a search is instant (well under 0.1 s)
HOT = 1 << 40  # a hot position's code: its remoteness plus HOT; a cold one's: its remoteness
NONE = 1 << 62  # no cold child seen
CHUNK = 1 << 16  # positions of a level valued together


@dataclass(frozen=True)
class Reached:
    """One part's positions reachable from its start: each one's number, height, and the
    numbers of its children (smaller than its own) as one flat list."""

    index: dict[Any, int]
    heights: list[int]
    starts: list[int]  # where each position's children begin in ``kids`` (one more at the end)
    kids: list[int]

    @property
    def size(self) -> int:
        return len(self.heights)

    @property
    def moves(self) -> int:
        return len(self.kids)


def listable(units: Sequence[Unit], positions: Sequence[Any]) -> bool:
    """May every part's positions be listed (each within :data:`LIST_BUDGET`, from what it
    declares it may meet)? Checked before any listing."""
    for u, p in zip(units, positions, strict=True):
        reach = u.reach(p)
        if reach is None or reach[0] * (1 + reach[1]) > LIST_BUDGET:
            return False
    return True


def reachable(unit: Unit, start: Any) -> Reached:
    """Every position reachable from ``start``, numbered in depth-first post-order."""
    index: dict[Any, int] = {}
    heights: list[int] = []
    starts: list[int] = [0]
    kids: list[int] = []
    stack: list[tuple[Any, list[Any], int]] = [(start, unit.children(start), 0)]
    open_ = {start}
    while stack:
        pos, children, at = stack[-1]
        if at < len(children):
            stack[-1] = (pos, children, at + 1)
            child = children[at]
            if child not in index and child not in open_:
                open_.add(child)
                stack.append((child, unit.children(child), 0))
            continue
        stack.pop()
        numbers = [index[c] for c in children]
        index[pos] = len(heights)
        heights.append(1 + max((heights[c] for c in numbers), default=-1))
        kids.extend(numbers)
        starts.append(len(kids))
    return Reached(index, heights, starts, kids)


def work(parts: Sequence[Reached]) -> tuple[int, int]:
    """(positions, moves) of the sum of these parts: exactly what :func:`solve` looks at."""
    states = prod(p.size for p in parts)
    moves = sum(p.moves * (states // p.size) for p in parts)
    return states, moves


def affordable(parts: Sequence[Reached], budget: int = SEARCH_BUDGET) -> bool:
    states, moves = work(parts)
    return states <= MAX_STATES and moves + states * len(parts) <= budget


@dataclass(frozen=True)
class Solution:
    """Every position of the sum reachable from a start, valued."""

    parts: tuple[Reached, ...]
    strides: tuple[int, ...]
    code: npt.NDArray[Any]

    def lookup(self, positions: Sequence[Any]) -> tuple[bool, int] | None:
        """(cold, remoteness) of the sum at ``positions`` (one per part); None: not in it."""
        flat = 0
        for part, stride, pos in zip(self.parts, self.strides, positions, strict=True):
            i = part.index.get(pos)
            if i is None:
                return None
            flat += i * stride
        c = int(self.code[flat])
        return (True, c) if c < HOT else (False, c - HOT)


def solve(parts: Sequence[Reached], misere: bool) -> Solution:
    """Value every position of the sum of ``parts`` (listed; its cost checked by the
    caller: :func:`affordable`)."""
    import numpy as np  # numpy: only while solving

    sizes = [p.size for p in parts]
    strides = [1] * len(parts)
    for i in range(len(parts) - 2, -1, -1):
        strides[i] = strides[i + 1] * sizes[i + 1]
    n = prod(sizes)
    level = np.zeros(1, dtype=np.int32)
    for p in parts:  # the sum's height: its parts', in the same mixed radix
        level = np.add.outer(level, np.asarray(p.heights, dtype=np.int32)).ravel()
    order = np.argsort(level, kind="stable")
    bounds = np.concatenate(([0], np.cumsum(np.bincount(level))))
    tables = []
    for p, stride in zip(parts, strides, strict=True):
        starts = np.asarray(p.starts, dtype=np.int64)
        counts = np.diff(starts)
        owner = np.repeat(np.arange(p.size, dtype=np.int64), counts)
        delta = (np.asarray(p.kids, dtype=np.int64) - owner) * stride
        tables.append((stride, p.size, starts[:-1], counts, delta))
    code = np.zeros(n, dtype=np.int64)
    end = HOT if misere else 0
    for t in range(len(bounds) - 1):
        level_states = order[bounds[t] : bounds[t + 1]]
        for lo in range(0, level_states.size, CHUNK):
            idx = level_states[lo : lo + CHUNK]
            least = np.full(idx.size, NONE, dtype=np.int64)
            most = np.full(idx.size, -1, dtype=np.int64)
            for stride, size, starts, counts, delta in tables:
                at = idx // stride % size
                cnt = counts[at]
                total = int(cnt.sum())
                if not total:
                    continue
                offs = np.cumsum(cnt) - cnt
                edge = np.arange(total, dtype=np.int64) + np.repeat(starts[at] - offs, cnt)
                v = code[np.repeat(idx, cnt) + delta[edge]]
                cold = v < HOT
                live = np.flatnonzero(cnt)
                cuts = offs[live]
                part_least = np.minimum.reduceat(np.where(cold, v, NONE), cuts)
                part_most = np.maximum.reduceat(np.where(cold, v, v - HOT), cuts)
                least[live] = np.minimum(least[live], part_least)
                most[live] = np.maximum(most[live], part_most)
            code[idx] = np.where(least < NONE, HOT + least + 1, np.where(most < 0, end, most + 1))
    return Solution(tuple(parts), tuple(strides), code)
