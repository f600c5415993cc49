"""A choice among a few (Textual's ``Select``), with its classes given before it is mounted.

Textual's ``Select`` gives its shown value the class ``-has-value`` and its list of options
``-textual-compact`` (bound to its own ``compact``) once they are mounted, and each class
given to a mounted widget restyles it: in the new-game dialog's seven choices, a tenth of
the cost of opening it (issue 46). Here they have those classes from the start, as they
will be given them (a value is always chosen: no blank).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class Choice(Select[Any]):
    def __init__(self, options: list[tuple[str, Any]], value: Any, *, id: str) -> None:
        super().__init__(options, value=value, allow_blank=False, id=id, compact=True)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, SelectCurrent):  # a value is always chosen
                widget.set_reactive(SelectCurrent.has_value, True)  # (its watcher: a no-op)
                widget.set_class(True, "-has-value", update=False)
            elif isinstance(widget, SelectOverlay):
                widget.set_class(self.compact, "-textual-compact", update=False)
            yield widget
