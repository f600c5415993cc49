"""A slow, plain reference written straight from the definitions — nothing shared with the
package. Positions are settled in an order where every child comes before its parent."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from functools import cache
from math import isqrt


def solve(
    positions: Iterable[Hashable], children: Callable[[Hashable], list[Hashable]], misere: bool
) -> dict[Hashable, tuple[str, int]]:
    """position -> (outcome, remoteness) by the textbook definitions."""
    value: dict[Hashable, tuple[str, int]] = {}
    for p in positions:
        kids = children(p)
        if not kids:
            value[p] = ("hot" if misere else "cold", 0)
            continue
        kid_values = [value[k] for k in kids]
        cold_rems = [r for o, r in kid_values if o == "cold"]
        if cold_rems:
            value[p] = ("hot", 1 + min(cold_rems))
        else:
            value[p] = ("cold", 1 + max(r for _, r in kid_values))
    return value


def grundy(
    positions: Iterable[Hashable], children: Callable[[Hashable], list[Hashable]]
) -> dict[Hashable, int]:
    g: dict[Hashable, int] = {}
    for p in positions:
        seen = {g[k] for k in children(p)}
        m = 0
        while m in seen:
            m += 1
        g[p] = m
    return g


def pile_children(amounts: Callable[[int], Iterable[int]]) -> Callable[[int], list[int]]:
    return lambda n: [n - a for a in amounts(n) if 0 < a <= n]


def squares_amounts(n: int) -> list[int]:
    return [k * k for k in range(1, isqrt(n) + 1)]


def set_amounts(s: Iterable[int]) -> Callable[[int], list[int]]:
    members = sorted(s)
    return lambda n: [a for a in members if a <= n]


def nim_amounts(n: int) -> list[int]:
    return list(range(1, n + 1))


def wythoff_children(p: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = p
    return (
        [(x - d, y) for d in range(1, x + 1)]
        + [(x, y - d) for d in range(1, y + 1)]
        + [(x - d, y - d) for d in range(1, min(x, y) + 1)]
    )


def box_positions(box: tuple[int, ...]) -> list[tuple[int, ...]]:
    return sorted(itertools.product(*(range(b + 1) for b in box)), key=sum)


def sum_children(
    amount_fns: list[Callable[[int], Iterable[int]]],
) -> Callable[[tuple[int, ...]], list[tuple[int, ...]]]:
    def children(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, n in enumerate(p):
            for a in amount_fns[i](n):
                if 0 < a <= n:
                    out.append((*p[:i], n - a, *p[i + 1 :]))
        return out

    return children


def wythoff_grundy_rows(size: int) -> list[list[int]]:
    """Wythoff's Grundy values g[x][y], 0 ≤ x, y ≤ size, column by column with one bit set
    per row, column and diagonal (squaregame 1.0's own method, kept as a second reference)."""
    n = size + 1
    g = [[0] * n for _ in range(n)]
    rows = [0] * n  # values seen so far in row y (cells to the left)
    diags = [0] * (2 * n)  # values seen so far on diagonal x − y (cells down-left)
    for x in range(n):
        col = 0  # values seen so far in column x (cells below)
        for y in range(n):
            d = x - y + n
            seen = rows[y] | col | diags[d]
            v = (~seen & (seen + 1)).bit_length() - 1
            g[x][y] = v
            bit = 1 << v
            rows[y] |= bit
            col |= bit
            diags[d] |= bit
    return g


def kayles_children(rows: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Kayles: knock down one pin or two neighbouring pins of one row; what is left of the
    row takes its place (nothing, one row, or two rows, the smaller first)."""
    out: list[tuple[int, ...]] = []
    for i, n in enumerate(rows):
        seen: set[tuple[int, ...]] = set()
        for take in (1, 2):
            for left in range(n - take + 1):
                parts = tuple(sorted(p for p in (left, n - take - left) if p > 0))
                if parts not in seen:
                    seen.add(parts)
                    out.append((*rows[:i], *parts, *rows[i + 1 :]))
    return out


_KAYLES: dict[tuple[int, ...], bool] = {}


def kayles_cold(rows: tuple[int, ...]) -> bool:
    """Is a position of Kayles cold (normal play), by searching every move?"""
    key = tuple(sorted(rows))
    if key not in _KAYLES:
        _KAYLES[key] = not any(kayles_cold(k) for k in kayles_children(key))
    return _KAYLES[key]


@cache
def kayles_grundy(n: int) -> int:
    """The Grundy value of one row of Kayles, by the mex of its moves' nim-sums."""
    seen = set()
    for take in (1, 2):
        for left in range(n - take + 1):
            seen.add(kayles_grundy(left) ^ kayles_grundy(n - take - left))
    m = 0
    while m in seen:
        m += 1
    return m
