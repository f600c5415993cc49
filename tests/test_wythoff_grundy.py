"""Wythoff's Grundy values (numpy, by anti-diagonals) against brute force and the plain
column-by-column mex, as far as the boards go (the method is in the docstring of
``squaregame/families/wythoff/grundy.py``)."""

from __future__ import annotations

import numpy as np
import pytest
from build import wythoff_game

from reference import grundy, wythoff_children, wythoff_grundy_rows
from squaregame.core.tables import Tables
from squaregame.families.wythoff.grundy import GrundyBoards, wythoff_grundy
from squaregame.families.wythoff.table import (
    WYTHOFF_AUTO_LIMIT,
    WYTHOFF_GRUNDY_LIMIT,
    WythoffBoards,
    cold_pairs,
)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 63, 64, 65, 130])
def test_small_boards_match_the_row_by_row_mex(size: int) -> None:
    assert np.array_equal(wythoff_grundy(size), np.asarray(wythoff_grundy_rows(size)))


@pytest.mark.parametrize("size", [420, 700])
def test_matches_the_row_by_row_mex_on_a_large_board(size: int) -> None:
    # values past 600 and 1000: many words, and the mex in a word past the first
    g = wythoff_grundy(size)
    assert int(g.max()) > 600
    assert np.array_equal(g, np.asarray(wythoff_grundy_rows(size)))


def test_matches_brute_force() -> None:
    n = 36
    positions = sorted(((x, y) for x in range(n) for y in range(n)), key=sum)
    ref = grundy(positions, wythoff_children)
    g = wythoff_grundy(n - 1)
    assert {p: int(g[p]) for p in positions} == ref


def _mex_at(g: np.ndarray, x: int, y: int) -> int:
    d = min(x, y)
    seen = set(g[:x, y].tolist()) | set(g[x, :y].tolist())
    seen |= set(g[x - np.arange(1, d + 1), y - np.arange(1, d + 1)].tolist())
    v = 0
    while v in seen:
        v += 1
    return v


def test_the_largest_board_is_the_mex_everywhere_checked() -> None:
    """At the limit: symmetric, zero exactly on the closed-form cold cells, no value twice
    in a row, and the mex of its options at cells spread over the board."""
    size = WYTHOFF_GRUNDY_LIMIT
    assert size == WYTHOFF_AUTO_LIMIT  # as far as the boards go
    g = wythoff_grundy(size)
    assert np.array_equal(g, g.T)
    zeros = {(int(x), int(y)) for x, y in zip(*np.nonzero(g == 0), strict=True)}
    cold = {c for a, b in cold_pairs(size) for c in ((a, b), (b, a)) if b <= size}
    assert zeros == cold
    for row in (0, 1, 1000, size):
        assert len(set(g[:, row].tolist())) == size + 1
    rng = np.random.default_rng(12)
    cells = [(size, size), (size, size - 1), (0, size), (999, 1617), (3000, 3999)]
    cells += [tuple(int(v) for v in rng.integers(0, size + 1, 2)) for _ in range(40)]
    for x, y in cells:
        assert int(g[x, y]) == _mex_at(g, x, y), (x, y)


def test_boards_grow_and_are_kept() -> None:
    boards = GrundyBoards(500)
    first = boards.board(10)
    assert first.shape == (65, 65) and boards.covers(64) and not boards.covers(65)
    assert boards.board(40) is first
    second = boards.board(70)
    assert second.shape == (98, 98)  # half as large again: 0..97
    assert np.array_equal(second[:65, :65], first)
    with pytest.raises(ValueError):
        boards.board(501)


def test_the_game_reports_progress_and_answers_from_the_shared_boards() -> None:
    tables = Tables()
    game = wythoff_game(tables=tables)
    seen: list[float] = []
    game.prepare((1500, 700), seen.append)
    assert WythoffBoards.of(tables).grundy_ready(1500)
    assert seen and min(seen) >= 0 and max(seen) <= 1 and seen == sorted(seen)
    assert game.info((1500, 700)).grundy == int(wythoff_grundy(1500)[1500, 700])
    assert wythoff_game(misere=True, tables=tables).info((1500, 700)).grundy is None
