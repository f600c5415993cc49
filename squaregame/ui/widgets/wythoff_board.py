"""The Wythoff board: coordinates on both axes, the corner (0,0) at the bottom left.

Renders an immutable :class:`BoardView`; the visible window pans to keep the cursor and
the queen in sight, so boards far larger than the terminal (e.g. from (300, 500)) work.
A click posts :class:`WythoffBoard.Clicked`; the screen decides whether it is a move.

Marks (never colour alone): ♛ the queen, • a square she can reach, ✓ a winning target
(hints), ☹ any cold square (hints), and in the heatmap each square's remoteness as a
character (0–9, then a–z, + beyond), cold squares in reverse video.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

Cell = tuple[int, int]
REM_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class BoardView:
    size: int  # the board is 0..size in both directions
    queen: Cell
    cursor: Cell
    targets: frozenset[Cell]  # where the queen may move (empty when it is not your move)
    hints: bool = False
    heatmap: bool = False
    value: Callable[[int, int], tuple[bool, int]] | None = None  # (cold?, remoteness)


class WythoffBoard(Widget, can_focus=True):
    DEFAULT_CSS = """
    WythoffBoard {
        height: 1fr;
        min-height: 6;
    }
    """

    @dataclass
    class Clicked(Message):
        cell: Cell

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: BoardView | None = None
        self._origin: Cell = (0, 0)

    def show(self, view: BoardView) -> None:
        self.view = view
        self.refresh()

    # -- geometry ------------------------------------------------------------------------
    def _label_width(self) -> int:
        return len(str(self.view.size)) if self.view else 1

    def _window(self) -> tuple[int, int]:
        cols = max(1, (self.size.width - self._label_width() - 1) // 2)
        rows = max(1, self.size.height - 1)
        return cols, rows

    def _pan(self) -> Cell:
        """Move the window as little as possible to show the cursor (and the queen if it fits)."""
        assert self.view is not None
        cols, rows = self._window()
        ox, oy = self._origin
        size = self.view.size
        for cx, cy in (self.view.queen, self.view.cursor):
            if cx < ox:
                ox = cx
            elif cx >= ox + cols:
                ox = cx - cols + 1
            if cy < oy:
                oy = cy
            elif cy >= oy + rows:
                oy = cy - rows + 1
        ox = max(0, min(ox, max(0, size + 1 - cols)))
        oy = max(0, min(oy, max(0, size + 1 - rows)))
        self._origin = (ox, oy)
        return ox, oy

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The board square under widget offset (x, y), if any."""
        if self.view is None:
            return None
        cols, rows = self._window()
        ox, oy = self._origin
        lw = self._label_width() + 1
        top = min(oy + rows - 1, self.view.size)  # the row drawn first
        if x < lw or y > top - oy:
            return None
        col = (x - lw) // 2
        cell = (ox + col, top - y)
        if col >= cols or not (0 <= cell[0] <= self.view.size and 0 <= cell[1] <= self.view.size):
            return None
        return cell

    # -- drawing -------------------------------------------------------------------------
    def render(self) -> Text:
        v = self.view
        if v is None:
            return Text("")
        cols, rows = self._window()
        ox, oy = self._pan()
        lw = self._label_width()
        text = Text(no_wrap=True, overflow="crop")
        for y in range(min(oy + rows - 1, v.size), oy - 1, -1):
            text.append(f"{y:>{lw}} ", style="dim")
            for x in range(ox, min(ox + cols, v.size + 1)):
                ch, style = self._cell(v, x, y)
                if (x, y) == v.cursor and v.cursor != v.queen:
                    style += " reverse"
                text.append(ch, style=style)
                text.append(" ", style=style if (x, y) == v.cursor and v.cursor != v.queen else "")
            text.append("\n")
        axis = [" "] * (cols * 2)
        for i, x in enumerate(range(ox, min(ox + cols, v.size + 1))):
            if x % 5 == 0 or x == ox:
                label = str(x)
                for j, c in enumerate(label):
                    if i * 2 + j < len(axis):
                        axis[i * 2 + j] = c
        text.append(f"{'x':>{lw}} " + "".join(axis).rstrip(), style="dim")
        return text

    @staticmethod
    def _cell(v: BoardView, x: int, y: int) -> tuple[str, str]:
        if (x, y) == v.queen:
            return "♛", "bold yellow"
        cold, rem = v.value(x, y) if v.value and (v.hints or v.heatmap) else (False, 0)
        if v.heatmap and v.value is not None:
            ch = REM_CHARS[rem] if rem < len(REM_CHARS) else "+"
            shade = ["#5f87ff", "#5fafaf", "#87af5f", "#afaf5f", "#d7875f", "#d75f5f"]
            style = shade[min(rem // 4, len(shade) - 1)]
            if cold:
                style += " reverse bold"
            return ch, style
        if v.hints and (x, y) in v.targets and cold:
            return "✓", "bold green"
        if v.hints and cold:
            return "☹", "red"
        if (x, y) in v.targets:
            return "•", "bold"
        return "·", "dim"

    # -- input ---------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        cell = None if at is None else self.cell_at(at.x, at.y)
        if cell is not None:
            self.post_message(self.Clicked(cell))
