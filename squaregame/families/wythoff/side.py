"""Side views for Wythoff's queen: the same game as two piles, and the cold pairs."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.families.wythoff.table import cold_pairs
from squaregame.text import tr

MAX_DRAWN = 28


def _pile(n: int) -> str:
    return "●" * min(n, MAX_DRAWN) + ("…" if n > MAX_DRAWN else "")


class TwoPiles(Static):
    """Wythoff's Nim: a queen at (x, y) is two piles of x and y counters."""

    def show(self, x: int, y: int) -> None:
        t = Text()
        t.append(tr("ui_widgets.wythoff.nim_title") + "\n", style="bold")
        t.append(tr("ui_widgets.wythoff.nim_text") + "\n\n")
        t.append(tr("ui_widgets.wythoff.pile_x", n=x) + "\n", style="bold")
        t.append(_pile(x) + "\n\n", style="cyan")
        t.append(tr("ui_widgets.wythoff.pile_y", n=y) + "\n", style="bold")
        t.append(_pile(y) + "\n\n", style="magenta")
        t.append(tr("ui_widgets.wythoff.nim_keys"), style="dim")
        self.update(t)


class ColdPairs(Static):
    """The cold positions (a_k, b_k) up to the board size, with the golden-ratio formula."""

    def show(self, size: int, queen: tuple[int, int], misere: bool) -> None:
        t = Text()
        t.append(tr("ui_widgets.wythoff.pairs_title") + "\n", style="bold")
        t.append(tr("ui_widgets.wythoff.pairs_phi") + "\n", style="dim")
        if misere:
            t.append(tr("ui_widgets.wythoff.pairs_misere") + "\n", style="dim")
        t.append(f"\n{'k':>4} {'a_k':>6} {'b_k':>6}\n", style="bold")
        qa, qb = sorted(queen)
        for k, (a, b) in enumerate(cold_pairs(size)):
            here = (a, b) == (qa, qb)
            t.append(f"{k:>4} {a:>6} {b:>6}", style="reverse" if here else "")
            t.append(f"  {tr('ui_widgets.wythoff.queen_here')}\n" if here else "\n")
        self.update(t)
