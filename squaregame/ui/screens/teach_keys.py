"""A game screen's keys for a class: the projector view, and the demo's pause, step and speed.

A demo (``--players demo``) is the computer playing both sides, one move every
:attr:`delay` seconds (``--speed``): space pauses and goes on, Enter plays one move while
paused, ``+`` and ``-`` change the speed. Its keys are priority bindings enabled only in a
demo, so in any other game the same keys type a move or toggle the strip as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rich.markup import escape
from textual.binding import Binding

from squaregame.play.sides import faster, shared, slower
from squaregame.play.teach_wording import (
    ProjectorView,
    players_label,
    projector_view,
    turn_line,
)
from squaregame.play.wording import level_name
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.screens.projector import ProjectorScreen

if TYPE_CHECKING:
    from squaregame.core.ai import Opponent
    from squaregame.play.session import Session
    from squaregame.play.view import GameView

P = TypeVar("P")
DEMO_ACTIONS = ("demo_pause", "demo_step", "demo_faster", "demo_slower")


class TeachKeys(Generic[P]):
    """Mixed into :class:`~squaregame.ui.screens.game_base.GameScreen`."""

    TEACH_BINDINGS = (
        Binding(keys("p"), "projector", "ui_teach.projector.keys.open"),
        Binding("space", "demo_pause", "ui_teach.demo.keys.pause", priority=True),
        Binding("enter,full_stop", "demo_step", "ui_teach.demo.keys.step", key_display="⏎",
                priority=True),
        Binding("plus,equals_sign", "demo_faster", "ui_teach.demo.keys.speed",
                key_display="+-", priority=True),
        Binding("minus", "demo_slower", "ui_teach.demo.keys.slower", show=False,
                priority=True),
    )  # fmt: skip

    session: Session[P]
    opponent: Opponent[P]
    view: GameView[P] | None
    delay: float
    thinking: bool
    paused: bool
    hints: bool
    app: Any
    projector: ProjectorScreen | None = None
    typed: str
    said: str = ""  # the message line's text as shown (for the projector)

    if TYPE_CHECKING:  # provided by GameScreen and OpponentTurns

        @property
        def area(self) -> str: ...

        def draw(self) -> None: ...
        def say(self, text: str, error: bool = False) -> None: ...
        def start_opponent(self, delay: float | None = None) -> None: ...
        def cancel_opponent(self) -> None: ...
        def hint_text(self, view: GameView[P]) -> str: ...
        def level_label(self) -> str: ...
        def action_play_selected(self) -> None: ...
        def action_type(self, ch: str) -> None: ...
        def action_backspace(self) -> None: ...

    @property
    def demo(self) -> bool:
        return self.session.players == "demo"

    def teach_enabled(self, key: str) -> bool:
        """Is a projector key enabled now (``play``, ``type``, ``pause``, ``step`` …)?"""
        s = self.session
        if key in ("play", "type", "backspace"):
            return not self.demo and s.human_to_move and not s.over and not self.thinking
        return self.demo and not s.over  # pause, step, faster, slower

    def teach_control(self, key: str, arg: str = "") -> None:
        """A key pressed on the projector, done here."""
        if not self.teach_enabled(key):
            return
        actions = {
            "play": self.action_play_selected,
            "type": lambda: self.action_type(arg),
            "backspace": self.action_backspace,
            "pause": self.action_demo_pause,
            "step": self.action_demo_step,
            "faster": self.action_demo_faster,
            "slower": self.action_demo_slower,
        }
        actions[key]()

    def check_teach_action(self, action: str) -> bool | None:
        """Whether a teaching key is enabled now (None: not a teaching key's action)."""
        if action in DEMO_ACTIONS:
            return self.demo and not self.session.over
        if action == "projector":  # a class's key: in the Footer of a shared game only
            return shared(self.session)
        if action in ("type", "backspace", "play_selected", "undo", "redo"):
            return False if self.demo else None  # the computer plays both sides
        return None

    # -- the turn line of a shared game -----------------------------------------------------
    def shared_turn_text(self) -> str:
        """Whose move, by name; on a side's own turn, how to move and what is typed."""
        s = self.session
        line = _bold(turn_line(s, thinking=self.thinking, paused=self.paused))
        if s.over or not s.human_to_move:
            return line
        how = escape(tr(f"{self.area}.screen.choose"))
        typed = escape(tr("ui_game.turn.typed"))
        return f"{line} — {how}" + (f"   {typed} [reverse]{self.typed}[/]" if self.typed else "")

    # -- the projector ---------------------------------------------------------------------
    def projector_view(self) -> ProjectorView:
        s = self.session
        if not self.hints:
            hint = tr("ui_teach.projector.hints_off")
        else:
            hint = self.hint_text(self.view) if self.view is not None else ""
        level = level_name(self.opponent.level.key)
        sides = players_label(s, level) if s.players != "solo" else self.level_label()
        return projector_view(
            s,
            sides=sides,
            hint=_plain(hint),
            thinking=self.thinking,
            paused=self.paused,
            typed=self.typed,
            message=_plain(self.said),
        )

    def action_projector(self) -> None:
        self.projector = ProjectorScreen(self.projector_view(), self)
        self.app.push_screen(self.projector, self._projector_closed)

    def _projector_closed(self, _: None) -> None:
        self.projector = None

    def close_projector(self) -> None:
        if self.projector is not None and self.app.screen is self.projector:
            self.app.pop_screen()
        self.projector = None

    def update_projector(self) -> None:
        if self.projector is not None and self.projector.is_mounted:
            self.projector.show(self.projector_view())

    # -- the demo -----------------------------------------------------------------------------
    def action_demo_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.cancel_opponent()  # the move on its way is not made
            self.say(tr("ui_teach.demo.paused"))
            self.draw()
        else:
            self.say(tr("ui_teach.demo.resumed"))
            self.start_opponent()

    def action_demo_step(self) -> None:
        if not self.paused:
            self.say(tr("ui_teach.demo.no_step"), error=True)
        elif not self.thinking:
            self.start_opponent(delay=0.0)  # one move, then paused again

    def action_demo_faster(self) -> None:
        self._set_speed(faster(self.delay))

    def action_demo_slower(self) -> None:
        self._set_speed(slower(self.delay))

    def _set_speed(self, speed: float) -> None:
        self.delay = speed
        self.say(tr("ui_teach.demo.speed", seconds=f"{speed:g}"))


def _plain(markup: str) -> str:
    """A line's text without its markup (the projector shows it as it is)."""
    from rich.text import Text

    return Text.from_markup(markup).plain


def _bold(text: str) -> str:
    return f"[b]{escape(text)}[/b]"
