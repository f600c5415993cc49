"""Wythoff's queen at any size, in exact integer arithmetic: outcome, remoteness and every
winning move of (x, y), in both conventions, in O(1) big-integer steps (no table, no scan).

**The floor formula.** a_k = ⌊kφ⌋ = (k + ⌊√(5k²)⌋) // 2, with ⌊√·⌋ by ``math.isqrt``.
Proof: kφ = (k + √(5k²))/2. For k ≥ 1, 5k² is not a square (√5 is irrational), so with
s = isqrt(5k²) we have s < √(5k²) < s + 1 and t = k + √(5k²) lies strictly between k + s
and k + s + 1. If k + s = 2m, t/2 lies in (m, m + ½); if k + s = 2m + 1, in (m + ½, m + 1);
either way ⌊t/2⌋ = m = (k + s) // 2. (k = 0 gives 0.) Floating point is wrong here for
most k near 10^15 (53 bits); these are Python integers, exact at every size.
b_k = ⌊kφ²⌋ = a_k + k (φ² = φ + 1). OEIS A000201 and A001950.

**The inverse.** Every n ≥ 1 is exactly one of a_k, b_k (k ≥ 1): the two are Beatty
sequences of φ and φ², and 1/φ + 1/φ² = 1 (Beatty 1926). If n = ⌊kφ⌋ then kφ − 1 < n < kφ,
so k − 1/φ < n/φ < k and ⌊n/φ⌋ = k − 1; ⌊n/φ⌋ = (isqrt(5n²) − n) // 2 by the argument
above ((√(5n²) − n)/2 lies strictly between (s − n)/2 and (s − n + 1)/2). Likewise if
n = ⌊kφ²⌋ then ⌊n/φ²⌋ = k − 1 and n/φ² = (3n − √(5n²))/2 lies strictly between
(3n − s − 1)/2 and (3n − s)/2, so ⌊n/φ²⌋ = (3n − s − 1) // 2. :func:`index_of` tries the
first and checks it, else takes the second (and checks it too).

**Cold positions.** Normal play: (a_k, b_k) and (b_k, a_k), k ≥ 0 (Wythoff 1907). Every
line the queen moves along holds exactly one: row y ≥ 1 (and column) the one with y's
partner (y is a_k or b_k for exactly one k ≥ 1), row 0 the corner; the diagonal y − x = d
the cell (a_d, b_d) if d ≥ 0, else (b_{−d}, a_{−d}). So a position's winning moves are
its moves to the (at most three) cold cells of its row, column and diagonal that lie
strictly down-left: :func:`cold_on_line`, each in O(1).

Misère play: the same cells except (0,0), (1,2), (2,1), which are hot, and (1,0), (0,1),
(2,2), which are cold. Proof (M the set so described): no move joins two cells of M —
between cells with max ≥ 3 none does (they are normal-play cold), among the three new
corner cells none does, and a cell of M with max ≥ 3 reaches none of the corner cells (the
normal-play cold cells of row 0, 1, 2, column 0, 1, 2 and diagonals −1, 0, 1 are (0,0),
(2,1), (1,2) only). From every other position but the terminal (0,0) some move enters M:
for max ≤ 2 by inspection (the tests check it by search); for max ≥ 3 a position not in M
has a normal-play move to a cold c; c ∈ M unless c is (0,0) — then the position is
(x, 0), (0, y) or (x, x) with x, y ≥ 3, which move to (1,0), (0,1), (2,2) — or c is (1,2)
— then it is (x, 2), x ≥ 3 (to (2,2)), (1, y), y ≥ 3 (to (1,0)) or (x, x + 1), x ≥ 2 (to
(0,1)) — or c is (2,1), the mirror image. So, again, each line holds exactly one cold cell.

**Remoteness, exactly.** Index the cold cells: normal play (a_k, b_k), (b_k, a_k) have
index k; misère, (1,0), (0,1) have index 0, (2,2) index 1, and (a_k, b_k), (b_k, a_k) index
k for k ≥ 2. If a cold c' lies down-left of a cold c (c' ≤ c in both coordinates, c' ≠ c)
its index is smaller (a_k, b_k increase with k, and b_j ≤ a_k < b_k forces j < k; the corner
cells check by hand). Theorem: a cold cell of index k has remoteness 2k in normal play and
2k + 1 in misère play; a hot position's remoteness is 1 + the least remoteness of its cold
children (the definition), misère's terminal (0,0) has 0.

Proof, by induction on the index. *At most*: a hot child h of a cold c of index k either is
misère's terminal (remoteness 0) or has a cold child c' (down-left of c, so of index
j < k), so rem(h) ≤ 1 + rem(c') ≤ 1 + rem_{k−1} and rem(c) = 1 + max rem(h) ≤ 2 + rem_{k−1}
(normal: rem(0,0) = 0 starts it; misère: (1,0) has the one child (0,0), remoteness 1).
*At least*: c = (a_k, b_k) moves left to h = (x', b_k), x' the smaller coordinate of the
cold cell of index k − 1 (normal: a_{k−1}; misère: a_{k−1}, or 2 for k = 2). Then h's only
cold child is that cell: its column x' holds just it (below b_k); its row b_k holds c, to
its right; its diagonal b_k − x' > k holds (a_d, b_d) with a_d > a_k, out of reach (and, in
misère play, the corner cells lie on none of these lines). So rem(h) = 1 + rem_{k−1} and
rem(c) ≥ 2 + rem_{k−1}. (Misère k = 1: (2,2) → (1,1), whose only cold children are (1,0),
(0,1).) The mirror image (b_k, a_k) is the same. Checked against the board's table in
both conventions in ``tests/test_wythoff_big.py``.

So h = (x', b_k) above is also a longest defence from c: :func:`delay_moves`.
"""

