"""A modal screen answered once (:class:`Dialog`), the base of every dialog of the app.

Keys typed faster than a dialog closes (a second and third Enter on "Start") reach it after
its answer; answering again would pop whatever screen is then on top (Textual's ``dismiss``
pops the top screen, not the dialog), taking the game just opened or the menu with it. A
dialog no longer on top drops such an answer.
"""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if not self.is_attached or self.app.screen is not self:
            return AwaitComplete()  # answered already: it is closing, or closed
        return super().dismiss(result)
