"""Side views for Wythoff's queen: the same game as two piles, and the cold pairs."""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text
from textual.widgets import Static

from squaregame.families.wythoff.closed import index_of, lower
from squaregame.families.wythoff.table import WYTHOFF_AUTO_LIMIT, cold_pairs
from squaregame.text import tr

MAX_DRAWN = 28
FIRST_PAIRS, NEAR_PAIRS = 6, 8  # a board far out: the first pairs, and those near the queen


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
        # made once a board (a move only moves the highlight); far out, around the queen
        far = size > WYTHOFF_AUTO_LIMIT
        rows = _near_rows(min(queen)) if far else _pair_rows(size)
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
    """The cold pairs' lines for pairs ``ks`` (in order; a line "…" where they skip), as one
    string, and where each pair's line is."""

    def __init__(self, ks: list[int]) -> None:
        lines: list[str] = []
        self.at: dict[tuple[int, int], int] = {}
        for i, k in enumerate(ks):
            if i and k != ks[i - 1] + 1:
                lines.append(f"{'…':>4}\n")
            a = lower(k)
            self.at[(a, a + k)] = len(lines)
            lines.append(f"{k:>4} {a:>6} {a + k:>6}\n")
        self.text = "".join(lines)
        self.starts = [0]
        for line in lines:
            self.starts.append(self.starts[-1] + len(line))

    def split(self, k: int) -> tuple[str, str, str]:
        """The lines before line ``k``, that line (without the newline), the lines after."""
        start, end = self.starts[k], self.starts[k + 1]
        return self.text[:start], self.text[start : end - 1], self.text[end:]


@lru_cache(maxsize=4)
def _pair_rows(size: int) -> _Rows:
    return _Rows([k for k, _ in enumerate(cold_pairs(size))])


@lru_cache(maxsize=4)
def _near_rows(n: int) -> _Rows:
    """A board far out: the first pairs, then those around the queen's smaller coordinate
    ``n`` (found by the closed form, never listed from 0)."""
    k = index_of(n)[0]
    return _Rows(sorted({*range(FIRST_PAIRS), *range(max(0, k - NEAR_PAIRS), k + NEAR_PAIRS + 1)}))
