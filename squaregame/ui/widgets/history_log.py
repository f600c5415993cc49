"""The moves so far, each with its verdict mark (✓ best, ~ slow, ✗ blunder); a click on a
move posts :class:`HistoryLog.Jump` to the position before it (to play it otherwise)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from squaregame.play.review import HistoryLine
from squaregame.text import tr

MARKS = {"best": ("✓", "green"), "slow": ("~", "yellow"), "blunder": ("✗", "red"),
         "forced": ("·", "dim"), "stall": ("·", "dim")}  # fmt: skip


class HistoryLog(Static):
    @dataclass
    class Jump(Message):
        """Go back to the position after ``moves`` moves (before the move clicked)."""

        moves: int

    _numbers: tuple[int, ...] = ()

    def show(self, lines: tuple[HistoryLine, ...], limit: int = 200) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")  # one row a move: a click finds it
        self._numbers = tuple(line.number for line in lines[-limit:])
        if not lines:
            text.append(tr("ui_widgets.history.empty"), style="dim")
        for line in lines[-limit:]:
            mark, style = MARKS.get(line.verdict, ("·", "dim"))
            text.append(
                f"{line.number:>3}. {line.who:<8} ", style="bold" if line.who == "You" else ""
            )
            text.append(f"{line.description} ")
            text.append(mark, style=style)
            if line.hints:
                text.append(" " + tr("ui_widgets.history.hint"), style="dim")
            text.append("\n")
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._numbers):
            return
        self.post_message(self.Jump(self._numbers[offset.y] - 1))
