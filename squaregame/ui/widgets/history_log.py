"""The moves so far, each with its verdict mark (✓ best, ~ slow, ✗ blunder; none while
hints are off and the game goes on: :func:`~squaregame.play.view.shown_history`); a click on a
move posts :class:`HistoryLog.Jump` to the position before it (to play it otherwise). A move
too long for the width takes more rows, broken between words (never inside a position)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from squaregame.play.review import HIDDEN, HistoryLine
from squaregame.text import tr
from squaregame.ui.wrap import wrap_text

MARKS = {"best": ("✓", "green"), "slow": ("~", "yellow"), "blunder": ("✗", "red"),
         "forced": ("·", "dim"), "stall": ("·", "dim"), HIDDEN: ("", "")}  # fmt: skip
INDENT = 5  # a wrapped move's next lines begin under its text, past "  7. "


class HistoryLog(Static):
    @dataclass
    class Jump(Message):
        """Go back to the position after ``moves`` moves (before the move clicked)."""

        moves: int

    _numbers: tuple[int, ...] = ()  # the move on each row drawn
    _shown: tuple[tuple[HistoryLine, ...], int] = ((), 200)

    def show(self, lines: tuple[HistoryLine, ...], limit: int = 200) -> None:
        self._shown = (lines, limit)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        """A row a move where it fits; a longer move goes on below its number (a hanging
        indent), broken between words, never inside its position ("→ 0 + 6 + 6")."""
        lines, limit = self._shown
        width = self.content_region.width or 40
        text = Text(no_wrap=True)
        numbers: list[int] = []
        if not lines:
            text.append(tr("ui_widgets.history.empty"), style="dim")
        for line in lines[-limit:]:
            mark, style = MARKS.get(line.verdict, ("·", "dim"))
            row = Text()
            row.append(
                f"{line.number:>3}. {line.who:<8} ", style="bold" if line.who == "You" else ""
            )
            row.append(f"{line.description} " if mark else line.description)
            row.append(mark, style=style)
            if line.hints:
                row.append(" " + tr("ui_widgets.history.hint"), style="dim")
            for part in wrap_text(row, width, INDENT):
                text.append_text(part)
                text.append("\n")
                numbers.append(line.number)
        self._numbers = tuple(numbers)
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._numbers):
            return
        self.post_message(self.Jump(self._numbers[offset.y] - 1))
