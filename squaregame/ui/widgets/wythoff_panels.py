"""Side views for Wythoff's queen: the same game as two piles, and the cold pairs."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.core.wythoff import cold_pairs

MAX_DRAWN = 28


def _pile(n: int) -> str:
    return "●" * min(n, MAX_DRAWN) + ("…" if n > MAX_DRAWN else "")


class TwoPiles(Static):
    """Wythoff's Nim: a queen at (x, y) is two piles of x and y counters."""

    def show(self, x: int, y: int) -> None:
        t = Text()
        t.append("Wythoff's Nim\n", style="bold")
        t.append("The queen at (x, y) is two piles.\nA move takes any number from one\n")
        t.append("pile, or the same number from both.\n\n")
        t.append(f"pile x = {x}\n", style="bold")
        t.append(_pile(x) + "\n\n", style="cyan")
        t.append(f"pile y = {y}\n", style="bold")
        t.append(_pile(y) + "\n\n", style="magenta")
        t.append("Left = take from x, down = from y,\ndiagonal = the same from both.", style="dim")
        self.update(t)


class ColdPairs(Static):
    """The cold positions (a_k, b_k) up to the board size, with the golden-ratio formula."""

    def show(self, size: int, queen: tuple[int, int], misere: bool) -> None:
        t = Text()
        t.append("Cold pairs: a_k = ⌊kφ⌋, b_k = a_k + k\n", style="bold")
        t.append(
            "φ = (1+√5)/2 ≈ 1.618; a_k is also the\nsmallest number not used yet.\n", style="dim"
        )
        if misere:
            t.append(
                "Misère: (0,1) and (2,2) replace\n(0,0) and (1,2); the rest agree.\n", style="dim"
            )
        t.append(f"\n{'k':>4} {'a_k':>6} {'b_k':>6}\n", style="bold")
        qa, qb = sorted(queen)
        for k, (a, b) in enumerate(cold_pairs(size)):
            here = (a, b) == (qa, qb)
            t.append(f"{k:>4} {a:>6} {b:>6}", style="reverse" if here else "")
            t.append("  ◀ the queen\n" if here else "\n")
        self.update(t)
