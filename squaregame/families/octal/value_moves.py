"""The moves of rows too long to list that lead to a given Grundy value (normal play),
found from the rows' values, never one by one (:mod:`.big`): what :meth:`RowsGame.analyze`
lists past its limit (value 0: the winning moves) and what a sum asks of a long part (the
value the nim-sum wants, :meth:`RowsGame.grundy_moves`).

A move on row i (value G_i) leaving pieces of value w gives the rows the value
T xor G_i xor w, T the rows' nim-sum; it has value ``target`` exactly when
w = target xor T xor G_i, so each row's blocks are searched for that w.
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Protocol

from squaregame.core.moves import EDGE_MOVES
from squaregame.families.octal import big
from squaregame.families.octal.code import Rows


class RowsGame(Protocol):
    """What counting needs of the rows' game (:class:`.game.RowsGame`)."""

    def values_for(self, rows: Rows) -> big.Values: ...
    def row_blocks(self, pos: Rows, i: int) -> list[big.Block]: ...


def moves_of_value(
    game: RowsGame, pos: Rows, target: int, most: int
) -> tuple[int, dict[int, Rows], list[int]]:
    """How many moves of ``pos`` lead to Grundy value ``target``, the first ``most`` of
    them (move index -> where it leads) and the indices of the first and last
    :data:`EDGE_MOVES` moves of every row."""
    g = game.values_for(pos)
    row_values = [g(n) for n in pos]
    total_value = reduce(xor, row_values, 0)
    listed: dict[int, Rows] = {}
    edges: list[int] = []
    total = found_count = 0
    for i in range(len(pos)):
        want = target ^ total_value ^ row_values[i]  # what is left of row i must have this
        bs = game.row_blocks(pos, i)
        start, row_count = total, sum(b.count for b in bs)
        for b in bs:
            if b.kind == "split":
                count, found = big.winning_splits(b, want, g, max(most - len(listed), 0))
            else:
                left = 0 if b.kind == "whole" else g(b.rest)
                count, found = (1, [0]) if left == want else (0, [])
            found_count += count
            for k in found[: max(most - len(listed), 0)]:
                listed[total + k] = (*pos[:i], *b.parts(k), *pos[i + 1 :])
            total += b.count
        ends = range(max(row_count - EDGE_MOVES, 0), row_count)
        edges += [start + k for k in sorted({*range(min(EDGE_MOVES, row_count)), *ends})]
    return found_count, listed, edges