from __future__ import annotations

from math import isqrt
from typing import NamedTuple

Cell = tuple[int, int]
BIG_LIMIT = 10**18  # positions answered up to here (the CLI's promise; any size is exact)
MISERE_CORNER = ((1, 0), (0, 1), (2, 2))  # misère's cold cells with x, y ≤ 2
NORMAL_CORNER = ((0, 0), (1, 2), (2, 1))  # ... and normal play's, there hot
FICKLE = frozenset(MISERE_CORNER + NORMAL_CORNER)  # the fickle cells (core/sums/genus.py)


def lower(k: int) -> int:
    """a_k = ⌊kφ⌋, exactly (the module's docstring proves it)."""
    return (k + isqrt(5 * k * k)) // 2


def upper(k: int) -> int:
    """b_k = ⌊kφ²⌋ = a_k + k."""
    return lower(k) + k


def index_of(n: int) -> tuple[int, bool]:
    """(k, True) if n = a_k, else (k, False) with n = b_k; k ≥ 1 for n ≥ 1, (0, True) for 0."""
    if n <= 0:
        if n < 0:
            raise ValueError(n)
        return 0, True
    s = isqrt(5 * n * n)
    k = (s - n) // 2 + 1
    if lower(k) == n:
        return k, True
    k = (3 * n - s - 1) // 2 + 1
    if upper(k) != n:  # pragma: no cover - the docstring proves it never happens
        raise ArithmeticError(f"no Wythoff index for {n}")
    return k, False


def partner(n: int) -> int:
    """The other coordinate of normal play's cold cell in row (or column) n."""
    k, is_lower = index_of(n)
    return upper(k) if is_lower else lower(k)


def cold_in_row(y: int, misere: bool) -> int:
    """The x of the one cold cell of row y (by symmetry: the y of column y's)."""
    if misere and y <= 2:
        return (1, 0, 2)[y]
    return partner(y)


def cold_on_diagonal(d: int, misere: bool) -> Cell:
    """The one cold cell (x, y) with y − x = d."""
    if misere and -1 <= d <= 1:
        return {-1: (1, 0), 0: (2, 2), 1: (0, 1)}[d]
    if d >= 0:
        return lower(d), upper(d)
    return upper(-d), lower(-d)


def is_cold(x: int, y: int, misere: bool) -> bool:
    return cold_in_row(y, misere) == x


def cold_index(x: int, y: int, misere: bool) -> int | None:
    """The index of a cold cell (the module's docstring), None for a hot one."""
    if not is_cold(x, y, misere):
        return None
    if misere and max(x, y) <= 2:
        return 1 if (x, y) == (2, 2) else 0
    return abs(y - x)


def cold_on_line(x: int, y: int, line: int, misere: bool) -> Cell | None:
    """The cold cell the queen at (x, y) can reach along ``line`` (0: left, 1: down,
    2: diagonally), or None (it lies up or right of her, or is her own square)."""
    if line == 0:
        to = (cold_in_row(y, misere), y)
    elif line == 1:
        to = (x, cold_in_row(x, misere))
    else:
        to = cold_on_diagonal(y - x, misere)
    return to if to[0] <= x and to[1] <= y and to != (x, y) else None


def cold_children(x: int, y: int, misere: bool) -> list[tuple[int, Cell]]:
    """Every winning move from (x, y) as (line, target), in the order of the moves."""
    found = ((line, cold_on_line(x, y, line, misere)) for line in range(3))
    return [(line, to) for line, to in found if to is not None]


class Value(NamedTuple):
    cold: bool
    remoteness: int


def value(x: int, y: int, misere: bool) -> Value:
    """Outcome and exact remoteness of (x, y) (the module's docstring proves it)."""
    k = cold_index(x, y, misere)
    if k is not None:
        return Value(True, 2 * k + 1 if misere else 2 * k)
    if misere and (x, y) == (0, 0):
        return Value(False, 0)
    least = min(value(*to, misere).remoteness for _, to in cold_children(x, y, misere))
    return Value(False, least + 1)


def delay_moves(x: int, y: int, misere: bool) -> list[Cell]:
    """From a cold (x, y) of index k ≥ 1: moves of the longest defence (remoteness one
    less than its own), the ones the docstring's proof names; [] for other positions."""
    k = cold_index(x, y, misere)
    if not k:
        return []
    if misere and k == 1:
        return [(1, 1)]
    below = 2 if misere and k == 2 else lower(k - 1)
    if x <= y:
        return [(below, y)]
    return [(x, below)]
