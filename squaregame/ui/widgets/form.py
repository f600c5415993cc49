"""A labelled row for the dialogs (one line tall with compact widgets). The row whose field
has the focus is marked ``▶`` before its label (:meth:`RowLabel.point`, called by the
dialog): the field being changed is told by shape, not only by its background (NO_COLOR)."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label

POINTER = "▶ "


class RowLabel(Label):
    """A row's label, two cells in: ``▶`` there while its row's field has the focus."""

    def __init__(self, words: str) -> None:
        self.words = words
        self.pointed = False
        super().__init__(self._text(False), classes="label")

    def _text(self, pointed: bool) -> str:
        return f"{POINTER if pointed else ' ' * len(POINTER)}{self.words}" if self.words else ""

    def point(self, pointed: bool) -> None:
        if pointed != self.pointed:
            self.pointed = pointed
            self.update(self._text(pointed))

    def say(self, words: str) -> None:
        """New words (another language, another game's field), the mark kept."""
        self.words = words
        self.update(self._text(self.pointed))


def form_row(label: str, *widgets: Widget, id: str | None = None) -> Horizontal:
    return Horizontal(RowLabel(label), *widgets, classes="row", id=id)


def point_at(screen: Widget, focused: Widget | None) -> None:
    """Mark the row holding ``focused`` (none: no row) among ``screen``'s rows."""
    rows = set(focused.ancestors_with_self) if focused is not None else set()
    for label in screen.query(RowLabel):
        label.point(label.parent in rows)
