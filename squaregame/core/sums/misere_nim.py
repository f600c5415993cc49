"""Misère Nim in closed form, for piles of any size: outcome, remoteness and the best moves.

Piles n_1 … n_k, any amount taken from one pile, the player who takes the last counter
loses. Write B for the number of piles of 2 or more ("big"), c for the number of piles of
exactly 1, N = Σ n_i and x = n_1 ⊕ … ⊕ n_k. Remoteness as everywhere in the package: 0 at
a terminal position, 1 + the least remoteness of a cold child from a hot position (the
winner wins fastest), 1 + the greatest remoteness of any child from a cold one (the loser
defends longest). For a hot position with B ≥ 2 let a* be the largest amount a winning
(normal-play) move takes: a* = max(n_i − (n_i ⊕ x)) over the piles with n_i ⊕ x < n_i.

**Theorem.**

1. B = 0: cold exactly when c is odd; remoteness c. Every move takes a pile of 1.
2. B = 1: hot; the one winning move leaves the big pile at 1 if c is even, at 0 if c is
   odd; remoteness c + 2 if c is even, c + 1 if c is odd.
3. B ≥ 2, x = 0: cold, remoteness N − 1; a longest defence takes 1 from a pile with the
   fewest trailing zero bits.
4. B ≥ 2, x ≠ 0: hot; the winning moves are Bouton's, n_i → n_i ⊕ x where that is
   smaller; remoteness N − a*.

Proof, by induction on N (every child has fewer counters).

1. Only piles of 1 remain: each move removes one, so every play lasts exactly c moves and
   the position after them is the terminal one, hot in misère play; the player to move
   wins exactly when c is even.
2. A child leaving the big pile at m ≥ 2, or emptying a pile of 1, still has B = 1: hot.
   The others have B = 0 and c + 1 piles of 1 (big pile to 1) or c (big pile to 0); by 1
   exactly the one with an odd count is cold, with remoteness that count.
3. and 4. A child changes one pile, so it has B ≥ 1, and B = 1 only when B = 2 and a big
   pile drops to 0 or 1; then it is hot by 2. A child with B ≥ 2 is cold exactly when its
   nim-sum is 0 (by 3, 4), and a child with B = 1 has nim-sum ≥ 2, so the cold children
   are exactly the Bouton moves to nim-sum 0. Each such child, taking a from pile i, has
   remoteness (N − a) − 1 by 3, so a hot position (x ≠ 0) has remoteness 1 + (N − a* − 1).
   A cold position (x = 0) has only hot children. Every child has remoteness ≤ N − 2:
   with B ≥ 2 it is N' − a*' ≤ (N − 1) − 1; with B = 1 (B = 2: big piles u, v with
   u ⊕ v = c mod 2, the child keeping one of them and c' ≤ c + 1 piles of 1) it is at most
   c' + 2 ≤ c + 3 ≤ N − 2 when u + v ≥ 5, and when u = v = 2 (c even) exactly c + 2 = N − 2
   for c' = c and for c' = c + 1. And some child has remoteness N − 2: let t be the fewest
   trailing zero bits of a non-empty pile, and take 1 from such a pile p. Then p − 1 =
   p ⊕ (2^(t+1) − 1), so the child's nim-sum is 2^(t+1) − 1; if the child has B ≥ 2, its
   winning moves change a pile q with bit t set, q ≠ p − 1 (whose bit t is clear), and
   every such q has bit t as its lowest (no pile has fewer trailing zeros), so
   q ⊕ (2^(t+1) − 1) = q − 1: a*' = 1 and the child's remoteness is (N − 1) − 1. If the
   child has B = 1, p = 2 and B = 2 with no pile of 1 and no odd pile (t = 1 is least),
   so the position is 2 + 2 and the child 1 + 2 has remoteness 2 = N − 2. Hence N − 1. ∎

The best moves (:func:`best_children`): from a hot position the winning moves that take
a*, from 1 and 2 all the winning moves; from a cold one the children of remoteness
N − 2 (case 3), which are among the children that take 1 and, when B = 2, those that
leave a big pile at 0 or 1 — any other child takes a ≥ 2 and keeps B ≥ 2, so its
remoteness is at most (N − a) − 1 ≤ N − 3. ``tests/test_misere_nim.py`` checks all of it
against a plain search of every position (up to 4 piles of 12).
"""

from __future__ import annotations

from collections.abc import Sequence

Piles = tuple[int, ...]


def value(piles: Sequence[int]) -> tuple[bool, int]:
    """(cold?, remoteness) of a misère Nim position (the theorem's four cases)."""
    big = sum(1 for n in piles if n >= 2)
    ones = sum(1 for n in piles if n == 1)
    if big == 0:
        return ones % 2 == 1, ones
    if big == 1:
        return False, ones + 2 if ones % 2 == 0 else ones + 1
    x = 0
    for n in piles:
        x ^= n
    total = sum(piles)
    if x == 0:
        return True, total - 1
    return False, total - max(n - (n ^ x) for n in piles if n ^ x < n)


def winning_children(piles: Sequence[int]) -> list[Piles]:
    """The cold children, pile by pile (none from a cold position)."""
    pos = tuple(piles)
    big = [i for i, n in enumerate(pos) if n >= 2]
    ones = sum(1 for n in pos if n == 1)
    if not big:
        if ones % 2 == 1:
            return []
        return [_with(pos, i, 0) for i, n in enumerate(pos) if n == 1]
    if len(big) == 1:
        return [_with(pos, big[0], 1 if ones % 2 == 0 else 0)]
    x = 0
    for n in pos:
        x ^= n
    return [_with(pos, i, n ^ x) for i, n in enumerate(pos) if x and n ^ x < n]


def best_children(piles: Sequence[int]) -> list[Piles]:
    """The children a perfect player chooses among: the cold ones of least remoteness from
    a hot position, those of greatest remoteness from a cold one (see the proof above)."""
    pos = tuple(piles)
    cold, _ = value(pos)
    if not cold:
        kids = winning_children(pos)
    else:
        big = [i for i, n in enumerate(pos) if n >= 2]
        kids = [_with(pos, i, n - 1) for i, n in enumerate(pos) if n > 0]
        if len(big) == 2:
            kids += [_with(pos, i, m) for i in big for m in (1, 0)]
    if not kids:
        return []
    rems = {k: value(k)[1] for k in kids}
    best = min(rems.values()) if not cold else max(rems.values())
    chosen = [k for k in dict.fromkeys(kids) if rems[k] == best]
    return sorted(chosen, key=lambda k: _move_order(pos, k))  # the order of the moves


def _move_order(pos: Piles, child: Piles) -> tuple[int, int]:
    """Moves are listed pile by pile, the smallest amount first."""
    i = next(j for j, (a, b) in enumerate(zip(pos, child, strict=True)) if a != b)
    return i, pos[i] - child[i]


def _with(pos: Piles, i: int, size: int) -> Piles:
    return (*pos[:i], size, *pos[i + 1 :])
