"""What a game screen is made of, and drawing each part only when its data changed.

Each game (Squares, Wythoff, Sums) gives the shared frame its :class:`Parts`: the widgets
that show the position, the one where a move is chosen, anything below, and its extra
side views. :class:`Slots` remembers the data each widget last drew, so a key that only
moves the selection redraws only the chooser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import ContentSwitcher

from squaregame.text import tr

T = TypeVar("T")
_NOTHING = object()


@dataclass(frozen=True)
class SideView:
    """An extra view of the side panel (``v`` cycles through them)."""

    id: str  # the id of ``widget``, shown by the side panel's ContentSwitcher
    title: str  # catalog key of its name ("the cold pairs")
    widget: Widget


class SideViews:
    """The side panel's views: the moves so far and the value chart, then the game's own
    (``v`` cycles through them)."""

    HISTORY = "side-history"

    def __init__(self, side: tuple[SideView, ...], switcher: Callable[[], ContentSwitcher]):
        self.views = [(self.HISTORY, "ui_game.side.history")] + [(v.id, v.title) for v in side]
        for v in side:  # each a titled pane (framed on a large terminal: game.tcss)
            v.widget.add_class("pane")
            name = tr(v.title)  # said in a sentence too ("Side panel: the cold pairs")
            v.widget.border_title = name[:1].upper() + name[1:]
        self._switcher = switcher  # the panel (asked for once the screen is composed)

    def cycle(self) -> str:
        """Show the next view; the catalog key of its name."""
        ids = [v for v, _ in self.views]
        switcher = self._switcher()
        current = switcher.current or ids[0]
        nxt = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        switcher.current = nxt
        return dict(self.views)[nxt]

    def show(self, view_id: str) -> None:
        self._switcher().current = view_id


@dataclass(frozen=True)
class Parts:
    """The widgets one game adds to the shared frame."""

    board: tuple[Widget, ...]  # above the turn line: the position
    chooser: Widget | None = None  # below the hint line: where a move is picked
    below: tuple[Widget, ...] = ()  # under the whole screen
    side: tuple[SideView, ...] = ()
    focus: Widget | None = None  # takes the keys (default: the chooser, else the board)

    @property
    def focused(self) -> Widget | None:
        if self.focus is not None:
            return self.focus
        return self.chooser if self.chooser is not None else (self.board or (None,))[0]

    def chooser_box(self) -> tuple[Widget, ...]:
        """The chooser in a box taking the rows left under the hint line (none without a
        chooser): the chooser, as tall as its moves, is never taller than that box, so it
        scrolls rather than run past the bottom of the screen (game.tcss)."""
        return () if self.chooser is None else (Vertical(self.chooser, id="chooser-box"),)


@dataclass
class Slots:
    """The data each widget was last drawn from; :meth:`put` draws only what changed."""

    last: dict[int, Any] = field(default_factory=dict)

    def put(self, widget: Widget, data: T, draw: Callable[[T], None]) -> bool:
        """Draw ``data`` on ``widget`` unless it is what the widget already shows."""
        key = id(widget)
        if self.last.get(key, _NOTHING) == data:
            return False
        self.last[key] = data
        draw(data)
        return True

    def forget(self) -> None:
        self.last.clear()
