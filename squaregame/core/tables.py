"""The tables a program shares: created by the caller (the CLI, the app, a test), passed in.

A :class:`Tables` owns everything that is worth computing once and keeping: the one-pile
:class:`~squaregame.core.piles.store.TableStore`, the
:class:`~squaregame.core.sums.solver.SumSolver` with its solved boxes, the Wythoff boards
built so far and Wythoff's Grundy values. Two ``Tables`` share nothing, so tests and
concurrent app sessions cannot see each other's state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # each imported when first used: a build's statistics need none of them
    from squaregame.core.piles.store import TableStore
    from squaregame.core.sums.solver import SumSolver
    from squaregame.core.wythoff import WythoffTable
    from squaregame.core.wythoff_grundy import GrundyBoards

Progress = Callable[[float], None]


class Tables:
    """One program's tables; give it to :meth:`GameSpec.build`."""

    def __init__(
        self,
        store: TableStore | None = None,
        solver: SumSolver | None = None,
        *,
        cache: Path | None = None,
    ) -> None:
        self._store = store
        self._cache = cache
        self._solver = solver
        self._wythoff: dict[tuple[int, bool], WythoffTable] = {}
        self._grundy_boards: GrundyBoards | None = None

    @property
    def store(self) -> TableStore:
        if self._store is None:
            from squaregame.core.piles.store import TableStore

            self._store = TableStore(self._cache)
        return self._store

    @property
    def store_used(self) -> bool:
        """Whether anything asked for the one-pile tables (so that they have news to tell)."""
        return self._store is not None

    @property
    def solver(self) -> SumSolver:
        if self._solver is None:
            from squaregame.core.sums.solver import SumSolver

            self._solver = SumSolver()
        return self._solver

    @property
    def _wythoff_grundy(self) -> GrundyBoards:
        if self._grundy_boards is None:
            from squaregame.core.wythoff import WYTHOFF_GRUNDY_LIMIT
            from squaregame.core.wythoff_grundy import GrundyBoards

            self._grundy_boards = GrundyBoards(WYTHOFF_GRUNDY_LIMIT)
        return self._grundy_boards

    def wythoff(self, size: int, misere: bool, progress: Progress | None = None) -> WythoffTable:
        """A Wythoff board of side at least ``size`` (a kept one if it is large enough)."""
        for (s, m), t in self._wythoff.items():
            if m == misere and s >= size:
                return t
        from squaregame.core.wythoff import build_wythoff

        t = build_wythoff(size, misere, progress, self.wythoff_grundy)
        self._wythoff[(size, misere)] = t
        return t

    def wythoff_grundy(self, size: int, progress: Progress | None = None) -> Any:
        """Normal-play Wythoff Grundy values g[x, y] covering 0..size (computed, then kept)."""
        return self._wythoff_grundy.board(size, progress)

    def wythoff_grundy_ready(self, size: int) -> bool:
        return self._wythoff_grundy.covers(size)
