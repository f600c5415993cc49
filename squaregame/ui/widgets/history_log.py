"""The moves so far, each with its verdict mark (✓ best, ~ slow, ✗ blunder)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.play.review import HistoryLine
from squaregame.text import tr

MARKS = {"best": ("✓", "green"), "slow": ("~", "yellow"), "blunder": ("✗", "red"),
         "forced": ("·", "dim"), "stall": ("·", "dim")}  # fmt: skip


class HistoryLog(Static):
    def show(self, lines: tuple[HistoryLine, ...], limit: int = 200) -> None:
        text = Text()
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
