"""Moves by keyboard: typed amounts or coordinates, pasted text, Enter, a chosen list row.

Typing keys are priority bindings like Enter: a priority binding runs as soon as the app
reads the key, while others wait in the focused widget's queue, so a quick "3 6 Enter"
would otherwise play before the digits arrive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from textual import events
from textual.binding import Binding

from squaregame.core.errors import GameError
from squaregame.play.session import Session
from squaregame.text import error_text, tr
from squaregame.ui.widgets.move_list import MoveList

P = TypeVar("P")
TYPED_CHARS = "0123456789 ,"
MAX_TYPED = 24


class TypedMoves(Generic[P]):
    """Mixed into :class:`~squaregame.ui.screens.game_base.GameScreen`."""

    TYPING_BINDINGS = (
        Binding("backspace", "backspace", "ui_game.keys.erase", show=False, priority=True),
        # not in the Footer (no room at 80 columns): every game's turn line says "or type …"
        Binding(
            "1", "type('1')", "ui_game.keys.type", key_display="0-9", show=False, priority=True
        ),
        *(
            Binding(d, f"type('{d}')", "ui_game.keys.type", show=False, priority=True)
            for d in "023456789"
        ),
        Binding("space", "type(' ')", "ui_game.keys.type", show=False, priority=True),
        # the comma key sends "б" under the Russian layout
        Binding("comma,б", "type(',')", "ui_game.keys.type", show=False, priority=True),
    )

    session: Session[P]
    typed: str
    thinking: bool

    if TYPE_CHECKING:  # provided by GameScreen

        @property
        def area(self) -> str: ...

        def parse_typed(self, text: str) -> P: ...
        def chosen_move(self) -> P | None: ...
        def request_move(self, to: P) -> None: ...
        def draw_turn(self) -> None: ...
        def say(self, text: str, error: bool = False) -> None: ...

    def _can_type(self) -> bool:
        return self.session.human_to_move and not self.session.over and not self.thinking

    def action_type(self, ch: str) -> None:
        if self._can_type() and ch in TYPED_CHARS and len(self.typed) < MAX_TYPED:
            self.typed += ch
            self.draw_turn()

    def action_backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.draw_turn()

    def on_paste(self, event: events.Paste) -> None:
        """Pasted text is read like typed text: a move if it is one, else a message."""
        text = " ".join(event.text.split())
        if not text or not self._can_type():
            return
        if len(text) > 40 or any(c not in TYPED_CHARS for c in text):
            shown = text if len(text) <= MAX_TYPED else text[:MAX_TYPED] + "…"
            how = tr(f"{self.area}.screen.choose")
            self.say(tr("ui_game.errors.pasted", text=shown, how=how), error=True)
            return
        self.typed = text
        self.action_play_selected()

    def action_play_selected(self) -> None:
        text, self.typed = self.typed.strip(), ""
        if text:
            try:
                to = self.parse_typed(text)
            except GameError as exc:
                self.draw_turn()
                self.say(error_text(exc), error=True)
                return
            self.request_move(to)
            return
        chosen = self.chosen_move()
        if chosen is not None:
            self.request_move(chosen)

    def on_move_list_chosen(self, event: MoveList.Chosen) -> None:
        self.typed = ""
        self.request_move(event.to)
