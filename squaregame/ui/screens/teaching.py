"""A game screen's keys for a class: the projector view, and the demo's pause, step and speed.

A demo (``--players demo``) is the computer playing both sides, one move every
``Turns.delay`` seconds (``--speed``): space pauses and goes on, Enter plays one move while
paused, ``+`` and ``-`` change the speed. Its keys are priority bindings enabled only in a
demo, so in any other game the same keys type a move or toggle the strip as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rich.text import Text
from textual.binding import Binding

from squaregame.play.sides import faster, shared, slower
from squaregame.play.teach_wording import (
    ProjectorView,
    players_label,
    projector_view,
)
from squaregame.play.wording import level_name
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.screens.game_lines import level_label
from squaregame.ui.screens.projector import ProjectorScreen
from squaregame.ui.screens.stage import Stage

if TYPE_CHECKING:
    from squaregame.ui.screens.game_host import GameHost
    from squaregame.ui.screens.turns import Turns
    from squaregame.ui.screens.typing_moves import Typing

P = TypeVar("P")
DEMO_ACTIONS = ("demo_pause", "demo_step", "demo_faster", "demo_slower")

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


class TeachingKeys:
    """The actions of :data:`TEACH_BINDINGS`, mixed into a game screen: its :attr:`teaching`'s."""

    teaching: Teaching[Any]

    def action_projector(self) -> None:
        self.teaching.open_projector()

    def action_demo_pause(self) -> None:
        self.teaching.pause()

    def action_demo_step(self) -> None:
        self.teaching.step()

    def action_demo_faster(self) -> None:
        self.teaching.faster()

    def action_demo_slower(self) -> None:
        self.teaching.slower()


class Teaching(Generic[P]):
    """The projector and the demo's keys, for one game screen (the projector's controls)."""

    def __init__(self, host: GameHost[P], turns: Turns[P], typing: Typing[P]) -> None:
        self.host = host
        self.turns = turns
        self.typing = typing
        self.projector: ProjectorScreen | None = None

    @property
    def demo(self) -> bool:
        return self.host.session.players == "demo"

    def teach_enabled(self, key: str) -> bool:
        """Is a projector key enabled now (``play``, ``type``, ``pause``, ``step`` …)?"""
        if key == "hints":  # the hint, for everyone: from the projector too
            return True
        if key == "play":  # up there no move is chosen but the one the class types
            return not self.demo and self.turns.can_move and bool(self.typing.text)
        if key in ("type", "backspace"):
            return not self.demo and self.turns.can_move
        return self.demo and not self.host.session.over  # pause, step, faster, slower

    def teach_control(self, key: str, arg: str = "") -> None:
        """A key pressed on the projector, done here."""
        if not self.teach_enabled(key):
            return
        actions = {
            "play": self.typing.play,
            "type": lambda: self.typing.type(arg),
            "backspace": self.typing.backspace,
            "pause": self.pause,
            "step": self.step,
            "faster": self.faster,
            "slower": self.slower,
            "hints": self.host.action_toggle_hints,
        }
        actions[key]()

    def enabled(self, action: str) -> bool | None:
        """Whether a teaching key is enabled now (None: not a teaching key's action)."""
        if action in DEMO_ACTIONS:
            return self.demo and not self.host.session.over
        if action == "projector":  # a class's key: in the Footer of a shared game only
            return shared(self.host.session)
        if action in ("type", "backspace", "play_selected", "undo", "redo"):
            return False if self.demo else None  # the computer plays both sides
        return None

    # -- the projector ---------------------------------------------------------------------
    def projector_view(self) -> ProjectorView:
        host, s = self.host, self.host.session
        if not host.hints:
            hint = tr("ui_teach.projector.hints_off")
        else:
            hint = host.hint_text(host.view) if host.view is not None else ""
        key = self.turns.opponent.level.key
        sides = players_label(s, level_name(key)) if s.players != "solo" else level_label(s, key)
        return projector_view(
            s,
            sides=sides,
            board=host.stage_data(),
            hint=_plain(hint),
            thinking=self.turns.thinking,
            paused=self.turns.paused,
            typed=self.typing.text,
            message=_plain(host.said),
        )

    def make_stage(self) -> Stage:
        """The game's board for the projector (its game screen's)."""
        return self.host.make_stage()

    def open_projector(self) -> None:
        self.projector = ProjectorScreen(self.projector_view(), self)
        self.host.app.push_screen(self.projector, self._projector_closed)

    def _projector_closed(self, _: None) -> None:
        self.projector = None

    def close_projector(self) -> None:
        app = self.host.app
        if self.projector is not None and app.screen is self.projector:
            app.pop_screen()
        self.projector = None

    def update_projector(self) -> None:
        if self.projector is not None and self.projector.is_mounted:
            self.projector.show(self.projector_view())

    # -- the demo -----------------------------------------------------------------------------
    def pause(self) -> None:
        turns = self.turns
        turns.paused = not turns.paused
        if turns.paused:
            turns.cancel_opponent()  # the move on its way is not made
            self.host.say(tr("ui_teach.demo.paused"))
            self.host.draw()
        else:
            self.host.say(tr("ui_teach.demo.resumed"))
            turns.start_opponent()

    def step(self) -> None:
        if not self.turns.paused:
            self.host.say(tr("ui_teach.demo.no_step"), error=True)
        elif not self.turns.thinking:
            self.turns.start_opponent(delay=0.0)  # one move, then paused again

    def faster(self) -> None:
        self._set_speed(faster(self.turns.delay))

    def slower(self) -> None:
        self._set_speed(slower(self.turns.delay))

    def _set_speed(self, speed: float) -> None:
        self.turns.delay = speed
        self.host.say(tr("ui_teach.demo.speed", seconds=f"{speed:g}"))


def _plain(markup: str) -> str:
    """A line's text without its markup (the projector shows it as it is)."""
    return Text.from_markup(markup).plain
