"""Lines worked out two ways, a wide table and a narrow one (the nim-sum worked out), shown
as the widget's width fits: drawn again when that width changes (a side panel shown, the
terminal resized). Renders immutable tuples of lines."""

from __future__ import annotations

from textual.widgets import Static

from squaregame.ui.wrap import fitted


class FittedLines(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.lines: tuple[tuple[str, ...], tuple[str, ...] | None] = ((), None)

    def show(self, lines: tuple[tuple[str, ...], tuple[str, ...] | None]) -> None:
        """``lines``: the wide lines, and the narrow ones (None: the same)."""
        self.lines = lines
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        wide, narrow = self.lines
        self.update("\n".join(fitted(wide, narrow, self.content_region.width)))
