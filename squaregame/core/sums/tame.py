"""Misère sums of subtraction games: Conway's genus theory, in the form every rule here takes.

Every rule of this package is a *subtraction game*: a pile of n may lose any amount of a
fixed set A (finite or not: squares, cubes, powers of two, Nim's 1, 2, 3, …) that is at most
n. Write g for the normal-play Grundy value and a for the least member of A; the positions
below a are the terminal ones. Misère play is decided below from the normal values alone.

**Theorem F (Ferguson).** For n ≥ a: g(n) = 1 ⇔ g(n − a) = 0.
Proof, by induction on n. (⇐) Let g(n − a) = 0: n − a is a child of n of value 0. If a child
n − b had value 1, it would not be terminal (a value 1 needs a child of value 0), so
n − b ≥ a and by induction g(n − b − a) = 0; but n − a − b is then a child of n − a (b ≤
n − a) of value 0, against g(n − a) = 0. So g(n) = mex = 1. (⇒) Let g(n) = 1. The child
n − a has value 0 or at least 2. If at least 2, it has a child n − a − d of value 0
(d ∈ A); then n − d ≥ a and by (⇐) at n − d, g(n − d) = 1 — a child of n with n's own
value, impossible. So g(n − a) = 0. ∎

**Lemma C.** A position of value 0 that is not terminal has a child of value 1.
Proof: its child n − a has a value other than 0. If it is 1, done; otherwise n − a has a
child n − a − d of value 0, and by F the child n − d of n has value 1. ∎

**Theorem S (Bouton's misère rule, for any such piles).** A sum of piles, each under any
subtraction rule, is cold in misère play exactly when

* some pile has g ≥ 2 ("big") and the nim-sum of the piles' g is 0, or
* no pile has g ≥ 2 and the nim-sum is 1 (an odd number of piles have g = 1).

Proof, by induction on the game tree. Terminal: every pile has g = 0, none big, nim-sum 0:
hot, as misère play says. Let x be the nim-sum.
*Nothing big, x = 1 (claimed cold).* A move changes one pile's value: to the other of 0
and 1 (the count of 1s becomes even: hot), or to some h ≥ 2 (then something is big and
x becomes 1 ⊕ g ⊕ h ≥ 2 ≠ 0: hot). Every child is hot.
*Nothing big, x = 0 (claimed hot).* If some pile has g = 1, move it to a child of value 0
(x becomes 1, nothing big: cold). Otherwise every pile has g = 0 and one is not terminal
(else the sum is terminal, which is hot); by C it has a child of value 1: cold.
*Something big, x = 0 (claimed cold).* A child keeps x ≠ 0 (the moved pile's value
changes). If something is still big it is hot; if not, the moved pile was the only big one
and the others' values are 0s and 1s, so x = 0 would need g ≤ 1 of it: impossible. Hot.
*Something big, x ≠ 0 (claimed hot).* If two or more piles are big, move a pile whose
value has x's top bit to the value g ⊕ x < g (a child of that value exists, by the mex):
x becomes 0 and a big pile is left: cold. If one pile is big, with value g ≥ 2, and c
piles have value 1: move it to value 1 if c is even, to 0 if c is odd (both are below g):
nothing big is left and an odd number of 1s: cold. ∎

In particular a pile alone is cold in misère play exactly when g = 1 (the positions a
above a normal-play cold one, by F).

**Theorem G (genus).** Conway's genus of a game G is g^(γ0 γ1 γ2 …), where γk is the
misère Grundy value (mex of the options', 1 for a terminal game) of G plus k Nim heaps of 2.
Every position of a subtraction game has the genus of the Nim heap of its value g:
0^120 (g = 0), 1^031 (g = 1) and g^(g, g⊕2) for g ≥ 2, the last two repeating for ever.
Proof. First, γ(H + *1) = γ(H) ⊕ 1 for every game H, by induction: the options of H + *1
are H' + *1 (values γ(H') ⊕ 1) and H (value γ(H) =: v); the set {γ(H') ⊕ 1} holds every
w ⊕ 1 with w < v and not v ⊕ 1, so adding v the mex is v ⊕ 1 (check v even and v odd); for
a terminal H the only option is H itself, γ = 1, mex 0 = 1 ⊕ 1. Hence, for k ≥ 1, the
options of G + k·*2 give γk(G) = mex({γk(G')} ∪ {γ(k−1)(G), γ(k−1)(G) ⊕ 1}) (the heap of 2
moves to 1 or 0). Write τ for the claimed sequence: τ0(g) = g ⊕ 1 for g ≤ 1, else g; and
for k ≥ 1, τk(g) = g ⊕ 2 for odd k, g for even k. Let S be the children's values (mex S =
g). γ0: τ0 swaps 0 and 1, so mex τ0(S) = τ0(g) unless g = 0, where it needs 1 ∈ S: that is
C (and a terminal position has γ0 = 1 = τ0(0)). Odd k: the set is (S ⊕ 2) ∪ {g, g ⊕ 1};
g ⊕ 2 is not in it (g ∉ S), and each v < g ⊕ 2 is: v ⊕ 2 < g puts it in S ⊕ 2, and
otherwise v lies in g's block of four with v ∈ {g, g ⊕ 1} (check the four places of g in its
block). Even k ≥ 2: the set is S ∪ {g ⊕ 2, g ⊕ 3}, whose mex is g. ∎

So every rule is *tame* in Conway's sense — each position plays like a Nim heap in misère
sums, the tamest genus there is — and Theorem S is the tame sums' rule, proved above for
these piles directly. ``tests/test_misere_tame.py`` checks F, C, S and G by brute force
(the genus straight from its definition, with heaps of 2 added to the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Genus(NamedTuple):
    """g^(γ0 γ1 …): the normal value and the misère values with 0, 1, 2 … heaps of 2 added;
    ``head`` ends with the two values that then alternate for ever."""

    grundy: int
    head: tuple[int, ...]

    def gamma(self, k: int) -> int:
        """γk, however far: past the head the last two values alternate."""
        if k < len(self.head):
            return self.head[k]
        return self.head[len(self.head) - 2 + (k - len(self.head)) % 2]

    @property
    def notation(self) -> str:
        """Conway's ``0^120``, ``1^031``, ``2^20``; values of several digits comma-separated
        in parentheses: ``12^(12,14)``."""
        if all(v < 10 for v in self.head):
            return f"{self.grundy}^" + "".join(map(str, self.head))
        return f"{self.grundy}^(" + ",".join(map(str, self.head)) + ")"


def tame_genus(g: int) -> Genus:
    """The genus of a position of normal value ``g`` in any subtraction game (Theorem G)."""
    if g == 0:
        return Genus(0, (1, 2, 0))
    if g == 1:
        return Genus(1, (0, 3, 1))
    return Genus(g, (g, g ^ 2))


def tame_cold(values: Sequence[int]) -> bool:
    """Is a sum of piles of these normal values cold in misère play (Theorem S)?"""
    x = 0
    for v in values:
        x ^= v
    if any(v >= 2 for v in values):
        return x == 0
    return x == 1


def cold_values(others: Sequence[int], below: int) -> list[int]:
    """The values v < ``below`` that one more pile may take so that the sum with piles of
    the values ``others`` is cold in misère play, smallest first (at most three: Theorem
    S allows only 0, 1 and the others' nim-sum)."""
    x = 0
    for v in others:
        x ^= v
    candidates = sorted({0, 1, x})
    return [v for v in candidates if v < below and tame_cold([*others, v])]
