"""The new-game dialog for Squares: start number (typed or random), who starts, normal or
misère, opponent strength, hints."""

from __future__ import annotations

import random
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Select, Static

from squaregame.core.ai import LEVELS
from squaregame.core.games import PileGame
from squaregame.core.rules import SQUARES
from squaregame.core.types import GameError
from squaregame.play.settings import Settings
from squaregame.ui.widgets.form import form_row

FIRST = [("You", True), ("Computer", False)]
VARIANTS = [("Normal — the last move wins", False), ("Misère — the last move loses", True)]
ON_OFF = [("on", True), ("off", False)]
RANDOM_RANGES = [("1 – 30", 30), ("1 – 100", 100), ("1 – 1,000", 1000), ("1 – 1,000,000", 10**6)]


@dataclass(frozen=True)
class SquaresSetup:
    start: int
    human_first: bool
    misere: bool
    level: str
    hints: bool


def parse_start(text: str, misere: bool) -> int:
    """The start number from the dialog's field; a GameError names what is wrong."""
    t = text.strip().replace(",", "").replace("_", "")
    if not t:
        raise GameError("Type a start number, or press Random.")
    if not (t.isascii() and t.isdigit()):
        shown = text.strip().splitlines()[0][:20] if text.strip() else text
        raise GameError(f"'{shown}' is not a whole number.")
    if len(t) > 12:
        raise GameError("That number is too large for the table.")
    n = int(t)
    return PileGame(SQUARES, misere).parse_position([n])


class NewSquaresDialog(ModalScreen[SquaresSetup | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+r", "random", "Random start"),
        Binding("ctrl+s", "start", "Start", priority=True),
    ]

    def __init__(self, settings: Settings, start: int | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.initial = start

    def compose(self) -> ComposeResult:
        s = self.settings
        with Vertical(id="dialog"):
            yield Static("[b]New game of Squares[/b]", id="dialog-title")
            yield form_row(
                "Start number",
                Input(
                    value="" if self.initial is None else str(self.initial),
                    placeholder="e.g. 75",
                    id="start",
                    max_length=12,
                    compact=True,
                ),
            )
            yield form_row(
                "Random in",
                Select(RANDOM_RANGES, value=100, allow_blank=False, id="range", compact=True),
                Button("Random", id="random", compact=True),
            )
            yield form_row(
                "First move",
                Select(FIRST, value=s.human_first, allow_blank=False, id="first", compact=True),
            )
            yield form_row(
                "Play",
                Select(VARIANTS, value=s.misere, allow_blank=False, id="variant", compact=True),
            )
            yield form_row(
                "Opponent",
                Select(
                    [(f"{lv.name} — {lv.blurb}", lv.key) for lv in LEVELS.values()],
                    value=s.level,
                    allow_blank=False,
                    id="level",
                    compact=True,
                ),
            )
            yield form_row(
                "Hints",
                Select(ON_OFF, value=s.hints, allow_blank=False, id="hints", compact=True),
            )
            yield Static("", id="dialog-error")
            with Horizontal(classes="buttons"):
                yield Button("Start", variant="primary", id="go", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_random(self) -> None:
        hi = self.query_one("#range", Select).value
        top = hi if isinstance(hi, int) else 100
        self.query_one("#start", Input).value = str(random.randint(1, top))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "random":
            self.action_random()
        elif event.button.id == "go":
            self.action_start()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        misere = self.query_one("#variant", Select).value is True
        try:
            start = parse_start(self.query_one("#start", Input).value, misere)
        except GameError as exc:
            self.query_one("#dialog-error", Static).update(f"✗ {exc}")
            self.query_one("#start", Input).focus()
            return
        level = self.query_one("#level", Select).value
        self.dismiss(
            SquaresSetup(
                start=start,
                human_first=self.query_one("#first", Select).value is not False,
                misere=misere,
                level=level if isinstance(level, str) else "perfect",
                hints=self.query_one("#hints", Select).value is True,
            )
        )
