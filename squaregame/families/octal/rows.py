"""Rows of pins, drawn large: each row numbered, its pins, its size (and, with hints, its
Grundy value). Renders an immutable :class:`RowsPicture`.

The move chosen in the move list is drawn on the board: its row is marked ▶ and the pins it
knocks down are drawn hollow (▐░▌ or ○, not ▐█▌ or ●), a split without taking (Grundy's game)
as a cut │ between two pins — never by colour alone. With hints on, a ✓ under a pin says
that some winning move knocks it down (a cut: under the pin after it). A click on a pin posts
:class:`RowsView.Clicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

BIG, SMALL = 4, 2  # columns a pin takes: "▐█▌ " when every row fits so, else "● "


@dataclass(frozen=True)
class Aim:
    """What one move does to its row: ``row`` (0-based), the pins it takes (``first`` and
    ``count``; a split without taking: ``count`` 0 and a cut before pin ``first``)."""

    row: int
    first: int
    count: int


@dataclass(frozen=True)
class RowsPicture:
    sizes: tuple[int, ...]
    labels: tuple[str, ...] | None  # each row's rule (games side by side), shown before it
    grundy: tuple[int, ...] | None  # shown with hints
    aim: Aim | None  # the chosen move
    lit: frozenset[tuple[int, int]]  # (row, pin) that a winning move knocks down (hints on)
    hints: bool


class RowsView(Widget, can_focus=False):
    DEFAULT_CSS = """
    RowsView {
        height: auto;
        padding: 1 0 0 0;
    }
    """

    @dataclass
    class Clicked(Message):
        row: int  # 0-based
        pin: int | None  # 0-based; None: the row but not a pin

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture: RowsPicture | None = None

    def show(self, picture: RowsPicture) -> None:
        self.picture = picture
        self.refresh(layout=True)

    PREFIX = 6  # "▶ 12 " and a space

    def _label_width(self) -> int:
        p = self.picture
        return max((len(x) for x in p.labels), default=0) if p and p.labels else 0

    def _prefix(self) -> int:
        """Columns before the first pin: the row's mark and number, and its rule's label."""
        width = self._label_width()
        return self.PREFIX + (width + 1 if width else 0)

    def _cell(self) -> int:
        """Columns a pin takes: large where every row fits, else small (0: too long)."""
        p = self.picture
        room = max(self.size.width - self._prefix() - 12, 8)
        longest = max(p.sizes, default=0) if p else 0
        if longest * BIG <= room:
            return BIG
        return SMALL if longest * SMALL <= room else 0

    def _lines_per_row(self) -> int:
        return 2 if self.picture is not None and self.picture.hints else 1

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        p = self.picture
        return max(1, len(p.sizes) * self._lines_per_row()) if p else 1

    def render(self) -> Text:
        p = self.picture
        if p is None:
            return Text("")
        cell = self._cell()
        text = Text(no_wrap=True, overflow="crop")
        for i, n in enumerate(p.sizes):
            aim = p.aim if p.aim is not None and p.aim.row == i else None
            text.append("▶ " if aim else "  ", style="bold")
            text.append(f"{i + 1:>2}  ", style="bold" if aim else "")
            if p.labels is not None:
                label = p.labels[i] if i < len(p.labels) else ""
                text.append(f"{label:<{self._label_width()}} ", style="dim")
            marks = Text()
            if cell:
                cut = aim.first if aim is not None and aim.count == 0 else None
                for k in range(n):
                    taken = aim is not None and aim.first <= k < aim.first + aim.count
                    pin = ("▐░▌" if taken else "▐█▌") if cell == BIG else ("○" if taken else "●")
                    text.append(pin, style="bold reverse" if taken else "")
                    gap = cell - len(pin)
                    if cut is not None and k + 1 == cut:  # a split between this pin and the next
                        text.append("│", style="bold")
                        gap -= 1
                    text.append(" " * gap)
                    lit = (i, k) in p.lit
                    marks.append(("✓" if lit else " ").center(cell - 1) + " ", style="bold")
            else:  # too long to draw pin by pin: a bar
                text.append("●" * 20 + "…", style="")
            text.append(f"  {n}", style="bold")
            if p.hints and p.grundy is not None and i < len(p.grundy):
                text.append(f"  g={p.grundy[i]}", style="magenta")
            text.append("\n")
            if p.hints:
                text.append(" " * self._prefix())
                text.append_text(marks)
                text.append("\n")
        return text

    def on_click(self, event: events.Click) -> None:
        p = self.picture
        at = event.get_content_offset(self)
        if p is None or at is None:
            return
        row = at.y // self._lines_per_row()
        if not 0 <= row < len(p.sizes):
            return
        cell = self._cell()
        prefix = self._prefix()
        k = (at.x - prefix) // cell if cell else -1
        pin = k if 0 <= k < p.sizes[row] and at.x >= prefix else None
        self.post_message(self.Clicked(row, pin))
