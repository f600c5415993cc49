"""Moves by keyboard: typed amounts or coordinates, pasted text, Enter, a chosen list row.

Typing keys are priority bindings like Enter: a priority binding runs as soon as the app
reads the key, while others wait in the focused widget's queue, so a quick "3 6 Enter"
would otherwise play before the digits arrive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from textual.binding import Binding

from squaregame.core.errors import GameError
from squaregame.text import error_text, tr

if TYPE_CHECKING:
    from squaregame.ui.screens.game_host import GameHost
    from squaregame.ui.screens.turns import Turns

P = TypeVar("P")
TYPED_CHARS = "0123456789 ,"
MAX_TYPED = 40  # two coordinates of a queen far out (10^18: 19 digits each)

TYPING_BINDINGS = (
    Binding("backspace", "backspace", "ui_game.keys.erase", show=False, priority=True),
    # not in the Footer (no room at 80 columns): every game's turn line says "or type …"
    Binding("1", "type('1')", "ui_game.keys.type", key_display="0-9", show=False, priority=True),
    *(
        Binding(d, f"type('{d}')", "ui_game.keys.type", show=False, priority=True)
        for d in "023456789"
    ),
    Binding("space", "type(' ')", "ui_game.keys.type", show=False, priority=True),
    # the comma key sends "б" under the Russian layout
    Binding("comma,б", "type(',')", "ui_game.keys.type", show=False, priority=True),
)


class Typing(Generic[P]):
    """What the person has typed so far (:attr:`text`), and playing it."""

    def __init__(self, host: GameHost[P], turns: Turns[P]) -> None:
        self.host = host
        self.turns = turns
        self.text = ""

    def type(self, ch: str) -> None:
        if self.turns.can_move and ch in TYPED_CHARS and len(self.text) < MAX_TYPED:
            self.text += ch
            self.host.draw_turn()

    def backspace(self) -> None:
        self.text = self.text[:-1]
        self.host.draw_turn()

    def clear(self) -> None:
        self.text = ""

    def paste(self, pasted: str) -> None:
        """Pasted text is read like typed text: a move if it is one, else a message."""
        text = " ".join(pasted.split())
        if not text or not self.turns.can_move:
            return
        if len(text) > 40 or any(c not in TYPED_CHARS for c in text):
            shown = text if len(text) <= MAX_TYPED else text[:MAX_TYPED] + "…"
            how = tr(f"{self.host.screen_words}.screen.choose")
            self.host.say(tr("ui_game.errors.pasted", text=shown, how=how), error=True)
            return
        self.text = text
        self.play()

    def play(self) -> None:
        """Enter: what is typed, if anything; else the move chosen on the screen."""
        host = self.host
        text, self.text = self.text.strip(), ""
        if text:
            try:
                to = host.parse_typed(text)
            except GameError as exc:
                host.draw_turn()
                host.say(error_text(exc), error=True)
                return
            self.turns.request_move(to)
            return
        chosen = host.chosen_move()
        if chosen is not None:
            self.turns.request_move(chosen)

    def choose(self, to: P) -> None:
        """A move chosen from a list: played, whatever was typed."""
        self.text = ""
        self.turns.request_move(to)
