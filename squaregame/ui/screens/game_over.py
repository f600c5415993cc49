"""End of game: the result, the blunders, and what next."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from squaregame import paths
from squaregame.play.session import Session
from squaregame.play.wording import game_over_lines, game_over_title
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.room import GAME_BREAKPOINTS
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.footer import Footer

CHOICES = ("again", "new", "review", "menu")
BUTTON_KEYS = {"again": "a", "new": "n", "review": "r", "menu": "m", "lesson": "esc"}


def button_label(name: str) -> str:
    """A button in the key bar's own words, with its key: "Review (r)" beside "esc Review"."""
    words = tr(f"ui_dialog.over.keys.{name}")
    return tr("ui_dialog.over.keys.button", label=words, key=BUTTON_KEYS[name])


class GameOverScreen(Dialog[str]):
    """Dismisses with ``again``, ``new``, ``review`` or ``menu``. After a lesson's try-it
    game, ``menu`` is "back to the lesson" and Esc chooses it (one key back)."""

    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS = GAME_BREAKPOINTS  # -small: its buttons closer
    BINDINGS = [
        Binding(keys("a"), "choose('again')", "ui_dialog.over.keys.again"),
        Binding(keys("n"), "choose('new')", "ui_dialog.over.keys.new"),
        Binding(keys("escape,r"), "choose('review')", "ui_dialog.over.keys.review"),
        Binding(keys("m"), "choose('menu')", "ui_dialog.over.keys.menu"),
    ]

    def __init__(self, session: Session[Any], *, lesson: bool = False) -> None:
        super().__init__()
        self.lesson = lesson
        if lesson:
            self._bindings = BindingsMap([
                Binding(keys("a"), "choose('again')", "ui_dialog.over.keys.again"),
                Binding(keys("r"), "choose('review')", "ui_dialog.over.keys.review"),
                Binding(keys("escape,m"), "choose('menu')", "ui_dialog.over.keys.lesson"),
            ])  # fmt: skip
        localize_bindings(self)
        self._title = game_over_title(session)
        self._lines = game_over_lines(session)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="game-over"):
            yield Static(self._title, id="over-title", markup=False)
            yield Static("\n".join(self._lines), id="over-text", markup=False)
            with Horizontal(classes="buttons"):
                for choice in ("again", "review", "menu") if self.lesson else CHOICES:
                    name = "lesson" if self.lesson and choice == "menu" else choice
                    label = button_label(name)
                    if choice == "again":
                        yield Button(label, id=choice, variant="primary", compact=True)
                    else:
                        yield Button(label, id=choice, compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "review")
