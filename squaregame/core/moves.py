"""The moves of a position, listed or — past a cap — counted and written compactly.

A game describes its moves as *runs* (:class:`Run`): consecutive moves of one line (a pile
of a sum, a direction of the queen) whose targets all have the same outcome. A run is
*uniform* when every target has the same value (Nim's take 1..n−1: all hot in 1), so a run
of 10^18 moves costs what one move costs; otherwise the value of each move is asked one by
one, only for the moves that get listed. :func:`analysis_of` turns runs into an
:class:`~squaregame.core.types.Analysis`:

* at most :data:`MAX_LISTED_MOVES` legal moves: every one is listed, as always;
* more: the listed moves are, in this order of priority and never more than the cap,
  the best moves (the winning ones of least remoteness from a hot position; the ones of
  greatest remoteness from a cold one), every other winning move (fastest first), and the
  first and last :data:`EDGE_MOVES` moves of every line (so a list without hints does not
  give the answer away). Every move not listed is counted in a
  :class:`~squaregame.core.types.MoveSummary`: the total, how many win, and ranges of
  consecutive moves of one line with one outcome (:class:`~squaregame.core.types.MoveRange`).

Where a run is not uniform and its values are not exact (a sum beyond the exact search),
the longest defence is looked for among the edge moves of that run (each valued); a
uniform run is valued once. The listed moves keep the order of the moves.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Generic, TypeVar

from squaregame.core.types import (
    Analysis,
    MoveInfo,
    MoveRange,
    MoveSummary,
    Outcome,
    PositionInfo,
    delay_key,
    finish_key,
)

P = TypeVar("P")
Q = TypeVar("Q")

MAX_LISTED_MOVES = 1000  # more legal moves than this: the rest are counted, not listed
EDGE_MOVES = 3  # ... and the first and last three moves of every line are listed
MAX_MOVE_RANGES = 64  # more ranges than this: each line's ranges are merged into one


@dataclass(frozen=True)
class Run(Generic[P]):
    """``count`` consecutive moves of ``line``; the ``k``-th leads to ``target(k)``.

    Every target has the outcome ``value.outcome``. Without ``each``, every target has the
    value ``value``. With it, ``each(k)`` values the ``k``-th target in full (its Grundy
    value …): every target has the remoteness ``value.remoteness`` when that is exact, else
    one between the bounds ``value.remoteness`` and ``value.remoteness_upper`` (None: no
    upper bound known).
    """

    line: int
    count: int
    target: Callable[[int], P]
    value: PositionInfo
    each: Callable[[int], PositionInfo] | None = None

    @property
    def wins(self) -> bool:
        return self.value.outcome is Outcome.COLD

    @property
    def same_remoteness(self) -> bool:
        """Do all its targets have the remoteness (or the bounds) ``value`` gives?"""
        return self.each is None or self.value.remoteness_exact

    def info(self, k: int) -> PositionInfo:
        return self.value if self.each is None else self.each(k)


def uniform_run(line: int, count: int, target: Callable[[int], P], value: PositionInfo) -> Run[P]:
    return Run(line, count, target, value)


def runs_of(moves: Iterable[tuple[int, P, PositionInfo]]) -> list[Run[P]]:
    """Runs from moves listed one by one as (line, target, value): consecutive moves of one
    line with equal values share a run."""
    runs: list[Run[P]] = []
    block: list[P] = []
    key: tuple[int, PositionInfo] | None = None
    for line, to, info in moves:
        if key != (line, info):
            if key is not None:
                runs.append(_block_run(key, block))
            key, block = (line, info), []
        block.append(to)
    if key is not None:
        runs.append(_block_run(key, block))
    return runs


def _block_run(key: tuple[int, PositionInfo], block: list[P]) -> Run[P]:
    return Run(key[0], len(block), block.__getitem__, key[1])


def analysis_of(
    pos: P, info: PositionInfo, runs: Iterable[Run[P]], cap: int | None = None
) -> Analysis[P]:
    """The analysis of ``pos`` from its runs of moves, listing at most ``cap`` moves
    (default :data:`MAX_LISTED_MOVES`)."""
    limit = MAX_LISTED_MOVES if cap is None else cap
    if limit < 1:
        raise ValueError("the cap on listed moves must be at least 1")
    runs = [r for r in runs if r.count > 0]
    total = sum(r.count for r in runs)
    if total <= limit:
        moves = tuple(MoveInfo(r.target(k), r.info(k)) for r in runs for k in range(r.count))
        return Analysis(pos, info, moves)
    chosen = _Chosen(runs, limit)
    if any(r.wins for r in runs):
        chosen.winners()
    else:
        chosen.longest()
    chosen.edges()
    keys = sorted(chosen.values)
    moves = tuple(MoveInfo(runs[i].target(k), chosen.values[(i, k)]) for i, k in keys)
    starts = [0, *accumulate(r.count for r in runs)]

    def target_at(k: int) -> P:
        if not 0 <= k < total:
            raise IndexError(k)
        i = bisect_right(starts, k) - 1
        return runs[i].target(k - starts[i])

    summary = MoveSummary(
        total=total,
        winning=sum(r.count for r in runs if r.wins),
        ranges=_ranges(runs, chosen),
        edges=tuple(runs[i].target(k) for i, k in sorted(chosen.edge_keys)),
        target_at=target_at,
    )
    return Analysis(pos, info, moves, summary)


class _Chosen(Generic[P]):
    """The moves picked for listing, keyed by (run index, index in the run)."""

    def __init__(self, runs: list[Run[P]], limit: int) -> None:
        self.runs = runs
        self.limit = limit
        self.values: dict[tuple[int, int], PositionInfo] = {}
        self.edge_keys: list[tuple[int, int]] = []

    @property
    def full(self) -> bool:
        return len(self.values) >= self.limit

    def add(self, i: int, k: int, value: PositionInfo | None = None) -> bool:
        if (i, k) not in self.values:
            if self.full:
                return False
            self.values[(i, k)] = value if value is not None else self.runs[i].info(k)
        return True

    def winners(self) -> None:
        """Every winning move, fastest first, while there is room (the best come first)."""
        order = sorted(
            (i for i, r in enumerate(self.runs) if r.wins),
            key=lambda i: (finish_key(self.runs[i].value), i),  # as Analysis.best_moves
        )
        for i in order:
            for k in range(min(self.runs[i].count, self.limit)):
                if not self.add(i, k):
                    return

    def longest(self) -> None:
        """No move wins: the moves of greatest remoteness (the longest defence)."""
        candidates: list[tuple[int, int, PositionInfo]] = []  # (run, k or -1: all, value)
        for i, r in enumerate(self.runs):
            if r.same_remoteness:
                candidates.append((i, -1, r.value))
            else:  # valued one by one: its first and last moves stand for it
                candidates += [(i, k, r.info(k)) for k in edge_indices(r.count)]
        most = max(delay_key(v) for _, _, v in candidates)  # as Analysis.best_moves
        for i, k, v in candidates:
            if delay_key(v) != most:
                continue
            if k >= 0:
                if not self.add(i, k, v):
                    return
                continue
            for kk in range(min(self.runs[i].count, self.limit)):
                if not self.add(i, kk):
                    return

    def edges(self) -> None:
        """The first and last few moves of every line."""
        by_line: dict[int, list[tuple[int, int]]] = {}
        for i, r in enumerate(self.runs):
            by_line.setdefault(r.line, []).extend((i, k) for k in edge_indices(r.count, EDGE_MOVES))
        for keys in by_line.values():
            keys.sort()
            for key in keys[:EDGE_MOVES] + keys[-EDGE_MOVES:]:
                if key not in self.edge_keys and self.add(*key):
                    self.edge_keys.append(key)


def edges_within_cap(
    listed: dict[int, P], edges: Iterable[int], cap: int, target: Callable[[int], P]
) -> list[int]:
    """The edge moves (by index) that get listed in ``listed`` (index -> target): each one
    listed already, or added while fewer than ``cap`` moves are — the cap holds for the
    edges too, as in :func:`analysis_of` (for a family that lists its moves itself)."""
    shown = []
    for k in edges:
        if k not in listed:
            if len(listed) >= cap:
                continue
            listed[k] = target(k)
        shown.append(k)
    return shown


def edge_indices(count: int, each_side: int = EDGE_MOVES) -> list[int]:
    """The first and last ``each_side`` indices of ``0..count-1``, each once."""
    low = range(min(each_side, count))
    high = range(max(count - each_side, len(low)), count)
    return [*low, *high]


@dataclass
class _Open:
    """A range being gathered."""

    line: int
    wins: bool
    first: tuple[int, int]
    last: tuple[int, int]
    count: int
    winning: int
    lower: int
    upper: int | None
    exact: bool

    def add(self, last: tuple[int, int], count: int, value: PositionInfo, exact: bool) -> None:
        self.last = last
        self.count += count
        self.winning += count if value.outcome is Outcome.COLD else 0
        self.lower = min(self.lower, value.remoteness_lower)
        upper = value.upper
        self.upper = None if upper is None or self.upper is None else max(self.upper, upper)
        self.exact = self.exact and exact


def _ranges(runs: list[Run[P]], chosen: _Chosen[P]) -> tuple[MoveRange[P], ...]:
    """The moves not listed, as ranges of one line and one outcome (listed moves may lie
    inside a range: a range counts only the moves that are not listed)."""
    listed: dict[int, list[int]] = {}
    for i, k in chosen.values:
        listed.setdefault(i, []).append(k)
    gathered: list[_Open] = []
    for i, r in enumerate(runs):
        ks = sorted(listed.get(i, ()))
        left = r.count - len(ks)
        if left == 0:
            continue
        first, last = _first_missing(ks), _last_missing(ks, r.count)
        exact = r.value.remoteness_exact
        now = gathered[-1] if gathered else None
        if now is None or now.line != r.line or now.wins != r.wins:
            v = r.value
            now = _Open(r.line, r.wins, (i, first), (i, first), 0, 0, v.remoteness, v.upper, exact)
            gathered.append(now)
        now.add((i, last), left, r.value, exact)
    if len(gathered) > MAX_MOVE_RANGES:
        gathered = _merge_lines(gathered)
    return tuple(
        MoveRange(
            g.line,
            runs[g.first[0]].target(g.first[1]),
            runs[g.last[0]].target(g.last[1]),
            g.count,
            g.winning,
            g.lower,
            g.upper,
            g.exact,
        )
        for g in gathered
    )


def _merge_lines(gathered: list[_Open]) -> list[_Open]:
    """One range per line (its outcomes mixed)."""
    out: list[_Open] = []
    for g in gathered:
        if out and out[-1].line == g.line:
            o = out[-1]
            o.last, o.count, o.winning = g.last, o.count + g.count, o.winning + g.winning
            o.lower = min(o.lower, g.lower)
            o.upper = None if o.upper is None or g.upper is None else max(o.upper, g.upper)
            o.exact = o.exact and g.exact
        else:
            out.append(g)
    return out


def _first_missing(ks: list[int]) -> int:
    """The least index not in the sorted list ``ks``."""
    for expect, k in enumerate(ks):
        if k != expect:
            return expect
    return len(ks)


def _last_missing(ks: list[int], count: int) -> int:
    """The greatest index below ``count`` not in the sorted list ``ks``."""
    top = count - 1
    for k in reversed(ks):
        if k != top:
            return top
        top -= 1
    return top


def analysis_counted(
    pos: P,
    info: PositionInfo,
    found: tuple[int, int, dict[int, P], list[int]],
    cap: int,
    target: Callable[[int], P],
    child_info: Callable[[P, P], PositionInfo],
) -> Analysis[P]:
    """The analysis of a position whose moves are counted, not listed: ``found`` is (legal
    moves, winning moves, the listed ones by index -> target, the edge indices); the edges
    listed while the cap allows (:func:`edges_within_cap`), each listed move valued."""
    total, winning, listed, edges = found
    shown = edges_within_cap(listed, edges, cap, target)
    moves = tuple(MoveInfo(listed[k], child_info(pos, listed[k])) for k in sorted(listed))
    summary = MoveSummary(
        total=total,
        winning=winning,
        ranges=(),
        edges=tuple(listed[k] for k in shown),
        target_at=target,
    )
    return Analysis(pos, info, moves, summary)


def placed_analysis(
    pos: P, own: Analysis[Q], place: Callable[[Q], P], line: Callable[[Q], int]
) -> Analysis[P]:
    """Another game's analysis (``own``, of the same game written another way) placed back at
    ``pos``: every target through ``place``, each range's line by ``line`` of its first
    target as ``own`` writes it."""
    moves = tuple(MoveInfo(place(m.to), m.info) for m in own.moves)
    s = own.summary
    if s is None:
        return Analysis(pos, own.info, moves)
    ranges: tuple[MoveRange[P], ...] = tuple(
        replace(r, line=line(r.first), first=place(r.first), last=place(r.last))  # type: ignore[arg-type,misc]
        for r in s.ranges
    )
    at = s.target_at
    summary: MoveSummary[P] = MoveSummary(
        s.total, s.winning, ranges, tuple(place(e) for e in s.edges), lambda k: place(at(k))
    )
    return Analysis(pos, own.info, moves, summary)
