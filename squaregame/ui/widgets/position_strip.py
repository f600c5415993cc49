"""The numbers around the current one with their hot/cold faces (the classic lesson's table)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static


@dataclass(frozen=True)
class StripCell:
    n: int
    hot: bool
    current: bool


class PositionStrip(Static):
    def show(self, cells: tuple[StripCell, ...]) -> None:
        top, bottom = Text(), Text()
        for c in cells:
            label = f"{c.n}"
            face = "☺" if c.hot else "☹"
            w = max(len(label), 1) + 2
            style = "reverse bold" if c.current else ""
            top.append(f"{label:^{w}}", style=style)
            bottom.append(
                f"{face:^{w}}",
                style=("green" if c.hot else "red") + (" reverse" if c.current else ""),
            )
            top.append(" ")
            bottom.append(" ")
        self.update(Text.assemble(top, "\n", bottom))
