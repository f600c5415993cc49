"""Interactive parts of lesson steps. Each renders data made by ``squaregame.lessons``.

Hot and cold are never told by colour alone: each mark is the strip's face *and* the
language's letter (☺H hot, ☹C cold in English), so a monochrome projector, NO_COLOR or a
reader who does not see red from green still tells them apart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from squaregame.lessons.sieve import SieveFrame
from squaregame.text import tr
from squaregame.ui.room import roomy


def hot_cold(hot: bool) -> str:
    """Hot or cold as the strip writes it: a face and the language's letter (☺H, ☹C)."""
    return tr("ui_widgets.strip.hot" if hot else "ui_widgets.strip.cold")


class RevealPanel(Static):
    """Lines shown one more at a time (Space). A line of an outline ("  - …") wraps under
    its own text, not under the outline's left edge."""

    def show(self, lines: list[str], shown: int, more: int | None = None) -> None:
        """The first ``shown`` lines; ``more``: how many are still to come (default: the
        lines not shown)."""
        more = len(lines) - shown if more is None else more
        parts: list[RenderableType] = []
        for i, line in enumerate(lines[:shown]):
            style = "bold" if i == shown - 1 and more else ""
            parts += [_hanging(part, style) for part in line.split("\n")]
        if more:
            parts.append(Text("\n" + tr("ui_widgets.reveal.more", count=more), style="dim"))
        self.update(Group(*parts))


def _hanging(line: str, style: str) -> RenderableType:
    """One line; indented (an outline's "  - …", a note under a move) it wraps under its own
    text."""
    body = line.lstrip(" ")
    prefix = line[: len(line) - len(body)]
    if body.startswith("- "):
        prefix, body = prefix + "- ", body[2:]
    if not prefix:
        return Text(body, style=style)
    row = Table.grid()
    row.add_column(width=len(prefix), no_wrap=True)
    row.add_column()
    row.add_row(prefix, Text(body, style=style))
    return row


@dataclass(frozen=True)
class FillCell:
    n: int
    mark: bool | None  # True hot, False cold, None not marked yet
    right: bool | None  # was the mark right?


ROW = 8  # the table's numbers in rows of eight
BIG_CELL = (7, 10)  # columns of a large cell (its frame and a space): the fewest, the most


class FillPanel(Static):
    """The table of happy and sad faces, filled in by the student: on a large terminal in
    large framed cells (:meth:`big`), else four columns a number."""

    cells: tuple[FillCell, ...] = ()
    cursor = 0

    def show(self, cells: tuple[FillCell, ...], cursor: int) -> None:
        self.cells, self.cursor = cells, cursor
        self.update(self.drawn())

    def on_resize(self) -> None:
        self.update(self.drawn())  # large cells or small, for the width it has now

    def drawn(self) -> Text:
        cell = min(BIG_CELL[1], self.content_region.width // ROW)
        if self.is_attached and roomy(*self.app.size) and cell >= BIG_CELL[0]:
            return self.big(cell)
        return self.small()

    def big(self, width: int) -> Text:
        """Each number in a frame ``width - 1`` columns wide, its mark a row under it (the
        face and letter), a first wrong mark as ✗ in the frame's bottom; the cursor's cell
        drawn bold, its number reversed after a ▶."""
        inner = width - 3
        t = Text()
        for row in range(0, len(self.cells), ROW):
            line = self.cells[row : row + ROW]
            if row:
                t.append("\n")
            for c in line:
                t.append("╭" + "─" * inner + "╮ ", style="bold" if c.n == self.cursor else "dim")
            t.append("\n")
            for c in line:
                frame = "bold" if c.n == self.cursor else "dim"
                t.append("│", style=frame)
                here = c.n == self.cursor  # (▶: the cursor by shape too, NO_COLOR)
                number = f"▶{c.n:^{inner - 1}}" if here else f"{c.n:^{inner}}"
                t.append(number, style="reverse bold" if here else "bold")
                t.append("│ ", style=frame)
            t.append("\n")
            for c in line:  # a blank row between the number and its mark
                frame = "bold" if c.n == self.cursor else "dim"
                t.append("│" + " " * inner + "│ ", style=frame)
            t.append("\n")
            for c in line:
                frame = "bold" if c.n == self.cursor else "dim"
                face = "?" if c.mark is None else hot_cold(c.mark)
                style = "dim" if c.mark is None else ("green" if c.mark else "red")
                t.append("│", style=frame)
                t.append(f"{face:^{inner}}", style=style + (" bold" if c.mark is not None else ""))
                t.append("│ ", style=frame)
            t.append("\n")
            for c in line:
                frame = "bold" if c.n == self.cursor else "dim"
                if c.right is False:
                    left = (inner - 1) // 2
                    t.append("╰" + "─" * left, style=frame)
                    t.append("✗", style="bold red")
                    t.append("─" * (inner - 1 - left) + "╯ ", style=frame)
                else:
                    t.append("╰" + "─" * inner + "╯ ", style=frame)
            t.append("\n")
        return t

    def small(self) -> Text:
        cells, cursor = self.cells, self.cursor
        t = Text()
        for row in range(0, len(cells), 8):
            line = cells[row : row + 8]
            for c in line:
                here = c.n == cursor
                t.append(
                    f"▶{c.n:^3}" if here else f"{c.n:^4}", style="reverse bold" if here else "bold"
                )
            t.append("\n")
            for c in line:
                face = " ?  " if c.mark is None else f"{hot_cold(c.mark):^4}"
                style = "dim" if c.mark is None else ("green" if c.mark else "red")
                if c.right is False:
                    style += " underline"
                t.append(face, style=style)
            t.append("\n")
            for c in line:
                t.append(" ✗  " if c.right is False else "    ", style="bold red")
            t.append("\n")
        return t


class SievePanel(Static):
    """The sieve, as its step's panel lays it out (:func:`sieve_rows` for one pile; a family
    brings its own layout for positions of more numbers). ☹C cold, ☺H hot, · not marked
    yet; the newest cold one in brackets, [☹C], and reversed (by shape, NO_COLOR too)."""

    def show(self, drawn: RenderableType) -> None:
        self.update(drawn)


def sieve_rows(frame: SieveFrame, upto: int) -> Text:
    """One pile's sieve: the numbers 0..upto in rows of eight, each with its mark under it,
    then the frame's text."""
    t = Text()
    for row in range(0, upto + 1, 8):
        for n in range(row, min(row + 8, upto + 1)):
            t.append(f"{n:>4}", style="bold" if n == frame.new_cold else "")
        t.append("\n")
        for n in range(row, min(row + 8, upto + 1)):
            t.append(*sieve_face(frame, n))
        t.append("\n")
    t.append("\n" + frame.text)
    return t


NEWEST = "[]"  # around the sieve's newest cold mark


def sieve_face(frame: SieveFrame, pos: Any) -> tuple[str, str]:
    """The mark of ``pos`` in a sieve's ``frame``, four columns wide, and its style; the
    newest cold one in brackets (``[☹C]``: its own shape, not only its colour)."""
    mark = frame.marks.get(pos)
    if mark is None:
        return "   ·", "dim"
    if pos == frame.new_cold:
        return f"{NEWEST[0]}{hot_cold(False)}{NEWEST[1]}", "red bold reverse"
    return f"{hot_cold(mark):>4}", "green" if mark else "red bold"
