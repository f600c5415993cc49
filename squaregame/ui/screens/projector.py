"""The projector view: the whole screen for the position in huge digits, whose move by name,
the last move and (with hints) the hint, for a class watching one screen.

It shows the :class:`~squaregame.play.teach_wording.ProjectorView` its game screen gives it
(:meth:`ProjectorScreen.show`), again after every move, so a demo goes on playing here; the
demo's keys (pause, step, speed) are passed back to the game screen.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from squaregame import paths
from squaregame.play.teach_wording import ProjectorView
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.widgets.big_text import BigText

DEMO_ACTIONS = ("demo_pause", "demo_step", "demo_faster", "demo_slower")


class ProjectorScreen(Screen[None]):
    CSS_PATH = str(paths.asset("styles", "projector.tcss"))
    BINDINGS = [
        Binding(keys("escape,p"), "close", "ui_teach.projector.keys.close"),
        Binding("space", "control('demo_pause')", "ui_teach.demo.keys.pause"),
        Binding("enter,full_stop", "control('demo_step')", "ui_teach.demo.keys.step",
                key_display="⏎"),
        Binding("plus,equals_sign", "control('demo_faster')", "ui_teach.demo.keys.speed",
                key_display="+-"),
        Binding("minus", "control('demo_slower')", "ui_teach.demo.keys.slower", show=False),
    ]  # fmt: skip

    def __init__(self, view: ProjectorView, control: Callable[[str], None], demo: bool) -> None:
        super().__init__()
        localize_bindings(self)
        self._view = view
        self._control = control
        self.demo = demo
        self.big = BigText(id="projector-position")
        self.lines = {
            name: Static(id=f"projector-{name}", markup=False)
            for name in ("title", "turn", "last", "hint")
        }

    def compose(self) -> ComposeResult:
        with Vertical(id="projector"):
            yield self.lines["title"]
            yield self.big
            yield self.lines["turn"]
            yield self.lines["last"]
            yield self.lines["hint"]
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(self._view)

    def show(self, view: ProjectorView) -> None:
        """Draw ``view`` (the game screen calls this after every change)."""
        self._view = view
        self.big.text = view.position
        self.big.refresh()
        self.lines["title"].update(f"{view.title} — {view.sides}")
        self.lines["turn"].update(view.turn)
        self.lines["last"].update(view.last)
        self.lines["hint"].update(view.hint or tr("ui_teach.projector.hints_off"))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "control":
            return self.demo
        return True

    def action_control(self, action: str) -> None:
        if action in DEMO_ACTIONS:
            self._control(action)

    def action_close(self) -> None:
        self.dismiss(None)
