"""The numbers around the current one with their hot/cold faces (the classic lesson's table).

The faces are the answer: with hints off they are hidden (``hot`` is None, drawn ``·``), so
the strip never gives away which numbers are cold."""

from __future__ import annotations

from dataclasses import dataclass

from rich.markup import escape
from textual.widgets import Static

from squaregame.text import tr


@dataclass(frozen=True)
class StripCell:
    n: int
    hot: bool | None  # None: not shown (hints are off)
    current: bool


class PositionStrip(Static):
    """Two rows: the numbers, and under each its face with a letter (☺H hot, ☹C cold in
    English; the letters are the language's own), in the theme's win/lose colours — the
    letter tells them apart on a monochrome projector, where ☺ and ☹ are small."""

    def show(self, cells: tuple[StripCell, ...]) -> None:
        faces = {True: tr("ui_widgets.strip.hot"), False: tr("ui_widgets.strip.cold")}
        top, bottom = [], []
        for c in cells:
            label = f"{c.n}"
            face = "·" if c.hot is None else faces[c.hot]
            w = max(len(label), len(face)) + 2
            here = " reverse" if c.current else ""
            top.append(f"[bold{here}]{label:^{w}}[/] " if c.current else f"{label:^{w}} ")
            colour = "dim" if c.hot is None else "$success" if c.hot else "$error"
            bottom.append(f"[{colour}{here}]{escape(face):^{w}}[/] ")
        self.update("".join(top) + "\n" + "".join(bottom))
