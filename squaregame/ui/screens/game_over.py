"""End of game: the result, the blunders, and what next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from squaregame import paths


class GameOverScreen(ModalScreen[str]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    """Dismisses with ``again``, ``new``, ``review`` or ``menu``."""

    BINDINGS = [
        Binding("a", "choose('again')", "Play again"),
        Binding("n", "choose('new')", "New game"),
        Binding("escape,r", "choose('review')", "Review the moves"),
        Binding("m", "choose('menu')", "Menu"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self._title = title
        self._lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="game-over"):
            yield Static(self._title, id="over-title")
            yield Static("\n".join(self._lines), id="over-text", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Again (a)", id="again", variant="primary", compact=True)
                yield Button("New (n)", id="new", compact=True)
                yield Button("Review (r)", id="review", compact=True)
                yield Button("Menu (m)", id="menu", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "review")
