"""The lines under a Wythoff board far out: the queen's coordinates, where an unseen winning
move lies, and the heatmap's legend (whose digits there count down from the queen's own
remoteness: the remoteness itself, in the trillions, would be "+" everywhere)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable

from squaregame.families.wythoff.board_axis import far_lines, is_far, off_window
from squaregame.text import tr

Cell = tuple[int, int]


def winning(
    targets: Iterable[Cell],
    wins: Iterable[Cell] | None,
    value: Callable[[int, int], tuple[bool, int]] | None,
) -> list[Cell]:
    """The winning targets the hints mark: ``wins`` where given, else the cold targets."""
    if wins is not None:
        return sorted(wins)
    return sorted(t for t in targets if value is not None and value(*t)[0])


def notes(size: int, queen: Cell, wins: list[Cell], xs: range, ys: range, width: int) -> list[str]:
    """The lines under the axis of a board far out (none for one near the corner). With
    a winning target ``wins`` and none in the window, the note says which way the nearest
    is ("✓ ↙ 0,1"): the hint names it, the board shows where to look."""
    if not is_far(size):
        return []
    note = ""
    if wins and xs and ys and not any(x in xs and y in ys for x, y in wins):
        qx, qy = queen
        near = min(wins, key=lambda t: (max(abs(t[0] - qx), abs(t[1] - qy)), t))
        note = off_window(near, xs, ys)
    return far_lines(queen, width, note)


def note_rows(size: int, queen: Cell, width: int) -> int:
    """How many lines :func:`notes` takes (known before the window is)."""
    return len(far_lines(queen, width)) if is_far(size) else 0


def heat_legend(size: int, top: int, width: int) -> list[str]:
    """The heatmap's legend: its marks and its scale; far out, the scale from the queen's
    remoteness down, the two run together and wrapped to ``width`` (three lines at 60×20)."""
    marks = tr("ui_widgets.board.heatmap_marks")
    if not is_far(size):
        return [marks, tr("ui_widgets.board.heatmap_scale", top=top)]
    words = f"{marks} · {tr('ui_widgets.board.heatmap_scale_far')}"
    return textwrap.wrap(words, max(10, width))
