"""Misère sums of *tame* parts: Conway's firm/fickle rule on each part's pair (normal value,
misère outcome), proven here in the form the program uses it (ONAG, ch. 12: tame games;
Plambeck and Siegel's survey for the names).

Let a part be a game all of whose positions (its own and every follower) carry
g — the normal-play Grundy value — and their misère outcome alone. Call a position *fickle*
when g = 0 and it is hot in misère play, or g = 1 and it is cold in misère play (it plays
like the Nim heap *0 or *1, whose misère value is g ⊕ 1); *firm* otherwise (its misère value
is g, like a sum of heaps with a heap of 2 or more). A terminal position (g = 0, misère hot)
is fickle. A part is *tame here* when all its positions satisfy

* (T0) a position with g ≥ 2 is hot in misère play (so fickle positions have g ≤ 1);
* (T1) a fickle position has no firm child of value g ⊕ 1;
* (T2) a fickle position with g = 1 has a fickle child of value 0;
* (T3) a fickle position with g = 0 that is not terminal has a fickle child of value 1;
* (T4) a firm position with g ≤ 1 has no fickle child of value g ⊕ 1;
* (T5) a firm position with g ≥ 2 has a child that is fickle of value 0 or firm of value 1.

**Theorem (the firm/fickle rule).** A sum of tame parts is cold in misère play exactly when
some part is firm and the nim-sum X of the parts' g is 0, or every part is fickle and X = 1.

Proof, by induction on the game tree; a move changes one part P to a child P' (g' ≠ g).
*All fickle, X = 1 (claimed cold).* If P' is fickle, g' = g ⊕ 1 and X becomes 0 with all
fickle: hot. If P' is firm, the child is cold only if X' = 0, i.e. g' = g ⊕ 1: (T1) forbids
it. Every child is hot.
*All fickle, X = 0 (claimed hot), not terminal.* A part of g = 1 moves to a fickle child of
value 0 (T2): all fickle, X = 1, cold. If every g is 0, a part that can move moves to a
fickle child of value 1 (T3): cold.
*Some firm, X = 0 (claimed cold).* Every child has X' ≠ 0, so it is cold only if all its
parts are fickle and X' = 1: P was the only firm part and becomes fickle; the others' g
(0 or 1) have a nim-sum Y with g = Y ≤ 1, and X' = g ⊕ g' = 1 — (T4) forbids it. Hot.
*Some firm, X ≠ 0 (claimed hot).* Two firm parts or more: a part whose g has X's top bit
moves to the value g ⊕ X < g (a child of it exists: the mex); a firm part is left and X'
= 0: cold. One firm part Q of value q, the fickle others of nim-sum Y ≤ 1 (q ≠ Y):
 - q ≥ 2, Y = 0: Q alone is hot (T0), so it has a child cold alone, which is firm of value
   0 or fickle of value 1 (the rule for one part, which the definitions make true): the sum
   becomes firm with X' = 0, or all fickle with X' = 1. Cold.
 - q ≥ 2, Y = 1: by (T5) Q moves to fickle 0 (all fickle, X' = 1) or firm 1 (X' = 0). Cold.
 - q = 0, Y = 1: a fickle part of g = 1 moves to a child of value 0; Q stays: X' = 0. Cold.
 - q = 1, Y = 0: a fickle part of g = 1 moves to value 0, else a fickle part of g = 0 that
   can move moves to value 1 (T3), Q staying firm with X' = 0; else the others are all
   terminal and Q, firm of value 1, is hot alone: its cold-alone child is firm of value 0
   (not value 1: that is Q's own): X' = 0. Cold. ∎

A part alone is cold exactly when it is firm of value 0 or fickle of value 1, which is its
misère outcome: so a part's label comes from its own two values.

**Which parts are tame here.**
*Subtraction games* (every pile rule of this program): fickle exactly when g ≤ 1
(:mod:`.tame`: Theorem S's cold piles alone are g = 1, by Theorem F). (T0) is Theorem S for
one pile, (T1)/(T4) hold as every firm pile has g ≥ 2, (T2) is the mex, (T3) is Lemma C,
(T5) holds as a pile of g ≥ 2 has children of values 0 and 1, both fickle. The rule then is
Theorem S.
*Wythoff's queen* (:mod:`squaregame.families.wythoff.closed`): the fickle positions are
exactly (0,0), (1,2), (2,1) (g = 0, hot in misère play) and (1,0), (0,1), (2,2) (g = 1, cold
in misère play): misère's cold cells are those three and normal play's (a_k, b_k), k ≥ 2,
of value 0. Every other position is firm; in particular (3,5) is firm of value 0, so it is
cold alone (Bouton's misère rule on normal values would call it hot: it is not a Nim heap).
(T0): misère-cold cells have g ≤ 1. (T1): a fickle position's children lie in the 3×3
corner, whose firm cells (2,0), (0,2), (1,1) have g = 2. (T2): (1,0), (0,1) → (0,0) and
(2,2) → (1,2). (T3): (1,2) → (1,0), (2,1) → (0,1). (T4): a firm cell of value 0 is some
(a_k, b_k), k ≥ 2, and reaches none of the corner's cells (the closed form's misère proof);
a firm cell of value 1 would share a line with a fickle cell of value 0 — but each value
appears at most once on a line (two cells of one line, one is the other's child), and the
lines up-right of (0,0), (1,2), (2,1) hold their value-1 cell at (1,0), (0,1), (2,2), all
fickle. (T5): Q of value q ≥ 2 has a child c of value 1 (the mex); if c is fickle it is
(1,0), (0,1) or (2,2), and every square up-right of one of them on its line reaches (0,0),
(1,2) or (2,1) (row 0 → (0,0); column 1 → (1,2), or (1,1) → (0,0); diagonal −1 → (2,1);
row 2 → (1,2); column 2 → (2,1); diagonal 0 → (0,0); and the mirror images). So Wythoff's
queen is tame (its genus at (3,5) is 0^02…, not a Nim heap's 0^120: tame but not *pet*).

``tests/test_wythoff_big_sums.py`` checks the rule against the plain misère search of sums
of Wythoff positions and piles, and checks T0–T5 on the boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class TamePair(NamedTuple):
    """A position of a tame part: its normal value and whether it is fickle."""

    grundy: int
    fickle: bool

    @property
    def alone_cold(self) -> bool:
        """Its misère outcome alone: cold when firm of value 0 or fickle of value 1."""
        return self.grundy == (1 if self.fickle else 0)


def label(grundy: int, misere_cold: bool) -> TamePair:
    """A position's pair from its normal value and its misère outcome (the definitions)."""
    return TamePair(grundy, (grundy == 0 and not misere_cold) or (grundy == 1 and misere_cold))


def tame_sum_cold(pairs: Sequence[TamePair]) -> bool:
    """Is a sum of tame parts at these pairs cold in misère play (the theorem)?"""
    x = 0
    for p in pairs:
        x ^= p.grundy
    if all(p.fickle for p in pairs):
        return x == 1
    return x == 0
