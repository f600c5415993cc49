"""The numbers around the current one with their hot/cold faces (the classic lesson's table).

The faces are the answer: with hints off they are hidden (``hot`` is None, drawn ``·``), so
the strip never gives away which numbers are cold."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static


@dataclass(frozen=True)
class StripCell:
    n: int
    hot: bool | None  # None: not shown (hints are off)
    current: bool


class PositionStrip(Static):
    def show(self, cells: tuple[StripCell, ...]) -> None:
        top, bottom = Text(), Text()
        for c in cells:
            label = f"{c.n}"
            face = "·" if c.hot is None else "☺" if c.hot else "☹"
            w = max(len(label), 1) + 2
            style = "reverse bold" if c.current else ""
            top.append(f"{label:^{w}}", style=style)
            bottom.append(
                f"{face:^{w}}",
                style=("dim" if c.hot is None else "green" if c.hot else "red")
                + (" reverse" if c.current else ""),
            )
            top.append(" ")
            bottom.append(" ")
        self.update(Text.assemble(top, "\n", bottom))
