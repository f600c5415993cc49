"""The projector view: the whole screen for the position in huge digits, whose move by name,
the last move and (with hints) the hint, for a class watching one screen.

It shows the :class:`~squaregame.play.teach_wording.ProjectorView` its game screen gives it
(:meth:`ProjectorScreen.show`), again after every move, so a demo goes on playing here; the
demo's keys (pause, step, speed) are passed back to the game screen.
"""

from __future__ import annotations

from typing import Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from squaregame import paths
from squaregame.play.teach_wording import ProjectorView
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.widgets.big_number import BigNumber

PROJECTOR_SCALE = 12  # the position may take the screen: up to 12 times the font's dots


class Controls(Protocol):
    """What the projector's keys do: the game screen's (``teach_control``)."""

    def teach_control(self, key: str, arg: str = "") -> None: ...
    def teach_enabled(self, key: str) -> bool: ...


class ProjectorScreen(Screen[None]):
    """The class plays from here as from the game screen (typed moves, Enter); a demo's
    keys (space, Enter, + and -) work here too. Escape or p goes back."""

    CSS_PATH = str(paths.asset("styles", "projector.tcss"))
    BINDINGS = [
        Binding(keys("escape,p"), "close", "ui_teach.projector.keys.close"),
        Binding("enter", "control('play')", "ui_game.keys.play", key_display="⏎"),
        Binding("1", "control('type', '1')", "ui_game.keys.type", key_display="0-9"),
        *(Binding(d, f"control('type', '{d}')", "ui_game.keys.type", show=False)
          for d in "023456789"),
        Binding("comma,б", "control('type', ',')", "ui_game.keys.type", show=False),
        Binding("backspace", "control('backspace')", "ui_game.keys.erase", show=False),
        Binding("space", "control('pause')", "ui_teach.demo.keys.pause"),
        Binding("space", "control('type', ' ')", "ui_game.keys.type", show=False),
        Binding("enter,full_stop", "control('step')", "ui_teach.demo.keys.step",
                key_display="⏎"),
        Binding("plus,equals_sign", "control('faster')", "ui_teach.demo.keys.speed",
                key_display="+-"),
        Binding("minus", "control('slower')", "ui_teach.demo.keys.slower", show=False),
    ]  # fmt: skip

    def __init__(self, view: ProjectorView, controls: Controls) -> None:
        super().__init__()
        localize_bindings(self)
        self._view = view
        self.controls = controls
        self.big = BigNumber(id="projector-position", share=0.75, max_scale=PROJECTOR_SCALE)
        self.lines = {
            name: Static(id=f"projector-{name}", markup=False)
            for name in ("title", "turn", "last", "hint", "message")
        }

    def compose(self) -> ComposeResult:
        with Vertical(id="projector"):
            yield self.lines["title"]
            with Vertical(id="projector-stage"):
                yield self.big
            yield self.lines["turn"]
            yield self.lines["last"]
            yield self.lines["hint"]
            yield self.lines["message"]
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(self._view)

    def show(self, view: ProjectorView) -> None:
        """Draw ``view`` (the game screen calls this after every change)."""
        self._view = view
        self.big.update(view.position)
        self.lines["title"].update(f"{view.title} — {view.sides}")
        self.lines["turn"].update(view.turn)
        self.lines["last"].update(view.last)
        self.lines["hint"].update(view.hint)
        self.lines["message"].update(view.message)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "control" and parameters:
            return self.controls.teach_enabled(str(parameters[0]))
        return True

    def action_control(self, key: str, arg: str = "") -> None:
        self.controls.teach_control(key, arg)

    def action_close(self) -> None:
        self.dismiss(None)
