"""A labelled row for the dialogs (one line tall with compact widgets)."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label


def form_row(label: str, *widgets: Widget, id: str | None = None) -> Horizontal:
    return Horizontal(Label(label, classes="label"), *widgets, classes="row", id=id)
