"""The projector view, for a class watching one screen: the game's own board at the largest
scale that fits (the queen and her squares, piles with their rules, rows of pins, or a
number in huge digits), whose move in that side's colour and by name in a wide band, the
last move, the moves so far, and (with hints) the hint.

It shows the :class:`~squaregame.play.teach_wording.ProjectorView` its game screen gives it
(:meth:`ProjectorScreen.show`), again after every move, so a demo goes on playing here. The
board is the game screen's *stage* (:mod:`.stage`): a widget it makes and the data it draws,
so this screen never knows which game it shows. Its keys are passed back to the game screen
(``teach_control``): typed moves, Enter, ``h`` (hints), a demo's pause, step and speed.
"""

from __future__ import annotations

from typing import Protocol

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from squaregame import paths
from squaregame.play.teach_wording import ProjectorView
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.stage import Stage
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.turn_banner import Banner, TurnBanner
from squaregame.ui.wrap import wrap_text

TALL = 40  # rows from which the turn's band is 5 high (else 3)


class Controls(Protocol):
    """What the projector's keys do and what it draws: the game screen's (``teach_control``,
    its stage)."""

    def teach_control(self, key: str, arg: str = "") -> None: ...
    def teach_enabled(self, key: str) -> bool: ...
    def make_stage(self) -> Stage: ...


class ProjectorScreen(Screen[None]):
    """The class plays from here as from the game screen (typed moves, Enter); ``h`` shows
    or hides the hint; a demo's keys (space, Enter, + and -) work here too. Escape or p goes
    back."""

    CSS_PATH = str(paths.asset("styles", "projector.tcss"))
    BINDINGS = [
        Binding(keys("escape,p"), "close", "ui_teach.projector.keys.close"),
        Binding("enter", "control('play')", "ui_game.keys.play", key_display="⏎"),
        Binding("1", "control('type', '1')", "ui_game.keys.type", key_display="0-9"),
        *(Binding(d, f"control('type', '{d}')", "ui_game.keys.type", show=False)
          for d in "023456789"),
        Binding("comma,б", "control('type', ',')", "ui_game.keys.type", show=False),
        Binding("backspace", "control('backspace')", "ui_game.keys.erase", show=False),
        Binding(keys("h"), "control('hints')", "ui_game.keys.hints"),
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
        self.stage = controls.make_stage()
        self._board: object = _NOTHING
        self.banner = TurnBanner(id="projector-turn")
        self.lines = {
            name: Static(id=f"projector-{name}", markup=False)
            for name in ("title", "last", "moves", "hint", "message")
        }

    def compose(self) -> ComposeResult:
        with Vertical(id="projector"):
            yield self.lines["title"]
            with Horizontal(id="projector-main"):
                with Vertical(id="projector-stage"):
                    yield self.stage.widget
                with Vertical(id="projector-side"):
                    yield Static(tr("ui_teach.projector.moves"), classes="pane-title")
                    with VerticalScroll(id="projector-list"):
                        yield self.lines["moves"]
            yield self.banner
            yield self.lines["last"]
            yield self.lines["hint"]
            yield self.lines["message"]
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(self._view)

    def on_resize(self) -> None:
        self.banner.styles.height = 5 if self.size.height >= TALL else 3
        self._show_moves()  # as wide as the screen now allows

    def show(self, view: ProjectorView) -> None:
        """Draw ``view`` (the game screen calls this after every change)."""
        self._view = view
        if view.board != self._board:  # the board redrawn only when it changed
            self._board = view.board
            self.stage.show(view.board)
        self.lines["title"].update(f"{view.title} — {view.sides}")
        self.banner.show(Banner(view.turn, view.marker, view.color))
        self.lines["last"].update(view.last)
        self._show_moves()
        self.lines["hint"].update(view.hint)
        self.lines["message"].update(view.message)
        self.refresh_bindings()

    def _show_moves(self) -> None:
        """Every move, one row each from the top, the list scrolled to the latest; the column
        as wide as its longest row, up to a share of the screen (hidden on a narrow one); a
        row longer than that goes on over the next lines, never cut."""
        rows = self._view.moves
        side = self.query_one("#projector-side")
        room = int(self.size.width * SIDE_SHARE)
        side.display = room >= SIDE_MIN
        longest = max((cell_len(row) for row in rows), default=0)
        title = cell_len(tr("ui_teach.projector.moves"))
        width = max(SIDE_MIN, min(room, max(longest, title) + SIDE_EDGE))
        side.styles.width = width
        lines = [line for row in rows for line in wrap_text(Text(row), width - SIDE_EDGE, 4)]
        self.lines["moves"].update(Text("\n").join(lines))  # a long row goes on, indented
        scroll = self.query_one("#projector-list", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "control" and parameters:
            return self.controls.teach_enabled(str(parameters[0]))
        return True

    def action_control(self, key: str, arg: str = "") -> None:
        self.controls.teach_control(key, arg)

    def action_close(self) -> None:
        self.dismiss(None)


SIDE_SHARE = 0.4  # of the screen's width, at most, for the move list
SIDE_MIN = 20  # columns: a narrower list is hidden (the board needs the room)
SIDE_EDGE = 3  # columns of the list's border and padding
_NOTHING = object()
