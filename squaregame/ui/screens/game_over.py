"""End of game: the result, the blunders, and what next.

Nothing here starts a game unasked: no button has the focus when the dialog opens (an Enter
typed just after the last move does nothing), and "Again" takes its own key or a click. Esc
closes the dialog and the finished game stays on its screen, where Enter shows it again."""

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
BUTTON_KEYS = {"again": "a", "new": "n", "review": "r", "menu": "m", "lesson": "m"}


def button_label(name: str) -> str:
    """A button in the key bar's own words, with its key: "Review (r)" beside "r Review"."""
    words = tr(f"ui_dialog.over.keys.{name}")
    return tr("ui_dialog.over.keys.button", label=words, key=BUTTON_KEYS[name])


class GameOverScreen(Dialog[str]):
    """Dismisses with ``again``, ``new``, ``review``, ``menu`` or (Esc) ``close``. After a
    lesson's try-it game, ``menu`` is "back to the lesson"."""

    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS = GAME_BREAKPOINTS  # -small: its buttons closer
    AUTO_FOCUS = ""  # no button chosen: Enter restarts nothing (Tab reaches the buttons)
    BINDINGS = [
        Binding(keys("a"), "choose('again')", "ui_dialog.over.keys.again"),
        Binding(keys("n"), "choose('new')", "ui_dialog.over.keys.new"),
        Binding(keys("r"), "choose('review')", "ui_dialog.over.keys.review"),
        Binding(keys("m"), "choose('menu')", "ui_dialog.over.keys.menu"),
        Binding("escape", "choose('close')", "ui_dialog.end.keys.close"),
    ]

    def __init__(self, session: Session[Any], *, lesson: bool = False) -> None:
        super().__init__()
        self.lesson = lesson
        if lesson:
            self._bindings = BindingsMap([
                Binding(keys("a"), "choose('again')", "ui_dialog.over.keys.again"),
                Binding(keys("r"), "choose('review')", "ui_dialog.over.keys.review"),
                Binding(keys("m"), "choose('menu')", "ui_dialog.over.keys.lesson"),
                Binding("escape", "choose('close')", "ui_dialog.end.keys.close"),
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
                    yield Button(button_label(name), id=choice, compact=True)  # none the default
        yield Footer(compact=True)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "review")
