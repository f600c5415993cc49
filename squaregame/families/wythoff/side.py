"""Side views for Wythoff's queen: the same game as two piles, and the cold pairs."""

from __future__ import annotations

from functools import lru_cache

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
        rows = _pair_rows(size)  # made once a board: a move only moves the highlight
        t = Text()
        t.append(tr("ui_widgets.wythoff.pairs_title") + "\n", style="bold")
        t.append(tr("ui_widgets.wythoff.pairs_phi") + "\n", style="dim")
        if misere:
            t.append(tr("ui_widgets.wythoff.pairs_misere") + "\n", style="dim")
        t.append(f"\n{'k':>4} {'a_k':>6} {'b_k':>6}\n", style="bold")
        here = rows.at.get((min(queen), max(queen)))
        if here is None:
            t.append(rows.text)
        else:
            before, line, after = rows.split(here)
            t.append(before)
            t.append(line, style="reverse")
            t.append(f"  {tr('ui_widgets.wythoff.queen_here')}\n")
            t.append(after)
        self.update(t)


class _Rows:
    """The cold pairs' lines for one board, as one string, and where each pair's line is."""

    def __init__(self, size: int) -> None:
        pairs = list(cold_pairs(size))
        lines = [f"{k:>4} {a:>6} {b:>6}\n" for k, (a, b) in enumerate(pairs)]
        self.text = "".join(lines)
        self.at = {pair: k for k, pair in enumerate(pairs)}
        self.starts = [0]
        for line in lines:
            self.starts.append(self.starts[-1] + len(line))

    def split(self, k: int) -> tuple[str, str, str]:
        """The lines before pair ``k``, its line (without the newline), the lines after."""
        start, end = self.starts[k], self.starts[k + 1]
        return self.text[:start], self.text[start : end - 1], self.text[end:]


@lru_cache(maxsize=4)
def _pair_rows(size: int) -> _Rows:
    return _Rows(size)
