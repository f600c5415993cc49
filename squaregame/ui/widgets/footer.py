"""Textual's Footer, without the keys it keeps after it has dropped them (Textual #6666).

Textual's Footer makes a widget per key, bound to its ``compact`` attribute
(``FooterKey(…).data_bind(compact=Footer.compact)``), and makes them again each time the
screen's keys change (a screen shown again, a key enabled). Each binding leaves an entry
``(key widget, setter)`` in the Footer's watcher list, which Textual prunes only when
``compact`` itself changes — never, here. So each remake kept the old keys alive with all
they had drawn: a lesson's try-it and back again kept ~25,000 blocks of memory more each
time, and every full pass of Python's collector walked them (Textual issue #6666, open).
This Footer drops the entries of the keys it has removed once it has made the new ones.

It also makes its keys again only when they have changed: Textual remakes them each time
the screen says its keys may have (a screen shown, the focus moved), about ten times as
the new-game dialog opens, for the same four keys (issue 46); and its keys have their
``-compact`` class from the start, not once mounted (each class given to a mounted widget
restyles it).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from squaregame.ui.textual_fixes import drop_closed_watchers


class Footer(TextualFooter):
    _made: tuple[Any, ...] | None = None  # what its keys were made from

    def _keys(self) -> tuple[Any, ...]:
        """What the keys are made from: the screen's keys shown, each enabled or not, and
        the command palette's."""
        active = self.screen.active_bindings
        shown = [(b, on, tip) for _, b, on, tip in active.values() if b.show]
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        palette_key = palette[1:] if palette is not None else None
        return (self._bindings_ready, self.show_command_palette, self.compact, palette_key, *shown)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):  # as its binding to ``compact`` will make it
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        if self.is_attached:
            keys = self._keys()
            if keys == self._made:
                return
            self._made = keys
        await super().recompose()
        drop_closed_watchers(self)
