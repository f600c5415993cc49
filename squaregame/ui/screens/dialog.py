"""A modal screen answered once (:class:`Dialog`), the base of every dialog of the app.

Keys typed faster than a dialog closes (a second and third Enter on "Start") reach it after
its answer; answering again would pop whatever screen is then on top (Textual's ``dismiss``
pops the top screen, not the dialog), taking the game just opened or the menu with it. A
dialog no longer on top drops such an answer.

A modal screen's key bar shows only its own keys; the app's keys that work on every screen
(its priority bindings: F2, the teacher's challenge) are shown there too, first, when they
are shown at all (a challenge waits).

The row of a form whose field has the focus is marked ▶ (:mod:`squaregame.ui.widgets.form`).
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import ActiveBinding
from textual.screen import ModalScreen

from squaregame.ui.widgets.form import point_at

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if not self.is_attached or self.app.screen is not self:
            return AwaitComplete()  # answered already: it is closing, or closed
        return super().dismiss(result)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focused field's row marked ▶ before its label (shape, not colour)."""
        point_at(self, event.widget)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        own = super().active_bindings
        app = self.app
        shared = {
            key: ActiveBinding(app, b, True, b.tooltip)
            for key, b in app._bindings
            if b.priority and b.show and key not in own
        }
        return {**shared, **own}
